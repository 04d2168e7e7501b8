package lower

import (
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// libcFunc maps a C library function to its Go implementation.
type libcFunc struct {
	goName string // "stdlib.Printf"
	state  bool   // takes the thread's *stdlib.State first
}

// libcFuncs maps every function that the headers in stdlib/include declare
// and that a call can reach directly to its implementation in package
// stdlib. Arguments convert to Go types as package stdlib's doc says
// (pointers to uintptr, int to int32, size_t to uint64, ...); the variadic
// ones take ...any after C's default argument promotions.
//
// libc_test.go checks the table against the headers and against the Go
// signatures, so adding a prototype to a header means adding it here or to
// specialFuncs.
var libcFuncs = map[string]libcFunc{
	// stdio.h
	"__stdin":  {"stdlib.Stdin", false},
	"__stdout": {"stdlib.Stdout", false},
	"__stderr": {"stdlib.Stderr", false},
	"fopen":    {"stdlib.Fopen", true},
	"fclose":   {"stdlib.Fclose", true},
	"fflush":   {"stdlib.Fflush", false},
	"setbuf":   {"stdlib.Setbuf", false},
	"setvbuf":  {"stdlib.Setvbuf", false},
	"remove":   {"stdlib.Remove", true},
	"rename":   {"stdlib.Rename", true},
	"printf":   {"stdlib.Printf", false},
	"fprintf":  {"stdlib.Fprintf", false},
	"sprintf":  {"stdlib.Sprintf", false},
	"snprintf": {"stdlib.Snprintf", false},
	"scanf":    {"stdlib.Scanf", false},
	"fscanf":   {"stdlib.Fscanf", false},
	"sscanf":   {"stdlib.Sscanf", false},
	"fgetc":    {"stdlib.Fgetc", false},
	"getc":     {"stdlib.Getc", false},
	"getchar":  {"stdlib.Getchar", false},
	"ungetc":   {"stdlib.Ungetc", false},
	"fgets":    {"stdlib.Fgets", false},
	"fputc":    {"stdlib.Fputc", false},
	"putc":     {"stdlib.Putc", false},
	"putchar":  {"stdlib.Putchar", false},
	"fputs":    {"stdlib.Fputs", false},
	"puts":     {"stdlib.Puts", false},
	"fread":    {"stdlib.Fread", false},
	"fwrite":   {"stdlib.Fwrite", false},
	"fseek":    {"stdlib.Fseek", true},
	"ftell":    {"stdlib.Ftell", true},
	"rewind":   {"stdlib.Rewind", true},
	"clearerr": {"stdlib.Clearerr", false},
	"feof":     {"stdlib.Feof", false},
	"ferror":   {"stdlib.Ferror", false},
	"perror":   {"stdlib.Perror", true},

	// stdlib.h
	"atof":     {"stdlib.Atof", false},
	"atoi":     {"stdlib.Atoi", false},
	"atol":     {"stdlib.Atol", false},
	"atoll":    {"stdlib.Atoll", false},
	"strtod":   {"stdlib.Strtod", true},
	"strtof":   {"stdlib.Strtof", true},
	"strtold":  {"stdlib.Strtold", true},
	"strtol":   {"stdlib.Strtol", true},
	"strtoll":  {"stdlib.Strtoll", true},
	"strtoul":  {"stdlib.Strtoul", true},
	"strtoull": {"stdlib.Strtoull", true},
	"rand":     {"stdlib.Rand", true},
	"srand":    {"stdlib.Srand", true},
	"random":   {"stdlib.Random", true},
	"srandom":  {"stdlib.Srand", true},
	"rand_r":   {"stdlib.RandR", false},

	// unistd.h
	"sleep":       {"stdlib.Sleep", false},
	"usleep":      {"stdlib.Usleep", false},
	"getpid":      {"stdlib.Getpid", false},
	"gethostname": {"stdlib.Gethostname", false},
	"malloc":      {"stdlib.Malloc", false},
	"calloc":      {"stdlib.Calloc", false},
	"realloc":     {"stdlib.Realloc", false},
	"free":        {"stdlib.Free", false},
	"getenv":      {"stdlib.Getenv", false},
	"abs":         {"stdlib.Abs", false},
	"labs":        {"stdlib.Labs", false},
	"llabs":       {"stdlib.Llabs", false},

	// string.h
	"memcpy":   {"stdlib.Memcpy", false},
	"memmove":  {"stdlib.Memmove", false},
	"memset":   {"stdlib.Memset", false},
	"memcmp":   {"stdlib.Memcmp", false},
	"memchr":   {"stdlib.Memchr", false},
	"strcpy":   {"stdlib.Strcpy", false},
	"strncpy":  {"stdlib.Strncpy", false},
	"strcat":   {"stdlib.Strcat", false},
	"strncat":  {"stdlib.Strncat", false},
	"strcmp":   {"stdlib.Strcmp", false},
	"strncmp":  {"stdlib.Strncmp", false},
	"strchr":   {"stdlib.Strchr", false},
	"strrchr":  {"stdlib.Strrchr", false},
	"strstr":   {"stdlib.Strstr", false},
	"strspn":   {"stdlib.Strspn", false},
	"strcspn":  {"stdlib.Strcspn", false},
	"strpbrk":  {"stdlib.Strpbrk", false},
	"strtok":   {"stdlib.Strtok", true},
	"strtok_r": {"stdlib.StrtokR", false},
	"strlen":   {"stdlib.Strlen", false},
	"strnlen":  {"stdlib.Strnlen", false},
	"strdup":   {"stdlib.Strdup", false},
	"strndup":  {"stdlib.Strndup", false},
	"strerror": {"stdlib.Strerror", false},

	// ctype.h
	"isalnum":  {"stdlib.Isalnum", false},
	"isalpha":  {"stdlib.Isalpha", false},
	"isblank":  {"stdlib.Isblank", false},
	"iscntrl":  {"stdlib.Iscntrl", false},
	"isdigit":  {"stdlib.Isdigit", false},
	"isgraph":  {"stdlib.Isgraph", false},
	"islower":  {"stdlib.Islower", false},
	"isprint":  {"stdlib.Isprint", false},
	"ispunct":  {"stdlib.Ispunct", false},
	"isspace":  {"stdlib.Isspace", false},
	"isupper":  {"stdlib.Isupper", false},
	"isxdigit": {"stdlib.Isxdigit", false},
	"tolower":  {"stdlib.Tolower", false},
	"toupper":  {"stdlib.Toupper", false},

	// math.h
	"acos":       {"stdlib.Acos", false},
	"acosf":      {"stdlib.Acosf", false},
	"asin":       {"stdlib.Asin", false},
	"asinf":      {"stdlib.Asinf", false},
	"atan":       {"stdlib.Atan", false},
	"atanf":      {"stdlib.Atanf", false},
	"cos":        {"stdlib.Cos", false},
	"cosf":       {"stdlib.Cosf", false},
	"sin":        {"stdlib.Sin", false},
	"sinf":       {"stdlib.Sinf", false},
	"tan":        {"stdlib.Tan", false},
	"tanf":       {"stdlib.Tanf", false},
	"acosh":      {"stdlib.Acosh", false},
	"acoshf":     {"stdlib.Acoshf", false},
	"asinh":      {"stdlib.Asinh", false},
	"asinhf":     {"stdlib.Asinhf", false},
	"atanh":      {"stdlib.Atanh", false},
	"atanhf":     {"stdlib.Atanhf", false},
	"cosh":       {"stdlib.Cosh", false},
	"coshf":      {"stdlib.Coshf", false},
	"sinh":       {"stdlib.Sinh", false},
	"sinhf":      {"stdlib.Sinhf", false},
	"tanh":       {"stdlib.Tanh", false},
	"tanhf":      {"stdlib.Tanhf", false},
	"exp":        {"stdlib.Exp", false},
	"expf":       {"stdlib.Expf", false},
	"exp2":       {"stdlib.Exp2", false},
	"exp2f":      {"stdlib.Exp2f", false},
	"expm1":      {"stdlib.Expm1", false},
	"expm1f":     {"stdlib.Expm1f", false},
	"log":        {"stdlib.Log", false},
	"logf":       {"stdlib.Logf", false},
	"log10":      {"stdlib.Log10", false},
	"log10f":     {"stdlib.Log10f", false},
	"log1p":      {"stdlib.Log1p", false},
	"log1pf":     {"stdlib.Log1pf", false},
	"log2":       {"stdlib.Log2", false},
	"log2f":      {"stdlib.Log2f", false},
	"logb":       {"stdlib.Logb", false},
	"logbf":      {"stdlib.Logbf", false},
	"cbrt":       {"stdlib.Cbrt", false},
	"cbrtf":      {"stdlib.Cbrtf", false},
	"fabs":       {"stdlib.Fabs", false},
	"fabsf":      {"stdlib.Fabsf", false},
	"sqrt":       {"stdlib.Sqrt", false},
	"sqrtf":      {"stdlib.Sqrtf", false},
	"erf":        {"stdlib.Erf", false},
	"erff":       {"stdlib.Erff", false},
	"erfc":       {"stdlib.Erfc", false},
	"erfcf":      {"stdlib.Erfcf", false},
	"lgamma":     {"stdlib.Lgamma", false},
	"lgammaf":    {"stdlib.Lgammaf", false},
	"tgamma":     {"stdlib.Tgamma", false},
	"tgammaf":    {"stdlib.Tgammaf", false},
	"ceil":       {"stdlib.Ceil", false},
	"ceilf":      {"stdlib.Ceilf", false},
	"floor":      {"stdlib.Floor", false},
	"floorf":     {"stdlib.Floorf", false},
	"nearbyint":  {"stdlib.Nearbyint", false},
	"nearbyintf": {"stdlib.Nearbyintf", false},
	"rint":       {"stdlib.Rint", false},
	"rintf":      {"stdlib.Rintf", false},
	"round":      {"stdlib.Round", false},
	"roundf":     {"stdlib.Roundf", false},
	"trunc":      {"stdlib.Trunc", false},
	"truncf":     {"stdlib.Truncf", false},
	"atan2":      {"stdlib.Atan2", false},
	"atan2f":     {"stdlib.Atan2f", false},
	"pow":        {"stdlib.Pow", false},
	"powf":       {"stdlib.Powf", false},
	"fmod":       {"stdlib.Fmod", false},
	"fmodf":      {"stdlib.Fmodf", false},
	"remainder":  {"stdlib.Remainder", false},
	"remainderf": {"stdlib.Remainderf", false},
	"hypot":      {"stdlib.Hypot", false},
	"hypotf":     {"stdlib.Hypotf", false},
	"fdim":       {"stdlib.Fdim", false},
	"fdimf":      {"stdlib.Fdimf", false},
	"copysign":   {"stdlib.Copysign", false},
	"copysignf":  {"stdlib.Copysignf", false},
	"nextafter":  {"stdlib.Nextafter", false},
	"nextafterf": {"stdlib.Nextafterf", false},
	"fmax":       {"stdlib.Fmax", false},
	"fmaxf":      {"stdlib.Fmaxf", false},
	"fmin":       {"stdlib.Fmin", false},
	"fminf":      {"stdlib.Fminf", false},
	"fma":        {"stdlib.Fma", false},
	"fmaf":       {"stdlib.Fmaf", false},
	"lround":     {"stdlib.Lround", false},
	"lroundf":    {"stdlib.Lroundf", false},
	"llround":    {"stdlib.Llround", false},
	"lrint":      {"stdlib.Lrint", false},
	"lrintf":     {"stdlib.Lrintf", false},
	"llrint":     {"stdlib.Llrint", false},
	"frexp":      {"stdlib.Frexp", false},
	"frexpf":     {"stdlib.Frexpf", false},
	"ldexp":      {"stdlib.Ldexp", false},
	"ldexpf":     {"stdlib.Ldexpf", false},
	"scalbn":     {"stdlib.Scalbn", false},
	"scalbnf":    {"stdlib.Scalbnf", false},
	"ilogb":      {"stdlib.Ilogb", false},
	"ilogbf":     {"stdlib.Ilogbf", false},
	"modf":       {"stdlib.Modf", false},
	"modff":      {"stdlib.Modff", false},

	// time.h, sys/time.h
	"time":         {"stdlib.Time", false},
	"clock":        {"stdlib.Clock", false},
	"gettimeofday": {"stdlib.Gettimeofday", false},
}

// specialFuncs are the functions the headers declare or use that are not
// plain calls into package stdlib; the lowering translates each by name.
var specialFuncs = []string{
	// errno is "(*__errno_location())": the address of the calling
	// thread's stdlib.State.Errno.
	"__errno_location",
	// assert's failure path: glibc's message ("prog: file:line: func:
	// Assertion `expr' failed.") on stderr, then abort.
	"__assert_fail",
	// exit and _Exit end only the calling UPC thread (the job ends when
	// every thread has), and abort ends the whole job, so they go through
	// the runtime rather than stdlib.Exit alone.
	"exit",
	"_Exit",
	"abort",
	// Function-pointer arguments: stdlib takes Go funcs, which the
	// lowering builds around the C function.
	"atexit",
	"qsort",
	"bsearch",
	// Structure results: stdlib returns DivT and LdivT, which the lowering
	// copies into the C div_t, ldiv_t and lldiv_t.
	"div",
	"ldiv",
	"lldiv",
	// The va_list forms of printf: the lowering decodes the va_list by the
	// format (crt.VaFormat) and calls the variadic stdlib function.
	"vprintf",
	"vfprintf",
	"vsprintf",
	"vsnprintf",

	// upc.h: runtime/upc.
	"upc_global_exit",
	"upc_global_alloc",
	"upc_all_alloc",
	"upc_alloc",
	"upc_local_alloc",
	"upc_free",
	"upc_all_free",
	"upc_threadof",
	"upc_phaseof",
	"upc_resetphase",
	"upc_addrfield",
	"upc_affinitysize",
	"upc_global_lock_alloc",
	"upc_all_lock_alloc",
	"upc_lock_free",
	"upc_all_lock_free",
	"upc_lock",
	"upc_lock_attempt",
	"upc_unlock",
	"upc_memcpy",
	"upc_memget",
	"upc_memput",
	"upc_memset",
	// upc_tick.h: runtime/upc TicksNow and TicksToNs.
	"upc_ticks_now",
	"upc_ticks_to_ns",
	// upc_nb.h (UPC 1.3 and LBNL-56495) and bupc_extensions.h (Berkeley
	// UPC's spellings): the memcpy extension library in runtime/upc, one
	// implementation under every name (lower/nb.go).
	"upc_memcpy_nb",
	"upc_memget_nb",
	"upc_memput_nb",
	"upc_memset_nb",
	"upc_sync_attempt",
	"upc_sync",
	"upc_memcpy_nbi",
	"upc_memget_nbi",
	"upc_memput_nbi",
	"upc_memset_nbi",
	"upc_synci_attempt",
	"upc_synci",
	"upc_memcpy_async",
	"upc_memget_async",
	"upc_memput_async",
	"upc_memset_async",
	"upc_memcpy_asynci",
	"upc_memget_asynci",
	"upc_memput_asynci",
	"upc_memset_asynci",
	"upc_waitsync",
	"upc_trysync",
	"upc_waitsync_all",
	"upc_trysync_all",
	"upc_waitsync_some",
	"upc_trysync_some",
	"upc_waitsynci",
	"upc_trysynci",
	"upc_begin_accessregion",
	"upc_end_accessregion",
	"upc_memcpy_vlist",
	"upc_memcpy_vlist_async",
	"upc_memcpy_vlist_asynci",
	"upc_memput_vlist",
	"upc_memput_vlist_async",
	"upc_memput_vlist_asynci",
	"upc_memget_vlist",
	"upc_memget_vlist_async",
	"upc_memget_vlist_asynci",
	"upc_memcpy_ilist",
	"upc_memcpy_ilist_async",
	"upc_memcpy_ilist_asynci",
	"upc_memput_ilist",
	"upc_memput_ilist_async",
	"upc_memput_ilist_asynci",
	"upc_memget_ilist",
	"upc_memget_ilist_async",
	"upc_memget_ilist_asynci",
	"upc_memcpy_fstrided",
	"upc_memcpy_fstrided_async",
	"upc_memcpy_fstrided_asynci",
	"upc_memput_fstrided",
	"upc_memput_fstrided_async",
	"upc_memput_fstrided_asynci",
	"upc_memget_fstrided",
	"upc_memget_fstrided_async",
	"upc_memget_fstrided_asynci",
	"upc_memcpy_strided",
	"upc_memcpy_strided_async",
	"upc_memcpy_strided_asynci",
	"upc_memput_strided",
	"upc_memput_strided_async",
	"upc_memput_strided_asynci",
	"upc_memget_strided",
	"upc_memget_strided_async",
	"upc_memget_strided_asynci",
	"upc_memcpy_strided2d",
	"upc_memcpy_strided2d_async",
	"upc_memcpy_strided2d_asynci",
	"upc_memput_strided2d",
	"upc_memput_strided2d_async",
	"upc_memput_strided2d_asynci",
	"upc_memget_strided2d",
	"upc_memget_strided2d_async",
	"upc_memget_strided2d_asynci",
	"upc_memcpy_strided3d",
	"upc_memcpy_strided3d_async",
	"upc_memcpy_strided3d_asynci",
	"upc_memput_strided3d",
	"upc_memput_strided3d_async",
	"upc_memput_strided3d_asynci",
	"upc_memget_strided3d",
	"upc_memget_strided3d_async",
	"upc_memget_strided3d_asynci",
	"upc_memcpy_transpose",
	"upc_memcpy_transpose_async",
	"upc_memcpy_transpose_asynci",
	"upc_memput_transpose",
	"upc_memput_transpose_async",
	"upc_memput_transpose_asynci",
	"upc_memget_transpose",
	"upc_memget_transpose_async",
	"upc_memget_transpose_asynci",
	"upc_memcpy_blocked",
	"upc_memcpy_blocked_async",
	"upc_memcpy_blocked_asynci",
	"upc_memput_blocked",
	"upc_memput_blocked_async",
	"upc_memput_blocked_asynci",
	"upc_memget_blocked",
	"upc_memget_blocked_async",
	"upc_memget_blocked_asynci",
	"upc_memcpy_strided_blocked",
	"upc_memcpy_strided_blocked_async",
	"upc_memcpy_strided_blocked_asynci",
	"upc_memput_strided_blocked",
	"upc_memput_strided_blocked_async",
	"upc_memput_strided_blocked_asynci",
	"upc_memget_strided_blocked",
	"upc_memget_strided_blocked_async",
	"upc_memget_strided_blocked_asynci",
	"bupc_memcpy_async",
	"bupc_memget_async",
	"bupc_memput_async",
	"bupc_memset_async",
	"bupc_memcpy_asynci",
	"bupc_memget_asynci",
	"bupc_memput_asynci",
	"bupc_memset_asynci",
	"bupc_waitsync",
	"bupc_trysync",
	"bupc_waitsync_all",
	"bupc_trysync_all",
	"bupc_waitsync_some",
	"bupc_trysync_some",
	"bupc_waitsynci",
	"bupc_trysynci",
	"bupc_begin_accessregion",
	"bupc_end_accessregion",
	"bupc_memcpy_vlist",
	"bupc_memcpy_vlist_async",
	"bupc_memcpy_vlist_asynci",
	"bupc_memput_vlist",
	"bupc_memput_vlist_async",
	"bupc_memput_vlist_asynci",
	"bupc_memget_vlist",
	"bupc_memget_vlist_async",
	"bupc_memget_vlist_asynci",
	"bupc_memcpy_ilist",
	"bupc_memcpy_ilist_async",
	"bupc_memcpy_ilist_asynci",
	"bupc_memput_ilist",
	"bupc_memput_ilist_async",
	"bupc_memput_ilist_asynci",
	"bupc_memget_ilist",
	"bupc_memget_ilist_async",
	"bupc_memget_ilist_asynci",
	"bupc_memcpy_fstrided",
	"bupc_memcpy_fstrided_async",
	"bupc_memcpy_fstrided_asynci",
	"bupc_memput_fstrided",
	"bupc_memput_fstrided_async",
	"bupc_memput_fstrided_asynci",
	"bupc_memget_fstrided",
	"bupc_memget_fstrided_async",
	"bupc_memget_fstrided_asynci",
	"bupc_memcpy_strided",
	"bupc_memcpy_strided_async",
	"bupc_memcpy_strided_asynci",
	"bupc_memput_strided",
	"bupc_memput_strided_async",
	"bupc_memput_strided_asynci",
	"bupc_memget_strided",
	"bupc_memget_strided_async",
	"bupc_memget_strided_asynci",

	// Builtins the header macros expand to (never declared). The parser
	// itself handles __builtin_va_arg and __builtin_offsetof.
	"__builtin_va_start", // stdarg.h
	"__builtin_va_end",
	"__builtin_va_copy",
	"__builtin_huge_val", // math.h: HUGE_VAL, HUGE_VALF, HUGE_VALL
	"__builtin_huge_valf",
	"__builtin_huge_vall",
	"__builtin_inff",       // INFINITY: float +inf
	"__builtin_nanf",       // NAN: __builtin_nanf(""), a float quiet NaN
	"__builtin_fpclassify", // (FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
	"__builtin_isfinite",   // the rest take one argument of any floating type
	"__builtin_isinf_sign", // -1 for -inf, 1 for +inf, else 0
	"__builtin_isnan",
	"__builtin_isnormal",
	"__builtin_signbit",
	// upc_collective.h: the UPC 1.3 collectives and the one-sided ones
	// (with upcgo's _async and _subset forms) in runtime/upc (lower/coll.go).
	"upc_all_broadcast",
	"upc_all_scatter",
	"upc_all_gather",
	"upc_all_gather_all",
	"upc_all_exchange",
	"upc_all_permute",
	"upc_all_reduceC",
	"upc_all_reduceUC",
	"upc_all_reduceS",
	"upc_all_reduceUS",
	"upc_all_reduceI",
	"upc_all_reduceUI",
	"upc_all_reduceL",
	"upc_all_reduceUL",
	"upc_all_reduceF",
	"upc_all_reduceD",
	"upc_all_reduceLD",
	"upc_all_prefix_reduceC",
	"upc_all_prefix_reduceUC",
	"upc_all_prefix_reduceS",
	"upc_all_prefix_reduceUS",
	"upc_all_prefix_reduceI",
	"upc_all_prefix_reduceUI",
	"upc_all_prefix_reduceL",
	"upc_all_prefix_reduceUL",
	"upc_all_prefix_reduceF",
	"upc_all_prefix_reduceD",
	"upc_all_prefix_reduceLD",
	"upc_broadcast",
	"upc_broadcast_async",
	"upc_broadcast_subset",
	"upc_broadcast_subset_async",
	"upc_scatter",
	"upc_scatter_async",
	"upc_scatter_subset",
	"upc_scatter_subset_async",
	"upc_gather",
	"upc_gather_async",
	"upc_gather_subset",
	"upc_gather_subset_async",
	"upc_exchange",
	"upc_exchange_async",
	"upc_exchange_subset",
	"upc_exchange_subset_async",
	"upc_reduce",
	"upc_reduce_async",
	"upc_reduce_subset",
	"upc_reduce_subset_async",
	"upc_prefix_reduce",
	"upc_prefix_reduce_async",
	"upc_prefix_reduce_subset",
	"upc_prefix_reduce_subset_async",
	"upc_xprefix_reduce",
	"upc_xprefix_reduce_async",
	"upc_xprefix_reduce_subset",
	"upc_xprefix_reduce_subset_async",
	// upc_atomic.h: UPC 1.3 atomics and Berkeley UPC's bupc_atomic*
	// functions, in runtime/upc (lower/coll.go).
	"upc_all_atomicdomain_alloc",
	"upc_all_atomicdomain_free",
	"upc_atomic_strict",
	"upc_atomic_relaxed",
	"upc_atomic_isfast",
	"bupc_atomicI64_read_strict",
	"bupc_atomicI64_read_relaxed",
	"bupc_atomicI64_set_strict",
	"bupc_atomicI64_set_relaxed",
	"bupc_atomicI64_swap_strict",
	"bupc_atomicI64_swap_relaxed",
	"bupc_atomicI64_cswap_strict",
	"bupc_atomicI64_cswap_relaxed",
	"bupc_atomicI64_fetchadd_strict",
	"bupc_atomicI64_fetchadd_relaxed",
	"bupc_atomicI64_fetchand_strict",
	"bupc_atomicI64_fetchand_relaxed",
	"bupc_atomicI64_fetchor_strict",
	"bupc_atomicI64_fetchor_relaxed",
	"bupc_atomicI64_fetchxor_strict",
	"bupc_atomicI64_fetchxor_relaxed",
	"bupc_atomicI64_fetchnot_strict",
	"bupc_atomicI64_fetchnot_relaxed",
	"bupc_atomicU64_read_strict",
	"bupc_atomicU64_read_relaxed",
	"bupc_atomicU64_set_strict",
	"bupc_atomicU64_set_relaxed",
	"bupc_atomicU64_swap_strict",
	"bupc_atomicU64_swap_relaxed",
	"bupc_atomicU64_cswap_strict",
	"bupc_atomicU64_cswap_relaxed",
	"bupc_atomicU64_fetchadd_strict",
	"bupc_atomicU64_fetchadd_relaxed",
	"bupc_atomicU64_fetchand_strict",
	"bupc_atomicU64_fetchand_relaxed",
	"bupc_atomicU64_fetchor_strict",
	"bupc_atomicU64_fetchor_relaxed",
	"bupc_atomicU64_fetchxor_strict",
	"bupc_atomicU64_fetchxor_relaxed",
	"bupc_atomicU64_fetchnot_strict",
	"bupc_atomicU64_fetchnot_relaxed",
	"bupc_atomicI32_read_strict",
	"bupc_atomicI32_read_relaxed",
	"bupc_atomicI32_set_strict",
	"bupc_atomicI32_set_relaxed",
	"bupc_atomicI32_swap_strict",
	"bupc_atomicI32_swap_relaxed",
	"bupc_atomicI32_cswap_strict",
	"bupc_atomicI32_cswap_relaxed",
	"bupc_atomicI32_fetchadd_strict",
	"bupc_atomicI32_fetchadd_relaxed",
	"bupc_atomicI32_fetchand_strict",
	"bupc_atomicI32_fetchand_relaxed",
	"bupc_atomicI32_fetchor_strict",
	"bupc_atomicI32_fetchor_relaxed",
	"bupc_atomicI32_fetchxor_strict",
	"bupc_atomicI32_fetchxor_relaxed",
	"bupc_atomicI32_fetchnot_strict",
	"bupc_atomicI32_fetchnot_relaxed",
	"bupc_atomicU32_read_strict",
	"bupc_atomicU32_read_relaxed",
	"bupc_atomicU32_set_strict",
	"bupc_atomicU32_set_relaxed",
	"bupc_atomicU32_swap_strict",
	"bupc_atomicU32_swap_relaxed",
	"bupc_atomicU32_cswap_strict",
	"bupc_atomicU32_cswap_relaxed",
	"bupc_atomicU32_fetchadd_strict",
	"bupc_atomicU32_fetchadd_relaxed",
	"bupc_atomicU32_fetchand_strict",
	"bupc_atomicU32_fetchand_relaxed",
	"bupc_atomicU32_fetchor_strict",
	"bupc_atomicU32_fetchor_relaxed",
	"bupc_atomicU32_fetchxor_strict",
	"bupc_atomicU32_fetchxor_relaxed",
	"bupc_atomicU32_fetchnot_strict",
	"bupc_atomicU32_fetchnot_relaxed",
	"bupc_atomicI_read_strict",
	"bupc_atomicI_read_relaxed",
	"bupc_atomicI_set_strict",
	"bupc_atomicI_set_relaxed",
	"bupc_atomicI_swap_strict",
	"bupc_atomicI_swap_relaxed",
	"bupc_atomicI_cswap_strict",
	"bupc_atomicI_cswap_relaxed",
	"bupc_atomicI_fetchadd_strict",
	"bupc_atomicI_fetchadd_relaxed",
	"bupc_atomicI_fetchand_strict",
	"bupc_atomicI_fetchand_relaxed",
	"bupc_atomicI_fetchor_strict",
	"bupc_atomicI_fetchor_relaxed",
	"bupc_atomicI_fetchxor_strict",
	"bupc_atomicI_fetchxor_relaxed",
	"bupc_atomicI_fetchnot_strict",
	"bupc_atomicI_fetchnot_relaxed",
	"bupc_atomicUI_read_strict",
	"bupc_atomicUI_read_relaxed",
	"bupc_atomicUI_set_strict",
	"bupc_atomicUI_set_relaxed",
	"bupc_atomicUI_swap_strict",
	"bupc_atomicUI_swap_relaxed",
	"bupc_atomicUI_cswap_strict",
	"bupc_atomicUI_cswap_relaxed",
	"bupc_atomicUI_fetchadd_strict",
	"bupc_atomicUI_fetchadd_relaxed",
	"bupc_atomicUI_fetchand_strict",
	"bupc_atomicUI_fetchand_relaxed",
	"bupc_atomicUI_fetchor_strict",
	"bupc_atomicUI_fetchor_relaxed",
	"bupc_atomicUI_fetchxor_strict",
	"bupc_atomicUI_fetchxor_relaxed",
	"bupc_atomicUI_fetchnot_strict",
	"bupc_atomicUI_fetchnot_relaxed",
	"bupc_atomicL_read_strict",
	"bupc_atomicL_read_relaxed",
	"bupc_atomicL_set_strict",
	"bupc_atomicL_set_relaxed",
	"bupc_atomicL_swap_strict",
	"bupc_atomicL_swap_relaxed",
	"bupc_atomicL_cswap_strict",
	"bupc_atomicL_cswap_relaxed",
	"bupc_atomicL_fetchadd_strict",
	"bupc_atomicL_fetchadd_relaxed",
	"bupc_atomicL_fetchand_strict",
	"bupc_atomicL_fetchand_relaxed",
	"bupc_atomicL_fetchor_strict",
	"bupc_atomicL_fetchor_relaxed",
	"bupc_atomicL_fetchxor_strict",
	"bupc_atomicL_fetchxor_relaxed",
	"bupc_atomicL_fetchnot_strict",
	"bupc_atomicL_fetchnot_relaxed",
	"bupc_atomicUL_read_strict",
	"bupc_atomicUL_read_relaxed",
	"bupc_atomicUL_set_strict",
	"bupc_atomicUL_set_relaxed",
	"bupc_atomicUL_swap_strict",
	"bupc_atomicUL_swap_relaxed",
	"bupc_atomicUL_cswap_strict",
	"bupc_atomicUL_cswap_relaxed",
	"bupc_atomicUL_fetchadd_strict",
	"bupc_atomicUL_fetchadd_relaxed",
	"bupc_atomicUL_fetchand_strict",
	"bupc_atomicUL_fetchand_relaxed",
	"bupc_atomicUL_fetchor_strict",
	"bupc_atomicUL_fetchor_relaxed",
	"bupc_atomicUL_fetchxor_strict",
	"bupc_atomicUL_fetchxor_relaxed",
	"bupc_atomicUL_fetchnot_strict",
	"bupc_atomicUL_fetchnot_relaxed",
}

// headerProto is a function prototype in one of upcgo's headers, with the
// declarations before it in that header, which its types may name.
type headerProto struct {
	header string
	decls  []ast.ExternalDecl // the header's declarations up to the prototype
	proto  *ast.Decl
}

// headerProtos maps every function that upcgo's headers declare to its
// prototype; it is read once, the first time a program calls a library
// function without including its header.
var headerProtos = sync.OnceValue(func() map[string]headerProto {
	hfs := stdlib.HeaderFS()
	var names []string
	_ = fs.WalkDir(hfs, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".h") {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	protos := map[string]headerProto{}
	for _, name := range names {
		src, err := fs.ReadFile(hfs, name)
		if err != nil {
			continue
		}
		// The headers are ours and preprocess and parse without errors
		// (libc_test.go parses every one); errs only keeps a broken one
		// from contributing prototypes.
		var errs diag.List
		res := cpp.Preprocess(name, src, &cpp.Config{SystemFS: hfs}, &errs)
		file := parser.Parse(res.Tokens, &errs)
		if errs.HasErrors() {
			continue
		}
		for i, d := range file.Decls {
			d, ok := d.(*ast.Decl)
			if !ok || d.Storage == ast.Typedef {
				continue
			}
			if _, isFunc := d.Type.(*ast.FuncType); !isFunc {
				continue
			}
			if _, seen := protos[d.Name]; !seen {
				protos[d.Name] = headerProto{header: name, decls: file.Decls[:i], proto: d}
			}
		}
	}
	return protos
})

// implicitLibcDecl handles a call to an undeclared function that upcgo's
// C library provides: C89 compilers, and so Berkeley UPC and GNU UPC,
// accept such a call with a warning, and old UPC programs rely on it
// (atoi without <stdlib.h>, fabs without <math.h>). The function gets its
// real prototype from its header, declared at file scope as if the
// program had declared it, so the call converts its arguments and result
// exactly; C89's implicit "int f()" would have truncated a long or double
// result. Other undeclared functions stay an error (nil result).
func (tr *translator) implicitLibcDecl(id *ast.Ident) *symbol {
	hp, ok := headerProtos()[id.Name]
	if !ok {
		return nil
	}
	saved := tr.scope
	// The header's typedefs and tags live in a scope of their own, so they
	// cannot clash with the program's names.
	tr.scope = newScope(tr.fileScope())
	for _, d := range hp.decls {
		if d, ok := d.(*ast.Decl); ok && (d.Storage == ast.Typedef || d.Name == "") {
			tr.globalDecl(d)
		}
	}
	t := tr.resolveType(hp.proto.Type)
	tr.scope = tr.fileScope()
	s := tr.declareFunc(id.Name, t, id.Pos(), ast.Extern)
	tr.scope = saved
	tr.warnf(id.Pos(), "implicit declaration of function '%s'; using its declaration in <%s> (include <%s> to declare it)", id.Name, hp.header, hp.header)
	return s
}
