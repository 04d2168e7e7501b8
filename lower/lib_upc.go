package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// upc.h and upc_tick.h: runtime/upc.

// upcLib is upc.h (GNU UPC's upc_poll too).
var upcLib = library{
	header: "upc.h",
	lowered: map[string]*builtinFunc{
		"upc_global_exit":  simple("t.GlobalExit(int(%s))", ctype.VoidType),
		"upc_global_alloc": simple("t.GlobalAlloc(uintptr(%s), uintptr(%s))", tSharedVoidPtr),
		"upc_all_alloc":    simple("t.AllAlloc(uintptr(%s), uintptr(%s))", tSharedVoidPtr),
		"upc_alloc":        simple("t.Alloc(uintptr(%s))", tSharedVoidPtr),
		"upc_local_alloc":  simple("t.Alloc(uintptr(%s) * uintptr(%s))", tSharedVoidPtr),
		"upc_free":         simple("t.Free(%s)", ctype.VoidType),
		"upc_all_free":     simple("t.AllFree(%s)", ctype.VoidType),
		"upc_threadof":     field("Thread"),
		"upc_phaseof":      field("Phase"),
		"upc_resetphase": {lower: func(tr *translator, args []goExpr, raw []operand, _ token.Pos) (goExpr, *ctype.Type) {
			// The result has the argument's type, unless that is not a
			// pointer-to-shared (a null pointer constant).
			t := raw[0].t
			if !t.IsPtrToShared() {
				t = tSharedVoidPtr
			}
			return callf("%s.ResetPhase()", args[0].paren()), t
		}},
		"upc_addrfield":         field("Addr"),
		"upc_affinitysize":      simple("uint64(upc.AffinitySize(uintptr(%s), uintptr(%s), int(%s), t.Threads))", ctype.SizeT),
		"upc_global_lock_alloc": simple("t.GlobalLockAlloc()", nil),
		"upc_all_lock_alloc":    simple("t.AllLockAlloc()", nil),
		"upc_lock_free":         simple("t.LockFree(%s)", ctype.VoidType),
		"upc_all_lock_free":     simple("t.AllLockFree(%s)", ctype.VoidType),
		"upc_lock":              simple("t.Lock(%s)", ctype.VoidType),
		"upc_lock_attempt":      simple("crt.B2I(t.LockAttempt(%s))", ctype.IntType),
		"upc_unlock":            simple("t.Unlock(%s)", ctype.VoidType),
		"upc_memcpy":            simple("t.Memcpy(%s, %s, uintptr(%s))", ctype.VoidType),
		"upc_memget":            simple("crt.Memget(t.Thread, %s, %s, %s)", ctype.VoidType),
		"upc_memput":            simple("crt.Memput(t.Thread, %s, %s, %s)", ctype.VoidType),
		"upc_poll":              simple("t.Poll()", ctype.VoidType),
		"upc_memset": {lower: func(tr *translator, args []goExpr, raw []operand, _ token.Pos) (goExpr, *ctype.Type) {
			return callf("t.Memset(%s, %s, uintptr(%s))", args[0], ucharArg(args, raw, 1), args[2]), ctype.VoidType
		}},
	},
}

// upcTickLib is upc_tick.h.
var upcTickLib = library{
	header: "upc_tick.h",
	lowered: map[string]*builtinFunc{
		"upc_ticks_now":   simple("upc.TicksNow()", ctype.ULongType),
		"upc_ticks_to_ns": simple("upc.TicksToNs(%s)", ctype.ULongType),
	},
}

// field lowers upc_threadof, upc_phaseof and upc_addrfield: a field of the
// pointer-to-shared.
func field(name string) *builtinFunc {
	return &builtinFunc{lower: func(_ *translator, args []goExpr, _ []operand, _ token.Pos) (goExpr, *ctype.Type) {
		return primaryf("uint64(%s.%s)", args[0].paren(), name), ctype.SizeT
	}}
}
