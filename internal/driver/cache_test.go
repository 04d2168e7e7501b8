package driver

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo"
	"github.com/upcgo/upcgo/lower"
)

// The embedded tree holds what generated programs import, and no tests.
func TestEmbeddedTree(t *testing.T) {
	tree := embedded()
	require.NoError(t, tree.err)
	assert.Regexp(t, `^1\.\d+`, tree.goVersion)
	assert.Len(t, tree.hash, 16)
	dirs := map[string]bool{}
	for _, f := range tree.files {
		assert.False(t, strings.HasSuffix(f, "_test.go"), f)
		dirs[filepath.Dir(f)] = true
	}
	for _, d := range []string{"runtime/gasnet", "runtime/upc", "runtime/shmem", "runtime/cmem", "runtime/crt", "stdlib", "stdlib/include"} {
		assert.True(t, dirs[d], "nothing embedded from %s", d)
	}
}

// The runtime and stdlib must build offline, so they may import only the
// standard library, cgo, and each other, and then only packages that are
// embedded too.
func TestEmbeddedImportsStdlibOnly(t *testing.T) {
	embeddedDirs := map[string]bool{}
	for _, path := range embedded().files {
		embeddedDirs[filepath.ToSlash(filepath.Dir(path))] = true
	}
	fset := token.NewFileSet()
	for _, path := range embedded().files {
		if !strings.HasSuffix(path, ".go") {
			continue
		}
		src, err := upcgo.Source.ReadFile(path)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, path, src, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			require.NoError(t, err)
			if own, ok := strings.CutPrefix(p, modulePath+"/"); ok {
				assert.True(t, embeddedDirs[own], "%s imports %s, which embed.go does not embed", path, p)
				continue
			}
			first, _, _ := strings.Cut(p, "/")
			ok := p == "C" || !strings.Contains(first, ".")
			assert.True(t, ok, "%s imports %s, which an offline build cannot fetch", path, p)
		}
	}
}

// Many upcgo processes starting on an empty cache agree on one complete
// runtime folder and leave no temporary folders behind.
func TestRuntimeExtractionConcurrent(t *testing.T) {
	cache := t.TempDir()
	const n = 8
	dirs := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { dirs[i], errs[i] = runtimeDir(cache) })
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		assert.Equal(t, dirs[0], dirs[i])
	}
	assert.Equal(t, filepath.Join(cache, "runtime", RuntimeHash()), dirs[0])

	entries, err := os.ReadDir(filepath.Join(cache, "runtime"))
	require.NoError(t, err)
	require.Len(t, entries, 1, "temporary folders left behind")

	var got []string
	err = filepath.WalkDir(dirs[0], func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dirs[0], path)
			got = append(got, filepath.ToSlash(rel))
		}
		return err
	})
	require.NoError(t, err)
	want := append([]string{"go.mod"}, embedded().files...)
	sort.Strings(want)
	sort.Strings(got)
	assert.Equal(t, want, got)

	gomod, err := os.ReadFile(filepath.Join(dirs[0], "go.mod"))
	require.NoError(t, err)
	assert.Equal(t, "module github.com/upcgo/upcgo\n\ngo "+embedded().goVersion+"\n", string(gomod))

	// A second call finds the folder without extracting again.
	again, err := runtimeDir(cache)
	require.NoError(t, err)
	assert.Equal(t, dirs[0], again)
}

func TestProgramGoMod(t *testing.T) {
	got := string(programGoMod("/home/a user/.cache/upcgo/runtime/0123456789abcdef"))
	want := "module upcprog\n\ngo " + embedded().goVersion + "\n\n" +
		"require github.com/upcgo/upcgo v0.0.0\n\n" +
		"replace github.com/upcgo/upcgo => \"/home/a user/.cache/upcgo/runtime/0123456789abcdef\"\n"
	assert.Equal(t, want, got)
}

func TestGoDirective(t *testing.T) {
	tests := []struct{ gomod, want string }{
		{"module m\n\ngo 1.26.0\n", "1.26.0"},
		{"module m\ngo 1.26\nrequire x v1.0.0\n", "1.26"},
		{"module m\n", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, goDirective([]byte(tt.gomod)), tt.gomod)
	}
}

// The build folder depends on everything that changes the build.
func TestBuildKey(t *testing.T) {
	prog := func(src string) *lower.Program {
		return &lower.Program{Files: []lower.File{{Name: "main.go", Source: []byte(src)}}}
	}
	base := buildKey("/c/runtime/a", "smp", prog("package main"))
	assert.Len(t, base, 16)
	assert.Equal(t, base, buildKey("/c/runtime/a", "smp", prog("package main")))
	assert.NotEqual(t, base, buildKey("/c/runtime/b", "smp", prog("package main")))
	assert.NotEqual(t, base, buildKey("/c/runtime/a", "mpi", prog("package main")))
	assert.NotEqual(t, base, buildKey("/c/runtime/a", "smp", prog("package main\n")))
}

func TestCacheDir(t *testing.T) {
	t.Setenv("UPCGO_CACHE", "rel/cache")
	dir, err := CacheDir()
	require.NoError(t, err)
	wd, err := os.Getwd()
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(wd, "rel/cache"), dir)

	t.Setenv("UPCGO_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	dir, err = CacheDir()
	require.NoError(t, err)
	assert.Equal(t, "/xdg/upcgo", dir)
}
