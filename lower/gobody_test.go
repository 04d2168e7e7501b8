package lower

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/gocheck"
	"github.com/upcgo/upcgo/parser/diag"
)

// TestOptionalDeclarations translates loops whose optional declarations
// (goBody.declareIfRead) go unused, beside ones whose are read, and
// type-checks the Go with go/types, the oracle for Go's "declared and not
// used": a declaration kept unused, or dropped while read, fails it. The
// first loop's subscript stands in sizeof, so the base of C addresses the
// loop pass declared is not read; the second loop's is. The first
// upc_forall's local element stands in sizeof, so its array's local base
// is not read, nor the one of c in the second, whose b is.
func TestOptionalDeclarations(t *testing.T) {
	const src = `#include <upc.h>
shared [4] double b[4*THREADS];
shared [4] double c[4*THREADS];
int main(void) {
    double a[100];
    long n = 0;
    int i;
    for (i = 0; i < 100; i++)
        n += sizeof(a[i]);
    for (i = 0; i < 100; i++)
        a[i] = i;
    upc_forall (i = 0; i < 4*THREADS; i++; &b[i]) {
        n += sizeof(b[i]);
        if (i > 2) break;
    }
    upc_forall (i = 0; i < 4*THREADS; i++; &b[i]) {
        b[i] = n + sizeof c[i];
        if (i > 2) break;
    }
    return n != 800 + a[3];
}
`
	var errs diag.List
	out := Translate(frontEnd("t.upc", []byte(src), &errs), &Config{File: "t.upc"}, &errs)
	require.False(t, errs.HasErrors(), errs.Error())
	checker, err := gocheck.New(".")
	require.NoError(t, err)
	_, err = checker.Check("t.upc.go", out)
	require.NoError(t, err, "%s", out)
	// Each kind of declaration was both dropped and kept.
	assert.Equal(t, 1, strings.Count(string(out), " := cmem.Base()"), "%s", out)
	assert.Equal(t, 1, strings.Count(string(out), " := t.LocalAddr() + "), "%s", out)
}

// An optional declaration that only another, dropped one reads is dropped
// too (a row reads its variable's value, a value the loop's base); one a
// kept declaration reads stays.
func TestOptionalDeclarationChains(t *testing.T) {
	for _, tc := range []struct {
		use  string
		want []string
	}{
		{"x := 0\n_ = x", nil},
		{"println(row)", []string{"val :=", "row :="}},
		{"println(val)", []string{"val :="}},
	} {
		var b goBody
		b.declareIfRead("val", "val := t.field")
		b.declareIfRead("row", "row := unsafe.Add(base, val)")
		b.write(tc.use, false)
		facts, body := b.settle("")
		for _, name := range []string{"val", "row"} {
			declared := strings.Contains(body, name+" :=")
			assert.Equal(t, slices.Contains(tc.want, name+" :="), declared, "%q: %s declared, in\n%s", tc.use, name, body)
			if declared {
				assert.True(t, facts.read[name], "%q: %s kept but unread, in\n%s", tc.use, name, body)
			}
		}
	}
}
