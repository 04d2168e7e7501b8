package driver

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/lower"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
)

// countCompiles counts the units lower.Compile is asked for, by file.
func countCompiles(t *testing.T) map[string]int {
	counts := map[string]int{}
	old := compileUnit
	compileUnit = func(f *ast.File, cfg *lower.Config, errs *diag.List) *lower.Unit {
		counts[filepath.Base(cfg.File)]++
		return old(f, cfg, errs)
	}
	t.Cleanup(func() { compileUnit = old })
	return counts
}

// -c writes one object per source, named as cc names them; a build from
// objects and sources compiles only the sources again, and the objects'
// positions are shown from where the link runs.
func TestObjects(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{
		"src/a.upc": "int g(void);\nint main(void) { return g() - 3; }\n",
		"src/b.c":   "int g(void) { return 3; }\nint h(void) { return undefined_in_b(); }\n",
	})
	counts := countCompiles(t)
	var stderr bytes.Buffer
	_, err := Build(Options{Inputs: []string{"src/a.upc", "src/b.c"}, CompileOnly: true, Stderr: &stderr})
	require.NoError(t, err, stderr.String())
	assert.FileExists(t, "a.o")
	assert.FileExists(t, "b.o")
	assert.Equal(t, map[string]int{"a.upc": 1, "b.c": 1}, counts)

	// b.o refers to a function nobody defines: the link says where, from here.
	stderr.Reset()
	_, err = Build(Options{Inputs: []string{"a.o", "b.o"}, Output: "prog", Stderr: &stderr})
	require.Error(t, err)
	assert.Contains(t, stderr.String(), "src/b.c:2:22: error: undefined reference to 'undefined_in_b'")
	assert.Contains(t, stderr.String(), " int h(void) { return undefined_in_b(); }\n", "the source line")

	// Editing b.c and relinking compiles b.c alone.
	writeFiles(t, dir, map[string]string{"src/b.c": "int g(void) { return 3; }\n"})
	stderr.Reset()
	bin, err := Build(Options{Inputs: []string{"a.o", "src/b.c"}, Output: "prog", Stderr: &stderr})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, map[string]int{"a.upc": 1, "b.c": 2}, counts)
	assert.FileExists(t, bin)
}

func TestObjectErrors(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{
		"a.upc":    trivialUPC,
		"b.upc":    trivialUPC,
		"elf.o":    "\x7fELF\x02\x01\x01rest of an object file",
		"lib.o":    "!<arch>\nmembers",
		"notes.o":  "just text",
		"old.o":    objectMagic + `{"format":1,"upcgo":"0123456789abcdef","unit":{"File":"old.upc"}}`,
		"broken.o": objectMagic + `{"format":`,
	})
	tests := []struct {
		name   string
		opts   Options
		status int
		want   string
	}{
		{"ELF object", Options{Inputs: []string{"a.upc", "elf.o"}}, StatusError, `elf\.o: an ELF object file, from a C compiler: upcgo links only its own object files`},
		{"archive named .o", Options{Inputs: []string{"a.upc", "lib.o"}}, StatusError, `lib\.o: an ar archive`},
		{"library", Options{Inputs: []string{"a.upc", "libm.a"}}, StatusUsage, `libm\.a: a library: upcgo cannot link libraries`},
		{"shared library", Options{Inputs: []string{"a.upc", "libx.so.1"}}, StatusUsage, `libx\.so\.1: a library`},
		{"not an object", Options{Inputs: []string{"notes.o"}}, StatusError, `notes\.o: not an object file upcgo wrote`},
		{"another upcgo's object", Options{Inputs: []string{"old.o"}}, StatusError, `old\.o: compiled by another version of upcgo \(0123456789abcdef; this one is [0-9a-f]{16}-[0-9a-f]{16}\): compile it again`},
		{"damaged object", Options{Inputs: []string{"broken.o"}}, StatusError, `broken\.o: a damaged upcgo object file`},
		{"-c -o with two sources", Options{Inputs: []string{"a.upc", "b.upc"}, CompileOnly: true, Output: "x.o"}, StatusUsage, `-o x\.o with -c names one object file, but there are 2 sources`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			tt.opts.Stderr = &stderr
			_, err := Build(tt.opts)
			require.Error(t, err)
			assert.Regexp(t, tt.want, err.Error())
			assert.Equal(t, tt.status, ExitStatus(err))
		})
	}
}

// An object among the inputs of -c is not used, as with cc.
func TestCompileOnlyIgnoresObjects(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{"a.upc": trivialUPC})
	var stderr bytes.Buffer
	_, err := Build(Options{Inputs: []string{"a.upc"}, CompileOnly: true, Output: "first.o", Stderr: &stderr})
	require.NoError(t, err, stderr.String())
	_, err = Build(Options{Inputs: []string{"first.o", "a.upc"}, CompileOnly: true, Stderr: &stderr})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, "upcgo: warning: first.o: an object file is not used when only compiling (-c)\n", stderr.String())
	data, err := os.ReadFile("a.o")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), objectMagic))
}

// playCompiler makes this test binary's compiler identity id until the
// test ends, as if another build of upcgo ran.
func playCompiler(t *testing.T, id string) {
	old := compilerID
	compilerID = func() string { return id }
	t.Cleanup(func() { compilerID = old })
}

// An object written by a upcgo with the same runtime but another compiler
// (another lower.Unit, other Go) is refused, not decoded into this
// compiler's shape.
func TestObjectOfAnotherCompiler(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{"a.upc": trivialUPC})
	playCompiler(t, "0000000000000001")
	var stderr bytes.Buffer
	_, err := Build(Options{Inputs: []string{"a.upc"}, CompileOnly: true, Stderr: &stderr})
	require.NoError(t, err, stderr.String())

	playCompiler(t, "0000000000000002")
	_, err = Compile(Options{Inputs: []string{"a.o"}, Stderr: &stderr})
	require.Error(t, err)
	assert.Regexp(t, `^a\.o: compiled by another version of upcgo \([0-9a-f]{16}-0000000000000001; this one is [0-9a-f]{16}-0000000000000002\): compile it again$`, err.Error())
	assert.Equal(t, StatusError, ExitStatus(err))
}

// The compiler's identity is the same on every call, and not "unknown":
// the test binary's build ID could be read.
func TestCompilerID(t *testing.T) {
	assert.Regexp(t, `^[0-9a-f]{16}$`, compilerID())
	assert.Equal(t, compilerID(), compilerID())
	exe, err := os.Executable()
	require.NoError(t, err)
	assert.NotEmpty(t, goBuildID(exe), "the Go build ID of %s", exe)
}

// An object whose unit is not what upcgo wrote (damaged, or edited) is
// refused with an error naming it, before its Go reaches the link: the
// Go toolchain would otherwise blame upcgo for Go that does not compile.
func TestObjectEdited(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{"a.upc": "int main(void) { return 7; }\n"})
	var stderr bytes.Buffer
	_, err := Build(Options{Inputs: []string{"a.upc"}, CompileOnly: true, Stderr: &stderr})
	require.NoError(t, err, stderr.String())
	data, err := os.ReadFile("a.o")
	require.NoError(t, err)
	require.Contains(t, string(data), "return 7")
	require.NoError(t, os.WriteFile("a.o", bytes.Replace(data, []byte("return 7"), []byte("return x"), 1), 0o644))

	_, err = Compile(Options{Inputs: []string{"a.o"}, Stderr: &stderr})
	require.Error(t, err)
	assert.Equal(t, "a.o: a damaged upcgo object file (its contents do not match its checksum): compile it again", err.Error())
	assert.Equal(t, StatusError, ExitStatus(err))
}

// A unit that breaks what the link relies on is refused even with the
// right checksum (lower.Unit.Check), with an error naming the object.
func TestObjectUnitChecked(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	good := `{"File":"a.upc","MainParams":0,"Funcs":"func main_(t *thread) int32 {\nreturn 0\n}\n","Symbols":[{"Name":"main","GoName":"main_","Def":3,"Check":"func(*thread) int32"}]}`
	tests := []struct{ name, unit, want string }{
		{"good", good, ""},
		{"a symbol missing", strings.Replace(good, `"Symbols":[`, `"Symbols":[null,`, 1), `symbol 1 is missing`},
		{"a kind of symbol", strings.Replace(good, `"Def":3`, `"Def":3,"Kind":7`, 1), `symbol 1 \("main"\): kind 7`},
		{"a definition", strings.Replace(good, `"Def":3`, `"Def":9`, 1), `symbol 1 \("main"\): definition 9`},
		{"main's parameters", strings.Replace(good, `"MainParams":0`, `"MainParams":1`, 1), `a main with 1 parameters`},
		{"THREADS", strings.Replace(good, `"MainParams":0`, `"MainParams":0,"StaticThreads":-4`, 1), `THREADS=-4`},
		{"Go", strings.Replace(good, `return 0\n}`, `return 0\n`, 1), `the Go of its functions does not parse`},
		{"declarations without a last newline", strings.Replace(good, `"MainParams":0`, `"MainParams":0,"Decls":"var x int"`, 1), ``},
		{"a tag mark alone", strings.Replace(good, `"MainParams":0`, `"MainParams":0,"Decls":"var (`+lower.TagMark+` int)\n"`, 1), `the Go of its declarations does not parse`},
		{"a statement", strings.Replace(good, `"MainParams":0`, `"MainParams":0,"Init":"x := {"`, 1), `the Go of its initialisation does not parse`},
		{"a field", strings.Replace(good, `"Def":3`, `"Def":3,"Field":"x int; }"`, 1), `the Go of its field does not parse`},
		{"a function pointer", strings.Replace(good, `"MainParams":0`, `"MainParams":0,"FuncPtrs":["f, g"]`, 1), `a function pointer to "f, g"`},
		{"a file name", strings.Replace(good, `"a.upc"`, `"a\nfunc f() {.upc"`, 1), `the source file name`},
		{"no file name", strings.Replace(good, `"a.upc"`, `""`, 1), `no source file name`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := json.Marshal(objectFile{Format: objectFormat, Upcgo: objectVersion(), Dir: dir, Sum: unitSum([]byte(tt.unit)), Unit: json.RawMessage(tt.unit)})
			require.NoError(t, err)
			require.NoError(t, os.WriteFile("a.o", append([]byte(objectMagic), data...), 0o644))
			var stderr bytes.Buffer
			_, err = Compile(Options{Inputs: []string{"a.o"}, Stderr: &stderr})
			if tt.want == "" {
				require.NoError(t, err, stderr.String())
				return
			}
			require.Error(t, err)
			assert.Regexp(t, `^a\.o: a damaged upcgo object file \(.*`+tt.want+`.*\): compile it again$`, err.Error())
			assert.Equal(t, StatusError, ExitStatus(err))
		})
	}
}
