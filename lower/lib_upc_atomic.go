package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// The atomics of upc_atomic.h, UPC 1.3's and Berkeley UPC's bupc_atomic*
// functions, lowered to runtime/upc.

// upcAtomicLib is upc_atomic.h.
var upcAtomicLib = library{header: "upc_atomic.h", lowered: atomicLowerings()}

// atomicLowerings are the atomics, by name.
func atomicLowerings() map[string]*builtinFunc {
	m := map[string]*builtinFunc{
		"upc_all_atomicdomain_alloc": {lower: func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
			op := tr.opArg(args[1].code, raw[1], opsAtomic, true, pos, "upc_all_atomicdomain_alloc")
			return callf("t.AllAtomicDomainAlloc(upc.TypeCode(%s), %s, %s)", args[0], op, args[2]), nil
		}},
		"upc_all_atomicdomain_free": simple("t.AllAtomicDomainFree(%s)", ctype.VoidType),
		"upc_atomic_strict":         {lower: atomicLowering(true)},
		"upc_atomic_relaxed":        {lower: atomicLowering(false)},
		"upc_atomic_isfast": {lower: func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
			op := tr.opArg(args[1].code, raw[1], opsAtomic, true, pos, "upc_atomic_isfast")
			return callf("t.AtomicIsFast(upc.TypeCode(%s), %s, %s)", args[0], op, args[2]), ctype.IntType
		}},
	}
	for _, name := range bupcAtomicNames() {
		m[name] = &builtinFunc{lower: bupcLowering(name)}
	}
	return m
}

// atomicTypeCode names the upc.TypeCode of a pointer's target type, for
// the runtime's check against the domain: void says nothing, and a type
// that has no upc_type_t is one no domain accepts.
func atomicTypeCode(p *ctype.Type) string {
	if p.Kind != ctype.Ptr {
		return "upc.TypeUnknown"
	}
	switch e := p.Elem; e.Kind {
	case ctype.Void:
		return "upc.TypeUnknown"
	case ctype.Int, ctype.Enum:
		return "upc.TypeInt"
	case ctype.UInt:
		return "upc.TypeUInt"
	case ctype.Long:
		return "upc.TypeLong"
	case ctype.ULong:
		return "upc.TypeULong"
	case ctype.LLong:
		return "upc.TypeLLong"
	case ctype.ULLong:
		return "upc.TypeULLong"
	case ctype.Float:
		return "upc.TypeFloat"
	case ctype.Double:
		return "upc.TypeDouble"
	case ctype.Ptr:
		if e.Elem.Shared {
			return "upc.TypePTS"
		}
	}
	return "upc.TypeNotAtomic"
}

// atomicLowering lowers upc_atomic_strict and upc_atomic_relaxed. The
// pointer arguments are converted to void pointers by then; their types
// before the conversion go to the runtime, which checks them against the
// domain's type.
func atomicLowering(strict bool) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	name := "upc_atomic_relaxed"
	if strict {
		name = "upc_atomic_strict"
	}
	return func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
		types := fmt.Sprintf("upc.AtomicTypes{Target: %s, Fetch: %s, Operand1: %s, Operand2: %s}",
			atomicTypeCode(raw[3].t), atomicTypeCode(raw[1].t), atomicTypeCode(raw[4].t), atomicTypeCode(raw[5].t))
		private := func(code string) string { return "unsafe.Pointer(cmem.Ptr[byte](" + code + "))" }
		return callf("t.AtomicC(%s, %s, %s, %s, %s, %s, %t, %s)",
			args[0], private(args[1].code), tr.opArg(args[2].code, raw[2], opsAtomic, false, pos, name), args[3], private(args[4].code), private(args[5].code), strict, types), ctype.VoidType
	}
}

// bupcType is the X of Berkeley UPC's bupc_atomicX_OP_MODE: its
// upc_type_t and C type.
var bupcTypes = []struct {
	x    string
	code string
	c    *ctype.Type
}{
	{"I64", "upc.TypeInt64", ctype.LongType}, {"U64", "upc.TypeUInt64", ctype.ULongType}, {"I32", "upc.TypeInt32", ctype.IntType}, {"U32", "upc.TypeUInt32", ctype.UIntType},
	{"I", "upc.TypeInt", ctype.IntType}, {"UI", "upc.TypeUInt", ctype.UIntType}, {"L", "upc.TypeLong", ctype.LongType}, {"UL", "upc.TypeULong", ctype.ULongType},
}

// bupcOps are the OP of bupc_atomicX_OP_MODE: the UPC 1.3 operation, and
// whether the function returns the old value. swap is a set that returns
// it, fetchnot an exclusive or with all ones.
var bupcOps = []struct {
	op, upcOp string
	fetches   bool
}{
	{"read", "upc.OpGet", true}, {"set", "upc.OpSet", false}, {"swap", "upc.OpSet", true},
	{"cswap", "upc.OpCSwap", true}, {"fetchadd", "upc.OpAdd", true}, {"fetchand", "upc.OpAnd", true},
	{"fetchor", "upc.OpOr", true}, {"fetchxor", "upc.OpXor", true}, {"fetchnot", "upc.OpXor", true},
}

func bupcAtomicNames() []string {
	var names []string
	for _, x := range bupcTypes {
		for _, op := range bupcOps {
			for _, mode := range []string{"strict", "relaxed"} {
				names = append(names, "bupc_atomic"+x.x+"_"+op.op+"_"+mode)
			}
		}
	}
	return names
}

// bupcLowering lowers one bupc_atomic* function to upc.Thread.AtomicBits:
// the operands go as the bits of their values and the old value comes
// back as bits, converted to the function's type.
func bupcLowering(name string) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	rest := strings.TrimPrefix(name, "bupc_atomic")
	x, rest, _ := strings.Cut(rest, "_")
	opName := rest[:strings.LastIndexByte(rest, '_')]
	strict := strings.HasSuffix(rest, "_strict")
	var typ string
	var ct *ctype.Type
	for _, b := range bupcTypes {
		if b.x == x {
			typ, ct = b.code, b.c
		}
	}
	var upcOp string
	var fetches bool
	for _, o := range bupcOps {
		if o.op == opName {
			upcOp, fetches = o.upcOp, o.fetches
		}
	}
	// The operand's Go type is named: an int constant is untyped in Go,
	// and would otherwise be inferred as int.
	bits := func(v string) string { return "upc.AtomicOperand[" + goType(ct) + "](" + v + ")" }
	return func(_ *translator, args []goExpr, _ []operand, _ token.Pos) (goExpr, *ctype.Type) {
		a, b := "0", "0"
		switch opName {
		case "read":
		case "cswap":
			a, b = bits(args[1].code), bits(args[2].code)
		case "fetchnot":
			a = "^uint64(0)"
		default:
			a = bits(args[1].code)
		}
		code := callf("t.AtomicBits(%s, %s, %s, %s, %s, %s, %t)", strconv.Quote(name), typ, upcOp, args[0], a, b, strict)
		if !fetches {
			return code, ctype.VoidType
		}
		// The bits of a 32-bit value are its low half.
		if ct.Size() == 4 {
			code = primaryf("%s(uint32(%s))", goType(ct), code)
		} else {
			code = primaryf("%s(%s)", goType(ct), code)
		}
		return code, ct
	}
}
