package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/ast"
)

// parseStmtNode is the participle production for a nested statement.
func (p *parser) parseStmtNode(lex *lexer.PeekingLexer) (stmtNode, error) {
	s, err := p.statement(lex)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// parseWith runs a production parser from lex, which it leaves after what it
// parsed.
func parseWith[G any](pp *participle.Parser[G], lex *lexer.PeekingLexer) (*G, error) {
	return pp.ParseFromLexer(lex, participle.AllowTrailing(true))
}

// statement parses the statement that starts at the lexer's token, picking
// the production by the first token (a keyword, a label, '{', ';' or the
// start of an expression), or returns participle.NextMatch.
func (p *parser) statement(lex *lexer.PeekingLexer) (ast.Stmt, error) {
	i := p.cursor(lex)
	if p.stmtDepth >= maxStmtDepth {
		return nil, p.errAt(i, "statements nested too deeply")
	}
	p.stmtDepth++
	defer func() { p.stmtDepth-- }()
	at := p.pos(i)
	switch k := p.kw(i); k {
	case "":
		switch {
		case p.isIdent(i) && p.isPunct(i+1, ":"):
			g, err := parseWith(p.g.labeled, lex)
			if err != nil {
				return nil, err
			}
			return p.labeled(g), nil
		case p.isPunct(i, "{"):
			return p.compound(lex), nil
		case p.isPunct(i, ";"):
			lex.Next()
			return &ast.EmptyStmt{Semi: at}, nil
		case p.startsExpr(i):
			x, err := p.exprAt(lex, precComma)
			if err != nil {
				return nil, err
			}
			if err := p.semicolon(lex); err != nil {
				return nil, err
			}
			return &ast.ExprStmt{X: x}, nil
		}
	case "sizeof", "upc_localsizeof", "upc_blocksizeof", "upc_elemsizeof", "__builtin_va_arg", "__builtin_offsetof":
		x, err := p.exprAt(lex, precComma)
		if err != nil {
			return nil, err
		}
		if err := p.semicolon(lex); err != nil {
			return nil, err
		}
		return &ast.ExprStmt{X: x}, nil
	case "break", "continue":
		lex.Next()
		if err := p.semicolon(lex); err != nil {
			return nil, err
		}
		if k == "break" {
			return &ast.BreakStmt{Break: at}, nil
		}
		return &ast.ContinueStmt{Continue: at}, nil
	case "case":
		g, err := parseWith(p.g.caseStmt, lex)
		if err != nil {
			return nil, err
		}
		return &ast.CaseStmt{Case: at, Value: g.Value, High: g.High, Stmt: p.optStmt(g.Stmt, g.EndPos)}, nil
	case "default":
		g, err := parseWith(p.g.deflt, lex)
		if err != nil {
			return nil, err
		}
		return &ast.DefaultStmt{Default: at, Stmt: p.optStmt(g.Stmt, g.EndPos)}, nil
	case "if":
		g, err := parseWith(p.g.ifStmt, lex)
		if err != nil {
			return nil, err
		}
		s := &ast.IfStmt{If: at, Cond: g.Cond, Then: g.Then}
		if g.Else != nil {
			s.Else = g.Else
		}
		return s, nil
	case "switch":
		g, err := parseWith(p.g.switchSt, lex)
		if err != nil {
			return nil, err
		}
		return &ast.SwitchStmt{Switch: at, Tag: g.Tag, Body: g.Body}, nil
	case "while":
		g, err := parseWith(p.g.while, lex)
		if err != nil {
			return nil, err
		}
		return &ast.WhileStmt{While: at, Cond: g.Cond, Body: g.Body}, nil
	case "do":
		g, err := parseWith(p.g.do, lex)
		if err != nil {
			return nil, err
		}
		return &ast.DoStmt{Do: at, Body: g.Body, Cond: g.Cond}, nil
	case "for":
		g, err := parseWith(p.g.forStmt, lex)
		if err != nil {
			return nil, err
		}
		init := p.forInit(g.InitDecl, g.Init)
		body, err := p.loopBody(lex, init)
		if err != nil {
			return nil, err
		}
		return &ast.ForStmt{For: at, Init: init, Cond: g.Cond, Post: g.Post, Body: body}, nil
	case "upc_forall":
		g, err := parseWith(p.g.forall, lex)
		if err != nil {
			return nil, err
		}
		init := p.forInit(g.InitDecl, g.Init)
		body, err := p.loopBody(lex, init)
		if err != nil {
			return nil, err
		}
		return &ast.UpcForallStmt{Forall: at, Init: init, Cond: g.Cond, Post: g.Post,
			Affinity: g.Affinity, AffinityContinue: g.Continue, Body: body}, nil
	case "asm":
		return nil, p.errAt(i, "asm statements are not supported")
	case "goto":
		g, err := parseWith(p.g.gotoStmt, lex)
		if err != nil {
			return nil, err
		}
		return &ast.GotoStmt{Goto: at, LabelPos: p.lpos(g.Label.Pos), Label: g.Label.Value}, nil
	case "return":
		g, err := parseWith(p.g.ret, lex)
		if err != nil {
			return nil, err
		}
		return &ast.ReturnStmt{Return: at, X: g.X}, nil
	case "upc_barrier", "upc_notify", "upc_wait", "upc_fence":
		g, err := parseWith(p.g.sync, lex)
		if err != nil {
			return nil, err
		}
		return &ast.UpcSyncStmt{OpPos: at, Op: syncOps[k], Value: g.Value}, nil
	}
	return nil, participle.NextMatch
}

var syncOps = map[string]ast.SyncOp{
	"upc_barrier": ast.UpcBarrier, "upc_notify": ast.UpcNotify, "upc_wait": ast.UpcWait, "upc_fence": ast.UpcFence,
}

// loopBody parses the body of a for or upc_forall loop whose first clause
// is init: a declaration there is in scope in the body (C99 6.8.5p5), so
// it may hide a typedef name.
func (p *parser) loopBody(lex *lexer.PeekingLexer, init ast.Stmt) (ast.Stmt, error) {
	if ds, ok := init.(*ast.DeclStmt); ok {
		p.scope.push()
		defer p.scope.pop()
		for _, d := range ds.Decls {
			p.declare(d)
		}
	}
	i := p.cursor(lex)
	s, err := p.statement(lex)
	if err == participle.NextMatch {
		return nil, p.noStatement(i)
	}
	return s, err
}

// semicolon consumes the ';' that ends a statement.
func (p *parser) semicolon(lex *lexer.PeekingLexer) error {
	if j := p.cursor(lex); !p.isPunct(j, ";") {
		return p.expected(j, "';'")
	}
	lex.Next()
	return nil
}

func (p *parser) labeled(l *gLabeled) ast.Stmt {
	t := l.Label.label()
	return &ast.LabeledStmt{LabelPos: p.lpos(t.Pos), Label: t.Value, Stmt: p.optStmt(l.Stmt, l.EndPos)}
}

// optStmt returns the optional statement after a label; a missing one
// (a label before '}' or before a declaration) is a null statement there.
func (p *parser) optStmt(s stmtNode, at lexer.Position) ast.Stmt {
	if s == nil {
		return &ast.EmptyStmt{Semi: p.lpos(at)}
	}
	return s
}

// forInit converts the first clause of a for or upc_forall header.
func (p *parser) forInit(d *gDeclaration, x ast.Expr) ast.Stmt {
	switch {
	case d != nil:
		return p.declaration(d)
	case x != nil:
		return &ast.ExprStmt{X: x}
	}
	return nil
}

// compound parses a block at '{'. The block is a scope; each item's
// declarations are recorded as soon as the item has parsed (a typedef
// declared in a block is a type name for the rest of it). An item that
// fails is reported and skipped, so one error does not end the block.
func (p *parser) compound(lex *lexer.PeekingLexer) *ast.CompoundStmt {
	open := p.cursor(lex)
	lex.Next()
	cs := &ast.CompoundStmt{Lbrace: p.pos(open)}
	p.scope.push()
	defer p.scope.pop()
	var starts []int
	for {
		i := p.cursor(lex)
		if lex.Peek().EOF() {
			p.errorAt(i, "expected declaration or statement at end of input")
			cs.Rbrace = p.pos(i)
			break
		}
		if p.isPunct(i, "}") {
			cs.Rbrace = p.pos(i)
			lex.Next()
			break
		}
		cp := lex.MakeCheckpoint()
		s, err := p.blockItem(lex, i)
		if err != nil {
			p.resyncAfter(lex, cp, i, p.report(err, i), true)
			continue
		}
		if ds, ok := s.(*ast.DeclStmt); ok {
			for _, d := range ds.Decls {
				p.declare(d)
			}
		}
		cs.Items = append(cs.Items, s)
		starts = append(starts, i)
	}
	cs.Pragmas = p.claimPragmas(open, p.cursor(lex)-1, starts)
	return cs
}

// blockItem parses the declaration or statement at token i. In a block,
// "T:" labels a statement even if T is a typedef name.
func (p *parser) blockItem(lex *lexer.PeekingLexer, i int) (ast.Stmt, error) {
	if p.kw(i) == "__attribute__" {
		// An attribute alone, as in "__attribute__((fallthrough));", is a
		// null statement.
		j := i
		for p.kw(j) == "__attribute__" {
			if err := p.skipAttribute(lex); err != nil {
				return nil, err
			}
			j = p.cursor(lex)
		}
		if p.isPunct(j, ";") {
			lex.Next()
			return &ast.EmptyStmt{Semi: p.pos(j)}, nil
		}
		i = j
	}
	if p.startsDeclSpecs(i) && !p.isPunct(i+1, ":") {
		d, err := parseWith(p.g.decl, lex)
		if err != nil {
			return nil, err
		}
		return p.declaration(d), nil
	}
	s, err := p.statement(lex)
	if err == participle.NextMatch {
		return nil, p.noStatement(i)
	}
	return s, err
}

// noStatement is the error for a token that starts neither a declaration
// nor a statement.
func (p *parser) noStatement(i int) *cError {
	if p.kw(i) == "else" {
		return p.errAt(i, "'else' without a previous 'if'")
	}
	return p.expected(i, "statement")
}
