package upc

import (
	"fmt"
	"sort"
	"sync"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Segment layout, the same on every thread:
//
//	[0, headerSize)         runtime header: BroadcastFrom0's slots from 0;
//	                        from ExtHeaderOff, a face built on upc's own
//	                        (runtime/shmem's team barrier words)
//	[headerSize, staticHi)  static shared data, symmetric
//	[staticHi, sym.top)     symmetric heap: upc_global_alloc, upc_all_alloc
//	...                     free
//	[floor_t, segSize)      thread t's local heap: upc_alloc, locks
//
// The symmetric heap grows up and every local heap grows down. Thread 0's
// process owns the symmetric heap and every thread's floor, so the two can
// never overlap; a local heap asks it before growing, in large steps.

const (
	allocAlign = 16
	symGrowth  = 64 << 10
	localStep  = 1 << 20
)

// spanAllocator hands out aligned pieces of a set of free byte ranges:
// first fit over address-ordered, coalesced free spans. Shared-heap
// allocations are few and large, so simplicity wins over speed here.
type spanAllocator struct {
	free []span
	used map[uintptr]uintptr // offset -> size
}

type span struct{ off, size uintptr }

func roundUp(n, a uintptr) uintptr { return (n + a - 1) &^ (a - 1) }

func (a *spanAllocator) alloc(size uintptr) (uintptr, bool) {
	size = roundUp(max(size, 1), allocAlign)
	for i, s := range a.free {
		if s.size >= size {
			if s.size == size {
				a.free = append(a.free[:i], a.free[i+1:]...)
			} else {
				a.free[i] = span{s.off + size, s.size - size}
			}
			if a.used == nil {
				a.used = make(map[uintptr]uintptr)
			}
			a.used[s.off] = size
			return s.off, true
		}
	}
	return 0, false
}

// add returns [off, off+size) to the free set, merging neighbours.
func (a *spanAllocator) add(off, size uintptr) {
	i := sort.Search(len(a.free), func(i int) bool { return a.free[i].off > off })
	a.free = append(a.free, span{})
	copy(a.free[i+1:], a.free[i:])
	a.free[i] = span{off, size}
	if i+1 < len(a.free) && a.free[i].off+a.free[i].size == a.free[i+1].off {
		a.free[i].size += a.free[i+1].size
		a.free = append(a.free[:i+1], a.free[i+2:]...)
	}
	if i > 0 && a.free[i-1].off+a.free[i-1].size == a.free[i].off {
		a.free[i-1].size += a.free[i].size
		a.free = append(a.free[:i], a.free[i+1:]...)
	}
}

func (a *spanAllocator) release(off uintptr) bool {
	size, ok := a.used[off]
	if !ok {
		return false
	}
	delete(a.used, off)
	a.add(off, size)
	return true
}

// symHeap is the symmetric heap, owned by thread 0's process.
type symHeap struct {
	mu      sync.Mutex
	a       spanAllocator
	top     uintptr
	floors  []uintptr // every thread's local-heap floor
	segSize uintptr
}

func (h *symHeap) minFloor() uintptr {
	m := h.segSize
	for _, f := range h.floors {
		m = min(m, f)
	}
	return m
}

func (h *symHeap) alloc(size uintptr) (uintptr, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if off, ok := h.a.alloc(size); ok {
		return off, true
	}
	grow := roundUp(roundUp(size, allocAlign), symGrowth)
	if h.top+grow > h.minFloor() {
		grow = roundUp(size, allocAlign)
		if h.top+grow > h.minFloor() {
			return 0, false
		}
	}
	h.a.add(h.top, grow)
	h.top += grow
	return h.a.alloc(size)
}

func (h *symHeap) release(off uintptr) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.a.release(off)
}

func (h *symHeap) lowerFloor(thread int, floor uintptr) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if floor < h.top {
		return false
	}
	h.floors[thread] = min(h.floors[thread], floor)
	return true
}

// localHeap is one thread's upc_alloc heap, owned by its process.
type localHeap struct {
	mu    sync.Mutex
	a     spanAllocator
	floor uintptr
}

func (h *localHeap) tryAlloc(size uintptr) (uintptr, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.a.alloc(size)
}

func (h *localHeap) release(off uintptr) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.a.release(off)
}

func (j *Job) initHeaps() {
	seg := j.gj.SegmentSize()
	j.staticHi = roundUp(j.staticHi, allocAlign)
	first, count := j.gj.Conduit().Local()
	if first == 0 {
		j.sym = &symHeap{top: j.staticHi, floors: make([]uintptr, j.threads), segSize: seg}
		for i := range j.sym.floors {
			j.sym.floors[i] = seg
		}
	}
	j.heaps = make([]*localHeap, count)
	j.locks = make([]*lockTable, count)
	for i := range j.heaps {
		j.heaps[i] = &localHeap{floor: seg}
		j.locks[i] = &lockTable{}
	}
	j.gj.SetClient(j)
}

func (j *Job) heap(thread int) *localHeap {
	first, _ := j.gj.Conduit().Local()
	return j.heaps[thread-first]
}

func jobOf(tok gasnet.Token) *Job { return tok.Job().Client().(*Job) }

var (
	hSymAlloc   = gasnet.RegisterHandler("upc-sym-alloc", amSymAlloc)
	hSymFree    = gasnet.RegisterHandler("upc-sym-free", amSymFree)
	hLowerFloor = gasnet.RegisterHandler("upc-lower-floor", amLowerFloor)
	hLocalFree  = gasnet.RegisterHandler("upc-local-free", amLocalFree)
)

func boolWord(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func amSymAlloc(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	off, ok := jobOf(tok).sym.alloc(uintptr(a[0]))
	tok.Job().Return(tok.Dst(), ref, []uint64{uint64(off), boolWord(ok)}, nil)
}

func amSymFree(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	ok := jobOf(tok).sym.release(uintptr(a[0]))
	tok.Job().Return(tok.Dst(), ref, []uint64{boolWord(ok)}, nil)
}

func amLowerFloor(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	ok := jobOf(tok).sym.lowerFloor(int(a[0]), uintptr(a[1]))
	tok.Job().Return(tok.Dst(), ref, []uint64{boolWord(ok)}, nil)
}

func amLocalFree(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	ok := jobOf(tok).heap(tok.Dst()).release(uintptr(a[0]))
	tok.Job().Return(tok.Dst(), ref, []uint64{boolWord(ok)}, nil)
}

// symAlloc allocates size bytes at one offset of every segment.
func (t *Thread) symAlloc(size uintptr) (uintptr, bool) {
	if t.job.gj.IsLocal(0) {
		return t.job.sym.alloc(size)
	}
	r, _ := t.ep.Call(0, hSymAlloc, []uint64{uint64(size)}, nil)
	return uintptr(r[0]), r[1] != 0
}

func (t *Thread) lowerFloor(floor uintptr) bool {
	if t.job.gj.IsLocal(0) {
		return t.job.sym.lowerFloor(t.MyThread, floor)
	}
	r, _ := t.ep.Call(0, hLowerFloor, []uint64{uint64(t.MyThread), uint64(floor)}, nil)
	return r[0] != 0
}

// localAlloc allocates size bytes in the calling thread's local heap.
func (t *Thread) localAlloc(size uintptr) (uintptr, bool) {
	h := t.job.heap(t.MyThread)
	if off, ok := h.tryAlloc(size); ok {
		return off, true
	}
	// Grow by at least what the heap already holds (geometric), and ask
	// thread 0's process, which guards the boundary with the symmetric heap.
	h.mu.Lock()
	floor := h.floor
	h.mu.Unlock()
	need := roundUp(roundUp(size, allocAlign), localStep)
	for _, step := range []uintptr{max(need, t.ep.SegmentSize()-floor), need, roundUp(size, allocAlign)} {
		if step > floor {
			continue
		}
		if t.lowerFloor(floor - step) {
			h.mu.Lock()
			h.a.add(floor-step, step)
			h.floor = floor - step
			h.mu.Unlock()
			break
		}
	}
	return h.tryAlloc(size)
}

func (t *Thread) exhausted(op string, size uintptr) {
	panic(fmt.Sprintf("%s: shared heap exhausted: cannot allocate %d bytes (the shared heap is %d bytes per thread: raise it with UPC_SHARED_HEAP_SIZE or -shared-heap)", op, size, t.ep.SegmentSize()-t.job.staticHi))
}

// Alloc is upc_alloc: size bytes with affinity to the calling thread. A
// request for zero bytes returns the null pointer-to-shared.
func (t *Thread) Alloc(size uintptr) SharedPtr {
	if size == 0 {
		return SharedPtr{}
	}
	off, ok := t.localAlloc(size)
	if !ok {
		t.exhausted("upc_alloc", size)
	}
	return SharedPtr{Thread: uint32(t.MyThread), Addr: off}
}

// perThread is the bytes each thread holds of nblocks blocks of nbytes.
func (t *Thread) perThread(nblocks, nbytes uintptr) uintptr {
	return (nblocks + uintptr(t.Threads) - 1) / uintptr(t.Threads) * nbytes
}

// GlobalAlloc is upc_global_alloc: nblocks blocks of nbytes spread
// cyclically over the threads, called by one thread.
func (t *Thread) GlobalAlloc(nblocks, nbytes uintptr) SharedPtr {
	size := t.perThread(nblocks, nbytes)
	if size == 0 {
		return SharedPtr{}
	}
	return SharedPtr{Addr: t.AllocSymmetric("upc_global_alloc", size)}
}

// AllAlloc is upc_all_alloc: like GlobalAlloc, but collective; every
// thread receives the same pointer.
func (t *Thread) AllAlloc(nblocks, nbytes uintptr) SharedPtr {
	return t.allAlloc("upc_all_alloc", []CollArg{{"nblocks", uint64(nblocks)}, {"nbytes", uint64(nbytes)}}, nblocks, nbytes)
}

// allAlloc is upc_all_alloc for the collective name with its
// single-valued arguments args.
func (t *Thread) allAlloc(name string, args []CollArg, nblocks, nbytes uintptr) SharedPtr {
	return t.BroadcastFrom0(name, args, func() SharedPtr {
		size := t.perThread(nblocks, nbytes)
		if size == 0 {
			return SharedPtr{}
		}
		return SharedPtr{Addr: t.AllocSymmetric(name, size)}
	})
}

// broadcastSlot is a BroadcastFrom0 result in thread 0's header: the
// pointer and thread 0's arguments.
type broadcastSlot struct {
	p    SharedPtr
	args [2]uint64
}

// BroadcastFrom0 runs make on thread 0 and gives its result to every
// thread (a collective of the runtime's own, such as upc_all_alloc and
// shmem_malloc); name and its single-valued arguments (at most
// two) are compared with thread 0's on every other thread. Results
// alternate between two header slots, so a slot is rewritten only after
// every thread has read it.
func (t *Thread) BroadcastFrom0(name string, args []CollArg, make func() SharedPtr) SharedPtr {
	slot := uintptr(t.collectives%2) * unsafe.Sizeof(broadcastSlot{})
	t.collectives++
	var mine, b broadcastSlot
	for i, a := range args {
		mine.args[i] = a.V
	}
	if t.MyThread == 0 {
		b = broadcastSlot{p: make(), args: mine.args}
		t.ep.Put(0, slot, unsafe.Pointer(&b), unsafe.Sizeof(b))
	}
	t.internalBarrier()
	if t.MyThread != 0 {
		t.ep.Get(unsafe.Pointer(&b), 0, slot, unsafe.Sizeof(b))
		for i, a := range args {
			if b.args[i] != a.V {
				panic(fmt.Sprintf("%s: thread %d passed %s %d where thread 0 passed %d (a collective's arguments must be the same on every thread)", name, t.MyThread, a.Name, a.V, b.args[i]))
			}
		}
	}
	return b.p
}

// Free is upc_free. Freeing the null pointer does nothing.
func (t *Thread) Free(p SharedPtr) {
	if p.IsNull() {
		return
	}
	if t.freeLocal(p) || t.freeSym(p) {
		return
	}
	panic(fmt.Sprintf("upc_free: %v was not returned by upc_alloc, upc_global_alloc or upc_all_alloc, or was already freed", p))
}

func (t *Thread) freeLocal(p SharedPtr) bool {
	owner := int(p.Thread)
	if owner >= t.Threads {
		return false
	}
	if t.job.gj.IsLocal(owner) {
		return t.job.heap(owner).release(p.Addr)
	}
	r, _ := t.ep.Call(owner, hLocalFree, []uint64{uint64(p.Addr)}, nil)
	return r[0] != 0
}

func (t *Thread) freeSym(p SharedPtr) bool {
	if t.job.gj.IsLocal(0) {
		return t.job.sym.release(p.Addr)
	}
	r, _ := t.ep.Call(0, hSymFree, []uint64{uint64(p.Addr)}, nil)
	return r[0] != 0
}

// AllFree is upc_all_free: collective; the object is freed once, after
// every thread has stopped using it.
func (t *Thread) AllFree(p SharedPtr) {
	t.internalBarrier()
	if t.MyThread == 0 {
		t.Free(p)
	}
}

// PerThread is the bytes each thread's segment holds of a static shared
// array of total elements of elemSize bytes with block size block (0: all
// on thread 0), so its per-thread part can be reserved with AllocStatic.
func PerThread(total, block, elemSize uintptr, threads int) uintptr {
	if block == 0 {
		return total * elemSize
	}
	nblocks := (total + block - 1) / block
	return (nblocks + uintptr(threads) - 1) / uintptr(threads) * block * elemSize
}
