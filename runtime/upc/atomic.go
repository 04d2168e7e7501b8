package upc

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// UPC 1.3 atomics (upc_atomic.h) on gasnet's remote atomics, and Berkeley
// UPC's bupc_atomic* functions on the same code.
//
// A domain fixes one type and a set of operations. Every operation is
// checked against its domain, and against the element types the compiler
// saw behind the pointers (AtomicTypes): an operation the domain was not
// created for, or a target of another type, is an error naming both,
// rather than the silent corruption other implementations are known for.

// AtomicDomain is a upc_atomicdomain_t *: a pointer to the domain's
// descriptor. Every thread holds a copy of the descriptor at the same
// address of its own segment, so checking a domain is a local load.
type AtomicDomain = SharedPtr

// domainDesc is a domain's descriptor, in shared memory.
type domainDesc struct {
	magic uint32
	typ   TypeCode
	ops   Op
	hints int32
}

const domainMagic = 0x75706164 // "upad"

// atomicOps are the operations upc_atomic.h knows.
const atomicOps = OpGet | OpSet | OpCSwap | OpAdd | OpSub | OpMult | OpInc | OpDec | OpAnd | OpOr | OpXor | OpMin | OpMax

// UPC 1.3 §7.4.2 (optional library): the access operations apply to
// every atomic type, the numeric ones to the integer and floating types,
// the bit-wise ones to the integer types.
const (
	accessOps  = OpGet | OpSet | OpCSwap
	numericOps = OpAdd | OpSub | OpMult | OpInc | OpDec | OpMin | OpMax
	bitwiseOps = OpAnd | OpOr | OpXor
)

// AtomicTypes are the element types a compiler saw behind an atomic
// call's pointers (the target and the private fetch and operand
// pointers), for checking against the domain: TypeUnknown for void
// pointers (nothing to check), TypeNotAtomic for any type that is not an
// atomic type (a struct, a char, ...).
type AtomicTypes struct {
	Target, Fetch, Operand1, Operand2 TypeCode
}

const (
	TypeUnknown   TypeCode = -1
	TypeNotAtomic TypeCode = -2
)

// NoAtomicTypes checks nothing beyond the domain (Go callers).
var NoAtomicTypes = AtomicTypes{TypeUnknown, TypeUnknown, TypeUnknown, TypeUnknown}

// atomicRep is how a type is held: gasnet's kind (for numbers) and size.
type atomicRep struct {
	kind gasnet.AtomicKind
	size uintptr
	pts  bool
	ok   bool
}

func atomicRepOf(c TypeCode) atomicRep {
	switch c {
	case TypeInt, TypeInt32:
		return atomicRep{gasnet.Int32, 4, false, true}
	case TypeUInt, TypeUInt32:
		return atomicRep{gasnet.Uint32, 4, false, true}
	case TypeLong, TypeLLong, TypeInt64:
		return atomicRep{gasnet.Int64, 8, false, true}
	case TypeULong, TypeULLong, TypeUInt64:
		return atomicRep{gasnet.Uint64, 8, false, true}
	case TypeFloat:
		return atomicRep{gasnet.Float32, 4, false, true}
	case TypeDouble:
		return atomicRep{gasnet.Float64, 8, false, true}
	case TypePTS:
		return atomicRep{size: unsafe.Sizeof(SharedPtr{}), pts: true, ok: true}
	}
	return atomicRep{}
}

// atomicOpsFor is the set of operations defined on type c.
func atomicOpsFor(c TypeCode) Op {
	r := atomicRepOf(c)
	switch {
	case !r.ok:
		return 0
	case r.pts:
		return accessOps
	case r.kind == gasnet.Float32 || r.kind == gasnet.Float64:
		return accessOps | numericOps
	}
	return accessOps | numericOps | bitwiseOps
}

// atomicOpList spells a set of operations, "UPC_ADD | UPC_INC".
func atomicOpList(ops Op) string {
	var names []string
	for b := ops; b != 0; b &= b - 1 {
		names = append(names, (b & -b).String())
	}
	if len(names) == 0 {
		return "no operations"
	}
	return strings.Join(names, " | ")
}

// AllAtomicDomainAlloc is upc_all_atomicdomain_alloc: a collective call
// returning the same domain on every thread, for operations ops (a
// bitwise or) on type typ. hints (UPC_ATOMIC_HINT_*) change nothing:
// every operation is a single atomic at the target already.
func (t *Thread) AllAtomicDomainAlloc(typ TypeCode, ops Op, hints int32) AtomicDomain {
	const name = "upc_all_atomicdomain_alloc"
	if !atomicRepOf(typ).ok {
		panic(fmt.Sprintf("%s: %v is not an atomic type (UPC_INT, UPC_UINT, UPC_LONG, UPC_ULONG, UPC_LLONG, UPC_ULLONG, UPC_INT32, UPC_UINT32, UPC_INT64, UPC_UINT64, UPC_FLOAT, UPC_DOUBLE, UPC_PTS)", name, typ))
	}
	if bad := ops &^ atomicOps; bad != 0 {
		panic(fmt.Sprintf("%s: %#x is not a set of atomic operations", name, uint32(bad)))
	}
	if ops == 0 {
		panic(fmt.Sprintf("%s: the domain needs at least one operation", name))
	}
	if bad := ops &^ atomicOpsFor(typ); bad != 0 {
		panic(fmt.Sprintf("%s: %s not defined on %v", name, atomicOpList(bad), typ))
	}
	d := t.allAlloc(name, []CollArg{{"type", uint64(typ)}, {"ops", uint64(ops)}}, uintptr(t.Threads), unsafe.Sizeof(domainDesc{}))
	*(*domainDesc)(unsafe.Add(t.local, d.Addr)) = domainDesc{domainMagic, typ, ops, hints}
	return d
}

// AllAtomicDomainFree is upc_all_atomicdomain_free (collective).
func (t *Thread) AllAtomicDomainFree(d AtomicDomain) {
	desc := t.domain("upc_all_atomicdomain_free", d)
	desc.magic = 0
	t.AllFree(d)
}

// domain finds and checks the calling thread's copy of d's descriptor.
func (t *Thread) domain(name string, d AtomicDomain) *domainDesc {
	if d.IsNull() {
		panic(name + ": the atomic domain is a null pointer")
	}
	if d.Addr < headerSize || d.Addr > t.segSize-unsafe.Sizeof(domainDesc{}) || d.Addr%8 != 0 {
		panic(fmt.Sprintf("%s: %v is not an atomic domain", name, d))
	}
	desc := (*domainDesc)(unsafe.Add(t.local, d.Addr))
	if desc.magic != domainMagic {
		panic(fmt.Sprintf("%s: %v is not an atomic domain (or it has been freed)", name, d))
	}
	return desc
}

// AtomicIsFast is upc_atomic_isfast: 1 if every operation of ops on typ
// is a hardware atomic at the target (all numeric types here), 0 if not:
// UPC_PTS operations take a lock, and combinations that are not defined
// are not fast either.
func (t *Thread) AtomicIsFast(typ TypeCode, ops Op, addr SharedPtr) int32 {
	r := atomicRepOf(typ)
	if !r.ok || r.pts || ops&^atomicOpsFor(typ) != 0 {
		return 0
	}
	return 1
}

// AtomicC is upc_atomic_strict (strict) and upc_atomic_relaxed as C
// calls them: op on target within domain d; fetch, operand1 and operand2
// point to private memory (nil for NULL). types are what the pointers
// point to as the compiler saw it.
func (t *Thread) AtomicC(d AtomicDomain, fetch unsafe.Pointer, op Op, target SharedPtr, operand1, operand2 unsafe.Pointer, strict bool, types AtomicTypes) {
	name := "upc_atomic_relaxed"
	if strict {
		name = "upc_atomic_strict"
	}
	desc := t.domain(name, d)
	t.checkAtomicOp(name, desc, op)
	for _, p := range []struct {
		what string
		c    TypeCode
	}{{"the target", types.Target}, {"fetch_ptr", types.Fetch}, {"operand1", types.Operand1}, {"operand2", types.Operand2}} {
		if p.c == TypeUnknown {
			continue
		}
		if r, want := atomicRepOf(p.c), atomicRepOf(desc.typ); !r.ok || r != want {
			what := "a type that is not atomic"
			if r.ok {
				what = p.c.String()
			}
			panic(fmt.Sprintf("%s: %s points to %s, but the domain is for %v", name, p.what, what, desc.typ))
		}
	}
	needs1 := op != OpGet && op != OpInc && op != OpDec
	if needs1 && operand1 == nil {
		panic(fmt.Sprintf("%s: %v needs operand1, which is NULL", name, op))
	}
	if op == OpCSwap && operand2 == nil {
		panic(fmt.Sprintf("%s: UPC_CSWAP needs operand2, which is NULL", name))
	}
	r := atomicRepOf(desc.typ)
	if r.pts {
		var a, b SharedPtr
		if operand1 != nil && needs1 {
			a = *(*SharedPtr)(operand1)
		}
		if op == OpCSwap {
			b = *(*SharedPtr)(operand2)
		}
		old := t.ptsAtomic(name, op, target, a, b, strict)
		if fetch != nil {
			*(*SharedPtr)(fetch) = old
		}
		return
	}
	var a, b uint64
	if operand1 != nil && needs1 {
		a = atomicLoadBits(operand1, r.size)
	}
	if op == OpCSwap {
		b = atomicLoadBits(operand2, r.size)
	}
	old := t.atomicRaw(name, desc.typ, op, target, a, b, strict)
	if fetch != nil {
		if r.size == 4 {
			*(*uint32)(fetch) = uint32(old)
		} else {
			*(*uint64)(fetch) = old
		}
	}
}

func atomicLoadBits(p unsafe.Pointer, size uintptr) uint64 {
	if size == 4 {
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

func (t *Thread) checkAtomicOp(name string, desc *domainDesc, op Op) {
	if op == 0 || op&(op-1) != 0 || op&^atomicOps != 0 {
		panic(fmt.Sprintf("%s: %#x is not one atomic operation", name, uint32(op)))
	}
	if op&desc.ops == 0 {
		panic(fmt.Sprintf("%s: %v is not an operation of this domain (created for %s on %v)", name, op, atomicOpList(desc.ops), desc.typ))
	}
}

// Atomic is upc_atomic_strict or upc_atomic_relaxed for Go callers, on a
// domain of a numeric type: operand1 and operand2 and the result are the
// bits of values of the domain's type (for UPC_CSWAP, operand1 is the
// expected value and operand2 the new one). It returns the old value.
func (t *Thread) Atomic(d AtomicDomain, op Op, target SharedPtr, operand1, operand2 uint64, strict bool) uint64 {
	name := "upc_atomic_relaxed"
	if strict {
		name = "upc_atomic_strict"
	}
	desc := t.domain(name, d)
	t.checkAtomicOp(name, desc, op)
	if atomicRepOf(desc.typ).pts {
		panic(name + ": a UPC_PTS domain takes pointers-to-shared (AtomicPTS)")
	}
	return t.atomicRaw(name, desc.typ, op, target, operand1, operand2, strict)
}

// AtomicPTS is Atomic on a UPC_PTS domain.
func (t *Thread) AtomicPTS(d AtomicDomain, op Op, target, operand1, operand2 SharedPtr, strict bool) SharedPtr {
	name := "upc_atomic_relaxed"
	if strict {
		name = "upc_atomic_strict"
	}
	desc := t.domain(name, d)
	t.checkAtomicOp(name, desc, op)
	if !atomicRepOf(desc.typ).pts {
		panic(fmt.Sprintf("%s: the domain is for %v, not UPC_PTS", name, desc.typ))
	}
	return t.ptsAtomic(name, op, target, operand1, operand2, strict)
}

// AtomicBits is an atomic operation without a domain: Berkeley UPC's
// bupc_atomic* functions, which name their type themselves. name is the
// function, for messages.
func (t *Thread) AtomicBits(name string, typ TypeCode, op Op, target SharedPtr, operand1, operand2 uint64, strict bool) uint64 {
	return t.atomicRaw(name, typ, op, target, operand1, operand2, strict)
}

// AtomicOperand is the bits of an integer operand for AtomicBits (a
// function, so that a negative constant converts as a value does).
func AtomicOperand[T ~int32 | ~uint32 | ~int64 | ~uint64](v T) uint64 { return uint64(v) }

// atomicCheckTarget validates an atomic's target of size bytes.
func (t *Thread) atomicCheckTarget(name string, target SharedPtr, size uintptr) {
	if target.IsNull() {
		panic(name + ": the target is a null pointer-to-shared")
	}
	t.checkThread(target, name)
	if target.Addr%size != 0 {
		panic(fmt.Sprintf("%s: the target %v is not aligned to its %d-byte type", name, target, size))
	}
	if target.Addr < headerSize || target.Addr > t.segSize-size {
		panic(fmt.Sprintf("%s: the target %v lies outside thread %d's shared segment", name, target, target.Thread))
	}
}

// atomicRaw performs a checked operation on a numeric type; a and b as
// in Atomic.
func (t *Thread) atomicRaw(name string, typ TypeCode, op Op, target SharedPtr, a, b uint64, strict bool) uint64 {
	r := atomicRepOf(typ)
	t.atomicCheckTarget(name, target, r.size)
	if strict {
		t.Fence()
	}
	th, ep := int(target.Thread), t.ep
	var old uint64
	switch op {
	case OpGet:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicGet, r.kind, 0, 0)
	case OpSet:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicSwap, r.kind, a, 0)
	case OpCSwap:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicCAS, r.kind, b, a)
	case OpAdd:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicAdd, r.kind, a, 0)
	case OpSub:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicAdd, r.kind, negBits(r.kind, a), 0)
	case OpInc:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicAdd, r.kind, oneBits(r.kind), 0)
	case OpDec:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicAdd, r.kind, negBits(r.kind, oneBits(r.kind)), 0)
	case OpMult:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicMul, r.kind, a, 0)
	case OpAnd:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicAnd, r.kind, a, 0)
	case OpOr:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicOr, r.kind, a, 0)
	case OpXor:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicXor, r.kind, a, 0)
	case OpMin:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicMin, r.kind, a, 0)
	case OpMax:
		old = ep.Atomic(th, target.Addr, gasnet.AtomicMax, r.kind, a, 0)
	default:
		panic(fmt.Sprintf("%s: %v is not an atomic operation", name, op))
	}
	if strict {
		t.Fence()
	}
	return old
}

// negBits is -x in kind's representation: two's complement for the
// integers (gasnet uses the low bits), the sign flipped for the floating
// types (x - y is x + -y in IEEE arithmetic, signed zeros included).
func negBits(k gasnet.AtomicKind, x uint64) uint64 {
	switch k {
	case gasnet.Float32:
		return x ^ 1<<31
	case gasnet.Float64:
		return x ^ 1<<63
	}
	return -x
}

func oneBits(k gasnet.AtomicKind) uint64 {
	switch k {
	case gasnet.Float32:
		return uint64(math.Float32bits(1))
	case gasnet.Float64:
		return math.Float64bits(1)
	}
	return 1
}

// Pointers-to-shared are 16 bytes, wider than any hardware atomic the
// runtime may assume, so their operations take one of a set of locks in
// the target's process: directly when the target lives in this process,
// by a message to it otherwise (another process may address the memory,
// but only the owner's process holds the locks).

var ptsLocks [64]sync.Mutex

func ptsLock(th int, addr uintptr) *sync.Mutex {
	return &ptsLocks[(uint(th)*0x9E3779B1^uint(addr>>4))%uint(len(ptsLocks))]
}

var hPTSAtomic = gasnet.RegisterHandler("upc-pts-atomic", amPTSAtomic)

func (t *Thread) ptsAtomic(name string, op Op, target, a, b SharedPtr, strict bool) SharedPtr {
	t.atomicCheckTarget(name, target, 8)
	if target.Addr > t.segSize-unsafe.Sizeof(SharedPtr{}) {
		panic(fmt.Sprintf("%s: the target %v lies outside thread %d's shared segment", name, target, target.Thread))
	}
	if strict {
		t.Fence()
	}
	var old SharedPtr
	th := int(target.Thread)
	if t.prof != nil {
		t.prof.Count(gasnet.AccessAtomic, th, unsafe.Sizeof(SharedPtr{}))
	}
	if t.job.gj.IsLocal(th) && t.segs[th] != nil {
		old = applyPTS((*SharedPtr)(unsafe.Add(t.segs[th], target.Addr)), ptsLock(th, target.Addr), op, a, b)
	} else {
		r, _ := t.ep.Call(th, hPTSAtomic, []uint64{uint64(target.Addr), uint64(op), uint64(a.Addr), ptsWord(a), uint64(b.Addr), ptsWord(b)}, nil)
		old = SharedPtr{Addr: uintptr(r[0]), Thread: uint32(r[1]), Phase: uint32(r[1] >> 32)}
	}
	if strict {
		t.Fence()
	}
	return old
}

func ptsWord(p SharedPtr) uint64 { return uint64(p.Thread) | uint64(p.Phase)<<32 }

func amPTSAtomic(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	addr := uintptr(a[0])
	x := SharedPtr{Addr: uintptr(a[2]), Thread: uint32(a[3]), Phase: uint32(a[3] >> 32)}
	y := SharedPtr{Addr: uintptr(a[4]), Thread: uint32(a[5]), Phase: uint32(a[5] >> 32)}
	old := applyPTS((*SharedPtr)(unsafe.Add(tok.Segment(), addr)), ptsLock(tok.Dst(), addr), Op(a[1]), x, y)
	tok.Job().Return(tok.Dst(), ref, []uint64{uint64(old.Addr), ptsWord(old)}, nil)
}

// applyPTS runs an access operation on the pointer at p under lock.
func applyPTS(p *SharedPtr, lock *sync.Mutex, op Op, a, b SharedPtr) SharedPtr {
	lock.Lock()
	defer lock.Unlock()
	old := *p
	switch op {
	case OpSet:
		*p = a
	case OpCSwap:
		if old == a {
			*p = b
		}
	}
	return old
}
