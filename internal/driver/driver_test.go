package driver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/lower"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
)

// TestMain shares one cache folder between the tests: extracting the
// runtime is cheap, but the first go build against a new runtime folder
// compiles the runtime (seconds); later builds reuse Go's build cache.
// testCache is the cache folder of this test process (UPCGO_CACHE), made
// by TestMain and removed when the tests end: what the tests build that
// must outlive one test goes there, not into the temporary folder, where
// it would stay behind.
var testCache string

func TestMain(m *testing.M) {
	cache, err := os.MkdirTemp("", "upcgo-driver-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("UPCGO_CACHE", cache)
	testCache = cache
	// The notice of the first build is tested on its own
	// (TestRuntimeNotice); the other tests check standard error whole.
	rt, err := runtimeDir(cache)
	for _, tags := range [][]string{nil, {"mpi"}, {"mpi", "mpich"}} {
		if err == nil {
			err = os.WriteFile(builtMarker(rt, tags), nil, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	status := m.Run()
	os.RemoveAll(cache)
	os.Exit(status)
}

// testProgram stands in for lower's output: a small UPC program written
// by hand against runtime/upc and stdlib. Every thread writes its element
// of a shared array; thread 0 prints the sum, THREADS and its arguments,
// and exits with status 7 if the first argument is "fail".
const testProgram = `package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/upcgo/upcgo/runtime/upc"
	"github.com/upcgo/upcgo/stdlib"
)

func main() {
	upc.Main(upc.Program{Name: "prog", Main: func(t *upc.Thread) int {
		a := upc.AllocArray[int](t, 1, t.Threads) // shared int a[THREADS]
		a.Set(t, t.MyThread, t.MyThread+1)
		t.Barrier()
		if t.MyThread != 0 {
			return 0
		}
		sum := 0
		for i := range a.Len() {
			sum += a.Get(t, i)
		}
		fmt.Printf("%c THREADS=%d sum=%d args=%s\n", stdlib.Toupper('u'), t.Threads, sum, strings.Join(os.Args[1:], ","))
		if len(os.Args) > 1 && os.Args[1] == "fail" {
			return 7
		}
		return 0
	}})
}
`

// translateFunc stands for the translation to Go of a one-file program:
// lower.Compile and lower.Link.
type translateFunc = func(*ast.File, *lower.Config, *diag.List) []byte

// useTranslation replaces the translation to Go for one test.
func useTranslation(t testing.TB, f translateFunc) {
	oldCompile, oldLink := compileUnit, link
	compileUnit = func(file *ast.File, cfg *lower.Config, errs *diag.List) *lower.Unit {
		goSrc := f(file, cfg, errs)
		return &lower.Unit{File: cfg.File, Funcs: string(goSrc)}
	}
	link = func(units []*lower.Unit, errs *diag.List) *lower.Program {
		return &lower.Program{Files: []lower.File{{Name: "main.go", Source: []byte(units[0].Funcs)}}}
	}
	t.Cleanup(func() { compileUnit, link = oldCompile, oldLink })
}

// fixedTranslation returns goSrc for any program and records the Config
// it was given.
func fixedTranslation(goSrc string, cfg **lower.Config) translateFunc {
	return func(f *ast.File, c *lower.Config, errs *diag.List) []byte {
		if cfg != nil {
			*cfg = c
		}
		return []byte(goSrc)
	}
}

// writeFiles creates files (name → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
}

const trivialUPC = "int main(void) { return 0; }\n"

// The whole path from a .upc file in some folder to a running binary,
// with the default output name.
func TestBuildEndToEnd(t *testing.T) {
	var cfg *lower.Config
	useTranslation(t, fixedTranslation(testProgram, &cfg))
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{"prog.upc": trivialUPC})

	var stderr bytes.Buffer
	bin, err := Build(Options{Inputs: []string{"prog.upc"}, Stderr: &stderr})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, filepath.Join(dir, "prog"), bin)
	assert.Empty(t, stderr.String())
	require.NotNil(t, cfg)
	// The aggregation pass is on unless -fno-aggregate.
	assert.Equal(t, lower.Config{File: "prog.upc", StaticThreads: 0, WholeProgram: true, Aggregate: lower.AggregateOptions{Enable: true}}, *cfg)

	out, err := exec.Command(bin, "-n", "3", "x", "y").CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Equal(t, "U THREADS=3 sum=6 args=x,y\n", string(out))
}

func TestRun(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"prog.upc": trivialUPC})
	tests := []struct {
		name    string
		run     RunOptions
		status  int
		out     string
		threads string
	}{
		{name: "threads and args", run: RunOptions{Threads: 3, Args: []string{"a", "b"}}, status: 0, out: "U THREADS=3 sum=6 args=a,b\n"},
		{name: "program's exit status", run: RunOptions{Threads: 2, Args: []string{"fail"}}, status: 7, out: "U THREADS=2 sum=3 args=fail\n"},
		{name: "no -n: UPC_NTHREADS decides", threads: "4", status: 0, out: "U THREADS=4 sum=10 args=\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("UPC_NTHREADS", tt.threads)
			var stdout, stderr bytes.Buffer
			tt.run.Stdout = &stdout
			status, err := Run(Options{Inputs: []string{filepath.Join(dir, "prog.upc")}, Stderr: &stderr}, tt.run)
			require.NoError(t, err, stderr.String())
			assert.Equal(t, tt.status, status)
			assert.Equal(t, tt.out, stdout.String())
		})
	}
	// Run leaves nothing in the source folder.
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}

// Errors found by the real preprocessor and parser are printed gcc-style
// with the source line and a caret, and the build stops before translating.
func TestProgramErrors(t *testing.T) {
	useTranslation(t, func(*ast.File, *lower.Config, *diag.List) []byte {
		t.Error("a program with errors was translated")
		return nil
	})
	tests := []struct {
		name  string
		src   string
		files map[string]string
		// want are regexps for the first lines printed. diag.Print
		// indents the source line and the caret line by one space.
		want []string
	}{
		{
			name: "syntax error",
			src:  "int main(void) {\n\tint x = 1\n\treturn x;\n}\n",
			want: []string{`^bad\.upc:3:2: error: .*`, `^ \treturn x;$`, `^ \t\^$`},
		},
		{
			name: "#error",
			src:  "#if 1\n#error no such luck\n#endif\nint main(void) { return 0; }\n",
			want: []string{`^bad\.upc:2:2: error: .*no such luck`, `^ #error no such luck$`, `^  \^$`},
		},
		{
			name: "missing include",
			src:  "#include \"nothere.h\"\nint main(void) { return 0; }\n",
			want: []string{`^bad\.upc:1:10: error: .*nothere\.h`, `^ #include "nothere\.h"$`, `^          \^$`},
		},
		{
			name:  "error in an included file",
			src:   "#include \"inc.h\"\nint main(void) { return 0; }\n",
			files: map[string]string{"inc.h": "int f(void) { return +; }\n"},
			want:  []string{`^inc\.h:1:23: error: .*`, `^ int f\(void\) \{ return \+; \}$`, `^                       \^$`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			files := map[string]string{"bad.upc": tt.src}
			for k, v := range tt.files {
				files[k] = v
			}
			writeFiles(t, dir, files)
			var stderr bytes.Buffer
			_, err := Build(Options{Inputs: []string{"bad.upc"}, Stderr: &stderr})
			var perr *ProgramError
			require.True(t, errors.As(err, &perr), "err = %v", err)
			assert.Equal(t, StatusError, ExitStatus(err))
			lines := strings.Split(stderr.String(), "\n")
			require.GreaterOrEqual(t, len(lines), len(tt.want), stderr.String())
			for i, re := range tt.want {
				assert.Regexp(t, regexp.MustCompile(re), lines[i], stderr.String())
			}
			_, statErr := os.Stat(filepath.Join(dir, "bad"))
			assert.True(t, os.IsNotExist(statErr), "a binary was written")
		})
	}
}

// Warnings are printed and the compilation goes on.
func TestWarningsDoNotStop(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"w.upc": "#warning careful\n" + trivialUPC})
	var stderr bytes.Buffer
	goSrc, err := Compile(Options{Inputs: []string{filepath.Join(dir, "w.upc")}, Stderr: &stderr})
	require.NoError(t, err)
	assert.Equal(t, testProgram, string(goSrc))
	assert.Contains(t, stderr.String(), "w.upc:1:2: warning: ")
	assert.Contains(t, stderr.String(), "careful")
}

// -D, -U, -I and -T reach the preprocessor, and -T the translation.
func TestOptionsReachTheStages(t *testing.T) {
	var cfg *lower.Config
	useTranslation(t, fixedTranslation(testProgram, &cfg))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"inc/defs.h": "#define FROM_HEADER 5\n",
		"opts.upc": `#include <defs.h>
#if FOO != 2 || FROM_HEADER != 5 || defined(GONE)
#error options lost
#endif
#if THREADS != 4 || !__UPC_STATIC_THREADS__
#error -T lost
#endif
int main(void) { return 0; }
`,
	})
	var stderr bytes.Buffer
	_, err := Compile(Options{
		Inputs:        []string{filepath.Join(dir, "opts.upc")},
		StaticThreads: 4,
		Defines:       []string{"FOO=2", "GONE"},
		Undefs:        []string{"GONE"},
		IncludeDirs:   []string{filepath.Join(dir, "inc")},
		Stderr:        &stderr,
	})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, 4, cfg.StaticThreads)
}

func TestBadOptions(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC, "notes.txt": "", "p/README": "", "sub/p.upc": trivialUPC})
	src := filepath.Join(dir, "p.upc")
	tests := []struct {
		name   string
		opts   Options
		status int
		want   string // regexp on the error
	}{
		{"unknown network", Options{Inputs: []string{src}, Network: "ibv"}, StatusUsage, `unknown network "ibv" \(upcgo has smp and mpi\)`},
		{"no source", Options{}, StatusUsage, `no source file`},
		{"not a source file", Options{Inputs: []string{filepath.Join(dir, "notes.txt")}}, StatusUsage, `notes\.txt: not a UPC or C source file`},
		{"negative threads", Options{Inputs: []string{src}, StaticThreads: -1}, StatusUsage, `invalid thread count -T -1`},
		{"too many threads", Options{Inputs: []string{src}, StaticThreads: 2147483647}, StatusUsage, `-T 2147483647: at most 1048576 threads are supported`},
		{"output is the source", Options{Inputs: []string{src}, Output: src}, StatusUsage, `output file .*p\.upc is the input file`},
		{"default output is a folder", Options{Inputs: []string{filepath.Join(dir, "sub", "p.upc")}}, StatusUsage, `the output p would be the folder of that name; name the binary with -o`},
		{"missing source", Options{Inputs: []string{filepath.Join(dir, "gone.upc")}}, StatusError, `gone\.upc: no such file or directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			tt.opts.Stderr = &stderr
			_, err := Build(tt.opts)
			require.Error(t, err)
			assert.Regexp(t, tt.want, err.Error())
			assert.Equal(t, tt.status, ExitStatus(err))
			assert.Empty(t, stderr.String())
		})
	}
}

// Go that does not compile is upcgo's bug: status 3, the Go errors, and
// where the Go source was kept.
func TestGeneratedGoDoesNotCompile(t *testing.T) {
	useTranslation(t, fixedTranslation("package main\n\nfunc main() { undefinedThing() }\n", nil))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
	_, err := Build(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Output: filepath.Join(dir, "p")})
	var ierr *InternalError
	require.True(t, errors.As(err, &ierr), "err = %v", err)
	assert.Equal(t, StatusInternal, ExitStatus(err))
	msg := err.Error()
	assert.True(t, strings.HasPrefix(msg, "internal error: generated Go does not compile\n"), msg)
	assert.Contains(t, msg, "undefined: undefinedThing")
	m := regexp.MustCompile(`the generated Go source is kept in (\S+)`).FindStringSubmatch(msg)
	require.NotNil(t, m, msg)
	kept, err := os.ReadFile(m[1])
	require.NoError(t, err)
	assert.Contains(t, string(kept), "undefinedThing")
}

func TestStageCrashIsInternal(t *testing.T) {
	useTranslation(t, func(*ast.File, *lower.Config, *diag.List) []byte { panic("boom") })
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
	_, err := Compile(Options{Inputs: []string{filepath.Join(dir, "p.upc")}})
	var ierr *InternalError
	require.True(t, errors.As(err, &ierr), "err = %v", err)
	assert.Equal(t, "the translation to Go crashed: boom", ierr.Msg)
	assert.Contains(t, ierr.Detail, "goroutine")
	assert.Equal(t, StatusInternal, ExitStatus(err))
}

// -emit-go leaves a buildable module behind, with the runtime in it: it
// builds with a plain go build after upcgo's cache is gone (its go.mod
// once pointed into the cache). (One test: each -emit-go folder compiles
// its runtime copy once.)
func TestEmitGo(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	t.Setenv("UPCGO_CACHE", filepath.Join(dir, "cache"))
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
	emit := filepath.Join(dir, "gen")
	bin, err := Build(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Output: dir + string(filepath.Separator), EmitGo: emit, Stderr: io.Discard})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "p"), bin)
	mainGo, err := os.ReadFile(filepath.Join(emit, "main.go"))
	require.NoError(t, err)
	assert.Equal(t, testProgram, string(mainGo))
	gomod, err := os.ReadFile(filepath.Join(emit, "go.mod"))
	require.NoError(t, err)
	assert.Contains(t, string(gomod), "\nreplace github.com/upcgo/upcgo => \"./upcgo-runtime\"\n")

	require.NoError(t, Clean())
	require.NoDirExists(t, filepath.Join(dir, "cache"))
	gocmd, err := goCommand()
	require.NoError(t, err)
	build := exec.Command(gocmd, "build", "-o", filepath.Join(dir, "again"), ".")
	build.Dir = emit
	build.Env = append(os.Environ(), goEnv...)
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	out, err = exec.Command(filepath.Join(dir, "again"), "-n", "2").CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Equal(t, "U THREADS=2 sum=3 args=\n", string(out))

	// Emitting again into the folder keeps the runtime copy there.
	stamp := filepath.Join(emit, emitRuntimeDir, emitHashFile)
	before, err := os.Stat(stamp)
	require.NoError(t, err)
	_, err = Build(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Output: filepath.Join(dir, "p"), EmitGo: emit, Stderr: io.Discard})
	require.NoError(t, err)
	after, err := os.Stat(stamp)
	require.NoError(t, err)
	assert.Equal(t, before.ModTime(), after.ModTime())
}

func TestDefaultOutput(t *testing.T) {
	tests := []struct{ source, want string }{
		{"heat.upc", "heat"},
		{"src/heat.upc", "heat"},
		{"../a/b/nbody.c", "nbody"},
		{"v1.2.upc", "v1.2"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, DefaultOutput(tt.source), tt.source)
	}
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{nil, 0},
		{&ProgramError{Errors: 2}, StatusError},
		{&UsageError{Msg: "x"}, StatusUsage},
		{fmt.Errorf("wrapped: %w", &InternalError{Msg: "x"}), StatusInternal},
		{errors.New("disk full"), StatusError},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ExitStatus(tt.err), "%v", tt.err)
	}
}

// BenchmarkBuildWarm measures builds of a small program once the runtime
// is extracted and compiled, the cost a user pays per build in the usual
// edit-build-run cycle: "unchanged" rebuilds the same program (go build
// finds the binary up to date), "edited" builds a new main package each
// time (compile and link).
func BenchmarkBuildWarm(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join(dir, "p.upc")
	require.NoError(b, os.WriteFile(src, []byte(trivialUPC), 0o644))
	opts := Options{Inputs: []string{src}, Output: filepath.Join(dir, "p")}
	useTranslation(b, fixedTranslation(testProgram, nil))
	_, err := Build(opts)
	require.NoError(b, err)

	b.Run("unchanged", func(b *testing.B) {
		for b.Loop() {
			if _, err := Build(opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("edited", func(b *testing.B) {
		edit := 0
		for b.Loop() {
			edit++
			useTranslation(b, fixedTranslation(fmt.Sprintf("%s\nvar edit = %d\n", testProgram, edit), nil))
			if _, err := Build(opts); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// A go build that fails before compiling (here: the output cannot be
// created) is reported as such, not as a compiler bug.
func TestGoBuildEnvironmentFailure(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC, "file": ""})
	_, err := Build(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Output: filepath.Join(dir, "file", "p")})
	require.Error(t, err)
	assert.Equal(t, StatusError, ExitStatus(err))
	assert.Regexp(t, `^go build failed:\n.*file`, err.Error())
}

func TestCompileFailure(t *testing.T) {
	tests := []struct {
		output string
		want   bool
	}{
		{"# upcprog\n./main.go:3:15: undefined: x", true},
		{"# upcprog\n/usr/local/go/pkg/tool/linux_amd64/link: running gcc failed", true},
		{"go: go.mod requires go >= 1.99 (running go 1.26.8; GOTOOLCHAIN=local)", false},
		{"upcprog: go build upcprog: mkdir /x/file/: file exists", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, compileFailure(tt.output), tt.output)
	}
}

// -emit-go never overwrites Go code upcgo did not write.
func TestEmitGoFolderChecks(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	tests := []struct {
		name  string
		files map[string]string // in the -emit-go folder beforehand
		want  string            // regexp on the error; "" means accepted
	}{
		{name: "new folder"},
		{name: "folder with other files", files: map[string]string{"notes.txt": "x", "p.upc": trivialUPC}},
		{name: "earlier output", files: map[string]string{"go.mod": "module upcprog\n\ngo 1.26\n", "main.go": "package main\n"}},
		{name: "another module", files: map[string]string{"go.mod": "module example.com/mine\n"}, want: `holds another Go module`},
		{name: "someone's main.go", files: map[string]string{"main.go": "package main\n"}, want: `holds Go source \(main\.go\) upcgo did not write`},
		{name: "extra Go file", files: map[string]string{"go.mod": "module upcprog\n", "util.go": "package main\n"}, want: `holds Go source \(util\.go\)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			emit := filepath.Join(dir, "gen")
			writeFiles(t, emit, tt.files)
			writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
			_, err := Compile(Options{Inputs: []string{filepath.Join(dir, "p.upc")}})
			require.NoError(t, err)
			o := Options{Inputs: []string{filepath.Join(dir, "p.upc")}, EmitGo: emit}
			_, _, err = o.prepareBuildDir(&lower.Program{Files: []lower.File{{Name: "main.go", Source: []byte(testProgram)}}})
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Regexp(t, tt.want, err.Error())
			assert.Equal(t, StatusUsage, ExitStatus(err))
			for name, content := range tt.files {
				got, err := os.ReadFile(filepath.Join(emit, name))
				require.NoError(t, err)
				assert.Equal(t, content, string(got), "%s was changed", name)
			}
		})
	}
}

func TestSourceDateEpoch(t *testing.T) {
	var tree string
	useTranslation(t, func(f *ast.File, _ *lower.Config, _ *diag.List) []byte {
		tree = ast.Sprint(f)
		return []byte(testProgram)
	})
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d.upc": "const char *when = __DATE__ \" \" __TIME__;\n"})
	tests := []struct {
		epoch string
		want  string // regexp on the parsed program, or on the error
		bad   bool
	}{
		// 1700000000 is 2023-11-14 22:13:20 UTC.
		{epoch: "1700000000", want: `"Nov 14 2023".*"22:13:20"`},
		{epoch: "0", want: `"Jan  1 1970".*"00:00:00"`},
		{epoch: "-1", want: `SOURCE_DATE_EPOCH="-1" must be a number of seconds`, bad: true},
		{epoch: "soon", want: `SOURCE_DATE_EPOCH="soon" must be a number of seconds`, bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.epoch, func(t *testing.T) {
			t.Setenv("SOURCE_DATE_EPOCH", tt.epoch)
			tree = ""
			_, err := Compile(Options{Inputs: []string{filepath.Join(dir, "d.upc")}})
			if tt.bad {
				require.Error(t, err)
				assert.Regexp(t, tt.want, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Regexp(t, tt.want, tree)
		})
	}
}

// The real pipeline, lower included, on the smallest UPC program that uses
// the C library, the runtime and a barrier.
func TestRealPipeline(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"hello.upc": `#include <stdio.h>
#include <upc.h>

int main(void) {
	upc_barrier;
	printf("hello from %d of %d\n", MYTHREAD, THREADS);
	return 0;
}
`})
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{filepath.Join(dir, "hello.upc")}, Stderr: &stderr}, RunOptions{Threads: 3, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, 0, status)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	sort.Strings(lines)
	assert.Equal(t, []string{"hello from 0 of 3", "hello from 1 of 3", "hello from 2 of 3"}, lines)
}
