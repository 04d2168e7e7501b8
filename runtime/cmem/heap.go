package cmem

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
)

// The heap has two halves. Requests up to maxSmall bytes are rounded up to
// one of 52 size classes (multiples of 16 up to 256, then four classes per
// power of two); each class carves objects from 4 MiB chunks that hold only
// that class and keeps freed objects on an intrusive free list, under one
// mutex per class. Larger requests are mapped on their own and unmapped on
// free, like glibc above its mmap threshold.
//
// A chunk's objects are found from an address through a two-level table
// indexed by address/chunkSize, so free() can tell heap pointers from
// anything else without touching the memory in front of the pointer, and a
// per-chunk bitmap of live objects catches double frees.
const (
	chunkShift = 22
	chunkSize  = 1 << chunkShift
	maxSmall   = 128 << 10
	numClasses = 52

	// Virtual addresses on x86-64 and arm64 Linux user space fit in 47 bits.
	addrBits = 47
	l2Bits   = 12
	l1Bits   = addrBits - chunkShift - l2Bits

	// maxRequest bounds every allocation well below what could overflow
	// the size arithmetic; larger requests fail like an exhausted heap.
	maxRequest = 1 << 46
)

type sizeClass struct {
	mu        sync.Mutex
	size      uintptr
	free      uintptr // head of the free list; the next link is the object's first word
	next, end uintptr // bump range in the newest chunk
	chunk     *chunk  // the chunk holding [next, end)
}

type chunk struct {
	base  uintptr
	class *sizeClass
	live  []uint64 // bit i set: object i is allocated; guarded by class.mu
}

var (
	classes    [numClasses]sizeClass
	chunkTable [1 << l1Bits]atomic.Pointer[[1 << l2Bits]atomic.Pointer[chunk]]
	chunkGrow  sync.Mutex // serialises creating second-level tables

	large struct {
		mu     sync.Mutex
		blocks map[uintptr]uintptr // address -> mapped length
	}
)

func init() {
	for i := range classes {
		classes[i].size = classSize(i)
	}
	large.blocks = make(map[uintptr]uintptr)
}

// classIndex maps a request size (at most maxSmall) to its size class.
func classIndex(n uintptr) int {
	if n <= 256 {
		if n == 0 {
			return 0
		}
		return int((n+15)>>4) - 1
	}
	l := bits.Len(uint(n - 1)) // n in (2^(l-1), 2^l]
	step := uintptr(1) << (l - 3)
	k := (n - 1<<(l-1) + step - 1) / step
	return 16 + (l-9)*4 + int(k) - 1
}

func classSize(i int) uintptr {
	if i < 16 {
		return uintptr(i+1) * 16
	}
	l := (i-16)/4 + 9
	k := (i-16)%4 + 1
	return 1<<(l-1) + uintptr(k)<<(l-3)
}

func lookupChunk(p uintptr) *chunk {
	if p>>addrBits != 0 {
		return nil
	}
	l2 := chunkTable[p>>(chunkShift+l2Bits)].Load()
	if l2 == nil {
		return nil
	}
	return l2[(p>>chunkShift)&(1<<l2Bits-1)].Load()
}

func registerChunk(c *chunk) bool {
	if c.base>>addrBits != 0 {
		return false
	}
	slot := &chunkTable[c.base>>(chunkShift+l2Bits)]
	l2 := slot.Load()
	if l2 == nil {
		chunkGrow.Lock()
		if l2 = slot.Load(); l2 == nil {
			l2 = new([1 << l2Bits]atomic.Pointer[chunk])
			slot.Store(l2)
		}
		chunkGrow.Unlock()
	}
	l2[(c.base>>chunkShift)&(1<<l2Bits-1)].Store(c)
	return true
}

// Malloc returns n bytes, 16-byte aligned, or 0 when memory is exhausted.
// Malloc(0) returns a unique pointer, like glibc.
func Malloc(n uintptr) uintptr {
	p, _ := alloc(n)
	return p
}

// Calloc returns zeroed memory for count objects of size bytes, or 0 when
// the product overflows or memory is exhausted.
func Calloc(count, size uintptr) uintptr {
	hi, n := bits.Mul(uint(count), uint(size))
	if hi != 0 {
		return 0
	}
	p, fresh := alloc(uintptr(n))
	if p != 0 && !fresh {
		Memset(p, 0, uintptr(n))
	}
	return p
}

// alloc also reports whether the memory is fresh from the kernel and so
// already zero.
func alloc(n uintptr) (p uintptr, fresh bool) {
	if n > maxSmall {
		return allocLarge(n), true
	}
	c := &classes[classIndex(n)]
	c.mu.Lock()
	defer c.mu.Unlock()
	if p = c.free; p != 0 {
		next := Load[uintptr](p)
		if next != 0 {
			if ch := lookupChunk(next); ch == nil || ch.class != c {
				panic(fmt.Sprintf("malloc(): corrupted free list at %#x (heap memory written after free?)", p))
			}
		}
		c.free = next
		ch := lookupChunk(p)
		ch.setLive(p, true)
		return p, false
	}
	if c.end-c.next < c.size {
		if !c.newChunk() {
			return 0, false
		}
	}
	p = c.next
	c.next += c.size
	c.chunk.setLive(p, true)
	return p, true
}

func (c *sizeClass) newChunk() bool {
	base := mapAligned(chunkSize, chunkSize)
	if base == 0 {
		return false
	}
	ch := &chunk{base: base, class: c, live: make([]uint64, (chunkSize/c.size+63)/64)}
	if !registerChunk(ch) {
		unmap(base, chunkSize)
		return false
	}
	c.chunk, c.next, c.end = ch, base, base+chunkSize/c.size*c.size
	return true
}

// setLive flips p's bit and reports whether it was already in that state.
func (ch *chunk) setLive(p uintptr, live bool) (already bool) {
	i := (p - ch.base) / ch.class.size
	w, bit := &ch.live[i/64], uint64(1)<<(i%64)
	already = (*w&bit != 0) == live
	if live {
		*w |= bit
	} else {
		*w &^= bit
	}
	return already
}

// AlignedAlloc returns n bytes at a multiple of align (a power of two),
// freed by Free, or 0 when memory is exhausted: posix_memalign,
// aligned_alloc and memalign. A request rounded up to a power of two at
// least align is a size class whose objects lie at multiples of their size
// (chunks are aligned to chunkSize), so small requests need no other
// machinery; large ones are mapped at the alignment.
func AlignedAlloc(align, n uintptr) uintptr {
	if align <= 16 {
		return Malloc(n)
	}
	if size := uintptr(1) << bits.Len(uint(max(n, align)-1)); size <= maxSmall {
		return Malloc(size)
	}
	return allocLargeAligned(n, max(align, pageSize))
}

func allocLarge(n uintptr) uintptr { return allocLargeAligned(n, pageSize) }

func allocLargeAligned(n, align uintptr) uintptr {
	if n > maxRequest || align > maxRequest {
		return 0
	}
	size := roundUp(n, pageSize)
	var p uintptr
	if align <= pageSize {
		p = mapAnon(size)
	} else {
		p = mapAligned(roundUp(size, align), align)
		size = roundUp(size, align)
	}
	if p == 0 {
		return 0
	}
	large.mu.Lock()
	large.blocks[p] = size
	large.mu.Unlock()
	return p
}

// Free releases memory from Malloc, Calloc or Realloc; Free(0) does
// nothing. Freeing anything else, or freeing twice, panics with a message
// in glibc's words, because C would corrupt its heap or crash there.
func Free(p uintptr) {
	if p == 0 {
		return
	}
	if ch := lookupChunk(p); ch != nil {
		c := ch.class
		if (p-ch.base)%c.size != 0 {
			panic(fmt.Sprintf("free(): invalid pointer %#x (not the start of a heap block)", p))
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if ch == c.chunk && p >= c.next {
			panic(fmt.Sprintf("free(): invalid pointer %#x (never allocated)", p))
		}
		if ch.setLive(p, false) {
			panic(fmt.Sprintf("free(): double free detected for %#x", p))
		}
		Store(p, c.free)
		c.free = p
		return
	}
	large.mu.Lock()
	size, ok := large.blocks[p]
	delete(large.blocks, p)
	large.mu.Unlock()
	if !ok {
		panic(fmt.Sprintf("free(): invalid pointer %#x (not from malloc, or already freed)", p))
	}
	unmap(p, size)
}

// UsableSize is the number of bytes usable at p (malloc_usable_size):
// at least what was asked for. UsableSize(0) is 0.
func UsableSize(p uintptr) uintptr {
	if p == 0 {
		return 0
	}
	if ch := lookupChunk(p); ch != nil {
		return ch.class.size
	}
	large.mu.Lock()
	size, ok := large.blocks[p]
	large.mu.Unlock()
	if !ok {
		panic(fmt.Sprintf("malloc_usable_size(): invalid pointer %#x", p))
	}
	return size
}

// Realloc resizes the block at p to n bytes, keeping its contents up to
// the smaller size. Like glibc, Realloc(0, n) is Malloc(n) and
// Realloc(p, 0) frees p and returns 0. On exhaustion it returns 0 and p
// stays valid.
func Realloc(p, n uintptr) uintptr {
	if p == 0 {
		return Malloc(n)
	}
	if n == 0 {
		Free(p)
		return 0
	}
	old := UsableSize(p)
	// Stay in place unless shrinking would strand more than half the block.
	if n <= old && (n > old/2 || old <= 16) {
		return p
	}
	q := Malloc(n)
	if q == 0 {
		return 0
	}
	Memmove(q, p, min(n, old))
	Free(p)
	return q
}
