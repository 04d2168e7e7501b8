package lower

import (
	goast "go/ast"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/gocheck"
	"github.com/upcgo/upcgo/parser/diag"
)

// TestForClauses translates for loops whose first or third clause is, in
// Go, one simple statement (it goes into the for header) or more (the
// first clause then goes into a block around the loop, the third into a
// func literal called in the header), as the emitter recorded it
// (goStmts.needsBlock), and reads the Go's for statements with go/ast after
// go/types has checked them: two statements in a header do not parse, and
// one simple statement kept out of the header shows as a block or a
// wrapper where the case wants none.
func TestForClauses(t *testing.T) {
	cases := []struct {
		loop string
		// initInHeader, postInHeader: the clause stands in the Go for
		// header as it is (a third clause in no func literal).
		initInHeader, postInHeader bool
	}{
		// A store to shared memory is one call.
		{"for (i = 0; s[MYTHREAD] < 4; s[MYTHREAD] = s[MYTHREAD] + 1) n++;", true, true},
		// A comma expression as a statement is one statement each.
		{"for (i = 0, j = 1; i < 4; i++, j--) n++;", false, false},
		// A compound literal is initialised by statements of its own
		// before the one that reads it.
		{"for (i = 0; i < 4; n += g((struct pt){i, 1})) i++;", true, false},
		{"for (n = g((struct pt){1, 1}); i < 4; i++) n++;", false, true},
		// A declaration assigns the variable hoisted to the function's
		// top, one assignment a declarator.
		{"for (int m = 0; m < 2; m++) n++;", true, true},
		{"for (int u = 0, v = 1; u < v; u++) n++;", false, true},
		// A comma expression as a value is one assignment, of a func
		// literal's result, however many lines it spans.
		{"for (i = (f(), 0); i < 2; i++) n++;", true, true},
		{"for (i = 0; i < 2; n = (f(), n + 1)) i++;", true, true},
		// ?: as a statement is an if statement.
		{"for (i = 0; i < 4; i < 2 ? i++ : (i += 2)) n++;", true, false},
		// A variable in C memory (its address is taken), a struct copy,
		// a call whose value is cast away.
		{"for (q = 0; q < 2; q++) n++;", true, true},
		{"for (a = b; a.x < 3; a.x++) n++;", true, true},
		{"for (i = 0; i < 2; (void)f()) i++;", true, true},
		// A first clause on a line of its own has a line directive of its
		// own, which no header holds.
		{"for (\n        i = 0; i < 2; i++) n++;", false, true},
	}
	src := `#include <upc.h>
struct pt { int x, y; };
shared int s[THREADS];
int f(void) { return 1; }
int g(struct pt p) { return p.x + p.y; }
int main(void) {
    int i, j = 0, n = 0, q;
    int *pq = &q;
    struct pt a = {0, 0}, b = {1, 2};
`
	for _, c := range cases {
		src += "    " + c.loop + "\n"
	}
	src += "    return n + *pq;\n}\n"
	var errs diag.List
	out := Translate(frontEnd("t.upc", []byte(src), &errs), &Config{File: "t.upc"}, &errs)
	require.False(t, errs.HasErrors(), errs.Error())
	checker, err := gocheck.New(".")
	require.NoError(t, err)
	prog, err := checker.Check("t.upc.go", out)
	require.NoError(t, err, "%s", out)
	var loops []*goast.ForStmt
	for _, d := range prog.File.Decls {
		if fd, ok := d.(*goast.FuncDecl); ok && fd.Name.Name == "main_" {
			goast.Inspect(fd.Body, func(n goast.Node) bool {
				if f, ok := n.(*goast.ForStmt); ok {
					loops = append(loops, f)
				}
				return true
			})
		}
	}
	require.Len(t, loops, len(cases), "%s", out)
	for i, c := range cases {
		f := loops[i]
		name := strings.ReplaceAll(c.loop, "\n", " ")
		assert.Equal(t, c.initInHeader, f.Init != nil, "%s: the first clause in the header\n%s", name, out)
		assert.Equal(t, c.postInHeader, f.Post != nil && !isFuncLitCall(f.Post), "%s: the third clause in the header as it is\n%s", name, out)
	}
}

// isFuncLitCall says s is a call of a func literal: the wrapper of
// statements that stand where one simple statement must.
func isFuncLitCall(s goast.Stmt) bool {
	e, ok := s.(*goast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := e.X.(*goast.CallExpr)
	if !ok {
		return false
	}
	_, ok = call.Fun.(*goast.FuncLit)
	return ok
}
