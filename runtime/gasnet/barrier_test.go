package gasnet

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Words that different cores write sit on lines of their own.
func TestNodeBarrierPadding(t *testing.T) {
	assert.Zero(t, unsafe.Sizeof(barrierNode{})%linePair)
	assert.Zero(t, unsafe.Sizeof(barrierRank{})%linePair)
	var b NodeBarrier
	assert.GreaterOrEqual(t, unsafe.Offsetof(b.phase), uintptr(linePair))
	assert.GreaterOrEqual(t, unsafe.Offsetof(b.sleepers)-unsafe.Offsetof(b.phase), uintptr(linePair))
	assert.GreaterOrEqual(t, unsafe.Offsetof(b.verdicts)-unsafe.Offsetof(b.sleepers), uintptr(linePair))
}

// The arrival tree: every rank reaches the root, every node expects
// exactly its children, fan-in and depth are bounded.
func TestNodeBarrierTree(t *testing.T) {
	for n := 1; n <= 1100; n += 1 + n/8 {
		b := NewNodeBarrier(nil, 0, n)
		children := make([]int, len(b.nodes))
		for r := range n {
			children[b.ranks[r].leaf]++
		}
		roots := 0
		for i := range b.nodes {
			nd := &b.nodes[i]
			if nd.parent < 0 {
				roots++
			} else {
				children[nd.parent]++
			}
			depth := 0
			for j := int32(i); b.nodes[j].parent >= 0; j = b.nodes[j].parent {
				depth++
			}
			levels := 1
			for w := barrierFanIn; w < n; w *= barrierFanIn {
				levels++
			}
			require.Less(t, depth, levels, "n=%d node %d", n, i)
		}
		require.Equal(t, 1, roots, "n=%d", n)
		for i := range b.nodes {
			nd := &b.nodes[i]
			require.Equal(t, int(nd.expect), children[i], "n=%d node %d", n, i)
			require.LessOrEqual(t, int(nd.expect), barrierFanIn)
		}
	}
}

// Many barriers, split phase with work between notify and wait, at more
// ranks than cores, under both wait policies: nobody leaves a phase before
// everybody has arrived in it.
func TestNodeBarrierPhases(t *testing.T) {
	for _, c := range []struct {
		ranks, rounds int
		spin          string
	}{{7, 2000, ""}, {64, 300, ""}, {5, 40, "1"}, {9, 40, "0"}} {
		t.Run(fmt.Sprintf("ranks=%d/spin=%q", c.ranks, c.spin), func(t *testing.T) {
			if c.spin != "" {
				t.Setenv("UPC_WAIT_SPIN", c.spin)
			}
			var arrived atomic.Int64
			run(t, c.ranks, 1, func(ep *Endpoint) {
				for i := range c.rounds {
					arrived.Add(1)
					ep.BarrierNotify(int32(i), i%3 == ep.Rank()%3)
					if i%2 == 0 {
						for {
							done, err := ep.BarrierTry()
							require.NoError(t, err)
							if done {
								break
							}
							runtime.Gosched() // work between notify and wait
						}
					} else {
						require.NoError(t, ep.BarrierWait())
					}
					if got := arrived.Load(); got < int64(c.ranks*(i+1)) {
						t.Errorf("round %d: left with %d arrivals", i, got)
						return
					}
				}
			})
		})
	}
}

// A collective's hook runs once per phase, on one rank, after every rank
// has arrived and before any is released.
func TestNodeBarrierHook(t *testing.T) {
	kind := RegisterCollective("test-hook", "")
	const ranks, rounds = 11, 200
	var entered, ran atomic.Int64
	run(t, ranks, 1, func(ep *Endpoint) {
		nb := ep.JobBarrier()
		for i := range rounds {
			entered.Add(1)
			nb.Notify(ep.Rank(), CollArrival(kind), func() error {
				if got := entered.Load(); got != int64(ranks*(i+1)) {
					t.Errorf("round %d: hook ran with %d arrivals", i, got)
				}
				ran.Add(1)
				return nil
			})
			require.NoError(t, nb.Wait(ep.Rank()))
			if got := ran.Load(); got != int64(i+1) {
				t.Errorf("round %d: released after %d hooks", i, got)
				return
			}
		}
	})
}

// A rank in a barrier and a rank in a collective's synchronisation are a
// mismatch, reported on every rank with both names; the hook does not run.
func TestNodeBarrierKindMismatch(t *testing.T) {
	kind := RegisterCollective("test-reduce", "")
	var ran atomic.Bool
	run(t, 6, 1, func(ep *Endpoint) {
		nb := ep.JobBarrier()
		a := Arrival{}
		if ep.Rank() == 4 {
			a = CollArrival(kind)
		}
		nb.Notify(ep.Rank(), a, func() error { ran.Store(true); return nil })
		err := nb.Wait(ep.Rank())
		if ep.Rank() == 4 {
			var cm *CollMismatchError
			require.True(t, errors.As(err, &cm), "rank %d: %v", ep.Rank(), err)
		} else {
			var mm *BarrierMismatchError
			require.True(t, errors.As(err, &mm), "rank %d: %v", ep.Rank(), err)
		}
		assert.Contains(t, err.Error(), "upc_barrier")
		assert.Contains(t, err.Error(), "test-reduce")
		require.NoError(t, ep.Barrier(3, false))
	})
	assert.False(t, ran.Load())
	// Ranks of one collective with different arguments: the rank that
	// completes the phase compares them and names the argument, on every
	// rank; the work does not run.
	args := RegisterCollective("test-args", "", CollArg{Name: "nbytes"}, CollArg{Name: "dst", Digest: true})
	for _, tc := range []struct {
		args func(r int) CollArgs
		want string
	}{
		{func(r int) CollArgs { return CollArgs{8 + uint64(r/4), 1} }, "test-args: thread 4 passed nbytes 9 where thread 0 passed 8 (a collective's arguments must be the same on every thread)"},
		{func(r int) CollArgs { return CollArgs{8, 1 + uint64(r/3)} }, "test-args: threads 0 and 3 passed different dst"},
	} {
		run(t, 5, 1, func(ep *Endpoint) {
			mine := tc.args(ep.Rank())
			defer func() {
				err, _ := recover().(error)
				var cm *CollMismatchError
				require.True(t, errors.As(err, &cm), "rank %d: %v", ep.Rank(), err)
				assert.Contains(t, err.Error(), tc.want)
			}()
			ep.Coll().Sync(args, &mine, func() { ran.Store(true) })
		})
	}
	assert.False(t, ran.Load())
	// Equal arguments: the work runs once, before any rank leaves.
	var works atomic.Int32
	run(t, 5, 1, func(ep *Endpoint) {
		mine := CollArgs{8, 1}
		require.True(t, ep.Coll().Sync(args, &mine, func() { works.Add(1) }))
		assert.Equal(t, int32(1), works.Load())
	})
}

// Ranks that return while others wait end the job with the report, at
// any tree position of the finished ranks.
func TestNodeBarrierStuck(t *testing.T) {
	for _, done := range [][]int{{0}, {5, 6, 7, 8}, {16}} {
		t.Run(fmt.Sprint(done), func(t *testing.T) {
			err := runErr(t, 17, 1, func(ep *Endpoint) {
				for _, r := range done {
					if ep.Rank() == r {
						return
					}
				}
				ep.Barrier(0, true)
			})
			var stuck *BarrierStuckError
			require.True(t, errors.As(err, &stuck), "%v", err)
			assert.Equal(t, BarrierStuckError{Waiting: 17 - len(done), Finished: len(done)}, *stuck)
		})
	}
	// Every rank finishing after the same barriers is a clean end.
	run(t, 17, 1, func(ep *Endpoint) {
		ep.Barrier(0, true)
		ep.Barrier(0, true)
	})
}

// A verdict's named ids survive the form in which a conduit reduces them
// across nodes (a range) and back: agreement, the mismatch report of
// every kind of rank, and the verdict of finished ranks read the same.
func TestBarrierVerdictIDs(t *testing.T) {
	verdict := func(arrivals ...Arrival) BarrierVerdict {
		var v BarrierVerdict
		for _, a := range arrivals {
			var c uint64
			v.Sum, c = mergeSummary(v.Sum, a.summary())
			if v.Other == 0 {
				v.Other = c
			}
			v.Ranks++
		}
		return v
	}
	anon := Arrival{}
	id := func(n int32) Arrival { return Arrival{ID: n, Named: true} }
	for _, tc := range []struct {
		arrivals []Arrival
		lo, hi   int32
		named    bool
		want     []string // per arrival: its mismatch report, or "" for none
	}{
		{[]Arrival{anon, anon}, 0, 0, false, []string{"", ""}},
		{[]Arrival{anon, id(5), id(5)}, 5, 5, true, []string{"", "", ""}},
		{[]Arrival{id(9), anon, id(5)}, 5, 9, true, []string{
			"barrier id mismatch on thread 0: this thread used id 9, another thread used id 5",
			"barrier id mismatch on thread 1: threads used ids 5 and 9",
			"barrier id mismatch on thread 2: this thread used id 5, another thread used id 9",
		}},
		{[]Arrival{id(-3), id(7), id(2)}, -3, 7, true, []string{
			"barrier id mismatch on thread 0: this thread used id -3, another thread used id 7",
			"barrier id mismatch on thread 1: this thread used id 7, another thread used id -3",
			"barrier id mismatch on thread 2: this thread used id 2, another thread used id -3",
		}},
	} {
		lo, hi, named := verdict(tc.arrivals...).NamedIDs()
		if named || tc.named {
			assert.Equal(t, []int32{tc.lo, tc.hi}, []int32{lo, hi}, "%v", tc.arrivals)
		}
		require.Equal(t, tc.named, named, "%v", tc.arrivals)
		v := IDVerdict(lo, hi, named, len(tc.arrivals), 0)
		for r, a := range tc.arrivals {
			var got string
			if !v.ok() {
				got = mismatchError(r, a.summary(), v).Error()
			}
			assert.Equal(t, tc.want[r], got, "%v, thread %d", tc.arrivals, r)
		}
	}
	assert.NoError(t, IDVerdict(0, 0, false, 4, 0).Stuck())
	assert.NoError(t, IDVerdict(0, 0, false, 4, 4).Stuck(), "everyone finished: the job's end")
	assert.EqualError(t, IDVerdict(0, 0, false, 4, 1).Stuck(),
		"deadlock: 3 thread(s) wait in a barrier that 1 thread(s) which already finished can never reach")
}
