package upc

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The OpenSHMEM face (shmem.h): one PE per UPC thread. A symmetric object
// is one that every PE has at the same offset of its own segment: the
// program's global and static variables (the lowering places them there
// when the translation unit includes shmem.h) and what shmem_malloc
// returns. OpenSHMEM names a remote object by the caller's private address
// of its own copy, so a symmetric address is the caller's segment base
// plus an offset, and the same offset in PE pe's segment is pe's copy.
// Everything else (locals, malloc'd memory) is not symmetric, and naming
// it as a remote object is a fault.

// Shmem is the OpenSHMEM library bound to a thread and to the name the
// program called the function by, which every error message starts with.
type Shmem struct{ Lib }

// Shmem binds the OpenSHMEM library to the name of the function called.
func (t *Thread) Shmem(name string) Shmem { return Shmem{Lib{t, name}} }

// Comparison operators of wait_until, test and signal_wait_until
// (SHMEM_CMP_* in shmem.h).
const (
	CmpEQ = iota
	CmpNE
	CmpGT
	CmpGE
	CmpLT
	CmpLE
)

// Signal operators of put_signal (SHMEM_SIGNAL_* in shmem.h).
const (
	SignalSet = 0
	SignalAdd = 1
)

// The atomic operations of the shmem_<T>_atomic_* family.
const (
	AMOFetch = gasnet.AtomicGet
	AMOSet   = gasnet.AtomicSet
	AMOAdd   = gasnet.AtomicAdd
	AMOSwap  = gasnet.AtomicSwap
	AMOCSwap = gasnet.AtomicCAS
	AMOAnd   = gasnet.AtomicAnd
	AMOOr    = gasnet.AtomicOr
	AMOXor   = gasnet.AtomicXor
)

// symmetricOffset is the offset of the n bytes at the caller's private
// address addr in its own segment, failing if they are not symmetric.
func (s Shmem) symmetricOffset(addr, n uintptr, what string) uintptr {
	t := s.t
	base := uintptr(t.local)
	off := addr - base
	if addr < base || off < headerSize || off > t.segSize || n > t.segSize-off {
		s.fail("the %s %#x is not a symmetric address (a global or static variable, or memory from shmem_malloc)", what, addr)
	}
	return off
}

func (s Shmem) checkPE(pe int32) {
	if pe < 0 || int(pe) >= s.t.Threads {
		s.fail("PE %d does not exist (shmem_n_pes() is %d)", pe, s.t.Threads)
	}
}

// Remote is the pointer-to-shared to PE pe's copy of the symmetric object
// of n bytes whose local copy is at addr.
func (s Shmem) Remote(addr, n uintptr, pe int32, what string) SharedPtr {
	s.checkPE(pe)
	return SharedPtr{Thread: uint32(pe), Addr: s.symmetricOffset(addr, n, what)}
}

// Init is shmem_init (and start_pes): a barrier, so that every PE has
// initialised its symmetric variables (and the runtime's team table)
// before any PE writes to them.
func (s Shmem) Init() {
	s.clearHeader()
	s.t.Barrier()
}

// StartPEs is OpenSHMEM 1.3's start_pes: Init. npes is ignored, as the
// specification says: the number of PEs is the job's.
func (s Shmem) StartPEs(npes int32) { s.Init() }

// Finalize is shmem_finalize: completes this PE's transfers, then a
// barrier.
func (s Shmem) Finalize() { s.BarrierAll() }

// BarrierAll is shmem_barrier_all: completes this PE's transfers, then
// waits for every PE.
func (s Shmem) BarrierAll() {
	s.Quiet()
	s.t.Barrier()
}

// Quiet is shmem_quiet: every transfer this PE started is complete.
func (s Shmem) Quiet() { s.t.ep.WaitNBI() }

// Fence is shmem_fence: transfers to one PE before it are delivered
// before those after it. Completing them all is the simple sufficient
// form.
func (s Shmem) Fence() { s.Quiet() }

// GlobalExit is shmem_global_exit.
func (s Shmem) GlobalExit(status int32) { s.t.GlobalExit(int(status)) }

// Put copies n bytes from private src to PE pe's copy of the symmetric
// object at dst (shmem_putmem and the typed puts; sy says whether it is
// _nbi).
func (s Shmem) Put(sy Sync, dst uintptr, src unsafe.Pointer, n uintptr, pe int32) {
	if n == 0 {
		s.checkPE(pe)
		return
	}
	s.Memput(sy, s.Remote(dst, n, pe, "destination"), src, n)
}

// Get copies n bytes from PE pe's copy of the symmetric object at src to
// private dst.
func (s Shmem) Get(sy Sync, dst unsafe.Pointer, src uintptr, n uintptr, pe int32) {
	if n == 0 {
		s.checkPE(pe)
		return
	}
	s.Memget(sy, dst, s.Remote(src, n, pe, "source"), n)
}

// PutBlocks is the block-strided put (shmem_<T>_ibput, shmemx_<T>_aput,
// and iput as blocks of one element); strides are in elements.
func (s Shmem) PutBlocks(sy Sync, dst uintptr, src unsafe.Pointer, elemSize uintptr, dstStride, srcStride int64, blockElems, blockCount uintptr, pe int32) {
	s.checkPE(pe)
	if blockElems == 0 || blockCount == 0 {
		return
	}
	p := SharedPtr{Thread: uint32(pe), Addr: s.symmetricOffset(dst, 0, "destination")}
	s.MemputBlocks(sy, p, src, elemSize, dstStride, srcStride, blockElems, blockCount)
}

// GetBlocks is the block-strided get (shmem_<T>_ibget, shmemx_<T>_aget,
// and iget).
func (s Shmem) GetBlocks(sy Sync, dst unsafe.Pointer, src uintptr, elemSize uintptr, dstStride, srcStride int64, blockElems, blockCount uintptr, pe int32) {
	s.checkPE(pe)
	if blockElems == 0 || blockCount == 0 {
		return
	}
	p := SharedPtr{Thread: uint32(pe), Addr: s.symmetricOffset(src, 0, "source")}
	s.MemgetBlocks(sy, dst, p, elemSize, dstStride, srcStride, blockElems, blockCount)
}

// ShmemP is shmem_<T>_p: stores v in PE pe's copy of the object at dst.
func ShmemP[T Scalar](s Shmem, dst uintptr, v T, pe int32) {
	s.Put(Blocking, dst, unsafe.Pointer(&v), unsafe.Sizeof(v), pe)
}

// ShmemG is shmem_<T>_g: PE pe's copy of the object at src.
func ShmemG[T Scalar](s Shmem, src uintptr, pe int32) T {
	var v T
	s.Get(Blocking, unsafe.Pointer(&v), src, unsafe.Sizeof(v), pe)
	return v
}

// atomicKind is the gasnet kind of T: its width and whether it is a
// floating type (which only fetch, set and swap take).
func atomicKind[T Scalar]() gasnet.AtomicKind {
	var z T
	switch any(z).(type) {
	case float32:
		return gasnet.Float32
	case float64:
		return gasnet.Float64
	}
	if unsafe.Sizeof(z) == 4 {
		return gasnet.Uint32
	}
	return gasnet.Uint64
}

// toBits and fromBits move a T of at most 8 bytes through a uint64
// (little-endian, so the value sits in the low bytes).
func toBits[T Scalar](v T) uint64 {
	var u uint64
	*(*T)(unsafe.Pointer(&u)) = v
	return u
}

func fromBits[T Scalar](u uint64) T { return *(*T)(unsafe.Pointer(&u)) }

// atomicTarget checks the object of T at addr on PE pe for an atomic.
func atomicTarget[T Scalar](s Shmem, addr uintptr, pe int32) SharedPtr {
	var z T
	p := s.Remote(addr, unsafe.Sizeof(z), pe, "destination")
	if p.Addr%unsafe.Sizeof(z) != 0 {
		s.fail("the destination %#x is not aligned for a %d-byte atomic", addr, unsafe.Sizeof(z))
	}
	return p
}

// ShmemAtomic applies op to PE pe's copy of the T at dst and returns the
// old value (shmem_<T>_atomic_*; for AMOCSwap, a is the new value and b
// the expected one).
func ShmemAtomic[T Scalar](s Shmem, op gasnet.AtomicOp, dst uintptr, a, b T, pe int32) T {
	p := atomicTarget[T](s, dst, pe)
	return fromBits[T](s.t.ep.Atomic(int(p.Thread), p.Addr, op, atomicKind[T](), toBits(a), toBits(b)))
}

// Ordered is the types wait_until compares.
type Ordered interface {
	~int32 | ~int64 | ~uint32 | ~uint64 | ~int16 | ~uint16
}

func compare[T Ordered](s Shmem, cmp int32, v, with T) bool {
	switch cmp {
	case CmpEQ:
		return v == with
	case CmpNE:
		return v != with
	case CmpGT:
		return v > with
	case CmpGE:
		return v >= with
	case CmpLT:
		return v < with
	case CmpLE:
		return v <= with
	}
	s.fail("unknown comparison %d (want one of SHMEM_CMP_EQ, _NE, _GT, _GE, _LT, _LE)", cmp)
	return false
}

// loadLocal reads this PE's T at the symmetric address addr atomically,
// as remote atomics and puts update it.
func loadLocal[T Ordered](s Shmem, addr uintptr) T {
	p := atomicTarget[T](s, addr, int32(s.t.MyThread))
	var z T
	if unsafe.Sizeof(z) < 4 {
		// shmem_short_wait_until (deprecated): no 2-byte network atomics;
		// an aligned 2-byte load is single-copy atomic on every target Go
		// supports.
		var v T
		s.t.ep.Get(unsafe.Pointer(&v), s.t.MyThread, p.Addr, unsafe.Sizeof(v))
		return v
	}
	return fromBits[T](s.t.ep.Atomic(s.t.MyThread, p.Addr, gasnet.AtomicGet, atomicKind[T](), 0, 0))
}

// ShmemWaitUntil is shmem_<T>_wait_until: waits until this PE's T at ivar
// compares with v as cmp says.
func ShmemWaitUntil[T Ordered](s Shmem, ivar uintptr, cmp int32, v T) {
	s.poll(whyStore, func() bool { return compare(s, cmp, loadLocal[T](s, ivar), v) })
}

// ShmemTest is shmem_<T>_test: 1 if this PE's T at ivar compares with v as
// cmp says, else 0.
func ShmemTest[T Ordered](s Shmem, ivar uintptr, cmp int32, v T) int32 {
	if compare(s, cmp, loadLocal[T](s, ivar), v) {
		return 1
	}
	return 0
}

// PutSignal is shmem_put_signal (and _nbi): the n bytes, then the signal
// at sig on PE pe, updated (set or added) only once the data is there.
func (s Shmem) PutSignal(dst uintptr, src unsafe.Pointer, n uintptr, sig uintptr, signal uint64, op int32, pe int32) {
	var amo gasnet.AtomicOp
	switch op {
	case SignalSet:
		amo = AMOSet
	case SignalAdd:
		amo = AMOAdd
	default:
		s.fail("unknown signal operator %d (want SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD)", op)
	}
	sp := atomicTarget[uint64](s, sig, pe)
	// A blocking put is complete at the target when it returns, so the
	// signal cannot overtake the data.
	s.Put(Blocking, dst, src, n, pe)
	s.t.ep.Atomic(int(sp.Thread), sp.Addr, amo, gasnet.Uint64, signal, 0)
}

// SignalFetch is shmem_signal_fetch: this PE's signal at sig.
func (s Shmem) SignalFetch(sig uintptr) uint64 { return loadLocal[uint64](s, sig) }

// SignalWaitUntil is shmem_signal_wait_until: waits until this PE's
// signal at sig compares with v as cmp says, and returns it.
func (s Shmem) SignalWaitUntil(sig uintptr, cmp int32, v uint64) uint64 {
	var got uint64
	s.poll("a signal from another PE that makes the comparison hold", func() bool {
		got = loadLocal[uint64](s, sig)
		return compare(s, cmp, got, v)
	})
	return got
}
