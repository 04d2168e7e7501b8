package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/driver"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		name    string
		command string
		args    []string
		want    invocation
	}{
		{"source only", "build", []string{"p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}}}},
		{"gcc order: flags after the file", "build", []string{"p.upc", "-o", "out", "-T", "4"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, Output: "out", StaticThreads: 4}}},
		{"glued values", "build", []string{"-oout", "-T8", "-DN=10", "-DDEBUG", "-UNDEBUG", "-Iinc", "p.c"},
			invocation{opts: driver.Options{Inputs: []string{"p.c"}, Output: "out", StaticThreads: 8,
				Defines: []string{"N=10", "DEBUG"}, Undefs: []string{"NDEBUG"}, IncludeDirs: []string{"inc"}}}},
		{"separate values", "build", []string{"-D", "N=10", "-U", "X", "-I", "inc", "-emit-go", "gen", "-network", "smp", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, Defines: []string{"N=10"}, Undefs: []string{"X"},
				IncludeDirs: []string{"inc"}, EmitGo: "gen", Network: "smp"}}},
		{"= values and double dashes", "build", []string{"-T=4", "--emit-go=gen", "-network=smp", "--o", "x", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, Output: "x", StaticThreads: 4, EmitGo: "gen", Network: "smp"}}},
		{"GNU UPC thread flag", "build", []string{"-fupc-threads=16", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, StaticThreads: 16}}},
		{"macro value with '='", "build", []string{"-DEQ=a=b", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, Defines: []string{"EQ=a=b"}}}},
		{"later -T wins", "build", []string{"-T", "2", "-T", "3", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, StaticThreads: 3}}},
		{"-- ends flags", "build", []string{"--", "-odd.upc"},
			invocation{opts: driver.Options{Inputs: []string{"-odd.upc"}}}},
		{"help", "build", []string{"-h"}, invocation{help: true}},
		{"help after other flags", "build", []string{"-T", "2", "--help", "p.upc"},
			invocation{opts: driver.Options{StaticThreads: 2}, help: true}},
		{"run: threads and program args", "run", []string{"-n", "4", "p.upc", "-n", "x", "-o"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}}, threads: 4, args: []string{"-n", "x", "-o"}}},
		{"run: glued -n and build flags", "run", []string{"-n2", "-DX", "-T2", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, Defines: []string{"X"}, StaticThreads: 2}, threads: 2}},
		{"run: -n=N", "run", []string{"-n=3", "p.upc", "a"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}}, threads: 3, args: []string{"a"}}},
		{"run: mpi network, threads per process", "run", []string{"-network", "mpi", "-n", "8", "-ppn", "2", "p.upc", "-ppn", "9"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}, Network: "mpi"}, threads: 8, perProc: 2, args: []string{"-ppn", "9"}}},
		{"run: -ppn=P", "run", []string{"-ppn=4", "p.upc"},
			invocation{opts: driver.Options{Inputs: []string{"p.upc"}}, perProc: 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseFlags(tt.command, tt.args)
			require.NoError(t, err)
			assert.Equal(t, tt.want, *got)
		})
	}
}

func TestParseFlagsErrors(t *testing.T) {
	tests := []struct {
		command string
		args    []string
		want    string
	}{
		{"build", nil, "no source file"},
		{"build", []string{"-T", "4"}, "no source file"},
		{"build", []string{"-frobnicate", "p.upc"}, "unknown flag -frobnicate"},
		{"build", []string{"-netwrk", "smp", "p.upc"}, "unknown flag -netwrk (did you mean -network?)"},
		{"build", []string{"-Tfour", "p.upc"}, "unknown flag -Tfour"},
		{"build", []string{"-T", "0", "p.upc"}, `invalid -T value "0": want a thread count of at least 1`},
		{"build", []string{"-T=x", "p.upc"}, `invalid -T value "x"`},
		{"build", []string{"-fupc-threads=-1", "p.upc"}, `invalid -fupc-threads value "-1"`},
		{"build", []string{"p.upc", "-o"}, "flag -o needs a value"},
		{"build", []string{"-D", "=1", "p.upc"}, "-D needs a macro name"},
		{"build", []string{"-n", "4", "p.upc"}, "-n is a run-time flag: give it to the program"},
		{"build", []string{"-h=1"}, "flag -h takes no value"},
		{"run", []string{"-n", "p.upc"}, `invalid -n value "p.upc"`},
		{"run", []string{"-n", "4"}, "no source file"},
		{"run", []string{"-ppn", "0", "p.upc"}, `invalid -ppn value "0"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(append([]string{tt.command}, tt.args...), " "), func(t *testing.T) {
			_, err := parseFlags(tt.command, tt.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// Whole command lines: exit status and what is printed where. None of
// these reach the Go toolchain.
func TestCommands(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("UPCGO_CACHE", filepath.Join(dir, "cache"))
	require.NoError(t, os.WriteFile("bad.upc", []byte("int main(void) {\n\tint x = 1\n\treturn x;\n}\n"), 0o644))
	require.NoError(t, os.WriteFile("ok.upc", []byte("int main(void) { return 0; }\n"), 0o644))

	tests := []struct {
		name   string
		args   []string
		status int
		stdout string // substrings expected
		stderr string
	}{
		{"no arguments", nil, 2, "", "Usage:"},
		{"help", []string{"help"}, 0, "upcgo build [flags] files...", ""},
		{"-h", []string{"-h"}, 0, "upcgo run [-n N]", ""},
		{"help build", []string{"help", "build"}, 0, "-emit-go dir", ""},
		{"help run", []string{"help", "run"}, 0, "-n N", ""},
		{"build -h", []string{"build", "-h"}, 0, "usage: upcgo build", ""},
		{"help unknown", []string{"help", "frobnicate"}, 2, "", `unknown help topic "frobnicate"`},
		{"version", []string{"version"}, 0, "upcgo version ", ""},
		{"help env", []string{"help", "env"}, 0, "\tUPC_SHARED_HEAP_SIZE (default: 512MB)\n", ""},
		{"help clean", []string{"help", "clean"}, 0, "usage: upcgo clean", ""},
		{"clean with arguments", []string{"clean", "all"}, 2, "", "upcgo clean: unexpected arguments all"},
		{"version with arguments", []string{"version", "x"}, 2, "", "unexpected arguments x"},
		{"unknown command", []string{"compile", "p.upc"}, 2, "", `unknown command "compile" (the commands are build, run, upcc, gupc, upcrun, version, clean and help)`},
		{"unknown flag", []string{"build", "-frobnicate", "ok.upc"}, 2, "", "upcgo build: unknown flag -frobnicate\nusage: upcgo build ["},
		{"syntax error", []string{"build", "bad.upc"}, 1, "", "bad.upc:3:2: error: "},
		{"syntax error, run", []string{"run", "-n", "2", "bad.upc"}, 1, "", "bad.upc:3:2: error: "},
		{"unknown network", []string{"build", "-network", "infiniband", "ok.upc"}, 2, "", `upcgo build: unknown network "infiniband" (upcgo has smp and mpi)`},
		{"another UPC's network", []string{"build", "-network", "ibv", "ok.upc"}, 2, "", `-network=ibv: upcgo has smp (one process) and mpi (MPI processes, on any network MPI runs on): use -network=mpi`},
		{"-ppn is a run flag", []string{"build", "-ppn", "2", "ok.upc"}, 2, "", "-ppn is a run-time flag"},
		{"missing file", []string{"build", "gone.upc"}, 1, "", "upcgo: gone.upc: no such file or directory\n"},
		{"not a source file", []string{"build", "notes.txt"}, 2, "", "upcgo: notes.txt: not a UPC or C source file or an object file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := upcgo(append([]string{"upcgo"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
			assert.Equal(t, tt.status, status, "stderr: %s", stderr.String())
			if tt.stdout == "" {
				assert.Empty(t, stdout.String())
			} else {
				assert.Contains(t, stdout.String(), tt.stdout)
			}
			if tt.stderr == "" {
				assert.Empty(t, stderr.String())
			} else {
				assert.Contains(t, stderr.String(), tt.stderr)
			}
		})
	}
}

// A syntax error prints the gcc-style line, the source line and a caret
// under the offending token, and nothing else.
func TestSyntaxErrorOutput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("bad.upc", []byte("int main(void) {\n\tint x = 1\n\treturn x;\n}\n"), 0o644))
	var stdout, stderr bytes.Buffer
	status := upcgo([]string{"upcgo", "build", "bad.upc"}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 1, status)
	lines := strings.Split(stderr.String(), "\n")
	require.Len(t, lines, 4, stderr.String()) // three lines and the final newline
	assert.Regexp(t, `^bad\.upc:3:2: error: \S`, lines[0])
	assert.Equal(t, " \treturn x;", lines[1])
	assert.Equal(t, " \t^", lines[2])
	_, err := os.Stat("bad")
	assert.True(t, os.IsNotExist(err), "a binary was written")
}

func TestCompilerFlagsIgnored(t *testing.T) {
	inv, err := parseFlags("build", []string{"-O2", "-g", "-Wall", "-Wextra", "-std=c99", "-lm", "-pthread", "-o", "out", "p.upc"})
	require.NoError(t, err)
	assert.Equal(t, []string{"p.upc"}, inv.opts.Inputs)
	assert.Equal(t, "out", inv.opts.Output)
	for _, bad := range []string{"-Oz9", "-gdb", "-Wl,-O1", "-lfoo"} {
		_, err := parseFlags("build", []string{bad, "p.upc"})
		assert.Error(t, err, bad)
	}
}

// upcgo clean removes the cache folder.
func TestClean(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "cache")
	t.Setenv("UPCGO_CACHE", cache)
	require.NoError(t, os.MkdirAll(filepath.Join(cache, "build", "x"), 0o755))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, upcgo([]string{"upcgo", "clean"}, strings.NewReader(""), &stdout, &stderr), stderr.String())
	assert.NoDirExists(t, cache)
	assert.Empty(t, stdout.String()+stderr.String())
}
