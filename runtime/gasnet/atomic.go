package gasnet

import (
	"fmt"
	"math"
	"sync/atomic"
	"unsafe"
)

// AtomicOp is a remote atomic operation.
type AtomicOp uint8

const (
	AtomicGet  AtomicOp = iota // old = *p
	AtomicSet                  // *p = a
	AtomicAdd                  // *p += a (fetch-add)
	AtomicSwap                 // *p = a, returning old
	AtomicCAS                  // if *p == b { *p = a }
	AtomicAnd
	AtomicOr
	AtomicXor
	AtomicMin
	AtomicMax
	AtomicMul
)

var atomicOpNames = [...]string{"get", "set", "add", "swap", "compare-swap", "and", "or", "xor", "min", "max", "mult"}

func (o AtomicOp) String() string {
	if int(o) < len(atomicOpNames) {
		return atomicOpNames[o]
	}
	return fmt.Sprintf("AtomicOp(%d)", o)
}

// AtomicKind is the type an atomic operates on; it decides width and how
// min, max, add and mult compare and compute.
type AtomicKind uint8

const (
	Int32 AtomicKind = iota
	Uint32
	Int64
	Uint64
	Float32
	Float64
)

func (k AtomicKind) size() uintptr {
	if k == Int32 || k == Uint32 || k == Float32 {
		return 4
	}
	return 8
}

func (k AtomicKind) String() string {
	return [...]string{"int32", "uint32", "int64", "uint64", "float32", "float64"}[k]
}

// Atomic applies op to the value of kind at offset off of rank dst's
// segment and returns the old value (as raw bits, zero-extended). For
// AtomicCAS, a is the new value and b the expected one.
func (ep *Endpoint) Atomic(dst int, off uintptr, op AtomicOp, kind AtomicKind, a, b uint64) uint64 {
	ep.check(dst, off, kind.size())
	if off&(kind.size()-1) != 0 {
		panic(fmt.Sprintf("gasnet: atomic %s on misaligned offset %#x", op, off))
	}
	if (kind == Float32 || kind == Float64) && (op == AtomicAnd || op == AtomicOr || op == AtomicXor) {
		panic(fmt.Sprintf("gasnet: atomic %s is not defined on %s", op, kind))
	}
	ep.count(AccessAtomic, dst, kind.size())
	if ac, ok := ep.job.conduit.(AtomicConduit); ok && ac.NativeAtomics() {
		// Before the direct path: network atomics are atomic only
		// with respect to each other.
		return ac.Atomic(ep.rank, dst, off, op, kind, a, b)
	}
	if base := ep.segs[dst]; base != nil {
		return applyAtomic(unsafe.Add(base, off), op, kind, a, b)
	}
	r, _ := ep.Call(dst, hAtomic, []uint64{uint64(off), uint64(op), uint64(kind), a, b}, nil)
	return r[0]
}

// applyAtomic runs op at p with sequentially consistent atomics.
func applyAtomic(p unsafe.Pointer, op AtomicOp, kind AtomicKind, a, b uint64) uint64 {
	if kind.size() == 4 {
		q := (*uint32)(p)
		switch op {
		case AtomicGet:
			return uint64(atomic.LoadUint32(q))
		case AtomicSet:
			atomic.StoreUint32(q, uint32(a))
			return 0
		case AtomicSwap:
			return uint64(atomic.SwapUint32(q, uint32(a)))
		case AtomicCAS:
			for {
				old := atomic.LoadUint32(q)
				if old != uint32(b) {
					return uint64(old)
				}
				if atomic.CompareAndSwapUint32(q, old, uint32(a)) {
					return uint64(old)
				}
			}
		case AtomicAdd:
			if kind != Float32 {
				return uint64(atomic.AddUint32(q, uint32(a)) - uint32(a))
			}
		case AtomicAnd:
			return uint64(atomic.AndUint32(q, uint32(a)))
		case AtomicOr:
			return uint64(atomic.OrUint32(q, uint32(a)))
		}
		for {
			old := atomic.LoadUint32(q)
			nv := uint32(combine(op, kind, uint64(old), a))
			if atomic.CompareAndSwapUint32(q, old, nv) {
				return uint64(old)
			}
		}
	}
	q := (*uint64)(p)
	switch op {
	case AtomicGet:
		return atomic.LoadUint64(q)
	case AtomicSet:
		atomic.StoreUint64(q, a)
		return 0
	case AtomicSwap:
		return atomic.SwapUint64(q, a)
	case AtomicCAS:
		for {
			old := atomic.LoadUint64(q)
			if old != b {
				return old
			}
			if atomic.CompareAndSwapUint64(q, old, a) {
				return old
			}
		}
	case AtomicAdd:
		if kind != Float64 {
			return atomic.AddUint64(q, a) - a
		}
	case AtomicAnd:
		return atomic.AndUint64(q, a)
	case AtomicOr:
		return atomic.OrUint64(q, a)
	}
	for {
		old := atomic.LoadUint64(q)
		if atomic.CompareAndSwapUint64(q, old, combine(op, kind, old, a)) {
			return old
		}
	}
}

// combine computes the new value for the read-modify-write ops that need a
// compare-and-swap loop.
func combine(op AtomicOp, kind AtomicKind, old, a uint64) uint64 {
	switch kind {
	case Float32:
		x, y := math.Float32frombits(uint32(old)), math.Float32frombits(uint32(a))
		switch op {
		case AtomicAdd:
			x += y
		case AtomicMul:
			x *= y
		case AtomicMin:
			x = min(x, y)
		case AtomicMax:
			x = max(x, y)
		}
		return uint64(math.Float32bits(x))
	case Float64:
		x, y := math.Float64frombits(old), math.Float64frombits(a)
		switch op {
		case AtomicAdd:
			x += y
		case AtomicMul:
			x *= y
		case AtomicMin:
			x = min(x, y)
		case AtomicMax:
			x = max(x, y)
		}
		return math.Float64bits(x)
	}
	switch op {
	case AtomicXor:
		return old ^ a
	case AtomicMul:
		return old * a
	case AtomicMin, AtomicMax:
		less := old < a
		switch kind {
		case Int32:
			less = int32(old) < int32(a)
		case Uint32:
			less = uint32(old) < uint32(a)
		case Int64:
			less = int64(old) < int64(a)
		}
		if less == (op == AtomicMin) {
			return old
		}
		return a
	}
	panic(fmt.Sprintf("gasnet: atomic %s on %s", op, kind))
}
