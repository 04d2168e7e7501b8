package lower

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	cparser "github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// unitSource is one translation unit of a test program.
type unitSource struct {
	file, src string
	static    int // -T
}

// link compiles each unit on its own, as upcgo build -c does, checks it
// as the driver checks the unit of an object file, and links them. It returns the program (nil on errors) and the diagnostics as
// "file:line:col: severity: message".
func link(t *testing.T, units ...unitSource) (*Program, []string) {
	t.Helper()
	var errs diag.List
	var us []*Unit
	for _, u := range units {
		res := cpp.Preprocess(u.file, []byte(u.src), &cpp.Config{SystemFS: stdlib.HeaderFS(), StaticThreads: u.static}, &errs)
		f := cparser.Parse(res.Tokens, &errs, pragmas(res)...)
		require.False(t, errs.HasErrors(), "front end: %v", errs.Error())
		unit := Compile(f, &Config{File: u.file, StaticThreads: u.static}, &errs)
		require.False(t, errs.HasErrors(), "%s: %v", u.file, errs.Error())
		require.NoError(t, unit.Check(), "%s: what Compile writes passes what an object's unit must", u.file)
		us = append(us, unit)
	}
	p := Link(us, &errs)
	errs.Sort()
	var out []string
	for _, d := range errs.Items {
		out = append(out, d.Error())
	}
	return p, out
}

// goNames lists the package-level names a program's Go declares, and the
// fields of its thread context.
func goNames(t *testing.T, p *Program) (decls, fields map[string]int) {
	decls, fields = map[string]int{}, map[string]int{}
	fset := token.NewFileSet()
	for _, f := range p.Files {
		file, err := parser.ParseFile(fset, f.Name, f.Source, 0)
		require.NoError(t, err)
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				decls[d.Name.Name]++
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							decls[n.Name]++
						}
					case *ast.TypeSpec:
						decls[s.Name.Name]++
						if st, ok := s.Type.(*ast.StructType); ok && s.Name.Name == "thread" {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									fields[n.Name]++
								}
							}
						}
					}
				}
			}
		}
	}
	return decls, fields
}

const mainUnit = "int main(void) { return 0; }\n"

func TestLinkErrors(t *testing.T) {
	tests := []struct {
		name  string
		units []unitSource
		want  []string // substrings, one per error, in order
	}{
		{"static THREADS disagree", []unitSource{{"a.upc", mainUnit, 4}, {"b.upc", "int f(void) { return THREADS; }\n", 2}},
			[]string{"b.upc: error: compiled for THREADS=2 (-T 2), but a.upc was compiled for THREADS=4"}},
		{"a static name meets an external one in Go", []unitSource{
			{"a.upc", "static int helper(void) { return 1; }\nint main(void) { return helper(); }\n", 0},
			{"b.upc", "int helper_a(void) { return 2; }\n", 0}},
			[]string{"b.upc:1:5: error: 'helper_a' and 'helper' of a.upc (at a.upc:1:12) are both 'helper_a' in the generated Go: rename one"}},
		{"a program's function has a C library function's name used elsewhere", []unitSource{
			{"a.upc", "#include <stdlib.h>\nint main(void) { return atoi(\"1\"); }\n", 0},
			{"b.upc", "int atoi(const char *s) { return 2; }\n", 0}},
			[]string{"b.upc:1:5: error: 'atoi' is also a C library function, which a.upc:2:25 calls"}},
		{"a function and an object of one name", []unitSource{
			{"a.upc", "int x(void);\nint main(void) { return x(); }\n", 0},
			{"b.upc", "int x = 3;\n", 0}},
			[]string{"a.upc:2:25: error: 'x' redeclared as a different kind of symbol (defined at b.upc:1:5 as 'int x')"}},
		{"no main", []unitSource{{"a.upc", "int f(void) { return 0; }\n", 0}, {"b.upc", "int g(void) { return 0; }\n", 0}},
			[]string{"a.upc: error: no main function"}},
		{"two mains", []unitSource{{"a.upc", mainUnit, 0}, {"b.upc", mainUnit, 0}},
			[]string{"b.upc:1:5: error: multiple definition of 'main' (first defined at a.upc:1:5)"}},
		{"tentative definitions of different sizes", []unitSource{{"a.upc", "int v[4];\n" + mainUnit, 0}, {"b.upc", "int v[5];\n", 0}},
			[]string{"b.upc:1:5: error: conflicting types for 'v': 'int v[5]' here, 'int v[4]' in its definition at a.upc:1:5"}},
		{"a shared array's blocking factor", []unitSource{
			{"a.upc", "shared [3] int s[3*THREADS];\n" + mainUnit, 0},
			{"b.upc", "extern shared int s[3*THREADS];\nint f(void) { return s[0]; }\n", 0}},
			[]string{"b.upc:2:22: error: conflicting layouts of the shared object 's'"}},
		// A private pointer to shared data is not a shared object: its
		// conflict is one of types.
		{"a private pointer-to-shared of another type", []unitSource{
			{"a.upc", "shared int *p;\n" + mainUnit, 0},
			{"b.upc", "extern shared long *p;\nlong f(void) { return *p; }\n", 0}},
			[]string{"b.upc:2:24: error: conflicting types for 'p'"}},
		{"an extern array of another element type", []unitSource{
			{"a.upc", "double w[8];\n" + mainUnit, 0},
			{"b.upc", "extern float w[];\nfloat f(void) { return w[1]; }\n", 0}},
			[]string{"b.upc:2:24: error: conflicting types for 'w'"}},
		// A prototype without parameters, (void), is a prototype: its
		// type is 'int(void)', not the 'int()' of a declaration without one.
		{"a prototype without parameters", []unitSource{
			{"a.upc", "int f(void);\nint main(void) { return f(); }\n", 0},
			{"b.upc", "int f(int x) { return x; }\n", 0}},
			[]string{"a.upc:2:25: error: conflicting types for 'f': 'int(void)' here, 'int(int)' in its definition at b.upc:1:5"}},
		{"a declaration without a prototype", []unitSource{
			{"a.upc", "int f();\nint main(void) { return f(2.0); }\n", 0},
			{"b.upc", "int f(int x) { return x; }\n", 0}},
			[]string{"a.upc:2:25: error: the arguments of this call of 'f', declared without a prototype, do not match its definition at b.upc:1:5 ('int(int)')"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, got := link(t, tt.units...)
			assert.Nil(t, p)
			var errors []string
			for _, d := range got {
				if strings.Contains(d, ": error: ") {
					errors = append(errors, d)
				}
			}
			require.Len(t, errors, len(tt.want), "diagnostics: %q", got)
			for i, w := range tt.want {
				assert.Contains(t, errors[i], w)
			}
		})
	}
}

// What a C linker accepts: tentative definitions merged into one object
// (sized by a definition with an initialiser if there is one), extern
// declarations of incomplete arrays, static names of one spelling in
// several units, a function defined in one unit and called in another
// through an implicit declaration whose arguments match.
func TestLinkAccepts(t *testing.T) {
	p, diags := link(t,
		unitSource{file: "a.upc", src: `int common_x;
int arr[10];
static int s = 1;
static int helper(void) { return s; }
int main(void) { return helper() + common_x + twice(2); }
`},
		unitSource{file: "b.upc", src: `int common_x;
extern int arr[];
static int s = 2;
static int helper(void) { return s + arr[3]; }
int twice(int v) { return helper() * v; }
`},
		unitSource{file: "c.upc", src: "int common_x = 5;\n"},
	)
	require.NotNil(t, p, "%q", diags)
	assert.Equal(t, []string{"a.upc:5:47: warning: implicit declaration of function 'twice'"}, diags)
	require.Len(t, p.Files, 4)
	assert.Equal(t, []string{"main.go", "a.upc.go", "b.upc.go", "c.upc.go"}, []string{p.Files[0].Name, p.Files[1].Name, p.Files[2].Name, p.Files[3].Name})
	decls, fields := goNames(t, p)
	// One object for the three definitions of common_x; each unit its own s and helper.
	assert.Equal(t, 1, fields["common_x"])
	assert.Equal(t, 1, fields["s_a"])
	assert.Equal(t, 1, fields["s_b"])
	assert.Equal(t, 1, decls["helper_a"])
	assert.Equal(t, 1, decls["helper_b"])
	for name, n := range decls {
		assert.Equal(t, 1, n, "%s declared %d times", name, n)
	}
	// The initialiser of the one definition with one.
	assert.Contains(t, string(p.Files[0].Source), "*cmem.Ptr[int32](t.common_x) = 5")
	for _, f := range p.Files {
		assert.NotContains(t, string(f.Source), TagMark, f.Name)
	}
}

// A function's address is the same in every unit: one table for the
// program, numbered at the link.
func TestLinkFunctionPointers(t *testing.T) {
	p, diags := link(t,
		unitSource{file: "a.upc", src: "int f(int);\ntypedef int (*fp)(int);\nfp g(void);\nint main(void) { return (g() == f) + (g() == &f); }\n"},
		unitSource{file: "b.upc", src: "int f(int x) { return x; }\nint (*g(void))(int) { return f; }\n"},
	)
	require.NotNil(t, p, "%q", diags)
	main := string(p.Files[0].Source)
	assert.Contains(t, main, "funcs = crt.Funcs{f}")
	assert.Equal(t, 1, strings.Count(main, "f uintptr"), main)
	assert.Contains(t, string(p.Files[1].Source), "g(t) == fnptr.f")
	assert.Contains(t, string(p.Files[2].Source), "return fnptr.f")
}
