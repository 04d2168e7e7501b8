package upc

import (
	"fmt"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/cmem"
	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The run-time half of the compiler's aggregation pass (lower/aggregate.go,
// docs/aggregation.md). The compiler emits a transformed loop's body once;
// an Agg decides, once per process, how that body reaches its aggregated
// accesses:
//
//   - Where some thread's memory is reached by messages, the loop runs in
//     strips (Strip): the header alone runs first and lists (More, List),
//     in iteration order, the pointer-to-shared of every element each
//     aggregated access will touch; Get fills a private buffer per access from those
//     elements; the body then reads and writes the buffers (At hands out
//     the next slot); Put writes the stored elements back. Get and Put go
//     through the indexed memcpy extension (MemgetIlist, MemputIlist),
//     which copies what this thread addresses directly and sends one
//     vector transfer per other owner thread, merging elements adjacent
//     on both sides into one run.
//   - Where this thread loads and stores every thread's memory directly
//     (smp, or processes on one node sharing memory) listing and copying
//     would only add work: More is false at once, the strip is the whole
//     loop, and At is the element's own address, so the loop runs as
//     written.

// aggName starts the run-time errors of aggregated accesses: an element
// outside every segment is reported before any is copied.
const aggName = "shared access in an aggregated loop"

// AggDefaultLimit is the bytes of private buffer one strip of an
// aggregated loop uses for all its accesses unless the program was built
// with -faggregate-limit; longer loops are strip-mined.
const AggDefaultLimit = 1 << 20

// AggAccess describes one aggregated access of a loop: its element size
// and whether the loop reads it, stores to it, or both (an update).
type AggAccess struct {
	size        uintptr
	read, write bool
}

// AggRead, AggStore and AggUpdate describe an access of size-byte elements
// that the loop reads, stores to, or reads and then stores to (a[i] += v).
func AggRead(size uintptr) AggAccess   { return AggAccess{size: size, read: true} }
func AggStore(size uintptr) AggAccess  { return AggAccess{size: size, write: true} }
func AggUpdate(size uintptr) AggAccess { return AggAccess{size: size, read: true, write: true} }

// Agg is one execution of an aggregated loop.
type Agg struct {
	t      *Thread
	direct bool // every thread's memory is addressed directly: no strips
	strip  int  // iterations one strip lists at most
	listed int  // iterations the current strip listed
	ran    int  // of those, the ones the body loop has started
	acc    []aggSlots
}

// aggSlots is one access's list and buffer in the current strip.
type aggSlots struct {
	AggAccess
	ptrs []SharedPtr
	buf  uintptr // C memory of len(ptrs)*size bytes, 0 when empty
	next int     // the slot At hands out next
}

// Aggregate starts an aggregated loop whose body makes the accesses acc,
// each exactly once in every iteration the loop lists, limit bytes of
// buffer per strip (AggDefaultLimit when 0).
func (t *Thread) Aggregate(limit int64, acc ...AggAccess) *Agg {
	if limit <= 0 {
		limit = AggDefaultLimit
	}
	var perIter int64
	a := &Agg{t: t, direct: t.addressesAll, acc: make([]aggSlots, len(acc))}
	for k, x := range acc {
		a.acc[k].AggAccess = x
		perIter += int64(x.size)
	}
	a.strip = int(max(limit/max(perIter, 1), 1))
	return a
}

// Strip is the condition of the loop over strips, given the C loop's: it
// starts a strip while the loop has iterations left.
func (a *Agg) Strip(more bool) bool {
	if !more {
		return false
	}
	a.listed, a.ran = 0, 0
	for k := range a.acc {
		s := &a.acc[k]
		s.ptrs, s.next = s.ptrs[:0], 0
	}
	return true
}

// More is the listing loop's condition after the C loop's own: whether
// this iteration belongs to the strip (it counts it). It is false at once
// where every thread's memory is addressed directly: nothing is listed
// and the strip is the whole loop.
func (a *Agg) More() bool {
	if a.direct || a.listed == a.strip {
		return false
	}
	a.listed++
	return true
}

// List records the element access k touches in the iteration being
// listed.
func (a *Agg) List(k int, p SharedPtr) { a.acc[k].ptrs = append(a.acc[k].ptrs, p) }

// Get allocates access k's buffer and, for a read, fetches its elements.
// It is complete when it returns.
func (a *Agg) Get(k int) {
	s := &a.acc[k]
	if len(s.ptrs) == 0 {
		return
	}
	n := uintptr(len(s.ptrs)) * s.size
	s.buf = cmem.Malloc(n)
	if s.read {
		a.t.Lib(aggName).MemgetIlist(Blocking, []unsafe.Pointer{unsafe.Pointer(&cmem.Bytes(s.buf, n)[0])}, n, s.ptrs, s.size)
	}
}

// Next is the body loop's condition after the C loop's own: whether the
// strip has another iteration (always, where the loop runs as written).
func (a *Agg) Next() bool {
	if a.direct {
		return true
	}
	if a.ran == a.listed {
		return false
	}
	a.ran++
	return true
}

// At is the private address through which the body makes access k, whose
// element is p, in the current iteration: the element itself where every
// thread's memory is addressed directly, else its slot in the buffer.
func (a *Agg) At(k int, p SharedPtr) uintptr {
	s := &a.acc[k]
	if a.direct {
		if q := a.t.directAt(a.t.segs, p, s.size); q != nil {
			if a.t.prof != nil {
				a.count(s, p)
			}
			return uintptr(q)
		}
		// Outside every segment: the indexed get says why, as in a strip.
		a.t.Lib(aggName).MemgetIlist(Blocking, []unsafe.Pointer{unsafe.Pointer(&make([]byte, s.size)[0])}, s.size, []SharedPtr{p}, s.size)
		panic(fmt.Sprintf("%s: %v is not addressable", aggName, p))
	}
	at := s.buf + uintptr(s.next)*s.size
	s.next++
	return at
}

// Put ends access k's part of a strip: for a store it writes the elements
// back (the list holds no element twice: the compiler aggregates only
// stores it proved injective); then it frees the buffer. It is complete
// when it returns, so the stores are visible before the next
// synchronisation point, as the memory model requires of the relaxed
// stores they replace. Where the loop runs as written it does nothing.
func (a *Agg) Put(k int) {
	s := &a.acc[k]
	if s.buf == 0 {
		return
	}
	if s.next != len(s.ptrs) {
		// The compiler emits one At per access and iteration; a body that
		// took another slot (or fewer) read or stored the wrong elements.
		panic(fmt.Sprintf("%s: internal error: the loop body took %d buffer slots for %d listed elements of access %d", aggName, s.next, len(s.ptrs), k))
	}
	if s.write {
		n := uintptr(len(s.ptrs)) * s.size
		a.t.Lib(aggName).MemputIlist(Blocking, s.ptrs, s.size, []unsafe.Pointer{unsafe.Pointer(&cmem.Bytes(s.buf, n)[0])}, n)
	}
	cmem.Free(s.buf)
	s.buf = 0
}

// count records a direct access in the communication profile, as Load
// and Store do when it is on.
func (a *Agg) count(s *aggSlots, p SharedPtr) {
	if s.read {
		a.t.prof.Count(gasnet.AccessGet, int(p.Thread), s.size)
	}
	if s.write {
		a.t.prof.Count(gasnet.AccessPut, int(p.Thread), s.size)
	}
}
