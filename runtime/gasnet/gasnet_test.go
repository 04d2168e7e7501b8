package gasnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run starts a job of ranks ranks in procs simulated processes and runs
// body on each; it fails the test on an abort.
func run(t *testing.T, ranks, procs int, body func(ep *Endpoint)) {
	t.Helper()
	require.NoError(t, runErr(t, ranks, procs, body))
}

func runErr(t *testing.T, ranks, procs int, body func(ep *Endpoint)) error {
	t.Helper()
	c := NewSMP(ranks, procs)
	j, err := NewJob(Config{Conduit: c, SegmentSize: 1 << 20})
	require.NoError(t, err)
	defer c.Close()
	return j.Run(body)
}

// both runs a test on the shared configuration and on simulated processes,
// so the direct and the active-message paths see the same checks.
func both(t *testing.T, ranks int, body func(ep *Endpoint)) {
	for _, procs := range []int{1, ranks} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) { run(t, ranks, procs, body) })
	}
}

func u64(p []byte) unsafe.Pointer { return unsafe.Pointer(&p[0]) }

func TestParseSize(t *testing.T) {
	for in, want := range map[string]uintptr{"64MB": 64 << 20, "1GB": 1 << 30, "512k": 512 << 10, "2g": 2 << 30, "100": 100 << 20, "0.5GB": 512 << 20} {
		got, err := ParseSize(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "x", "-1MB", "12Q", "0"} {
		_, err := ParseSize(bad)
		assert.Error(t, err, bad)
	}
}

func TestPutGetEveryPair(t *testing.T) {
	both(t, 4, func(ep *Endpoint) {
		buf := make([]byte, 64)
		for dst := range ep.Size() {
			binary.LittleEndian.PutUint64(buf, uint64(ep.Rank()*100+dst))
			ep.Put(dst, uintptr(8*ep.Rank()), u64(buf), 8)
		}
		require.NoError(t, ep.Barrier(0, true))
		for src := range ep.Size() {
			ep.Get(u64(buf), src, uintptr(8*((ep.Rank()+1)%ep.Size())), 8)
			assert.Equal(t, uint64(((ep.Rank()+1)%ep.Size())*100+src), binary.LittleEndian.Uint64(buf))
		}
	})
}

func TestNonBlockingAndMemset(t *testing.T) {
	both(t, 3, func(ep *Endpoint) {
		peer := (ep.Rank() + 1) % ep.Size()
		src := make([]byte, 4096)
		for i := range src {
			src[i] = byte(i + ep.Rank())
		}
		h := ep.PutNB(peer, 0, u64(src), 4096)
		ep.Wait(h)
		h2 := ep.MemsetNB(peer, 8192, 0xAB, 100)
		for !ep.Try(h2) {
		}
		require.NoError(t, ep.Barrier(0, true))
		got := make([]byte, 4096)
		left := (ep.Rank() + ep.Size() - 1) % ep.Size()
		hs := []Handle{ep.GetNB(u64(got), ep.Rank(), 0, 4096), 0, ep.GetNB(u64(got[:100]), ep.Rank(), 8192, 100)}
		_ = hs[1]
		ep.WaitAll(hs[:2])
		for i := range 4096 - 100 {
			_ = i
		}
		ep.WaitSome(hs)
		ep.WaitAll(hs)
		assert.Equal(t, []Handle{0, 0, 0}, hs)
		for i := range 100 {
			require.Equal(t, byte(0xAB), got[i])
		}
		ep.Get(u64(got), ep.Rank(), 0, 4096)
		for i := range got {
			require.Equal(t, byte(i+left), got[i], "byte %d", i)
		}
	})
}

func TestImplicitAndRegions(t *testing.T) {
	both(t, 2, func(ep *Endpoint) {
		peer := 1 - ep.Rank()
		vals := make([]byte, 8*1000)
		for i := range 1000 {
			binary.LittleEndian.PutUint64(vals[8*i:], uint64(i*7+ep.Rank()))
			ep.PutNBI(peer, uintptr(8*i), u64(vals[8*i:]), 8)
		}
		ep.WaitNBI()
		assert.True(t, ep.TryNBI())
		require.NoError(t, ep.Barrier(1, false))

		got := make([]byte, 8*1000)
		ep.BeginRegion()
		for i := range 1000 {
			ep.GetNBI(u64(got[8*i:]), ep.Rank(), uintptr(8*i), 8)
		}
		assert.Panics(t, func() { ep.WaitNBI() }, "implicit sync inside a region")
		assert.Panics(t, func() { ep.BeginRegion() }, "nested region")
		h := ep.EndRegion()
		ep.Wait(h)
		for i := range 1000 {
			require.Equal(t, uint64(i*7+peer), binary.LittleEndian.Uint64(got[8*i:]))
		}
		assert.Panics(t, func() { ep.EndRegion() })
	})
}

func TestHandleMisuse(t *testing.T) {
	run(t, 2, 2, func(ep *Endpoint) {
		buf := make([]byte, 8)
		h := ep.GetNB(u64(buf), 1-ep.Rank(), 0, 8)
		require.NotZero(t, h, "a remote get is in flight")
		ep.Wait(h)
		assert.PanicsWithValue(t, fmt.Sprintf("wait: handle %#x was already synchronised", uint64(h)), func() { ep.Wait(h) })
		other := makeHandle(0, 1-ep.Rank(), 1)
		assert.Panics(t, func() { ep.Wait(other) }, "a handle of another thread")
	})
}

// TestManyHandlesInFlight keeps 70 000 explicit handles outstanding on one
// rank, all to a segment reached only by messages.
func TestManyHandlesInFlight(t *testing.T) {
	const n = 70000
	run(t, 2, 2, func(ep *Endpoint) {
		if ep.Rank() == 0 {
			vals := make([]uint64, n)
			hs := make([]Handle, n)
			for i := range n {
				vals[i] = uint64(i) * 3
				hs[i] = ep.PutNB(1, uintptr(8*i), unsafe.Pointer(&vals[i]), 8)
			}
			ep.WaitAll(hs)
			got := make([]uint64, n)
			for i := range n {
				hs[i] = ep.GetNB(unsafe.Pointer(&got[i]), 1, uintptr(8*i), 8)
			}
			ep.WaitAll(hs)
			for i := range n {
				require.Equal(t, uint64(i)*3, got[i])
			}
			assert.Zero(t, ep.ops.inUse)
		}
		require.NoError(t, ep.Barrier(0, true))
	})
}

func TestAtomics(t *testing.T) {
	f64 := math.Float64bits
	tests := []struct {
		op      AtomicOp
		kind    AtomicKind
		init    uint64
		a, b    uint64
		wantOld uint64
		wantNew uint64
	}{
		{AtomicAdd, Int64, 5, 3, 0, 5, 8},
		{AtomicAdd, Int32, 5, uint64(0xFFFFFFFF), 0, 5, 4}, // -1
		{AtomicSwap, Uint64, 1, 9, 0, 1, 9},
		{AtomicCAS, Int64, 7, 8, 7, 7, 8},
		{AtomicCAS, Int64, 7, 8, 6, 7, 7},
		{AtomicCAS, Uint32, 7, 8, 7, 7, 8},
		{AtomicAnd, Uint64, 0b1100, 0b1010, 0, 0b1100, 0b1000},
		{AtomicOr, Uint32, 0b1100, 0b1010, 0, 0b1100, 0b1110},
		{AtomicXor, Int64, 0b1100, 0b1010, 0, 0b1100, 0b0110},
		{AtomicMin, Int64, 3, uint64(math.MaxUint64), 0, 3, math.MaxUint64}, // min(3,-1) = -1
		{AtomicMin, Uint64, 3, uint64(math.MaxUint64), 0, 3, 3},
		{AtomicMax, Int32, 3, 0xFFFFFFFF, 0, 3, 3}, // max(3,-1) = 3
		{AtomicMax, Uint32, 3, 0xFFFFFFFF, 0, 3, 0xFFFFFFFF},
		{AtomicAdd, Float64, f64(1.5), f64(2.25), 0, f64(1.5), f64(3.75)},
		{AtomicAdd, Float32, uint64(math.Float32bits(1.5)), uint64(math.Float32bits(2)), 0, uint64(math.Float32bits(1.5)), uint64(math.Float32bits(3.5))},
		{AtomicMul, Float64, f64(1.5), f64(2), 0, f64(1.5), f64(3)},
		{AtomicGet, Int64, 42, 0, 0, 42, 42},
	}
	both(t, 2, func(ep *Endpoint) {
		if ep.Rank() != 0 {
			return
		}
		for _, tt := range tests {
			name := fmt.Sprintf("%s/%s", tt.op, tt.kind)
			ep.Atomic(1, 64, AtomicSet, Uint64, 0, 0)
			ep.Atomic(1, 64, AtomicSet, tt.kind, tt.init, 0)
			old := ep.Atomic(1, 64, tt.op, tt.kind, tt.a, tt.b)
			assert.Equal(t, tt.wantOld, old, name)
			assert.Equal(t, tt.wantNew, ep.Atomic(1, 64, AtomicGet, tt.kind, 0, 0), name)
		}
		assert.Panics(t, func() { ep.Atomic(1, 3, AtomicAdd, Int64, 1, 0) }, "misaligned")
		assert.Panics(t, func() { ep.Atomic(1, 0, AtomicXor, Float64, 1, 0) }, "xor on double")
	})
}

func TestAtomicContention(t *testing.T) {
	both(t, 8, func(ep *Endpoint) {
		for range 500 {
			ep.Atomic(0, 0, AtomicAdd, Int64, 1, 0)
			ep.Atomic(3, 8, AtomicAdd, Float64, math.Float64bits(0.5), 0)
		}
		require.NoError(t, ep.Barrier(0, true))
		if ep.Rank() == 5 {
			assert.Equal(t, uint64(4000), ep.Atomic(0, 0, AtomicGet, Int64, 0, 0))
			assert.Equal(t, 2000.0, math.Float64frombits(ep.Atomic(3, 8, AtomicGet, Float64, 0, 0)))
		}
	})
}

func TestSegmentBounds(t *testing.T) {
	run(t, 1, 1, func(ep *Endpoint) {
		buf := make([]byte, 16)
		assert.Panics(t, func() { ep.Put(0, ep.SegmentSize()-8, u64(buf), 16) })
		assert.Panics(t, func() { ep.Get(u64(buf), 1, 0, 8) })
	})
}

func TestBarrierIDs(t *testing.T) {
	run(t, 4, 1, func(ep *Endpoint) {
		// Matching ids and anonymous barriers match.
		require.NoError(t, ep.Barrier(7, false))
		require.NoError(t, ep.Barrier(int32(ep.Rank()), ep.Rank() != 2))
		// Split phase with work between notify and wait, and try.
		ep.BarrierNotify(3, false)
		for {
			done, err := ep.BarrierTry()
			require.NoError(t, err)
			if done {
				break
			}
		}
		// A mismatch is reported on every thread.
		err := ep.Barrier(int32(ep.Rank()%2), false)
		var mm *BarrierMismatchError
		require.True(t, errors.As(err, &mm), "thread %d: %v", ep.Rank(), err)
		assert.Equal(t, ep.Rank(), mm.Rank)
		// The next barrier is clean again.
		require.NoError(t, ep.Barrier(1, false))
		assert.Panics(t, func() { ep.BarrierWait() }, "wait without notify")
	})
}

func TestManyBarriersOversubscribed(t *testing.T) {
	const threads, rounds = 16, 10000
	var counter atomic.Int64
	run(t, threads, 1, func(ep *Endpoint) {
		for i := range rounds {
			counter.Add(1)
			require.NoError(t, ep.Barrier(int32(i), false))
			if got := counter.Load(); got < int64(threads*(i+1)) {
				t.Errorf("round %d: counter %d before all arrived", i, got)
				return
			}
		}
	})
	assert.Equal(t, int64(threads*rounds), counter.Load())
}

func TestPanicAbortsBlockedRanks(t *testing.T) {
	start := time.Now()
	err := runErr(t, 4, 1, func(ep *Endpoint) {
		if ep.Rank() == 2 {
			time.Sleep(20 * time.Millisecond)
			panic("a fault in rank 2")
		}
		ep.Barrier(0, true)
	})
	var rp *RankPanic
	require.True(t, errors.As(err, &rp), "%v", err)
	assert.Equal(t, 2, rp.Rank)
	assert.Less(t, time.Since(start), time.Second)
}

func TestCall(t *testing.T) {
	both(t, 3, func(ep *Endpoint) {
		r, p := ep.Call((ep.Rank()+1)%3, hEcho, []uint64{uint64(ep.Rank()), 5}, []byte("hi"))
		assert.Equal(t, []uint64{uint64(ep.Rank()) + 5}, r)
		assert.Equal(t, "hi!", string(p))
	})
}

var hEcho = RegisterHandler("test-echo", func(tok Token, args []uint64, payload []byte) {
	ref, a := CallArgs(args)
	tok.job.Return(tok.Dst(), ref, []uint64{a[0] + a[1]}, append(payload, '!'))
})

// The ranks of one (simulated) process share one segment table: memory
// and start-up stay linear in the ranks.
func TestSegmentTableShared(t *testing.T) {
	for _, procs := range []int{1, 3} {
		c := NewSMP(9, procs)
		j, err := NewJob(Config{Conduit: c, SegmentSize: 1 << 16})
		require.NoError(t, err)
		for _, ep := range j.Local() {
			first := j.Local()[c.proc(ep.Rank())*c.perProc] // the first rank of its process
			assert.Same(t, &first.Segments()[0], &ep.Segments()[0], "procs=%d rank %d", procs, ep.Rank())
			for r := range ep.Size() {
				assert.Equal(t, c.Segment(ep.Rank(), r), ep.Segment(r))
			}
		}
		require.NoError(t, c.Close())
	}
}

// A job that cannot fit is refused with one message before anything is
// mapped or started.
func TestFootprintRefused(t *testing.T) {
	_, err := NewJob(Config{Ranks: MaxRanks + 1, SegmentSize: 1 << 16})
	require.ErrorContains(t, err, fmt.Sprintf("%d threads: at most %d are supported", MaxRanks+1, MaxRanks))
	_, err = NewJob(Config{Ranks: 100000, SegmentSize: 1 << 30})
	require.ErrorContains(t, err, "100000 threads with a shared segment of 1.0 GiB each need 97.7 TiB of address space")
}
