package upc

import (
	"fmt"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

func (t *Thread) checkThread(p SharedPtr, op string) {
	if int(p.Thread) >= t.Threads {
		if p.IsNull() {
			return
		}
		panic(fmt.Sprintf("%s: pointer-to-shared %v names thread %d, but THREADS is %d", op, p, p.Thread, t.Threads))
	}
}

func nullDeref(op string) {
	panic(op + ": dereference of a null pointer-to-shared")
}

// directAt is where this thread loads or stores the n bytes at p through
// the table segs, or nil when it cannot: p names no thread, a segment it
// cannot address, or bytes outside the segment or in its runtime header
// (the slow path says which). Load and Store write the same test out
// inline: as a call returning a pointer it costs their inline path a
// test and a jump more.
func (t *Thread) directAt(segs []unsafe.Pointer, p SharedPtr, n uintptr) unsafe.Pointer {
	if uint(p.Thread) < uint(len(segs)) {
		if base := segs[p.Thread]; base != nil && p.Addr-headerSize < t.segSize-headerSize-n {
			return unsafe.Add(base, p.Addr)
		}
	}
	return nil
}

// Load reads the T at p (a relaxed shared read).
func Load[T Scalar](t *Thread, p SharedPtr) T {
	if typeWord[T]() != t.scalarOK {
		checkScalar[T](t, "shared read")
	}
	if uint(p.Thread) < uint(len(t.direct)) {
		if base := t.direct[p.Thread]; base != nil && p.Addr-headerSize < t.segSize-headerSize-unsafe.Sizeof(*new(T)) {
			return *(*T)(unsafe.Add(base, p.Addr))
		}
	}
	return loadSlow[T](t, p)
}

func loadSlow[T Scalar](t *Thread, p SharedPtr) T {
	if t.prof != nil {
		// Counting accesses: Load's table is empty, the load is here.
		if a := t.directAt(t.segs, p, unsafe.Sizeof(*new(T))); a != nil {
			t.prof.Count(gasnet.AccessGet, int(p.Thread), unsafe.Sizeof(*new(T)))
			return *(*T)(a)
		}
	}
	if p.IsNull() {
		nullDeref("shared read")
	}
	t.checkThread(p, "shared read")
	var v T
	t.ep.Get(unsafe.Pointer(&v), int(p.Thread), p.Addr, unsafe.Sizeof(v))
	return v
}

// Store writes v at p (a relaxed shared write).
func Store[T Scalar](t *Thread, p SharedPtr, v T) {
	if typeWord[T]() != t.scalarOK {
		checkScalar[T](t, "shared write")
	}
	if uint(p.Thread) < uint(len(t.direct)) {
		if base := t.direct[p.Thread]; base != nil && p.Addr-headerSize < t.segSize-headerSize-unsafe.Sizeof(v) {
			*(*T)(unsafe.Add(base, p.Addr)) = v
			return
		}
	}
	storeSlow(t, p, v)
}

func storeSlow[T Scalar](t *Thread, p SharedPtr, v T) {
	if t.prof != nil {
		if a := t.directAt(t.segs, p, unsafe.Sizeof(v)); a != nil {
			t.prof.Count(gasnet.AccessPut, int(p.Thread), unsafe.Sizeof(v))
			*(*T)(a) = v
			return
		}
	}
	if p.IsNull() {
		nullDeref("shared write")
	}
	t.checkThread(p, "shared write")
	t.ep.Put(int(p.Thread), p.Addr, unsafe.Pointer(&v), unsafe.Sizeof(v))
}

// LoadStrict reads the T at p as a strict access: sequentially consistent
// with every other strict access, and ordered after this thread's earlier
// relaxed accesses.
func LoadStrict[T Scalar](t *Thread, p SharedPtr) T {
	checkScalar[T](t, "strict shared read")
	var v T
	t.strict(p, unsafe.Pointer(&v), unsafe.Sizeof(v), false)
	return v
}

// StoreStrict writes v at p as a strict access.
func StoreStrict[T Scalar](t *Thread, p SharedPtr, v T) {
	checkScalar[T](t, "strict shared write")
	t.strict(p, unsafe.Pointer(&v), unsafe.Sizeof(v), true)
}

// strict performs a strict access of n bytes. Word-sized aligned accesses
// are atomic operations at the target (sequentially consistent in Go's
// memory model); other sizes are bracketed by fences.
func (t *Thread) strict(p SharedPtr, v unsafe.Pointer, n uintptr, write bool) {
	if p.IsNull() {
		nullDeref("strict shared access")
	}
	t.checkThread(p, "strict shared access")
	kind := gasnet.Uint64
	switch {
	case n == 4 && p.Addr%4 == 0:
		kind = gasnet.Uint32
	case n == 8 && p.Addr%8 == 0:
	default:
		t.Fence()
		if write {
			t.ep.Put(int(p.Thread), p.Addr, v, n)
		} else {
			t.ep.Get(v, int(p.Thread), p.Addr, n)
		}
		t.Fence()
		return
	}
	if write {
		var bits uint64
		if n == 4 {
			bits = uint64(*(*uint32)(v))
		} else {
			bits = *(*uint64)(v)
		}
		t.ep.Atomic(int(p.Thread), p.Addr, gasnet.AtomicSet, kind, bits, 0)
		return
	}
	bits := t.ep.Atomic(int(p.Thread), p.Addr, gasnet.AtomicGet, kind, 0, 0)
	if n == 4 {
		*(*uint32)(v) = uint32(bits)
	} else {
		*(*uint64)(v) = bits
	}
}

// Local converts p to a private pointer when it has affinity to the
// calling thread (or the target's segment is addressable), as a cast from
// pointer-to-shared to pointer-to-private does; it returns nil otherwise
// (UPC 1.3 §6.4.3 leaves that case undefined; nil fails loudly).
func (t *Thread) Local(p SharedPtr) unsafe.Pointer {
	if p.IsNull() || int(p.Thread) >= t.Threads {
		return nil
	}
	base := t.segs[p.Thread]
	if base == nil {
		return nil
	}
	return unsafe.Add(base, p.Addr)
}

// Addressable is the PSHM query for thread: can this thread load and
// store its shared memory directly?
func (t *Thread) Addressable(thread int) bool { return t.segs[thread] != nil }

// LocalBase is the calling thread's own segment: generated code adds an
// address field to it for shared accesses proven local.
func (t *Thread) LocalBase() unsafe.Pointer { return t.local }

// Memcpy is upc_memcpy: n bytes from src to dst, both shared, each taken
// as contiguous bytes with affinity to one thread.
func (t *Thread) Memcpy(dst, src SharedPtr, n uintptr) {
	if n == 0 {
		return
	}
	t.checkPtr(dst, "upc_memcpy")
	t.checkPtr(src, "upc_memcpy")
	switch {
	case t.segs[src.Thread] != nil:
		t.ep.Put(int(dst.Thread), dst.Addr, unsafe.Add(t.segs[src.Thread], src.Addr), n)
	case t.segs[dst.Thread] != nil:
		t.ep.Get(unsafe.Add(t.segs[dst.Thread], dst.Addr), int(src.Thread), src.Addr, n)
	default:
		buf := make([]byte, n)
		t.ep.Get(unsafe.Pointer(&buf[0]), int(src.Thread), src.Addr, n)
		t.ep.Put(int(dst.Thread), dst.Addr, unsafe.Pointer(&buf[0]), n)
	}
}

// Memget is upc_memget: n bytes from shared src to private dst.
func (t *Thread) Memget(dst unsafe.Pointer, src SharedPtr, n uintptr) {
	if n == 0 {
		return
	}
	t.checkPtr(src, "upc_memget")
	t.ep.Get(dst, int(src.Thread), src.Addr, n)
}

// Memput is upc_memput: n bytes from private src to shared dst.
func (t *Thread) Memput(dst SharedPtr, src unsafe.Pointer, n uintptr) {
	if n == 0 {
		return
	}
	t.checkPtr(dst, "upc_memput")
	t.ep.Put(int(dst.Thread), dst.Addr, src, n)
}

// Memset is upc_memset: n bytes of shared dst set to c.
func (t *Thread) Memset(dst SharedPtr, c byte, n uintptr) {
	if n == 0 {
		return
	}
	t.checkPtr(dst, "upc_memset")
	t.ep.Memset(int(dst.Thread), dst.Addr, c, n)
}

func (t *Thread) checkPtr(p SharedPtr, op string) {
	if p.IsNull() {
		panic(op + ": null pointer-to-shared")
	}
	t.checkThread(p, op)
}

// Endpoint exposes the thread's gasnet endpoint to the extension
// libraries built on this package.
func (t *Thread) Endpoint() *gasnet.Endpoint { return t.ep }

// LocalAddr is the address of the calling thread's own segment, for
// generated code that computes local addresses directly.
func (t *Thread) LocalAddr() uintptr { return uintptr(t.local) }
