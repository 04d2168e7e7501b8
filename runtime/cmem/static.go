package cmem

import "sync"

// Immortal memory is carved from its own mappings, never from heap chunks,
// so free() of a string literal is reported as an invalid pointer.
const (
	staticRegion   = 256 << 10
	staticOwnLimit = 32 << 10 // larger objects get a mapping of their own
)

var static struct {
	mu        sync.Mutex
	next, end uintptr
}

// Static copies b into memory that is never freed and returns its address
// (16-byte aligned), for string literals and other data that lives as
// long as the program. Identical contents are not merged. It panics when
// memory is exhausted, since a program cannot start without its literals.
func Static(b []byte) uintptr {
	p := StaticAlloc(uintptr(len(b)))
	copy(Bytes(p, uintptr(len(b))), b)
	return p
}

// StaticString is Static for a Go string plus a terminating NUL.
func StaticString(s string) uintptr {
	p := StaticAlloc(uintptr(len(s)) + 1)
	copy(Bytes(p, uintptr(len(s))), s)
	return p
}

// StaticAlloc returns n zeroed bytes of immortal memory.
func StaticAlloc(n uintptr) uintptr {
	size := roundUp(max(n, 1), 16)
	if size > staticOwnLimit {
		p := mapAnon(roundUp(size, pageSize))
		if p == 0 {
			panic("cmem: out of memory for static data")
		}
		return p
	}
	static.mu.Lock()
	defer static.mu.Unlock()
	if static.end-static.next < size {
		p := mapAnon(staticRegion)
		if p == 0 {
			panic("cmem: out of memory for static data")
		}
		static.next, static.end = p, p+staticRegion
	}
	p := static.next
	static.next += size
	return p
}
