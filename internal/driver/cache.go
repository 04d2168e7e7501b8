package driver

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/upcgo/upcgo"
	"github.com/upcgo/upcgo/lower"
)

// The cache folder holds two kinds of entries, each named by a hash of its
// content so that a folder, once complete, never changes:
//
//	runtime/<hash>/  the embedded runtime and stdlib source, as a module
//	build/<hash>/    one program's main.go and go.mod (and, for Run, its binary)

// modulePath is the module the runtime packages belong to; generated
// programs import it, and their go.mod replaces it with the extracted tree.
const modulePath = "github.com/upcgo/upcgo"

// defaultGoVersion is the go directive written when the embedded go.mod has
// none (it always should).
const defaultGoVersion = "1.26"

// CacheDir returns the folder upcgo keeps extracted runtimes and build
// folders in: $UPCGO_CACHE if set, else the user's cache folder + "/upcgo".
func CacheDir() (string, error) {
	if dir := os.Getenv("UPCGO_CACHE"); dir != "" {
		return filepath.Abs(dir)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a cache folder (set UPCGO_CACHE): %v", err)
	}
	return filepath.Join(base, "upcgo"), nil
}

// embedded describes the runtime source inside the upcgo binary. It is
// computed once per process: hashing reads every embedded file.
var embedded = sync.OnceValue(func() embeddedTree {
	var t embeddedTree
	h := sha256.New()
	// fs.WalkDir visits in lexical order, so the hash is stable.
	err := fs.WalkDir(upcgo.Source, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !wanted(path) {
			return err
		}
		data, err := upcgo.Source.ReadFile(path)
		if err != nil {
			return err
		}
		if path == "go.mod" {
			t.goVersion = goDirective(data)
			return nil
		}
		t.files = append(t.files, path)
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		t.err = err
	}
	if t.goVersion == "" {
		t.goVersion = defaultGoVersion
	}
	fmt.Fprintf(h, "go %s\x00", t.goVersion)
	t.hash = hex.EncodeToString(h.Sum(nil))[:16]
	return t
})

type embeddedTree struct {
	files     []string // paths in upcgo.Source to extract (not go.mod)
	goVersion string   // the go directive of upcgo's go.mod
	hash      string   // names the extracted folder
	err       error    // reading the embedded tree failed (a broken upcgo build)
}

// RuntimeHash identifies the runtime and library source built into this
// upcgo binary (for version output and bug reports).
func RuntimeHash() string { return embedded().hash }

// wanted reports whether an embedded file belongs in the extracted module:
// tests are embedded only because patterns cannot exclude them.
func wanted(path string) bool {
	return !strings.HasSuffix(path, "_test.go")
}

// goDirective returns the version of a go.mod's go directive, or "".
func goDirective(gomod []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == "go" {
			return f[1]
		}
	}
	return ""
}

// runtimeDir returns the folder holding the extracted runtime module under
// cache, extracting it first if no earlier run did, and marks it used.
//
// Several upcgo processes may start at once on a fresh cache: each writes a
// complete tree into its own temporary folder and renames it into place.
// rename(2) of a folder onto an existing non-empty one fails, so the first
// rename wins, the others discard their copy, and a folder under its final
// name is always complete.
func runtimeDir(cache string) (string, error) {
	t := embedded()
	if t.err != nil {
		return "", &InternalError{Msg: "cannot read the runtime source embedded in upcgo", Detail: t.err.Error()}
	}
	final := filepath.Join(cache, "runtime", t.hash)
	if _, err := os.Stat(filepath.Join(final, "go.mod")); err == nil {
		markUsed(final)
		return final, nil
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", fmt.Errorf("cannot create the cache folder: %v", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), "tmp-")
	if err != nil {
		return "", fmt.Errorf("cannot create the cache folder: %v", err)
	}
	if err := extract(tmp, t); err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("cannot extract the runtime into %s: %v", tmp, err)
	}
	if err := os.Rename(tmp, final); err != nil {
		os.RemoveAll(tmp)
		// Another process renamed its copy first: use that one.
		if _, statErr := os.Stat(filepath.Join(final, "go.mod")); statErr == nil {
			return final, nil
		}
		// final exists without its go.mod: damaged by hand.
		return "", fmt.Errorf("cannot extract the runtime (delete %s and try again): %v", final, err)
	}
	return final, nil
}

// emitRuntimeDir is the folder of an -emit-go folder that holds its own
// copy of the runtime module, so that the emitted program keeps building
// with a plain "go build" after upcgo's cache is cleared, or elsewhere.
const emitRuntimeDir = "upcgo-runtime"

// emitHashFile, in an emitted runtime copy, names the runtime it holds.
const emitHashFile = ".upcgo-runtime-hash"

// emitRuntime writes the runtime module into the -emit-go folder dir,
// unless the copy there is of this upcgo's runtime already, and returns
// its path. The copy is complete or absent: it is written beside and
// renamed into place.
func emitRuntime(dir string) (string, error) {
	t := embedded()
	if t.err != nil {
		return "", &InternalError{Msg: "cannot read the runtime source embedded in upcgo", Detail: t.err.Error()}
	}
	final := filepath.Join(dir, emitRuntimeDir)
	if h, err := os.ReadFile(filepath.Join(final, emitHashFile)); err == nil && string(h) == t.hash {
		return final, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, ".tmp-runtime-")
	if err != nil {
		return "", err
	}
	err = extract(tmp, t)
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, emitHashFile), []byte(t.hash), 0o444)
	}
	if err == nil {
		err = os.RemoveAll(final)
	}
	if err == nil {
		err = os.Rename(tmp, final)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("cannot write the runtime into %s: %v", final, err)
	}
	return final, nil
}

// extract writes the runtime module into dir. Files are read-only, as in
// Go's module cache, so that an editor jumping into runtime code does not
// silently change what later builds use.
func extract(dir string, t embeddedTree) error {
	gomod := fmt.Sprintf("module %s\n\ngo %s\n", modulePath, t.goVersion)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o444); err != nil {
		return err
	}
	for _, path := range t.files {
		data, err := upcgo.Source.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o444); err != nil {
			return err
		}
	}
	return nil
}

// programGoMod is the go.mod of a program's build folder: the program is
// its own main module and takes the runtime from the extracted tree (an
// absolute path, or one relative to the build folder starting "./"), so
// the build needs no network and no go.sum.
func programGoMod(runtime string) []byte {
	return fmt.Appendf(nil, "module upcprog\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		embedded().goVersion, modulePath, modulePath, strconv.Quote(runtime))
}

// buildKey names a program's build folder. The network is part of it
// because conduits other than smp will select runtime files by build tag.
func buildKey(runtime, network string, prog *lower.Program) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", runtime, network)
	for _, f := range prog.Files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Name, len(f.Source))
		h.Write(f.Source)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// generatedHeader starts every Go file upcgo writes.
const generatedHeader = "// Code generated by upcgo"

// generated reports whether the Go file at path is one upcgo wrote.
func generated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(generatedHeader))
	_, err = io.ReadFull(f, head)
	return err == nil && string(head) == generatedHeader
}

// writeBuildDir writes the program's Go files and go.mod into dir, and
// removes Go files upcgo wrote there for an earlier program (an -emit-go
// folder reused). Each file is written under a temporary name and
// renamed, so a concurrent build of the same program (same folder, same
// content) never reads a half-written file.
func writeBuildDir(dir, runtime string, prog *lower.Program) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, "go.mod"), programGoMod(runtime)); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, f := range prog.Files {
		keep[f.Name] = true
		if err := writeFileAtomic(filepath.Join(dir, f.Name), f.Source); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if strings.HasSuffix(e.Name(), ".go") && !keep[e.Name()] && generated(path) {
			if err := os.Remove(path); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeFileAtomic(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		// The usual case when a program is rebuilt unchanged.
		return nil
	}
	return replaceFile(path, data)
}

// replaceFile writes data to path under a temporary name and renames it
// into place, so that no reader sees half a file.
func replaceFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	// CreateTemp makes the file private; emitted Go is an ordinary file.
	merr := os.Chmod(f.Name(), 0o644)
	if err := errors.Join(werr, cerr, merr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
