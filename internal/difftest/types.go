package difftest

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Scalar is a C scalar type as x86-64 LP64 lays it out, which is what both
// gcc and upcgo target.
type Scalar uint8

// The scalar types, every one a generated program may use.
const (
	Bool Scalar = iota
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Float
	Double
	// long double: upcgo keeps gcc's size and alignment (16) but computes
	// in double precision (docs/lowering.md), so the model is built with
	// -mlong-double-64, which makes gcc's arithmetic the same; only
	// sizeof differs, which the model takes from a type of upcgo's size
	// (storageType).
	LongDouble
	numScalars
)

var scalarInfo = [numScalars]struct {
	name   string
	size   int
	signed bool
	rank   int // integer conversion rank; 0 for _Bool and the floating types
	suffix string
}{
	Bool:       {"_Bool", 1, false, 0, ""},
	Char:       {"char", 1, true, 1, ""}, // signed on x86-64, for gcc and upcgo
	SChar:      {"signed char", 1, true, 1, ""},
	UChar:      {"unsigned char", 1, false, 1, ""},
	Short:      {"short", 2, true, 2, ""},
	UShort:     {"unsigned short", 2, false, 2, ""},
	Int:        {"int", 4, true, 3, ""},
	UInt:       {"unsigned int", 4, false, 3, "u"},
	Long:       {"long", 8, true, 4, "l"},
	ULong:      {"unsigned long", 8, false, 4, "ul"},
	LongLong:   {"long long", 8, true, 5, "ll"},
	ULongLong:  {"unsigned long long", 8, false, 5, "ull"},
	Float:      {"float", 4, true, 0, "f"},
	Double:     {"double", 8, true, 0, ""},
	LongDouble: {"long double", 16, true, 0, "L"},
}

func (s Scalar) String() string { return scalarInfo[s].name }

// Size is sizeof the type in bytes.
func (s Scalar) Size() int { return scalarInfo[s].size }

// IsFloat reports whether s is a floating type.
func (s Scalar) IsFloat() bool { return s == Float || s == Double || s == LongDouble }

// IsSigned reports whether s is a signed integer type.
func (s Scalar) IsSigned() bool { return !s.IsFloat() && scalarInfo[s].signed }

// promote applies the integer promotions (C11 6.3.1.1): every type of rank
// below int, and _Bool, becomes int (all of their values fit in an int).
func promote(s Scalar) Scalar {
	if !s.IsFloat() && scalarInfo[s].rank < scalarInfo[Int].rank {
		return Int
	}
	return s
}

// unsignedOf is the unsigned type of the same rank as the integer type s.
func unsignedOf(s Scalar) Scalar {
	switch s {
	case Int:
		return UInt
	case Long:
		return ULong
	case LongLong:
		return ULongLong
	}
	return s
}

// arith is the common type of the usual arithmetic conversions (C11
// 6.3.1.8) of operands of types a and b.
func arith(a, b Scalar) Scalar {
	if a == LongDouble || b == LongDouble {
		return LongDouble
	}
	if a == Double || b == Double {
		return Double
	}
	if a == Float || b == Float {
		return Float
	}
	a, b = promote(a), promote(b)
	if a == b {
		return a
	}
	ra, rb := scalarInfo[a].rank, scalarInfo[b].rank
	if a.IsSigned() == b.IsSigned() {
		if ra > rb {
			return a
		}
		return b
	}
	u, s := a, b
	if a.IsSigned() {
		u, s = b, a
	}
	switch {
	case scalarInfo[u].rank >= scalarInfo[s].rank:
		return u
	case s.Size() > u.Size():
		return s
	default:
		return unsignedOf(s)
	}
}

// bits is the width of an integer type in bits.
func (s Scalar) bits() int { return 8 * s.Size() }

// truncate converts the 64-bit pattern v to the integer type s, as a C
// conversion does (modulo 2^bits, then sign extension for signed types;
// _Bool: v != 0).
func truncate(s Scalar, v uint64) uint64 {
	if s == Bool {
		if v != 0 {
			return 1
		}
		return 0
	}
	n := s.bits()
	if n == 64 {
		return v
	}
	v &= 1<<n - 1
	if s.IsSigned() && v&(1<<(n-1)) != 0 {
		v |= ^uint64(0) << n
	}
	return v
}

// Type is the element type of a shared object or the type of a private
// global: a scalar, a struct of scalars, or (shared objects only) a
// pointer-to-shared to the elements of a shared array.
type Type struct {
	Scalar Scalar
	Struct *Struct // non-nil: a struct type; Scalar is then unused
	// Ptr non-nil: a pointer-to-shared to Ptr's elements, with Ptr's block
	// size, named by a typedef (ps_<Ptr.Name>). Pointers are kept out of
	// arithmetic: statements and expressions of their own use them
	// (PtrSet, PtrCopy, PtrStep, PtrRead).
	Ptr *Object
}

// Struct is a struct type of scalar fields. (No bit-fields: upcgo
// rejects them in shared structures, with a clear error.)
type Struct struct {
	Name   string
	Fields []Scalar // field i is named f<i>
}

func (t Type) String() string {
	if t.Ptr != nil {
		return ptrTypedef(t.Ptr)
	}
	if t.Struct != nil {
		return "struct " + t.Struct.Name
	}
	return t.Scalar.String()
}

// field returns the scalar type of field f of t (f < 0: t itself, a scalar).
func (t Type) field(f int) Scalar {
	if f < 0 {
		return t.Scalar
	}
	return t.Struct.Fields[f]
}

func fieldName(f int) string { return fmt.Sprintf("f%d", f) }

// Const is a constant of a scalar type. Integer constants keep their value
// as a 64-bit two's-complement pattern already converted to the type.
type Const struct {
	T    Scalar
	Bits uint64  // integer types
	F    float64 // float and double (finite)
	// Spelling picks among equivalent C spellings of an integer constant:
	// 0 decimal, 1 hexadecimal, 2 a character constant (type int only).
	Spelling uint8
}

func intConst(t Scalar, v int64) Const { return Const{T: t, Bits: truncate(t, uint64(v))} }

// C returns the constant as a C expression of exactly its type.
func (c Const) C() string {
	if c.T.IsFloat() {
		return floatLiteral(c.T, c.F)
	}
	switch c.T {
	case Bool, Char, SChar, UChar, Short, UShort:
		// No literal has these types: convert an int constant.
		return fmt.Sprintf("((%s)%s)", c.T, intConst(Int, int64(c.Bits)).C())
	}
	if c.T == Int && c.Spelling == 2 {
		if lit, ok := charLiteral(int64(c.Bits)); ok {
			return lit
		}
	}
	suffix := scalarInfo[c.T].suffix
	if c.T.IsSigned() {
		v := int64(c.Bits)
		if v == math.MinInt64 || (c.T == Int && v == math.MinInt32) {
			// -2147483648 is the negation of a long; write the minimum
			// as C's headers do.
			return fmt.Sprintf("(-%d%s - 1)", -(v + 1), suffix)
		}
		if v < 0 {
			return fmt.Sprintf("(-%s)", intConst(c.T, -v).C())
		}
	}
	if c.Spelling == 1 && hexKeepsType(c.T, c.Bits) {
		return fmt.Sprintf("0x%x%s", c.Bits, suffix)
	}
	return fmt.Sprintf("%d%s", c.Bits, suffix)
}

// hexKeepsType reports whether a hexadecimal literal of value v with s's
// suffix has type s (C11 6.4.4.1: without a suffix, a hexadecimal literal
// that does not fit in int is unsigned int).
func hexKeepsType(s Scalar, v uint64) bool {
	switch s {
	case Int:
		return v <= math.MaxInt32
	case Long, LongLong:
		return v <= math.MaxInt64
	}
	return true
}

// charLiteral spells the int value v as a character constant, if one has
// it: 'a', '\n', or '\xff', which is -1 where char is signed.
func charLiteral(v int64) (string, bool) {
	switch {
	case v >= 'a' && v <= 'z', v >= 'A' && v <= 'Z', v >= '0' && v <= '9':
		return fmt.Sprintf("'%c'", rune(v)), true
	case v == '\n':
		return `'\n'`, true
	case v >= -128 && v < 0:
		return fmt.Sprintf(`'\x%02x'`, uint8(v)), true
	}
	return "", false
}

// floatLiteral spells f as a C literal of type t that reads back as f.
func floatLiteral(t Scalar, f float64) string {
	bits, suffix := 64, scalarInfo[t].suffix
	if t == Float {
		bits = 32
	}
	s := strconv.FormatFloat(math.Abs(f), 'g', -1, bits)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	if math.Signbit(f) {
		return "(-" + s + suffix + ")"
	}
	return s + suffix
}
