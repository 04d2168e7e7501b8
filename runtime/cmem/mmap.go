package cmem

import "syscall"

const pageSize = 4096

// mapAnon maps n bytes of zeroed memory and returns its address, or 0 when
// the kernel refuses (the caller turns that into C's "out of memory").
// It calls the syscall directly rather than syscall.Mmap because that
// wrapper keeps a Go slice per mapping and forbids the partial unmaps that
// alignment trimming needs.
func mapAnon(n uintptr) uintptr {
	if n == 0 || n > maxRequest {
		return 0
	}
	addr, _, errno := syscall.Syscall6(syscall.SYS_MMAP, 0, n,
		syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON, ^uintptr(0), 0)
	if errno != 0 {
		return 0
	}
	return addr
}

// unmap returns memory obtained from mapAnon. Failure means the address
// range was never ours, which is a bug in this package.
func unmap(p, n uintptr) {
	if _, _, errno := syscall.Syscall(syscall.SYS_MUNMAP, p, n, 0); errno != 0 {
		panic("cmem: munmap failed: " + errno.Error())
	}
}

// mapAligned maps n bytes (a multiple of align, align a power of two and a
// multiple of the page size) at an address that is a multiple of align, by
// over-mapping and trimming both ends.
func mapAligned(n, align uintptr) uintptr {
	raw := mapAnon(n + align)
	if raw == 0 {
		return 0
	}
	p := (raw + align - 1) &^ (align - 1)
	if head := p - raw; head > 0 {
		unmap(raw, head)
	}
	if tail := raw + n + align - (p + n); tail > 0 {
		unmap(p+n, tail)
	}
	return p
}

func roundUp(n, to uintptr) uintptr { return (n + to - 1) &^ (to - 1) }
