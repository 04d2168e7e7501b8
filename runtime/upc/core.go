package upc

// The exported core of the PGAS runtime: what a second programming model
// built on this package (runtime/shmem, OpenSHMEM) needs beyond the UPC
// API. A thread's segment, the endpoint that moves bytes between segments
// (Thread.Endpoint), its own base (Thread.LocalBase) and the PSHM query
// (Thread.Local) are exported elsewhere; this file adds the segment's
// header layout, the symmetric heap, the runtime's own collective
// broadcast, and faults.

// HeaderSize is the runtime header at the start of every segment: no
// static object or heap block lies below it, so a segment offset below
// HeaderSize is never a program's object.
const HeaderSize = headerSize

// ExtHeaderOff starts the part of every segment's runtime header, up to
// HeaderSize, that package upc leaves to a programming model built on it
// (OpenSHMEM keeps its team barrier table there). upc itself uses
// [0, ExtHeaderOff): the BroadcastFrom0 slots.
const ExtHeaderOff = 2048

// AllocAlign is the alignment of every offset the shared heaps return.
const AllocAlign = allocAlign

// CollArg is a single-valued argument of a collective the runtime runs
// itself (upc_all_alloc, upc_all_lock_alloc, shmem_malloc): BroadcastFrom0
// checks that every thread passed thread 0's value.
type CollArg struct {
	Name string
	V    uint64
}

// AllocSymmetric allocates size bytes at one offset of every thread's
// segment (the symmetric heap behind upc_global_alloc) and returns the
// offset. It is not collective: one thread calls it, usually inside
// BroadcastFrom0. When the heap is exhausted it fails, naming op.
func (t *Thread) AllocSymmetric(op string, size uintptr) uintptr {
	off, ok := t.symAlloc(size)
	if !ok {
		t.exhausted(op, size)
	}
	return off
}

// FreeSymmetric releases the symmetric block at offset off, reporting
// whether it was one that AllocSymmetric returned and not yet freed.
func (t *Thread) FreeSymmetric(off uintptr) bool { return t.freeSym(SharedPtr{Addr: off}) }

// Fail is a fault of the library call o names: the thread ends and the
// job reports "UPC thread i of n: name: message" with the call's source
// line, as for every fault of the runtime's own calls.
func (o Lib) Fail(format string, args ...any) { o.fail(format, args...) }
