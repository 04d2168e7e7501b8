package upc

import (
	"fmt"
	"time"
)

// BarrierAnonymous stands for a upc_barrier, upc_notify or upc_wait
// without an expression: it matches any id.
const BarrierAnonymous = int64(1) << 40

// barrierError turns a mismatch into the runtime error UPC requires.
func barrierError(op string, err error) {
	if err != nil {
		panic(fmt.Errorf("%s: %w", op, err))
	}
}

// Barrier is upc_barrier without an id.
func (t *Thread) Barrier() { t.BarrierID(BarrierAnonymous) }

// BarrierID is upc_barrier id (or anonymous with BarrierAnonymous).
func (t *Thread) BarrierID(id int64) {
	t.Notify(id)
	t.Wait(id)
}

// Notify is upc_notify: the first half of a split-phase barrier. A strict
// access's ordering applies: the fence makes this thread's relaxed writes
// visible before other threads can leave the barrier.
func (t *Thread) Notify(id int64) {
	t.Fence()
	t.ep.BarrierNotify(int32(id), id == BarrierAnonymous)
}

// Wait is upc_wait; the id, if given, must match the notify's (it is
// checked against the other threads' ids as UPC 1.3 §6.6.1 requires).
func (t *Thread) Wait(id int64) {
	barrierError("upc_wait", t.ep.BarrierWait())
	t.Fence()
}

// internalBarrier synchronises the threads for the runtime's own
// collectives; it reports mismatches like a user barrier would.
func (t *Thread) internalBarrier() {
	t.ep.BarrierNotify(0, true)
	barrierError("upc_barrier", t.ep.BarrierWait())
}

// Fence is upc_fence: a null strict access. An atomic read-modify-write
// is a full fence on every platform Go supports, and it orders the
// thread's relaxed accesses (which complete before they return) around it.
func (t *Thread) Fence() { t.fenceWord.Add(1) }

// TicksNow is upc_ticks_now: a monotonic clock in nanosecond ticks.
func TicksNow() uint64 { return uint64(time.Since(tickEpoch)) }

// TicksToNs is upc_ticks_to_ns.
func TicksToNs(ticks uint64) uint64 { return ticks }

// TicksPerSecond is UPC_TICKS_PER_SECOND (upc_tick.h).
const TicksPerSecond = 1_000_000_000

var tickEpoch = time.Now()
