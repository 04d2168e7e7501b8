package upc

import "unsafe"

// The run-time half of the compiler's aggregation pass (lower/aggregate.go,
// docs/aggregation.md). A transformed loop first runs its header alone and
// lists, in iteration order, the pointer-to-shared of every element one
// aggregated access will touch; then AggGet fills a private buffer from
// those elements before the loop, and AggPut writes the buffer back after
// it. Both go through the indexed memcpy extension (MemgetIlist,
// MemputIlist), which copies what this thread can address directly and
// sends one vector transfer per other owner thread, merging elements that
// are adjacent on both sides into one run: a block read element by element
// becomes one contiguous get, the column of a cyclic array one get per
// owner.

// aggName starts the run-time errors of aggregated accesses: an element
// outside every segment is reported before any is copied.
const aggName = "shared access in an aggregated loop"

// AggGet copies the elements at ptrs, elemSize bytes each, into buf in
// list order; len(buf) must be len(ptrs)*elemSize. It is complete when it
// returns.
func (t *Thread) AggGet(buf []byte, ptrs []SharedPtr, elemSize uintptr) {
	if len(ptrs) == 0 {
		return
	}
	t.Lib(aggName).MemgetIlist(Blocking, []unsafe.Pointer{unsafe.Pointer(&buf[0])}, uintptr(len(buf)), ptrs, elemSize)
}

// AggPut copies buf, elemSize bytes per element, to the elements at ptrs
// in list order (the list holds no element twice: the compiler aggregates
// only stores it proved injective). It is complete when it returns, so the
// stores are visible before the next synchronisation point, as the memory
// model requires of the relaxed stores they replace.
func (t *Thread) AggPut(ptrs []SharedPtr, buf []byte, elemSize uintptr) {
	if len(ptrs) == 0 {
		return
	}
	t.Lib(aggName).MemputIlist(Blocking, ptrs, elemSize, []unsafe.Pointer{unsafe.Pointer(&buf[0])}, uintptr(len(buf)))
}

// AddressesAll reports whether this thread loads and stores every thread's
// memory directly (smp, or processes on one node sharing memory): then a
// loop's element-wise accesses cost no messages and aggregating them is
// pure overhead.
func (t *Thread) AddressesAll() bool { return t.addressesAll }
