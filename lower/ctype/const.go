package ctype

import (
	"math"
	"strconv"
	"strings"
)

// Const is the value of a C constant expression (C99 6.6) with its type:
// an integer as the bits of its type (an unsigned value reinterprets
// them), or a floating value. The operations on it follow C's rules:
// conversions wrap around, and the operands of an operator take the
// integer promotions and the usual arithmetic conversions.
type Const struct {
	Type  *Type
	Int   int64 // integers, as bits (unsigned values reinterpret)
	Float float64
}

// IsFloat reports whether c has a floating type.
func (c Const) IsFloat() bool { return c.Type.IsFloat() }

// ConvertConst converts c to type t with C's wrap-around rules.
func ConvertConst(c Const, t *Type) Const {
	t = t.Unqual()
	if t.IsFloat() {
		f := c.Float
		if !c.IsFloat() {
			if c.Type.IsSigned() {
				f = float64(c.Int)
			} else {
				f = float64(uint64(c.Int))
			}
		}
		if t.Kind == Float {
			f = float64(float32(f))
		}
		return Const{Type: t, Float: f}
	}
	i := c.Int
	if c.IsFloat() {
		if t.IsSigned() {
			i = int64(c.Float)
		} else {
			i = int64(uint64(c.Float))
		}
	}
	switch t.Kind {
	case Bool:
		if i != 0 || (c.IsFloat() && c.Float != 0) {
			i = 1
		}
	case Char, SChar:
		i = int64(int8(i))
	case UChar:
		i = int64(uint8(i))
	case Short:
		i = int64(int16(i))
	case UShort:
		i = int64(uint16(i))
	case Int, Enum:
		i = int64(int32(i))
	case UInt:
		i = int64(uint32(i))
	}
	return Const{Type: t, Int: i}
}

// Truth reports whether c compares unequal to 0, as a condition tests it.
func (c Const) Truth() bool {
	if c.IsFloat() {
		return c.Float != 0
	}
	return c.Int != 0
}

// BoolConst is the int value 1 or 0 of a truth value.
func BoolConst(b bool) Const {
	if b {
		return Const{Type: IntType, Int: 1}
	}
	return Const{Type: IntType, Int: 0}
}

// BinaryConst applies the binary operator op to x and y, reporting false
// where the result is not a constant (division by zero, a shift or a bit
// operator on a floating value, an operator it does not fold).
func BinaryConst(op string, x, y Const) (Const, bool) {
	switch op {
	case "<<", ">>":
		if x.IsFloat() || y.IsFloat() {
			return Const{}, false
		}
		t := Promote(x.Type)
		x = ConvertConst(x, t)
		n := uint64(y.Int)
		if n >= 64 {
			return Const{Type: t}, true
		}
		if op == "<<" {
			return ConvertConst(Const{Type: t, Int: x.Int << n}, t), true
		}
		if t.IsSigned() {
			return ConvertConst(Const{Type: t, Int: x.Int >> n}, t), true
		}
		bits := uint64(x.Int)
		if t.Size() == 4 {
			bits = uint64(uint32(x.Int))
		}
		return ConvertConst(Const{Type: t, Int: int64(bits >> n)}, t), true
	}
	t := UsualArith(x.Type, y.Type)
	x, y = ConvertConst(x, t), ConvertConst(y, t)
	cmp := func(less, eq bool) (Const, bool) {
		switch op {
		case "<":
			return BoolConst(less), true
		case ">":
			return BoolConst(!less && !eq), true
		case "<=":
			return BoolConst(less || eq), true
		case ">=":
			return BoolConst(!less), true
		case "==":
			return BoolConst(eq), true
		case "!=":
			return BoolConst(!eq), true
		}
		return Const{}, false
	}
	if t.IsFloat() {
		a, b := x.Float, y.Float
		switch op {
		case "+":
			return ConvertConst(Const{Type: t, Float: a + b}, t), true
		case "-":
			return ConvertConst(Const{Type: t, Float: a - b}, t), true
		case "*":
			return ConvertConst(Const{Type: t, Float: a * b}, t), true
		case "/":
			return ConvertConst(Const{Type: t, Float: a / b}, t), true
		}
		return cmp(a < b, a == b)
	}
	a, b := x.Int, y.Int
	unsigned := !t.IsSigned()
	var r int64
	switch op {
	case "+":
		r = a + b
	case "-":
		r = a - b
	case "*":
		r = a * b
	case "/", "%":
		if b == 0 {
			return Const{}, false
		}
		if unsigned {
			ua, ub := uint64(a), uint64(b)
			if t.Size() == 4 {
				ua, ub = uint64(uint32(a)), uint64(uint32(b))
			}
			if op == "/" {
				r = int64(ua / ub)
			} else {
				r = int64(ua % ub)
			}
		} else if op == "/" {
			r = a / b
		} else {
			r = a % b
		}
	case "&":
		r = a & b
	case "|":
		r = a | b
	case "^":
		r = a ^ b
	default:
		if unsigned {
			ua, ub := uint64(a), uint64(b)
			if t.Size() == 4 {
				ua, ub = uint64(uint32(a)), uint64(uint32(b))
			}
			return cmp(ua < ub, ua == ub)
		}
		return cmp(a < b, a == b)
	}
	return ConvertConst(Const{Type: t, Int: r}, t), true
}

// ParseIntLit gives an integer constant its C99 6.4.4.1 type: the first of
// int, long (and the unsigned ones for octal and hex) that holds it.
func ParseIntLit(raw string) (Const, bool) {
	s := strings.ToLower(raw)
	unsigned, long := false, 0
	for len(s) > 0 {
		switch s[len(s)-1] {
		case 'u':
			unsigned = true
		case 'l':
			long++
		default:
			goto digits
		}
		s = s[:len(s)-1]
	}
digits:
	base := 10
	switch {
	case strings.HasPrefix(s, "0x"):
		base, s = 16, s[2:]
	case strings.HasPrefix(s, "0b"):
		base, s = 2, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	v, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		return Const{}, false
	}
	decimal := base == 10
	var t *Type
	switch {
	case !unsigned && long == 0 && v <= math.MaxInt32:
		t = IntType
	case !unsigned && long == 0 && !decimal && v <= math.MaxUint32:
		t = UIntType
	case unsigned && long == 0 && v <= math.MaxUint32:
		t = UIntType
	case !unsigned && v <= math.MaxInt64:
		t = LongType
		if long == 2 {
			t = LLongType
		}
	default:
		t = ULongType
		if long == 2 {
			t = ULLongType
		}
	}
	return Const{Type: t, Int: int64(v)}, true
}

// ParseFloatLit is the value of a floating constant: double, float with
// an f suffix, long double with an l suffix (C99 6.4.4.2).
func ParseFloatLit(raw string) (Const, bool) {
	s := strings.ToLower(raw)
	t := DoubleType
	switch {
	case strings.HasSuffix(s, "f"):
		t, s = FloatType, s[:len(s)-1]
	case strings.HasSuffix(s, "l"):
		t, s = LDoubleType, s[:len(s)-1]
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// ParseFloat needs a p exponent for hex floats, which C also requires.
		return Const{}, false
	}
	if t == FloatType {
		v = float64(float32(v))
	}
	return Const{Type: t, Float: v}, true
}

// CharValue is the int value of a character constant (gcc: a plain char
// Const is the signed char value; multi-character constants combine).
func CharValue(raw string) (int64, bool) {
	wide := false
	if i := strings.IndexByte(raw, '\''); i > 0 {
		wide = true
		raw = raw[i:]
	}
	body, ok := Unescape(raw[1 : len(raw)-1])
	if !ok || len(body) == 0 {
		return 0, false
	}
	if wide {
		r := []rune(body)
		return int64(r[0]), true
	}
	var v int64
	for i := 0; i < len(body); i++ {
		v = v<<8 | int64(body[i])
	}
	if len(body) == 1 {
		v = int64(int8(body[0]))
	}
	return v, true
}

// Unescape decodes C escape sequences into bytes.
func Unescape(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", false
		}
		switch c = s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case 'e':
			b.WriteByte(27)
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'x':
			j := i + 1
			for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			if j == i+1 {
				return "", false
			}
			v, _ := strconv.ParseUint(s[i+1:j], 16, 64)
			b.WriteByte(byte(v))
			i = j - 1
		case 'u', 'U':
			n := 4
			if c == 'U' {
				n = 8
			}
			if i+1+n > len(s) {
				return "", false
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", false
			}
			b.WriteRune(rune(v))
			i += n
		default:
			if c >= '0' && c <= '7' {
				j := i
				v := 0
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					v = v*8 + int(s[j]-'0')
					j++
				}
				b.WriteByte(byte(v))
				i = j - 1
				continue
			}
			// gcc warns and keeps the character.
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// UnaryConst applies the unary operator op (+, -, ~ or !) to c, after
// the integer promotions.
func UnaryConst(op string, c Const) (Const, bool) {
	switch op {
	case "+":
		if !c.IsFloat() {
			c = ConvertConst(c, Promote(c.Type))
		}
		return c, true
	case "-":
		if c.IsFloat() {
			return Const{Type: c.Type, Float: -c.Float}, true
		}
		c = ConvertConst(c, Promote(c.Type))
		return ConvertConst(Const{Type: c.Type, Int: -c.Int}, c.Type), true
	case "~":
		if c.IsFloat() {
			return Const{}, false
		}
		c = ConvertConst(c, Promote(c.Type))
		return ConvertConst(Const{Type: c.Type, Int: ^c.Int}, c.Type), true
	case "!":
		return BoolConst(!c.Truth()), true
	}
	return Const{}, false
}
