package stdlib

import (
	"math"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// math.h. Results follow C99 Annex F. Where a domain error makes a NaN,
// glibc on x86-64 returns either the processor's default NaN, which has
// the sign bit set and prints as "-nan", or a positive NaN; each function
// here returns the same one, so printed output matches. A NaN argument is
// returned unchanged, as glibc does. errno is not set.

var (
	negNaN = math.Float64frombits(0xFFF8000000000000) // x86 "real indefinite"
	posNaN = math.Float64frombits(0x7FF8000000000000)
)

// unary applies f, replacing a NaN that f made from a non-NaN argument
// with glibc's NaN for that function.
func unary(f func(float64) float64, x float64, nan float64) float64 {
	if x != x {
		return x
	}
	if r := f(x); r == r {
		return r
	}
	return nan
}

func binary(f func(x, y float64) float64, x, y float64, nan float64) float64 {
	if x != x {
		return x
	}
	if y != y {
		return y
	}
	if r := f(x, y); r == r {
		return r
	}
	return nan
}

// toLong converts like x86-64's cvttsd2si/cvtsd2si: NaN and values out
// of range give LONG_MIN.
func toLong(x float64) int64 {
	if x != x || x >= 0x1p63 || x < -0x1p63 {
		return math.MinInt64
	}
	return int64(x)
}

// Sin is sin.
func Sin(x float64) float64 { return unary(math.Sin, x, negNaN) }

// Sinf is sinf.
func Sinf(x float32) float32 { return float32(Sin(float64(x))) }

// Cos is cos.
func Cos(x float64) float64 { return unary(math.Cos, x, negNaN) }

// Cosf is cosf.
func Cosf(x float32) float32 { return float32(Cos(float64(x))) }

// Tan is tan.
func Tan(x float64) float64 { return unary(math.Tan, x, negNaN) }

// Tanf is tanf.
func Tanf(x float32) float32 { return float32(Tan(float64(x))) }

// Asin is asin.
func Asin(x float64) float64 { return unary(math.Asin, x, posNaN) }

// Asinf is asinf.
func Asinf(x float32) float32 { return float32(Asin(float64(x))) }

// Acos is acos.
func Acos(x float64) float64 { return unary(math.Acos, x, posNaN) }

// Acosf is acosf.
func Acosf(x float32) float32 { return float32(Acos(float64(x))) }

// Atan is atan.
func Atan(x float64) float64 { return unary(math.Atan, x, negNaN) }

// Atanf is atanf.
func Atanf(x float32) float32 { return float32(Atan(float64(x))) }

// Sinh is sinh.
func Sinh(x float64) float64 { return unary(math.Sinh, x, negNaN) }

// Sinhf is sinhf.
func Sinhf(x float32) float32 { return float32(Sinh(float64(x))) }

// Cosh is cosh.
func Cosh(x float64) float64 { return unary(math.Cosh, x, negNaN) }

// Coshf is coshf.
func Coshf(x float32) float32 { return float32(Cosh(float64(x))) }

// Tanh is tanh.
func Tanh(x float64) float64 { return unary(math.Tanh, x, negNaN) }

// Tanhf is tanhf.
func Tanhf(x float32) float32 { return float32(Tanh(float64(x))) }

// Asinh is asinh.
func Asinh(x float64) float64 { return unary(math.Asinh, x, negNaN) }

// Asinhf is asinhf.
func Asinhf(x float32) float32 { return float32(Asinh(float64(x))) }

// Acosh is acosh.
func Acosh(x float64) float64 { return unary(math.Acosh, x, negNaN) }

// Acoshf is acoshf.
func Acoshf(x float32) float32 { return float32(Acosh(float64(x))) }

// Atanh is atanh.
func Atanh(x float64) float64 { return unary(math.Atanh, x, negNaN) }

// Atanhf is atanhf.
func Atanhf(x float32) float32 { return float32(Atanh(float64(x))) }

// Exp is exp.
func Exp(x float64) float64 { return unary(math.Exp, x, negNaN) }

// Expf is expf.
func Expf(x float32) float32 { return float32(Exp(float64(x))) }

// Exp2 is exp2.
func Exp2(x float64) float64 { return unary(math.Exp2, x, negNaN) }

// Exp2f is exp2f.
func Exp2f(x float32) float32 { return float32(Exp2(float64(x))) }

// Expm1 is expm1.
func Expm1(x float64) float64 { return unary(math.Expm1, x, negNaN) }

// Expm1f is expm1f.
func Expm1f(x float32) float32 { return float32(Expm1(float64(x))) }

// Log is log.
func Log(x float64) float64 { return unary(math.Log, x, negNaN) }

// Logf is logf.
func Logf(x float32) float32 { return float32(Log(float64(x))) }

// Log10 is log10.
func Log10(x float64) float64 { return unary(math.Log10, x, posNaN) }

// Log10f is log10f.
func Log10f(x float32) float32 { return float32(Log10(float64(x))) }

// Log2 is log2.
func Log2(x float64) float64 { return unary(math.Log2, x, negNaN) }

// Log2f is log2f.
func Log2f(x float32) float32 { return float32(Log2(float64(x))) }

// Log1p is log1p.
func Log1p(x float64) float64 { return unary(math.Log1p, x, negNaN) }

// Log1pf is log1pf.
func Log1pf(x float32) float32 { return float32(Log1p(float64(x))) }

// Logb is logb.
func Logb(x float64) float64 { return unary(math.Logb, x, negNaN) }

// Logbf is logbf.
func Logbf(x float32) float32 { return float32(Logb(float64(x))) }

// Sqrt is sqrt.
func Sqrt(x float64) float64 { return unary(math.Sqrt, x, negNaN) }

// Sqrtf is sqrtf.
func Sqrtf(x float32) float32 { return float32(Sqrt(float64(x))) }

// Cbrt is cbrt.
func Cbrt(x float64) float64 { return unary(math.Cbrt, x, negNaN) }

// Cbrtf is cbrtf.
func Cbrtf(x float32) float32 { return float32(Cbrt(float64(x))) }

// Fabs is fabs.
func Fabs(x float64) float64 { return unary(math.Abs, x, negNaN) }

// Fabsf is fabsf.
func Fabsf(x float32) float32 { return float32(Fabs(float64(x))) }

// Floor is floor.
func Floor(x float64) float64 { return unary(math.Floor, x, negNaN) }

// Floorf is floorf.
func Floorf(x float32) float32 { return float32(Floor(float64(x))) }

// Ceil is ceil.
func Ceil(x float64) float64 { return unary(math.Ceil, x, negNaN) }

// Ceilf is ceilf.
func Ceilf(x float32) float32 { return float32(Ceil(float64(x))) }

// Round is round.
func Round(x float64) float64 { return unary(math.Round, x, negNaN) }

// Roundf is roundf.
func Roundf(x float32) float32 { return float32(Round(float64(x))) }

// Trunc is trunc.
func Trunc(x float64) float64 { return unary(math.Trunc, x, negNaN) }

// Truncf is truncf.
func Truncf(x float32) float32 { return float32(Trunc(float64(x))) }

// Rint is rint.
func Rint(x float64) float64 { return unary(math.RoundToEven, x, negNaN) }

// Rintf is rintf.
func Rintf(x float32) float32 { return float32(Rint(float64(x))) }

// Nearbyint is nearbyint.
func Nearbyint(x float64) float64 { return unary(math.RoundToEven, x, negNaN) }

// Nearbyintf is nearbyintf.
func Nearbyintf(x float32) float32 { return float32(Nearbyint(float64(x))) }

// Erf is erf.
func Erf(x float64) float64 { return unary(math.Erf, x, negNaN) }

// Erff is erff.
func Erff(x float32) float32 { return float32(Erf(float64(x))) }

// Erfc is erfc.
func Erfc(x float64) float64 { return unary(math.Erfc, x, negNaN) }

// Erfcf is erfcf.
func Erfcf(x float32) float32 { return float32(Erfc(float64(x))) }

// Tgamma is tgamma.
func Tgamma(x float64) float64 { return unary(math.Gamma, x, posNaN) }

// Tgammaf is tgammaf.
func Tgammaf(x float32) float32 { return float32(Tgamma(float64(x))) }

// Lgamma is lgamma.
func Lgamma(x float64) float64 { return unary(lgamma, x, posNaN) }

// Lgammaf is lgammaf.
func Lgammaf(x float32) float32 { return float32(Lgamma(float64(x))) }

// Atan2 is atan2.
func Atan2(x, y float64) float64 { return binary(math.Atan2, x, y, negNaN) }

// Atan2f is atan2f.
func Atan2f(x, y float32) float32 { return float32(Atan2(float64(x), float64(y))) }

// Pow is pow.
func Pow(x, y float64) float64 { return pow(x, y) }

// Powf is powf.
func Powf(x, y float32) float32 { return float32(Pow(float64(x), float64(y))) }

// Fmod is fmod.
func Fmod(x, y float64) float64 { return binary(math.Mod, x, y, negNaN) }

// Fmodf is fmodf.
func Fmodf(x, y float32) float32 { return float32(Fmod(float64(x), float64(y))) }

// Remainder is remainder.
func Remainder(x, y float64) float64 { return binary(math.Remainder, x, y, negNaN) }

// Remainderf is remainderf.
func Remainderf(x, y float32) float32 { return float32(Remainder(float64(x), float64(y))) }

// Hypot is hypot.
func Hypot(x, y float64) float64 { return math.Hypot(x, y) } // hypot(±inf, NaN) is +inf

// Hypotf is hypotf.
func Hypotf(x, y float32) float32 { return float32(Hypot(float64(x), float64(y))) }

// Fdim is fdim.
func Fdim(x, y float64) float64 { return binary(math.Dim, x, y, negNaN) }

// Fdimf is fdimf.
func Fdimf(x, y float32) float32 { return float32(Fdim(float64(x), float64(y))) }

// Copysign is copysign.
func Copysign(x, y float64) float64 { return math.Copysign(x, y) }

// Copysignf is copysignf.
func Copysignf(x, y float32) float32 { return float32(Copysign(float64(x), float64(y))) }

// Nextafter is nextafter.
func Nextafter(x, y float64) float64 { return binary(math.Nextafter, x, y, negNaN) }

// Nextafterf is nextafterf.
func Nextafterf(x, y float32) float32 { return float32(Nextafter(float64(x), float64(y))) }

// pow follows C99 F.9.4.4, which Go's Pow matches, including the cases
// that must not propagate NaN: pow(x, ±0) = 1 and pow(1, y) = 1.
func pow(x, y float64) float64 {
	if r := math.Pow(x, y); r == r {
		return r
	}
	if x != x || y != y {
		return math.NaN()
	}
	return negNaN // finite negative base, non-integer exponent
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// Fmin is fmin: a NaN operand is ignored.
func Fmin(x, y float64) float64 {
	switch {
	case x != x:
		return y
	case y != y:
		return x
	}
	return math.Min(x, y)
}

// Fminf is fminf.
func Fminf(x, y float32) float32 { return float32(Fmin(float64(x), float64(y))) }

// Fmax is fmax: a NaN operand is ignored.
func Fmax(x, y float64) float64 {
	switch {
	case x != x:
		return y
	case y != y:
		return x
	}
	return math.Max(x, y)
}

// Fmaxf is fmaxf.
func Fmaxf(x, y float32) float32 { return float32(Fmax(float64(x), float64(y))) }

// Fma is fma, rounded once.
func Fma(x, y, z float64) float64 { return math.FMA(x, y, z) }

// Fmaf is fmaf; the double product of two floats is exact, so one
// rounding to float follows.
func Fmaf(x, y, z float32) float32 {
	return float32(math.FMA(float64(x), float64(y), float64(z)))
}

// Ldexp is ldexp.
func Ldexp(x float64, exp int32) float64 { return math.Ldexp(x, int(exp)) }

// Ldexpf is ldexpf.
func Ldexpf(x float32, exp int32) float32 { return float32(math.Ldexp(float64(x), int(exp))) }

// Scalbn is scalbn.
func Scalbn(x float64, exp int32) float64 { return math.Ldexp(x, int(exp)) }

// Scalbnf is scalbnf.
func Scalbnf(x float32, exp int32) float32 { return float32(math.Ldexp(float64(x), int(exp))) }

// Ilogb is ilogb: FP_ILOGB0 and FP_ILOGBNAN are INT_MIN on x86-64.
func Ilogb(x float64) int32 {
	if x == 0 || x != x {
		return math.MinInt32
	}
	if math.IsInf(x, 0) {
		return math.MaxInt32
	}
	return int32(math.Ilogb(x))
}

// Ilogbf is ilogbf.
func Ilogbf(x float32) int32 { return Ilogb(float64(x)) }

// Frexp is frexp: the fraction in [0.5, 1) is returned and the exponent
// stored as an int at exp.
func Frexp(x float64, exp uintptr) float64 {
	frac, e := math.Frexp(x)
	if math.IsInf(x, 0) || x != x {
		frac, e = x, 0
	}
	cmem.Store(exp, int32(e))
	return frac
}

// Frexpf is frexpf.
func Frexpf(x float32, exp uintptr) float32 { return float32(Frexp(float64(x), exp)) }

// Modf is modf: the integral part is stored as a double at iptr and the
// fractional part, with x's sign, returned; modf(±inf) is ±0 with ±inf
// stored.
func Modf(x float64, iptr uintptr) float64 {
	ip, frac := math.Modf(x)
	if math.IsInf(x, 0) {
		ip, frac = x, math.Copysign(0, x)
	}
	cmem.Store(iptr, ip)
	return frac
}

// Modff is modff, storing a float.
func Modff(x float32, iptr uintptr) float32 {
	ip, frac := math.Modf(float64(x))
	if math.IsInf(float64(x), 0) {
		ip, frac = float64(x), math.Copysign(0, float64(x))
	}
	cmem.Store(iptr, float32(ip))
	return float32(frac)
}

// Lround is lround: halfway cases away from zero; NaN and overflow give
// LONG_MIN as on x86-64.
func Lround(x float64) int64 { return toLong(math.Round(x)) }

// Llround is llround.
func Llround(x float64) int64 { return Lround(x) }

// Lroundf is lroundf.
func Lroundf(x float32) int64 { return Lround(float64(x)) }

// Lrint is lrint in the default rounding mode (ties to even).
func Lrint(x float64) int64 { return toLong(math.RoundToEven(x)) }

// Llrint is llrint.
func Llrint(x float64) int64 { return Lrint(x) }

// Lrintf is lrintf.
func Lrintf(x float32) int64 { return Lrint(float64(x)) }
