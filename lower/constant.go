package lower

import (
	"math"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// constant is the value of a constant expression.
type constant struct {
	typ *ctype.Type
	i   int64 // integers, as bits (unsigned values reinterpret)
	f   float64
}

func (c constant) isFloat() bool { return c.typ.IsFloat() }

// constInt evaluates an integer constant expression, reporting an error
// if e is not one.
func (tr *translator) constInt(e ast.Expr) (int64, bool) {
	c, ok := tr.constEval(e)
	if !ok {
		tr.errorf(e.Pos(), "expression is not an integer constant expression")
		return 0, false
	}
	if c.isFloat() {
		tr.errorf(e.Pos(), "expression is not an integer constant expression")
		return 0, false
	}
	return c.i, true
}

// convertConst converts c to type t with C's wrap-around rules.
func convertConst(c constant, t *ctype.Type) constant {
	t = t.Unqual()
	if t.IsFloat() {
		f := c.f
		if !c.isFloat() {
			if c.typ.IsSigned() {
				f = float64(c.i)
			} else {
				f = float64(uint64(c.i))
			}
		}
		if t.Kind == ctype.Float {
			f = float64(float32(f))
		}
		return constant{typ: t, f: f}
	}
	i := c.i
	if c.isFloat() {
		if t.IsSigned() {
			i = int64(c.f)
		} else {
			i = int64(uint64(c.f))
		}
	}
	switch t.Kind {
	case ctype.Bool:
		if i != 0 || (c.isFloat() && c.f != 0) {
			i = 1
		}
	case ctype.Char, ctype.SChar:
		i = int64(int8(i))
	case ctype.UChar:
		i = int64(uint8(i))
	case ctype.Short:
		i = int64(int16(i))
	case ctype.UShort:
		i = int64(uint16(i))
	case ctype.Int, ctype.Enum:
		i = int64(int32(i))
	case ctype.UInt:
		i = int64(uint32(i))
	}
	return constant{typ: t, i: i}
}

// constEval folds e if it is a constant expression (integer or floating),
// without reporting errors.
func (tr *translator) constEval(e ast.Expr) (constant, bool) {
	switch e := e.(type) {
	case *ast.IntLit:
		return parseIntLit(e.Raw)
	case *ast.FloatLit:
		return parseFloatLit(e.Raw)
	case *ast.CharLit:
		v, ok := charValue(e.Raw)
		return constant{typ: ctype.IntType, i: v}, ok
	case *ast.Ident:
		if s := tr.scope.lookup(e.Name); s != nil && s.kind == symEnumConst {
			return constant{typ: ctype.IntType, i: s.val}, true
		}
		if e.Name == "THREADS" && tr.cfg.StaticThreads > 0 {
			return constant{typ: ctype.IntType, i: int64(tr.cfg.StaticThreads)}, true
		}
	case *ast.SizeofType:
		t := tr.resolveType(e.Type)
		if t.DependsOnTHREADS() || t.Size() < 0 {
			return constant{}, false
		}
		return constant{typ: ctype.SizeT, i: t.Size()}, true
	case *ast.SizeofExpr:
		t := tr.typeOfExpr(e.X)
		if t == nil || t.DependsOnTHREADS() || t.Size() < 0 {
			return constant{}, false
		}
		return constant{typ: ctype.SizeT, i: t.Size()}, true
	case *ast.CastExpr:
		t := tr.resolveType(e.Type)
		c, ok := tr.constEval(e.X)
		if !ok || !t.IsArith() {
			return constant{}, false
		}
		return convertConst(c, t), true
	case *ast.UnaryExpr:
		c, ok := tr.constEval(e.X)
		if !ok {
			return constant{}, false
		}
		switch e.Op {
		case "+":
			if !c.isFloat() {
				c = convertConst(c, ctype.Promote(c.typ))
			}
			return c, true
		case "-":
			if c.isFloat() {
				return constant{typ: c.typ, f: -c.f}, true
			}
			c = convertConst(c, ctype.Promote(c.typ))
			return convertConst(constant{typ: c.typ, i: -c.i}, c.typ), true
		case "~":
			if c.isFloat() {
				return constant{}, false
			}
			c = convertConst(c, ctype.Promote(c.typ))
			return convertConst(constant{typ: c.typ, i: ^c.i}, c.typ), true
		case "!":
			return constant{typ: ctype.IntType, i: b2i(!c.truth())}, true
		}
	case *ast.BinaryExpr:
		x, ok1 := tr.constEval(e.X)
		if !ok1 {
			return constant{}, false
		}
		if e.Op == "&&" || e.Op == "||" {
			if e.Op == "&&" && !x.truth() {
				return constant{typ: ctype.IntType, i: 0}, true
			}
			if e.Op == "||" && x.truth() {
				return constant{typ: ctype.IntType, i: 1}, true
			}
			y, ok := tr.constEval(e.Y)
			if !ok {
				return constant{}, false
			}
			return constant{typ: ctype.IntType, i: b2i(y.truth())}, true
		}
		y, ok2 := tr.constEval(e.Y)
		if !ok2 {
			return constant{}, false
		}
		return binaryConst(e.Op, x, y)
	case *ast.CondExpr:
		c, ok := tr.constEval(e.Cond)
		if !ok {
			return constant{}, false
		}
		a, ok1 := c, true // GNU "c ?: b"
		if e.Then != nil {
			a, ok1 = tr.constEval(e.Then)
		}
		b, ok2 := tr.constEval(e.Else)
		if !ok1 || !ok2 {
			return constant{}, false
		}
		t := ctype.UsualArith(a.typ, b.typ)
		if c.truth() {
			return convertConst(a, t), true
		}
		return convertConst(b, t), true
	case *ast.UpcBlocksizeof, *ast.UpcElemsizeof, *ast.UpcLocalsizeof:
		return tr.upcSizeofConst(e)
	case *ast.OffsetofExpr:
		t := tr.resolveType(e.Type)
		off, _, ok := tr.offsetof(t, e.Member, false)
		return constant{typ: ctype.SizeT, i: off}, ok
	}
	return constant{}, false
}

func (c constant) truth() bool {
	if c.isFloat() {
		return c.f != 0
	}
	return c.i != 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func binaryConst(op string, x, y constant) (constant, bool) {
	switch op {
	case "<<", ">>":
		if x.isFloat() || y.isFloat() {
			return constant{}, false
		}
		t := ctype.Promote(x.typ)
		x = convertConst(x, t)
		n := uint64(y.i)
		if n >= 64 {
			return constant{typ: t}, true
		}
		if op == "<<" {
			return convertConst(constant{typ: t, i: x.i << n}, t), true
		}
		if t.IsSigned() {
			return convertConst(constant{typ: t, i: x.i >> n}, t), true
		}
		bits := uint64(x.i)
		if t.Size() == 4 {
			bits = uint64(uint32(x.i))
		}
		return convertConst(constant{typ: t, i: int64(bits >> n)}, t), true
	}
	t := ctype.UsualArith(x.typ, y.typ)
	x, y = convertConst(x, t), convertConst(y, t)
	cmp := func(less, eq bool) (constant, bool) {
		switch op {
		case "<":
			return constant{typ: ctype.IntType, i: b2i(less)}, true
		case ">":
			return constant{typ: ctype.IntType, i: b2i(!less && !eq)}, true
		case "<=":
			return constant{typ: ctype.IntType, i: b2i(less || eq)}, true
		case ">=":
			return constant{typ: ctype.IntType, i: b2i(!less)}, true
		case "==":
			return constant{typ: ctype.IntType, i: b2i(eq)}, true
		case "!=":
			return constant{typ: ctype.IntType, i: b2i(!eq)}, true
		}
		return constant{}, false
	}
	if t.IsFloat() {
		a, b := x.f, y.f
		switch op {
		case "+":
			return convertConst(constant{typ: t, f: a + b}, t), true
		case "-":
			return convertConst(constant{typ: t, f: a - b}, t), true
		case "*":
			return convertConst(constant{typ: t, f: a * b}, t), true
		case "/":
			return convertConst(constant{typ: t, f: a / b}, t), true
		}
		return cmp(a < b, a == b)
	}
	a, b := x.i, y.i
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
			return constant{}, false
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
	return convertConst(constant{typ: t, i: r}, t), true
}

// parseIntLit gives an integer constant its C99 6.4.4.1 type: the first of
// int, long (and the unsigned ones for octal and hex) that holds it.
func parseIntLit(raw string) (constant, bool) {
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
		return constant{}, false
	}
	decimal := base == 10
	var t *ctype.Type
	switch {
	case !unsigned && long == 0 && v <= math.MaxInt32:
		t = ctype.IntType
	case !unsigned && long == 0 && !decimal && v <= math.MaxUint32:
		t = ctype.UIntType
	case unsigned && long == 0 && v <= math.MaxUint32:
		t = ctype.UIntType
	case !unsigned && v <= math.MaxInt64:
		t = ctype.LongType
		if long == 2 {
			t = ctype.LLongType
		}
	default:
		t = ctype.ULongType
		if long == 2 {
			t = ctype.ULLongType
		}
	}
	return constant{typ: t, i: int64(v)}, true
}

func parseFloatLit(raw string) (constant, bool) {
	s := strings.ToLower(raw)
	t := ctype.DoubleType
	switch {
	case strings.HasSuffix(s, "f"):
		t, s = ctype.FloatType, s[:len(s)-1]
	case strings.HasSuffix(s, "l"):
		t, s = ctype.LDoubleType, s[:len(s)-1]
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// ParseFloat needs a p exponent for hex floats, which C also requires.
		return constant{}, false
	}
	if t == ctype.FloatType {
		v = float64(float32(v))
	}
	return constant{typ: t, f: v}, true
}

// charValue is the int value of a character constant (gcc: a plain char
// constant is the signed char value; multi-character constants combine).
func charValue(raw string) (int64, bool) {
	wide := false
	if i := strings.IndexByte(raw, '\''); i > 0 {
		wide = true
		raw = raw[i:]
	}
	body, ok := unescape(raw[1 : len(raw)-1])
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

// unescape decodes C escape sequences into bytes.
func unescape(s string) (string, bool) {
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
