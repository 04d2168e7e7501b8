package upc

import (
	"fmt"
	"math"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// atomicRef is the reference for one operation on numbers: the new value
// given the old one and the operands, computed plainly in T.
func atomicRef[T Number](op Op, old, a, b T) T {
	switch op {
	case OpGet:
		return old
	case OpSet:
		return a
	case OpCSwap:
		if old == a {
			return b
		}
		return old
	case OpAdd:
		return old + a
	case OpSub:
		return old - a
	case OpMult:
		return old * a
	case OpInc:
		return old + 1
	case OpDec:
		return old - 1
	case OpAnd:
		return T(uint64(old) & uint64(a))
	case OpOr:
		return T(uint64(old) | uint64(a))
	case OpXor:
		return T(uint64(old) ^ uint64(a))
	case OpMin:
		return min(old, a)
	case OpMax:
		return max(old, a)
	}
	panic(op)
}

var everyAtomicOp = []Op{OpGet, OpSet, OpCSwap, OpAdd, OpSub, OpMult, OpInc, OpDec, OpAnd, OpOr, OpXor, OpMin, OpMax}

// atomicCase applies every operation of typ, through AtomicC as
// generated code calls it, to a target on the next thread, and checks
// the fetched old value and the new value.
func atomicCase[T Number](t *testing.T, th *Thread, typ TypeCode) {
	P, me := th.Threads, th.MyThread
	ops := atomicOpsFor(typ)
	d := th.AllAtomicDomainAlloc(typ, ops, 0)
	slots := th.AllAlloc(uintptr(P), 64)
	// Each thread works on the next thread's slot: one writer per slot.
	target := SharedPtr{Thread: uint32((me + 1) % P), Addr: slots.Addr}
	types := AtomicTypes{typ, typ, typ, typ}
	for _, op := range everyAtomicOp {
		if op&ops == 0 {
			continue
		}
		for _, c := range []struct{ init, a, b T }{{5, 3, 9}, {3, 3, 9}, {0, 7, 1}, {T(onesOf[T]()), 2, 0}} {
			if isFloatType[T]() && c.init == onesOf[T]() {
				c.init = onesOf[T]() * 5 / 2 // -2.5
			}
			for _, strict := range []bool{false, true} {
				th.Barrier()
				Store(th, target, c.init)
				a, b, fetch := c.a, c.b, T(77)
				var pa, pb unsafe.Pointer
				if op != OpGet && op != OpInc && op != OpDec {
					pa = unsafe.Pointer(&a)
				}
				if op == OpCSwap {
					pb = unsafe.Pointer(&b)
				}
				th.AtomicC(d, unsafe.Pointer(&fetch), op, target, pa, pb, strict, types)
				name := fmt.Sprintf("%v %v init=%v a=%v b=%v strict=%v P=%d", typ, op, c.init, c.a, c.b, strict, P)
				require.Equal(t, c.init, fetch, "fetched "+name)
				require.Equal(t, atomicRef(op, c.init, c.a, c.b), Load[T](th, target), "new value "+name)
			}
		}
	}
	th.Barrier()
	th.AllAtomicDomainFree(d)
	th.AllFree(slots)
}

func TestAtomicEveryTypeAndOp(t *testing.T) {
	for _, P := range collThreads {
		collBoth(t, P, func(th *Thread) {
			atomicCase[int32](t, th, TypeInt)
			atomicCase[uint32](t, th, TypeUInt)
			atomicCase[int64](t, th, TypeLong)
			atomicCase[uint64](t, th, TypeULong)
			atomicCase[int64](t, th, TypeLLong)
			atomicCase[uint64](t, th, TypeULLong)
			atomicCase[int32](t, th, TypeInt32)
			atomicCase[uint32](t, th, TypeUInt32)
			atomicCase[int64](t, th, TypeInt64)
			atomicCase[uint64](t, th, TypeUInt64)
			atomicCase[float32](t, th, TypeFloat)
			atomicCase[float64](t, th, TypeDouble)
		})
	}
}

// Contended: every thread adds, increments and decrements one counter,
// and a compare-and-swap loop builds a second counter; none may lose an
// update.
func TestAtomicContention(t *testing.T) {
	const rounds = 300
	for _, P := range []int{2, 5, 8} {
		collBoth(t, P, func(th *Thread) {
			d := th.AllAtomicDomainAlloc(TypeInt64, OpAdd|OpInc|OpDec|OpCSwap|OpGet, 0)
			fd := th.AllAtomicDomainAlloc(TypeDouble, OpAdd|OpMax, 0)
			c := th.AllAlloc(1, 64)
			for range rounds {
				th.Atomic(d, OpAdd, c, 3, 0, false)
				th.Atomic(d, OpInc, c, 0, 0, true)
				th.Atomic(d, OpDec, c, 0, 0, false)
				th.Atomic(fd, OpAdd, c.Add(8, Indefinite(1), P), math.Float64bits(0.5), 0, false)
				th.Atomic(fd, OpMax, c.Add(16, Indefinite(1), P), math.Float64bits(float64(th.MyThread)), 0, false)
				for {
					old := th.Atomic(d, OpGet, c.Add(24, Indefinite(1), P), 0, 0, false)
					if th.Atomic(d, OpCSwap, c.Add(24, Indefinite(1), P), old, old+1, false) == old {
						break
					}
				}
			}
			th.Barrier()
			assert.Equal(t, int64(3*rounds*P), Load[int64](th, c))
			assert.Equal(t, 0.5*rounds*float64(P), Load[float64](th, c.Add(8, Indefinite(1), P)))
			assert.Equal(t, float64(P-1), Load[float64](th, c.Add(16, Indefinite(1), P)))
			assert.Equal(t, int64(rounds*P), Load[int64](th, c.Add(24, Indefinite(1), P)))
			th.Barrier()
			th.AllAtomicDomainFree(d)
			th.AllAtomicDomainFree(fd)
		})
	}
}

// Pointer-to-shared atomics: every thread tries to claim a slot by
// swapping in a pointer to itself; exactly one wins, and GET and SET see
// whole pointers.
func TestAtomicPTS(t *testing.T) {
	for _, P := range []int{1, 3, 8} {
		collBoth(t, P, func(th *Thread) {
			d := th.AllAtomicDomainAlloc(TypePTS, OpGet|OpSet|OpCSwap, 0)
			slot := th.AllAlloc(1, 16)
			me := SharedPtr{Thread: uint32(th.MyThread), Addr: 4096 + uintptr(th.MyThread), Phase: uint32(th.MyThread)}
			won := th.AtomicPTS(d, OpCSwap, slot, SharedPtr{}, me, false).IsNull()
			// Through the C entry point too: fetch the winner.
			var got SharedPtr
			th.AtomicC(d, unsafe.Pointer(&got), OpGet, slot, nil, nil, true, AtomicTypes{TypePTS, TypePTS, TypeUnknown, TypeUnknown})
			assert.Equal(t, won, got == me)
			assert.False(t, got.IsNull())
			wins := th.AllAlloc(uintptr(P), 8)
			if won {
				Store(th, SharedPtr{Thread: uint32(th.MyThread), Addr: wins.Addr}, int64(1))
			}
			th.Barrier()
			total := int64(0)
			for i := range P {
				total += Load[int64](th, SharedPtr{Thread: uint32(i), Addr: wins.Addr})
			}
			assert.Equal(t, int64(1), total, "exactly one compare-and-swap wins")
			th.Barrier()
			if th.MyThread == 0 {
				old := th.AtomicPTS(d, OpSet, slot, SharedPtr{Thread: 0, Addr: 8192}, SharedPtr{}, false)
				assert.Equal(t, got, old)
				assert.Equal(t, SharedPtr{Thread: 0, Addr: 8192}, th.AtomicPTS(d, OpGet, slot, SharedPtr{}, SharedPtr{}, false))
			}
			th.Barrier()
			th.AllAtomicDomainFree(d)
		})
	}
}

func TestAtomicIsFast(t *testing.T) {
	collBoth(t, 2, func(th *Thread) {
		p := SharedPtr{Thread: 1, Addr: headerSize}
		assert.Equal(t, int32(1), th.AtomicIsFast(TypeInt64, OpAdd|OpCSwap, p))
		assert.Equal(t, int32(1), th.AtomicIsFast(TypeDouble, OpAdd|OpMin, p))
		assert.Equal(t, int32(0), th.AtomicIsFast(TypeDouble, OpXor, p), "not defined")
		assert.Equal(t, int32(0), th.AtomicIsFast(TypePTS, OpGet, p), "takes a lock")
		assert.Equal(t, int32(0), th.AtomicIsFast(TypeChar, OpGet, p), "not an atomic type")
	})
}

func TestAtomicErrors(t *testing.T) {
	var one int64 = 1
	for _, tc := range []struct {
		name string
		body func(th *Thread, d AtomicDomain, a SharedPtr)
		want string
	}{
		{"op not in domain", func(th *Thread, d AtomicDomain, a SharedPtr) { th.Atomic(d, OpMult, a, 2, 0, false) },
			"upc_atomic_relaxed: UPC_MULT is not an operation of this domain (created for UPC_ADD | UPC_GET | UPC_CSWAP on UPC_INT64)"},
		{"two ops at once", func(th *Thread, d AtomicDomain, a SharedPtr) { th.Atomic(d, OpAdd|OpGet, a, 2, 0, true) },
			"upc_atomic_strict: 0x201 is not one atomic operation"},
		{"target type", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.AtomicC(d, nil, OpAdd, a, unsafe.Pointer(&one), nil, false, AtomicTypes{TypeInt, TypeUnknown, TypeUnknown, TypeUnknown})
		}, "upc_atomic_relaxed: the target points to UPC_INT, but the domain is for UPC_INT64"},
		{"operand type", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.AtomicC(d, nil, OpAdd, a, unsafe.Pointer(&one), nil, false, AtomicTypes{TypeLong, TypeUnknown, TypeDouble, TypeUnknown})
		}, "operand1 points to UPC_DOUBLE, but the domain is for UPC_INT64"},
		{"struct fetch", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.AtomicC(d, unsafe.Pointer(&one), OpGet, a, nil, nil, false, AtomicTypes{TypeUnknown, TypeNotAtomic, TypeUnknown, TypeUnknown})
		}, "fetch_ptr points to a type that is not atomic"},
		{"null operand", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.AtomicC(d, nil, OpAdd, a, nil, nil, false, NoAtomicTypes)
		}, "UPC_ADD needs operand1, which is NULL"},
		{"null cswap operand", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.AtomicC(d, nil, OpCSwap, a, unsafe.Pointer(&one), nil, false, NoAtomicTypes)
		}, "UPC_CSWAP needs operand2"},
		{"misaligned", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.Atomic(d, OpAdd, a.Add(4, Indefinite(1), 2), 1, 0, false)
		},
			"is not aligned to its 8-byte type"},
		{"null target", func(th *Thread, d AtomicDomain, a SharedPtr) { th.Atomic(d, OpAdd, SharedPtr{}, 1, 0, false) },
			"the target is a null pointer-to-shared"},
		{"not a domain", func(th *Thread, d AtomicDomain, a SharedPtr) { th.Atomic(a, OpAdd, a, 1, 0, false) },
			"is not an atomic domain"},
		{"freed", func(th *Thread, d AtomicDomain, a SharedPtr) {
			th.AllAtomicDomainFree(d)
			th.Atomic(d, OpAdd, a, 1, 0, false)
		}, "is not an atomic domain (or it has been freed)"},
		{"and on double", func(th *Thread, d AtomicDomain, a SharedPtr) { th.AllAtomicDomainAlloc(TypeDouble, OpAdd|OpAnd, 0) },
			"upc_all_atomicdomain_alloc: UPC_AND not defined on UPC_DOUBLE"},
		{"char domain", func(th *Thread, d AtomicDomain, a SharedPtr) { th.AllAtomicDomainAlloc(TypeChar, OpGet, 0) },
			"upc_all_atomicdomain_alloc: UPC_CHAR is not an atomic type"},
		{"reduction op", func(th *Thread, d AtomicDomain, a SharedPtr) { th.AllAtomicDomainAlloc(TypeInt, OpLogAnd, 0) },
			"is not a set of atomic operations"},
		{"pts arithmetic", func(th *Thread, d AtomicDomain, a SharedPtr) { th.AllAtomicDomainAlloc(TypePTS, OpAdd, 0) },
			"UPC_ADD not defined on UPC_PTS"},
	} {
		for _, procs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/procs=%d", tc.name, procs), func(t *testing.T) {
				_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
					d := th.AllAtomicDomainAlloc(TypeInt64, OpAdd|OpGet|OpCSwap, 0)
					a := th.AllAlloc(2, 64)
					tc.body(th, d, SharedPtr{Thread: 1, Addr: a.Addr})
					return 0
				})
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
			})
		}
	}
}
