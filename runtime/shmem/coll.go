package shmem

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/upc"
)

// OpenSHMEM's collectives over a set of PEs (a team or a 1.3 active set,
// see team.go): each is a barrier over the set, one-sided gets (or puts)
// of the data, and a barrier.

// broadcast copies n bytes of the root-th PE's src to every other PE's
// dst in a, and to the root's own if toRoot (1.5; 1.3 leaves it).
func (s Lib) broadcast(a activeSet, dst, src, n uintptr, root int32, toRoot bool) {
	t := s.t
	if root < 0 || int(root) >= a.size {
		s.fail("PE_root %d is not a PE of the %d in the set", root, a.size)
	}
	dOff := s.symmetricOffset(dst, n, "destination")
	sOff := s.symmetricOffset(src, n, "source")
	s.barrier(a)
	me := a.index(t.MyThread)
	switch {
	case n == 0:
	case me != int(root):
		s.ep().Get(s.local(dOff), a.pe(int(root)), sOff, n)
	case toRoot:
		copy(s.bytes(dOff, n), s.bytes(sOff, n))
	}
	s.barrier(a)
}

// Broadcast is shmem_broadcastmem and shmem_<T>_broadcast (1.5).
func (s Lib) Broadcast(team int64, dst, src, n uintptr, root int32) int32 {
	s.broadcast(s.member(team), dst, src, n, root, true)
	return 0
}

// BroadcastSet is shmem_broadcast32/64 (1.3): n bytes.
func (s Lib) BroadcastSet(dst, src, n uintptr, root, start, logStride, size int32, pSync uintptr) {
	s.broadcast(s.activeSet13(start, logStride, size, pSync), dst, src, n, root, false)
}

// collect concatenates the members' src blocks, in set order, into every
// member's dst: n bytes from each (fcollect), or each member's own n
// (collect), published in its header word.
func (s Lib) collect(a activeSet, dst, src, n uintptr, fixed bool) {
	t := s.t
	sOff := s.symmetricOffset(src, n, "source")
	dOff := s.symmetricOffset(dst, 0, "destination")
	me := a.index(t.MyThread)
	sizes := make([]uintptr, a.size)
	if !fixed {
		v := uint64(n)
		s.ep().Put(t.MyThread, collectWordOff, unsafe.Pointer(&v), 8)
	}
	s.barrier(a)
	var total uintptr
	for i := range sizes {
		sizes[i] = n
		if !fixed && i != me {
			var v uint64
			s.ep().Get(unsafe.Pointer(&v), a.pe(i), collectWordOff, 8)
			sizes[i] = uintptr(v)
		}
		total += sizes[i]
	}
	s.symmetricOffset(dst, total, "destination")
	at := make([]uintptr, a.size)
	for i := 1; i < a.size; i++ {
		at[i] = at[i-1] + sizes[i-1]
	}
	for k := range a.size {
		// Start at this PE's own block, so members read different PEs.
		i := (me + k) % a.size
		if sizes[i] == 0 {
			continue
		}
		if i == me {
			copy(s.bytes(dOff+at[i], n), s.bytes(sOff, n))
			continue
		}
		s.ep().Get(s.local(dOff+at[i]), a.pe(i), sOff, sizes[i])
	}
	s.barrier(a)
}

// Collect is shmem_<T>_collect and shmem_collectmem (1.5): n bytes.
func (s Lib) Collect(team int64, dst, src, n uintptr) int32 {
	s.collect(s.member(team), dst, src, n, false)
	return 0
}

// Fcollect is shmem_<T>_fcollect and shmem_fcollectmem (1.5).
func (s Lib) Fcollect(team int64, dst, src, n uintptr) int32 {
	s.collect(s.member(team), dst, src, n, true)
	return 0
}

// CollectSet is shmem_collect32/64 (1.3).
func (s Lib) CollectSet(dst, src, n uintptr, start, logStride, size int32, pSync uintptr) {
	s.collect(s.activeSet13(start, logStride, size, pSync), dst, src, n, false)
}

// FcollectSet is shmem_fcollect32/64 (1.3).
func (s Lib) FcollectSet(dst, src, n uintptr, start, logStride, size int32, pSync uintptr) {
	s.collect(s.activeSet13(start, logStride, size, pSync), dst, src, n, true)
}

// alltoall sends the i-th block of each member's src to member i: member
// i's dst holds block j from member j. A block is nelems elements of
// elemSize bytes, dstStride and srcStride elements apart (1 for
// alltoall).
func (s Lib) alltoall(a activeSet, dst, src uintptr, dstStride, srcStride int64, nelems, elemSize uintptr) {
	t := s.t
	if dstStride < 1 || srcStride < 1 {
		s.fail("the strides (%d, %d) must be positive", dstStride, srcStride)
	}
	span := func(stride int64) uintptr {
		if nelems == 0 {
			return 0
		}
		last := s.mulSize(s.mulSize(uintptr(a.size)*nelems-1, uintptr(stride), "block"), elemSize, "block")
		return last + elemSize
	}
	dOff := s.symmetricOffset(dst, span(dstStride), "destination")
	sOff := s.symmetricOffset(src, span(srcStride), "source")
	me := a.index(t.MyThread)
	s.barrier(a)
	if nelems > 0 {
		for k := range a.size {
			j := (me + k) % a.size
			d := dOff + uintptr(j)*nelems*uintptr(dstStride)*elemSize
			from := src + uintptr(me)*nelems*uintptr(srcStride)*elemSize
			if dstStride == 1 && srcStride == 1 {
				s.ep().Get(s.local(d), a.pe(j), sOff+from-src, nelems*elemSize)
				continue
			}
			s.GetBlocks(upc.Blocking, s.local(d), from, elemSize, dstStride, srcStride, 1, nelems, int32(a.pe(j)))
		}
	}
	s.barrier(a)
}

// Alltoall is shmem_<T>_alltoall and shmem_alltoallmem (1.5).
func (s Lib) Alltoall(team int64, dst, src, nelems, elemSize uintptr) int32 {
	s.alltoall(s.member(team), dst, src, 1, 1, nelems, elemSize)
	return 0
}

// Alltoalls is shmem_<T>_alltoalls and shmem_alltoallsmem (1.5).
func (s Lib) Alltoalls(team int64, dst, src uintptr, dstStride, srcStride int64, nelems, elemSize uintptr) int32 {
	s.alltoall(s.member(team), dst, src, dstStride, srcStride, nelems, elemSize)
	return 0
}

// AlltoallSet is shmem_alltoall32/64 (1.3).
func (s Lib) AlltoallSet(dst, src, nelems, elemSize uintptr, start, logStride, size int32, pSync uintptr) {
	s.alltoall(s.activeSet13(start, logStride, size, pSync), dst, src, 1, 1, nelems, elemSize)
}

// AlltoallsSet is shmem_alltoalls32/64 (1.3).
func (s Lib) AlltoallsSet(dst, src uintptr, dstStride, srcStride int64, nelems, elemSize uintptr, start, logStride, size int32, pSync uintptr) {
	s.alltoall(s.activeSet13(start, logStride, size, pSync), dst, src, dstStride, srcStride, nelems, elemSize)
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

// reduce combines the members' n-element src arrays with f, in set order
// (so floating-point results are the same at every run), into every
// member's dst. Member i combines the i-th of size slices of the arrays
// and puts its slice to every member: each moves about n elements
// whatever the set's size. dst may be src: nothing is written before
// every member has read its slice.
func reduce[T upc.Scalar](s Lib, a activeSet, dst, src, n uintptr, f func(acc, v []T)) {
	t := s.t
	var z T
	es := unsafe.Sizeof(z)
	size := s.mulSize(n, es, "reduction")
	dOff := s.symmetricOffset(dst, size, "destination")
	sOff := s.symmetricOffset(src, size, "source")
	me := a.index(t.MyThread)
	lo, hi := n*uintptr(me)/uintptr(a.size), n*uintptr(me+1)/uintptr(a.size)
	s.barrier(a)
	var acc []T
	if hi > lo {
		acc = make([]T, hi-lo)
		buf := make([]T, hi-lo)
		for i := range a.size {
			into := buf
			if i == 0 {
				into = acc
			}
			s.ep().Get(unsafe.Pointer(&into[0]), a.pe(i), sOff+lo*es, (hi-lo)*es)
			if i > 0 {
				f(acc, buf)
			}
		}
	}
	s.barrier(a)
	if hi > lo {
		for k := range a.size {
			s.ep().Put(a.pe((me+k)%a.size), dOff+lo*es, unsafe.Pointer(&acc[0]), (hi-lo)*es)
		}
	}
	s.barrier(a)
}

// combine is the element-wise reduction op on numbers.
func combine[T upc.Number](s Lib, op int) func(acc, v []T) {
	switch op {
	case ReduceSum:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] += v[i]
			}
		}
	case ReduceProd:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] *= v[i]
			}
		}
	case ReduceMin:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] = min(acc[i], v[i])
			}
		}
	case ReduceMax:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] = max(acc[i], v[i])
			}
		}
	}
	s.fail("unknown reduction %d", op)
	return nil
}

// combineBits is the element-wise reduction op on integers.
func combineBits[T Integer](s Lib, op int) func(acc, v []T) {
	switch op {
	case ReduceAnd:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] &= v[i]
			}
		}
	case ReduceOr:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] |= v[i]
			}
		}
	case ReduceXor:
		return func(acc, v []T) {
			for i := range acc {
				acc[i] ^= v[i]
			}
		}
	}
	s.fail("unknown bitwise reduction %d", op)
	return nil
}

// Reduce is shmem_<T>_{sum,prod,min,max}_reduce (1.5).
func Reduce[T upc.Number](s Lib, op int, team int64, dst, src, n uintptr) int32 {
	reduce(s, s.member(team), dst, src, n, combine[T](s, op))
	return 0
}

// ReduceBits is shmem_<T>_{and,or,xor}_reduce (1.5).
func ReduceBits[T Integer](s Lib, op int, team int64, dst, src, n uintptr) int32 {
	reduce(s, s.member(team), dst, src, n, combineBits[T](s, op))
	return 0
}

// ReduceSet is shmem_<T>_{sum,prod,min,max}_to_all (1.3); pWrk is not
// needed.
func ReduceSet[T upc.Number](s Lib, op int, dst, src uintptr, n int32, start, logStride, size int32, pWrk, pSync uintptr) {
	a := s.activeSet13(start, logStride, size, pSync)
	reduce(s, a, dst, src, s.count(n), combine[T](s, op))
}

// ReduceBitsSet is shmem_<T>_{and,or,xor}_to_all (1.3).
func ReduceBitsSet[T Integer](s Lib, op int, dst, src uintptr, n int32, start, logStride, size int32, pWrk, pSync uintptr) {
	a := s.activeSet13(start, logStride, size, pSync)
	reduce(s, a, dst, src, s.count(n), combineBits[T](s, op))
}

// count is a 1.3 int element count, which must not be negative.
func (s Lib) count(n int32) uintptr {
	if n < 0 {
		s.fail("the element count %d is negative", n)
	}
	return uintptr(n)
}
