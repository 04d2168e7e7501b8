package crt

import (
	"fmt"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/cmem"
	"github.com/upcgo/upcgo/runtime/upc"
)

// The C forms of the memcpy extension library's arguments (upc_nb.h,
// bupc_extensions.h): generated code turns private addresses and the
// address and length of a C array into the Go values runtime/upc takes.
// The arrays are used in place, not copied: upc_smemvec_t, upc_pmemvec_t,
// pointer arrays, size_t arrays and upc_handle_t arrays have the layouts
// of upc.SmemVec, upc.PmemVec, unsafe.Pointer, uintptr and upc.Handle.
// name is the function the program called, for the error message when a
// null array is given a non-zero length.

// P is the private address p as a pointer.
func P(p uintptr) unsafe.Pointer { return unsafe.Pointer(cmem.Ptr[byte](p)) }

// array views n elements of type T at C address p.
func array[T any](name string, p uintptr, n uint64) []T {
	if n == 0 {
		return nil
	}
	var zero T
	if p == 0 {
		panic(fmt.Sprintf("%s: a null array given %d entries", name, n))
	}
	if n > uint64(^uintptr(0)>>1)/uint64(unsafe.Sizeof(zero)) {
		panic(fmt.Sprintf("%s: an array of %d entries is larger than memory", name, n))
	}
	return unsafe.Slice(cmem.Ptr[T](p), n)
}

// PmemVecs is an upc_pmemvec_t array.
func PmemVecs(name string, p uintptr, n uint64) []upc.PmemVec { return array[upc.PmemVec](name, p, n) }

// SmemVecs is an upc_smemvec_t array.
func SmemVecs(name string, p uintptr, n uint64) []upc.SmemVec { return array[upc.SmemVec](name, p, n) }

// Ptrs is a void *const[] array.
func Ptrs(name string, p uintptr, n uint64) []unsafe.Pointer {
	return array[unsafe.Pointer](name, p, n)
}

// SharedPtrs is a shared void *const[] array.
func SharedPtrs(name string, p uintptr, n uint64) []upc.SharedPtr {
	return array[upc.SharedPtr](name, p, n)
}

// Sizes is a size_t array.
func Sizes(name string, p uintptr, n uint64) []uintptr { return array[uintptr](name, p, n) }

// Ptrdiffs is a ptrdiff_t array.
func Ptrdiffs(name string, p uintptr, n uint64) []int64 { return array[int64](name, p, n) }

// Handles is a upc_handle_t array; the synchronisation functions write
// CompleteHandle into it.
func Handles(name string, p uintptr, n uint64) []upc.Handle { return array[upc.Handle](name, p, n) }

// Levels is the number of entries of count for stridelevels levels: one
// more, unless that overflows.
func Levels(name string, stridelevels uint64) uint64 {
	if stridelevels == ^uint64(0) {
		panic(fmt.Sprintf("%s: stridelevels %d is too large", name, stridelevels))
	}
	return stridelevels + 1
}

// The strided calls pass C arrays whose lengths depend on stridelevels;
// these wrappers convert them all, so that generated code evaluates each
// argument once.

// MemcpyStrided is upc_memcpy_strided and its variants.
func MemcpyStrided(t *upc.Thread, name string, s upc.Sync, dst upc.SharedPtr, dstStrides uintptr, src upc.SharedPtr, srcStrides, count uintptr, levels uint64) uint64 {
	return uint64(t.Lib(name).MemcpyStrided(s, dst, Sizes(name, dstStrides, levels), src, Sizes(name, srcStrides, levels), Sizes(name, count, Levels(name, levels))))
}

// MemputStrided is upc_memput_strided and its variants.
func MemputStrided(t *upc.Thread, name string, s upc.Sync, dst upc.SharedPtr, dstStrides uintptr, src, srcStrides, count uintptr, levels uint64) uint64 {
	return uint64(t.Lib(name).MemputStrided(s, dst, Sizes(name, dstStrides, levels), P(src), Sizes(name, srcStrides, levels), Sizes(name, count, Levels(name, levels))))
}

// MemgetStrided is upc_memget_strided and its variants.
func MemgetStrided(t *upc.Thread, name string, s upc.Sync, dst, dstStrides uintptr, src upc.SharedPtr, srcStrides, count uintptr, levels uint64) uint64 {
	return uint64(t.Lib(name).MemgetStrided(s, P(dst), Sizes(name, dstStrides, levels), src, Sizes(name, srcStrides, levels), Sizes(name, count, Levels(name, levels))))
}

// MemcpyTranspose is upc_memcpy_transpose and its variants: the strides
// have stridelevels+1 entries, like count.
func MemcpyTranspose(t *upc.Thread, name string, s upc.Sync, dst upc.SharedPtr, dstStrides uintptr, src upc.SharedPtr, srcStrides, count uintptr, levels, elemSize uint64) uint64 {
	n := Levels(name, levels)
	return uint64(t.Lib(name).MemcpyTranspose(s, dst, Ptrdiffs(name, dstStrides, n), src, Ptrdiffs(name, srcStrides, n), Sizes(name, count, n), uintptr(elemSize)))
}

// MemputTranspose is upc_memput_transpose and its variants.
func MemputTranspose(t *upc.Thread, name string, s upc.Sync, dst upc.SharedPtr, dstStrides uintptr, src, srcStrides, count uintptr, levels, elemSize uint64) uint64 {
	n := Levels(name, levels)
	return uint64(t.Lib(name).MemputTranspose(s, dst, Ptrdiffs(name, dstStrides, n), P(src), Ptrdiffs(name, srcStrides, n), Sizes(name, count, n), uintptr(elemSize)))
}

// MemgetTranspose is upc_memget_transpose and its variants.
func MemgetTranspose(t *upc.Thread, name string, s upc.Sync, dst, dstStrides uintptr, src upc.SharedPtr, srcStrides, count uintptr, levels, elemSize uint64) uint64 {
	n := Levels(name, levels)
	return uint64(t.Lib(name).MemgetTranspose(s, P(dst), Ptrdiffs(name, dstStrides, n), src, Ptrdiffs(name, srcStrides, n), Sizes(name, count, n), uintptr(elemSize)))
}

// MemcpyStridedBlocked is upc_memcpy_strided_blocked and its variants.
func MemcpyStridedBlocked(t *upc.Thread, name string, s upc.Sync, dst upc.SharedPtr, dstBlock uint64, dstStrides uintptr, src upc.SharedPtr, srcBlock uint64, srcStrides, count uintptr, levels, elemSize uint64) uint64 {
	return uint64(t.Lib(name).MemcpyStridedBlocked(s, dst, uintptr(dstBlock), Sizes(name, dstStrides, levels), src, uintptr(srcBlock), Sizes(name, srcStrides, levels), Sizes(name, count, Levels(name, levels)), uintptr(elemSize)))
}

// MemputStridedBlocked is upc_memput_strided_blocked and its variants.
func MemputStridedBlocked(t *upc.Thread, name string, s upc.Sync, dst upc.SharedPtr, dstBlock uint64, dstStrides, src, srcStrides, count uintptr, levels, elemSize uint64) uint64 {
	return uint64(t.Lib(name).MemputStridedBlocked(s, dst, uintptr(dstBlock), Sizes(name, dstStrides, levels), P(src), Sizes(name, srcStrides, levels), Sizes(name, count, Levels(name, levels)), uintptr(elemSize)))
}

// MemgetStridedBlocked is upc_memget_strided_blocked and its variants.
func MemgetStridedBlocked(t *upc.Thread, name string, s upc.Sync, dst, dstStrides uintptr, src upc.SharedPtr, srcBlock uint64, srcStrides, count uintptr, levels, elemSize uint64) uint64 {
	return uint64(t.Lib(name).MemgetStridedBlocked(s, P(dst), Sizes(name, dstStrides, levels), src, uintptr(srcBlock), Sizes(name, srcStrides, levels), Sizes(name, count, Levels(name, levels)), uintptr(elemSize)))
}
