package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// Expressions are parsed by precedence climbing (as in participle's
// precedenceclimbing example) rather than by one grammar struct per
// precedence level: fifteen nested reflective productions per operand would
// make participle crawl. Type names inside expressions (casts, sizeof,
// compound literals) are handed back to the participle grammar.

// Where an expression production starts.
const (
	precComma  = iota // expression: assignments separated by ','
	precAssign        // assignment-expression
	precCond          // conditional-expression (constant-expression)
)

// binaryPrec gives C's binary operator precedences; higher binds tighter.
var binaryPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8,
	"+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10,
}

var assignOps = map[string]bool{
	"=": true, "*=": true, "/=": true, "%=": true, "+=": true, "-=": true,
	"<<=": true, ">>=": true, "&=": true, "^=": true, "|=": true,
}

// exprParser returns the participle parse function for one of the
// expression interfaces of grammar.go.
func exprParser[T any](p *parser, prec int) func(*lexer.PeekingLexer) (T, error) {
	return func(lex *lexer.PeekingLexer) (T, error) {
		var zero T
		if !p.startsExpr(p.cursor(lex)) {
			return zero, participle.NextMatch
		}
		x, err := p.exprAt(lex, prec)
		if err != nil {
			return zero, err
		}
		return any(x).(T), nil
	}
}

// exprAt parses an expression from lex, which it leaves after it.
func (p *parser) exprAt(lex *lexer.PeekingLexer, prec int) (ast.Expr, error) {
	saved := p.lex
	p.lex = lex
	defer func() { p.lex = saved }()
	switch prec {
	case precComma:
		return p.commaExpr()
	case precAssign:
		return p.assignExpr()
	}
	return p.condExpr()
}

// startsExpr reports whether token i can begin an expression.
func (p *parser) startsExpr(i int) bool {
	t := p.tok(i)
	switch t.Kind {
	case token.Ident:
		switch p.kw(i) {
		case "":
			return true
		case "sizeof", "upc_localsizeof", "upc_blocksizeof", "upc_elemsizeof",
			"__builtin_va_arg", "__builtin_offsetof":
			return true
		}
		return false
	case token.Int, token.Float, token.Char, token.String:
		return true
	case token.Punct:
		switch t.Text {
		case "(", "++", "--", "&", "*", "+", "-", "~", "!":
			return true
		}
	}
	return false
}

// The expression parser reads p.lex. cur is the index of the next token.
func (p *parser) cur() int { return p.cursor(p.lex) }

func (p *parser) next() { p.lex.Next() }

// punct reports whether the next token is the punctuator s.
func (p *parser) punct(s string) bool { return p.isPunct(p.cur(), s) }

// expect consumes the punctuator s or fails with gcc's message.
func (p *parser) expect(s string) (int, error) {
	i := p.cur()
	if !p.isPunct(i, s) {
		return i, p.expected(i, "'"+s+"'")
	}
	p.next()
	return i, nil
}

// enter guards the recursion of unary operators and nested parentheses.
func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.errAt(p.cur(), "expression nested too deeply")
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

func (p *parser) commaExpr() (ast.Expr, error) {
	x, err := p.assignExpr()
	if err != nil || !p.punct(",") {
		return x, err
	}
	list := []ast.Expr{x}
	for p.punct(",") {
		p.next()
		y, err := p.assignExpr()
		if err != nil {
			return nil, err
		}
		list = append(list, y)
	}
	return &ast.CommaExpr{List: list}, nil
}

// assignExpr parses an assignment-expression. C wants a unary-expression
// left of the operator; like gcc, the parser takes any conditional
// expression and leaves "not an lvalue" to the checker.
func (p *parser) assignExpr() (ast.Expr, error) {
	x, err := p.condExpr()
	if err != nil {
		return nil, err
	}
	i := p.cur()
	t := p.tok(i)
	if t.Kind != token.Punct || !assignOps[t.Text] {
		return x, nil
	}
	p.next()
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	y, err := p.assignExpr()
	if err != nil {
		return nil, err
	}
	return &ast.AssignExpr{OpPos: t.Pos, Op: t.Text, X: x, Y: y}, nil
}

func (p *parser) condExpr() (ast.Expr, error) {
	c, err := p.binaryExpr(1)
	if err != nil || !p.punct("?") {
		return c, err
	}
	q := p.cur()
	p.next()
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	var then ast.Expr
	if !p.punct(":") { // GNU "c ?: e" has no middle operand
		if then, err = p.commaExpr(); err != nil {
			return nil, err
		}
	}
	if _, err := p.expect(":"); err != nil {
		return nil, err
	}
	els, err := p.condExpr()
	if err != nil {
		return nil, err
	}
	return &ast.CondExpr{Question: p.pos(q), Cond: c, Then: then, Else: els}, nil
}

// binaryExpr climbs precedences from minPrec: operators of equal
// precedence associate to the left.
func (p *parser) binaryExpr(minPrec int) (ast.Expr, error) {
	x, err := p.castExpr()
	if err != nil {
		return nil, err
	}
	for {
		t := p.tok(p.cur())
		if t.Kind != token.Punct {
			return x, nil
		}
		prec, ok := binaryPrec[t.Text]
		if !ok || prec < minPrec {
			return x, nil
		}
		p.next()
		y, err := p.binaryExpr(prec + 1)
		if err != nil {
			return nil, err
		}
		x = &ast.BinaryExpr{OpPos: t.Pos, Op: t.Text, X: x, Y: y}
	}
}

// castExpr parses a cast-expression. "(" starts a cast or a compound
// literal when the next token can begin a type name, which depends on the
// typedef scopes: "(T)-1" casts if T is a type and subtracts otherwise.
func (p *parser) castExpr() (ast.Expr, error) {
	i := p.cur()
	if !p.isPunct(i, "(") || !p.startsTypeName(i+1) {
		return p.unaryExpr()
	}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	p.next()
	t, err := p.parenTypeName()
	if err != nil {
		return nil, err
	}
	if p.punct("{") {
		return p.compoundLit(i, t)
	}
	x, err := p.castExpr()
	if err != nil {
		return nil, err
	}
	return &ast.CastExpr{Lparen: p.pos(i), Type: t, X: x}, nil
}

// parenTypeName parses "type-name )" after a '('.
func (p *parser) parenTypeName() (ast.Type, error) {
	tn, err := p.g.typeName.ParseFromLexer(p.lex, participle.AllowTrailing(true))
	if err != nil {
		return nil, err
	}
	t := p.typeName(tn)
	if _, err := p.expect(")"); err != nil {
		return nil, err
	}
	return t, nil
}

// compoundLit parses "{ initializers }" after "(type)" and the postfix
// operators that may follow; lparen is the '(' token.
func (p *parser) compoundLit(lparen int, t ast.Type) (ast.Expr, error) {
	gl, err := p.g.initList.ParseFromLexer(p.lex, participle.AllowTrailing(true))
	if err != nil {
		return nil, err
	}
	return p.postfixExpr(&ast.CompoundLit{Lparen: p.pos(lparen), Type: t, Init: p.initList(gl)})
}

func (p *parser) unaryExpr() (ast.Expr, error) {
	i := p.cur()
	t := p.tok(i)
	switch {
	case t.Kind == token.Punct:
		switch t.Text {
		case "++", "--", "&", "*", "+", "-", "~", "!":
			if err := p.enter(); err != nil {
				return nil, err
			}
			defer p.leave()
			p.next()
			var x ast.Expr
			var err error
			if t.Text == "++" || t.Text == "--" {
				x, err = p.unaryExpr()
			} else {
				x, err = p.castExpr()
			}
			if err != nil {
				return nil, err
			}
			return &ast.UnaryExpr{OpPos: t.Pos, Op: t.Text, X: x}, nil
		}
	case t.Kind == token.Ident:
		switch k := p.kw(i); k {
		case "sizeof", "upc_localsizeof", "upc_blocksizeof", "upc_elemsizeof":
			if err := p.enter(); err != nil {
				return nil, err
			}
			defer p.leave()
			return p.sizeofExpr(k, t.Pos)
		}
	}
	x, err := p.primaryExpr()
	if err != nil {
		return nil, err
	}
	return p.postfixExpr(x)
}

// sizeofExpr parses sizeof and the UPC operators shaped like it, whose
// operand is a unary expression or a parenthesised type name.
func (p *parser) sizeofExpr(op string, at token.Pos) (ast.Expr, error) {
	p.next()
	var x ast.Expr
	var t ast.Type
	if i := p.cur(); p.isPunct(i, "(") && p.startsTypeName(i+1) {
		p.next()
		tn, err := p.parenTypeName()
		if err != nil {
			return nil, err
		}
		if p.punct("{") { // sizeof (T){...} is sizeof of a compound literal
			if x, err = p.compoundLit(i, tn); err != nil {
				return nil, err
			}
		} else {
			t = tn
		}
	} else {
		var err error
		if x, err = p.unaryExpr(); err != nil {
			return nil, err
		}
	}
	switch op {
	case "upc_localsizeof":
		return &ast.UpcLocalsizeof{OpPos: at, X: x, Type: t}, nil
	case "upc_blocksizeof":
		return &ast.UpcBlocksizeof{OpPos: at, X: x, Type: t}, nil
	case "upc_elemsizeof":
		return &ast.UpcElemsizeof{OpPos: at, X: x, Type: t}, nil
	}
	if t != nil {
		return &ast.SizeofType{Sizeof: at, Type: t}, nil
	}
	return &ast.SizeofExpr{Sizeof: at, X: x}, nil
}

func (p *parser) postfixExpr(x ast.Expr) (ast.Expr, error) {
	for {
		i := p.cur()
		t := p.tok(i)
		if t.Kind != token.Punct {
			return x, nil
		}
		switch t.Text {
		case "[":
			p.next()
			idx, err := p.commaExpr()
			if err != nil {
				return nil, err
			}
			if _, err := p.expect("]"); err != nil {
				return nil, err
			}
			x = &ast.IndexExpr{X: x, Lbrack: t.Pos, Index: idx}
		case "(":
			p.next()
			call := &ast.CallExpr{Fun: x, Lparen: t.Pos}
			if !p.punct(")") {
				for {
					a, err := p.argument()
					if err != nil {
						return nil, err
					}
					call.Args = append(call.Args, a)
					if !p.punct(",") {
						break
					}
					p.next()
				}
			}
			j, err := p.expect(")")
			if err != nil {
				return nil, err
			}
			call.Rparen = p.pos(j)
			x = call
		case ".", "->":
			p.next()
			j := p.cur()
			if !p.isIdent(j) {
				return nil, p.expected(j, "identifier")
			}
			p.next()
			x = &ast.MemberExpr{X: x, Arrow: t.Text == "->", NamePos: p.pos(j), Name: p.tok(j).Text}
		case "++", "--":
			p.next()
			x = &ast.PostfixExpr{OpPos: t.Pos, Op: t.Text, X: x}
		default:
			return x, nil
		}
	}
}

// argument parses a function argument, an assignment-expression.
func (p *parser) argument() (ast.Expr, error) {
	if i := p.cur(); !p.startsExpr(i) {
		return nil, p.expected(i, "expression")
	}
	return p.assignExpr()
}

func (p *parser) primaryExpr() (ast.Expr, error) {
	i := p.cur()
	t := p.tok(i)
	switch t.Kind {
	case token.Ident:
		switch p.kw(i) {
		case "":
			p.next()
			return &ast.Ident{NamePos: t.Pos, Name: t.Text}, nil
		case "__builtin_va_arg":
			return p.vaArg()
		case "__builtin_offsetof":
			return p.offsetof()
		}
	case token.Int:
		p.next()
		return &ast.IntLit{ValuePos: t.Pos, Raw: t.Text}, nil
	case token.Float:
		p.next()
		return &ast.FloatLit{ValuePos: t.Pos, Raw: t.Text}, nil
	case token.Char:
		p.next()
		return &ast.CharLit{ValuePos: t.Pos, Raw: t.Text}, nil
	case token.String:
		s := &ast.StringLit{}
		for j := i; p.tok(j).Kind == token.String; j++ {
			s.Pieces = append(s.Pieces, p.tok(j).Text)
			s.PiecePos = append(s.PiecePos, p.tok(j).Pos)
			p.next()
		}
		return s, nil
	case token.Punct:
		if t.Text == "(" {
			if err := p.enter(); err != nil {
				return nil, err
			}
			defer p.leave()
			p.next()
			if p.punct("{") { // GNU statement expression ({ ... })
				body := p.compound(p.lex)
				if _, err := p.expect(")"); err != nil {
					return nil, err
				}
				return &ast.StmtExpr{Lparen: t.Pos, Body: body}, nil
			}
			if !p.startsExpr(p.cur()) {
				return nil, p.expected(p.cur(), "expression")
			}
			x, err := p.commaExpr()
			if err != nil {
				return nil, err
			}
			if _, err := p.expect(")"); err != nil {
				return nil, err
			}
			return x, nil
		}
	}
	return nil, p.expected(i, "expression")
}

// vaArg parses __builtin_va_arg(ap, type).
func (p *parser) vaArg() (ast.Expr, error) {
	at := p.pos(p.cur())
	p.next()
	if _, err := p.expect("("); err != nil {
		return nil, err
	}
	ap, err := p.argument()
	if err != nil {
		return nil, err
	}
	if _, err := p.expect(","); err != nil {
		return nil, err
	}
	if i := p.cur(); !p.startsTypeName(i) {
		return nil, p.expected(i, "type name")
	}
	t, err := p.parenTypeName()
	if err != nil {
		return nil, err
	}
	return &ast.VaArgExpr{Builtin: at, Ap: ap, Type: t}, nil
}

// offsetof parses __builtin_offsetof(type, member-designator), where the
// designator is a member name followed by ".name" and "[index]" parts.
func (p *parser) offsetof() (ast.Expr, error) {
	at := p.pos(p.cur())
	p.next()
	if _, err := p.expect("("); err != nil {
		return nil, err
	}
	if i := p.cur(); !p.startsTypeName(i) {
		return nil, p.expected(i, "type name")
	}
	tn, err := p.g.typeName.ParseFromLexer(p.lex, participle.AllowTrailing(true))
	if err != nil {
		return nil, err
	}
	o := &ast.OffsetofExpr{Builtin: at, Type: p.typeName(tn)}
	if _, err := p.expect(","); err != nil {
		return nil, err
	}
	i := p.cur()
	if !p.isIdent(i) {
		return nil, p.expected(i, "identifier")
	}
	p.next()
	o.Member = append(o.Member, &ast.FieldDesignator{Dot: p.pos(i), NamePos: p.pos(i), Name: p.tok(i).Text})
	for {
		j := p.cur()
		switch {
		case p.isPunct(j, "."):
			p.next()
			k := p.cur()
			if !p.isIdent(k) {
				return nil, p.expected(k, "identifier")
			}
			p.next()
			o.Member = append(o.Member, &ast.FieldDesignator{Dot: p.pos(j), NamePos: p.pos(k), Name: p.tok(k).Text})
		case p.isPunct(j, "["):
			p.next()
			x, err := p.commaExpr()
			if err != nil {
				return nil, err
			}
			if _, err := p.expect("]"); err != nil {
				return nil, err
			}
			o.Member = append(o.Member, &ast.IndexDesignator{Lbrack: p.pos(j), Index: x})
		default:
			if _, err := p.expect(")"); err != nil {
				return nil, err
			}
			return o, nil
		}
	}
}
