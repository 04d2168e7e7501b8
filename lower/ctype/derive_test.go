package ctype

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDerivedTypes checks the types derived at every array level and the
// parameter adjustments and argument promotions, by their spelling.
func TestDerivedTypes(t *testing.T) {
	a := arr(arr(shared(qual(IntType, "cv"), 4), 3), 8)
	a.LenTHREADS = true
	star := shared(CharType, 1)
	star.Star = true
	cases := []struct {
		typ  *Type
		want string
	}{
		{Unshared(a), "const volatile int[8*THREADS][3]"},
		{WithoutCV(a), "shared [4] int[8*THREADS][3]"},
		{SharedIndefinite(arr(DoubleType, 5), true, false), "strict shared [] double[5]"},
		{ReplaceBase(arr(star, 6), shared(CharType, 6)), "shared [6] char[6]"},
		{AdjustParam(arr(arr(IntType, 4), 3)), "int (*)[4]"},
		{AdjustParam(fn(VoidType, IntType)), "void (*)(int)"},
		{AdjustParam(qual(IntType, "c")), "const int"},
		{PromoteArgument(FloatType), "double"},
		{PromoteArgument(qual(UShortType, "c")), "int"},
		{PromoteArgument(UIntType), "unsigned int"},
		{PromoteArgument(LDoubleType), "long double"},
		{PromoteArgument(ptr(CharType)), "char *"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.typ.String())
	}
	n, threads := ElemCount(a)
	assert.Equal(t, int64(24), n)
	assert.True(t, threads)
}
