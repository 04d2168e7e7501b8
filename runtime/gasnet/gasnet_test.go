package gasnet

import (
	"errors"
	"fmt"
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
	c := NewTestConduit(ranks, procs)
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

// A rank's panic wakes the ranks blocked in a barrier and ends the job
// with that panic. No deadlock check may end the job in its place: with one every hour, a
// rank the abort did not wake would hang the test until its timeout.
func TestPanicAbortsBlockedRanks(t *testing.T) {
	t.Setenv("UPC_DEADLOCK_INTERVAL", "1h")
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
}

// A job that cannot fit is refused with one message before anything is
// mapped or started.
func TestFootprintRefused(t *testing.T) {
	_, err := NewJob(Config{Conduit: NewTestConduit(MaxRanks+1, 1), SegmentSize: 1 << 16})
	require.ErrorContains(t, err, fmt.Sprintf("%d threads: at most %d are supported", MaxRanks+1, MaxRanks))
	_, err = NewJob(Config{Conduit: NewTestConduit(100000, 1), SegmentSize: 1 << 30})
	require.ErrorContains(t, err, "100000 threads with a shared segment of 1.0 GiB each need 97.7 TiB of address space")
}
