package parser

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
	"github.com/upcgo/upcgo/stdlib"
)

// seeds are every source the tests parse.
func seeds() []string {
	var out []string
	for _, cs := range [][]parseCase{declarationCases, upcDeclarationCases, fileTypedefScopeCases} {
		for _, c := range cs {
			out = append(out, c.src)
		}
	}
	for _, cs := range [][]bodyCase{expressionCases, upcExpressionCases, statementCases, upcStatementCases, typedefScopeCases} {
		for _, c := range cs {
			out = append(out, c.pre+"\nvoid f(void) {\n"+c.src+"\n}")
		}
	}
	for _, c := range errorCases {
		out = append(out, c.src)
	}
	out = append(out, everything)
	if fuzzing() {
		// Starting points for mutation. Under plain go test they would
		// only parse every suite program twice more (the suite parses
		// each already), the largest part of this package's time.
		out = append(out, suiteSeeds()...)
	}
	return out
}

// fuzzing reports whether go test runs with -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// suiteSeeds are the regression suite's programs, preprocessed (the
// parser sees what the preprocessor produces), as token text.
func suiteSeeds() []string {
	files, _ := filepath.Glob("../testsuite/*/*.upc")
	more, _ := filepath.Glob("../examples/*.upc")
	var out []string
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var errs diag.List
		res := cpp.Preprocess(f, src, &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
		var b strings.Builder
		for _, tok := range res.Tokens {
			b.WriteString(tok.Text)
			b.WriteByte(' ')
		}
		out = append(out, b.String())
	}
	return out
}

// FuzzParse checks that no input makes the parser panic, and that every
// diagnostic and every node it produces has a position in the input file.
func FuzzParse(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, diags := fuzzOne(t, src)
		// Window boundaries must not change the result.
		saved := minWindow
		minWindow = 1
		defer func() { minWindow = saved }()
		small, smallDiags := fuzzOne(t, src)
		if got != small || diags != smallDiags {
			t.Errorf("one-token windows change the parse:\n%s\n%s\nvs\n%s\n%s", got, diags, small, smallDiags)
		}
	})
}

// fuzzOne parses src, checks the positions of the diagnostics and nodes,
// and returns the printed file and diagnostics.
func fuzzOne(t *testing.T, src string) (string, string) {
	var errs diag.List
	toks := scan.Tokenize("fuzz.c", []byte(src), &errs)
	file := Parse(toks, &errs)
	for _, d := range errs.Items {
		if !d.Pos.IsValid() || d.Pos.File != "fuzz.c" {
			t.Errorf("diagnostic without a position: %v", d)
		}
		if strings.Contains(d.Msg, "internal error") {
			t.Errorf("%v", d)
		}
	}
	ast.InspectFile(file, func(n ast.Node) bool {
		if n != nil && !n.Pos().IsValid() {
			t.Errorf("%T %s has no position", n, ast.Sprint(n))
		}
		return true
	})
	return ast.Sprint(file), errs.Error()
}
