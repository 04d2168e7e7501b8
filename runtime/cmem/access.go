package cmem

import (
	"bytes"
	"unsafe"
)

// nilBase is always nil. Adding a C address to it is the pointer
// arithmetic form go vet's unsafeptr check accepts, and it is sound because
// the memory is never Go-managed.
//
// Two tempting alternatives crash the Go 1.26 compiler: reinterpreting the
// bits (*(*unsafe.Pointer)(unsafe.Pointer(&p))) and unsafe.Add(nil, p) both
// fold to a value of type uintptr, and copy() of a 17..1024-byte constant
// string into such a slice then panics in the SSA "disjoint" check
// ("disjointTypes: one of arguments is not a pointer"). A package variable
// cannot be folded away; the price is one ADD from memory per access.
var nilBase unsafe.Pointer

// ptr turns a C address into an unsafe.Pointer.
func ptr(p uintptr) unsafe.Pointer { return unsafe.Pointer(uintptr(nilBase) + p) }

// Load reads a T at C address p.
func Load[T any](p uintptr) T { return *(*T)(ptr(p)) }

// Store writes v at C address p.
func Store[T any](p uintptr, v T) { *(*T)(ptr(p)) = v }

// Bytes is a view of the n bytes at p; writes through it change C memory.
func Bytes(p, n uintptr) []byte {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(ptr(p)), n)
}

// Memmove copies n bytes from src to dst; the ranges may overlap.
func Memmove(dst, src, n uintptr) {
	if n != 0 && dst != src {
		copy(Bytes(dst, n), Bytes(src, n))
	}
}

// Memset fills n bytes at p with the low byte of c.
func Memset(p uintptr, c byte, n uintptr) {
	b := Bytes(p, n)
	if c == 0 {
		clear(b)
		return
	}
	if len(b) == 0 {
		return
	}
	b[0] = c
	for filled := 1; filled < len(b); filled *= 2 {
		copy(b[filled:], b[:filled])
	}
}

// Memcmp compares n bytes as unsigned chars and returns the difference of
// the first differing pair, like glibc (callers may rely only on the sign).
func Memcmp(a, b, n uintptr) int32 {
	x, y := Bytes(a, n), Bytes(b, n)
	for i := range x {
		if x[i] != y[i] {
			return int32(x[i]) - int32(y[i])
		}
	}
	return 0
}

// Strlen is the length of the NUL-terminated string at p. It searches one
// page at a time so it never touches a page the string does not reach,
// which matters when a string ends just before an unmapped page.
func Strlen(p uintptr) uintptr {
	n := uintptr(0)
	for {
		chunk := pageSize - (p+n)%pageSize
		if i := bytes.IndexByte(Bytes(p+n, chunk), 0); i >= 0 {
			return n + uintptr(i)
		}
		n += chunk
	}
}

// GoString copies the NUL-terminated string at p. NULL gives "" rather
// than a crash, since Go callers use it for messages.
func GoString(p uintptr) string {
	if p == 0 {
		return ""
	}
	return string(Bytes(p, Strlen(p)))
}

// GoStringN copies at most n bytes of the NUL-terminated string at p.
func GoStringN(p, n uintptr) string {
	if p == 0 {
		return ""
	}
	return string(Bytes(p, Strnlen(p, n)))
}

// Strnlen is Strlen but stops after max bytes without reading further.
func Strnlen(p, max uintptr) uintptr {
	n := uintptr(0)
	for n < max {
		chunk := min(pageSize-(p+n)%pageSize, max-n)
		if i := bytes.IndexByte(Bytes(p+n, chunk), 0); i >= 0 {
			return n + uintptr(i)
		}
		n += chunk
	}
	return max
}

// CString copies s into a malloc'd NUL-terminated string; free it with
// Free. It returns 0 when memory is exhausted.
func CString(s string) uintptr {
	p := Malloc(uintptr(len(s)) + 1)
	if p == 0 {
		return 0
	}
	b := Bytes(p, uintptr(len(s))+1)
	copy(b, s)
	b[len(s)] = 0
	return p
}

// Ptr is the Go pointer to the T at C address p, so generated code can
// read and update C memory with Go syntax: *cmem.Ptr[int32](p) += 1.
func Ptr[T any](p uintptr) *T { return (*T)(ptr(p)) }

// Base is the base of C addresses: *At[T](Base(), p) is *Ptr[T](p). A
// generated loop keeps it in a local, which a store through a pointer
// cannot change, so that the Go compiler need not reload nilBase from
// memory after every store (lower/loopopt.go).
func Base() unsafe.Pointer { return nilBase }

// At is the Go pointer to the T at C address p, from base = Base(); or,
// with base a pointer to a C address q (unsafe.Add(Base(), q), a loop's
// row in lower/loopopt.go), the T at q + p.
func At[T any](base unsafe.Pointer, p uintptr) *T { return (*T)(unsafe.Add(base, p)) }
