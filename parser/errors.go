package parser

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/token"
)

// cError is a syntax error found by this package's own code (not by
// participle's), already worded for the user. It implements
// participle.Error so that it travels through participle unchanged.
type cError struct {
	idx int // token index
	msg string
	at  lexer.Position
}

func (e *cError) Error() string            { return e.msg }
func (e *cError) Message() string          { return e.msg }
func (e *cError) Position() lexer.Position { return e.at }

func (p *parser) errAt(i int, format string, args ...any) *cError {
	tp := p.pos(i)
	return &cError{idx: i, msg: fmt.Sprintf(format, args...),
		at: lexer.Position{Filename: tp.File, Offset: i, Line: int(tp.Line), Column: int(tp.Col)}}
}

// expected is gcc's "expected X before Y".
func (p *parser) expected(i int, what string) *cError {
	return p.errAt(i, "expected %s %s", what, p.before(i))
}

// report records err as a diagnostic and returns the index of the token it
// is about. start is where the failing item began.
func (p *parser) report(err error, start int) int {
	idx, msg := p.explain(err, start)
	p.errorAt(idx, "%s", msg)
	return idx
}

func (p *parser) explain(err error, start int) (int, string) {
	var ce *cError
	if errors.As(err, &ce) {
		if msg, ok := p.unknownTypeName(start, ce.idx); ok {
			return start, msg
		}
		return ce.idx, ce.msg
	}
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		idx := ute.Unexpected.Pos.Offset
		if msg, ok := p.unknownTypeName(start, idx); ok {
			return start, msg
		}
		what := expectation(ute.Message())
		if what == "declaration specifiers" {
			if p.isIdent(idx) {
				return idx, fmt.Sprintf("unknown type name '%s'", p.tok(idx).Text)
			}
			what = "declaration specifiers or '...'"
		}
		if p.kw(idx) == "else" && what == "statement" {
			return idx, "'else' without a previous 'if'"
		}
		return idx, p.expected(idx, what).msg
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		idx := pe.Position().Offset
		return idx, fmt.Sprintf("%s %s", pe.Message(), p.before(idx))
	}
	return start, err.Error()
}

// unknownTypeName recognises gcc's "unknown type name": an item that
// starts with two identifiers ("size_t n;" without <stddef.h>), failing at
// the second.
func (p *parser) unknownTypeName(start, idx int) (string, bool) {
	if idx != start+1 || !p.isIdent(start) || !p.isIdent(idx) || p.scope.isTypedef(p.tok(start).Text) {
		return "", false
	}
	return fmt.Sprintf("unknown type name '%s'", p.tok(start).Text), true
}

// expectation turns what participle says it expected (EBNF, from the
// "(expected ...)" suffix of its message) into gcc's words.
func expectation(msg string) string {
	i := strings.Index(msg, " (expected ")
	if i < 0 {
		return "statement"
	}
	what := strings.TrimSuffix(msg[i+len(" (expected "):], ")")
	first := what
	if j := strings.IndexAny(what, " \n"); j >= 0 {
		first = what[:j]
	}
	if len(first) >= 3 && first[0] == '"' && first[len(first)-1] == '"' {
		return "'" + first[1:len(first)-1] + "'"
	}
	first = strings.Trim(first, "()")
	if strings.HasPrefix(what, "(<ident> | (\"(\"") {
		return "identifier or '('"
	}
	switch first {
	case "FullExpr", "AssignExpr", "CondExpr", "GInitializer", "GInitElem":
		return "expression"
	case "StmtNode":
		return "statement"
	case "GDeclarator", "GInitDeclarator":
		return "identifier or '('"
	case "<ident>", "GEnumerator":
		return "identifier"
	case "SpecsNode", "GParamDecl", "GParamItem", "GDeclaration", "GTypeName":
		return "declaration specifiers"
	}
	return "statement"
}

// resyncAfter recovers from an error at token errIdx in an item that began
// at token start: it moves lex to where parsing should resume. cp is a
// checkpoint taken at start.
func (p *parser) resyncAfter(lex *lexer.PeekingLexer, cp lexer.Checkpoint, start, errIdx int, inBlock bool) {
	stop := p.resync(start, errIdx, inBlock)
	lex.LoadCheckpoint(cp)
	p.advanceTo(lex, stop)
}

// resync returns the token index at which to resume after an error at
// errIdx in an item that began at start. Like go/parser it skips to a
// ';' or to the '}' closing a block opened in the item (both at brace
// depth zero, and not inside a for header), or to the first token of a
// line that starts a declaration or statement; in a block it stops before
// a '}' that closes the block. It always moves past start, so a parse loop
// cannot spin.
func (p *parser) resync(start, errIdx int, inBlock bool) int {
	if errIdx < start {
		errIdx = start
	}
	braces := 0
	var parens []bool // open parentheses and brackets; true for a for header
	inFor := func() bool {
		for _, f := range parens {
			if f {
				return true
			}
		}
		return false
	}
	count := func(i int) {
		t := p.tok(i)
		if t.Kind != token.Punct || len(t.Text) != 1 {
			return
		}
		switch t.Text[0] {
		case '{':
			braces++
		case '}':
			braces--
		case '(', '[':
			k := p.kw(i - 1)
			parens = append(parens, i > 0 && (k == "for" || k == "upc_forall"))
		case ')', ']':
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
		}
	}
	for i := start; i < errIdx; i++ {
		count(i)
	}
	braces = max(braces, 0)
	i := errIdx
	for ; i < len(p.toks); i++ {
		if i > start && braces == 0 && p.startsLine(i) {
			return i
		}
		switch {
		case braces == 0 && p.isPunct(i, ";") && !inFor():
			return i + 1
		case braces == 0 && p.isPunct(i, "}"):
			if inBlock && i > start {
				return i // the enclosing block's '}'
			}
			return i + 1
		case braces == 1 && p.isPunct(i, "}"):
			// A block opened in this item closes: resume after it, unless
			// the item goes on on the same line ("struct { ... } s;").
			braces = 0
			parens = parens[:0]
			if p.isPunct(i+1, ";") {
				return i + 2
			}
			if i+1 >= len(p.toks) || p.tok(i+1).Flags&token.BOL != 0 {
				return i + 1
			}
			continue
		}
		count(i)
	}
	return max(i, start+1)
}

// startsLine reports whether token i is first on its line and begins a
// statement or a declaration: a good place to resume after an error.
func (p *parser) startsLine(i int) bool {
	if p.tok(i).Flags&token.BOL == 0 {
		return false
	}
	switch p.kw(i) {
	case "if", "for", "while", "do", "switch", "return", "goto", "break", "continue",
		"case", "default", "upc_forall", "upc_barrier", "upc_notify", "upc_wait", "upc_fence",
		"typedef", "extern", "static", "struct", "union", "enum":
		return true
	}
	return p.startsDeclSpecs(i)
}
