package ctype

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// arithTypes are the arithmetic types (enumerations aside: gcc gives an
// enumeration without negative values the type unsigned int).
var arithTypes = []*Type{BoolType, CharType, SCharType, UCharType, ShortType, UShortType, IntType, UIntType,
	LongType, ULongType, LLongType, ULLongType, FloatType, DoubleType, LDoubleType}

// hasType is a C constant expression true when e has type t.
func hasType(e string, t *Type) string {
	return fmt.Sprintf("__builtin_types_compatible_p(__typeof__(%s), %s)", e, t)
}

// TestConversionsMatchGCC checks Promote and UsualArith against the type
// gcc gives +x and x + y, for every arithmetic type and pair.
func TestConversionsMatchGCC(t *testing.T) {
	var src strings.Builder
	for _, a := range arithTypes {
		e := fmt.Sprintf("+(%s)0", a)
		fmt.Fprintf(&src, "_Static_assert(%s, \"%s is %s\");\n", hasType(e, Promote(a)), e, Promote(a))
		for _, b := range arithTypes {
			e := fmt.Sprintf("(%s)0 + (%s)0", a, b)
			r := UsualArith(a, b)
			fmt.Fprintf(&src, "_Static_assert(%s, \"%s is %s\");\n", hasType(e, r), e, r)
		}
	}
	out, ok := gcc(t, src.String())
	assert.True(t, ok, "gcc disagrees (the message names upcgo's type):\n%s", out)
}

// constExpr evaluates e, literals and unary and binary operators
// separated by blanks ("-1 >> 1", "~ 0u"; a - in front of an operand is
// the unary operator), with ctype's constant
// arithmetic.
func constExpr(t *testing.T, e string) Const {
	t.Helper()
	var operand func(s string) Const
	operand = func(s string) Const {
		if neg, ok := strings.CutPrefix(s, "-"); ok {
			c, ok := UnaryConst("-", operand(neg))
			require.True(t, ok, s)
			return c
		}
		if strings.HasPrefix(s, "'") {
			v, ok := CharValue(s)
			require.True(t, ok, s)
			return Const{Type: IntType, Int: v}
		}
		c, ok := ParseIntLit(s)
		if !ok || strings.ContainsAny(s, ".") {
			c, ok = ParseFloatLit(s)
		}
		require.True(t, ok, s)
		return c
	}
	w := strings.Fields(e)
	var c Const
	ok := true
	switch len(w) {
	case 1:
		c = operand(w[0])
	case 2:
		c, ok = UnaryConst(w[0], operand(w[1]))
	case 3:
		c, ok = BinaryConst(w[1], operand(w[0]), operand(w[2]))
	}
	require.True(t, ok, e)
	return c
}

// TestConstantsMatchGCC checks the value and type of constant
// expressions, literals and the operators on them (C99 6.4.4, 6.6)
// against gcc's folding of the same expressions at compile time.
func TestConstantsMatchGCC(t *testing.T) {
	exprs := []string{
		"2147483647", "2147483648", "4294967295", "4294967296", "9223372036854775807",
		"0x7fffffff", "0x80000000", "0xffffffff", "0x100000000", "0xffffffffffffffff", "0777", "1u", "1ul",
		"1ll", "1ull", "'a'", `'\377'`, `'\n'`, `'\x41'`, "1.5", "1.5f", "2.5l",
		"- 2147483648", "- 1u", "~ 0u", "~ 0", "! 5", "! 0", "+ 'a'", "- 1.5f",
		"1u - 2", "-1 >> 1", "-7 / 2", "-7 % 2", "7u / 2", "0xffffffff + 1", "4294967295u * 2",
		"-1 < 0u", "-1 < 0ul", "-1l < 0u", "1 == 1.0", "3 / 2.0", "1.5f + 1", "'a' + 1", "10 & 6",
		"10 | 5", "10 ^ 3", "65535u << 16", "1ull << 63", "-8 >> 1", "0x80000000 >> 31", "1 << 62",
		"1l << 62", "-5 % 3u", "2147483647 + 1u", "255 * 255", "-1 != 0xffffffff",
	}
	var src strings.Builder
	for _, e := range exprs {
		c := constExpr(t, e)
		var v string
		switch {
		case c.IsFloat():
			v = strconv.FormatFloat(c.Float, 'g', -1, 64)
		case c.Type.IsSigned():
			v = fmt.Sprintf("%dLL", c.Int)
		default:
			// No cast: the bits above the type's width must be 0.
			v = fmt.Sprintf("%dULL", uint64(c.Int))
		}
		fmt.Fprintf(&src, "_Static_assert(%s && (%s) == %s, \"%s is %s %s\");\n", hasType(e, c.Type), e, v, strings.ReplaceAll(e, `\`, `\\`), c.Type, v)
	}
	out, ok := gcc(t, src.String())
	assert.True(t, ok, "gcc disagrees (the message names upcgo's type and value):\n%s", out)
}
