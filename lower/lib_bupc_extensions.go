package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// UPC 1.3's castability functions (upc_castable.h), GNU UPC's upc_poll,
// and Berkeley UPC's extensions beyond the memcpy library
// (bupc_extensions.h: polling, the tick overhead, thread distances,
// bupc_ptradd, semaphores and signalling puts; bupc_collectivev.h's
// value-based collectives), lowered to runtime/upc and runtime/crt.

// bupcExtensionsLib is bupc_extensions.h: the memcpy library's bupc_
// spellings (lib_upc_nb.go) and the rest of Berkeley UPC's extensions.
var bupcExtensionsLib = library{header: "bupc_extensions.h", lowered: bupcExtensionLowerings()}

// bupcExtensionLowerings are bupc_extensions.h's functions, by name.
func bupcExtensionLowerings() map[string]*builtinFunc {
	m := nbLowerings("bupc_")
	for name, b := range bupcExtensions {
		m[name] = b
	}
	return m
}

// upcCastableLib is upc_castable.h.
var upcCastableLib = library{
	header: "upc_castable.h",
	lowered: map[string]*builtinFunc{
		"upc_cast":        simple("uintptr(t.Local(%s))", ctype.VoidPtr),
		"upc_thread_info": {lower: (*translator).lowerThreadInfo},
	},
}

// bupcCollectivevLib is bupc_collectivev.h: its macros call __bupc_allv.
var bupcCollectivevLib = library{
	header:  "bupc_collectivev.h",
	lowered: map[string]*builtinFunc{"__bupc_allv": {lower: (*translator).lowerAllv}},
}

// bupcExtensions are bupc_extensions.h's functions beyond the memcpy
// library.
var bupcExtensions = map[string]*builtinFunc{
	"bupc_poll":            simple("t.Poll()", ctype.VoidType),
	"bupc_tick_overheadus": simple("upc.TickOverheadUs()", ctype.DoubleType),
	"bupc_thread_distance": simple("uint32(t.ThreadDistance(int(%s), int(%s)))", ctype.UIntType),
	"bupc_ptradd": {lower: func(_ *translator, args []goExpr, _ []operand, _ token.Pos) (goExpr, *ctype.Type) {
		return callf("%s.Add(%s, upc.Layout{Block: uintptr(%s), ElemSize: uintptr(%s)}, t.Threads)",
			args[0].paren(), args[3], args[1], args[2]), nil
	}},
	"bupc_sem_alloc":           simple("t.SemAlloc(%s)", nil),
	"bupc_sem_free":            simple("t.SemFree(%s)", ctype.VoidType),
	"bupc_sem_post":            simple(`t.SemPost("bupc_sem_post", %s, 1)`, ctype.VoidType),
	"bupc_sem_postN":           simple(`t.SemPost("bupc_sem_postN", %s, %s)`, ctype.VoidType),
	"bupc_sem_wait":            simple(`t.SemWait("bupc_sem_wait", %s, 1)`, ctype.VoidType),
	"bupc_sem_waitN":           simple(`t.SemWait("bupc_sem_waitN", %s, %s)`, ctype.VoidType),
	"bupc_sem_try":             simple(`crt.B2I(t.SemTry("bupc_sem_try", %s, 1))`, ctype.IntType),
	"bupc_sem_tryN":            simple(`crt.B2I(t.SemTry("bupc_sem_tryN", %s, %s))`, ctype.IntType),
	"bupc_memput_signal":       simple(`t.MemputSignal("bupc_memput_signal", %s, crt.P(%s), uintptr(%s), %s, %s)`, ctype.VoidType),
	"bupc_memput_signal_async": simple(`t.MemputSignal("bupc_memput_signal_async", %s, crt.P(%s), uintptr(%s), %s, %s)`, ctype.VoidType),
}

// lowerThreadInfo lowers upc_thread_info, whose result struct is a
// temporary in the caller's frame (as div's is).
func (tr *translator) lowerThreadInfo(args []goExpr, _ []operand, pos token.Pos) (goExpr, *ctype.Type) {
	s := tr.scope.lookup("upc_thread_info_t")
	if tr.fn == nil || s == nil || s.kind != symTypedef || len(args) != 1 {
		tr.errorf(pos, "upc_thread_info needs <upc_castable.h> and one argument, inside a function")
		return primary("0"), ctype.IntType
	}
	slot := tr.fn.frameSlot(tr, s.typ, tr.tmp("info"))
	return callf("crt.ThreadInfo(%s, t.Thread, %s)", slot, args[0]), s.typ
}

// lowerAllv lowers bupc_collectivev.h's entry: the result (a TYPE, whose
// size the macro passes as a constant) goes to a temporary in the caller's
// frame.
func (tr *translator) lowerAllv(args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
	if tr.fn == nil || len(raw) != 7 || raw[2].c == nil || raw[2].c.Int <= 0 {
		tr.errorf(pos, "bupc_allv_* need a type of constant size, inside a function")
		return primary("0"), ctype.VoidPtr
	}
	slot := tr.fn.frameSlot(tr, &ctype.Type{Kind: ctype.Array, Elem: ctype.ULongType, Len: (raw[2].c.Int + 7) / 8}, tr.tmp("allv"))
	return callf("crt.Allv(t.Thread, %s, %s, %s, %s, %s, %s, %s, %s)", args[0], args[1], args[2], args[3], args[4], args[5], args[6], slot), ctype.VoidPtr
}
