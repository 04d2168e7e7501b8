package stdlib

import (
	"sync"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// locale.h and fenv.h: the environments a C program can query, as far as
// upcgo has them: the "C" locale alone, and a floating-point environment
// of one rounding direction and no exceptions (fenv.h says why).

var cLocaleName = sync.OnceValue(func() uintptr { return cmem.StaticString("C") })

// Setlocale is setlocale(category, locale): only the C locale exists, so
// a query (locale NULL) and a request for "C", "POSIX" or "" (the
// environment's choice, which is C here) return "C"; any other name
// returns NULL and changes nothing.
func Setlocale(category int32, locale uintptr) uintptr {
	if category < 0 || category > 6 {
		return 0
	}
	if locale != 0 {
		switch cmem.GoString(locale) {
		case "", "C", "POSIX":
		default:
			return 0
		}
	}
	return cLocaleName()
}

// cLconv is struct lconv (glibc's layout): ten strings, then fourteen
// chars.
type cLconv struct {
	strs  [10]uintptr
	chars [14]int8
}

// Localeconv is localeconv(): the C locale's conventions, decimal point
// "." and every other string empty and char CHAR_MAX (not available).
func Localeconv() uintptr { return cLconvC() }

var cLconvC = sync.OnceValue(func() uintptr {
	var l cLconv
	empty := cmem.StaticString("")
	for i := range l.strs {
		l.strs[i] = empty
	}
	l.strs[0] = cmem.StaticString(".")
	for i := range l.chars {
		l.chars[i] = 127
	}
	p := cmem.StaticAlloc(96)
	cmem.Store(p, l)
	return p
})

// The floating-point environment: FE_TONEAREST (0) and no exceptions
// (FE_ALL_EXCEPT is 0). The exception functions succeed for the empty set
// and fail (non-zero) for anything else, as C99 lets them.

// Feclearexcept is feclearexcept.
func Feclearexcept(excepts int32) int32 { return excepts }

// Feraiseexcept is feraiseexcept.
func Feraiseexcept(excepts int32) int32 { return excepts }

// Fetestexcept is fetestexcept: no exception is ever set.
func Fetestexcept(excepts int32) int32 { return 0 }

// Fegetexceptflag is fegetexceptflag: the empty set of flags.
func Fegetexceptflag(flagp uintptr, excepts int32) int32 {
	cmem.Store[uint32](flagp, 0)
	return excepts
}

// Fesetexceptflag is fesetexceptflag.
func Fesetexceptflag(flagp uintptr, excepts int32) int32 { return excepts }

// Fegetround is fegetround: FE_TONEAREST.
func Fegetround() int32 { return 0 }

// Fesetround is fesetround: 0 for FE_TONEAREST, non-zero (not
// established) for any other direction.
func Fesetround(round int32) int32 {
	if round != 0 {
		return 1
	}
	return 0
}

// Fegetenv is fegetenv: the environment is the rounding direction.
func Fegetenv(envp uintptr) int32 {
	cmem.Store[uint32](envp, 0)
	return 0
}

// Feholdexcept is feholdexcept: there are no exceptions to hold.
func Feholdexcept(envp uintptr) int32 { return Fegetenv(envp) }

// Fesetenv is fesetenv: every environment is the one there is.
func Fesetenv(envp uintptr) int32 { return 0 }

// Feupdateenv is feupdateenv.
func Feupdateenv(envp uintptr) int32 { return 0 }
