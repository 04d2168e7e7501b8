package difftest

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/driver"
)

var (
	flagSeed   = flag.Uint64("seed", 0, "check only this seed")
	flagSeeds  = flag.Int("seeds", 0, "check seeds 1 to n instead of the fixed ones")
	flagFresh  = flag.Duration("fresh", 0, "check fresh random seeds for this long (per network), after the fixed ones")
	flagUpcgo  = flag.String("upcgo", "", "test this upcgo binary (e.g. one built from an older commit) instead of this tree's")
	flagNet    = flag.String("network", "smp,mpi", "the networks to test, comma-separated")
	flagReduce = flag.Bool("reduce", false, "minimise each failing program")
	flagKeep   = flag.String("keep", "", "write each failing program (minimised with -reduce) to this folder as a regression-suite program")
	flagRepeat = flag.Int("repeat", 1, "runs of each program per thread count")
	flagLong   = flag.Bool("long", false, "check the long set of fixed seeds (make test-long) instead of the quick one")
)

// The fixed seeds. Each program costs a upcgo build (and a cgo build on
// mpi), so every go test run (make test) checks the quick set: the few
// programs that between them have every core feature (CoreFeatures,
// checked by TestQuickSeedsCover), and seed 47, which finds issue 12's
// 8-byte store (lower/assign.go's shared store without its Go type
// argument) at THREADS=1; on mpi, the one with the most moves. make
// test-long (-long) checks the long set on both networks, then fresh
// seeds.
var (
	quickSeeds    = []uint64{38, 47, 141, 172, 280, 445}
	quickMPISeeds = []uint64{141}
	longSeeds     = []uint64{1, 2, 3, 4, 5, 6, 7, 8, 38, 47, 141, 172, 280, 445}
)

var testStart = time.Now()

func TestMain(m *testing.M) {
	flag.Parse()
	// Like the regression suite: one runtime extraction for the run,
	// thrown away afterwards; Go's build cache keeps the compiled runtime.
	if os.Getenv("UPCGO_CACHE") == "" {
		cache, err := os.MkdirTemp("", "upcgo-difftest-cache-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Setenv("UPCGO_CACHE", cache)
		code := m.Run()
		os.RemoveAll(cache)
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// newChecker returns a Checker for the test, or skips it when gcc, the
// oracle's compiler, is missing.
func newChecker(t *testing.T) *Checker {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the differential test needs gcc for its oracle (apt-get install gcc)")
	}
	var comp Compiler = DriverCompiler{}
	if *flagUpcgo != "" {
		abs, err := filepath.Abs(*flagUpcgo)
		require.NoError(t, err)
		comp = BinaryCompiler{Path: abs}
	}
	return &Checker{Compiler: comp, GCC: gcc, Dir: t.TempDir(), Timeout: time.Minute, Repeat: *flagRepeat}
}

// TestDifferential generates programs from seeds, builds each with upcgo
// and as the serial C model with gcc, and compares their output at every
// run of the network: the fixed seeds always, fresh ones for -fresh.
func TestDifferential(t *testing.T) {
	for _, network := range strings.Split(*flagNet, ",") {
		t.Run(network, func(t *testing.T) {
			c := newChecker(t)
			var runs []Run
			seeds := quickSeeds
			switch network {
			case "smp":
				runs = SMPRuns()
			case "mpi":
				if _, err := driver.FindMPI(); err != nil {
					t.Skipf("the mpi runs need MPI: %v", err)
				}
				runs = MPIRuns()
				seeds = quickMPISeeds
			default:
				t.Fatalf("-network: unknown network %q", network)
			}
			switch {
			case *flagSeed != 0:
				seeds = []uint64{*flagSeed}
			case *flagSeeds > 0:
				seeds = nil
				for s := 1; s <= *flagSeeds; s++ {
					seeds = append(seeds, uint64(s))
				}
			case *flagLong:
				seeds = longSeeds
			}
			for _, seed := range seeds {
				checkSeed(t, c, seed, runs)
			}
			if *flagFresh > 0 {
				fresh(t, c, runs, *flagFresh)
			}
		})
	}
}

// The quick seeds have every core feature between them, so that make
// test's few programs still exercise every layout, affinity kind, loop
// shape, memcpy-family API and completion. A change to the generator
// changes the programs of a seed: the failure names replacements.
func TestQuickSeedsCover(t *testing.T) {
	have := map[string]bool{}
	for _, s := range quickSeeds {
		maps.Copy(have, Features(Generate(s)))
	}
	var missing []string
	for _, f := range CoreFeatures() {
		if !have[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		var candidates []uint64
		for s := uint64(1); s <= 1000; s++ {
			candidates = append(candidates, s)
		}
		t.Errorf("the quick seeds %v miss %q; seeds that have every core feature: %v",
			quickSeeds, missing, coverSeeds(candidates, CoreFeatures()))
	}
}

// checkSeed checks one program and reports a failure as a test error.
func checkSeed(t *testing.T, c *Checker, seed uint64, runs []Run) bool {
	p := Generate(seed)
	f, err := c.Check(p, runs)
	require.NoError(t, err, "the tester failed, not upcgo")
	if f == nil {
		return true
	}
	t.Errorf("seed %d: %v", seed, f)
	if *flagSeeds > 0 || *flagFresh > 0 {
		t.Logf("seed %d failed after %v of this test", seed, time.Since(testStart).Round(time.Second))
	}
	report(t, c, p, f, runs)
	return false
}

// fresh checks random seeds for d and logs how many it checked and how
// long the first failure took.
func fresh(t *testing.T, c *Checker, runs []Run, d time.Duration) {
	start := time.Now()
	seed := uint64(start.UnixNano())
	checked, failed := 0, 0
	for time.Since(start) < d {
		seed = seed*6364136223846793005 + 1442695040888963407
		checked++
		if !checkSeed(t, c, seed, runs) {
			if failed == 0 {
				t.Logf("first failure: seed %d, the %d-th program, after %v", seed, checked, time.Since(start).Round(time.Second))
			}
			failed++
		}
	}
	t.Logf("fresh seeds: %d programs in %v, %d failed", checked, time.Since(start).Round(time.Second), failed)
}

// report minimises a failing program (-reduce) and keeps it (-keep).
func report(t *testing.T, c *Checker, p *Program, f *Failure, runs []Run) {
	if *flagReduce {
		p, f = Reduce(c, p, f, t.Logf)
		t.Logf("seed %d minimised: %v\n%s", p.Seed, f, UPC(p, ""))
	}
	if *flagKeep == "" {
		return
	}
	name := fmt.Sprintf("difftest_%d", p.Seed)
	if err := WriteRegression(c, p, *flagKeep, name, f); err != nil {
		t.Errorf("keeping seed %d: %v", p.Seed, err)
	}
}
