package cmem

import "fmt"

// Stack holds the frames of C locals whose address is taken, for one UPC
// thread: a bump allocator over chunks that are kept for reuse, so a call
// costs an addition and a comparison. The zero value is ready to use. A
// Stack is not safe for concurrent use.
type Stack struct {
	// Limit bounds the bytes mapped for frames; past it Alloc panics with
	// "stack overflow" as C would crash. Zero means DefaultStackLimit.
	Limit uintptr

	chunks []stackChunk
	cur    int     // index of the chunk in use
	top    uintptr // next free byte in chunks[cur]
	mapped uintptr
}

type stackChunk struct{ base, size uintptr }

// StackMark is a position in a Stack to return to with Release.
type StackMark struct {
	chunk int
	top   uintptr
}

const (
	// DefaultStackLimit matches the largest goroutine stack Go allows, so
	// C recursion depth is bounded by the same kind of limit as Go's.
	DefaultStackLimit = 1 << 30
	stackChunkSize    = 64 << 10
	spareStackChunks  = 2 // kept mapped above the top to avoid map/unmap churn
)

// Mark records the current top, to be restored with Release when the
// frame's function returns.
func (s *Stack) Mark() StackMark { return StackMark{s.cur, s.top} }

// Release frees everything allocated since m was taken.
func (s *Stack) Release(m StackMark) {
	s.cur, s.top = m.chunk, m.top
	if s.top == 0 && len(s.chunks) > 0 {
		// m was taken before the first chunk existed.
		s.top = s.chunks[0].base
	}
	for len(s.chunks) > s.cur+1+spareStackChunks {
		last := s.chunks[len(s.chunks)-1]
		unmap(last.base, last.size)
		s.mapped -= last.size
		s.chunks = s.chunks[:len(s.chunks)-1]
	}
}

// Alloc returns size bytes aligned to align (a power of two; 0 means 1).
// The memory is not zeroed.
func (s *Stack) Alloc(size, align uintptr) uintptr {
	if align == 0 {
		align = 1
	}
	if align&(align-1) != 0 {
		panic(fmt.Sprintf("cmem: stack alignment %d is not a power of two", align))
	}
	if len(s.chunks) > 0 {
		c := s.chunks[s.cur]
		p := (s.top + align - 1) &^ (align - 1)
		if p >= s.top && p+size >= p && p+size <= c.base+c.size {
			s.top = p + size
			return p
		}
	}
	return s.allocSlow(size, align)
}

// AllocZero is Alloc with the memory zeroed, for locals with initialisers
// that leave parts implicit.
func (s *Stack) AllocZero(size, align uintptr) uintptr {
	p := s.Alloc(size, align)
	Memset(p, 0, size)
	return p
}

func (s *Stack) allocSlow(size, align uintptr) uintptr {
	need := size + align // room for alignment padding in a page-aligned chunk
	if need < size {
		panic(s.overflow(size))
	}
	next := s.cur + 1
	if len(s.chunks) == 0 {
		next = 0
	}
	if next < len(s.chunks) && s.chunks[next].size < need {
		// The spare is too small; drop it and every spare above it.
		for _, c := range s.chunks[next:] {
			unmap(c.base, c.size)
			s.mapped -= c.size
		}
		s.chunks = s.chunks[:next]
	}
	if next == len(s.chunks) {
		chunkBytes := roundUp(max(need, stackChunkSize), pageSize)
		limit := s.Limit
		if limit == 0 {
			limit = DefaultStackLimit
		}
		if chunkBytes > limit || s.mapped > limit-chunkBytes {
			panic(s.overflow(need))
		}
		base := mapAnon(chunkBytes)
		if base == 0 {
			panic(s.overflow(need))
		}
		s.chunks = append(s.chunks, stackChunk{base, chunkBytes})
		s.mapped += chunkBytes
	}
	s.cur = next
	c := s.chunks[next]
	p := (c.base + align - 1) &^ (align - 1)
	s.top = p + size
	return p
}

func (s *Stack) overflow(size uintptr) string {
	return fmt.Sprintf("stack overflow: cannot allocate %d bytes for C locals (%d bytes in use)", size, s.mapped)
}

// Close unmaps all of the stack's memory; the Stack is empty afterwards.
func (s *Stack) Close() {
	for _, c := range s.chunks {
		unmap(c.base, c.size)
	}
	*s = Stack{Limit: s.Limit}
}
