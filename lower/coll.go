package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/parser/token"
)

// The collectives (upc_collective.h: the UPC 1.3 ones and the one-sided
// ones with their _async and _subset forms) and the atomics (upc_atomic.h,
// with Berkeley UPC's bupc_atomic* functions), lowered to runtime/upc.

func init() {
	for _, name := range []string{"broadcast", "scatter", "gather", "gather_all", "exchange"} {
		method := "All" + goCamel(name)
		builtins["upc_all_"+name] = simple("t."+method+"(%s, %s, uintptr(%s), upc.Flag(%s))", tVoid)
	}
	builtins["upc_all_permute"] = simple("t.AllPermute(%s, %s, %s, uintptr(%s), upc.Flag(%s))", tVoid)
	for _, r := range reduceTypes {
		builtins["upc_all_reduce"+r.suffix] = &builtinFunc{lower: reduceLowering("upc_all_reduce"+r.suffix, "Reduce", r)}
		builtins["upc_all_prefix_reduce"+r.suffix] = &builtinFunc{lower: reduceLowering("upc_all_prefix_reduce"+r.suffix, "PrefixReduce", r)}
	}
	for _, o := range oneSidedKinds {
		for _, subset := range []bool{false, true} {
			for _, async := range []bool{false, true} {
				name := oneSidedName(o.name, subset, async)
				builtins[name] = &builtinFunc{lower: oneSidedLowering(name, o.kind, o.computational, subset, async)}
			}
		}
	}
	builtins["upc_all_atomicdomain_alloc"] = &builtinFunc{lower: func(tr *translator, args []string, raw []operand, pos token.Pos) (string, *Type) {
		op := tr.opArg(args[1], raw[1], opsAtomic, true, pos, "upc_all_atomicdomain_alloc")
		return fmt.Sprintf("t.AllAtomicDomainAlloc(upc.TypeCode(%s), %s, %s)", args[0], op, args[2]), nil
	}}
	builtins["upc_all_atomicdomain_free"] = simple("t.AllAtomicDomainFree(%s)", tVoid)
	builtins["upc_atomic_strict"] = &builtinFunc{lower: atomicLowering(true)}
	builtins["upc_atomic_relaxed"] = &builtinFunc{lower: atomicLowering(false)}
	builtins["upc_atomic_isfast"] = &builtinFunc{lower: func(tr *translator, args []string, raw []operand, pos token.Pos) (string, *Type) {
		op := tr.opArg(args[1], raw[1], opsAtomic, true, pos, "upc_atomic_isfast")
		return fmt.Sprintf("t.AtomicIsFast(upc.TypeCode(%s), %s, %s)", args[0], op, args[2]), tInt
	}}
	for _, name := range bupcAtomicNames() {
		builtins[name] = &builtinFunc{lower: bupcLowering(name)}
	}
}

// The upc_op_t operations each function takes (upc_types.h and
// upc_atomic.h define the bits; libc_test pins the headers' values).
const (
	opsOneSided = 0x1ff                        // UPC_ADD ... UPC_MAX
	opsReduce   = opsOneSided | 1<<16 | 1<<17  // and UPC_FUNC, UPC_NONCOMM_FUNC
	opsAtomic   = 0x1f | 1<<7 | 1<<8 | 0x3f<<9 // UPC_ADD ... UPC_XOR, UPC_MIN, UPC_MAX, UPC_GET ... UPC_DEC
)

// opArg is the Go code of a upc_op_t argument. A constant that is not one
// of the operations valid has (or, with set, a non-empty set of them) is
// an error here, at the call: Go would reject a negative one as a constant
// overflowing upc.Op (issue 12), and no run could accept any of them. The
// runtime checks the rest, and values computed at run time.
func (tr *translator) opArg(code string, o operand, valid int64, set bool, pos token.Pos, fn string) string {
	if o.c != nil && !o.c.isFloat() {
		v := o.c.i
		if v <= 0 || v&^valid != 0 || !set && v&(v-1) != 0 {
			what := "an operation it takes"
			if set {
				what = "a set of operations it takes"
			}
			tr.errorf(pos, "%s: upc_op_t %d is not %s", fn, v, what)
			return "upc.Op(0)"
		}
	}
	return "upc.Op(" + code + ")"
}

// goCamel turns "gather_all" into "GatherAll".
func goCamel(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "_") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// reduceType is one of the eleven upc_all_reduceT element types.
type reduceType struct {
	suffix string
	c      *Type
	// goFunc is the runtime entry point's suffix: a generic instance for
	// the ten that are Go numbers, LongDouble for the float64 that long
	// double is, held in 16 bytes.
	generic string
}

var reduceTypes = []reduceType{
	{"C", tSChar, "[int8]"}, {"UC", tUChar, "[uint8]"}, {"S", tShort, "[int16]"}, {"US", tUShort, "[uint16]"},
	{"I", tInt, "[int32]"}, {"UI", tUInt, "[uint32]"}, {"L", tLong, "[int64]"}, {"UL", tULong, "[uint64]"},
	{"F", tFloat, "[float32]"}, {"D", tDouble, "[float64]"}, {"LD", tLDouble, "LongDouble"},
}

// reduceLowering lowers upc_all_reduceT and upc_all_prefix_reduceT. The
// C function pointer (UPC_FUNC's operator) becomes a Go closure that
// calls through the program's function table, as qsort's comparator does;
// a null pointer constant becomes nil.
func reduceLowering(name, which string, r reduceType) func(*translator, []string, []operand, token.Pos) (string, *Type) {
	return func(tr *translator, args []string, raw []operand, pos token.Pos) (string, *Type) {
		entry := "upc.All" + which + r.generic
		if r.generic == "LongDouble" {
			entry = "upc.All" + which + "LongDouble"
		}
		fn := "nil"
		if !raw[5].null {
			goT := r.c.goType()
			ft := pointerTo(&Type{Kind: Func, Fn: &FuncSig{Result: r.c, Params: []*Type{r.c, r.c}}})
			call := tr.callPointer(operand{kind: rvalue, t: ft, code: args[5]}, []string{"a", "b"}, pos)
			fn = fmt.Sprintf("func(a, b %s) %s { return %s }", goT, goT, call)
		}
		op := tr.opArg(args[2], raw[2], opsReduce, false, pos, name)
		return fmt.Sprintf("%s(t.Thread, %s, %s, %s, uintptr(%s), uintptr(%s), %s, upc.Flag(%s))",
			entry, args[0], args[1], op, args[3], args[4], fn, args[6]), tVoid
	}
}

var oneSidedKinds = []struct {
	name          string
	kind          string
	computational bool
}{
	{"upc_broadcast", "upc.OSBroadcast", false},
	{"upc_scatter", "upc.OSScatter", false},
	{"upc_gather", "upc.OSGather", false},
	{"upc_exchange", "upc.OSExchange", false},
	{"upc_reduce", "upc.OSReduce", true},
	{"upc_prefix_reduce", "upc.OSPrefixReduce", true},
	{"upc_xprefix_reduce", "upc.OSXPrefixReduce", true},
}

func oneSidedName(base string, subset, async bool) string {
	if subset {
		base += "_subset"
	}
	if async {
		base += "_async"
	}
	return base
}

// oneSidedLowering lowers a one-sided collective to a upc.OneSided call;
// the _subset forms pass their list of threads from C memory.
func oneSidedLowering(name, kind string, computational, subset, async bool) func(*translator, []string, []operand, token.Pos) (string, *Type) {
	return func(tr *translator, args []string, raw []operand, pos token.Pos) (string, *Type) {
		fields := fmt.Sprintf("Kind: %s, Dst: %s, Src: %s, NBytes: %s", kind, args[0], args[1], args[2])
		rest := args[3:]
		if computational {
			op := tr.opArg(args[3], raw[3], opsOneSided, false, pos, name)
			fields = fmt.Sprintf("Kind: %s, Dst: %s, Src: %s, Type: upc.TypeCode(%s), Op: %s", kind, args[0], args[1], args[2], op)
			rest = args[4:]
		}
		if subset {
			fields += fmt.Sprintf(", Threads: upc.Subset(cmem.Ptr[int32](%s), %s)", rest[0], rest[1])
		}
		if async {
			return "uint64(t.OneSidedAsync(upc.OneSided{" + fields + "}))", tULong
		}
		return "t.OneSided(upc.OneSided{" + fields + "})", tVoid
	}
}

// atomicTypeCode names the upc.TypeCode of a pointer's target type, for
// the runtime's check against the domain: void says nothing, and a type
// that has no upc_type_t is one no domain accepts.
func atomicTypeCode(p *Type) string {
	if p.Kind != Ptr {
		return "upc.TypeUnknown"
	}
	switch e := p.Elem; e.Kind {
	case Void:
		return "upc.TypeUnknown"
	case Int, Enum:
		return "upc.TypeInt"
	case UInt:
		return "upc.TypeUInt"
	case Long:
		return "upc.TypeLong"
	case ULong:
		return "upc.TypeULong"
	case LLong:
		return "upc.TypeLLong"
	case ULLong:
		return "upc.TypeULLong"
	case Float:
		return "upc.TypeFloat"
	case Double:
		return "upc.TypeDouble"
	case Ptr:
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
func atomicLowering(strict bool) func(*translator, []string, []operand, token.Pos) (string, *Type) {
	name := "upc_atomic_relaxed"
	if strict {
		name = "upc_atomic_strict"
	}
	return func(tr *translator, args []string, raw []operand, pos token.Pos) (string, *Type) {
		types := fmt.Sprintf("upc.AtomicTypes{Target: %s, Fetch: %s, Operand1: %s, Operand2: %s}",
			atomicTypeCode(raw[3].t), atomicTypeCode(raw[1].t), atomicTypeCode(raw[4].t), atomicTypeCode(raw[5].t))
		private := func(code string) string { return "unsafe.Pointer(cmem.Ptr[byte](" + code + "))" }
		return fmt.Sprintf("t.AtomicC(%s, %s, %s, %s, %s, %s, %t, %s)",
			args[0], private(args[1]), tr.opArg(args[2], raw[2], opsAtomic, false, pos, name), args[3], private(args[4]), private(args[5]), strict, types), tVoid
	}
}

// bupcType is the X of Berkeley UPC's bupc_atomicX_OP_MODE: its
// upc_type_t and C type.
var bupcTypes = []struct {
	x    string
	code string
	c    *Type
}{
	{"I64", "upc.TypeInt64", tLong}, {"U64", "upc.TypeUInt64", tULong}, {"I32", "upc.TypeInt32", tInt}, {"U32", "upc.TypeUInt32", tUInt},
	{"I", "upc.TypeInt", tInt}, {"UI", "upc.TypeUInt", tUInt}, {"L", "upc.TypeLong", tLong}, {"UL", "upc.TypeULong", tULong},
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
func bupcLowering(name string) func(*translator, []string, []operand, token.Pos) (string, *Type) {
	rest := strings.TrimPrefix(name, "bupc_atomic")
	x, rest, _ := strings.Cut(rest, "_")
	opName := rest[:strings.LastIndexByte(rest, '_')]
	strict := strings.HasSuffix(rest, "_strict")
	var typ string
	var ct *Type
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
	bits := func(v string) string { return "upc.AtomicOperand[" + ct.goType() + "](" + v + ")" }
	return func(_ *translator, args []string, _ []operand, _ token.Pos) (string, *Type) {
		a, b := "0", "0"
		switch opName {
		case "read":
		case "cswap":
			a, b = bits(args[1]), bits(args[2])
		case "fetchnot":
			a = "^uint64(0)"
		default:
			a = bits(args[1])
		}
		code := fmt.Sprintf("t.AtomicBits(%s, %s, %s, %s, %s, %s, %t)", strconv.Quote(name), typ, upcOp, args[0], a, b, strict)
		if !fetches {
			return code, tVoid
		}
		// The bits of a 32-bit value are its low half.
		if ct.Size() == 4 {
			code = ct.goType() + "(uint32(" + code + "))"
		} else {
			code = ct.goType() + "(" + code + ")"
		}
		return code, ct
	}
}
