package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// stdlib.h: package stdlib, but for the functions that end the thread or the
// job, take C function pointers, or return structures.

// stdlibLib is stdlib.h. exit and _Exit end only the calling UPC thread
// (the job ends when every thread has), and abort ends the whole job, so
// they go through the runtime rather than stdlib.Exit alone. atexit,
// qsort and bsearch take C function pointers, which the lowering wraps in
// Go funcs; div, ldiv and lldiv copy stdlib's DivT and LdivT into the C
// div_t, ldiv_t and lldiv_t.
var stdlibLib = library{
	header: "stdlib.h",
	calls: map[string]libcFunc{
		"atof":           {"stdlib.Atof", noState},
		"atoi":           {"stdlib.Atoi", noState},
		"atol":           {"stdlib.Atol", noState},
		"atoll":          {"stdlib.Atoll", noState},
		"strtod":         {"stdlib.Strtod", withState},
		"strtof":         {"stdlib.Strtof", withState},
		"strtold":        {"stdlib.Strtold", withState},
		"strtol":         {"stdlib.Strtol", withState},
		"strtoll":        {"stdlib.Strtoll", withState},
		"strtoul":        {"stdlib.Strtoul", withState},
		"strtoull":       {"stdlib.Strtoull", withState},
		"rand":           {"stdlib.Rand", withState},
		"srand":          {"stdlib.Srand", withState},
		"random":         {"stdlib.Random", withState},
		"srandom":        {"stdlib.Srand", withState},
		"rand_r":         {"stdlib.RandR", noState},
		"malloc":         {"stdlib.Malloc", noState},
		"calloc":         {"stdlib.Calloc", noState},
		"realloc":        {"stdlib.Realloc", noState},
		"free":           {"stdlib.Free", noState},
		"posix_memalign": {"stdlib.PosixMemalign", noState},
		"aligned_alloc":  {"stdlib.AlignedAlloc", withState},
		"getenv":         {"stdlib.Getenv", noState},
		"abs":            {"stdlib.Abs", noState},
		"labs":           {"stdlib.Labs", noState},
		"llabs":          {"stdlib.Llabs", noState},
	},
	lowered: map[string]*builtinFunc{
		"exit":  simple("t.Exit(int(%s))", ctype.VoidType),
		"_Exit": simple("t.Exit(int(%s))", ctype.VoidType),
		"abort": simple("stdlib.Abort()", ctype.VoidType),
		"atexit": {lower: func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
			return callf("stdlib.Atexit(func() { %s })", tr.callPointer(raw[0], nil, pos)), ctype.IntType
		}},
		"qsort":   {lower: (*translator).lowerQsort},
		"bsearch": {lower: (*translator).lowerBsearch},
		"div":     {lower: divLowering("stdlib.Div", ctype.IntType)},
		"ldiv":    {lower: divLowering("stdlib.Ldiv", ctype.LongType)},
		"lldiv":   {lower: divLowering("stdlib.Lldiv", ctype.LLongType)},
	},
}
