package lower

import (
	goast "go/ast"
	"go/importer"
	goparser "go/parser"
	gotoken "go/token"
	gotypes "go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadNames checks readNames against go/types, the oracle for what Go
// calls a use: for each fragment, i is declared before it, and readNames
// must say i is read exactly when go/types does not report it unused.
// (No fragment declares a second i: the emitter's names are unique in a
// function but for "for i := i", which readNames does not resolve.)
func TestReadNames(t *testing.T) {
	for _, code := range []string{
		"i = 1",
		"i, j = 1, 2",
		"j = i + 1",
		"i++",
		"i += 2",
		"j = 1 // i in a comment",
		"j = 1 /* i */ + 2",
		`println("i")`,
		"r, s := 'i', `i`\n_, _ = r, s",
		`s := "a\"i"` + "\n_ = s\nprintln(i)",
		"var s struct{ i int }\ns.i = 2\nprintln(s.i)",
		"type T struct{ i int }\nprintln(T{i: 1})",
		"for i := i; i < 3; i++ {\n}",
		"f := func() { i = 3 }\nf()",
		"f := func() int { return i }\nf()",
		"p := &i\n*p = 1",
		"goto i\ni:\n",
		"switch {\ncase i > 0:\n}",
	} {
		src := "package p\n\nfunc _() {\nvar i int\nvar j int\n_ = j\n" + code + "\n}\n"
		fset := gotoken.NewFileSet()
		f, err := goparser.ParseFile(fset, "", src, 0)
		if err != nil {
			t.Fatalf("%q: %v", code, err)
		}
		unused := false
		conf := gotypes.Config{Error: func(err error) {
			if strings.Contains(err.Error(), "declared and not used: i") {
				unused = true
			}
		}}
		conf.Check("p", fset, []*goast.File{f}, nil)
		if got := parseStmts(code).read["i"]; got == unused {
			t.Errorf("%q: readNames says read=%v, go/types says unused=%v", code, got, unused)
		}
	}
}

// TestParseStmtsReturns checks goFacts.returns, which decides whether the
// emitter adds a return at a function's closing brace, against go/types:
// where it says the statements end in a return, go/types must find no
// "missing return" in a function with a result (and where it does not,
// the added return is harmless). The old test of the last line's text
// took "returned = 1" for a return, and missed one spanning lines.
func TestParseStmtsReturns(t *testing.T) {
	for _, tt := range []struct {
		code string
		want bool
	}{
		{"return 1", true},
		{"returned := 1\nreturned = 2", false},
		{"return func() int {\nreturn 1\n}()", true},
		{"goto L\nL:\nreturn 2", true},
		{"if true {\nreturn 1\n}", false},
		{"return 1\n//line f.upc:3", true},
		{"", false},
	} {
		got := parseStmts(tt.code).returns
		if got != tt.want {
			t.Errorf("%q: returns = %v, want %v", tt.code, got, tt.want)
		}
		src := "package p\n\nfunc _() int {\n" + tt.code + "\n}\n"
		fset := gotoken.NewFileSet()
		f, err := goparser.ParseFile(fset, "", src, 0)
		if err != nil {
			t.Fatalf("%q: %v", tt.code, err)
		}
		missing := false
		conf := gotypes.Config{Error: func(err error) { missing = missing || strings.Contains(err.Error(), "missing return") }}
		conf.Check("p", fset, []*goast.File{f}, nil)
		if got && missing {
			t.Errorf("%q: returns, but go/types says missing return", tt.code)
		}
	}
}

// TestTemplateForm checks templateForm, which decides whether a library
// template's value is discarded by standing it alone (f(x)) or by
// assigning it (_ = x), against go/types: a template it calls a call must
// type-check as a statement, and one it does not must not (a conversion
// "is not used").
func TestTemplateForm(t *testing.T) {
	for _, tt := range []struct {
		code string
		want bool
	}{
		{"f(1)", true},
		{"(f(1))", true},
		{"func() int { return 1 }()", true},
		{"int32(x)", false},
		{"int(x)", false},
		{"[]byte(s)", false},
		{"(*int)(p)", false},
		{"unsafe.Pointer(p)", false},
		{"g[int](x)", true},
		{"a[f(1)]", false},
	} {
		if got := templateForm(tt.code) == formCall; got != tt.want {
			t.Errorf("templateForm(%s) is a call: %v, want %v", tt.code, got, tt.want)
		}
		src := "package p\n\nimport \"unsafe\"\n\nvar _ unsafe.Pointer\n\nfunc f(int) int { return 0 }\n\nfunc g[T any](T) T { var z T; return z }\n\n" +
			"func _(x int, s string, p *int, a []int) {\n" + tt.code + "\n}\n"
		fset := gotoken.NewFileSet()
		f, err := goparser.ParseFile(fset, "", src, 0)
		if err != nil {
			t.Fatalf("%q: %v", tt.code, err)
		}
		var errs []string
		conf := gotypes.Config{Importer: importer.Default(), Error: func(err error) { errs = append(errs, err.Error()) }}
		conf.Check("p", fset, []*goast.File{f}, nil)
		if statement := len(errs) == 0; statement != tt.want {
			t.Errorf("%s: go/types says as a statement: %v", tt.code, errs)
		}
	}
	// The arguments' verbs.
	assert.Equal(t, formCall, templateForm(`t.SemPost("bupc_sem_post", %s, %[2]d, %t, %q)`))
	assert.Equal(t, formOther, templateForm("uint32(%s)"))
	// crt.B2I and crt.Bool are functions that only compute a value.
	assert.Equal(t, formOther, templateForm("crt.B2I(%s)"))
	assert.Equal(t, formOther, templateForm("crt.Bool[int32](%s)"))
	// A template that does not parse is a bug of its table.
	assert.Panics(t, func() { templateForm("f(%s") })
}
