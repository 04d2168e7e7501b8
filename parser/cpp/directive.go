package cpp

import (
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
	"github.com/upcgo/upcgo/parser/token"
)

// restOfLine consumes the rest of the current line of the file frame on
// top of the stack.
func (p *pp) restOfLine(f *fileCtx) []token.Token {
	fr := p.top()
	i := fr.i
	for i < len(fr.toks) && fr.toks[i].Flags&token.BOL == 0 {
		i++
	}
	line := fr.toks[fr.i:i:i]
	fr.i = i
	if !f.remapped {
		return line
	}
	out := make([]token.Token, len(line))
	for j, t := range line {
		out[j] = f.remap(t)
	}
	return out
}

// directive runs the directive introduced by hash, the '#' at the start of
// a line of the file on top of the stack (C99 6.10).
func (p *pp) directive(f *fileCtx, hash token.Token) {
	start := p.top().i - 1
	line := p.restOfLine(f)
	if len(line) == 0 {
		return // the null directive
	}
	dir, args := line[0], line[1:]
	if dir.Kind == token.Int {
		p.lineDirective(f, dir, line, true) // gcc line marker: # 33 "file"
		return
	}
	if dir.Kind != token.Ident {
		p.errs.Errorf(dir.Pos, "invalid preprocessing directive")
		return
	}
	switch dir.Text {
	case "define":
		// An unterminated quote in a macro body is only a warning, as in
		// gcc: the literal is an error if an expansion brings it to the
		// parser (token.Unterminated), not if the macro is never used.
		f.addLenient(dir.Pos.Line-f.delta, p.top().toks[p.top().i-1].Pos.Line)
		p.define(args, dir)
	case "undef":
		p.undef(args, dir)
	case "include":
		p.include(f, dir, args, false)
	case "include_next":
		p.include(f, dir, args, true)
	case "if":
		c := cond{pos: dir.Pos, directive: dir.Text}
		c.taken = p.evalIf(args, dir)
		p.openCond(f, c)
	case "ifdef", "ifndef":
		c := cond{pos: dir.Pos, directive: dir.Text}
		if name, ok := p.macroName(args, dir); ok {
			c.taken = p.isDefined(name.Text) == (dir.Text == "ifdef")
			p.extraTokens(args[1:], dir)
			if dir.Text == "ifndef" && start == 0 && len(f.conds) == 0 && f.guardEnd < 0 {
				c.guard = true
				f.guardName = name.Text
			}
		}
		p.openCond(f, c)
	case "elif":
		p.elif(f, dir, args)
	case "else":
		p.elseDirective(f, dir, args)
	case "endif":
		p.endif(f, dir, args)
	case "line":
		p.lineDirective(f, dir, args, false)
	case "error", "warning":
		f.addLenient(dir.Pos.Line-f.delta, p.top().toks[p.top().i-1].Pos.Line)
		msg := "#" + dir.Text
		if len(args) > 0 {
			msg += " " + spell(args)
		}
		if dir.Text == "error" {
			p.errs.Errorf(dir.Pos, "%s", msg)
		} else {
			p.errs.Warnf(dir.Pos, "%s", msg)
		}
	case "pragma":
		p.pragma(hash.Pos, args, f)
	case "ident", "sccs":
		// Accepted and ignored, as gcc does when not writing -E output.
	default:
		p.errs.Errorf(dir.Pos, "invalid preprocessing directive #%s", dir.Text)
	}
}

// spell joins tokens as written, one space where there was white space.
func spell(toks []token.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.Flags&(token.Space|token.BOL) != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// extraTokens warns about tokens after a directive's operands, as gcc does.
func (p *pp) extraTokens(extra []token.Token, dir token.Token) {
	if len(extra) > 0 {
		p.errs.Warnf(extra[0].Pos, "extra tokens at end of #%s directive", dir.Text)
	}
}

// isDefined is the meaning of "defined NAME" and #ifdef NAME: the special
// operators gcc and clang define (__has_include, ...) count as defined so
// that code can test for them.
func (p *pp) isDefined(name string) bool {
	if _, ok := p.macros[name]; ok {
		return true
	}
	return hasOperators[name]
}

func (p *pp) openCond(f *fileCtx, c cond) {
	c.taken = c.taken && !p.stopped
	f.conds = append(f.conds, c)
	if !c.taken {
		p.skipGroup(f)
	}
}

func (p *pp) elif(f *fileCtx, dir token.Token, args []token.Token) {
	if len(f.conds) == 0 {
		p.errs.Errorf(dir.Pos, "#elif without #if")
		return
	}
	c := &f.conds[len(f.conds)-1]
	if c.guard {
		f.guardName = ""
	}
	if c.sawElse {
		p.errs.Errorf(dir.Pos, "#elif after #else")
		p.skipGroup(f)
		return
	}
	if c.taken {
		p.skipGroup(f) // an earlier group was live: not even evaluated
		return
	}
	if p.evalIf(args, dir) {
		c.taken = true
		return
	}
	p.skipGroup(f)
}

func (p *pp) elseDirective(f *fileCtx, dir token.Token, args []token.Token) {
	if len(f.conds) == 0 {
		p.errs.Errorf(dir.Pos, "#else without #if")
		return
	}
	p.extraTokens(args, dir)
	c := &f.conds[len(f.conds)-1]
	if c.guard {
		f.guardName = ""
	}
	if c.sawElse {
		p.errs.Errorf(dir.Pos, "#else after #else")
	}
	c.sawElse = true
	if c.taken {
		p.skipGroup(f)
		return
	}
	c.taken = true
}

func (p *pp) endif(f *fileCtx, dir token.Token, args []token.Token) {
	if len(f.conds) == 0 {
		p.errs.Errorf(dir.Pos, "#endif without #if")
		return
	}
	p.extraTokens(args, dir)
	if f.conds[len(f.conds)-1].guard {
		f.guardEnd = p.top().i
	}
	f.conds = f.conds[:len(f.conds)-1]
}

// skipGroup skips a group whose condition is false, up to the #elif,
// #else or #endif that ends it, which is left for lex to run. Only the
// nesting of conditionals matters inside: other directives and text are
// ignored, so garbage there is no error (C99 6.10.1p6).
func (p *pp) skipGroup(f *fileCtx) {
	fr := p.top()
	toks := fr.toks
	from := int32(1)
	if fr.i > 0 {
		from = toks[fr.i-1].Pos.Line
	}
	depth := 0
	i := fr.i
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.Flags&token.BOL == 0 || !isPunct(t, "#") || i+1 >= len(toks) {
			continue
		}
		d := toks[i+1]
		if d.Flags&token.BOL != 0 || d.Kind != token.Ident {
			continue
		}
		switch d.Text {
		case "if", "ifdef", "ifndef":
			depth++
		case "elif", "else":
			if depth == 0 {
				goto found
			}
		case "endif":
			if depth == 0 {
				goto found
			}
			depth--
		}
	}
found:
	to := int32(1 << 30)
	if i < len(toks) {
		to = toks[i].Pos.Line
	}
	f.addLenient(from, to)
	fr.i = i
}

// include handles #include and #include_next.
func (p *pp) include(f *fileCtx, dir token.Token, args []token.Token, next bool) {
	if p.collecting > 0 {
		p.errs.Errorf(dir.Pos, "#%s inside macro arguments is not supported", dir.Text)
		return
	}
	name, angle, at, ok := p.headerName(args, dir, "#include expects \"FILENAME\" or <FILENAME>")
	if !ok {
		return
	}
	if p.fileDepth >= MaxIncludeDepth {
		p.errs.Errorf(at, "#include nested depth %d exceeds maximum of %d", p.fileDepth, MaxIncludeDepth)
		return
	}
	d, idx := p.findInclude(name, angle, next, f)
	if d == nil {
		p.errs.Errorf(at, "'%s' file not found", name)
		return
	}
	if !p.skip(d) {
		p.pushFile(d, idx)
	}
}

// headerName reads the operand of #include or __has_include: "name",
// <name>, or macros expanding to one of those (C99 6.10.2p4). It returns
// the name, whether it used <>, and the position of the operand.
// For __has_include, expects is the error for a bad operand and extra
// tokens are not checked.
func (p *pp) headerName(args []token.Token, dir token.Token, expects string) (name string, angle bool, at token.Pos, ok bool) {
	checkExtra := dir.Text == "include" || dir.Text == "include_next"
	expanded := false
	for {
		if len(args) == 0 {
			p.errs.Errorf(dir.Pos, "%s", expects)
			return "", false, dir.Pos, false
		}
		first := args[0]
		at = first.Pos
		var rest []token.Token
		switch {
		case isPlainString(first):
			name, rest = first.Text[1:len(first.Text)-1], args[1:]
		case isPunct(first, "<"):
			var b strings.Builder
			i := 1
			for ; i < len(args) && !isPunct(args[i], ">"); i++ {
				if i > 1 && args[i].Flags&token.Space != 0 {
					b.WriteByte(' ')
				}
				b.WriteString(args[i].Text)
			}
			if i == len(args) {
				p.errs.Errorf(first.Pos, "missing terminating > character")
				return "", false, at, false
			}
			name, angle, rest = b.String(), true, args[i+1:]
		case !expanded:
			args, _ = p.expandList(args, args[len(args)-1].Pos)
			expanded = true
			continue
		default:
			p.errs.Errorf(first.Pos, "%s", expects)
			return "", false, at, false
		}
		if name == "" {
			p.errs.Errorf(first.Pos, "empty filename in #include")
			return "", false, at, false
		}
		if checkExtra {
			p.extraTokens(rest, dir)
		}
		return name, angle, at, true
	}
}

// lineDirective handles #line and gcc's "# 33 "file" flags" line markers:
// the line after the directive gets the given number (C99 6.10.4).
func (p *pp) lineDirective(f *fileCtx, dir token.Token, args []token.Token, marker bool) {
	what := "#line"
	if marker {
		what = "#"
	} else {
		args, _ = p.expandList(args, dir.Pos)
	}
	if len(args) == 0 {
		p.errs.Errorf(dir.Pos, "unexpected end of file after #line")
		return
	}
	num := args[0]
	if num.Kind != token.Int || !isDigits(num.Text) {
		p.errs.Errorf(num.Pos, "\"%s\" after %s is not a positive integer", num.Text, what)
		return
	}
	n, err := strconv.ParseInt(num.Text, 10, 64)
	if err != nil || n == 0 || n > 2147483647 { // C99 6.10.4p3
		p.errs.Errorf(num.Pos, "line number out of range")
		return
	}
	name := ""
	if len(args) > 1 {
		s := args[1]
		if !isPlainString(s) {
			p.errs.Errorf(s.Pos, "invalid filename \"%s\"", s.Text)
			return
		}
		name = unescapeString(s.Text[1 : len(s.Text)-1])
		if !marker {
			p.extraTokens(args[2:], dir)
		}
	}
	// The directive ends on the physical line of its last token.
	fr := p.top()
	last := fr.toks[fr.i-1].Pos.Line
	f.delta = int32(n) - (last + 1)
	if name != "" {
		f.name = name
	}
	f.remapped = f.delta != 0 || f.name != f.data.name
}

// unescapeString interprets the simple escapes of a #line file name.
func unescapeString(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
				continue
			case 't':
				b.WriteByte('\t')
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// pragma records a pragma for the parser; the few that concern the
// preprocessor itself are applied here.
func (p *pp) pragma(pos token.Pos, toks []token.Token, f *fileCtx) {
	if len(toks) > 0 && toks[0].Kind == token.Ident {
		switch toks[0].Text {
		case "once":
			if f != nil {
				f.data.once = true
			}
			return
		case "push_macro", "pop_macro":
			if name, ok := pragmaMacroName(toks); ok {
				if toks[0].Text == "push_macro" {
					p.pushed[name] = append(p.pushed[name], p.macros[name])
				} else if s := p.pushed[name]; len(s) > 0 {
					if m := s[len(s)-1]; m != nil {
						p.macros[name] = m
					} else {
						delete(p.macros, name)
					}
					p.pushed[name] = s[:len(s)-1]
				}
				return
			}
		}
	}
	p.res.Pragmas = append(p.res.Pragmas, Pragma{Pos: pos, Tokens: append([]token.Token(nil), toks...), Index: len(p.out)})
}

// isPlainString reports whether t is a terminated string literal without
// an encoding prefix.
func isPlainString(t token.Token) bool {
	return t.Kind == token.String && len(t.Text) >= 2 && t.Text[0] == '"' && t.Text[len(t.Text)-1] == '"'
}

// pragmaMacroName parses push_macro("NAME").
func pragmaMacroName(toks []token.Token) (string, bool) {
	if len(toks) != 4 || !isPunct(toks[1], "(") || !isPlainString(toks[2]) || !isPunct(toks[3], ")") {
		return "", false
	}
	return toks[2].Text[1 : len(toks[2].Text)-1], true
}

// pragmaOperator handles the C99 _Pragma("...") operator (6.10.9): the
// string, destringized, is a #pragma directive's tokens.
func (p *pp) pragmaOperator(kw token.Token) {
	lp := p.next()
	var s, rp token.Token
	if isPunct(lp, "(") {
		s = p.next()
		if s.Kind == token.String {
			rp = p.next()
		}
	}
	if !isPunct(lp, "(") || s.Kind != token.String || !isPunct(rp, ")") {
		p.errs.Errorf(kw.Pos, "_Pragma takes a parenthesized string literal")
		return
	}
	s.Text = strings.TrimPrefix(s.Text, "L")
	if !isPlainString(s) {
		p.errs.Errorf(s.Pos, "_Pragma takes a parenthesized string literal")
		return
	}
	text := s.Text
	text = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(text[1 : len(text)-1])
	var errs diag.List
	toks := scan.Tokenize(kw.Pos.File, []byte(text), &errs)
	for i := range toks {
		toks[i].Pos = kw.Pos
		toks[i].Flags &^= token.BOL
	}
	var f *fileCtx
	for i := len(p.stack) - 1; i >= 0 && f == nil; i-- {
		f = p.stack[i].file
	}
	p.pragma(kw.Pos, toks, f)
}
