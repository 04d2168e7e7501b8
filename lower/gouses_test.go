package lower

import (
	goast "go/ast"
	goparser "go/parser"
	gotoken "go/token"
	gotypes "go/types"
	"strings"
	"testing"
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
		if got := readNames(code)["i"]; got == unused {
			t.Errorf("%q: readNames says read=%v, go/types says unused=%v", code, got, unused)
		}
	}
}
