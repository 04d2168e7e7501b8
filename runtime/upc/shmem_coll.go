package upc

import (
	"runtime"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// OpenSHMEM's collective calls: symmetric allocation, barriers, teams
// (SHMEM_TEAM_WORLD only), broadcast and reductions.

// symHeader precedes every shmem_malloc block in each PE's copy: the
// offset the symmetric heap returned (shmem_align may have moved the
// block up from it) and the size asked for (for shmem_realloc).
type symHeader struct{ base, size uintptr }

const symHeaderSize = unsafe.Sizeof(symHeader{})

// TeamWorld is SHMEM_TEAM_WORLD, the only team.
const TeamWorld = 0

func (s Shmem) header(off uintptr) *symHeader {
	return (*symHeader)(unsafe.Add(s.t.local, off-symHeaderSize))
}

// Align is shmem_align (Malloc is align 0): a collective allocation of
// size bytes at the same offset of every PE's segment, returned as this
// PE's address of its copy; 0 for size 0. It ends with a barrier.
func (s Shmem) Align(align, size uintptr) uintptr {
	t := s.t
	if align != 0 && align&(align-1) != 0 {
		s.fail("alignment %d is not a power of two", align)
	}
	if size == 0 {
		t.Barrier()
		return 0
	}
	if align > 1<<30 {
		s.fail("alignment %d is too large", align)
	}
	asked := align
	align = max(align, allocAlign)
	total := size + symHeaderSize + align
	if total < size {
		s.fail("%d bytes is more than the symmetric heap can hold", size)
	}
	// Thread 0 aligns the address of its own copy; the offset past the
	// heap's block (Phase) travels with it. The other PEs' copies are
	// aligned too when the segment bases agree modulo align: always with
	// smp, and with MPI windows up to their bases' alignment.
	p := t.broadcastFrom0(func() SharedPtr {
		off, ok := t.symAlloc(total)
		if !ok {
			t.exhausted(s.name, total)
		}
		base := uintptr(t.local)
		user := roundUp(base+off+symHeaderSize, align) - base
		return SharedPtr{Addr: off, Phase: uint32(user - off)}
	})
	off := p.Addr + uintptr(p.Phase)
	*s.header(off) = symHeader{base: p.Addr, size: size}
	t.Barrier()
	addr := uintptr(t.local) + off
	if asked != 0 && addr%asked != 0 {
		s.fail("cannot align to %d bytes at the same offset on every PE (the shared segments' bases differ modulo %d)", align, align)
	}
	return addr
}

// Malloc is shmem_malloc.
func (s Shmem) Malloc(size uintptr) uintptr { return s.Align(0, size) }

// Calloc is shmem_calloc: zeroed, every PE's copy, before the barrier.
func (s Shmem) Calloc(count, size uintptr) uintptr {
	n := s.mulSize(count, size, "object", "")
	p := s.Align(0, n)
	if p != 0 {
		clear(unsafe.Slice((*byte)(unsafe.Add(s.t.local, p-uintptr(s.t.local))), n))
		s.t.Barrier()
	}
	return p
}

// Free is shmem_free: a barrier, then the block is released. 0 does
// nothing but the barrier.
func (s Shmem) Free(p uintptr) {
	t := s.t
	s.BarrierAll()
	if p == 0 {
		return
	}
	off := s.symmetricOffset(p, 0, "pointer")
	base := s.header(off).base
	if t.MyThread == 0 && (base >= off || !t.freeSym(SharedPtr{Addr: base})) {
		s.fail("%#x was not returned by shmem_malloc, shmem_calloc, shmem_align or shmem_realloc, or was already freed", p)
	}
}

// Realloc is shmem_realloc: a new block holding the old one's bytes (up to
// the smaller size); the old block is freed.
func (s Shmem) Realloc(p, size uintptr) uintptr {
	if p == 0 {
		return s.Malloc(size)
	}
	if size == 0 {
		s.Free(p)
		return 0
	}
	off := s.symmetricOffset(p, 0, "pointer")
	old := s.header(off).size
	q := s.Malloc(size)
	copy(unsafe.Slice((*byte)(unsafe.Add(s.t.local, q-uintptr(s.t.local))), min(old, size)),
		unsafe.Slice((*byte)(unsafe.Add(s.t.local, off)), min(old, size)))
	s.Free(p)
	return q
}

// Ptr is shmem_ptr: the address at which this PE can load and store PE
// pe's copy of the symmetric object at addr, or 0 if it cannot.
func (s Shmem) Ptr(addr uintptr, pe int32) uintptr {
	if pe < 0 || int(pe) >= s.t.Threads {
		return 0
	}
	base := s.t.segs[pe]
	if base == nil {
		return 0
	}
	return uintptr(base) + s.symmetricOffset(addr, 0, "address")
}

// AddrAccessible is shmem_addr_accessible.
func (s Shmem) AddrAccessible(addr uintptr, pe int32) int32 {
	base := uintptr(s.t.local)
	if pe < 0 || int(pe) >= s.t.Threads || addr < base+headerSize || addr-base >= s.t.segSize {
		return 0
	}
	return 1
}

// PEAccessible is shmem_pe_accessible.
func (s Shmem) PEAccessible(pe int32) int32 {
	if pe < 0 || int(pe) >= s.t.Threads {
		return 0
	}
	return 1
}

func (s Shmem) checkTeam(team int32) {
	if team != TeamWorld {
		s.fail("team %d is not SHMEM_TEAM_WORLD (upcgo has no other team)", team)
	}
}

// TeamMyPE is shmem_team_my_pe.
func (s Shmem) TeamMyPE(team int32) int32 { s.checkTeam(team); return int32(s.t.MyThread) }

// TeamNPEs is shmem_team_n_pes.
func (s Shmem) TeamNPEs(team int32) int32 { s.checkTeam(team); return int32(s.t.Threads) }

// TeamSync is shmem_team_sync.
func (s Shmem) TeamSync(team int32) int32 { s.checkTeam(team); s.t.Barrier(); return 0 }

// ActiveSetBarrier is OpenSHMEM 1.3's shmem_barrier over the active set
// PE_start, PE_start + 2^logStride, ... (size PEs), using the symmetric
// long array pSync (SHMEM_BARRIER_SYNC_SIZE, all SHMEM_SYNC_VALUE) on
// PE_start: a counter and a generation.
func (s Shmem) ActiveSetBarrier(start, logStride, size int32, pSync uintptr) {
	t := s.t
	if start == 0 && logStride == 0 && int(size) == t.Threads {
		s.BarrierAll()
		return
	}
	if size < 1 || logStride < 0 || logStride > 30 || start < 0 || int64(start)+int64(size-1)<<logStride >= int64(t.Threads) {
		s.fail("the active set (PE_start %d, logPE_stride %d, PE_size %d) does not fit in %d PEs", start, logStride, size, t.Threads)
	}
	if rel := t.MyThread - int(start); rel < 0 || rel%(1<<logStride) != 0 || rel>>logStride >= int(size) {
		s.fail("PE %d is not in the active set (PE_start %d, logPE_stride %d, PE_size %d)", t.MyThread, start, logStride, size)
	}
	s.Quiet()
	counter := atomicTarget[int64](s, pSync, start)
	gen := atomicTarget[int64](s, pSync+8, start)
	root := int(start)
	ep := t.ep
	g := ep.Atomic(root, gen.Addr, gasnet.AtomicGet, gasnet.Int64, 0, 0)
	if ep.Atomic(root, counter.Addr, gasnet.AtomicAdd, gasnet.Int64, 1, 0) == uint64(size-1) {
		ep.Atomic(root, counter.Addr, gasnet.AtomicSet, gasnet.Int64, 0, 0)
		ep.Atomic(root, gen.Addr, gasnet.AtomicAdd, gasnet.Int64, 1, 0)
		return
	}
	for ep.Atomic(root, gen.Addr, gasnet.AtomicGet, gasnet.Int64, 0, 0) == g {
		runtime.Gosched()
	}
}

// Broadcast is shmem_broadcastmem and shmem_<T>_broadcast (1.5): n bytes
// of root's source object to every PE's dest, root's included.
func (s Shmem) Broadcast(team int32, dst, src, n uintptr, root int32) int32 {
	s.checkTeam(team)
	s.checkPE(root)
	t := s.t
	dOff := s.symmetricOffset(dst, n, "destination")
	sOff := s.symmetricOffset(src, n, "source")
	s.BarrierAll()
	if n > 0 {
		t.ep.Get(unsafe.Add(t.local, dOff), int(root), sOff, n)
	}
	t.Barrier()
	return 0
}

// Reduction operators.
const (
	ReduceSum = iota
	ReduceProd
	ReduceMin
	ReduceMax
	ReduceAnd
	ReduceOr
	ReduceXor
)

// Integer is the types the bitwise reductions take.
type Integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// reduce gathers every PE's n-element source at src, combines them in PE
// order with f, and writes the result to this PE's dest.
func reduce[T Scalar](s Shmem, team int32, dst, src, n uintptr, f func(acc, v []T)) int32 {
	s.checkTeam(team)
	t := s.t
	var z T
	size := s.mulSize(n, unsafe.Sizeof(z), "reduction", "")
	dOff := s.symmetricOffset(dst, size, "destination")
	sOff := s.symmetricOffset(src, size, "source")
	s.BarrierAll()
	if n == 0 {
		t.Barrier()
		return 0
	}
	acc := make([]T, n)
	buf := make([]T, n)
	t.ep.Get(unsafe.Pointer(&acc[0]), 0, sOff, size)
	for pe := 1; pe < t.Threads; pe++ {
		t.ep.Get(unsafe.Pointer(&buf[0]), pe, sOff, size)
		f(acc, buf)
	}
	// Every PE has read every source before any dest changes: dest may be
	// the source.
	t.Barrier()
	copy(unsafe.Slice((*T)(unsafe.Add(t.local, dOff)), n), acc)
	t.Barrier()
	return 0
}

// ShmemReduce is shmem_<T>_{sum,prod,min,max}_reduce.
func ShmemReduce[T Number](s Shmem, op int, team int32, dst, src, n uintptr) int32 {
	return reduce(s, team, dst, src, n, func(acc, v []T) {
		for i := range acc {
			switch op {
			case ReduceSum:
				acc[i] += v[i]
			case ReduceProd:
				acc[i] *= v[i]
			case ReduceMin:
				acc[i] = min(acc[i], v[i])
			case ReduceMax:
				acc[i] = max(acc[i], v[i])
			}
		}
	})
}

// ShmemReduceBits is shmem_<T>_{and,or,xor}_reduce.
func ShmemReduceBits[T Integer](s Shmem, op int, team int32, dst, src, n uintptr) int32 {
	return reduce(s, team, dst, src, n, func(acc, v []T) {
		for i := range acc {
			switch op {
			case ReduceAnd:
				acc[i] &= v[i]
			case ReduceOr:
				acc[i] |= v[i]
			case ReduceXor:
				acc[i] ^= v[i]
			}
		}
	})
}
