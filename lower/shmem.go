package lower

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// The OpenSHMEM face (shmem.h, shmemx.h): every function lowers to a call
// into runtime/shmem, its library bound to the thread and the name the
// program used (shmem.Bind(t.Thread, "shmem_int_put")), so errors name
// it. shmemFuncs is the table: one entry per OpenSHMEM function, a typed
// family (shmem_<T>_put) spelling the types it exists for, as shmem.h
// declares them by macros, one line per type; a few runtime entry points
// serve them all, with the element size or Go type of T.
//
// A translation unit that includes shmem.h says "#pragma upcgo symmetric":
// its private globals and static locals then live at the same offset of
// every PE's segment (see defineStatic), as OpenSHMEM requires.

// symmetricPragma reports whether the file asks for symmetric globals.
func symmetricPragma(ps []*ast.Pragma) bool {
	for _, p := range ps {
		if len(p.Tokens) == 2 && p.Tokens[0].Text == "upcgo" && p.Tokens[1].Text == "symmetric" {
			return true
		}
	}
	return false
}

// shmemType is what a typed family's name holds in place of TYPE (a
// TYPENAME of OpenSHMEM's type tables, with its C type) or of SIZE (a
// sized form: 32 for shmem_put32, mem for bytes, with its element size).
type shmemType struct {
	name string
	c    *ctype.Type // nil for a sized form
	size int64       // a sized form's element size
}

func (ty shmemType) elemSize() int64 {
	if ty.c != nil {
		return ty.c.Size()
	}
	return ty.size
}

func (ty shmemType) goType() string {
	if ty.c != nil {
		return goType(ty.c)
	}
	return ""
}

// rmaTypes are the standard RMA types (OpenSHMEM 1.5 Table 5).
var rmaTypes = []shmemType{
	{"float", ctype.FloatType, 0}, {"double", ctype.DoubleType, 0}, {"longdouble", ctype.LDoubleType, 0},
	{"char", ctype.CharType, 0}, {"schar", ctype.SCharType, 0}, {"short", ctype.ShortType, 0}, {"int", ctype.IntType, 0}, {"long", ctype.LongType, 0}, {"longlong", ctype.LLongType, 0},
	{"uchar", ctype.UCharType, 0}, {"ushort", ctype.UShortType, 0}, {"uint", ctype.UIntType, 0}, {"ulong", ctype.ULongType, 0}, {"ulonglong", ctype.ULLongType, 0},
	{"int8", ctype.SCharType, 0}, {"int16", ctype.ShortType, 0}, {"int32", ctype.IntType, 0}, {"int64", ctype.LongType, 0},
	{"uint8", ctype.UCharType, 0}, {"uint16", ctype.UShortType, 0}, {"uint32", ctype.UIntType, 0}, {"uint64", ctype.ULongType, 0},
	{"size", ctype.SizeT, 0}, {"ptrdiff", ctype.PtrdiffT, 0},
}

// The sizes of the sized RMA forms: rmaSizes for put and get (mem is
// bytes: shmem_putmem), strideSizes for the strided calls (no
// shmem_iputmem), collect13Sizes for the 1.3 active-set collectives.
var (
	rmaSizes = []shmemType{
		{"8", nil, 1}, {"16", nil, 2}, {"32", nil, 4}, {"64", nil, 8}, {"128", nil, 16}, {"mem", nil, 1},
	}
	strideSizes    = rmaSizes[:5]
	collect13Sizes = rmaSizes[2:4]
)

// The atomic types: amoTypes are the standard AMO types; extAMOTypes add
// float and double (atomic_fetch, _set and _swap); bitwiseTypes take and,
// or and xor; the 1.3 names (shmem_int_fadd) exist for old13AMOTypes, and
// fetch, set and swap also for float and double.
var (
	amoTypes = []shmemType{
		{"int", ctype.IntType, 0}, {"long", ctype.LongType, 0}, {"longlong", ctype.LLongType, 0}, {"uint", ctype.UIntType, 0}, {"ulong", ctype.ULongType, 0}, {"ulonglong", ctype.ULLongType, 0},
		{"int32", ctype.IntType, 0}, {"int64", ctype.LongType, 0}, {"uint32", ctype.UIntType, 0}, {"uint64", ctype.ULongType, 0}, {"size", ctype.SizeT, 0}, {"ptrdiff", ctype.PtrdiffT, 0},
	}
	floatAMOTypes = []shmemType{{"float", ctype.FloatType, 0}, {"double", ctype.DoubleType, 0}}
	extAMOTypes   = slices.Concat(amoTypes, floatAMOTypes)
	old13AMOTypes = amoTypes[:3]
	old13ExtTypes = slices.Concat(old13AMOTypes, floatAMOTypes)
	bitwiseTypes  = []shmemType{
		{"uint", ctype.UIntType, 0}, {"ulong", ctype.ULongType, 0}, {"ulonglong", ctype.ULLongType, 0},
		{"int32", ctype.IntType, 0}, {"int64", ctype.LongType, 0}, {"uint32", ctype.UIntType, 0}, {"uint64", ctype.ULongType, 0},
	}
	// waitTypes are the point-to-point synchronisation types, with 1.4's
	// short and ushort.
	waitTypes = slices.Concat([]shmemType{{"short", ctype.ShortType, 0}, {"ushort", ctype.UShortType, 0}}, amoTypes)
)

// The reduction types: arithReduceTypes take sum, prod, min and max;
// bitReduceTypes and, or and xor (OpenSHMEM 1.5's, and short, int, long
// and long long as Sandia OpenSHMEM has them); to13Types are those of the
// 1.3 reductions (shmem_<T>_<op>_to_all), all but the floating ones
// (to13BitTypes) taking and, or and xor.
var (
	arithReduceTypes = []shmemType{
		{"char", ctype.CharType, 0}, {"schar", ctype.SCharType, 0}, {"short", ctype.ShortType, 0}, {"int", ctype.IntType, 0}, {"long", ctype.LongType, 0}, {"longlong", ctype.LLongType, 0},
		{"ptrdiff", ctype.PtrdiffT, 0}, {"uchar", ctype.UCharType, 0}, {"ushort", ctype.UShortType, 0}, {"uint", ctype.UIntType, 0}, {"ulong", ctype.ULongType, 0}, {"ulonglong", ctype.ULLongType, 0},
		{"int8", ctype.SCharType, 0}, {"int16", ctype.ShortType, 0}, {"int32", ctype.IntType, 0}, {"int64", ctype.LongType, 0},
		{"uint8", ctype.UCharType, 0}, {"uint16", ctype.UShortType, 0}, {"uint32", ctype.UIntType, 0}, {"uint64", ctype.ULongType, 0}, {"size", ctype.SizeT, 0},
		{"float", ctype.FloatType, 0}, {"double", ctype.DoubleType, 0}, {"longdouble", ctype.LDoubleType, 0},
	}
	bitReduceTypes = []shmemType{
		{"short", ctype.ShortType, 0}, {"int", ctype.IntType, 0}, {"long", ctype.LongType, 0}, {"longlong", ctype.LLongType, 0},
		{"uchar", ctype.UCharType, 0}, {"ushort", ctype.UShortType, 0}, {"uint", ctype.UIntType, 0}, {"ulong", ctype.ULongType, 0}, {"ulonglong", ctype.ULLongType, 0},
		{"int8", ctype.SCharType, 0}, {"int16", ctype.ShortType, 0}, {"int32", ctype.IntType, 0}, {"int64", ctype.LongType, 0},
		{"uint8", ctype.UCharType, 0}, {"uint16", ctype.UShortType, 0}, {"uint32", ctype.UIntType, 0}, {"uint64", ctype.ULongType, 0}, {"size", ctype.SizeT, 0},
	}
	to13Types = []shmemType{
		{"short", ctype.ShortType, 0}, {"int", ctype.IntType, 0}, {"long", ctype.LongType, 0}, {"longlong", ctype.LLongType, 0},
		{"float", ctype.FloatType, 0}, {"double", ctype.DoubleType, 0}, {"longdouble", ctype.LDoubleType, 0},
	}
	to13BitTypes = to13Types[:4]
)

// shmemFunc is one OpenSHMEM function and its Go form. In code, {S} is
// the library bound to the call (shmem.Bind(t.Thread, NAME), or its
// context's for a shmem_ctx_ form), {T} the element's Go type, {N} its
// size in bytes, and %[i]s the i-th argument (after the context).
type shmemFunc struct {
	name  string      // TYPE or SIZE stands for each of types
	types []shmemType // nil: the function is not a typed family
	ctx   bool        // also shmem_ctx_<name> with a context first
	code  string
}

// shmemFuncs are the OpenSHMEM functions upcgo provides
// (docs/openshmem.md lists them by area).
var shmemFuncs = []shmemFunc{
	// Setup and queries.
	{"shmem_init", nil, false, "{S}.Init()"},
	{"start_pes", nil, false, "{S}.StartPEs(%[1]s)"},
	{"shmem_finalize", nil, false, "{S}.Finalize()"},
	{"shmem_init_thread", nil, false, "func() int32 { _ = %[1]s; {S}.Init(); cmem.Store[int32](%[2]s, 0); return 0 }()"},
	{"shmem_query_thread", nil, false, "cmem.Store[int32](%[1]s, 0)"},
	{"shmem_info_get_version", nil, false, "func() { cmem.Store[int32](%[1]s, 1); cmem.Store[int32](%[2]s, 5) }()"},
	{"shmem_info_get_name", nil, false, `copy(cmem.Bytes(%[1]s, 6), "upcgo\x00")`},
	{"shmem_my_pe", nil, false, "int32(t.MyThread)"},
	{"_my_pe", nil, false, "int32(t.MyThread)"},
	{"shmem_n_pes", nil, false, "int32(t.Threads)"},
	{"_num_pes", nil, false, "int32(t.Threads)"},
	{"shmem_global_exit", nil, false, "{S}.GlobalExit(%[1]s)"},
	{"shmem_pe_accessible", nil, false, "{S}.PEAccessible(%[1]s)"},
	{"shmem_addr_accessible", nil, false, "{S}.AddrAccessible(%[1]s, %[2]s)"},
	{"shmem_ptr", nil, false, "{S}.Ptr(%[1]s, %[2]s)"},

	// Ordering.
	{"shmem_barrier_all", nil, false, "{S}.BarrierAll()"},
	{"shmem_sync_all", nil, false, "t.Barrier()"},
	{"shmem_barrier", nil, false, "{S}.ActiveSetBarrier(%[1]s, %[2]s, %[3]s, %[4]s)"},
	{"shmem_quiet", nil, false, "{S}.Quiet()"},
	{"shmem_fence", nil, false, "{S}.Fence()"},
	{"shmem_ctx_quiet", nil, false, "{S}.Ctx(%[1]s).Quiet()"},
	{"shmem_ctx_fence", nil, false, "{S}.Ctx(%[1]s).Fence()"},

	// The symmetric heap.
	{"shmem_malloc", nil, false, "{S}.Malloc(uintptr(%[1]s))"},
	{"shmalloc", nil, false, "{S}.Malloc(uintptr(%[1]s))"},
	{"shmem_calloc", nil, false, "{S}.Calloc(uintptr(%[1]s), uintptr(%[2]s))"},
	{"shmem_align", nil, false, "{S}.Align(uintptr(%[1]s), uintptr(%[2]s))"},
	{"shmemalign", nil, false, "{S}.Align(uintptr(%[1]s), uintptr(%[2]s))"},
	{"shmem_realloc", nil, false, "{S}.Realloc(%[1]s, uintptr(%[2]s))"},
	{"shrealloc", nil, false, "{S}.Realloc(%[1]s, uintptr(%[2]s))"},
	{"shmem_free", nil, false, "{S}.Free(%[1]s)"},
	{"shfree", nil, false, "{S}.Free(%[1]s)"},

	// RMA.
	{"shmem_TYPE_put", rmaTypes, true, "{S}.Put(upc.Blocking, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_putSIZE", rmaSizes, true, "{S}.Put(upc.Blocking, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_TYPE_put_nbi", rmaTypes, true, "{S}.Put(upc.Asynci, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_putSIZE_nbi", rmaSizes, true, "{S}.Put(upc.Asynci, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_TYPE_get", rmaTypes, true, "{S}.Get(upc.Blocking, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_getSIZE", rmaSizes, true, "{S}.Get(upc.Blocking, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_TYPE_get_nbi", rmaTypes, true, "{S}.Get(upc.Asynci, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_getSIZE_nbi", rmaSizes, true, "{S}.Get(upc.Asynci, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*{N}, %[4]s)"},
	{"shmem_TYPE_p", rmaTypes, true, "shmem.P[{T}]({S}, %[1]s, %[2]s, %[3]s)"},
	{"shmem_TYPE_g", rmaTypes, true, "shmem.G[{T}]({S}, %[1]s, %[2]s)"},

	// Strided RMA; strides in elements, iput as blocks of one element.
	{"shmem_TYPE_iput", rmaTypes, true, "{S}.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), {N}, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)"},
	{"shmem_iputSIZE", strideSizes, true, "{S}.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), {N}, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)"},
	{"shmem_TYPE_iget", rmaTypes, true, "{S}.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, {N}, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)"},
	{"shmem_igetSIZE", strideSizes, true, "{S}.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, {N}, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)"},
	{"shmem_TYPE_ibput", rmaTypes, true, "{S}.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmem_ibputSIZE", strideSizes, true, "{S}.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmem_TYPE_ibget", rmaTypes, true, "{S}.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmem_ibgetSIZE", strideSizes, true, "{S}.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmemx_TYPE_aput", rmaTypes, false, "{S}.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmemx_aputSIZE", strideSizes, false, "{S}.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmemx_TYPE_aget", rmaTypes, false, "{S}.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmemx_agetSIZE", strideSizes, false, "{S}.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, {N}, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},

	// Signals; the _nbi forms are complete when they return.
	{"shmem_TYPE_put_signal", rmaTypes, true, "{S}.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_putSIZE_signal", rmaSizes, true, "{S}.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_TYPE_put_signal_nbi", rmaTypes, true, "{S}.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_putSIZE_signal_nbi", rmaSizes, true, "{S}.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_signal_fetch", nil, false, "{S}.SignalFetch(%[1]s)"},
	{"shmem_signal_wait_until", nil, false, "{S}.SignalWaitUntil(%[1]s, %[2]s, %[3]s)"},

	// Atomics; compare_swap takes (cond, value), Atomic (new, expected).
	{"shmem_TYPE_atomic_fetch", extAMOTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOFetch, %[1]s, {T}(0), {T}(0), %[2]s)"},
	{"shmem_TYPE_atomic_set", extAMOTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOSet, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_swap", extAMOTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOSwap, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_compare_swap", amoTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOCSwap, %[1]s, %[3]s, %[2]s, %[4]s)"},
	{"shmem_TYPE_atomic_fetch_add", amoTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_add", amoTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_fetch_inc", amoTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, {T}(1), {T}(0), %[2]s)"},
	{"shmem_TYPE_atomic_inc", amoTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, {T}(1), {T}(0), %[2]s)"},
	{"shmem_TYPE_atomic_fetch_and", bitwiseTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOAnd, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_and", bitwiseTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOAnd, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_fetch_or", bitwiseTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOOr, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_or", bitwiseTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOOr, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_fetch_xor", bitwiseTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOXor, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_atomic_xor", bitwiseTypes, true, "shmem.Atomic[{T}]({S}, shmem.AMOXor, %[1]s, %[2]s, {T}(0), %[3]s)"},
	// The 1.3 names.
	{"shmem_TYPE_fetch", old13ExtTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOFetch, %[1]s, {T}(0), {T}(0), %[2]s)"},
	{"shmem_TYPE_set", old13ExtTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOSet, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_swap", old13ExtTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOSwap, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_cswap", old13AMOTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOCSwap, %[1]s, %[3]s, %[2]s, %[4]s)"},
	{"shmem_TYPE_fadd", old13AMOTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_add", old13AMOTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, %[2]s, {T}(0), %[3]s)"},
	{"shmem_TYPE_finc", old13AMOTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, {T}(1), {T}(0), %[2]s)"},
	{"shmem_TYPE_inc", old13AMOTypes, false, "shmem.Atomic[{T}]({S}, shmem.AMOAdd, %[1]s, {T}(1), {T}(0), %[2]s)"},

	// Point-to-point synchronisation.
	{"shmem_TYPE_wait_until", waitTypes, false, "shmem.WaitUntil[{T}]({S}, %[1]s, %[2]s, %[3]s)"},
	{"shmem_TYPE_wait", waitTypes, false, "shmem.WaitUntil[{T}]({S}, %[1]s, shmem.CmpNE, %[2]s)"},
	{"shmem_TYPE_test", waitTypes, false, "shmem.Test[{T}]({S}, %[1]s, %[2]s, %[3]s)"},
	// ... on many variables: WaitVector(form, wait, ivars, nelems,
	// indices, status, cmp, value, values).
	{"shmem_TYPE_wait_until_all", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitAll, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil)"},
	{"shmem_TYPE_wait_until_any", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitAny, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil)"},
	{"shmem_TYPE_wait_until_some", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitSome, true, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, %[6]s, nil)"},
	{"shmem_TYPE_wait_until_all_vector", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitAll, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s))"},
	{"shmem_TYPE_wait_until_any_vector", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitAny, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s))"},
	{"shmem_TYPE_wait_until_some_vector", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitSome, true, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, 0, crt.P(%[6]s))"},
	{"shmem_TYPE_test_all", waitTypes, false, "int32(shmem.WaitVector[{T}]({S}, shmem.WaitAll, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil))"},
	{"shmem_TYPE_test_any", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitAny, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil)"},
	{"shmem_TYPE_test_some", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitSome, false, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, %[6]s, nil)"},
	{"shmem_TYPE_test_all_vector", waitTypes, false, "int32(shmem.WaitVector[{T}]({S}, shmem.WaitAll, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s)))"},
	{"shmem_TYPE_test_any_vector", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitAny, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s))"},
	{"shmem_TYPE_test_some_vector", waitTypes, false, "shmem.WaitVector[{T}]({S}, shmem.WaitSome, false, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, 0, crt.P(%[6]s))"},

	// Locks.
	{"shmem_set_lock", nil, false, "{S}.SetLock(%[1]s)"},
	{"shmem_clear_lock", nil, false, "{S}.ClearLock(%[1]s)"},
	{"shmem_test_lock", nil, false, "{S}.TestLock(%[1]s)"},

	// Teams and contexts.
	{"shmem_team_my_pe", nil, false, "{S}.TeamMyPE(%[1]s)"},
	{"shmem_team_n_pes", nil, false, "{S}.TeamNPEs(%[1]s)"},
	{"shmem_team_sync", nil, false, "{S}.TeamSync(%[1]s)"},
	{"shmem_team_translate_pe", nil, false, "{S}.TeamTranslatePE(%[1]s, %[2]s, %[3]s)"},
	{"shmem_team_split_strided", nil, false, "{S}.TeamSplitStrided(%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, crt.P(%[7]s))"},
	{"shmem_team_split_2d", nil, false, "{S}.TeamSplit2D(%[1]s, %[2]s, %[3]s, %[4]s, crt.P(%[5]s), %[6]s, %[7]s, crt.P(%[8]s))"},
	{"shmem_team_destroy", nil, false, "{S}.TeamDestroy(%[1]s)"},
	{"shmem_team_get_config", nil, false, "{S}.TeamGetConfig(%[1]s, %[2]s, crt.P(%[3]s))"},
	{"shmem_ctx_create", nil, false, "{S}.CtxCreate(shmem.TeamWorld, %[1]s, crt.P(%[2]s))"},
	{"shmem_team_create_ctx", nil, false, "{S}.CtxCreate(%[1]s, %[2]s, crt.P(%[3]s))"},
	{"shmem_ctx_destroy", nil, false, "{S}.Ctx(%[1]s).Quiet()"},
	{"shmem_ctx_get_team", nil, false, "{S}.CtxGetTeam(%[1]s, crt.P(%[2]s))"},

	// Collectives on teams (1.5).
	{"shmem_TYPE_broadcast", rmaTypes, false, "{S}.Broadcast(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*{N}, %[5]s)"},
	{"shmem_broadcastmem", nil, false, "{S}.Broadcast(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), %[5]s)"},
	{"shmem_TYPE_collect", rmaTypes, false, "{S}.Collect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*{N})"},
	{"shmem_collectmem", nil, false, "{S}.Collect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_fcollect", rmaTypes, false, "{S}.Fcollect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*{N})"},
	{"shmem_fcollectmem", nil, false, "{S}.Fcollect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_alltoall", rmaTypes, false, "{S}.Alltoall(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), {N})"},
	{"shmem_alltoallmem", nil, false, "{S}.Alltoall(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), 1)"},
	{"shmem_TYPE_alltoalls", rmaTypes, false, "{S}.Alltoalls(%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, uintptr(%[6]s), {N})"},
	{"shmem_alltoallsmem", nil, false, "{S}.Alltoalls(%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, uintptr(%[6]s), 1)"},
	{"shmem_TYPE_sum_reduce", arithReduceTypes, false, "shmem.Reduce[{T}]({S}, shmem.ReduceSum, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_prod_reduce", arithReduceTypes, false, "shmem.Reduce[{T}]({S}, shmem.ReduceProd, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_min_reduce", arithReduceTypes, false, "shmem.Reduce[{T}]({S}, shmem.ReduceMin, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_max_reduce", arithReduceTypes, false, "shmem.Reduce[{T}]({S}, shmem.ReduceMax, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_and_reduce", bitReduceTypes, false, "shmem.ReduceBits[{T}]({S}, shmem.ReduceAnd, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_or_reduce", bitReduceTypes, false, "shmem.ReduceBits[{T}]({S}, shmem.ReduceOr, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{"shmem_TYPE_xor_reduce", bitReduceTypes, false, "shmem.ReduceBits[{T}]({S}, shmem.ReduceXor, %[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},

	// Collectives on 1.3 active sets (PE_start, logPE_stride, PE_size, pSync).
	{"shmem_broadcastSIZE", collect13Sizes, false, "{S}.BroadcastSet(%[1]s, %[2]s, uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_collectSIZE", collect13Sizes, false, "{S}.CollectSet(%[1]s, %[2]s, uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_fcollectSIZE", collect13Sizes, false, "{S}.FcollectSet(%[1]s, %[2]s, uintptr(%[3]s)*{N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_alltoallSIZE", collect13Sizes, false, "{S}.AlltoallSet(%[1]s, %[2]s, uintptr(%[3]s), {N}, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_alltoallsSIZE", collect13Sizes, false, "{S}.AlltoallsSet(%[1]s, %[2]s, %[3]s, %[4]s, uintptr(%[5]s), {N}, %[6]s, %[7]s, %[8]s, %[9]s)"},
	{"shmem_TYPE_sum_to_all", to13Types, false, "shmem.ReduceSet[{T}]({S}, shmem.ReduceSum, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_TYPE_prod_to_all", to13Types, false, "shmem.ReduceSet[{T}]({S}, shmem.ReduceProd, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_TYPE_min_to_all", to13Types, false, "shmem.ReduceSet[{T}]({S}, shmem.ReduceMin, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_TYPE_max_to_all", to13Types, false, "shmem.ReduceSet[{T}]({S}, shmem.ReduceMax, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_TYPE_and_to_all", to13BitTypes, false, "shmem.ReduceBitsSet[{T}]({S}, shmem.ReduceAnd, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_TYPE_or_to_all", to13BitTypes, false, "shmem.ReduceBitsSet[{T}]({S}, shmem.ReduceOr, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_TYPE_xor_to_all", to13BitTypes, false, "shmem.ReduceBitsSet[{T}]({S}, shmem.ReduceXor, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
}

// shmemForm is one C function of the table: an entry, the type that
// replaces TYPE or SIZE in its name, and whether it is the shmem_ctx_ form.
type shmemForm struct {
	f   *shmemFunc
	ty  shmemType
	ctx bool
}

// shmemIndex is the table by C name.
var shmemIndex = indexShmem(shmemFuncs)

func indexShmem(funcs []shmemFunc) map[string]shmemForm {
	index := map[string]shmemForm{}
	add := func(name string, form shmemForm) {
		if _, dup := index[name]; dup {
			panic("lower: OpenSHMEM table: " + name + " twice")
		}
		index[name] = form
	}
	for i := range funcs {
		f := &funcs[i]
		types := f.types
		if types == nil {
			types = []shmemType{{}}
		}
		for _, ty := range types {
			name := strings.NewReplacer("TYPE", ty.name, "SIZE", ty.name).Replace(f.name)
			add(name, shmemForm{f, ty, false})
			if f.ctx {
				add("shmem_ctx_"+strings.TrimPrefix(name, "shmem_"), shmemForm{f, ty, true})
			}
		}
	}
	return index
}

// lowering is the Go form of a call to the C function name.
func (form shmemForm) lowering(name string) *builtinFunc {
	code := strings.NewReplacer("{T}", form.ty.goType(), "{N}", strconv.FormatInt(form.ty.elemSize(), 10)).Replace(form.f.code)
	goForm := templateForm(strings.ReplaceAll(code, "{S}", "%s"))
	return &builtinFunc{lower: func(_ *translator, args []goExpr, _ []operand, _ token.Pos) (goExpr, *ctype.Type) {
		lib := fmt.Sprintf("shmem.Bind(t.Thread, %q)", name)
		if form.ctx {
			lib += ".Ctx(" + args[0].code + ")"
			args = args[1:]
		}
		a := make([]any, len(args), len(args)+1)
		for i, s := range args {
			a[i] = s
		}
		code := code
		if strings.Contains(code, "{S}") {
			// The library is one more argument, after the call's own.
			code = strings.ReplaceAll(code, "{S}", fmt.Sprintf("%%[%d]s", len(a)+1))
			a = append(a, lib)
		}
		return goExpr{code: fmt.Sprintf(code, a...), prec: primaryPrec, form: goForm}, nil
	}}
}

// builtin is the special lowering of the function name, if it has one:
// in builtins (the library tables, lib.go), or an OpenSHMEM function.
func builtin(name string) (*builtinFunc, bool) {
	if b, ok := builtins[name]; ok {
		return b, true
	}
	return shmemBuiltin(name)
}

// shmemBuiltin is the lowering of the OpenSHMEM function name (or of the
// __builtin_ a C11 generic name of shmem.h expands to), if it is one.
func shmemBuiltin(name string) (*builtinFunc, bool) {
	if form, ok := shmemIndex[name]; ok {
		return form.lowering(name), true
	}
	if g, ok := shmemGenericIndex[name]; ok {
		return &builtinFunc{lower: genericLowering(g.name, g.arg)}, true
	}
	return nil, false
}

// shmemGeneric is a C11 generic name (shmem.h maps each to __builtin_ +
// its name) and which argument's pointee type picks the typed function:
// dest (0), or dest after the team (1). The RMA and AMO names also take a
// context first.
type shmemGeneric struct {
	name string
	arg  int
}

// shmemGenerics are the C11 generic names of shmem.h.
var shmemGenerics = []shmemGeneric{
	{"shmem_put", 0}, {"shmem_get", 0}, {"shmem_put_nbi", 0}, {"shmem_get_nbi", 0}, {"shmem_p", 0}, {"shmem_g", 0},
	{"shmem_iput", 0}, {"shmem_iget", 0}, {"shmem_ibput", 0}, {"shmem_ibget", 0},
	{"shmem_put_signal", 0}, {"shmem_put_signal_nbi", 0},
	{"shmem_atomic_fetch", 0}, {"shmem_atomic_set", 0}, {"shmem_atomic_swap", 0}, {"shmem_atomic_compare_swap", 0},
	{"shmem_atomic_fetch_add", 0}, {"shmem_atomic_add", 0}, {"shmem_atomic_fetch_inc", 0}, {"shmem_atomic_inc", 0},
	{"shmem_atomic_fetch_and", 0}, {"shmem_atomic_and", 0}, {"shmem_atomic_fetch_or", 0}, {"shmem_atomic_or", 0},
	{"shmem_atomic_fetch_xor", 0}, {"shmem_atomic_xor", 0},
	{"shmem_fetch", 0}, {"shmem_set", 0}, {"shmem_swap", 0}, {"shmem_cswap", 0},
	{"shmem_fadd", 0}, {"shmem_add", 0}, {"shmem_finc", 0}, {"shmem_inc", 0},
	{"shmem_wait_until", 0}, {"shmem_wait", 0}, {"shmem_test", 0},
	{"shmem_wait_until_all", 0}, {"shmem_wait_until_any", 0}, {"shmem_wait_until_some", 0},
	{"shmem_wait_until_all_vector", 0}, {"shmem_wait_until_any_vector", 0}, {"shmem_wait_until_some_vector", 0},
	{"shmem_test_all", 0}, {"shmem_test_any", 0}, {"shmem_test_some", 0},
	{"shmem_test_all_vector", 0}, {"shmem_test_any_vector", 0}, {"shmem_test_some_vector", 0},
	{"shmem_broadcast", 1}, {"shmem_collect", 1}, {"shmem_fcollect", 1}, {"shmem_alltoall", 1}, {"shmem_alltoalls", 1},
	{"shmem_sum_reduce", 1}, {"shmem_prod_reduce", 1}, {"shmem_min_reduce", 1}, {"shmem_max_reduce", 1},
	{"shmem_and_reduce", 1}, {"shmem_or_reduce", 1}, {"shmem_xor_reduce", 1},
}

// shmemGenericIndex is shmemGenerics by the builtin's name.
var shmemGenericIndex = func() map[string]shmemGeneric {
	index := map[string]shmemGeneric{}
	for _, g := range shmemGenerics {
		index["__builtin_"+g.name] = g
	}
	return index
}()

// isShmemCtx reports whether t is shmem_ctx_t.
func isShmemCtx(t *ctype.Type) bool {
	return t != nil && t.Kind == ctype.Ptr && t.Elem.Kind == ctype.Struct && t.Elem.Rec != nil && t.Elem.Rec.Tag == "__shmem_ctx"
}

// genericLowering lowers a C11 generic name as the typed function for
// the type its arg-th argument (after a context) points to: the call
// converts its arguments to that function's prototype and lowers as it.
func genericLowering(generic string, arg int) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	return func(tr *translator, _ []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
		prefix, arg := "shmem_", arg
		if len(raw) > 0 && isShmemCtx(raw[0].t) {
			prefix, arg = "shmem_ctx_", arg+1
		}
		if len(raw) <= arg {
			tr.errorf(pos, "too few arguments to %s", generic)
			return primary("0"), ctype.IntType
		}
		pt := raw[arg].t
		if pt == nil {
			return primary("0"), ctype.IntType // already reported
		}
		if pt.Kind != ctype.Ptr {
			tr.errorf(pos, "argument %d of %s must point to the data, not be '%s'", arg+1, generic, pt)
			return primary("0"), ctype.IntType
		}
		var sym *symbol
		for _, ty := range rmaTypes {
			if ty.c.Kind == pt.Elem.Kind {
				sym = tr.fileScope().lookup(prefix + ty.name + "_" + strings.TrimPrefix(generic, "shmem_"))
				break
			}
		}
		if sym == nil || sym.builtin == nil || sym.typ.Fn == nil {
			tr.errorf(pos, "%s has no form for '%s': argument %d must point to one of its OpenSHMEM types", generic, pt.Elem, arg+1)
			return primary("0"), ctype.IntType
		}
		sig := sym.typ.Fn
		if len(raw) != len(sig.Params) {
			tr.errorf(pos, "%s on '%s' takes %d arguments, but %d were given", generic, pt.Elem, len(sig.Params), len(raw))
			return primary("0"), ctype.IntType
		}
		args := make([]goExpr, len(raw))
		for i, o := range raw {
			args[i] = tr.runtimeArg(o, sig.Params[i], pos)
		}
		sym.use(pos)
		code, t := sym.builtin.lower(tr, args, raw, pos)
		if t == nil {
			t = sig.Result
		}
		return code, t
	}
}
