package upc

import (
	"fmt"
	"runtime"
	"sync"
)

// Berkeley UPC's job-layout queries and polling (bupc_extensions.h).

// The bupc_thread_distance levels (Berkeley UPC's values).
const (
	DistanceSame     = 0   // BUPC_THREADS_SAME: the same thread
	DistanceVeryNear = 100 // BUPC_THREADS_VERYNEAR: the same process
	DistanceNear     = 200 // BUPC_THREADS_NEAR: another process, memory loaded and stored directly (PSHM)
	DistanceFar      = 300 // BUPC_THREADS_FAR: through the network conduit
	DistanceVeryFar  = 400 // BUPC_THREADS_VERYFAR (not used: no farther level exists)
)

// ThreadDistance is bupc_thread_distance(x, y): how far thread x is from
// y's memory. It is symmetric and the same on every thread of a job on
// one host: every conduit places the threads in processes of equal,
// consecutive blocks, the threads of a process reach each other's memory,
// and two processes share memory when the process of either reaches the
// other's (or, for two other processes, when this one reaches both: PSHM
// spans a node).
func (t *Thread) ThreadDistance(x, y int) uint32 {
	if x < 0 || x >= t.Threads || y < 0 || y >= t.Threads {
		panic(fmt.Sprintf("bupc_thread_distance: threads %d and %d must be in 0..THREADS-1 (THREADS is %d)", x, y, t.Threads))
	}
	if x == y {
		return DistanceSame
	}
	j := t.ep.Job()
	c := j.Conduit()
	_, perProc := c.Local()
	sameProc := x/perProc == y/perProc
	var direct bool
	switch {
	case j.IsLocal(x):
		direct = c.Segment(x, y) != nil
		sameProc = j.IsLocal(y)
	case j.IsLocal(y):
		direct = c.Segment(y, x) != nil
		sameProc = false
	case sameProc:
		direct = true // a process's threads reach each other's memory
	default:
		// Two other processes share memory when this one reaches both
		// (PSHM spans a node).
		direct = t.Addressable(x) && t.Addressable(y)
	}
	switch {
	case !direct:
		return DistanceFar
	case sameProc:
		return DistanceVeryNear
	}
	return DistanceNear
}

// Poll is upc_poll (GNU UPC) and bupc_poll (Berkeley UPC): a fence, and
// a chance for the runtime's progress goroutines to run, for a program
// that spins waiting for another thread.
func (t *Thread) Poll() {
	t.Fence()
	runtime.Gosched()
}

// TickOverheadUs is bupc_tick_overheadus: the microseconds one
// upc_ticks_now call takes, measured once per process (the minimum over
// a few rounds, so that a preemption does not count).
var TickOverheadUs = sync.OnceValue(func() float64 {
	const calls = 1000
	best := uint64(1 << 63)
	for range 5 {
		start := TicksNow()
		for range calls {
			TicksNow()
		}
		best = min(best, TicksNow()-start)
	}
	return float64(TicksToNs(best)) / calls / 1000
})
