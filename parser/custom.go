package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// The productions participle delegates to this package (see grammar.go).
// Each takes the branch's lexer, returns participle.NextMatch without
// consuming anything when its input cannot start here, and otherwise
// consumes what it parsed.

// Keyword classes.
var (
	storageWords = map[string]ast.Storage{
		"typedef": ast.Typedef, "extern": ast.Extern, "static": ast.Static,
		"auto": ast.Auto, "register": ast.Register,
	}
	basicWords = map[string]bool{
		"void": true, "char": true, "short": true, "int": true, "long": true,
		"float": true, "double": true, "signed": true, "unsigned": true,
		"_Bool": true, "_Complex": true, "_Imaginary": true, "__builtin_va_list": true,
	}
	qualWords = map[string]bool{
		"const": true, "volatile": true, "restrict": true,
		"shared": true, "strict": true, "relaxed": true,
	}
)

// startsTypeName reports whether token i can begin a type name: a type
// specifier or qualifier, or an identifier the scopes say is a typedef name.
func (p *parser) startsTypeName(i int) bool {
	switch k := p.kw(i); {
	case k == "":
		t := p.tok(i)
		return t.Kind == token.Ident && p.scope.isTypedef(t.Text)
	case basicWords[k], qualWords[k]:
		return true
	default:
		return k == "struct" || k == "union" || k == "enum" || k == "__attribute__"
	}
}

// startsDeclSpecs reports whether token i can begin declaration specifiers.
func (p *parser) startsDeclSpecs(i int) bool {
	k := p.kw(i)
	if _, ok := storageWords[k]; ok || k == "inline" || k == "_Noreturn" {
		return true
	}
	return p.startsTypeName(i)
}

// declSpecs are declaration specifiers as written; resolveSpecs gives
// them meaning (and reports their errors) once the item has parsed.
type declSpecs struct {
	start    int   // first token
	storage  []int // token indexes of storage-class specifiers
	inline   bool
	words    []int // token indexes of basic type words (int, unsigned, ...)
	types    []int // token indexes of every type specifier, in order
	typedef  int   // token index of a typedef name, or -1
	strct    *gStructSpec
	enum     *gEnumSpec
	quals    rawQuals
	resolved *resolvedSpecs
}

func (d *declSpecs) specs() *declSpecs { return d }

// rawQuals are qualifiers as parsed; bracketed records that a layout
// qualifier with brackets was seen (at most one is allowed).
type rawQuals struct {
	ast.Quals
	bracketed bool
}

func (q *rawQuals) quals() *rawQuals { return q }

// parseSpecs parses declaration specifiers. An identifier is a typedef
// name only if no type specifier came before it in the list, so in
// "T T;" and "unsigned T;" the second name is the declarator (C99
// 6.7.2p2 allows at most one typedef name and no other type specifier
// with it).
func (p *parser) parseSpecs(lex *lexer.PeekingLexer) (specsNode, error) {
	start := p.cursor(lex)
	d := &declSpecs{start: start, typedef: -1}
	sawType := false
loop:
	for {
		i := p.cursor(lex)
		k := p.kw(i)
		switch {
		case k == "":
			t := p.tok(i)
			if t.Kind != token.Ident || sawType || !p.scope.isTypedef(t.Text) {
				break loop
			}
			d.typedef = i
			d.types = append(d.types, i)
			sawType = true
			lex.Next()
		case basicWords[k]:
			d.words = append(d.words, i)
			d.types = append(d.types, i)
			sawType = true
			lex.Next()
		case qualWords[k]:
			if err := p.qualifier(lex, &d.quals); err != nil {
				return nil, err
			}
		case k == "__attribute__":
			if err := p.skipAttribute(lex); err != nil {
				return nil, err
			}
		case k == "inline" || k == "_Noreturn":
			d.inline = d.inline || k == "inline"
			lex.Next()
		case k == "struct" || k == "union":
			s, err := p.g.strct.ParseFromLexer(lex, participle.AllowTrailing(true))
			if err != nil {
				return nil, err
			}
			d.strct = s
			d.types = append(d.types, i)
			sawType = true
		case k == "enum":
			e, err := p.g.enum.ParseFromLexer(lex, participle.AllowTrailing(true))
			if err != nil {
				return nil, err
			}
			d.enum = e
			d.types = append(d.types, i)
			sawType = true
		default:
			if _, ok := storageWords[k]; !ok {
				break loop
			}
			d.storage = append(d.storage, i)
			lex.Next()
		}
	}
	if p.cursor(lex) == start {
		return nil, participle.NextMatch
	}
	return d, nil
}

// parseQualsNode parses a list of type qualifiers (after '*' or inside
// array brackets), with GNU attributes among them.
func (p *parser) parseQualsNode(lex *lexer.PeekingLexer) (qualsNode, error) {
	q := &rawQuals{}
	start := p.cursor(lex)
	for {
		i := p.cursor(lex)
		k := p.kw(i)
		if qualWords[k] {
			if err := p.qualifier(lex, q); err != nil {
				return nil, err
			}
			continue
		}
		if k == "__attribute__" {
			if err := p.skipAttribute(lex); err != nil {
				return nil, err
			}
			continue
		}
		break
	}
	if p.cursor(lex) == start {
		return nil, participle.NextMatch
	}
	return q, nil
}

// qualifier parses one type qualifier into q, including a UPC shared
// qualifier's layout: "shared", "shared [N]", "shared [*]", "shared []".
func (p *parser) qualifier(lex *lexer.PeekingLexer, q *rawQuals) error {
	i := p.cursor(lex)
	lex.Next()
	switch p.kw(i) {
	case "const":
		q.Const = true
	case "volatile":
		q.Volatile = true
	case "restrict":
		q.Restrict = true
	case "strict":
		q.Strict = true
	case "relaxed":
		q.Relaxed = true
	case "shared":
		if !p.isPunct(i+1, "[") {
			if q.Layout == ast.NotShared {
				q.Layout = ast.SharedDefault
			}
			return nil
		}
		lex.Next()
		var layout ast.Layout
		var block ast.Expr
		switch {
		case p.isPunct(i+2, "*") && p.isPunct(i+3, "]"):
			layout = ast.SharedStar
			lex.Next()
		case p.isPunct(i+2, "]"):
			layout = ast.SharedIndefinite
		default:
			x, err := p.exprAt(lex, precCond)
			if err != nil {
				return err
			}
			layout, block = ast.SharedBlock, x
		}
		if j := p.cursor(lex); !p.isPunct(j, "]") {
			return p.expected(j, "']'")
		}
		lex.Next()
		if q.bracketed {
			p.errorAt(i, "two or more layout qualifiers specified")
			return nil
		}
		q.bracketed, q.Layout, q.Block = true, layout, block
	}
	return nil
}

// attr stands for a dropped GNU attribute or asm label.
type attr struct{}

func (attr) attr() {}

func (p *parser) parseAttrNode(lex *lexer.PeekingLexer) (attrNode, error) {
	switch p.kw(p.cursor(lex)) {
	case "__attribute__", "asm":
		if err := p.skipAttribute(lex); err != nil {
			return nil, err
		}
		return attr{}, nil
	}
	return nil, participle.NextMatch
}

// skipAttribute skips "__attribute__((...))" or an asm label "asm("name")":
// the keyword and one balanced parenthesised group, which cannot contain
// ';', '{' or '}'. upcgo gives attributes no meaning; asm labels rename
// symbols, which generated Go cannot do.
func (p *parser) skipAttribute(lex *lexer.PeekingLexer) error {
	i := p.cursor(lex)
	lex.Next()
	i++
	if !p.isPunct(i, "(") {
		return p.expected(i, "'('")
	}
	depth := 0
	for ; i < p.end; i++ {
		t := p.tok(i)
		if t.Kind != token.Punct {
			continue
		}
		switch t.Text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				p.advanceTo(lex, i+1)
				return nil
			}
		case ";", "{", "}":
			p.advanceTo(lex, i)
			return p.expected(i, "')'")
		}
	}
	p.advanceTo(lex, i)
	return p.expected(i, "')'")
}

// nested marks a '(' that opens a nested abstract declarator.
type nested struct{}

func (nested) nested() {}

// parseNestedParen decides, as gcc does, whether '(' in a possibly
// abstract declarator opens a nested declarator ("int (*)(void)") or a
// parameter list ("int (int)"): it is a parameter list if the next token
// is ')' or can begin declaration specifiers.
func (p *parser) parseNestedParen(lex *lexer.PeekingLexer) (nestedParen, error) {
	i := p.cursor(lex)
	if !p.isPunct(i, "(") || p.isPunct(i+1, ")") || p.isPunct(i+1, "...") || p.startsDeclSpecs(i+1) {
		return nil, participle.NextMatch
	}
	lex.Next()
	return nested{}, nil
}

// labelTok is the identifier of a label.
type labelTok lexer.Token

func (l *labelTok) label() lexer.Token { return lexer.Token(*l) }

// parseLabel matches "identifier :" at the start of a statement. As in
// gcc, a typedef name followed by ':' is a label there too.
func (p *parser) parseLabel(lex *lexer.PeekingLexer) (labelNode, error) {
	i := p.cursor(lex)
	if !p.isIdent(i) || !p.isPunct(i+1, ":") {
		return nil, participle.NextMatch
	}
	t := labelTok(*lex.Next())
	lex.Next()
	return &t, nil
}

type star struct{}

func (star) vlaStar() {}

// parseVLAStar matches the '*' of "[*]" (not that of "[*p]").
func (p *parser) parseVLAStar(lex *lexer.PeekingLexer) (vlaStar, error) {
	i := p.cursor(lex)
	if !p.isPunct(i, "*") || !p.isPunct(i+1, "]") {
		return nil, participle.NextMatch
	}
	lex.Next()
	return star{}, nil
}
