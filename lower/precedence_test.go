package lower

import (
	"fmt"
	goast "go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/diag"
)

// parsedPrec is the precedence go/parser finds for the top-level operator
// of Go expression e, numbered as goExpr.prec is.
func parsedPrec(e goast.Expr) int {
	switch e := e.(type) {
	case *goast.BinaryExpr:
		return e.Op.Precedence()
	case *goast.UnaryExpr, *goast.StarExpr:
		return gotoken.UnaryPrec
	}
	return gotoken.HighestPrec
}

// parsedForm is whether go/parser finds Go expression e to be of form f
// (goExpr.form), for each form but formOther, which claims nothing.
func parsedForm(e goast.Expr, f exprForm) bool {
	switch f {
	case formName:
		for {
			sel, ok := e.(*goast.SelectorExpr)
			if !ok {
				break
			}
			e = sel.X
		}
		_, ok := e.(*goast.Ident)
		return ok
	case formUntyped:
		if u, ok := e.(*goast.UnaryExpr); ok && u.Op == gotoken.SUB {
			e = u.X
		}
		lit, ok := e.(*goast.BasicLit)
		return ok && (lit.Kind == gotoken.INT || lit.Kind == gotoken.FLOAT)
	case formCall:
		call, ok := e.(*goast.CallExpr)
		return ok && !isConversion(call)
	}
	return true
}

// precedenceSample is what TestRecordedPrecedence translates: the
// package's own test programs, the examples, the suite's C programs and a
// few UPC ones that reach the pointer-to-shared, bit-field, library and
// aggregation constructions. UPCGO_PRECEDENCE_FULL=1 (make test-long)
// translates every program of the suite and the benchmarks instead: the
// front end makes that some 30 s, too slow for make test.
func precedenceSample() []string {
	if os.Getenv("UPCGO_PRECEDENCE_FULL") != "" {
		return []string{"testdata/*.upc", "testdata/*/*.upc", "../examples/*.upc", "../testsuite/*/*.upc", "../testsuite/*/*.c", "../bench/*/*.c", "../bench/*/*.upc"}
	}
	return []string{"testdata/*.upc", "testdata/*/*.upc", "../examples/*.upc", "../testsuite/c/*.upc",
		"../testsuite/upc/ptr_*.upc", "../testsuite/upc/shared_struct_*.upc", "../testsuite/upc/forall_layouts.upc",
		"../testsuite/upc/shared_2d.upc", "../testsuite/coll/atomic.upc", "../testsuite/coll/onesided.upc", "../testsuite/lib/math_h.upc"}
}

// TestRecordedPrecedence is the oracle for the precedence and the form the
// emitter records with the code it builds: while the sample translates,
// every expression whose parentheses are decided (operandOf, paren) and
// every value (rval) carries the precedence go/parser finds in its code,
// and is of the form it claims. A construction site that records a wrong
// one fails it, wherever the sample reaches it.
//
// checkPrec is a package variable: this test must not run in parallel
// with another that translates (none of the package's tests is parallel).
func TestRecordedPrecedence(t *testing.T) {
	var files []string
	for _, glob := range precedenceSample() {
		m, err := filepath.Glob(glob)
		require.NoError(t, err)
		require.NotEmpty(t, m, glob)
		files = append(files, m...)
	}
	seen := map[goExpr]bool{}
	var wrong []string
	checkPrec = func(g goExpr) {
		if g.code == "" || seen[g] {
			return
		}
		seen[g] = true
		e, err := goparser.ParseExpr(g.code)
		switch {
		case err != nil:
			wrong = append(wrong, fmt.Sprintf("%s: not a Go expression: %v", g.code, err))
		case parsedPrec(e) != g.prec:
			wrong = append(wrong, fmt.Sprintf("%s: recorded precedence %d, go/parser finds %d", g.code, g.prec, parsedPrec(e)))
		case !parsedForm(e, g.form):
			wrong = append(wrong, fmt.Sprintf("%s: recorded form %d, which go/parser does not find", g.code, g.form))
		}
	}
	defer func() { checkPrec = nil }()
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		var errs diag.List
		name := filepath.Base(f)
		if file := frontEnd(name, src, &errs); !errs.HasErrors() {
			Translate(file, &Config{File: name, Aggregate: AggregateOptions{Enable: true}}, &errs)
		}
	}
	assert.Greater(t, len(seen), 5000, "the sample checked too few expressions")
	if len(wrong) > 0 {
		t.Errorf("%d expressions carry a precedence that is not their code's:\n%s", len(wrong), strings.Join(wrong, "\n"))
	}
}
