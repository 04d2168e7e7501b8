package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// suiteThreads are the thread counts a kept program runs at in the
// regression suite (its default counts, which include the mpi layouts'
// 2 and 4).
var suiteThreads = []int{1, 2, 3, 4, 8}

// WriteRegression writes p into dir as a regression-suite program: name.upc
// with a header saying where it came from and name.N.out, the model's
// output at each of the suite's thread counts (never upcgo's).
func WriteRegression(c *Checker, p *Program, dir, name string, f *Failure) error {
	var runs []Run
	for _, n := range suiteThreads {
		runs = append(runs, Run{Network: "smp", Threads: n})
	}
	work := filepath.Join(c.Dir, name)
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	want, err := c.Expected(p, work, runs)
	if err != nil {
		return err
	}
	var counts []string
	for _, n := range suiteThreads {
		counts = append(counts, fmt.Sprint(n))
	}
	header := fmt.Sprintf("// threads: %s\n/* Found by internal/difftest (seed %d, minimised): %s.\n   The expected outputs are the serial C model's, built by gcc. */\n",
		strings.Join(counts, " "), p.Seed, oneLine(f))
	if err := os.WriteFile(filepath.Join(dir, name+".upc"), []byte(UPC(p, header)), 0o644); err != nil {
		return err
	}
	for _, n := range suiteThreads {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s.%d.out", name, n)), []byte(want[n]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// oneLine summarises a failure for a comment.
func oneLine(f *Failure) string {
	if f == nil {
		return "no failure recorded"
	}
	s := fmt.Sprintf("%s at %s", f.Kind, f.Run)
	if f.Kind == BuildFailed {
		if m := compileErrRE.FindStringSubmatch(f.Detail); m != nil {
			s += ": " + strings.ReplaceAll(m[1], "*/", "* /")
		}
	}
	return s
}
