package lower

import (
	"flag"
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/stdlib"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// check translates src and returns the sorted diagnostics, one per line as
// "line:col: severity: message".
func check(t *testing.T, src string, static int) []string {
	t.Helper()
	var errs diag.List
	res := cpp.Preprocess("t.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS(), StaticThreads: static}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	require.False(t, errs.HasErrors(), "front end: %v", errs.Error())
	Translate(f, &Config{File: "t.upc", StaticThreads: static}, &errs)
	errs.Sort()
	var out []string
	for _, d := range errs.Items {
		if d.Pos.File == "t.upc" {
			out = append(out, strings.TrimPrefix(d.Error(), "t.upc:"))
		}
	}
	return out
}

// diagCase is a program and the diagnostics its translation must give.
type diagCase struct {
	name, src string
	static    int      // -T, or 0 for the dynamic THREADS environment
	want      []string // substrings, one per expected diagnostic, in order
}

// checkDiagnostics runs each case as a subtest.
func checkDiagnostics(t *testing.T, tests []diagCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := check(t, tt.src, tt.static)
			require.Len(t, got, len(tt.want), "diagnostics: %q", got)
			for i, w := range tt.want {
				assert.Contains(t, got[i], w)
			}
		})
	}
}

func TestDiagnostics(t *testing.T) {
	checkDiagnostics(t, []diagCase{
		{"undeclared", "int main(void) {\n  return y + 1;\n}", 0, []string{"2:10: error: 'y' undeclared"}},
		{"unnamed scalar member", "struct s { int a; double; };\nint main(void) { struct s x = {1}; return x.a - (int)sizeof x + 4; }", 0, []string{
			"1:19: warning: declaration does not declare anything"}},
		{"main's second parameter", "int main(int argc, int argv) { return 0; }", 0, []string{
			"1:5: error: 'main' takes no arguments or (int argc, char **argv)"}},
		{"static function never defined", "static int g(void);\nint main(void) { return g(); }", 0, []string{
			"2:25: error: static function 'g' used but never defined"}},
		{"subscripted pointer to an incomplete array", "int main(void) {\n  int (*r)[];\n  return r[0][0];\n}", 0, []string{
			"3:11: error: arithmetic on a pointer to an incomplete type 'int[]'"}},
		{"subscripted function", "int f(void);\nint main(void) {\n  int x = f[0];\n  return 0[f];\n}", 0, []string{
			"3:12: error: subscripted value is pointer to function", "4:11: error: subscripted value is pointer to function"}},
		{"shared local", "int main(void) {\n  shared int x;\n  return 0;\n}", 0, []string{"2:14: error: shared variable 'x' must have static storage duration"}},
		{"THREADS plus a constant", "shared int a[THREADS+1];\nint main(void) { return 0; }", 0, []string{"1:14: error: in the dynamic THREADS environment an array dimension may use THREADS only as a factor"}},
		{"THREADS twice", "shared int a[THREADS*THREADS];\nint main(void) { return 0; }", 0, []string{"1:14: error: in the dynamic THREADS environment an array dimension may use THREADS only as a factor"}},
		{"no THREADS in definite shared array", "shared [2] int a[10];\nint main(void) { return 0; }", 0, []string{"1:16: error: in the dynamic THREADS environment, THREADS must appear exactly once"}},
		{"static THREADS allows fixed sizes", "shared [2] int a[10];\nint main(void) { return 0; }", 4, nil},
		{"too many args", "int f(int x) { return x; }\nint main(void) { return f(1, 2); }", 0, []string{"2:30: error: too many arguments to function 'f' (expected 1, have 2)"}},
		{"too few args", "int f(int x, int y) { return x; }\nint main(void) { return f(1); }", 0, []string{"2:28: error: too few arguments to function 'f' (expected 2, have 1)"}},
		{"implicit declaration", "int main(void) { return g(1); }", 0, []string{
			"1:25: warning: implicit declaration of function 'g'", "1:25: error: undefined reference to 'g'"}},
		{"call before the definition warns", "int main(void) { return g(1) > 1.0; }\ndouble g(int x) { return x / 2.0; }", 0, []string{
			"1:25: warning: implicit declaration of function 'g'; using its definition at line 2 (declare it before the call)"}},
		{"extra arguments to a function defined without a prototype", "void f() {}\nint main(void) { f(1, 2); return 0; }", 0, []string{
			"2:20: warning: too many arguments to function 'f', defined without a prototype (expected 0, have 2): the extra ones are evaluated and ignored"}},
		{"too few arguments to a function defined later", "int f();\nint main(void) { return f(1); }\nint f(int a, int b) { return a + b; }", 0, []string{
			"2:28: error: too few arguments to function 'f' (its definition has 2 parameters, the call passes 1)"}},
		{"recursion needs no declaration", "int f(int n) { return n ? f(n - 1) : 0; }\nint main(void) { return f(3); }", 0, nil},
		{"implicit library declaration warns", "int main(void) { return atoi(\"1\") + (int)fabs(-1.5); }", 0, []string{
			"1:25: warning: implicit declaration of function 'atoi'; using its declaration in <stdlib.h>",
			"1:42: warning: implicit declaration of function 'fabs'; using its declaration in <math.h>"}},
		{"a later definition of a library name wins", "int main(void) { return close(2) - 3; }\nint close(int x) { return x + 1; }", 0, []string{
			"1:25: warning: implicit declaration of function 'close'; using its definition at line 2"}},
		{"[*] in a pointer type", "shared [*] int *p;\nint main(void) { return 0; }", 0, []string{"1:16: error: the layout qualifier [*] is not allowed in a pointer type"}},
		{"upc_blocksizeof with THREADS is constant", "char a[upc_blocksizeof(shared [3] int[2*THREADS])];\nint main(void) { return sizeof a - 3; }", 0, nil},
		{"assign to array", "int main(void) { int a[2], b[2]; a = b; return 0; }", 0, []string{"error: assignment to expression with array type"}},
		{"bad member", "struct s { int x; };\nint main(void) { struct s v; return v.y; }", 0, []string{"2:39: error: 'struct s' has no member named 'y'"}},
		{"int to pointer warns", "int main(void) { int *p = 5; return 0; }", 0, []string{"warning: making a pointer from an integer without a cast"}},
		{"private to shared cast", "int main(void) { int x; shared int *p = (shared int *)&x; return 0; }", 0, []string{"1:41: error: cannot cast a private pointer to a pointer-to-shared"}},
		{"duplicate case", "int main(void) { switch (1) { case 1: case 1: break; } return 0; }", 0, []string{"error: duplicate case value"}},
		{"break outside loop", "int main(void) { break; return 0; }", 0, []string{"1:18: error: break statement not within loop or switch"}},
		{"undefined label", "int main(void) { goto out; return 0; }", 0, []string{"1:23: error: label 'out' used but not defined"}},
		{"no main", "int f(void) { return 0; }", 0, []string{"error: no main function"}},
		{"strict on private", "strict int x;\nint main(void) { return 0; }", 0, []string{"1:8: error: 'strict' and 'relaxed' apply only to shared types"}},
		{"block size too big", "shared [2000000] int a[THREADS];\nint main(void) { return 0; }", 0, []string{"error: block size 2000000 exceeds UPC_MAX_BLOCK_SIZE"}},
		{"redefinition", "int f(void) { return 0; }\nint f(void) { return 1; }\nint main(void) { return 0; }", 0, []string{"2:5: error: redefinition of 'f'"}},
		{"upc_blocksizeof of private", "int x;\nint main(void) { return upc_blocksizeof(x); }", 0, []string{"error: upc_blocksizeof requires a shared-qualified operand"}},
	})
}

// TestGolden translates testdata/*.upc and compares with *.golden.go
// (regenerate with go test ./lower -run Golden -update).
func TestGolden(t *testing.T) {
	eachGolden(t, "testdata/*.upc", func(t *testing.T, name string, src []byte) []byte {
		var errs diag.List
		out := Translate(frontEnd(name, src, &errs), &Config{File: name}, &errs)
		require.False(t, errs.HasErrors(), errs.Error())
		return out
	})
}

// eachGolden runs a subtest for each file matching glob that compares
// what translate makes of the file with its .golden.go (checkGolden).
func eachGolden(t *testing.T, glob string, translate func(t *testing.T, name string, src []byte) []byte) {
	files, err := filepath.Glob(glob)
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			checkGolden(t, strings.TrimSuffix(f, ".upc")+".golden.go", translate(t, filepath.Base(f), src))
		})
	}
}

// frontEnd preprocesses and parses src as the file name.
func frontEnd(name string, src []byte, errs *diag.List) *ast.File {
	res := cpp.Preprocess(name, src, &cpp.Config{SystemFS: stdlib.HeaderFS()}, errs)
	return parser.Parse(res.Tokens, errs, pragmas(res)...)
}

// checkGolden compares out with the golden file, or rewrites the file
// with -update.
func checkGolden(t *testing.T, golden string, out []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(golden, out, 0o644))
		return
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run with -update to create it")
	assert.Equal(t, string(want), string(out))
}

// TestGeneratedPrefixes checks that goIdent renames every C identifier of
// the shape of a name the translation makes up (prefix + number), by
// finding those prefixes in the package's source: a new tr.tmp prefix
// must join generatedPrefixes.
func TestGeneratedPrefixes(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	tmpRE := regexp.MustCompile(`tr\.tmp\("(\w+)"\)`)
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range tmpRE.FindAllStringSubmatch(string(src), -1) {
			seen++
			assert.True(t, generatedPrefixes[m[1]], "%s: tr.tmp(%q) is not in generatedPrefixes", f, m[1])
		}
	}
	assert.NotZero(t, seen)
	for c, want := range map[string]string{"p1": "p1_", "p1_": "p1__", "v12": "v12_", "str3": "str3_", "agg2": "agg2_",
		"p": "p", "px1": "px1", "p_1": "p_1", "len": "len_", "len_": "len__", "x": "x"} {
		assert.Equal(t, want, goIdent(c), c)
	}
}

// TestMaxSegmentSize checks that the compile-time limit on static shared
// data is the largest segment the runtime accepts.
func TestMaxSegmentSize(t *testing.T) {
	most, err := gasnet.ParseSize("64T")
	require.NoError(t, err)
	assert.Equal(t, uintptr(maxSegmentSize), most)
	_, err = gasnet.ParseSize("64.01T")
	assert.Error(t, err, "the runtime accepts more than maxSegmentSize")
}

// TestBuiltinArgs calls every compiler builtin, which a program may call
// without a header, with no arguments and with seven: the translation must
// not crash (__builtin_expect() did), and the call with seven is an error
// at its line.
func TestBuiltinArgs(t *testing.T) {
	for name := range builtins {
		if !strings.HasPrefix(name, "__builtin") {
			continue
		}
		got := check(t, fmt.Sprintf("int main(void) {\n%s();\n%s(1, 2, 3, 4, 5, 6, 7);\nreturn 0;\n}\n", name, name), 0)
		if assert.NotEmpty(t, got, name) {
			assert.Regexp(t, `^3:\d+: error: `, got[len(got)-1], name)
		}
	}
}

// TestPackagesReserved: no C identifier keeps the name of a package that
// generated code uses, which it would shadow (a local named shmem in an
// OpenSHMEM program, or math beside HUGE_VAL).
func TestPackagesReserved(t *testing.T) {
	for _, p := range packages {
		assert.Equal(t, p.name+"_", goIdent(p.name))
	}
}

// TestGoLetters: a C identifier with characters Go does not take in an
// identifier gets a Go name that go/scanner reads as one identifier, and
// distinct C names keep distinct Go names.
func TestGoLetters(t *testing.T) {
	names := []string{"g$x", "gǂx", "gǁ000024x", "gǁ0001c2x", "$", "$$", "a€", "café", "x\xff", "xǁxff", "_$1", "plain", "x" + TagMark, "x"}
	seen := map[string]string{}
	for _, c := range names {
		g := goIdent(c)
		assert.True(t, gotoken.IsIdentifier(g), "%q -> %q", c, g)
		if other, dup := seen[g]; dup {
			t.Errorf("%q and %q both become %q", c, other, g)
		}
		seen[g] = c
	}
	assert.NotContains(t, goIdent("x"+TagMark), TagMark)
	assert.Equal(t, "gǂx", goIdent("g$x"))
	assert.Equal(t, "café", goIdent("café"))
	assert.Equal(t, "plain", goIdent("plain"))
}
