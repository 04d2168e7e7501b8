// Package gasnettest is the conformance suite of gasnet conduits: the
// tests of the public interface (gasnet.Endpoint over a gasnet.Conduit)
// that every conduit must pass, written once, in the way testing/fstest
// tests an fs.FS. A conduit's own tests call Run with a function that
// opens a conduit:
//
//	func TestConformance(t *testing.T) {
//		gasnettest.Run(t, func() (gasnet.Conduit, error) { return smp.New(4, 2), nil })
//	}
//
// Run covers put and get between every pair of ranks; transfers of every
// power of two up to 256 KiB and one byte either side, and around the sizes
// at which the conduit changes how it moves data (its thresholds);
// completion of explicit (NB) and implicit (NBI) operations, access
// regions and their misuse; remote atomics, alone and contended; barrier
// ids, anonymous barriers, split phases and mismatches; active messages
// (order per source, bulk payloads, calls); vector, indexed, strided and
// transposing transfers; and segment bounds. What only one conduit has
// (the smp conduit's simulated processes, the mpi conduit's operation
// table and shared-memory windows) stays in that conduit's tests.
//
// Run opens one conduit and runs one job on it, with segments of
// SegmentSize bytes, and in that job one subtest per concern, each from
// every rank, on segments cleaned between them: starting a job is most of
// what a concern costs on the mpi conduit. The suite is deterministic:
// the same subtests in the same order, and no rank skips a barrier, so a
// conduit whose jobs span processes runs Run in every process (the mpi
// conduit's tests under mpirun). For the same reason a failing rank
// reports with t.Errorf and carries on, never t.FailNow: a rank that
// stopped early would leave the others waiting. A job that aborts (a rank
// panicked) fails its subtest and skips the rest.
//
// The package uses the standard library only, as the runtime does.
package gasnettest

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// SegmentSize is the segment of every rank of the suite's jobs.
const SegmentSize = 4 << 20

// maxSize is the largest transfer of the suite's sizes.
const maxSize = 1<<18 + 1

// maxPattern is the most bytes pattern returns.
const maxPattern = 300000

// Run runs the conformance suite on the conduit open returns: one job,
// and in it one subtest per concern, in order. thresholds are the
// transfer sizes at which the conduit changes path (an eager limit, an
// aggregation limit): the suite moves data and active-message payloads of
// each of them and one byte either side, besides powers of two.
func Run(t *testing.T, open func() (gasnet.Conduit, error), thresholds ...int) {
	s := &suite{sizes: sizes(thresholds), thresholds: around(thresholds)}
	concerns := []struct {
		name string
		body func(r *rank)
	}{
		{"PutGetEveryPair", putGetEveryPair},
		{"Sizes", s.transferSizes},
		{"NonBlocking", nonBlocking},
		{"Implicit", implicit},
		{"SegmentBounds", segmentBounds},
		{"Atomics", atomics},
		{"AtomicContention", atomicContention},
		{"BarrierIDs", barrierIDs},
		{"ActiveMessages", s.activeMessages},
		{"VIS", vis},
	}
	c, err := open()
	if err != nil {
		t.Fatalf("opening the conduit: %v", err)
	}
	j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: SegmentSize})
	if err != nil {
		t.Fatalf("starting a job on the %s conduit: %v", c.Name(), err)
	}
	// One job for every concern, not one each: starting a job is most
	// of the cost of a concern on the mpi conduit. The local ranks take
	// each concern's subtest from their channel, run it and say so.
	steps := make([]chan step, len(j.Local()))
	for i := range steps {
		steps[i] = make(chan step)
	}
	done := make(chan struct{}, len(steps))
	ended := make(chan error, 1)
	go func() {
		ended <- j.Run(func(ep *gasnet.Endpoint) {
			n, k := ep.Size(), stride(ep.Job())
			r := &rank{ep: ep, peer: (ep.Rank() + k) % n, prev: (ep.Rank() - k%n + n) % n}
			for st := range steps[ep.Rank()-j.Local()[0].Rank()] {
				r.t = st.t
				r.clean()
				st.body(r)
				done <- struct{}{}
			}
		})
	}()
	var jobErr error
	aborted := false
	for _, cc := range concerns {
		t.Run(cc.name, func(t *testing.T) {
			if aborted {
				t.Skip("the job aborted in an earlier subtest")
			}
			for _, ch := range steps {
				ch <- step{t, cc.body}
			}
			for range steps {
				select {
				case <-done:
				case jobErr = <-ended:
					aborted = true
					t.Fatalf("the job ended with an error: %v", jobErr)
				}
			}
		})
	}
	for _, ch := range steps {
		close(ch)
	}
	if !aborted {
		if jobErr = <-ended; jobErr != nil {
			t.Errorf("the job ended with an error: %v", jobErr)
		}
	}
	if err := c.Close(); err != nil {
		t.Errorf("closing the %s conduit: %v", c.Name(), err)
	}
}

// step is one concern's subtest, for a rank to run.
type step struct {
	t    *testing.T
	body func(r *rank)
}

// suite is one call of Run.
type suite struct {
	sizes      []int // transfer sizes, ascending
	thresholds []int // the conduit's thresholds and one byte either side
}

// stride is the distance from a rank to its peer, the same on every rank,
// so that the ranks form rings and each is the peer of exactly one other.
// It reaches into another process where the job has several: the ranks
// per process where a process hosts only some of them (a conduit's
// processes host equal blocks of ranks), else the nearest rank whose
// segment is not addressable (the smp conduit's simulated processes),
// else the next rank.
func stride(j *gasnet.Job) int {
	n, local := j.Size(), len(j.Local())
	if local < n {
		return local
	}
	for k := 1; k < n; k++ {
		if j.Conduit().Segment(0, k) == nil {
			return k
		}
	}
	return 1
}

// sizes returns the powers of two up to maxSize-1 and the thresholds,
// each with one byte either side, ascending and without repeats.
func sizes(thresholds []int) []int {
	var powers []int
	for p := 1; p < maxSize; p *= 2 {
		powers = append(powers, p)
	}
	out := append(around(powers), around(thresholds)...)
	slices.Sort(out)
	return slices.Compact(out)
}

// around returns each of sizes and one byte either side, those from 1 to
// maxSize.
func around(sizes []int) []int {
	var out []int
	for _, n := range sizes {
		for _, m := range []int{n - 1, n, n + 1} {
			if m > 0 && m <= maxSize {
				out = append(out, m)
			}
		}
	}
	return out
}

// rank is one rank's view of a subtest.
type rank struct {
	t  *testing.T
	ep *gasnet.Endpoint
	// peer is the rank this one sends to; prev the rank that sends to it.
	peer, prev int
}

func (r *rank) errorf(format string, args ...any) {
	r.t.Helper()
	r.t.Errorf("rank %d of %d: %s", r.ep.Rank(), r.ep.Size(), fmt.Sprintf(format, args...))
}

// clean zeroes what the concerns use of this rank's segment, so each
// starts as on a new job, and waits for every rank to have done so.
func (r *rank) clean() {
	r.ep.Memset(r.ep.Rank(), 0, 0, cleanSize)
	r.barrier()
}

// cleanSize is the part of each segment that the concerns use.
const cleanSize = 1 << 20

// barrier is an anonymous barrier that reports an error.
func (r *rank) barrier() {
	r.t.Helper()
	if err := r.ep.Barrier(0, true); err != nil {
		r.errorf("barrier: %v", err)
	}
}

// panics runs f and reports an error unless it panics with a value whose
// text contains want.
func (r *rank) panics(what, want string, f func()) {
	r.t.Helper()
	v, ok := recovered(f)
	switch {
	case !ok:
		r.errorf("%s: no panic", what)
	case !bytes.Contains([]byte(fmt.Sprint(v)), []byte(want)):
		r.errorf("%s: panic %q, want one saying %q", what, v, want)
	}
}

func recovered(f func()) (v any, panicked bool) {
	defer func() {
		v = recover()
	}()
	panicked = true
	f()
	return nil, false
}

// same reports an error if got differs from want, naming the first byte
// that differs.
func (r *rank) same(what string, got, want []byte) {
	r.t.Helper()
	if bytes.Equal(got, want) {
		return
	}
	if len(got) != len(want) {
		r.errorf("%s: %d bytes, want %d", what, len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != want[i] {
			r.errorf("%s: byte %d of %d is %#x, want %#x", what, i, len(got), got[i], want[i])
			return
		}
	}
}

// pattern returns n bytes (at most maxPattern) that differ with seed, so
// data of one transfer is told from another's. The bytes are shared:
// never write them.
func pattern(seed, n int) []byte {
	p := patternTable()
	s := seed % 4093
	return p[s : s+n : s+n]
}

var patternTable = sync.OnceValue(func() []byte {
	p := make([]byte, maxPattern+4096)
	x := uint32(2463534242)
	for i := range p {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		p[i] = byte(x)
	}
	return p
})

func ptr(b []byte) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(b)) }
