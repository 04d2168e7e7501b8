package testsuite

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/driver"
)

// TestAggregateDifferential is the aggregation pass's differential test:
// every runnable program is translated with and without the pass, and
// where the pass changed the generated Go, the -fno-aggregate build runs
// too and must print the same expected output that TestPrograms requires
// of the default (aggregated) build. Programs the pass leaves alone are
// not built twice, which keeps the cost to the loops it transforms.
//
// A transformed loop lists, buffers and strip-mines only where some
// thread's memory is reached by messages (upc.Agg decides per process);
// on smp with one process it runs as written. So on smp the default build
// also runs with one simulated process per thread (-ppn 1), where the
// strips run and must print the same. That default build is TestPrograms'
// binary, built once for both tests (build): only the -fno-aggregate
// build is linked here alone.
//
// By default (make test) it runs on smp at 1 and 4 threads; UPCGO_AGGREGATE_FULL=1
// (make test-long) runs every count the program lists, and on the mpi
// conduit too when UPCGO_SUITE_NETWORK=mpi.
func TestAggregateDifferential(t *testing.T) {
	full := os.Getenv("UPCGO_AGGREGATE_FULL") != ""
	if suiteNetwork.name != "" && !full {
		t.Skip("on the mpi conduit only with UPCGO_AGGREGATE_FULL=1 (make test-long)")
	}
	known := readKnownFailures(t)
	for _, p := range findPrograms(t) {
		if !selected(p.path) {
			continue
		}
		if _, isKnown := known[p.path]; isKnown || len(p.wantErrors) > 0 {
			continue
		}
		t.Run(strings.TrimPrefix(p.path, "../"), func(t *testing.T) {
			t.Parallel()
			slots <- struct{}{}
			opts := driver.Options{
				Inputs:        []string{p.path},
				Output:        binaryPath(p.path, "-noagg"),
				StaticThreads: p.static,
				Network:       suiteNetwork.name,
				Stderr:        &bytes.Buffer{},
			}
			with, _, err := translate(p, suiteNetwork.name, false)
			if err != nil {
				<-slots
				t.Skipf("does not compile: %v", err) // TestPrograms reports it
			}
			opts.NoAggregate = true
			without, _, err := translate(p, suiteNetwork.name, true)
			require.NoError(t, err)
			if bytes.Equal(with, without) {
				<-slots
				t.Skip("the pass changes nothing")
			}
			binPath, err := build(opts)
			var aggPath string
			if err == nil && suiteNetwork.name == "" {
				opts.NoAggregate = false
				opts.Output = binaryPath(p.path, "") // TestPrograms' build (build)
				aggPath, err = build(opts)
			}
			<-slots
			require.NoError(t, err)
			for _, l := range suiteNetwork.layouts(p) {
				if !full && !slices.Contains([]int{1, 4}, l.threads) {
					continue
				}
				t.Run(l.name, func(t *testing.T) {
					slots <- struct{}{}
					defer func() { <-slots }()
					runAt(t, p, binPath, l)
				})
				if aggPath != "" && l.threads > 1 && p.static == 0 {
					sim := layout{name: l.name + "/simulated-procs", threads: l.threads, perProc: 1}
					t.Run(sim.name, func(t *testing.T) {
						slots <- struct{}{}
						defer func() { <-slots }()
						runAt(t, p, aggPath, sim)
					})
				}
			}
		})
	}
}
