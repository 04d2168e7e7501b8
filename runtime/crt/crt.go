// Package crt holds the small helpers generated code uses to express C
// semantics that Go spells differently: conversions between truth values
// and ints, assignments and increments used as expressions, private
// memory reached through addresses, and calls through function pointers.
// Everything here is meant to be inlined.
package crt

import (
	"fmt"
	"math"
	"math/bits"
	"os"
	"sync"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/cmem"
	"github.com/upcgo/upcgo/runtime/upc"
	"github.com/upcgo/upcgo/stdlib"
)

// Number is every Go type a C arithmetic type lowers to.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64
}

// B2I is C's int value of a truth value.
func B2I(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Set is the C assignment expression lhs = v: it stores and yields v.
func Set[T any](lhs *T, v T) T {
	*lhs = v
	return v
}

// PostInc is lhs++ (or lhs-- with a negative d) as an expression: it
// yields the old value.
func PostInc[T Number](lhs *T, d T) T {
	old := *lhs
	*lhs = old + d
	return old
}

// PreInc is ++lhs (or --lhs) as an expression: it yields the new value.
func PreInc[T Number](lhs *T, d T) T {
	*lhs += d
	return *lhs
}

// Dynamic is v, out of the reach of Go's constant evaluation: C code that
// divides by a constant zero or shifts by a negative constant count is
// valid until it runs (an integer division then traps, as on x86-64, and
// a floating one gives an infinity or NaN), where Go rejects the constant
// operation at compile time.
func Dynamic[T Number](v T) T { return v }

// Comma is the C comma operator: Go evaluates the arguments left to
// right, and the value is the last one.
func Comma[A, B any](_ A, b B) B { return b }

// Bswap16 is __builtin_bswap16 (endian.h's conversions).
func Bswap16(x uint16) uint16 { return bits.ReverseBytes16(x) }

// Bswap32 is __builtin_bswap32.
func Bswap32(x uint32) uint32 { return bits.ReverseBytes32(x) }

// Bswap64 is __builtin_bswap64.
func Bswap64(x uint64) uint64 { return bits.ReverseBytes64(x) }

// Void marks an expression whose value C discards (its side effects stay).
func Void[T any](T) {}

// Cond is the C conditional operator for operands without side effects
// (generated code uses an if statement otherwise).
func Cond[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// SharedSet is lhs = v for a shared lvalue, as an expression.
func SharedSet[T upc.Scalar](t *upc.Thread, p upc.SharedPtr, v T) T {
	upc.Store(t, p, v)
	return v
}

// SharedPostInc is p++ for a shared lvalue, as an expression.
func SharedPostInc[T Number](t *upc.Thread, p upc.SharedPtr, d T) T {
	old := upc.Load[T](t, p)
	upc.Store(t, p, old+d)
	return old
}

// SharedPreInc is ++p for a shared lvalue, as an expression.
func SharedPreInc[T Number](t *upc.Thread, p upc.SharedPtr, d T) T {
	v := upc.Load[T](t, p) + d
	upc.Store(t, p, v)
	return v
}

// Funcs is a program's table of functions whose address is taken: a C
// function pointer is an index into it plus one (0 is NULL).
type Funcs []any

// Get returns the function a C function pointer names, reporting a call
// through a null or corrupt pointer as a fault.
func (f Funcs) Get(p uintptr) any {
	if p == 0 || p > uintptr(len(f)) {
		if p == 0 {
			panic("call through a null function pointer")
		}
		panic("call through an invalid function pointer")
	}
	return f[p-1]
}

// Offset is a pointer-to-shared moved by off bytes within its thread's
// segment: a member of a shared struct.
func Offset(p upc.SharedPtr, off uintptr) upc.SharedPtr {
	p.Addr += off
	return p
}

// Bool is C's _Bool conversion: 1 for any non-zero value.
func Bool[T Number](v T) uint8 {
	if v != 0 {
		return 1
	}
	return 0
}

// PostDec is lhs-- for pointers (uintptr cannot hold a negative step).
func PostDec[T Number](lhs *T, d T) T {
	old := *lhs
	*lhs = old - d
	return old
}

// PreDec is --lhs for pointers.
func PreDec[T Number](lhs *T, d T) T {
	*lhs -= d
	return *lhs
}

// Memget is upc_memget with a private destination address.
func Memget(t *upc.Thread, dst uintptr, src upc.SharedPtr, n uint64) {
	if n != 0 {
		t.Memget(unsafe.Pointer(cmem.Ptr[byte](dst)), src, uintptr(n))
	}
}

// Memput is upc_memput with a private source address.
func Memput(t *upc.Thread, dst upc.SharedPtr, src uintptr, n uint64) {
	if n != 0 {
		t.Memput(dst, unsafe.Pointer(cmem.Ptr[byte](src)), uintptr(n))
	}
}

var (
	argsOnce sync.Once
	argc     int32
	argv     uintptr
)

// Args is main's argc and argv: the process's arguments as C strings in
// immortal memory, shared by every thread (as in a pthreads UPC).
func Args() (int32, uintptr) {
	argsOnce.Do(func() {
		argc = int32(len(os.Args))
		argv = cmem.StaticAlloc(uintptr(len(os.Args)+1) * 8)
		for i, a := range os.Args {
			cmem.Store(argv+uintptr(i)*8, cmem.StaticString(a))
		}
	})
	return argc, argv
}

// AssertFail reports a failed assert() as a fault of the calling thread.
func AssertFail(expr, file uintptr, line uint32, fn uintptr) {
	panic(fmt.Sprintf("%s:%d: %s: Assertion `%s' failed.", cmem.GoString(file), line, cmem.GoString(fn), cmem.GoString(expr)))
}

// Copy copies a struct or array value of n bytes (C assignment of
// aggregates).
func Copy(dst, src uintptr, n uintptr) { cmem.Memmove(dst, src, n) }

// IsInfSign is glibc's isinf: -1 for -Inf, 1 for +Inf, else 0.
func IsInfSign(x float64) int32 {
	switch {
	case math.IsInf(x, 1):
		return 1
	case math.IsInf(x, -1):
		return -1
	}
	return 0
}

// IsNormal is isnormal for a double, or a float when single.
func IsNormal(x float64, single bool) int32 {
	min := 2.2250738585072014e-308
	if single {
		min = 1.1754943508222875e-38
	}
	return B2I(!math.IsNaN(x) && !math.IsInf(x, 0) && math.Abs(x) >= min)
}

// Fpclassify is __builtin_fpclassify with the class values it is given.
func Fpclassify(nan, inf, normal, subnormal, zero int32, x float64, single bool) int32 {
	switch {
	case math.IsNaN(x):
		return nan
	case math.IsInf(x, 0):
		return inf
	case x == 0:
		return zero
	case IsNormal(x, single) == 1:
		return normal
	}
	return subnormal
}

// Div stores a div() result into the C div_t at dst.
func Div(dst uintptr, q stdlib.DivT) uintptr {
	cmem.Store(dst, q.Quot)
	cmem.Store(dst+4, q.Rem)
	return dst
}

// Ldiv stores an ldiv() or lldiv() result into the C struct at dst.
func Ldiv(dst uintptr, q stdlib.LdivT) uintptr {
	cmem.Store(dst, q.Quot)
	cmem.Store(dst+8, q.Rem)
	return dst
}

// SharedSetStrict is lhs = v for a strict shared lvalue, as an expression.
func SharedSetStrict[T upc.Scalar](t *upc.Thread, p upc.SharedPtr, v T) T {
	upc.StoreStrict(t, p, v)
	return v
}
