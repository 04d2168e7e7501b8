package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// The compiler's builtins, and the headers whose functions are builtins
// or handled by name: stdarg.h, alloca.h, endian.h, errno.h, assert.h.

// compilerBuiltins are the builtins a program may call that no header
// uses, and upc_fence.
var compilerBuiltins = library{
	header: "",
	lowered: map[string]*builtinFunc{
		"__builtin_inf": simple("math.Inf(1)", ctype.DoubleType),
		"__builtin_nan": {lower: func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
			return primary("math.NaN()"), ctype.DoubleType
		}},
		"__builtin_expect": {lower: func(_ *translator, args []goExpr, raw []operand, _ token.Pos) (goExpr, *ctype.Type) {
			return args[0], ctype.LongType
		}},
		"upc_fence": simple("t.Fence()", ctype.VoidType),
	},
}

// stdargLib is stdarg.h: va_start, va_end and va_copy are vaBuiltin's
// (their first argument is the va_list lvalue), va_arg is syntax.
var stdargLib = library{
	header: "stdarg.h",
	elsewhere: []string{
		"__builtin_va_start",
		"__builtin_va_end",
		"__builtin_va_copy",
	},
}

// allocaLib is alloca.h: a block in the calling function's frame.
var allocaLib = library{
	header: "alloca.h",
	lowered: map[string]*builtinFunc{
		"alloca":           {lower: (*translator).lowerAlloca},
		"__builtin_alloca": {lower: (*translator).lowerAlloca},
	},
}

// endianLib is endian.h's byte swaps.
var endianLib = library{
	header: "endian.h",
	lowered: map[string]*builtinFunc{
		"__builtin_bswap16": simple("crt.Bswap16(uint16(%s))", ctype.UShortType),
		"__builtin_bswap32": simple("crt.Bswap32(uint32(%s))", ctype.UIntType),
		"__builtin_bswap64": simple("crt.Bswap64(uint64(%s))", ctype.ULongType),
	},
}

// errnoLib is errno.h: errno is "(*__errno_location())", the address of
// the calling thread's stdlib.State.Errno (errnoLvalue).
var errnoLib = library{
	header: "errno.h",
	elsewhere: []string{
		"__errno_location",
	},
}

// assertLib is assert.h: assert's failure path prints glibc's message
// ("prog: file:line: func: Assertion `expr' failed.") on stderr, then
// aborts.
var assertLib = library{
	header: "assert.h",
	lowered: map[string]*builtinFunc{
		"__assert_fail": simple("crt.AssertFail(%s, %s, %s, %s)", ctype.VoidType),
	},
}
