package lower

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// The OpenSHMEM face (shmem.h, shmemx.h): every function lowers to a
// runtime/upc Shmem call bound to the name the program used, so errors
// name it. The typed families (shmem_<T>_put, shmem_<T>_atomic_add, ...)
// are declared in shmem.h by macros, one line per type, and registered
// here from the same type tables with the element size and Go type of T:
// a few runtime entry points serve them all.
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

// shmemType is a TYPENAME of OpenSHMEM's type tables and its C type.
type shmemType struct {
	name string
	c    *Type
}

// rmaTypes are the standard RMA types (OpenSHMEM 1.5 Table 5).
var rmaTypes = []shmemType{
	{"float", tFloat}, {"double", tDouble}, {"longdouble", tLDouble},
	{"char", tChar}, {"schar", tSChar}, {"short", tShort}, {"int", tInt}, {"long", tLong}, {"longlong", tLLong},
	{"uchar", tUChar}, {"ushort", tUShort}, {"uint", tUInt}, {"ulong", tULong}, {"ulonglong", tULLong},
	{"int8", tSChar}, {"int16", tShort}, {"int32", tInt}, {"int64", tLong},
	{"uint8", tUChar}, {"uint16", tUShort}, {"uint32", tUInt}, {"uint64", tULong},
	{"size", tSizeT}, {"ptrdiff", tPtrdiff},
}

// amoTypes are the standard AMO types; bitwiseTypes take and/or/xor;
// extendedTypes add fetch, set and swap on float and double.
var (
	amoTypes = []shmemType{
		{"int", tInt}, {"long", tLong}, {"longlong", tLLong}, {"uint", tUInt}, {"ulong", tULong}, {"ulonglong", tULLong},
		{"int32", tInt}, {"int64", tLong}, {"uint32", tUInt}, {"uint64", tULong}, {"size", tSizeT}, {"ptrdiff", tPtrdiff},
	}
	bitwiseTypes = []shmemType{
		{"uint", tUInt}, {"ulong", tULong}, {"ulonglong", tULLong},
		{"int32", tInt}, {"int64", tLong}, {"uint32", tUInt}, {"uint64", tULong},
	}
	floatAMOTypes = []shmemType{{"float", tFloat}, {"double", tDouble}}
	// waitTypes are the point-to-point synchronisation types, with 1.4's
	// short and ushort.
	waitTypes = append([]shmemType{{"short", tShort}, {"ushort", tUShort}}, amoTypes...)
	// reduceTypes take sum, prod, min and max; reduceBitTypes and, or, xor.
	arithReduceTypes = []shmemType{
		{"char", tChar}, {"schar", tSChar}, {"short", tShort}, {"int", tInt}, {"long", tLong}, {"longlong", tLLong},
		{"ptrdiff", tPtrdiff}, {"uchar", tUChar}, {"ushort", tUShort}, {"uint", tUInt}, {"ulong", tULong}, {"ulonglong", tULLong},
		{"int8", tSChar}, {"int16", tShort}, {"int32", tInt}, {"int64", tLong},
		{"uint8", tUChar}, {"uint16", tUShort}, {"uint32", tUInt}, {"uint64", tULong}, {"size", tSizeT},
		{"float", tFloat}, {"double", tDouble}, {"longdouble", tLDouble},
	}
	// bitReduceTypes: OpenSHMEM 1.5's, and short, int, long and long
	// long as Sandia OpenSHMEM has them.
	bitReduceTypes = []shmemType{
		{"short", tShort}, {"int", tInt}, {"long", tLong}, {"longlong", tLLong}, {"uchar", tUChar}, {"ushort", tUShort}, {"uint", tUInt}, {"ulong", tULong}, {"ulonglong", tULLong},
		{"int8", tSChar}, {"int16", tShort}, {"int32", tInt}, {"int64", tLong},
		{"uint8", tUChar}, {"uint16", tUShort}, {"uint32", tUInt}, {"uint64", tULong}, {"size", tSizeT},
	}
)

// shmemSizes are the untyped sized families (shmem_put32, ...) and their
// element sizes in bytes; "mem" is bytes (shmem_putmem).
var shmemSizes = []struct {
	name string
	size int64
}{{"8", 1}, {"16", 2}, {"32", 4}, {"64", 8}, {"128", 16}, {"mem", 1}}

// shmemLib is the runtime library bound to the called name; S stands
// for it in the templates.
const shmemLib = "t.Shmem(NAME)"

// addShmem registers name with code, in which NAME is the quoted name,
// SIZE the element size and GO the element's Go type.
func addShmem(name, code string, size int64, goType string) {
	r := strings.NewReplacer("NAME", strconv.Quote(name), "SIZE", strconv.FormatInt(size, 10), "GO", goType)
	builtins[name] = simple(r.Replace(code), nil)
}

// The templates of the RMA families, by suffix of shmem_<T>_ (typed) or
// shmem_ + suffix with SIZE inserted (sized: shmem_put32).
var rmaTemplates = []struct {
	typed, sized string // the name's form; # stands for T or the size
	code         string
	ctx          bool // also shmem_ctx_<T>_... (and shmem_ctx_putN...) with a context first
}{
	{"shmem_#_put", "shmem_put#", "S.Put(upc.Blocking, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s)", true},
	{"shmem_#_put_nbi", "shmem_put#_nbi", "S.Put(upc.Asynci, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s)", true},
	{"shmem_#_get", "shmem_get#", "S.Get(upc.Blocking, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*SIZE, %[4]s)", true},
	{"shmem_#_get_nbi", "shmem_get#_nbi", "S.Get(upc.Asynci, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*SIZE, %[4]s)", true},
	{"shmem_#_iput", "shmem_iput#", "S.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), SIZE, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)", true},
	{"shmem_#_iget", "shmem_iget#", "S.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, SIZE, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)", true},
	{"shmem_#_ibput", "shmem_ibput#", "S.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)", true},
	{"shmem_#_ibget", "shmem_ibget#", "S.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)", true},
	{"shmemx_#_aput", "shmemx_aput#", "S.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)", false},
	{"shmemx_#_aget", "shmemx_aget#", "S.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)", false},
	{"shmem_#_put_signal", "shmem_put#_signal", "S.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s)", true},
	{"shmem_#_put_signal_nbi", "shmem_put#_signal_nbi", "S.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s)", true},
	{"shmem_#_p", "", "upc.ShmemP[GO](S, %[1]s, %[2]s, %[3]s)", true},
	{"shmem_#_g", "", "upc.ShmemG[GO](S, %[1]s, %[2]s)", true},
	{"shmem_#_broadcast", "", "S.Broadcast(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*SIZE, %[5]s)", false},
	{"shmem_#_collect", "", "S.Collect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*SIZE)", false},
	{"shmem_#_fcollect", "", "S.Fcollect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*SIZE)", false},
	{"shmem_#_alltoall", "", "S.Alltoall(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), SIZE)", false},
	{"shmem_#_alltoalls", "", "S.Alltoalls(%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, uintptr(%[6]s), SIZE)", false},
}

// amoTemplates are the atomics by suffix of shmem_<T>_, with the 1.3
// names (for int, long and long long) after a '|'.
var amoTemplates = []struct {
	suffix, old string
	code        string
}{
	{"atomic_fetch", "fetch", "upc.ShmemAtomic[GO](S, upc.AMOFetch, %[1]s, GO(0), GO(0), %[2]s)"},
	{"atomic_set", "set", "upc.ShmemAtomic[GO](S, upc.AMOSet, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_swap", "swap", "upc.ShmemAtomic[GO](S, upc.AMOSwap, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_compare_swap", "cswap", "upc.ShmemAtomic[GO](S, upc.AMOCSwap, %[1]s, %[3]s, %[2]s, %[4]s)"},
	{"atomic_fetch_add", "fadd", "upc.ShmemAtomic[GO](S, upc.AMOAdd, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_add", "add", "upc.ShmemAtomic[GO](S, upc.AMOAdd, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_fetch_inc", "finc", "upc.ShmemAtomic[GO](S, upc.AMOAdd, %[1]s, GO(1), GO(0), %[2]s)"},
	{"atomic_inc", "inc", "upc.ShmemAtomic[GO](S, upc.AMOAdd, %[1]s, GO(1), GO(0), %[2]s)"},
}

var bitwiseTemplates = []struct{ suffix, code string }{
	{"atomic_fetch_and", "upc.ShmemAtomic[GO](S, upc.AMOAnd, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_and", "upc.ShmemAtomic[GO](S, upc.AMOAnd, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_fetch_or", "upc.ShmemAtomic[GO](S, upc.AMOOr, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_or", "upc.ShmemAtomic[GO](S, upc.AMOOr, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_fetch_xor", "upc.ShmemAtomic[GO](S, upc.AMOXor, %[1]s, %[2]s, GO(0), %[3]s)"},
	{"atomic_xor", "upc.ShmemAtomic[GO](S, upc.AMOXor, %[1]s, %[2]s, GO(0), %[3]s)"},
}

// shmemSingles are the untyped functions.
var shmemSingles = []struct {
	names []string
	code  string
}{
	{[]string{"shmem_init"}, "S.Init()"},
	{[]string{"start_pes"}, "S.StartPEs(%[1]s)"},
	{[]string{"shmem_finalize"}, "S.Finalize()"},
	{[]string{"shmem_init_thread"}, "func() int32 { _ = %[1]s; S.Init(); cmem.Store[int32](%[2]s, 0); return 0 }()"},
	{[]string{"shmem_query_thread"}, "cmem.Store[int32](%[1]s, 0)"},
	{[]string{"shmem_info_get_version"}, "func() { cmem.Store[int32](%[1]s, 1); cmem.Store[int32](%[2]s, 5) }()"},
	{[]string{"shmem_info_get_name"}, `copy(cmem.Bytes(%[1]s, 6), "upcgo\x00")`},
	{[]string{"shmem_my_pe", "_my_pe"}, "int32(t.MyThread)"},
	{[]string{"shmem_n_pes", "_num_pes"}, "int32(t.Threads)"},
	{[]string{"shmem_global_exit"}, "S.GlobalExit(%[1]s)"},
	{[]string{"shmem_barrier_all"}, "S.BarrierAll()"},
	{[]string{"shmem_sync_all"}, "t.Barrier()"},
	{[]string{"shmem_barrier"}, "S.ActiveSetBarrier(%[1]s, %[2]s, %[3]s, %[4]s)"},
	{[]string{"shmem_quiet"}, "S.Quiet()"},
	{[]string{"shmem_fence"}, "S.Fence()"},
	{[]string{"shmem_ctx_quiet"}, "S.Ctx(%[1]s).Quiet()"},
	{[]string{"shmem_ctx_fence"}, "S.Ctx(%[1]s).Fence()"},
	{[]string{"shmem_malloc", "shmalloc"}, "S.Malloc(uintptr(%[1]s))"},
	{[]string{"shmem_calloc"}, "S.Calloc(uintptr(%[1]s), uintptr(%[2]s))"},
	{[]string{"shmem_align", "shmemalign"}, "S.Align(uintptr(%[1]s), uintptr(%[2]s))"},
	{[]string{"shmem_realloc", "shrealloc"}, "S.Realloc(%[1]s, uintptr(%[2]s))"},
	{[]string{"shmem_free", "shfree"}, "S.Free(%[1]s)"},
	{[]string{"shmem_ptr"}, "S.Ptr(%[1]s, %[2]s)"},
	{[]string{"shmem_addr_accessible"}, "S.AddrAccessible(%[1]s, %[2]s)"},
	{[]string{"shmem_pe_accessible"}, "S.PEAccessible(%[1]s)"},
	{[]string{"shmem_set_lock"}, "S.SetLock(%[1]s)"},
	{[]string{"shmem_clear_lock"}, "S.ClearLock(%[1]s)"},
	{[]string{"shmem_test_lock"}, "S.TestLock(%[1]s)"},
	{[]string{"shmem_team_my_pe"}, "S.TeamMyPE(%[1]s)"},
	{[]string{"shmem_team_n_pes"}, "S.TeamNPEs(%[1]s)"},
	{[]string{"shmem_team_sync"}, "S.TeamSync(%[1]s)"},
	{[]string{"shmem_team_translate_pe"}, "S.TeamTranslatePE(%[1]s, %[2]s, %[3]s)"},
	{[]string{"shmem_team_split_strided"}, "S.TeamSplitStrided(%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, crt.P(%[7]s))"},
	{[]string{"shmem_team_split_2d"}, "S.TeamSplit2D(%[1]s, %[2]s, %[3]s, %[4]s, crt.P(%[5]s), %[6]s, %[7]s, crt.P(%[8]s))"},
	{[]string{"shmem_team_destroy"}, "S.TeamDestroy(%[1]s)"},
	{[]string{"shmem_team_get_config"}, "S.TeamGetConfig(%[1]s, %[2]s, crt.P(%[3]s))"},
	{[]string{"shmem_ctx_create"}, "S.CtxCreate(upc.TeamWorld, %[1]s, crt.P(%[2]s))"},
	{[]string{"shmem_team_create_ctx"}, "S.CtxCreate(%[1]s, %[2]s, crt.P(%[3]s))"},
	{[]string{"shmem_ctx_destroy"}, "S.Ctx(%[1]s).Quiet()"},
	{[]string{"shmem_ctx_get_team"}, "S.CtxGetTeam(%[1]s, crt.P(%[2]s))"},
	{[]string{"shmem_broadcastmem"}, "S.Broadcast(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), %[5]s)"},
	{[]string{"shmem_collectmem"}, "S.Collect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{[]string{"shmem_fcollectmem"}, "S.Fcollect(%[1]s, %[2]s, %[3]s, uintptr(%[4]s))"},
	{[]string{"shmem_alltoallmem"}, "S.Alltoall(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), 1)"},
	{[]string{"shmem_alltoallsmem"}, "S.Alltoalls(%[1]s, %[2]s, %[3]s, %[4]s, %[5]s, uintptr(%[6]s), 1)"},
	{[]string{"shmem_signal_fetch"}, "S.SignalFetch(%[1]s)"},
	{[]string{"shmem_signal_wait_until"}, "S.SignalWaitUntil(%[1]s, %[2]s, %[3]s)"},
}

// coll13Templates are the 1.3 active-set collectives by their sized
// name; # is 32 or 64.
var coll13Templates = []struct{ name, code string }{
	{"shmem_broadcast#", "S.BroadcastSet(%[1]s, %[2]s, uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"shmem_collect#", "S.CollectSet(%[1]s, %[2]s, uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_fcollect#", "S.FcollectSet(%[1]s, %[2]s, uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_alltoall#", "S.AlltoallSet(%[1]s, %[2]s, uintptr(%[3]s), SIZE, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_alltoalls#", "S.AlltoallsSet(%[1]s, %[2]s, %[3]s, %[4]s, uintptr(%[5]s), SIZE, %[6]s, %[7]s, %[8]s, %[9]s)"},
}

// waitVectorTemplates are the multi-variable waits and tests by suffix
// of shmem_<T>_: form, whether it waits, and the call's parameters after
// ivars and nelems (indices, status, cmp, value or values).
var waitVectorTemplates = []struct{ suffix, code string }{
	{"wait_until_all", "upc.ShmemWaitVector[GO](S, upc.WaitAll, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil)"},
	{"wait_until_any", "upc.ShmemWaitVector[GO](S, upc.WaitAny, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil)"},
	{"wait_until_some", "upc.ShmemWaitVector[GO](S, upc.WaitSome, true, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, %[6]s, nil)"},
	{"wait_until_all_vector", "upc.ShmemWaitVector[GO](S, upc.WaitAll, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s))"},
	{"wait_until_any_vector", "upc.ShmemWaitVector[GO](S, upc.WaitAny, true, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s))"},
	{"wait_until_some_vector", "upc.ShmemWaitVector[GO](S, upc.WaitSome, true, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, 0, crt.P(%[6]s))"},
	{"test_all", "int32(upc.ShmemWaitVector[GO](S, upc.WaitAll, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil))"},
	{"test_any", "upc.ShmemWaitVector[GO](S, upc.WaitAny, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, %[5]s, nil)"},
	{"test_some", "upc.ShmemWaitVector[GO](S, upc.WaitSome, false, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, %[6]s, nil)"},
	{"test_all_vector", "int32(upc.ShmemWaitVector[GO](S, upc.WaitAll, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s)))"},
	{"test_any_vector", "upc.ShmemWaitVector[GO](S, upc.WaitAny, false, %[1]s, uintptr(%[2]s), nil, crt.P(%[3]s), %[4]s, 0, crt.P(%[5]s))"},
	{"test_some_vector", "upc.ShmemWaitVector[GO](S, upc.WaitSome, false, %[1]s, uintptr(%[2]s), crt.P(%[3]s), crt.P(%[4]s), %[5]s, 0, crt.P(%[6]s))"},
}

// to13Types are the types of the 1.3 reductions (shmem_<T>_<op>_to_all):
// all take and, or and xor but the floating ones.
var to13Types = []shmemType{
	{"short", tShort}, {"int", tInt}, {"long", tLong}, {"longlong", tLLong},
	{"float", tFloat}, {"double", tDouble}, {"longdouble", tLDouble},
}

var placeholder = regexp.MustCompile(`%\[(\d+)\]s`)

// ctxCode is the shmem_ctx_ form of an RMA or AMO template: the context
// comes first and the other arguments move up by one.
func ctxCode(code string) string {
	code = placeholder.ReplaceAllStringFunc(code, func(m string) string {
		n, _ := strconv.Atoi(m[2 : len(m)-2])
		return fmt.Sprintf("%%[%d]s", n+1)
	})
	return strings.NewReplacer("(S,", "(S.Ctx(%[1]s),", "S.", "S.Ctx(%[1]s).").Replace(code)
}

func init() {
	lib := strings.NewReplacer("(S,", "("+shmemLib+",", "S.", shmemLib+".")
	add := func(name, code string, size int64, goType string) {
		addShmem(name, lib.Replace(code), size, goType)
		specialFuncs = append(specialFuncs, name)
	}
	// addCtx adds name and, if ctx, its shmem_ctx_ form.
	addCtx := func(name, code string, size int64, goType string, ctx bool) {
		add(name, code, size, goType)
		if ctx {
			add(strings.Replace(name, "shmem_", "shmem_ctx_", 1), ctxCode(code), size, goType)
		}
	}
	for _, f := range rmaTemplates {
		for _, ty := range rmaTypes {
			addCtx(strings.Replace(f.typed, "#", ty.name, 1), f.code, ty.c.Size(), ty.c.goType(), f.ctx)
		}
		if f.sized == "" {
			continue
		}
		for _, sz := range shmemSizes {
			if sz.name == "mem" && (strings.HasPrefix(f.sized, "shmem_i") || strings.HasPrefix(f.sized, "shmemx_")) {
				continue // no shmem_iputmem, shmem_ibputmem, shmemx_aputmem
			}
			addCtx(strings.Replace(f.sized, "#", sz.name, 1), f.code, sz.size, "", f.ctx)
		}
	}
	for _, f := range amoTemplates {
		for _, ty := range amoTypes {
			addCtx("shmem_"+ty.name+"_"+f.suffix, f.code, ty.c.Size(), ty.c.goType(), true)
		}
		switch f.old {
		case "fetch", "set", "swap":
			for _, ty := range floatAMOTypes {
				addCtx("shmem_"+ty.name+"_"+f.suffix, f.code, ty.c.Size(), ty.c.goType(), true)
				add("shmem_"+ty.name+"_"+f.old, f.code, ty.c.Size(), ty.c.goType())
			}
		}
		for _, ty := range amoTypes[:3] {
			add("shmem_"+ty.name+"_"+f.old, f.code, ty.c.Size(), ty.c.goType())
		}
	}
	for _, f := range bitwiseTemplates {
		for _, ty := range bitwiseTypes {
			addCtx("shmem_"+ty.name+"_"+f.suffix, f.code, ty.c.Size(), ty.c.goType(), true)
		}
	}
	for _, ty := range waitTypes {
		add("shmem_"+ty.name+"_wait_until", "upc.ShmemWaitUntil[GO](S, %[1]s, %[2]s, %[3]s)", 0, ty.c.goType())
		add("shmem_"+ty.name+"_test", "upc.ShmemTest[GO](S, %[1]s, %[2]s, %[3]s)", 0, ty.c.goType())
		add("shmem_"+ty.name+"_wait", "upc.ShmemWaitUntil[GO](S, %[1]s, upc.CmpNE, %[2]s)", 0, ty.c.goType())
		for _, f := range waitVectorTemplates {
			add("shmem_"+ty.name+"_"+f.suffix, f.code, 0, ty.c.goType())
		}
	}
	for i, op := range []string{"sum", "prod", "min", "max"} {
		for _, ty := range arithReduceTypes {
			add(fmt.Sprintf("shmem_%s_%s_reduce", ty.name, op),
				fmt.Sprintf("upc.ShmemReduce[GO](S, %d, %%[1]s, %%[2]s, %%[3]s, uintptr(%%[4]s))", i), 0, ty.c.goType())
		}
		for _, ty := range to13Types {
			add(fmt.Sprintf("shmem_%s_%s_to_all", ty.name, op),
				fmt.Sprintf("upc.ShmemReduceSet[GO](S, %d, %%[1]s, %%[2]s, %%[3]s, %%[4]s, %%[5]s, %%[6]s, %%[7]s, %%[8]s)", i), 0, ty.c.goType())
		}
	}
	for i, op := range []string{"and", "or", "xor"} {
		for _, ty := range bitReduceTypes {
			add(fmt.Sprintf("shmem_%s_%s_reduce", ty.name, op),
				fmt.Sprintf("upc.ShmemReduceBits[GO](S, %d, %%[1]s, %%[2]s, %%[3]s, uintptr(%%[4]s))", i+4), 0, ty.c.goType())
		}
		for _, ty := range to13Types[:4] {
			add(fmt.Sprintf("shmem_%s_%s_to_all", ty.name, op),
				fmt.Sprintf("upc.ShmemReduceBitsSet[GO](S, %d, %%[1]s, %%[2]s, %%[3]s, %%[4]s, %%[5]s, %%[6]s, %%[7]s, %%[8]s)", i+4), 0, ty.c.goType())
		}
	}
	for _, f := range coll13Templates {
		for _, sz := range shmemSizes[2:4] {
			add(strings.Replace(f.name, "#", sz.name, 1), f.code, sz.size, "")
		}
	}
	for _, f := range shmemSingles {
		for _, name := range f.names {
			add(name, f.code, 0, "")
		}
	}
	for _, g := range shmemGenerics {
		name := "__builtin_" + g.name
		builtins[name] = &builtinFunc{lower: genericLowering(g.name, g.arg)}
		specialFuncs = append(specialFuncs, name)
	}
}

// shmemGenerics are the C11 generic names (shmem.h maps each to
// __builtin_ + its name) and which argument's pointee type picks the
// typed function: dest (0), or dest after the team (1). The RMA and AMO
// names also take a context first.
var shmemGenerics = []struct {
	name string
	arg  int
}{
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

// isShmemCtx reports whether t is shmem_ctx_t.
func isShmemCtx(t *Type) bool {
	return t != nil && t.Kind == Ptr && t.Elem.Kind == Struct && t.Elem.Rec != nil && t.Elem.Rec.Tag == "__shmem_ctx"
}

// genericLowering lowers a C11 generic name as the typed function for
// the type its arg-th argument (after a context) points to: the call
// converts its arguments to that function's prototype and lowers as it.
func genericLowering(generic string, arg int) func(*translator, []string, []operand, token.Pos) (string, *Type) {
	return func(tr *translator, _ []string, raw []operand, pos token.Pos) (string, *Type) {
		prefix, arg := "shmem_", arg
		if len(raw) > 0 && isShmemCtx(raw[0].t) {
			prefix, arg = "shmem_ctx_", arg+1
		}
		if len(raw) <= arg {
			tr.errorf(pos, "too few arguments to %s", generic)
			return "0", tInt
		}
		pt := raw[arg].t
		if pt == nil {
			return "0", tInt // already reported
		}
		if pt.Kind != Ptr {
			tr.errorf(pos, "argument %d of %s must point to the data, not be '%s'", arg+1, generic, pt)
			return "0", tInt
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
			return "0", tInt
		}
		sig := sym.typ.Fn
		if len(raw) != len(sig.Params) {
			tr.errorf(pos, "%s on '%s' takes %d arguments, but %d were given", generic, pt.Elem, len(sig.Params), len(raw))
			return "0", tInt
		}
		args := make([]string, len(raw))
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
