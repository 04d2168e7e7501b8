package lower

import (
	"go/format"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/upcgo/upcgo/parser/diag"
)

// TestLoopOptGolden compiles testdata/loopopt/X.upc, one translation unit
// each, and compares its functions' Go, without //line directives, with
// X.golden.go (regenerate with go test ./lower -run LoopOptGolden
// -update). The not_* files are the shapes the loop pass must leave
// alone; that what it does is right is checked by running programs
// against gcc (testsuite/c/loop_subscripts.upc).
func TestLoopOptGolden(t *testing.T) {
	eachGolden(t, "testdata/loopopt/*.upc", func(t *testing.T, name string, src []byte) []byte {
		var errs diag.List
		u := Compile(frontEnd(name, src, &errs), &Config{File: name}, &errs)
		require.False(t, errs.HasErrors(), errs.Error())
		out, err := format.Source([]byte("package p\n\n" + directive.ReplaceAllString(u.Funcs, "")))
		require.NoError(t, err)
		return out
	})
}

// directive matches a //line line.
var directive = regexp.MustCompile(`(?m)^//line .*\n`)
