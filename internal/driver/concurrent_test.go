package driver

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompileConcurrently compiles programs of every kind (UPC, OpenSHMEM,
// the collectives and non-blocking libraries, the examples), on smp and
// mpi, first one at a time, then all at once, and requires the same Go
// from both: the front end keeps no state between translations that one
// could see of another, and gives the same Go whatever runs beside it.
// Under make test's race detector it is the check that translations
// share nothing they write: the regression suite, which translates its
// programs side by side, runs without it (its cost there is the
// translator's, five to six times slower under -race, for every program).
func TestCompileConcurrently(t *testing.T) {
	// A few programs of each folder (the first ones by name, so that the
	// set changes little as the folders grow): under -race a translation
	// takes a second of CPU.
	var inputs []string
	for _, pattern := range []string{"../../examples/*.upc", "../../testsuite/upc/*.upc", "../../testsuite/shmem/*.c", "../../testsuite/coll/*.upc", "../../testsuite/nb/*.upc", "../../testsuite/aggregate/*.upc", "../../testsuite/c/*.upc"} {
		paths, err := filepath.Glob(pattern)
		require.NoError(t, err)
		inputs = append(inputs, paths[:min(6, len(paths))]...)
	}
	require.NotEmpty(t, inputs)
	type job struct {
		input, network string
	}
	var jobs []job
	for i, in := range inputs {
		// Every program once, on smp or mpi in turn: the two networks'
		// translations differ in the aggregated loops only.
		network := ""
		if i%2 == 1 {
			network = "mpi"
		}
		jobs = append(jobs, job{in, network})
	}
	compile := func(j job) string {
		var stderr bytes.Buffer
		src, err := Compile(Options{Inputs: []string{j.input}, Network: j.network, Stderr: &stderr})
		// Programs that must not compile give the same diagnostics.
		return fmt.Sprintf("%s\n%v\n%s", src, err, stderr.String())
	}
	alone := make([]string, len(jobs))
	for i, j := range jobs {
		alone[i] = compile(j)
	}
	together := make([]string, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Go(func() { together[i] = compile(j) })
	}
	wg.Wait()
	for i, j := range jobs {
		// testify prints the difference as a unified diff.
		assert.Equal(t, alone[i], together[i], "%s (network %q): compiled beside the others, another translation", j.input, j.network)
	}
}
