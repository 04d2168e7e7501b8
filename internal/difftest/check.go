package difftest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/upcgo/upcgo/internal/driver"
)

// Run is one way to run a program: a network, THREADS, and UPC threads per
// process (0: one process; on smp, n > 0 simulates processes, so that
// accesses between them take the conduit's message paths).
type Run struct {
	Network string // "smp" or "mpi"
	Threads int
	PerProc int
}

func (r Run) String() string {
	s := fmt.Sprintf("%s/threads=%d", r.Network, r.Threads)
	if r.PerProc > 0 {
		s += fmt.Sprintf("/ppn=%d", r.PerProc)
	}
	return s
}

// SMPRuns are the smp runs of a differential test: THREADS 1 to 8 in one
// process, and 2 to 4 threads as one simulated process each.
func SMPRuns() []Run {
	var rs []Run
	for n := 1; n <= 8; n++ {
		rs = append(rs, Run{Network: "smp", Threads: n})
	}
	for n := 2; n <= 4; n++ {
		rs = append(rs, Run{Network: "smp", Threads: n, PerProc: 1})
	}
	return rs
}

// MPIRuns are the mpi runs: 2, 3 and 4 processes of one thread, and 2
// processes of 2 threads.
func MPIRuns() []Run {
	return []Run{
		{Network: "mpi", Threads: 2, PerProc: 1},
		{Network: "mpi", Threads: 3, PerProc: 1},
		{Network: "mpi", Threads: 4, PerProc: 1},
		{Network: "mpi", Threads: 4, PerProc: 2},
	}
}

// Compiler builds a UPC program into a binary for a network.
type Compiler interface {
	Build(src, out, network string) error
}

// stripLimit is the aggregation buffer limit (-faggregate-limit) the
// programs are built with: a strip of 1 to 24 iterations, so that the runs
// where strips run (-ppn 1, mpi) cross strip boundaries, which the default
// limit of 1 MiB never reaches in programs this small.
const stripLimit = 24

// DriverCompiler is this tree's upcgo, through internal/driver.
type DriverCompiler struct{}

func (DriverCompiler) Build(src, out, network string) error {
	var stderr bytes.Buffer
	_, err := driver.Build(driver.Options{Inputs: []string{src}, Output: out, Network: network, AggregateLimit: stripLimit, Stderr: &stderr})
	if err != nil {
		return fmt.Errorf("%v\n%s", err, stderr.String())
	}
	return nil
}

// BinaryCompiler is a upcgo binary, such as one built from an older commit.
type BinaryCompiler struct{ Path string }

func (c BinaryCompiler) Build(src, out, network string) error {
	msg, err := exec.Command(c.Path, "build", "-network", network, fmt.Sprintf("-faggregate-limit=%d", stripLimit), "-o", out, src).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v\n%s", err, msg)
	}
	return nil
}

// FailKind classifies a failure.
type FailKind uint8

const (
	BuildFailed FailKind = iota + 1 // upcgo rejected or crashed on the program
	RunFailed                       // the program exited non-zero
	Hung                            // the program did not finish in time
	Mismatch                        // its output differs from the model's
)

func (k FailKind) String() string {
	return [...]string{"", "build failed", "run failed", "hung", "output differs from the model"}[k]
}

// Failure is a difference between upcgo and the model.
type Failure struct {
	Kind   FailKind
	Run    Run
	Detail string
}

func (f *Failure) Error() string { return fmt.Sprintf("%s: %s\n%s", f.Run, f.Kind, f.Detail) }

// Checker runs programs through upcgo and through the model and compares.
type Checker struct {
	Compiler Compiler
	GCC      string        // the gcc command
	Dir      string        // a folder for the files of each check
	Timeout  time.Duration // per run; a program that takes longer has hung
	Repeat   int           // runs per Run (races show only sometimes); 0 means 1
}

// gccFlags build the model: -fwrapv because upcgo defines signed overflow
// as wrapping (docs/lowering.md), which gcc otherwise leaves undefined;
// -mlong-double-64 because upcgo computes long double in double precision.
var gccFlags = []string{"-std=gnu11", "-O0", "-fwrapv", "-fno-strict-aliasing", "-mlong-double-64", "-w"}

// Expected builds the model at each thread count of runs and returns its
// output per count. An error here is the tester's fault, not upcgo's.
func (c *Checker) Expected(p *Program, dir string, runs []Run) (map[int]string, error) {
	model := filepath.Join(dir, "model.c")
	if err := os.WriteFile(model, []byte(Model(p)), 0o644); err != nil {
		return nil, err
	}
	want := map[int]string{}
	for _, r := range runs {
		if _, ok := want[r.Threads]; ok {
			continue
		}
		bin := filepath.Join(dir, fmt.Sprintf("model%d", r.Threads))
		args := append(slices.Clone(gccFlags), fmt.Sprintf("-DTHREADS=%d", r.Threads), "-o", bin, model)
		if msg, err := exec.Command(c.GCC, args...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("seed %d: the model does not compile: %v\n%s", p.Seed, err, msg)
		}
		out, stderr, err := c.exec([]string{bin}, nil)
		if err != nil {
			return nil, fmt.Errorf("seed %d: the model at %d threads: %v\n%s", p.Seed, r.Threads, err, stderr)
		}
		want[r.Threads] = out
	}
	return want, nil
}

// Check builds p with upcgo and the model, runs both as runs say, and
// returns the first difference (nil if none). The error is for problems of
// the tester itself (the model failing, I/O).
func (c *Checker) Check(p *Program, runs []Run) (*Failure, error) {
	dir := filepath.Join(c.Dir, fmt.Sprintf("seed%d", p.Seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	want, err := c.Expected(p, dir, runs)
	if err != nil {
		return nil, err
	}
	src := filepath.Join(dir, "prog.upc")
	if err := os.WriteFile(src, []byte(UPC(p, "")), 0o644); err != nil {
		return nil, err
	}
	bins := map[string]string{}
	for _, r := range runs {
		bin, ok := bins[r.Network]
		if !ok {
			bin = filepath.Join(dir, "prog-"+r.Network)
			if err := c.Compiler.Build(src, bin, r.Network); err != nil {
				return &Failure{Kind: BuildFailed, Run: r, Detail: err.Error()}, nil
			}
			bins[r.Network] = bin
		}
		if f := c.runOne(bin, r, want[r.Threads]); f != nil {
			return f, nil
		}
	}
	os.RemoveAll(dir)
	return nil, nil
}

// runOne runs bin as r says, Repeat times, and compares with want.
func (c *Checker) runOne(bin string, r Run, want string) *Failure {
	l := driver.Launch{Network: r.Network, Threads: r.Threads, PerProc: r.PerProc}
	argv, env, err := l.Command(bin, nil)
	if err != nil {
		return &Failure{Kind: RunFailed, Run: r, Detail: err.Error()}
	}
	for range max(1, c.Repeat) {
		out, stderr, err := c.exec(argv, env)
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			return &Failure{Kind: Hung, Run: r, Detail: fmt.Sprintf("no exit after %v; stderr:\n%s", c.Timeout, stderr)}
		case err != nil:
			return &Failure{Kind: RunFailed, Run: r, Detail: fmt.Sprintf("%v; stderr:\n%s", err, stderr)}
		case out != want:
			return &Failure{Kind: Mismatch, Run: r, Detail: lineDiff(want, out)}
		}
	}
	return nil
}

// exec runs argv with a timeout and returns its stdout and stderr.
func (c *Checker) exec(argv, env []string) (stdout, stderr string, err error) {
	timeout := c.Timeout
	if timeout == 0 {
		timeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	if ctx.Err() != nil {
		err = context.DeadlineExceeded
	}
	return out.String(), errOut.String(), err
}

// lineDiff shows the lines of got that differ from want.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "model: %s\nupcgo: %s\n", wl, gl)
		}
	}
	return b.String()
}
