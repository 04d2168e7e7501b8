// Package parser owns the C99/UPC grammar: it turns the preprocessor's
// token slice into a package ast syntax tree, reporting syntax errors as
// positioned diagnostics and recovering from them to report more.
//
// The grammar is written for participle (grammar.go). Where C needs
// context the grammar cannot express, closures over this package's parser
// state take over: declaration specifiers consult the typedef scopes, blocks
// open and close scopes and record declarations item by item, and
// expressions use precedence climbing. A driver parses one top-level item at
// a time and, like go/parser, records an error, skips to a synchronising
// token and goes on.
package parser

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// maxNesting bounds bracket nesting, as clang does, so that hostile input
// cannot exhaust the stack of the recursive parser.
const maxNesting = 256

// maxDepth bounds the recursion of expressions (unary chains such as
// "- - - x" nest without brackets), maxStmtDepth that of statements
// (generated code can chain thousands of "else if").
const (
	maxDepth     = 1000
	maxStmtDepth = 20000
)

// Parse parses a preprocessed translation unit. Errors go to errs; the
// returned File holds everything that parsed, so callers must check errs
// before trusting it. Parse never panics.
//
// pragmas are the #pragma lines the preprocessor removed, in any order;
// Parse attaches each to the File or to the innermost compound statement
// around it and fills in its Item and Consistency fields.
func Parse(toks []token.Token, errs *diag.List, pragmas ...*ast.Pragma) (file *ast.File) {
	p, err := getParser()
	if err != nil {
		errs.Errorf(startPos(toks), "internal error: cannot build the C grammar: %v", err)
		return &ast.File{}
	}
	defer func() {
		// participle panics on some grammar misuse; turn that into an
		// error rather than crash the compiler. The parser state may be
		// inconsistent, so the instance is not reused.
		if r := recover(); r != nil {
			errs.Errorf(p.pos(p.last), "internal error: parser failed: %v", r)
			file = &ast.File{}
			return
		}
		p.release()
		parsers.Put(p)
	}()
	for _, t := range toks {
		if t.Flags&token.Unterminated != 0 {
			errs.Errorf(t.Pos, "%s", token.UnterminatedMessage(t))
		}
	}
	return p.parseFile(toks, errs, pragmas)
}

var parsers sync.Pool

// getParser returns a parser with its grammar built. Building is costly
// (participle reflects over the grammar), so instances are pooled; each
// has its own state because the grammar's closures refer to it.
func getParser() (*parser, error) {
	if p, ok := parsers.Get().(*parser); ok {
		return p, nil
	}
	p := &parser{}
	g, err := buildGrammar(p)
	if err != nil {
		return nil, err
	}
	p.g = g
	return p, nil
}

// parser is the state of one parse.
type parser struct {
	g     *grammar
	toks  []token.Token
	kws   []string // kws[i] is the keyword token i spells, or ""
	errs  *diag.List
	scope scopes
	depth int // expression nesting
	// stmtDepth is statement nesting.
	stmtDepth int
	last      int // the furthest token index looked at, for internal errors

	// The current window of tokens participle works on, [base, end).
	base, end int

	// lex is the participle lexer the expression parser reads from.
	lex *lexer.PeekingLexer

	pragmas []pragmaRef // sorted by index
}

// pragmaRef is a pragma with its index into p.toks, which differs from
// Pragma.Index when tokens were dropped.
type pragmaRef struct {
	*ast.Pragma
	index   int
	claimed bool
}

func (p *parser) release() {
	p.toks, p.kws, p.errs, p.lex, p.pragmas = nil, nil, nil, nil, nil
}

func (p *parser) parseFile(toks []token.Token, errs *diag.List, pragmas []*ast.Pragma) *ast.File {
	p.errs = errs
	p.scope.reset()
	p.depth, p.stmtDepth, p.last = 0, 0, 0
	toks = rewriteKnR(toks, pragmas)
	p.setTokens(toks, pragmas)

	f := &ast.File{}
	p.scope.push()
	var starts []int // token index where each of f.Decls began
	for next := 0; next < len(p.toks); {
		lex, err := p.window(next)
		if err != nil {
			errs.Errorf(startPos(toks), "internal error: %v", err)
			break
		}
		for next = p.cursor(lex); next < p.end; next = p.cursor(lex) {
			if p.isPunct(next, ";") { // gcc accepts (pedantically warns about) a stray ';'
				lex.Next()
				continue
			}
			decls, resume := p.topLevel(lex, next)
			for _, d := range decls {
				f.Decls = append(f.Decls, d)
				starts = append(starts, next)
			}
			if resume >= p.end {
				next = resume
				break
			}
			if resume >= 0 {
				p.advanceTo(lex, resume)
			}
		}
	}
	p.scope.pop()
	f.Pragmas = p.claimPragmas(math.MinInt, math.MaxInt, starts)
	return f
}

// Participle copies every token of its input into one array, which for a
// large preprocessed file is tens of megabytes the garbage collector scans
// throughout the parse. The parser instead gives it windows of whole
// top-level items, at least minWindow tokens each.
var minWindow = 512

// window starts a participle lexer over the tokens from start to the end
// of a window, and makes it the current window.
func (p *parser) window(start int) (*lexer.PeekingLexer, error) {
	p.base, p.end = start, p.windowEnd(start)
	return lexer.Upgrade(&tokenLexer{toks: p.toks, i: start, end: p.end, eof: p.eofPosition(p.end)})
}

// windowEnd returns where a window that begins at start can end: after a
// ';' or a function body at brace depth zero, where a top-level item ends.
func (p *parser) windowEnd(start int) int {
	depth, open := 0, 0
	for i := start; i < len(p.toks); i++ {
		t := &p.toks[i]
		if t.Kind != token.Punct || len(t.Text) != 1 {
			continue
		}
		switch t.Text[0] {
		case '{':
			if depth == 0 {
				open = i
			}
			depth++
		case '}':
			depth = max(depth-1, 0)
			if depth == 0 && p.isFuncBody(open) && i+1-start >= minWindow {
				return i + 1
			}
		case ';':
			if depth == 0 && i+1-start >= minWindow {
				return i + 1
			}
		}
	}
	return len(p.toks)
}

// isFuncBody reports whether the '{' at token open begins a function body:
// it follows the parameter list of a declarator, whose '(' follows the
// declarator's name or its ')' (as in "int (*f(void))(int) {"). A compound
// literal "(int){1}" or "struct __attribute__((packed)) {" does not.
func (p *parser) isFuncBody(open int) bool {
	if !p.isPunct(open-1, ")") {
		return false
	}
	depth := 0
	for i := open - 1; i >= 0; i-- {
		switch {
		case p.isPunct(i, ")"):
			depth++
		case p.isPunct(i, "("):
			depth--
			if depth == 0 {
				return p.isIdent(i-1) || p.isPunct(i-1, ")")
			}
		}
	}
	return false
}

// topLevel parses the top-level item at token i. It returns the item's
// declarations, and where to resume if that is not where lex stands.
func (p *parser) topLevel(lex *lexer.PeekingLexer, i int) ([]ast.ExternalDecl, int) {
	cp := lex.MakeCheckpoint()
	ext, err := p.g.external.ParseFromLexer(lex, participle.AllowTrailing(true))
	if err == nil && p.cursor(lex) == i {
		err = p.expected(i, "identifier or '('")
	}
	if err != nil {
		lex.LoadCheckpoint(cp)
		return nil, p.resync(i, p.report(err, i), false)
	}
	return p.external(ext, lex, i)
}

// setTokens prepares the token slice: it ends at an EOF token if there is
// one, tokens the grammar ignores are dropped (pragma indexes are moved accordingly), keywords are classified
// once, and input nested deeper than maxNesting is cut off with an error.
func (p *parser) setTokens(toks []token.Token, pragmas []*ast.Pragma) {
	for i, t := range toks {
		if t.Kind == token.EOF { // an explicit end of input
			toks = toks[:i]
			break
		}
	}
	kept := toks
	var newIndex []int // newIndex[i] is the index in kept of toks[i]
	for i, t := range toks {
		if dropped(t) {
			if newIndex == nil {
				kept = append([]token.Token(nil), toks[:i]...)
				newIndex = make([]int, len(toks)+1)
				for j := range i {
					newIndex[j] = j
				}
			}
			newIndex[i] = len(kept)
			continue
		}
		if newIndex != nil {
			newIndex[i] = len(kept)
			kept = append(kept, t)
		}
	}
	if newIndex != nil {
		newIndex[len(toks)] = len(kept)
	}

	depth := 0
	for i, t := range kept {
		if t.Kind != token.Punct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			depth++
			if depth > maxNesting {
				p.errs.Errorf(t.Pos, "bracket nesting level exceeded maximum of %d", maxNesting)
				kept = kept[:i]
			}
		case ")", "]", "}":
			depth--
		}
		if depth > maxNesting {
			break
		}
	}
	p.toks = kept

	p.pragmas = make([]pragmaRef, 0, len(pragmas))
	for _, pr := range pragmas {
		if pr == nil {
			continue
		}
		idx := pr.Index
		if newIndex != nil && idx >= 0 && idx < len(newIndex) {
			idx = newIndex[idx]
		}
		pr.Consistency = consistency(pr.Tokens)
		p.pragmas = append(p.pragmas, pragmaRef{Pragma: pr, index: idx})
	}
	sort.SliceStable(p.pragmas, func(i, j int) bool { return p.pragmas[i].index < p.pragmas[j].index })
	p.toks = p.markPlainC(p.toks)

	p.kws = make([]string, len(p.toks))
	for i, t := range p.toks {
		if t.Kind == token.Ident {
			p.kws[i] = tokenKeyword(t)
		}
	}
}

// markPlainC flags the tokens of "#pragma upc c_code" regions, which run
// to the next "#pragma upc upc_code" (or the end of the file), as
// Berkeley UPC does: there the UPC keywords are ordinary identifiers. It
// copies toks before changing any.
func (p *parser) markPlainC(toks []token.Token) []token.Token {
	copied := false
	start := -1 // where the open region starts
	mark := func(end int) {
		if !copied {
			toks = append([]token.Token(nil), toks...)
			copied = true
		}
		for i := start; i < end && i < len(toks); i++ {
			toks[i].Flags |= token.PlainC
		}
	}
	for _, pr := range p.pragmas {
		switch plainCPragma(pr.Tokens) {
		case "c_code":
			if start < 0 {
				start = max(pr.index, 0)
			}
		case "upc_code":
			if start >= 0 {
				mark(pr.index)
				start = -1
			}
		}
	}
	if start >= 0 {
		mark(len(toks))
	}
	return toks
}

// plainCPragma recognises "#pragma upc c_code" and "#pragma upc
// upc_code" and returns "c_code", "upc_code" or "".
func plainCPragma(toks []token.Token) string {
	for len(toks) > 0 && (toks[0].Text == "#" || toks[0].Text == "pragma") {
		toks = toks[1:]
	}
	if len(toks) == 2 && toks[0].Text == "upc" && (toks[1].Text == "c_code" || toks[1].Text == "upc_code") {
		return toks[1].Text
	}
	return ""
}

// consistency recognises "#pragma upc strict" and "#pragma upc relaxed".
func consistency(toks []token.Token) ast.Consistency {
	for len(toks) > 0 && (toks[0].Text == "#" || toks[0].Text == "pragma") {
		toks = toks[1:]
	}
	if len(toks) != 2 || toks[0].Text != "upc" {
		return ast.NoConsistency
	}
	switch toks[1].Text {
	case "strict":
		return ast.StrictMode
	case "relaxed":
		return ast.RelaxedMode
	}
	return ast.NoConsistency
}

// claimPragmas takes the unclaimed pragmas that stood inside the braces at
// token indexes open and close (open < Index <= close) and numbers them by
// the items that began before them; starts are the items' first tokens.
func (p *parser) claimPragmas(open, close int, starts []int) []*ast.Pragma {
	var out []*ast.Pragma
	lo := sort.Search(len(p.pragmas), func(k int) bool { return p.pragmas[k].index > open })
	for k := lo; k < len(p.pragmas) && p.pragmas[k].index <= close; k++ {
		ref := &p.pragmas[k]
		if ref.claimed {
			continue
		}
		ref.claimed = true
		ref.Item = sort.SearchInts(starts, ref.index)
		out = append(out, ref.Pragma)
	}
	return out
}

// external finishes a top-level item that gExternal parsed: a declaration,
// or a function definition whose body starts at the current token.
func (p *parser) external(e *gExternal, lex *lexer.PeekingLexer, start int) ([]ast.ExternalDecl, int) {
	next := p.cursor(lex)
	funcDef := !e.Semi && p.isPunct(next, "{") && len(e.Decls) == 1 && e.Decls[0].Init == nil
	if msg, ok := p.unknownTypeName(start, next); ok && e.Specs == nil && !e.Semi {
		p.errorAt(start, "%s", msg)
		return nil, p.resync(start, next, false)
	}
	var r *resolvedSpecs
	if e.Specs == nil {
		r = p.implicitInt(start)
		if funcDef {
			p.errs.Warnf(p.pos(start), "return type defaults to 'int'")
		} else {
			p.errs.Warnf(p.pos(start), "data definition has no type or storage class")
		}
	} else {
		r = p.resolveSpecs(e.Specs.specs())
	}
	decls := p.initDeclarators(r, e.Decls, start, e.Specs != nil)

	if funcDef {
		if ft, ok := decls[0].Type.(*ast.FuncType); ok {
			return []ast.ExternalDecl{p.funcDef(decls[0], ft, lex)}, -1
		}
	}
	out := make([]ast.ExternalDecl, len(decls))
	for k, d := range decls {
		p.declare(d)
		out[k] = d
	}
	if e.Semi {
		return out, -1
	}
	switch {
	case len(e.Decls) == 0:
		p.errorAt(next, "%s", p.expected(next, "identifier or '('").msg)
	case e.Decls[len(e.Decls)-1].Init != nil:
		p.errorAt(next, "%s", p.expected(next, "',' or ';'").msg)
	default:
		p.errorAt(next, "%s", p.expected(next, "'=', ',', ';', 'asm' or '__attribute__'").msg)
	}
	return out, p.resync(start, next, false)
}

// funcDef parses the body of a function definition, with the parameters
// in scope so that a parameter hides a typedef of the same name.
func (p *parser) funcDef(d *ast.Decl, ft *ast.FuncType, lex *lexer.PeekingLexer) *ast.FuncDecl {
	p.scope.declare(d.Name, false)
	p.scope.push()
	for _, prm := range ft.Params {
		if prm.Name != "" {
			p.scope.declare(prm.Name, false)
		}
	}
	body := p.compound(lex)
	p.scope.pop()
	return &ast.FuncDecl{
		SpecPos: d.SpecPos, NamePos: d.NamePos, Name: d.Name, Type: ft,
		Storage: d.Storage, Inline: d.Inline, Body: body,
	}
}

// declare records a declared name in the innermost scope.
func (p *parser) declare(d *ast.Decl) {
	if d.Name != "" {
		p.scope.declare(d.Name, d.Storage == ast.Typedef)
	}
}

// cursor is the index in p.toks of the token lex is at.
func (p *parser) cursor(lex *lexer.PeekingLexer) int { return p.base + int(lex.RawCursor()) }

// advanceTo moves lex forward to token index i, or to the window's end.
func (p *parser) advanceTo(lex *lexer.PeekingLexer, i int) {
	for p.cursor(lex) < i && !lex.Peek().EOF() {
		lex.Next()
	}
}

var eofToken = token.Token{Kind: token.EOF}

// tok returns token i, or an EOF token past the end.
func (p *parser) tok(i int) *token.Token {
	if i > p.last {
		p.last = i
	}
	if i >= 0 && i < len(p.toks) {
		return &p.toks[i]
	}
	return &eofToken
}

func (p *parser) kw(i int) string {
	if i >= 0 && i < len(p.kws) {
		return p.kws[i]
	}
	return ""
}

func (p *parser) isPunct(i int, s string) bool {
	t := p.tok(i)
	return t.Kind == token.Punct && t.Text == s
}

// isIdent reports whether token i is an identifier (not a keyword).
func (p *parser) isIdent(i int) bool { return p.tok(i).Kind == token.Ident && p.kw(i) == "" }

// pos is the source position of token i; past the end, just after the
// last token, where gcc reports "at end of input".
func (p *parser) pos(i int) token.Pos {
	if i < len(p.toks) {
		return p.toks[i].Pos
	}
	e := p.eofPosition(len(p.toks))
	return token.Pos{File: e.Filename, Line: int32(e.Line), Col: int32(e.Column)}
}

// lpos converts a participle position, whose Offset is a token index.
func (p *parser) lpos(lp lexer.Position) token.Pos { return p.pos(lp.Offset) }

func startPos(toks []token.Token) token.Pos {
	if len(toks) > 0 {
		return toks[0].Pos
	}
	return token.Pos{}
}

func (p *parser) errorAt(i int, format string, args ...any) {
	p.errs.Errorf(p.pos(i), format, args...)
}

// describe names token i the way gcc does in "expected X before Y".
func (p *parser) describe(i int) string {
	if i >= len(p.toks) {
		return "end of input"
	}
	t := p.toks[i]
	switch t.Kind {
	case token.Int, token.Float:
		return "numeric constant"
	case token.Char:
		return "character constant"
	case token.String:
		return "string constant"
	case token.Punct:
		return fmt.Sprintf("'%s' token", t.Text)
	}
	return fmt.Sprintf("'%s'", t.Text)
}

// before is "before Y" or "at end of input".
func (p *parser) before(i int) string {
	if i >= len(p.toks) {
		return "at end of input"
	}
	return "before " + p.describe(i)
}
