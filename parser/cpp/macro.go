package cpp

import (
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
	"github.com/upcgo/upcgo/parser/token"
)

// macro is one macro definition.
type macro struct {
	name     string
	pos      token.Pos // of the name in its #define
	fn       bool      // function-like
	params   []string  // for a variadic macro the last one is __VA_ARGS__ or the GNU "name..." name
	variadic bool
	body     []token.Token // replacement list; no BOL flags, first token without Space
	// kind classifies each body token: noParam, vaOpt, or the index of
	// the parameter it names. nil when the body names no parameter.
	kind []int16
	// plain is true for an object-like macro without '##': its expansion
	// is a copy of the body.
	plain    bool
	builtin  builtinKind
	disabled int32 // > 0 while an expansion of this macro is being rescanned
}

const (
	noParam int16 = -1
	vaOpt   int16 = -2 // __VA_OPT__ (C23, accepted by gcc in every mode)
)

type builtinKind uint8

const (
	notBuiltin builtinKind = iota
	builtinFile
	builtinLine
	builtinDate
	builtinTime
	builtinCounter
	builtinIncludeLevel
	builtinBaseFile
)

var builtinNames = map[string]builtinKind{
	"__FILE__":          builtinFile,
	"__LINE__":          builtinLine,
	"__DATE__":          builtinDate,
	"__TIME__":          builtinTime,
	"__COUNTER__":       builtinCounter,
	"__INCLUDE_LEVEL__": builtinIncludeLevel,
	"__BASE_FILE__":     builtinBaseFile,
}

func (p *pp) defineBuiltins() {
	pos := token.Pos{File: builtinFileName, Line: 1, Col: 1}
	for name, k := range builtinNames {
		p.macros[name] = &macro{name: name, pos: pos, builtin: k}
	}
}

// builtinToken expands a dynamic predefined macro at the name token t.
// Since replacement-list tokens carry the position of the outermost
// invocation, __LINE__ and __FILE__ give the line and file of the
// invocation, as gcc does.
func (p *pp) builtinToken(m *macro, t token.Token) token.Token {
	out := token.Token{Kind: token.String, Flags: t.Flags &^ token.NoExpand, Pos: t.Pos}
	switch m.builtin {
	case builtinFile:
		out.Text = quote(t.Pos.File)
	case builtinLine:
		out.Kind, out.Text = token.Int, strconv.Itoa(int(t.Pos.Line))
	case builtinDate:
		out.Text = p.now.Format(`"Jan _2 2006"`)
	case builtinTime:
		out.Text = p.now.Format(`"15:04:05"`)
	case builtinCounter:
		out.Kind, out.Text = token.Int, strconv.Itoa(p.counter)
		p.counter++
	case builtinIncludeLevel:
		out.Kind, out.Text = token.Int, strconv.Itoa(max(p.fileDepth-1, 0))
	case builtinBaseFile:
		out.Text = quote(p.baseFile)
	}
	return out
}

// quote makes a C string literal whose value is s.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func isPunct(t token.Token, s string) bool { return t.Kind == token.Punct && t.Text == s }

// parseDefine parses the tokens of a #define after the word "define".
func (p *pp) parseDefine(args []token.Token, dir token.Token) (*macro, bool) {
	name, ok := p.macroName(args, dir)
	if !ok {
		return nil, false
	}
	m := &macro{name: name.Text, pos: name.Pos}
	rest := args[1:]
	if len(rest) > 0 && isPunct(rest[0], "(") && rest[0].Flags&token.Space == 0 {
		m.fn = true
		n, ok := p.parseParams(m, rest, name)
		if !ok {
			return nil, false
		}
		rest = rest[n:]
	} else if len(rest) > 0 && rest[0].Flags&token.Space == 0 {
		p.errs.Warnf(name.Pos, "ISO C99 requires whitespace after the macro name")
	}
	m.body = make([]token.Token, len(rest))
	for i, t := range rest {
		t.Flags &^= token.BOL
		if i == 0 {
			t.Flags &^= token.Space
		}
		m.body[i] = t
	}
	return m, p.classifyBody(m)
}

// parseParams parses "(a, b, ...)" at the start of toks and returns how
// many tokens it used.
func (p *pp) parseParams(m *macro, toks []token.Token, name token.Token) (int, bool) {
	i := 1
	if i < len(toks) && isPunct(toks[i], ")") {
		return i + 1, true
	}
	for {
		if i >= len(toks) {
			p.errs.Errorf(toks[len(toks)-1].Pos, "missing ')' in macro parameter list")
			return 0, false
		}
		t := toks[i]
		switch {
		case isPunct(t, "..."):
			m.variadic = true
			m.params = append(m.params, "__VA_ARGS__")
			i++
		case t.Kind == token.Ident:
			if t.Text == "__VA_ARGS__" {
				p.errs.Errorf(t.Pos, "__VA_ARGS__ can not be used as a parameter name")
				return 0, false
			}
			for _, q := range m.params {
				if q == t.Text {
					p.errs.Errorf(t.Pos, "duplicate macro parameter \"%s\"", t.Text)
					return 0, false
				}
			}
			m.params = append(m.params, t.Text)
			i++
			if i < len(toks) && isPunct(toks[i], "...") { // GNU named variadic: args...
				m.variadic = true
				i++
			}
		default:
			p.errs.Errorf(t.Pos, "expected parameter name, found \"%s\"", t.Text)
			return 0, false
		}
		if i >= len(toks) {
			p.errs.Errorf(toks[i-1].Pos, "missing ')' in macro parameter list")
			return 0, false
		}
		switch t := toks[i]; {
		case isPunct(t, ")"):
			return i + 1, true
		case isPunct(t, ",") && !m.variadic:
			i++
		case m.variadic:
			p.errs.Errorf(t.Pos, "missing ')' after \"...\" in macro parameter list")
			return 0, false
		default:
			p.errs.Errorf(t.Pos, "expected ',' or ')', found \"%s\"", t.Text)
			return 0, false
		}
	}
}

// classifyBody marks parameter uses in the body and checks the rules for
// '#', '##' and __VA_OPT__ (C99 6.10.3.2p1, 6.10.3.3p1).
func (p *pp) classifyBody(m *macro) bool {
	body := m.body
	m.plain = !m.fn
	for i, t := range body {
		if isPunct(t, "##") {
			m.plain = false
			if i == 0 || i == len(body)-1 {
				p.errs.Errorf(t.Pos, "'##' cannot appear at either end of a macro expansion")
				return false
			}
		}
		if t.Kind != token.Ident {
			continue
		}
		k := noParam
		for j, q := range m.params {
			if q == t.Text {
				k = int16(j)
				break
			}
		}
		switch {
		case k >= 0:
		case t.Text == "__VA_ARGS__":
			p.errs.Warnf(t.Pos, "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro")
		case t.Text == "__VA_OPT__" && m.variadic:
			k = vaOpt
		case t.Text == "__VA_OPT__":
			p.errs.Warnf(t.Pos, "__VA_OPT__ can only appear in the expansion of a variadic macro")
		}
		if k != noParam {
			if m.kind == nil {
				m.kind = make([]int16, len(body))
				for j := range m.kind {
					m.kind[j] = noParam
				}
			}
			m.kind[i] = k
		}
	}
	for i, t := range body {
		switch {
		case m.fn && isPunct(t, "#"):
			if i+1 >= len(body) || m.kindAt(i+1) < 0 {
				p.errs.Errorf(t.Pos, "'#' is not followed by a macro parameter")
				return false
			}
		case m.kindAt(i) == vaOpt:
			if _, ok := m.vaOptEnd(i); !ok {
				p.errs.Errorf(t.Pos, "unterminated __VA_OPT__")
				return false
			}
		}
	}
	return true
}

func (m *macro) kindAt(i int) int16 {
	if m.kind == nil {
		return noParam
	}
	return m.kind[i]
}

// vaOptEnd returns the index of the ')' closing the __VA_OPT__ at i.
func (m *macro) vaOptEnd(i int) (int, bool) {
	if i+1 >= len(m.body) || !isPunct(m.body[i+1], "(") {
		return 0, false
	}
	depth := 0
	for j := i + 1; j < len(m.body); j++ {
		switch {
		case isPunct(m.body[j], "("):
			depth++
		case isPunct(m.body[j], ")"):
			depth--
			if depth == 0 {
				return j, true
			}
		}
	}
	return 0, false
}

// sameAs reports whether two definitions are identical in the sense of
// C99 6.10.3p2 (same parameters, same tokens, same white-space
// separation), so a redefinition needs no warning.
func (m *macro) sameAs(o *macro) bool {
	if m.builtin != o.builtin || m.fn != o.fn || m.variadic != o.variadic ||
		len(m.params) != len(o.params) || len(m.body) != len(o.body) {
		return false
	}
	for i := range m.params {
		if m.params[i] != o.params[i] {
			return false
		}
	}
	for i, t := range m.body {
		u := o.body[i]
		if t.Kind != u.Kind || t.Text != u.Text || (t.Flags&token.Space != 0) != (u.Flags&token.Space != 0) {
			return false
		}
	}
	return true
}

// macroName checks the macro name that starts args (#define, #undef,
// #ifdef, #ifndef).
func (p *pp) macroName(args []token.Token, dir token.Token) (token.Token, bool) {
	if len(args) == 0 {
		p.errs.Errorf(dir.Pos, "no macro name given in #%s directive", dir.Text)
		return token.Token{}, false
	}
	t := args[0]
	if t.Kind != token.Ident {
		p.errs.Errorf(t.Pos, "macro names must be identifiers")
		return token.Token{}, false
	}
	if t.Text == "defined" {
		p.errs.Errorf(t.Pos, "\"defined\" cannot be used as a macro name")
		return token.Token{}, false
	}
	return t, true
}

// expand replaces the macro m named by the token name, pushing the
// replacement for rescanning. It reports false when a function-like macro
// name is not followed by '(' and so is an ordinary identifier.
func (p *pp) expand(m *macro, name token.Token) bool {
	if !m.fn {
		p.push(frame{toks: p.subst(m, name, nil, false), mac: m}, name.Pos)
		return true
	}
	if !p.peekParen() {
		return false
	}
	args, buf, absentVA, ok := p.collectArgs(m, name)
	if ok {
		p.push(frame{toks: p.subst(m, name, args, absentVA), mac: m}, name.Pos)
	} // else reported, and the invocation is dropped
	p.putBuf(buf)
	return true
}

// peekParen consumes the next token if it is '(' and reports whether it
// was. Like gcc, it looks across the end of macro expansions but not across
// the end of a file or a directive.
func (p *pp) peekParen() bool {
	p.peeking = true
	t := p.lex()
	p.peeking = false
	if t.Kind == token.EOF {
		return false
	}
	if isPunct(t, "(") {
		return true
	}
	p.unlex()
	return false
}

// collectArgs reads the arguments of a function-like macro invocation
// after its '(' (C99 6.10.3p10-12). Directives inside the arguments are
// processed, as gcc does. The arguments are slices of buf, which the caller
// hands back with putBuf when done. absentVA reports that the variable
// arguments were left out entirely (GNU comma elision applies).
func (p *pp) collectArgs(m *macro, name token.Token) (args [][]token.Token, buf []token.Token, absentVA bool, ok bool) {
	p.collecting++
	defer func() { p.collecting-- }()
	buf = p.getBuf(16)
	var startsArr [8]int
	starts := append(startsArr[:0], 0)
	depth := 0
	nparams := len(m.params)
	for {
		t := p.lex()
		if t.Kind == token.EOF {
			if !p.stopped {
				p.errs.Errorf(name.Pos, "unterminated argument list invoking macro \"%s\"", m.name)
			}
			return nil, buf, false, false
		}
		if t.Kind == token.Punct {
			switch t.Text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					goto done
				}
				depth--
			case ",":
				if depth == 0 && !(m.variadic && len(starts) >= nparams) {
					starts = append(starts, len(buf))
					continue
				}
			}
		}
		buf = append(buf, t)
	}
done:
	args = make([][]token.Token, len(starts))
	for k, s := range starts {
		e := len(buf)
		if k+1 < len(starts) {
			e = starts[k+1]
		}
		args[k] = buf[s:e:e]
	}
	given := len(args)
	switch {
	case nparams == 0:
		if given == 1 && len(args[0]) == 0 {
			return nil, buf, false, true
		}
		p.errs.Errorf(name.Pos, "macro \"%s\" passed %d arguments, but takes just 0", m.name, given)
		return nil, buf, false, false
	case m.variadic && given == nparams-1:
		return append(args, nil), buf, true, true
	case m.variadic && given >= nparams:
		// gcc (GNU mode) treats the empty argument of a macro whose only
		// parameter is "..." as left out, for comma elision.
		return args, buf, nparams == 1 && len(args[0]) == 0, true
	case given < nparams:
		if m.variadic {
			nparams--
		}
		p.errs.Errorf(name.Pos, "macro \"%s\" requires %d arguments, but only %d given", m.name, nparams, given)
		return nil, buf, false, false
	case given > nparams:
		p.errs.Errorf(name.Pos, "macro \"%s\" passed %d arguments, but takes just %d", m.name, given, nparams)
		return nil, buf, false, false
	}
	return args, buf, false, true
}

// subst builds the replacement of one invocation of m: parameters
// replaced by their fully expanded arguments, or by the arguments as
// written next to '#' and '##', stringification and pasting done (C99
// 6.10.3.1-3). Tokens from the replacement list take the invocation's
// position; the first token takes the name's leading white space.
func (p *pp) subst(m *macro, name token.Token, args [][]token.Token, absentVA bool) []token.Token {
	if m.plain {
		out := p.getBuf(len(m.body))[:len(m.body)]
		for i, t := range m.body {
			t.Pos = name.Pos
			out[i] = t
		}
		if len(out) > 0 {
			out[0].Flags |= name.Flags & (token.Space | token.BOL)
		}
		return out
	}
	s := substState{p: p, m: m, name: name, args: args, absentVA: absentVA}
	size := len(m.body)
	for _, k := range m.kind {
		if k >= 0 {
			size += len(args[k])
		}
	}
	out := s.run(0, len(m.body), p.getBuf(size))
	for _, e := range s.expanded {
		if e.owned {
			p.putBuf(e.toks)
		}
	}
	if len(out) > 0 {
		out[0].Flags = out[0].Flags&^(token.Space|token.BOL) | name.Flags&(token.Space|token.BOL)
	}
	return out
}

type substState struct {
	p        *pp
	m        *macro
	name     token.Token
	args     [][]token.Token
	expanded []expandedArg // lazily computed expansions of args
	absentVA bool
}

type expandedArg struct {
	toks  []token.Token
	done  bool
	owned bool // toks is a buffer to hand back
}

func (s *substState) expandedArg(k int) []token.Token {
	if s.expanded == nil {
		s.expanded = make([]expandedArg, len(s.args))
	}
	e := &s.expanded[k]
	if !e.done {
		e.toks, e.owned = s.p.expandList(s.args[k], s.name.Pos)
		e.done = true
	}
	return e.toks
}

// vaPresent reports whether __VA_OPT__'s content is used: the variable
// arguments expand to at least one token.
func (s *substState) vaPresent() bool {
	return len(s.expandedArg(len(s.args)-1)) > 0
}

// run substitutes body[lo:hi] onto out. Each operand (a body token, an
// argument, a stringified argument, a __VA_OPT__ group) may be empty: an
// empty operand of '##' is a placemarker (C99 6.10.3.3p2).
func (s *substState) run(lo, hi int, out []token.Token) []token.Token {
	m, body := s.m, s.m.body
	pasting := false      // the previous body token was '##'
	lhsEmpty := false     // the operand before that '##' was empty
	var lhsAt token.Token // the body token of that operand, for its white space
	var one [1]token.Token
	lo0 := len(out) // a __VA_OPT__ group may start with '##' and have no lhs
	for i := lo; i < hi; i++ {
		t := body[i]
		k := m.kindAt(i)
		if k == noParam && isPunct(t, "##") {
			// GNU: in ", ## __VA_ARGS__" the comma disappears when the
			// variable arguments are left out, and is never pasted.
			if m.variadic && i+1 < hi && m.kindAt(i+1) == int16(len(m.params)-1) &&
				i > lo && isPunct(body[i-1], ",") && m.kindAt(i-1) == noParam && !pasting {
				if s.absentVA {
					if n := len(out); n > 0 && isPunct(out[n-1], ",") {
						out = out[:n-1]
					}
				} else {
					out = s.appendOperand(out, s.args[len(s.args)-1], body[i+1])
				}
				i++
				lhsEmpty = false
				continue
			}
			pasting = true
			continue
		}
		var opnd []token.Token
		switch {
		case m.fn && k == noParam && isPunct(t, "#"):
			arg := s.args[m.kind[i+1]]
			text := `""`
			if s.p.charge(textCost(spellingLen(arg)), s.name.Pos) {
				text = stringify(arg)
			}
			one[0] = token.Token{Kind: token.String, Flags: t.Flags, Text: text, Pos: s.name.Pos}
			opnd = one[:]
			i++
		case k >= 0:
			if pasting || (i+1 < hi && isPunct(body[i+1], "##") && m.kindAt(i+1) == noParam) {
				opnd = s.args[k]
			} else {
				opnd = s.expandedArg(int(k))
			}
		case k == vaOpt:
			end, _ := m.vaOptEnd(i)
			if s.vaPresent() {
				opnd = s.run(i+2, end, nil)
			}
			i = end
		default:
			t.Pos = s.name.Pos
			one[0] = t
			opnd = one[:]
		}
		if pasting {
			pasting = false
			if len(opnd) == 0 {
				continue // rhs placemarker: the lhs stands
			}
			if lhsEmpty || len(out) == lo0 {
				out = s.appendOperand(out, opnd, lhsAt)
				lhsEmpty = false
				continue
			}
			n := len(out) - 1
			pasted, ok := s.p.paste(out[n], opnd[0], s.name.Pos)
			out[n] = pasted
			if !ok {
				r := opnd[0]
				r.Flags |= token.Space // keep the two tokens apart in any spelling
				out = append(out, r)
			}
			out = append(out, opnd[1:]...)
			continue
		}
		out = s.appendOperand(out, opnd, t)
		lhsEmpty, lhsAt = len(opnd) == 0, t
	}
	return out
}

// appendOperand appends an operand; its first token takes the white space
// that preceded the body token it replaces.
func (s *substState) appendOperand(out, opnd []token.Token, at token.Token) []token.Token {
	n := len(out)
	out = append(out, opnd...)
	if len(out) > n {
		out[n].Flags = out[n].Flags&^(token.Space|token.BOL) | at.Flags&token.Space
	}
	return out
}

// stringify implements the '#' operator (C99 6.10.3.2p2): the spelling of
// the argument with white space between tokens collapsed to one space, and
// '"' and '\' escaped inside string and character literals.
func stringify(arg []token.Token) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, t := range arg {
		if i > 0 && t.Flags&(token.Space|token.BOL) != 0 {
			b.WriteByte(' ')
		}
		if t.Kind != token.String && t.Kind != token.Char {
			b.WriteString(t.Text)
			continue
		}
		for j := 0; j < len(t.Text); j++ {
			if c := t.Text[j]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(t.Text[j])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// spellingLen bounds the length of stringify(arg).
func spellingLen(arg []token.Token) int {
	n := 2
	for _, t := range arg {
		n += 1 + len(t.Text)
		if t.Kind == token.String || t.Kind == token.Char {
			n += len(t.Text) // escapes at most double a literal
		}
	}
	return n
}

// paste implements '##' (C99 6.10.3.3p3): the spellings joined must form
// exactly one preprocessing token. On failure it reports an error and
// returns l unchanged, and the caller keeps both tokens, as gcc does.
func (p *pp) paste(l, r token.Token, at token.Pos) (token.Token, bool) {
	if !p.charge(textCost(len(l.Text)+len(r.Text)), at) {
		return l, true // stopping: any result will do
	}
	text := l.Text + r.Text
	out := token.Token{Flags: l.Flags &^ token.NoExpand, Pos: l.Pos, Text: text}
	if l.Kind == token.Ident && (r.Kind == token.Ident || r.Kind == token.Int && isDigits(r.Text)) {
		out.Kind = token.Ident // the common case, without rescanning
		return out, true
	}
	var errs diag.List
	toks := scan.Tokenize(at.File, []byte(text), &errs)
	if len(toks) != 1 || errs.HasErrors() || toks[0].Flags&token.Space != 0 {
		p.errs.Errorf(at, "pasting \"%s\" and \"%s\" does not give a valid preprocessing token", l.Text, r.Text)
		return l, false
	}
	out.Kind, out.Text = toks[0].Kind, toks[0].Text
	return out, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// define handles #define.
func (p *pp) define(args []token.Token, dir token.Token) {
	m, ok := p.parseDefine(args, dir)
	if !ok {
		return
	}
	if old := p.macros[m.name]; old != nil && !old.sameAs(m) {
		p.errs.Warnf(m.pos, "\"%s\" redefined (previous definition at %s)", m.name, old.pos)
	}
	p.macros[m.name] = m
}

// undef handles #undef.
func (p *pp) undef(args []token.Token, dir token.Token) {
	name, ok := p.macroName(args, dir)
	if !ok {
		return
	}
	if m := p.macros[name.Text]; m != nil && m.builtin != notBuiltin {
		p.errs.Warnf(name.Pos, "undefining \"%s\"", name.Text)
	}
	delete(p.macros, name.Text)
	p.extraTokens(args[1:], dir)
}
