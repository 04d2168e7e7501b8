package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/parser/ast"
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
		{"float", tFloat}, {"double", tDouble},
	}
	bitReduceTypes = []shmemType{
		{"uchar", tUChar}, {"ushort", tUShort}, {"uint", tUInt}, {"ulong", tULong}, {"ulonglong", tULLong},
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
}{
	{"shmem_#_put", "shmem_put#", "S.Put(upc.Blocking, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s)"},
	{"shmem_#_put_nbi", "shmem_put#_nbi", "S.Put(upc.Asynci, %[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s)"},
	{"shmem_#_get", "shmem_get#", "S.Get(upc.Blocking, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*SIZE, %[4]s)"},
	{"shmem_#_get_nbi", "shmem_get#_nbi", "S.Get(upc.Asynci, crt.P(%[1]s), %[2]s, uintptr(%[3]s)*SIZE, %[4]s)"},
	{"shmem_#_iput", "shmem_iput#", "S.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), SIZE, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)"},
	{"shmem_#_iget", "shmem_iget#", "S.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, SIZE, %[3]s, %[4]s, 1, uintptr(%[5]s), %[6]s)"},
	{"shmem_#_ibput", "shmem_ibput#", "S.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmem_#_ibget", "shmem_ibget#", "S.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmemx_#_aput", "shmemx_aput#", "S.PutBlocks(upc.Blocking, %[1]s, crt.P(%[2]s), SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmemx_#_aget", "shmemx_aget#", "S.GetBlocks(upc.Blocking, crt.P(%[1]s), %[2]s, SIZE, %[3]s, %[4]s, uintptr(%[5]s), uintptr(%[6]s), %[7]s)"},
	{"shmem_#_put_signal", "shmem_put#_signal", "S.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_#_put_signal_nbi", "shmem_put#_signal_nbi", "S.PutSignal(%[1]s, crt.P(%[2]s), uintptr(%[3]s)*SIZE, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"shmem_#_p", "", "upc.ShmemP[GO](S, %[1]s, %[2]s, %[3]s)"},
	{"shmem_#_g", "", "upc.ShmemG[GO](S, %[1]s, %[2]s)"},
	{"shmem_#_broadcast", "", "S.Broadcast(%[1]s, %[2]s, %[3]s, uintptr(%[4]s)*SIZE, %[5]s)"},
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
	{[]string{"shmem_malloc", "shmalloc"}, "S.Malloc(uintptr(%[1]s))"},
	{[]string{"shmem_calloc"}, "S.Calloc(uintptr(%[1]s), uintptr(%[2]s))"},
	{[]string{"shmem_align", "shmemalign"}, "S.Align(uintptr(%[1]s), uintptr(%[2]s))"},
	{[]string{"shmem_realloc", "shrealloc"}, "S.Realloc(%[1]s, uintptr(%[2]s))"},
	{[]string{"shmem_free", "shfree"}, "S.Free(%[1]s)"},
	{[]string{"shmem_ptr"}, "S.Ptr(%[1]s, %[2]s)"},
	{[]string{"shmem_addr_accessible"}, "S.AddrAccessible(%[1]s, %[2]s)"},
	{[]string{"shmem_pe_accessible"}, "S.PEAccessible(%[1]s)"},
	{[]string{"shmem_team_my_pe"}, "S.TeamMyPE(%[1]s)"},
	{[]string{"shmem_team_n_pes"}, "S.TeamNPEs(%[1]s)"},
	{[]string{"shmem_team_sync"}, "S.TeamSync(%[1]s)"},
	{[]string{"shmem_broadcastmem"}, "S.Broadcast(%[1]s, %[2]s, %[3]s, uintptr(%[4]s), %[5]s)"},
	{[]string{"shmem_signal_fetch"}, "S.SignalFetch(%[1]s)"},
	{[]string{"shmem_signal_wait_until"}, "S.SignalWaitUntil(%[1]s, %[2]s, %[3]s)"},
	{[]string{"shmem_wait_until"}, "upc.ShmemWaitUntil[int64](S, %[1]s, %[2]s, %[3]s)"},
	{[]string{"shmem_wait"}, "upc.ShmemWaitUntil[int64](S, %[1]s, upc.CmpNE, %[2]s)"},
}

func init() {
	lib := strings.NewReplacer("(S,", "("+shmemLib+",", "S.", shmemLib+".")
	add := func(name, code string, size int64, goType string) {
		addShmem(name, lib.Replace(code), size, goType)
		specialFuncs = append(specialFuncs, name)
	}
	for _, f := range rmaTemplates {
		for _, ty := range rmaTypes {
			add(strings.Replace(f.typed, "#", ty.name, 1), f.code, ty.c.Size(), ty.c.goType())
		}
		if f.sized == "" {
			continue
		}
		for _, sz := range shmemSizes {
			if sz.name == "mem" && (strings.HasPrefix(f.sized, "shmem_i") || strings.HasPrefix(f.sized, "shmemx_")) {
				continue // no shmem_iputmem, shmem_ibputmem, shmemx_aputmem
			}
			add(strings.Replace(f.sized, "#", sz.name, 1), f.code, sz.size, "")
		}
	}
	for _, f := range amoTemplates {
		for _, ty := range amoTypes {
			add("shmem_"+ty.name+"_"+f.suffix, f.code, ty.c.Size(), ty.c.goType())
		}
		switch f.old {
		case "fetch", "set", "swap":
			for _, ty := range floatAMOTypes {
				add("shmem_"+ty.name+"_"+f.suffix, f.code, ty.c.Size(), ty.c.goType())
				add("shmem_"+ty.name+"_"+f.old, f.code, ty.c.Size(), ty.c.goType())
			}
		}
		for _, ty := range amoTypes[:3] {
			add("shmem_"+ty.name+"_"+f.old, f.code, ty.c.Size(), ty.c.goType())
		}
	}
	for _, f := range bitwiseTemplates {
		for _, ty := range bitwiseTypes {
			add("shmem_"+ty.name+"_"+f.suffix, f.code, ty.c.Size(), ty.c.goType())
		}
	}
	for _, ty := range waitTypes {
		add("shmem_"+ty.name+"_wait_until", "upc.ShmemWaitUntil[GO](S, %[1]s, %[2]s, %[3]s)", 0, ty.c.goType())
		add("shmem_"+ty.name+"_test", "upc.ShmemTest[GO](S, %[1]s, %[2]s, %[3]s)", 0, ty.c.goType())
		add("shmem_"+ty.name+"_wait", "upc.ShmemWaitUntil[GO](S, %[1]s, upc.CmpNE, %[2]s)", 0, ty.c.goType())
	}
	for i, op := range []string{"sum", "prod", "min", "max"} {
		for _, ty := range arithReduceTypes {
			add(fmt.Sprintf("shmem_%s_%s_reduce", ty.name, op),
				fmt.Sprintf("upc.ShmemReduce[GO](S, %d, %%[1]s, %%[2]s, %%[3]s, uintptr(%%[4]s))", i), 0, ty.c.goType())
		}
	}
	for i, op := range []string{"and", "or", "xor"} {
		for _, ty := range bitReduceTypes {
			add(fmt.Sprintf("shmem_%s_%s_reduce", ty.name, op),
				fmt.Sprintf("upc.ShmemReduceBits[GO](S, %d, %%[1]s, %%[2]s, %%[3]s, uintptr(%%[4]s))", i+4), 0, ty.c.goType())
		}
	}
	for _, f := range shmemSingles {
		for _, name := range f.names {
			add(name, f.code, 0, "")
		}
	}
}
