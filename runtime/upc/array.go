package upc

import (
	"fmt"
	"unsafe"
)

// Array is a shared array `shared [Block] T a[n]` for Go programs: typed
// access by index, with the element's thread and address computed from
// the layout. Every thread holds the same Array value.
type Array[T Scalar] struct {
	base    SharedPtr
	layout  Layout
	n       int
	threads int
}

// AllocArray allocates a shared array of n elements of T with block size
// block (≥ 1) collectively, like upc_all_alloc: every thread must call it,
// and every thread gets the same array. The elements start zeroed.
func AllocArray[T Scalar](t *Thread, block, n int) *Array[T] {
	if block < 1 || n < 0 {
		panic(fmt.Sprintf("upc.AllocArray: block size %d and length %d (want block ≥ 1, length ≥ 0)", block, n))
	}
	checkScalar[T](t, "upc.AllocArray")
	var zero T
	es := unsafe.Sizeof(zero)
	nblocks := (n + block - 1) / block
	p := t.AllAlloc(uintptr(nblocks), uintptr(block)*es)
	a := &Array[T]{base: p, layout: Layout{Block: uintptr(block), ElemSize: es}, n: n, threads: t.Threads}
	// Fresh segment pages are zero, but reused heap space may not be.
	if sz := AffinitySize(uintptr(n)*es, uintptr(block)*es, t.MyThread, t.Threads); sz > 0 {
		t.Memset(SharedPtr{Thread: uint32(t.MyThread), Addr: p.Addr}, 0, sz)
	}
	t.Barrier()
	return a
}

// Len is the number of elements.
func (a *Array[T]) Len() int { return a.n }

// Layout is the array's block size and element size.
func (a *Array[T]) Layout() Layout { return a.layout }

// Base is a pointer to element 0.
func (a *Array[T]) Base() SharedPtr { return a.base }

func (a *Array[T]) check(i int) {
	if uint(i) >= uint(a.n) {
		panic(fmt.Sprintf("shared array index %d out of range [0,%d)", i, a.n))
	}
}

// Ptr is &a[i].
func (a *Array[T]) Ptr(i int) SharedPtr {
	a.check(i)
	b := int(a.layout.Block)
	blk, phase := i/b, i%b
	row, th := blk/a.threads, blk%a.threads
	return SharedPtr{
		Thread: uint32(th),
		Phase:  uint32(phase),
		Addr:   a.base.Addr + uintptr(row*b+phase)*a.layout.ElemSize,
	}
}

// ThreadOf is upc_threadof(&a[i]).
func (a *Array[T]) ThreadOf(i int) int {
	a.check(i)
	return (i / int(a.layout.Block)) % a.threads
}

// Get reads a[i] (relaxed).
func (a *Array[T]) Get(t *Thread, i int) T { return Load[T](t, a.Ptr(i)) }

// Set writes a[i] (relaxed).
func (a *Array[T]) Set(t *Thread, i int, v T) { Store(t, a.Ptr(i), v) }

// GetStrict reads a[i] as a strict access.
func (a *Array[T]) GetStrict(t *Thread, i int) T { return LoadStrict[T](t, a.Ptr(i)) }

// SetStrict writes a[i] as a strict access.
func (a *Array[T]) SetStrict(t *Thread, i int, v T) { StoreStrict(t, a.Ptr(i), v) }

// Local returns the elements with affinity to the calling thread as a Go
// slice over its segment, in local order (block after block), the way a
// UPC program casts &a[first local element] to a private pointer.
func (a *Array[T]) Local(t *Thread) []T {
	n := AffinitySize(uintptr(a.n)*a.layout.ElemSize, a.layout.Block*a.layout.ElemSize, t.MyThread, t.Threads) / a.layout.ElemSize
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Add(t.local, a.base.Addr)), n)
}

// LocalIndex maps the global index of an element with affinity to the
// calling thread to its index in Local.
func (a *Array[T]) LocalIndex(i int) int {
	b := int(a.layout.Block)
	return (i/b/a.threads)*b + i%b
}

// Free releases the array collectively (upc_all_free).
func (a *Array[T]) Free(t *Thread) { t.AllFree(a.base) }
