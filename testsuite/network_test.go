package testsuite

// Running the suite on a network conduit (make test-mpi):
//
//	UPCGO_SUITE_NETWORK=mpi go test ./testsuite
//
// builds every program with -network mpi and runs it under mpirun in the
// layouts of UPCGO_SUITE_LAYOUTS (default "2x1 4x1 2x2": processes × UPC
// threads per process) whose THREADS the program runs at. Without the
// variable the suite runs on the smp conduit at each thread count. The
// programs start under the mpirun that internal/driver finds, or the one
// UPCGO_MPIRUN names: the multi-node test (multinode/run.sh) names its
// cluster's, so the same runs span two nodes.
//
// The standard output of several processes reaches mpirun through one
// pipe each, and MPI does not say in which order mpirun merges them (nor
// can it: each process buffers its stdout until it flushes). So on a
// network mpirun tags every line with its process, and the suite checks
// that the program printed exactly the expected lines, and each process
// its own lines in the expected order; only the interleaving of different
// processes' lines is free.

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/upcgo/upcgo/internal/driver"
)

// layout is one way to run a program: THREADS, and for a network the UPC
// threads per process.
type layout struct {
	name    string
	threads int
	perProc int
}

type network struct {
	name   string   // "" (smp) or "mpi"
	shapes []layout // for a network: the layouts to run in
}

var suiteNetwork = suiteNetworkFromEnv()

func suiteNetworkFromEnv() network {
	n := network{name: os.Getenv("UPCGO_SUITE_NETWORK")}
	if n.name == "" || n.name == "smp" {
		return network{}
	}
	spec := os.Getenv("UPCGO_SUITE_LAYOUTS")
	if spec == "" {
		spec = "2x1 4x1 2x2"
	}
	for _, f := range strings.Fields(spec) {
		ps, ts, ok := strings.Cut(f, "x")
		procs, err1 := strconv.Atoi(ps)
		per, err2 := strconv.Atoi(ts)
		if !ok || err1 != nil || err2 != nil || procs < 1 || per < 1 {
			fmt.Fprintf(os.Stderr, "UPCGO_SUITE_LAYOUTS: bad layout %q (want PROCSxTHREADS, e.g. 2x2)\n", f)
			os.Exit(2)
		}
		n.shapes = append(n.shapes, layout{name: fmt.Sprintf("threads=%d/procs=%d", procs*per, procs), threads: procs * per, perProc: per})
	}
	return n
}

// layouts returns the runs of p: each of its thread counts on smp; on a
// network, the configured layouts with one of its thread counts.
func (n network) layouts(p *program) []layout {
	if n.name == "" {
		var ls []layout
		for _, k := range p.threads {
			ls = append(ls, layout{name: fmt.Sprintf("threads=%d", k), threads: k})
		}
		return ls
	}
	var ls []layout
	for _, l := range n.shapes {
		for _, k := range p.threads {
			if k == l.threads {
				ls = append(ls, l)
				break
			}
		}
	}
	return ls
}

// launch says how to start p in layout l.
func (n network) launch(p *program, l layout) driver.Launch {
	if n.name == "" {
		// perProc > 0 on smp: processes simulated in one (the message paths).
		if p.static != 0 {
			return driver.Launch{PerProc: l.perProc}
		}
		return driver.Launch{Threads: l.threads, PerProc: l.perProc}
	}
	return driver.Launch{Network: n.name, Threads: l.threads, PerProc: l.perProc, TagOutput: true}
}

// tagRE matches the rank tags of Open MPI (--tag-output) and MPICH
// (-prepend-rank) at the start of a line.
var tagRE = regexp.MustCompile(`^\[(?:\d+,)?(\d+)\](?:<std(?:out|err)>:| )`)

// ompiTagRE finds an Open MPI tag inside a line: output a process ended
// without a newline runs into the next process's tag.
var ompiTagRE = regexp.MustCompile(`\[\d+,\d+\]<std(?:out|err)>:`)

// streams splits tagged output into each process's output.
func streams(out string) map[int]string {
	per := map[int]string{}
	for len(out) > 0 {
		m := tagRE.FindStringSubmatchIndex(out)
		if m == nil {
			// Untagged text (from mpirun itself): process -1.
			line, rest, _ := strings.Cut(out, "\n")
			per[-1] += line + "\n"
			out = rest
			continue
		}
		rank, _ := strconv.Atoi(out[m[2]:m[3]])
		out = out[m[1]:]
		end := strings.IndexByte(out, '\n') + 1
		if end == 0 {
			end = len(out)
		}
		if loc := ompiTagRE.FindStringIndex(out[:end]); loc != nil {
			end = loc[0]
		}
		per[rank] += out[:end]
		out = out[end:]
	}
	return per
}

// untag removes the rank tags from a network run's output, keeping each
// process's text together, in rank order.
func (n network) untag(out string) string {
	if n.name == "" {
		return out
	}
	per := streams(out)
	ranks := make([]int, 0, len(per))
	for r := range per {
		ranks = append(ranks, r)
	}
	sort.Ints(ranks)
	var b strings.Builder
	for _, r := range ranks {
		b.WriteString(per[r])
	}
	return b.String()
}

// lines splits text into lines, each with its newline (the last may have
// none).
func lines(s string) []string {
	var ls []string
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		ls = append(ls, s[:i])
		s = s[i:]
	}
	return ls
}

// checkStdout compares a run's standard output with the expected one:
// exactly on smp; on a network, as the same lines with each process's in
// the expected order.
func (n network) checkStdout(t assert.TestingT, want, got string, msgAndArgs ...any) {
	if n.name == "" {
		assert.Equal(t, want, got, msgAndArgs...)
		return
	}
	wantLines := lines(want)
	var all []string
	inOrder := true
	for _, s := range streams(got) {
		ls := lines(s)
		all = append(all, ls...)
		// ls must be a subsequence of wantLines.
		i := 0
		for _, w := range wantLines {
			if i < len(ls) && ls[i] == w {
				i++
			}
		}
		inOrder = inOrder && i == len(ls)
	}
	if !assert.ElementsMatch(t, wantLines, all, msgAndArgs...) {
		return
	}
	if !inOrder {
		assert.Fail(t, "a process printed its lines out of the expected order:\n"+got, msgAndArgs...)
	}
}

func TestNetworkOutputStreams(t *testing.T) {
	ompi := "[1,0]<stdout>:a0\n[1,1]<stdout>:a1\n[1,0]<stdout>:b0\n[1,1]<stdout>:tail1[1,0]<stdout>:tail0"
	assert.Equal(t, map[int]string{0: "a0\nb0\ntail0", 1: "a1\ntail1"}, streams(ompi))
	mpich := "[0] a0\n[1] a1\n[0] b0\nmpirun says\n"
	assert.Equal(t, map[int]string{-1: "mpirun says\n", 0: "a0\nb0\n", 1: "a1\n"}, streams(mpich))
	n := network{name: "mpi"}
	assert.Equal(t, "mpirun says\na0\nb0\na1\n", n.untag(mpich))

	for _, tc := range []struct {
		got  string
		pass bool
	}{
		{"[0] x\n[1] y\n[0] z\n", true},
		{"[1] y\n[0] x\n[0] z\n", true},  // processes interleave freely
		{"[0] z\n[0] x\n[1] y\n", false}, // one process out of order
		{"[0] x\n[1] y\n", false},        // a line missing
	} {
		var r recorder
		n.checkStdout(&r, "x\ny\nz\n", tc.got)
		assert.Equal(t, tc.pass, !r.failed, tc.got)
	}
}

// recorder is an assert.TestingT that only records a failure.
type recorder struct{ failed bool }

func (r *recorder) Errorf(string, ...any) { r.failed = true }
