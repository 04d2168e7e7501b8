package driver

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/mpi"
)

var update = flag.Bool("update", false, "rewrite docs/environment.md's table from Environment")

// repoRoot is the repository, from this package's folder.
var repoRoot = filepath.Join("..", "..")

// The tree reads no variable that Environment does not list, and
// Environment lists none that the tree does not read.
func TestEnvironmentIsComplete(t *testing.T) {
	// A call that reads the environment, or a variable's name standing
	// alone in a string (the mpi conduit's tables of names).
	readRE := regexp.MustCompile(`(?:Getenv|LookupEnv|envLookup)\("([A-Za-z_][A-Za-z0-9_]*)"\)`)
	nameRE := regexp.MustCompile(`"((?:UPC_MPI|UPCGO|OMPI|PMI|UCX)_[A-Za-z0-9_]+)"`)
	read := map[string]string{}
	for _, dir := range []string{"runtime", "stdlib", "internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(repoRoot, dir), func(path string, d fs.DirEntry, err error) error {
			// (env.go is the list itself.)
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == filepath.Join(repoRoot, "internal", "driver", "env.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, re := range []*regexp.Regexp{readRE, nameRE} {
				for _, m := range re.FindAllStringSubmatch(string(src), -1) {
					read[m[1]] = path
				}
			}
			return nil
		})
		require.NoError(t, err)
	}
	listed := map[string]bool{}
	for _, v := range Environment {
		assert.False(t, listed[v.Name], "%s is listed twice", v.Name)
		listed[v.Name] = true
		_, ok := read[v.Name]
		assert.True(t, ok, "%s is listed but nothing reads it", v.Name)
		assert.NotEmpty(t, v.Default, v.Name)
		assert.NotEmpty(t, v.Meaning, v.Name)
	}
	for name, path := range read {
		assert.True(t, listed[name], "%s reads %s, which driver.Environment does not list", path, name)
	}
}

// The defaults listed are the code's.
func TestEnvironmentDefaults(t *testing.T) {
	def := map[string]string{}
	for _, v := range Environment {
		def[v.Name] = v.Default
	}
	c := mpi.DefaultConfig()
	pshm, verbose := "0", "0"
	if c.PSHM {
		pshm = "1"
	}
	if c.Verbose {
		verbose = "1"
	}
	for name, want := range map[string]string{
		"UPC_MPI_PSHM": pshm, "UPC_MPI_THREADS": c.Threads, "UPC_MPI_VIS": c.VIS,
		"UPC_MPI_ATOMICS": c.Atomics, "UPC_MPI_WINDOW": c.Window,
		"UPC_MPI_AGG_BYTES": fmt.Sprint(c.AggBytes), "UPC_MPI_AGG_OPS": fmt.Sprint(c.AggOps),
		"UPC_MPI_AGG_MIN": fmt.Sprint(c.AggMin), "UPC_MPI_AGG_HOLD": c.AggHold.String(),
		"UPC_MPI_SLOTS": fmt.Sprint(c.Slots), "UPC_MPI_OPS_LOCAL": fmt.Sprint(c.OpsLocal),
		"UPC_MPI_OPS_GLOBAL": fmt.Sprint(c.OpsGlobal), "UPC_MPI_TARGETS_LOCAL": fmt.Sprint(c.TargetsLocal),
		"UPC_MPI_TARGETS_GLOBAL": fmt.Sprint(c.TargetsGlobal), "UPC_MPI_EAGER": fmt.Sprint(c.Eager),
		"UPC_MPI_RECVS": fmt.Sprint(c.Recvs), "UPC_MPI_POLL_MAX": c.PollMax.String(),
		"UPC_MPI_SPIN_IDLE": c.SpinIdle.String(), "UPC_MPI_SPIN_BUSY": c.SpinBusy.String(),
		"UPC_MPI_EXIT_WAIT": c.ExitWait.String(), "UPC_MPI_VERBOSE": verbose,
	} {
		assert.Equal(t, want, def[name], name)
	}
	seg, err := gasnet.ParseSize(def["UPC_SHARED_HEAP_SIZE"])
	require.NoError(t, err)
	assert.Equal(t, uintptr(gasnet.DefaultSegmentSize), seg)
}

// docs/environment.md holds Environment's table, as generated; -update
// rewrites it.
func TestEnvironmentDocs(t *testing.T) {
	const begin, end = "<!-- table: go test ./internal/driver -run TestEnvironmentDocs -update -->\n", "<!-- end of table -->\n"
	path := filepath.Join(repoRoot, "docs", "environment.md")
	doc, err := os.ReadFile(path)
	require.NoError(t, err)
	before, rest, ok := strings.Cut(string(doc), begin)
	require.True(t, ok, "%s has no line %q", path, begin)
	table, after, ok := strings.Cut(rest, end)
	require.True(t, ok, "%s has no line %q", path, end)
	want := EnvironmentTable()
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(before+begin+want+end+after), 0o644))
		return
	}
	assert.Equal(t, want, table, "docs/environment.md's table differs from driver.Environment: go test ./internal/driver -run TestEnvironmentDocs -update")
	// Every variable is listed in "upcgo help env" too.
	text := EnvironmentText()
	for _, v := range Environment {
		assert.True(t, slices.ContainsFunc(strings.Split(text, "\n"), func(l string) bool { return strings.HasPrefix(l, "\t"+v.Name+" (default: "+v.Default+")") }), v.Name)
	}
}
