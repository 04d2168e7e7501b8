package shmem

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/upc"
)

// OpenSHMEM's symmetric heap (on upc's, behind upc_all_alloc) and the
// accessibility queries.

// symHeader precedes every shmem_malloc block in each PE's copy: the
// offset the symmetric heap returned (shmem_align may have moved the
// block up from it) and the size asked for (for shmem_realloc).
type symHeader struct{ base, size uintptr }

const symHeaderSize = unsafe.Sizeof(symHeader{})

func (s Lib) header(off uintptr) *symHeader { return (*symHeader)(s.local(off - symHeaderSize)) }

// Align is shmem_align (Malloc is align 0): a collective allocation of
// size bytes at the same offset of every PE's segment, returned as this
// PE's address of its copy; 0 for size 0. It ends with a barrier.
func (s Lib) Align(align, size uintptr) uintptr {
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
	align = max(align, upc.AllocAlign)
	total := size + symHeaderSize + align
	if total < size {
		s.fail("%d bytes is more than the symmetric heap can hold", size)
	}
	// Thread 0 aligns the address of its own copy; the offset past the
	// heap's block (Phase) travels with it. The other PEs' copies are
	// aligned too when the segment bases agree modulo align: always with
	// smp, and with MPI windows up to their bases' alignment.
	p := t.BroadcastFrom0(s.name, []upc.CollArg{{Name: "size", V: uint64(size)}, {Name: "alignment", V: uint64(align)}}, func() upc.SharedPtr {
		off := t.AllocSymmetric(s.name, total)
		base := uintptr(t.LocalBase())
		user := (base+off+symHeaderSize+align-1)&^(align-1) - base
		return upc.SharedPtr{Addr: off, Phase: uint32(user - off)}
	})
	off := p.Addr + uintptr(p.Phase)
	*s.header(off) = symHeader{base: p.Addr, size: size}
	t.Barrier()
	addr := uintptr(t.LocalBase()) + off
	if asked != 0 && addr%asked != 0 {
		s.fail("cannot align to %d bytes at the same offset on every PE (the shared segments' bases differ modulo %d)", align, align)
	}
	return addr
}

// Malloc is shmem_malloc.
func (s Lib) Malloc(size uintptr) uintptr { return s.Align(0, size) }

// Calloc is shmem_calloc: zeroed, every PE's copy, before the barrier.
func (s Lib) Calloc(count, size uintptr) uintptr {
	n := s.mulSize(count, size, "object")
	p := s.Align(0, n)
	if p != 0 {
		clear(s.bytes(p-uintptr(s.t.LocalBase()), n))
		s.t.Barrier()
	}
	return p
}

// Free is shmem_free: a barrier, then the block is released. 0 does
// nothing but the barrier.
func (s Lib) Free(p uintptr) {
	t := s.t
	s.BarrierAll()
	if p == 0 {
		return
	}
	off := s.symmetricOffset(p, 0, "pointer")
	base := s.header(off).base
	if t.MyThread == 0 && (base >= off || !t.FreeSymmetric(base)) {
		s.fail("%#x was not returned by shmem_malloc, shmem_calloc, shmem_align or shmem_realloc, or was already freed", p)
	}
}

// Realloc is shmem_realloc: a new block holding the old one's bytes (up to
// the smaller size); the old block is freed.
func (s Lib) Realloc(p, size uintptr) uintptr {
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
	n := min(old, size)
	copy(s.bytes(q-uintptr(s.t.LocalBase()), n), s.bytes(off, n))
	s.Free(p)
	return q
}

// Ptr is shmem_ptr: the address at which this PE can load and store PE
// pe's copy of the symmetric object at addr, or 0 if it cannot.
func (s Lib) Ptr(addr uintptr, pe int32) uintptr {
	if pe < 0 || int(pe) >= s.t.Threads {
		return 0
	}
	return uintptr(s.t.Local(upc.SharedPtr{Thread: uint32(pe), Addr: s.symmetricOffset(addr, 0, "address")}))
}

// AddrAccessible is shmem_addr_accessible.
func (s Lib) AddrAccessible(addr uintptr, pe int32) int32 {
	base := uintptr(s.t.LocalBase())
	if pe < 0 || int(pe) >= s.t.Threads || addr < base+upc.HeaderSize || addr-base >= s.ep().SegmentSize() {
		return 0
	}
	return 1
}

// PEAccessible is shmem_pe_accessible.
func (s Lib) PEAccessible(pe int32) int32 {
	if pe < 0 || int(pe) >= s.t.Threads {
		return 0
	}
	return 1
}
