package cpp

import (
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/upcgo/upcgo/parser/token"
)

// hasOperators are the feature-test operators usable in #if. upcgo knows
// __has_include; it has no compiler builtins, attributes or extensions to
// report, so the others are always 0. They count as defined, so code that
// tests "#if defined(__has_builtin) && __has_builtin(x)" takes its portable
// path instead of failing to parse.
var hasOperators = map[string]bool{
	"__has_include":            true,
	"__has_include_next":       true,
	"__has_builtin":            true,
	"__has_attribute":          true,
	"__has_c_attribute":        true,
	"__has_cpp_attribute":      true,
	"__has_feature":            true,
	"__has_extension":          true,
	"__has_declspec_attribute": true,
}

// evalIf evaluates the controlling expression of #if or #elif (C99
// 6.10.1): defined and the __has_ operators are applied, macros expanded,
// the remaining identifiers replaced by 0, and the result computed in
// intmax_t/uintmax_t. Errors count as false.
func (p *pp) evalIf(args []token.Token, dir token.Token) bool {
	eof := dir.Pos
	if len(args) > 0 {
		eof = args[len(args)-1].Pos
	}
	toks, ok := p.ifTokens(args, eof)
	if !ok {
		return false
	}
	if len(toks) == 0 {
		p.errs.Errorf(dir.Pos, "#%s with no expression", dir.Text)
		return false
	}
	e := ifParser{p: p, toks: toks, eof: eof}
	v := e.comma(true)
	if !e.failed && e.i < len(toks) {
		e.unexpected(toks[e.i])
	}
	return !e.failed && v.v != 0
}

// ifTokens macro-expands an #if line, replacing "defined X",
// "defined(X)" and the __has_ operators by 0 or 1 first, even when they
// come out of a macro expansion (gcc accepts that).
func (p *pp) ifTokens(args []token.Token, eof token.Pos) ([]token.Token, bool) {
	n := p.pushList(args, eof)
	defer p.popTo(n)
	out := make([]token.Token, 0, len(args))
	for {
		t := p.next()
		if t.Kind == token.EOF {
			return out, !p.stopped
		}
		if t.Kind != token.Ident {
			out = append(out, t)
			continue
		}
		switch {
		case t.Text == "defined":
			v, ok := p.definedOperand(t)
			if !ok {
				return nil, false
			}
			out = append(out, boolToken(v, t))
		case hasOperators[t.Text]:
			v, ok := p.hasOperand(t)
			if !ok {
				return nil, false
			}
			out = append(out, boolToken(v, t))
		default:
			out = append(out, t)
		}
	}
}

func boolToken(v bool, at token.Token) token.Token {
	t := token.Token{Kind: token.Int, Text: "0", Pos: at.Pos, Flags: at.Flags}
	if v {
		t.Text = "1"
	}
	return t
}

// definedOperand reads "X" or "(X)" after defined, unexpanded.
func (p *pp) definedOperand(kw token.Token) (bool, bool) {
	t := p.lex()
	paren := isPunct(t, "(")
	if paren {
		t = p.lex()
	}
	if t.Kind != token.Ident {
		at := t.Pos
		if t.Kind == token.EOF {
			at = kw.Pos
		}
		p.errs.Errorf(at, "operator \"defined\" requires an identifier")
		return false, false
	}
	if paren {
		if r := p.lex(); !isPunct(r, ")") {
			p.errs.Errorf(t.Pos, "missing ')' after \"defined\"")
			return false, false
		}
	}
	return p.isDefined(t.Text), true
}

// hasOperand reads the parenthesized operand of a __has_ operator.
func (p *pp) hasOperand(kw token.Token) (bool, bool) {
	if t := p.lex(); !isPunct(t, "(") {
		p.errs.Errorf(kw.Pos, "missing '(' after \"%s\"", kw.Text)
		return false, false
	}
	var operand []token.Token
	for depth := 0; ; {
		t := p.lex()
		if t.Kind == token.EOF {
			p.errs.Errorf(kw.Pos, "missing ')' after \"%s\" operand", kw.Text)
			return false, false
		}
		if isPunct(t, "(") {
			depth++
		} else if isPunct(t, ")") {
			if depth == 0 {
				break
			}
			depth--
		}
		operand = append(operand, t)
	}
	if kw.Text != "__has_include" && kw.Text != "__has_include_next" {
		return false, true
	}
	name, angle, _, ok := p.headerName(operand, kw, "operator \""+kw.Text+"\" requires a header-name")
	if !ok {
		return false, false
	}
	var from *fileCtx
	for i := len(p.stack) - 1; i >= 0 && from == nil; i-- {
		from = p.stack[i].file
	}
	if from == nil {
		return false, true
	}
	d, _ := p.findInclude(name, angle, kw.Text == "__has_include_next", from)
	return d != nil, true
}

// ifValue is a value of an #if expression: intmax_t, or uintmax_t when
// unsigned.
type ifValue struct {
	v        uint64
	unsigned bool
}

func (v ifValue) signed() int64 { return int64(v.v) }
func (v ifValue) neg() bool     { return !v.unsigned && int64(v.v) < 0 }

func boolValue(b bool) ifValue {
	if b {
		return ifValue{v: 1}
	}
	return ifValue{}
}

// ifParser evaluates an expanded #if expression by recursive descent. The
// eval flag is false inside operands that are not evaluated (after 0 &&,
// 1 ||, the other arm of ?:), where division by zero is no error.
type ifParser struct {
	p      *pp
	toks   []token.Token
	i      int
	eof    token.Pos // for errors at the end of the line
	failed bool
}

func (e *ifParser) errorf(at token.Pos, format string, args ...any) {
	if !e.failed {
		e.p.errs.Errorf(at, format, args...)
		e.failed = true
	}
}

func (e *ifParser) peek() (token.Token, bool) {
	if e.i < len(e.toks) && !e.failed {
		return e.toks[e.i], true
	}
	return token.Token{}, false
}

// unexpected reports a token where an operator or the end was expected.
func (e *ifParser) unexpected(t token.Token) {
	switch {
	case isPunct(t, ")"):
		e.errorf(t.Pos, "missing '(' in expression")
	case isPunct(t, ":"):
		e.errorf(t.Pos, "':' without preceding '?'")
	case !validInIf(t):
		e.errorf(t.Pos, "token \"%s\" is not valid in preprocessor expressions", t.Text)
	default:
		e.errorf(t.Pos, "missing binary operator before token \"%s\"", t.Text)
	}
}

var ifPuncts = map[string]bool{
	"(": true, ")": true, "+": true, "-": true, "~": true, "!": true, "*": true, "/": true, "%": true,
	"<<": true, ">>": true, "<": true, ">": true, "<=": true, ">=": true, "==": true, "!=": true,
	"&": true, "^": true, "|": true, "&&": true, "||": true, "?": true, ":": true, ",": true,
}

func validInIf(t token.Token) bool {
	switch t.Kind {
	case token.Punct:
		return ifPuncts[t.Text]
	case token.String:
		return false
	}
	return true
}

func (e *ifParser) comma(eval bool) ifValue {
	v := e.cond(eval)
	for {
		t, ok := e.peek()
		if !ok || !isPunct(t, ",") {
			return v
		}
		e.i++
		v = e.cond(eval)
	}
}

func (e *ifParser) cond(eval bool) ifValue {
	c := e.binary(1, eval)
	t, ok := e.peek()
	if !ok || !isPunct(t, "?") {
		return c
	}
	e.i++
	a := e.comma(eval && c.v != 0)
	if colon, ok := e.peek(); !ok || !isPunct(colon, ":") {
		e.errorf(t.Pos, "'?' without following ':'")
		return ifValue{}
	}
	e.i++
	b := e.cond(eval && c.v == 0)
	r := b
	if c.v != 0 {
		r = a
	}
	r.unsigned = a.unsigned || b.unsigned
	return r
}

var binaryPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

// binary parses operators of precedence minPrec and higher, left
// associative.
func (e *ifParser) binary(minPrec int, eval bool) ifValue {
	l := e.unary(eval)
	for {
		t, ok := e.peek()
		if !ok || t.Kind != token.Punct {
			return l
		}
		prec := binaryPrec[t.Text]
		if prec == 0 || prec < minPrec {
			return l
		}
		e.i++
		switch t.Text {
		case "&&":
			r := e.binary(prec+1, eval && l.v != 0)
			l = boolValue(l.v != 0 && r.v != 0)
		case "||":
			r := e.binary(prec+1, eval && l.v == 0)
			l = boolValue(l.v != 0 || r.v != 0)
		default:
			r := e.binary(prec+1, eval)
			l = e.apply(t, l, r, eval)
		}
	}
}

// apply computes l op r with the usual arithmetic conversions: unsigned if
// either operand is (shifts take the left operand's type). Signed
// overflow wraps with a warning, as in gcc.
func (e *ifParser) apply(op token.Token, l, r ifValue, eval bool) ifValue {
	if e.failed {
		return ifValue{}
	}
	uns := l.unsigned || r.unsigned
	res := ifValue{unsigned: uns}
	overflow := false
	switch op.Text {
	case "*":
		if uns {
			res.v = l.v * r.v
		} else {
			a, b := l.signed(), r.signed()
			res.v = uint64(a * b)
			overflow = a != 0 && (int64(res.v)/a != b || (a == -1 && b == math.MinInt64))
		}
	case "/", "%":
		if r.v == 0 {
			if eval {
				e.errorf(op.Pos, "division by zero in #if")
			}
			return ifValue{unsigned: uns}
		}
		switch {
		case uns && op.Text == "/":
			res.v = l.v / r.v
		case uns:
			res.v = l.v % r.v
		case op.Text == "/":
			overflow = l.signed() == math.MinInt64 && r.signed() == -1
			res.v = uint64(l.signed() / r.signed())
		default:
			res.v = uint64(l.signed() % r.signed())
		}
	case "+":
		res.v = l.v + r.v
		overflow = !uns && (l.signed() >= 0) == (r.signed() >= 0) && (res.signed() >= 0) != (l.signed() >= 0)
	case "-":
		res.v = l.v - r.v
		overflow = !uns && (l.signed() >= 0) != (r.signed() >= 0) && (res.signed() >= 0) != (l.signed() >= 0)
	case "<<", ">>":
		res.unsigned = l.unsigned
		n, left := r.v, op.Text == "<<"
		if r.neg() { // a negative count shifts the other way, as in gcc
			n, left = -r.v, !left
		}
		res.v, overflow = shift(l, n, left)
	case "<":
		return boolValue(less(l, r, uns))
	case ">":
		return boolValue(less(r, l, uns))
	case "<=":
		return boolValue(!less(r, l, uns))
	case ">=":
		return boolValue(!less(l, r, uns))
	case "==":
		return boolValue(l.v == r.v)
	case "!=":
		return boolValue(l.v != r.v)
	case "&":
		res.v = l.v & r.v
	case "^":
		res.v = l.v ^ r.v
	case "|":
		res.v = l.v | r.v
	}
	if overflow && eval {
		e.p.errs.Warnf(op.Pos, "integer overflow in preprocessor expression")
	}
	return res
}

func less(l, r ifValue, uns bool) bool {
	if uns {
		return l.v < r.v
	}
	return l.signed() < r.signed()
}

// shift shifts l by n bits; counts of 64 or more shift everything out.
func shift(l ifValue, n uint64, left bool) (uint64, bool) {
	if left {
		if n >= 64 {
			return 0, !l.unsigned && l.v != 0
		}
		v := l.v << n
		return v, !l.unsigned && int64(v)>>n != l.signed()
	}
	if l.unsigned {
		if n >= 64 {
			return 0, false
		}
		return l.v >> n, false
	}
	n = min(n, 63)
	return uint64(l.signed() >> n), false
}

func (e *ifParser) unary(eval bool) ifValue {
	t, ok := e.peek()
	if !ok {
		if !e.failed {
			e.missingOperand()
		}
		return ifValue{}
	}
	e.i++
	switch t.Kind {
	case token.Int:
		v, uns, errMsg, warnMsg := parseIntLiteral(t.Text)
		if errMsg != "" {
			e.errorf(t.Pos, "%s", errMsg)
		} else if warnMsg != "" && eval {
			e.p.errs.Warnf(t.Pos, "%s", warnMsg)
		}
		return ifValue{v: v, unsigned: uns}
	case token.Char:
		return e.charConstant(t)
	case token.Float:
		e.errorf(t.Pos, "floating constant in preprocessor expression")
		return ifValue{}
	case token.Ident:
		return ifValue{} // an identifier that is not a macro (C99 6.10.1p4)
	case token.String:
		e.errorf(t.Pos, "token \"%s\" is not valid in preprocessor expressions", t.Text)
		return ifValue{}
	}
	switch t.Text {
	case "(":
		if r, ok := e.peek(); ok && isPunct(r, ")") {
			e.errorf(r.Pos, "missing expression between '(' and ')'")
			return ifValue{}
		}
		v := e.comma(eval)
		r, ok := e.peek()
		switch {
		case e.failed:
		case !ok:
			e.errorf(t.Pos, "missing ')' in expression")
		case !isPunct(r, ")"):
			e.unexpected(r)
		default:
			e.i++
		}
		return v
	case "+":
		return e.unary(eval)
	case "-":
		v := e.unary(eval)
		if !v.unsigned && v.v == 1<<63 && eval {
			e.p.errs.Warnf(t.Pos, "integer overflow in preprocessor expression")
		}
		v.v = -v.v
		return v
	case "~":
		v := e.unary(eval)
		v.v = ^v.v
		return v
	case "!":
		v := e.unary(eval)
		return boolValue(v.v == 0)
	}
	if _, binary := binaryPrec[t.Text]; binary {
		e.errorf(t.Pos, "operator '%s' has no left operand", t.Text)
		return ifValue{}
	}
	e.i--
	e.unexpected(t)
	return ifValue{}
}

// missingOperand reports the end of the expression where an operand was
// expected.
func (e *ifParser) missingOperand() {
	if e.i > 0 {
		prev := e.toks[e.i-1]
		if prev.Kind == token.Punct && prev.Text != ")" {
			e.errorf(prev.Pos, "operator '%s' has no right operand", prev.Text)
			return
		}
		e.errorf(prev.Pos, "expected value in expression")
		return
	}
	e.errorf(e.eof, "expected value in expression")
}

// parseIntLiteral reads a C integer constant (C99 6.4.4.1, plus gcc's 0b
// binary constants). Like gcc, a constant too large for intmax_t is
// unsigned, and one too large for uintmax_t wraps with a warning.
func parseIntLiteral(text string) (v uint64, unsigned bool, errMsg, warnMsg string) {
	base := uint64(10)
	digits := text
	switch {
	case len(text) > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'):
		base, digits = 16, text[2:]
	case len(text) > 1 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B'):
		base, digits = 2, text[2:]
	case len(text) > 1 && text[0] == '0':
		base = 8
	}
	n := 0
	for n < len(digits) && digitValue(digits[n]) < 16 && (base == 16 || digitValue(digits[n]) < 10) {
		n++
	}
	suffix := digits[n:]
	digits = digits[:n]
	if digits == "" && base != 8 {
		return 0, false, "invalid suffix \"" + text[1:] + "\" on integer constant", ""
	}
	overflow := false
	for i := 0; i < len(digits); i++ {
		d := digitValue(digits[i])
		if d >= base {
			return 0, false, "invalid digit \"" + digits[i:i+1] + "\" in " + baseName(base) + " constant", ""
		}
		hi, lo := bits.Mul64(v, base)
		lo, carry := bits.Add64(lo, d, 0)
		overflow = overflow || hi != 0 || carry != 0
		v = lo
	}
	switch strings.ToLower(suffix) {
	case "", "l", "ll":
	case "u", "ul", "lu", "ull", "llu":
		unsigned = true
	default:
		return 0, false, "invalid suffix \"" + suffix + "\" on integer constant", ""
	}
	if strings.Contains(suffix, "lL") || strings.Contains(suffix, "Ll") {
		return 0, false, "invalid suffix \"" + suffix + "\" on integer constant", ""
	}
	switch {
	case overflow:
		return v, true, "", "integer constant is too large for its type"
	case !unsigned && v > math.MaxInt64:
		if base == 10 {
			warnMsg = "integer constant is so large that it is unsigned"
		}
		return v, true, "", warnMsg
	}
	return v, unsigned, "", ""
}

func baseName(base uint64) string {
	switch base {
	case 2:
		return "binary"
	case 8:
		return "octal"
	case 16:
		return "hexadecimal"
	}
	return "decimal"
}

func digitValue(c byte) uint64 {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0')
	case c >= 'a' && c <= 'f':
		return uint64(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}

// charConstant evaluates a character constant as gcc does on x86-64: a
// plain one has type int with char signed, several characters combine
// big-endian into an int; L'x' is a 32-bit signed wchar_t; u'x' and U'x'
// are unsigned (char16_t, char32_t) and so act as uintmax_t (C99 6.10.1p4).
func (e *ifParser) charConstant(t token.Token) ifValue {
	text := t.Text
	prefix := text[:strings.IndexByte(text, '\'')]
	body := text[len(prefix):]
	if len(body) < 2 || body[len(body)-1] != '\'' {
		e.errorf(t.Pos, "missing terminating ' character")
		return ifValue{}
	}
	body = body[1 : len(body)-1]
	var units []uint32
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			if prefix == "" || c < utf8.RuneSelf {
				units = append(units, uint32(c))
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(body[i:])
			units = append(units, uint32(r))
			i += n
			continue
		}
		u, n, msg := escapeValue(body[i:], prefix)
		if msg != "" {
			e.p.errs.Warnf(t.Pos, "%s", msg)
		}
		units = append(units, u...)
		i += n
	}
	if len(units) == 0 {
		e.errorf(t.Pos, "empty character constant")
		return ifValue{}
	}
	if len(units) > 1 {
		if prefix == "" {
			e.p.errs.Warnf(t.Pos, "multi-character character constant")
		} else {
			e.p.errs.Warnf(t.Pos, "character constant too long for its type")
		}
	}
	switch prefix {
	case "":
		if len(units) == 1 {
			return ifValue{v: uint64(int64(int8(units[0])))}
		}
		var v uint32
		for _, u := range units {
			v = v<<8 | u&0xff
		}
		return ifValue{v: uint64(int64(int32(v)))}
	case "L":
		return ifValue{v: uint64(int64(int32(units[len(units)-1])))}
	case "u":
		return ifValue{v: uint64(uint16(units[len(units)-1])), unsigned: true}
	}
	return ifValue{v: uint64(units[len(units)-1]), unsigned: true}
}

var simpleEscapes = map[byte]uint32{'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11, 'e': 27, 'E': 27,
	'\\': '\\', '\'': '\'', '"': '"', '?': '?'}

// escapeValue decodes the escape sequence at the start of s (which starts
// with a backslash): its code units, its length and an optional warning.
func escapeValue(s, prefix string) ([]uint32, int, string) {
	if len(s) < 2 {
		return []uint32{'\\'}, 1, ""
	}
	c := s[1]
	if v, ok := simpleEscapes[c]; ok {
		return []uint32{v}, 2, ""
	}
	limit := uint64(0xff)
	switch prefix {
	case "L", "U":
		limit = 0xffffffff
	case "u":
		limit = 0xffff
	}
	switch {
	case c >= '0' && c <= '7':
		n, v := 1, uint64(0)
		for n < 4 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + uint64(s[n]-'0')
			n++
		}
		msg := ""
		if v > limit {
			msg = "octal escape sequence out of range"
		}
		return []uint32{uint32(v & limit)}, n, msg
	case c == 'x':
		n, v, big := 2, uint64(0), false
		for n < len(s) && digitValue(s[n]) < 16 {
			v = v*16 + digitValue(s[n])
			big = big || v > limit
			n++
		}
		if n == 2 {
			return []uint32{'x'}, 2, "\\x used with no following hex digits"
		}
		msg := ""
		if big {
			msg = "hex escape sequence out of range"
		}
		return []uint32{uint32(v & limit)}, n, msg
	case c == 'u' || c == 'U':
		want := 4
		if c == 'U' {
			want = 8
		}
		n, v := 2, uint32(0)
		for n < len(s) && n < 2+want && digitValue(s[n]) < 16 {
			v = v*16 + uint32(digitValue(s[n]))
			n++
		}
		if n != 2+want {
			return []uint32{uint32(c)}, n, "incomplete universal character name"
		}
		if prefix != "" {
			return []uint32{v}, n, ""
		}
		// A plain char constant holds the UTF-8 encoding.
		var units []uint32
		for _, b := range []byte(string(rune(v))) {
			units = append(units, uint32(b))
		}
		return units, n, ""
	}
	return []uint32{uint32(c)}, 2, "unknown escape sequence: '\\" + string(c) + "'"
}
