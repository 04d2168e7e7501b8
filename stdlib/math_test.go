package stdlib

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// NaN signs as glibc on x86-64 produces them (checked with a gcc-built
// program printing with %f: "-nan" or "nan").
func TestMathDomainErrorNaNs(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		name string
		got  float64
		neg  bool
	}{
		{"sqrt(-1)", Sqrt(-1), true},
		{"log(-1)", Log(-1), true},
		{"log10(-1)", Log10(-1), false},
		{"log2(-1)", Log2(-1), true},
		{"log1p(-2)", Log1p(-2), true},
		{"acos(2)", Acos(2), false},
		{"asin(2)", Asin(2), false},
		{"atanh(2)", Atanh(2), true},
		{"acosh(0)", Acosh(0), true},
		{"pow(-2, 0.5)", Pow(-2, 0.5), true},
		{"fmod(1, 0)", Fmod(1, 0), true},
		{"remainder(1, 0)", Remainder(1, 0), true},
		{"sin(inf)", Sin(inf), true},
		{"cos(inf)", Cos(inf), true},
		{"tan(inf)", Tan(inf), true},
		{"tgamma(-1)", Tgamma(-1), false},
		{"sqrtf(-1)", float64(Sqrtf(-1)), true},
		{"acosf(2)", float64(Acosf(2)), false},
		{"sin(-nan)", Sin(negNaN), true}, // NaN arguments pass through
	}
	for _, tc := range tests {
		assert.True(t, math.IsNaN(tc.got), tc.name)
		assert.Equal(t, tc.neg, math.Signbit(tc.got), tc.name)
	}
	assert.Equal(t, "-nan nan", sprintf("%f %f", Sqrt(-1), Acos(2)))
}

func TestMathValues(t *testing.T) {
	inf := math.Inf(1)
	nan := math.NaN()
	assert.Equal(t, 1.0, Pow(1, nan))
	assert.Equal(t, 1.0, Pow(nan, 0))
	assert.Equal(t, 8.0, Pow(2, 3))
	assert.Equal(t, inf, Hypot(inf, nan))
	assert.Equal(t, 1.0, Fmin(nan, 1))
	assert.Equal(t, 1.0, Fmax(1, nan))
	assert.Equal(t, -3.0, Round(-2.5))
	assert.Equal(t, 1.0, Round(0.5))
	assert.Equal(t, 2.0, Rint(2.5))
	assert.Equal(t, -1.0, Trunc(-1.7))
	assert.Equal(t, -2.0, Cbrt(-8))
	assert.Equal(t, inf, Exp(1000))
	assert.Equal(t, inf, Tgamma(0))
	assert.Equal(t, inf, Lgamma(0))
	assert.Equal(t, math.Inf(-1), Logb(0))
	assert.Equal(t, int32(math.MinInt32), Ilogb(0))
	assert.Equal(t, int32(math.MinInt32), Ilogb(nan))
	assert.Equal(t, int32(3), Ilogb(8))
	assert.Equal(t, int64(math.MinInt64), Lround(nan))
	assert.Equal(t, int64(math.MinInt64), Lround(1e300))
	assert.Equal(t, int64(-3), Lround(-2.5))
	assert.Equal(t, int64(2), Lrint(2.5))
	assert.Equal(t, int64(math.MinInt64), Lrint(-1e300))
	assert.Equal(t, float32(0.5), Sinf(float32(math.Pi/6)))
	assert.Equal(t, 0.0, Copysign(0, 1))
	assert.True(t, math.Signbit(Copysign(nan, -1)))
	assert.Equal(t, 12.0, Ldexp(3, 2))
	assert.Equal(t, 7.0, Fma(2, 3, 1))

	p := cmem.Calloc(1, 16)
	defer cmem.Free(p)
	assert.Equal(t, 0.75, Frexp(6, p))
	assert.Equal(t, int32(3), cmem.Load[int32](p))
	assert.Equal(t, inf, Frexp(inf, p))
	assert.Equal(t, int32(0), cmem.Load[int32](p))

	assert.Equal(t, -0.5, Modf(-3.5, p))
	assert.Equal(t, -3.0, cmem.Load[float64](p))
	frac := Modf(inf, p)
	assert.Equal(t, 0.0, frac)
	assert.False(t, math.Signbit(frac))
	assert.Equal(t, inf, cmem.Load[float64](p))
	assert.Equal(t, float32(0.25), Modff(2.25, p))
	assert.Equal(t, float32(2), cmem.Load[float32](p))
}
