package upc

import (
	"fmt"
	"math/bits"
)

// SharedPtr is a pointer-to-shared: the thread the object has affinity to,
// the phase (index within its block) and the byte offset in that thread's
// segment. The zero SharedPtr is the null pointer-to-shared. Its size and
// the arithmetic on it follow UPC 1.3 §6.4.2; the layout (block size and
// element size) is not stored in the pointer, it comes from the static
// type, so it is passed to the arithmetic.
type SharedPtr struct {
	Addr   uintptr
	Thread uint32
	Phase  uint32
}

// IsNull reports whether p is the null pointer-to-shared.
func (p SharedPtr) IsNull() bool { return p == SharedPtr{} }

// Equal is p == q: two pointers to the same object (thread and address)
// are equal whatever their phases (UPC 1.3 §6.4.2).
func (p SharedPtr) Equal(q SharedPtr) bool { return p.Addr == q.Addr && p.Thread == q.Thread }

func (p SharedPtr) String() string {
	return fmt.Sprintf("(thread %d, phase %d, addr %#x)", p.Thread, p.Phase, p.Addr)
}

// Layout is the part of a shared type the arithmetic needs: the block size
// in elements (0 for the indefinite layout `shared []`) and the element size
// in bytes. `shared [*]` is resolved to a block size when the array's size
// is known (see StarBlock).
type Layout struct {
	Block    uintptr
	ElemSize uintptr
}

// Cyclic is the default layout of `shared T` (block size 1).
func Cyclic(elemSize uintptr) Layout { return Layout{Block: 1, ElemSize: elemSize} }

// Indefinite is the layout of `shared [] T`: everything on one thread.
func Indefinite(elemSize uintptr) Layout { return Layout{Block: 0, ElemSize: elemSize} }

// StarBlock is the block size `shared [*]` gives an array of n elements:
// ceil(n / THREADS), so each thread holds one block (UPC 1.3 §6.5.1.1).
func StarBlock(n uintptr, threads int) uintptr {
	b := (n + uintptr(threads) - 1) / uintptr(threads)
	if b == 0 {
		b = 1
	}
	return b
}

// floorDiv divides rounding toward minus infinity, as the layout needs for
// negative offsets.
func floorDiv(a, b int64) (q, r int64) {
	q, r = a/b, a%b
	if r < 0 {
		q--
		r += b
	}
	return
}

// Add is p + n (n elements) for layout l with threads threads. The
// cyclic layout with a power-of-two THREADS, the common case of `a[i]` on
// a `shared T a[N*THREADS]`, is a shift and a mask, small enough to be
// inlined where the layout is a constant (generated code); the rest is
// addSlow, with its divisions.
func (p SharedPtr) Add(n int64, l Layout, threads int) SharedPtr {
	if l.Block == 1 && threads&(threads-1) == 0 {
		// Arithmetic shift and mask floor negative offsets as floorDiv does.
		v := int64(p.Thread) + n
		p.Thread = uint32(v & int64(threads-1))
		p.Addr = uintptr(int64(p.Addr) + v>>bits.TrailingZeros(uint(threads))*int64(l.ElemSize))
		return p
	}
	return p.addSlow(n, l, threads)
}

func (p SharedPtr) addSlow(n int64, l Layout, threads int) SharedPtr {
	if l.Block == 0 {
		p.Addr = uintptr(int64(p.Addr) + n*int64(l.ElemSize))
		return p
	}
	if l.Block == 1 {
		// Cyclic: the phase is always 0.
		rows, t := floorDiv(int64(p.Thread)+n, int64(threads))
		p.Thread = uint32(t)
		p.Addr = uintptr(int64(p.Addr) + rows*int64(l.ElemSize))
		return p
	}
	b := int64(l.Block)
	var blocks, phase, rows, t int64
	if b&(b-1) == 0 && threads&(threads-1) == 0 {
		// Power-of-two block size and THREADS: shifts and masks.
		v := int64(p.Phase) + n
		blocks, phase = v>>bits.TrailingZeros64(uint64(b)), v&(b-1)
		w := int64(p.Thread) + blocks
		rows, t = w>>bits.TrailingZeros(uint(threads)), w&int64(threads-1)
	} else {
		blocks, phase = floorDiv(int64(p.Phase)+n, b)
		rows, t = floorDiv(int64(p.Thread)+blocks, int64(threads))
	}
	p.Addr = uintptr(int64(p.Addr) + ((phase-int64(p.Phase))+rows*b)*int64(l.ElemSize))
	p.Thread = uint32(t)
	p.Phase = uint32(phase)
	return p
}

// Sub is p - q in elements, for two pointers into the same shared array.
func (p SharedPtr) Sub(q SharedPtr, l Layout, threads int) int64 {
	e := int64(l.ElemSize)
	if l.Block == 0 {
		return (int64(p.Addr) - int64(q.Addr)) / e
	}
	b := int64(l.Block)
	// Each pointer's block starts at addr - phase*e; blocks on one thread
	// are b*e bytes apart, and a row of blocks spans every thread.
	startP := int64(p.Addr) - int64(p.Phase)*e
	startQ := int64(q.Addr) - int64(q.Phase)*e
	rows := (startP - startQ) / (b * e)
	return rows*b*int64(threads) + (int64(p.Thread)-int64(q.Thread))*b + int64(p.Phase) - int64(q.Phase)
}

// Compare orders two pointers into the same shared array (UPC 1.3 §6.4.2:
// by their position in the array): -1, 0 or 1.
func (p SharedPtr) Compare(q SharedPtr, l Layout, threads int) int {
	if l.ElemSize == 0 {
		l.ElemSize = 1
	}
	d := p.Sub(q, l, threads)
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

// Index returns a pointer to element i of the array whose first element p
// points to: &a[i].
func (p SharedPtr) Index(i int64, l Layout, threads int) SharedPtr { return p.Add(i, l, threads) }

// ResetPhase is upc_resetphase: p with phase 0 and the same thread and
// address (UPC 1.3 §7.2.3.4: "identical to its input except that it has
// zero phase").
func (p SharedPtr) ResetPhase() SharedPtr {
	p.Phase = 0
	return p
}

// Reinterpret converts p to a pointer with another layout, as a cast
// between pointer-to-shared types does: the thread and address are kept,
// and the phase becomes 0 when the block sizes or the element sizes differ
// (UPC 1.3 §6.4.3). (Casts to and from shared void *, which has no
// layout, keep the phase; the compiler does not call this for them.)
func (p SharedPtr) Reinterpret(from, to Layout) SharedPtr {
	if from != to {
		return p.ResetPhase()
	}
	return p
}

// StaticPtr points to the static shared object at offset off: its first
// element, on thread 0.
func StaticPtr(off uintptr) SharedPtr { return SharedPtr{Addr: off} }

// Null is the null pointer-to-shared.
func Null() SharedPtr { return SharedPtr{} }

// AffinitySize is upc_affinitysize: the bytes of a shared object of
// totalsize bytes and block size nbytes (in bytes) that have affinity to
// thread threadID.
func AffinitySize(totalsize, nbytes uintptr, threadID, threads int) uintptr {
	if nbytes == 0 || totalsize == 0 {
		if threadID == 0 {
			return totalsize
		}
		return 0
	}
	fullBlocks := totalsize / nbytes
	rest := totalsize % nbytes
	perThread := fullBlocks / uintptr(threads)
	extra := fullBlocks % uintptr(threads)
	size := perThread * nbytes
	if uintptr(threadID) < extra {
		size += nbytes
	} else if uintptr(threadID) == extra {
		size += rest
	}
	return size
}

// ForallOwner is the thread that executes a upc_forall iteration whose
// affinity expression is the integer i: i mod THREADS, taken
// non-negative (UPC 1.3 §6.6.2).
func ForallOwner(i int64, threads int) int {
	r := i % int64(threads)
	if r < 0 {
		r += int64(threads)
	}
	return int(r)
}

// ForallStart is the first i ≥ lo that a cyclic upc_forall (affinity i,
// or &a[i] of a cyclic array) runs on thread me; the loop then steps by
// THREADS instead of testing every iteration.
func ForallStart(lo int64, threads, me int) int64 {
	return lo + int64(ForallOwner(int64(me)-lo, threads))
}

// ForallStartBlocked is the first i ≥ lo whose element of a block-cyclic
// array (block size block) has affinity to thread me.
func ForallStartBlocked(lo int64, block int64, threads, me int) int64 {
	b := lo / block
	if lo < 0 && lo%block != 0 {
		b--
	}
	owner := ForallOwner(b, threads)
	if owner == me {
		return lo
	}
	// Skip to the start of me's next block.
	ahead := int64(ForallOwner(int64(me-owner), threads))
	return (b + ahead) * block
}

// ForallNextBlocked is the index after i that thread me owns when it
// owns i: the next element of the block, or the start of its next block.
func ForallNextBlocked(i int64, block int64, threads int) int64 {
	i++
	if i%block == 0 {
		i += int64(threads-1) * block
	}
	return i
}

// ForallBlockEnd is the index after the last element of the block of a
// block-cyclic array (block size block) that holds element i: where the
// run of consecutive iterations a thread owns from i ends. A upc_forall
// the loop pass optimised walks a thread's blocks with it and
// ForallNextBlock, element by element only inside a block (lower/forall_opt.go).
func ForallBlockEnd(i, block int64) int64 {
	q, _ := floorDiv(i, block)
	return (q + 1) * block
}

// ForallLocal is the element number of element i of a block-cyclic
// array (block size block; 1 for cyclic) in its owner's part of the
// array. It is negative for i < 0, where a upc_forall may start (with
// the integer affinity i) and step up from to the array's elements.
func ForallLocal(i, block int64, threads int) int64 {
	b, r := floorDiv(i, block)
	q, _ := floorDiv(b, int64(threads))
	return q*block + r
}

// ForallNextBlock is the first index of the block that the owner of
// element i owns next: threads blocks after i's.
func ForallNextBlock(i, block int64, threads int) int64 {
	return ForallBlockEnd(i, block) + int64(threads-1)*block
}
