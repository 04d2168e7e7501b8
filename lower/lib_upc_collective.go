package lower

import (
	"fmt"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// The collectives of upc_collective.h, the UPC 1.3 ones and the
// one-sided ones with their _async and _subset forms, lowered to
// runtime/upc.

// upcCollectiveLib is upc_collective.h.
var upcCollectiveLib = library{header: "upc_collective.h", lowered: collectiveLowerings()}

// collectiveLowerings are the collectives, by name: each family's
// functions differ in the name and the types only.
func collectiveLowerings() map[string]*builtinFunc {
	m := map[string]*builtinFunc{
		"upc_all_broadcast":  simple("t.AllBroadcast(%s, %s, uintptr(%s), upc.Flag(%s))", ctype.VoidType),
		"upc_all_scatter":    simple("t.AllScatter(%s, %s, uintptr(%s), upc.Flag(%s))", ctype.VoidType),
		"upc_all_gather":     simple("t.AllGather(%s, %s, uintptr(%s), upc.Flag(%s))", ctype.VoidType),
		"upc_all_gather_all": simple("t.AllGatherAll(%s, %s, uintptr(%s), upc.Flag(%s))", ctype.VoidType),
		"upc_all_exchange":   simple("t.AllExchange(%s, %s, uintptr(%s), upc.Flag(%s))", ctype.VoidType),
		"upc_all_permute":    simple("t.AllPermute(%s, %s, %s, uintptr(%s), upc.Flag(%s))", ctype.VoidType),
	}
	for _, r := range reduceTypes {
		m["upc_all_reduce"+r.suffix] = &builtinFunc{lower: reduceLowering("upc_all_reduce"+r.suffix, "Reduce", r)}
		m["upc_all_prefix_reduce"+r.suffix] = &builtinFunc{lower: reduceLowering("upc_all_prefix_reduce"+r.suffix, "PrefixReduce", r)}
	}
	for _, o := range oneSidedKinds {
		for _, subset := range []bool{false, true} {
			for _, async := range []bool{false, true} {
				name := oneSidedName(o.name, subset, async)
				m[name] = &builtinFunc{lower: oneSidedLowering(name, o.kind, o.computational, subset, async)}
			}
		}
	}
	return m
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
	if o.c != nil && !o.c.IsFloat() {
		v := o.c.Int
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

// reduceType is one of the eleven upc_all_reduceT element types.
type reduceType struct {
	suffix string
	c      *ctype.Type
	// goFunc is the runtime entry point's suffix: a generic instance for
	// the ten that are Go numbers, LongDouble for the float64 that long
	// double is, held in 16 bytes.
	generic string
}

var reduceTypes = []reduceType{
	{"C", ctype.SCharType, "[int8]"}, {"UC", ctype.UCharType, "[uint8]"}, {"S", ctype.ShortType, "[int16]"}, {"US", ctype.UShortType, "[uint16]"},
	{"I", ctype.IntType, "[int32]"}, {"UI", ctype.UIntType, "[uint32]"}, {"L", ctype.LongType, "[int64]"}, {"UL", ctype.ULongType, "[uint64]"},
	{"F", ctype.FloatType, "[float32]"}, {"D", ctype.DoubleType, "[float64]"}, {"LD", ctype.LDoubleType, "LongDouble"},
}

// reduceLowering lowers upc_all_reduceT and upc_all_prefix_reduceT. The
// C function pointer (UPC_FUNC's operator) becomes a Go closure that
// calls through the program's function table, as qsort's comparator does;
// a null pointer constant becomes nil.
func reduceLowering(name, which string, r reduceType) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	return func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
		entry := "upc.All" + which + r.generic
		if r.generic == "LongDouble" {
			entry = "upc.All" + which + "LongDouble"
		}
		fn := "nil"
		if !raw[5].null {
			goT := goType(r.c)
			ft := ctype.PointerTo(&ctype.Type{Kind: ctype.Func, Fn: &ctype.FuncSig{Result: r.c, Params: []*ctype.Type{r.c, r.c}}})
			call := tr.callPointer(operand{kind: rvalue, t: ft, goExpr: args[5]}, []string{"a", "b"}, pos)
			fn = fmt.Sprintf("func(a, b %s) %s { return %s }", goT, goT, call)
		}
		op := tr.opArg(args[2].code, raw[2], opsReduce, false, pos, name)
		return callf("%s(t.Thread, %s, %s, %s, uintptr(%s), uintptr(%s), %s, upc.Flag(%s))",
			entry, args[0], args[1], op, args[3], args[4], fn, args[6]), ctype.VoidType
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
func oneSidedLowering(name, kind string, computational, subset, async bool) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	return func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
		fields := fmt.Sprintf("Kind: %s, Dst: %s, Src: %s, NBytes: %s", kind, args[0], args[1], args[2])
		rest := args[3:]
		if computational {
			op := tr.opArg(args[3].code, raw[3], opsOneSided, false, pos, name)
			fields = fmt.Sprintf("Kind: %s, Dst: %s, Src: %s, Type: upc.TypeCode(%s), Op: %s", kind, args[0], args[1], args[2], op)
			rest = args[4:]
		}
		if subset {
			fields += fmt.Sprintf(", Threads: upc.Subset(cmem.Ptr[int32](%s), %s)", rest[0], rest[1])
		}
		if async {
			return primary("uint64(t.OneSidedAsync(upc.OneSided{" + fields + "}))"), ctype.ULongType
		}
		return primary("t.OneSided(upc.OneSided{" + fields + "})"), ctype.VoidType
	}
}
