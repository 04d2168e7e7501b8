package testsuite

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/driver"
)

// linkDir holds programs of several translation units, one folder each:
// its units are the folder's .upc and .c files, in name order; main.upc
// (or main.c) carries the header comments and the expected output is
// main.out or main.N.out. A program whose units have ERROR comments must
// fail to build with exactly those errors (the link's included).
const linkDir = "link"

// linkedProgram is one folder of linkDir.
type linkedProgram struct {
	main  *program   // main.upc: headers, expected output
	units []*program // every unit, main included, in link order
}

func findLinkedPrograms(t *testing.T) []*linkedProgram {
	dirs, err := os.ReadDir(linkDir)
	require.NoError(t, err)
	var progs []*linkedProgram
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(linkDir, d.Name())
		if _, err := os.Stat(filepath.Join(dir, "Makefile")); err == nil {
			continue // built by its Makefile: makefile_test.go
		}
		var paths []string
		for _, pattern := range []string{"*.upc", "*.c"} {
			m, err := filepath.Glob(filepath.Join(dir, pattern))
			require.NoError(t, err)
			paths = append(paths, m...)
		}
		sort.Strings(paths)
		lp := &linkedProgram{}
		for _, path := range paths {
			p, err := parseProgram(path)
			require.NoError(t, err)
			lp.units = append(lp.units, p)
			if strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) == "main" {
				lp.main = p
			}
		}
		require.NotNil(t, lp.main, "%s has no main.upc or main.c", dir)
		progs = append(progs, lp)
	}
	return progs
}

func (lp *linkedProgram) inputs() []string {
	var in []string
	for _, u := range lp.units {
		in = append(in, u.path)
	}
	return in
}

func (lp *linkedProgram) wantsErrors() bool {
	for _, u := range lp.units {
		if len(u.wantErrors) > 0 {
			return true
		}
	}
	return false
}

// TestLinkedPrograms builds each program of linkDir from its sources, and
// again as make does, each unit compiled to an object on its own (-c) and
// the objects linked; both binaries must print the expected output.
func TestLinkedPrograms(t *testing.T) {
	for _, lp := range findLinkedPrograms(t) {
		name := filepath.Dir(lp.main.path)
		if !selected(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if lp.main.gcc && suiteNetwork.name == "" {
				t.Run("gcc", func(t *testing.T) { checkUnitsWithGCC(t, lp.main, lp.inputs()) })
			}
			layouts := suiteNetwork.layouts(lp.main)
			if !lp.wantsErrors() && len(layouts) == 0 {
				t.Skipf("none of its thread counts %v fits the %s layouts", lp.main.threads, suiteNetwork.name)
			}
			slots <- struct{}{}
			var stderr bytes.Buffer
			opts := driver.Options{
				Inputs:        lp.inputs(),
				Output:        binaryPath(name, ""),
				StaticThreads: lp.main.static,
				Network:       suiteNetwork.name,
				Stderr:        &stderr,
			}
			if lp.wantsErrors() {
				_, err := driver.Build(opts)
				<-slots
				var progErr *driver.ProgramError
				require.True(t, errors.As(err, &progErr), "want errors, got %v\n%s", err, stderr.String())
				checkUnitDiagnostics(t, lp.units, stderr.String())
				return
			}
			fromSources, err := driver.Build(opts)
			var fromObjects string
			if err == nil {
				fromObjects, err = buildFromObjects(t, opts)
			}
			<-slots
			require.NoError(t, err, stderr.String())
			assert.NotRegexp(t, `(?m)^\S+:\d+:\d+: error:`, stderr.String())
			for _, l := range layouts {
				t.Run(l.name, func(t *testing.T) { runAt(t, lp.main, fromSources, l) })
			}
			// Linked from objects, the program differs only in how its
			// private globals are reached: once is enough.
			l := layouts[len(layouts)-1]
			t.Run("objects/"+l.name, func(t *testing.T) { runAt(t, lp.main, fromObjects, l) })
		})
	}
}

// buildFromObjects compiles each input to an object with -c, then links
// the objects into opts.Output + "-objects".
func buildFromObjects(t *testing.T, opts driver.Options) (string, error) {
	objDir := t.TempDir()
	var objects []string
	for _, in := range opts.Inputs {
		c := opts
		c.Inputs, c.CompileOnly = []string{in}, true
		c.Output = filepath.Join(objDir, strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))+".o")
		if _, err := driver.Build(c); err != nil {
			return "", err
		}
		objects = append(objects, c.Output)
	}
	opts.Inputs = objects
	opts.Output += "-objects"
	return driver.Build(opts)
}
