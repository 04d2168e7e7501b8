package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/ast"
)

// The participle grammar. Its structs are a parse tree private to this
// package; convert.go turns each parsed item into package ast nodes.
//
// Some productions are parsed by closures over the parser's state (see
// custom.go, expr.go and stmt.go), registered with participle.ParseTypeWith
// on the interface types below:
//
//   - specsNode: declaration specifiers. Whether an identifier is a typedef
//     name depends on the scopes and on whether a type specifier came
//     before it ("T T;"), which a context-free grammar cannot see.
//   - fullExpr, assignExpr, condExpr: expressions, by precedence climbing;
//     casts and parenthesised expressions are told apart by the typedef
//     table.
//   - stmtNode: a statement, parsed by the production its first token
//     calls for. A block pushes a scope at '{' and pops it at '}', records
//     each item's declarations as soon as it has parsed (the typedef table
//     decides whether an item is a declaration or a statement), and
//     recovers from errors item by item.
//   - qualsNode, attrNode: qualifier lists (UPC layout qualifiers contain
//     expressions) and skipped GNU attributes.
//   - nestedParen, labelNode, vlaStar: two-token decisions ("is this '('
//     a nested abstract declarator?", "is this identifier a label?", "is
//     this '*' the '[*]' of a VLA?").
//
// The grammar runs with UseLookahead(0): a branch that has consumed a
// token is committed, so participle reports the error where it is ("int x
// = ;" fails at ';', not at '=') instead of backtracking past it. The
// two-token decisions above are what makes that possible; lists that may
// end in a comma have empty slots instead of a lookahead for '}'.
type (
	specsNode   interface{ specs() *declSpecs }
	qualsNode   interface{ quals() *rawQuals }
	attrNode    interface{ attr() }
	nestedParen interface{ nested() }
	labelNode   interface{ label() lexer.Token }
	vlaStar     interface{ vlaStar() }
	fullExpr    interface{ ast.Expr }
	assignExpr  interface{ ast.Expr }
	condExpr    interface{ ast.Expr }
	stmtNode    interface{ ast.Stmt }
)

// gExternal is one top-level item up to, not including, a function body:
// the driver sees the '{' and parses the body itself, with the
// parameters in scope. Specifiers are optional for C90 implicit int
// ("main() { }"), which gcc accepts with a warning.
type gExternal struct {
	Pos   lexer.Position
	Specs specsNode          `parser:"@@?"`
	Decls []*gInitDeclarator `parser:"( @@ ( ',' @@ )* )?"`
	Semi  bool               `parser:"@';'?"`
}

// gDeclaration is a declaration inside a block or a for-loop header.
type gDeclaration struct {
	Pos   lexer.Position
	Specs specsNode          `parser:"@@"`
	Decls []*gInitDeclarator `parser:"( @@ ( ',' @@ )* )? ';'"`
}

type gInitDeclarator struct {
	Decl *gDeclarator  `parser:"@@"`
	Init *gInitializer `parser:"( '=' @@ )?"`
}

// gDeclarator is a declarator that names something.
type gDeclarator struct {
	Pos      lexer.Position
	Ptrs     []*gPointer  `parser:"@@*"`
	Name     *lexer.Token `parser:"( @Ident"`
	Inner    *gDeclarator `parser:"| '(' @@ ')' )"`
	Suffixes []*gSuffix   `parser:"@@*"`
	Attrs    []attrNode   `parser:"@@*"`
}

// gParamDeclarator is a parameter's declarator, named or abstract.
type gParamDeclarator struct {
	Pos      lexer.Position
	Ptrs     []*gPointer       `parser:"@@*"`
	Name     *lexer.Token      `parser:"( @Ident"`
	Open     nestedParen       `parser:"| @@"`
	Inner    *gParamDeclarator `parser:"  @@ ')' )?"`
	Suffixes []*gSuffix        `parser:"@@*"`
	Attrs    []attrNode        `parser:"@@*"`
}

// gAbsDeclarator is the abstract declarator of a type name.
type gAbsDeclarator struct {
	Pos      lexer.Position
	Ptrs     []*gPointer     `parser:"@@*"`
	Open     nestedParen     `parser:"( @@"`
	Inner    *gAbsDeclarator `parser:"  @@ ')' )?"`
	Suffixes []*gSuffix      `parser:"@@*"`
}

type gPointer struct {
	Pos   lexer.Position
	Quals qualsNode `parser:"'*' @@?"`
}

type gSuffix struct {
	Array *gArraySuffix `parser:"  @@"`
	Func  *gParams      `parser:"| @@"`
}

// gArraySuffix accepts C99's parameter forms [static 3], [const 3],
// [const static 3] and [*]; the checker rejects them outside parameters.
type gArraySuffix struct {
	Pos     lexer.Position
	Static1 bool       `parser:"'[' @'static'?"`
	Quals   qualsNode  `parser:"@@?"`
	Static2 bool       `parser:"@'static'?"`
	Star    vlaStar    `parser:"( @@ ']'"`
	Len     assignExpr `parser:"| @@? ']' )"`
}

type gParams struct {
	Pos    lexer.Position
	Params []*gParamItem `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
}

// gParamItem is a parameter or "..."; conversion checks that "..." is last.
type gParamItem struct {
	Pos      lexer.Position
	Ellipsis bool        `parser:"  @'...'"`
	Decl     *gParamDecl `parser:"| @@"`
}

type gParamDecl struct {
	Pos   lexer.Position
	Specs specsNode         `parser:"@@"`
	Decl  *gParamDeclarator `parser:"@@?"`
}

// gTypeName is a type name in a cast, sizeof or compound literal.
type gTypeName struct {
	Pos   lexer.Position
	Specs specsNode       `parser:"@@"`
	Decl  *gAbsDeclarator `parser:"@@?"`
}

type gStructSpec struct {
	Pos    lexer.Position
	Kind   string       `parser:"@( 'struct' | 'union' )"`
	Attrs1 []attrNode   `parser:"@@*"`
	Tag    *lexer.Token `parser:"@Ident?"`
	Body   *gStructBody `parser:"@@?"`
	Attrs2 []attrNode   `parser:"@@*"`
	EndPos lexer.Position
}

type gStructBody struct {
	Fields []*gFieldDecl `parser:"'{' @@*"`
	Rbrace lexer.Token   `parser:"@'}'"`
}

// gFieldDecl is a member declaration; a lone ';' is a GNU-tolerated empty one.
type gFieldDecl struct {
	Pos   lexer.Position
	Semi  bool                `parser:"  @';'"`
	Specs specsNode           `parser:"| @@"`
	Decls []*gFieldDeclarator `parser:"  ( @@ ( ',' @@ )* )? ';'"`
}

type gFieldDeclarator struct {
	Pos   lexer.Position
	Decl  *gDeclarator `parser:"@@?"`
	Width condExpr     `parser:"( ':' @@ )?"`
	Attrs []attrNode   `parser:"@@*"`
}

type gEnumSpec struct {
	Pos    lexer.Position
	Attrs1 []attrNode   `parser:"'enum' @@*"`
	Tag    *lexer.Token `parser:"@Ident?"`
	Body   *gEnumBody   `parser:"@@?"`
	Attrs2 []attrNode   `parser:"@@*"`
	EndPos lexer.Position
}

// gEnumBody's slots may be empty so that a trailing comma needs no
// lookahead; conversion rejects the empty slots C does not allow.
type gEnumBody struct {
	Slots []*gEnumSlot `parser:"'{' @@ ( ',' @@ )* '}'"`
}

type gEnumSlot struct {
	Pos  lexer.Position
	Item *gEnumerator `parser:"@@?"`
}

type gEnumerator struct {
	Name  lexer.Token `parser:"@Ident"`
	Attrs []attrNode  `parser:"@@*"`
	Value condExpr    `parser:"( '=' @@ )?"`
}

type gInitializer struct {
	List *gInitList `parser:"  @@"`
	Expr assignExpr `parser:"| @@"`
}

// gInitList has possibly empty slots, as gEnumBody.
type gInitList struct {
	Pos    lexer.Position
	Slots  []*gInitSlot `parser:"'{' @@ ( ',' @@ )*"`
	Rbrace lexer.Token  `parser:"@'}'"`
}

type gInitSlot struct {
	Pos  lexer.Position
	Elem *gInitElem `parser:"@@?"`
}

type gInitElem struct {
	Desig []*gDesignator `parser:"( @@+ '=' )?"`
	Value *gInitializer  `parser:"@@"`
}

type gDesignator struct {
	Pos   lexer.Position
	Field *lexer.Token `parser:"  '.' @Ident"`
	Index condExpr     `parser:"| '[' @@"`
	High  condExpr     `parser:"  ( '...' @@ )? ']'"`
}

// Statements. Each statement production starts with its keyword; the
// statement parser (stmt.go) picks the production from the first token
// instead of trying them in turn, and parses expression statements, blocks
// and the null statement itself. stmtNode fields hold nested statements.

// gLabeled's statement is optional: gcc accepts a label (or case) right
// before '}' and before a declaration.
type gLabeled struct {
	Label  labelNode  `parser:"@@"`
	Attrs  []attrNode `parser:"@@*"`
	Stmt   stmtNode   `parser:"@@?"`
	EndPos lexer.Position
}

type gCase struct {
	Pos    lexer.Position
	Value  condExpr `parser:"'case' @@"`
	High   condExpr `parser:"( '...' @@ )? ':'"`
	Stmt   stmtNode `parser:"@@?"`
	EndPos lexer.Position
}

type gDefault struct {
	Pos    lexer.Position
	Stmt   stmtNode `parser:"'default' ':' @@?"`
	EndPos lexer.Position
}

type gIf struct {
	Pos  lexer.Position
	Cond fullExpr `parser:"'if' '(' @@ ')'"`
	Then stmtNode `parser:"@@"`
	Else stmtNode `parser:"( 'else' @@ )?"`
}

type gSwitch struct {
	Pos  lexer.Position
	Tag  fullExpr `parser:"'switch' '(' @@ ')'"`
	Body stmtNode `parser:"@@"`
}

type gWhile struct {
	Pos  lexer.Position
	Cond fullExpr `parser:"'while' '(' @@ ')'"`
	Body stmtNode `parser:"@@"`
}

type gDo struct {
	Pos  lexer.Position
	Body stmtNode `parser:"'do' @@"`
	Cond fullExpr `parser:"'while' '(' @@ ')' ';'"`
}

// gFor and gForall are loop headers: the statement parser parses the body
// itself, in the scope of the header's declarations.
type gFor struct {
	Pos      lexer.Position
	InitDecl *gDeclaration `parser:"'for' '(' ( @@"`
	Init     fullExpr      `parser:"| @@? ';' )"`
	Cond     fullExpr      `parser:"@@? ';'"`
	Post     fullExpr      `parser:"@@? ')'"`
}

type gForall struct {
	Pos      lexer.Position
	InitDecl *gDeclaration `parser:"'upc_forall' '(' ( @@"`
	Init     fullExpr      `parser:"| @@? ';' )"`
	Cond     fullExpr      `parser:"@@? ';'"`
	Post     fullExpr      `parser:"@@? ';'"`
	Continue bool          `parser:"( @'continue'"`
	Affinity fullExpr      `parser:"| @@ )? ')'"`
}

type gGoto struct {
	Pos   lexer.Position
	Label lexer.Token `parser:"'goto' @Ident ';'"`
}

type gReturn struct {
	Pos lexer.Position
	X   fullExpr `parser:"'return' @@? ';'"`
}

type gSync struct {
	Pos   lexer.Position
	Op    string   `parser:"( @( 'upc_barrier' | 'upc_notify' | 'upc_wait' )"`
	Value fullExpr `parser:"  @@? ';'"`
	Fence bool     `parser:"| @'upc_fence' ';' )"`
}

// gRoot only ties the productions together so one Build covers them all;
// the parser uses production parsers derived from it.
type gRoot struct {
	External *gExternal    `parser:"  @@"`
	Decl     *gDeclaration `parser:"| @@"`
	TypeName *gTypeName    `parser:"| @@"`
	InitList *gInitList    `parser:"| @@"`
	Struct   *gStructSpec  `parser:"| @@"`
	Enum     *gEnumSpec    `parser:"| @@"`
	Labeled  *gLabeled     `parser:"| @@"`
	Case     *gCase        `parser:"| @@"`
	Default  *gDefault     `parser:"| @@"`
	If       *gIf          `parser:"| @@"`
	Switch   *gSwitch      `parser:"| @@"`
	While    *gWhile       `parser:"| @@"`
	Do       *gDo          `parser:"| @@"`
	For      *gFor         `parser:"| @@"`
	Forall   *gForall      `parser:"| @@"`
	Goto     *gGoto        `parser:"| @@"`
	Return   *gReturn      `parser:"| @@"`
	Sync     *gSync        `parser:"| @@"`
}

// grammar holds the production parsers of one parser instance; the
// closures registered in it refer to that instance's state.
type grammar struct {
	external *participle.Parser[gExternal]
	decl     *participle.Parser[gDeclaration]
	typeName *participle.Parser[gTypeName]
	initList *participle.Parser[gInitList]
	strct    *participle.Parser[gStructSpec]
	enum     *participle.Parser[gEnumSpec]
	labeled  *participle.Parser[gLabeled]
	caseStmt *participle.Parser[gCase]
	deflt    *participle.Parser[gDefault]
	ifStmt   *participle.Parser[gIf]
	switchSt *participle.Parser[gSwitch]
	while    *participle.Parser[gWhile]
	do       *participle.Parser[gDo]
	forStmt  *participle.Parser[gFor]
	forall   *participle.Parser[gForall]
	gotoStmt *participle.Parser[gGoto]
	ret      *participle.Parser[gReturn]
	sync     *participle.Parser[gSync]
}

func buildGrammar(p *parser) (*grammar, error) {
	root, err := participle.Build[gRoot](
		participle.Lexer(definition{}),
		participle.UseLookahead(0),
		participle.ParseTypeWith(p.parseSpecs),
		participle.ParseTypeWith(p.parseQualsNode),
		participle.ParseTypeWith(p.parseAttrNode),
		participle.ParseTypeWith(p.parseNestedParen),
		participle.ParseTypeWith(p.parseLabel),
		participle.ParseTypeWith(p.parseVLAStar),
		participle.ParseTypeWith(exprParser[fullExpr](p, precComma)),
		participle.ParseTypeWith(exprParser[assignExpr](p, precAssign)),
		participle.ParseTypeWith(exprParser[condExpr](p, precCond)),
		participle.ParseTypeWith(p.parseStmtNode),
	)
	if err != nil {
		return nil, err
	}
	g := &grammar{
		external: production[gExternal](root, &err),
		decl:     production[gDeclaration](root, &err),
		typeName: production[gTypeName](root, &err),
		initList: production[gInitList](root, &err),
		strct:    production[gStructSpec](root, &err),
		enum:     production[gEnumSpec](root, &err),
		labeled:  production[gLabeled](root, &err),
		caseStmt: production[gCase](root, &err),
		deflt:    production[gDefault](root, &err),
		ifStmt:   production[gIf](root, &err),
		switchSt: production[gSwitch](root, &err),
		while:    production[gWhile](root, &err),
		do:       production[gDo](root, &err),
		forStmt:  production[gFor](root, &err),
		forall:   production[gForall](root, &err),
		gotoStmt: production[gGoto](root, &err),
		ret:      production[gReturn](root, &err),
		sync:     production[gSync](root, &err),
	}
	return g, err
}

// production derives the parser of production P, keeping the first error.
func production[P any](root *participle.Parser[gRoot], err *error) *participle.Parser[P] {
	if *err != nil {
		return nil
	}
	pp, e := participle.ParserForProduction[P](root)
	*err = e
	return pp
}
