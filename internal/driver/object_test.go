package driver

import (
	"bytes"
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
		{"another upcgo's object", Options{Inputs: []string{"old.o"}}, StatusError, `old\.o: compiled by another version of upcgo \(runtime 0123456789abcdef; this one is [0-9a-f]{16}\): compile it again`},
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
