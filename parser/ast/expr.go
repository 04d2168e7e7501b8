package ast

import "github.com/upcgo/upcgo/parser/token"

// Ident is an identifier used as an expression. THREADS, MYTHREAD and
// UPC_MAX_BLOCK_SIZE are Idents too: the checker gives them meaning.
type Ident struct {
	NamePos token.Pos
	Name    string
}

// IntLit is an integer constant with its spelling ("0x2AUL").
type IntLit struct {
	ValuePos token.Pos
	Raw      string
}

// FloatLit is a floating constant with its spelling ("1e-3f").
type FloatLit struct {
	ValuePos token.Pos
	Raw      string
}

// CharLit is a character constant with quotes, escapes and prefix ("L'\n'").
type CharLit struct {
	ValuePos token.Pos
	Raw      string
}

// StringLit is a string literal made of one or more adjacent pieces, each
// spelled as written with quotes, escapes and prefix: "a" L"b" is
// Pieces ["\"a\"", "L\"b\""]. C99 translation phase 6 (concatenation) is
// done by decoding each piece and joining the results; the literal is wide
// if any piece has a prefix. Keeping the pieces keeps positions and lets
// the checker report a bad escape in the piece that has it.
type StringLit struct {
	Pieces   []string
	PiecePos []token.Pos
}

// BinaryExpr is X Op Y for Op in * / % + - << >> < > <= >= == != & ^ | && ||.
type BinaryExpr struct {
	OpPos token.Pos
	Op    string
	X, Y  Expr
}

// UnaryExpr is a prefix operator: & * + - ~ ! and pre-increment "++" and
// pre-decrement "--".
type UnaryExpr struct {
	OpPos token.Pos
	Op    string
	X     Expr
}

// PostfixExpr is X++ or X--.
type PostfixExpr struct {
	OpPos token.Pos
	Op    string // "++" or "--"
	X     Expr
}

// CallExpr is Fun(Args).
type CallExpr struct {
	Fun    Expr
	Lparen token.Pos
	Args   []Expr
	Rparen token.Pos
}

// IndexExpr is X[Index].
type IndexExpr struct {
	X      Expr
	Lbrack token.Pos
	Index  Expr
}

// MemberExpr is X.Name, or X->Name when Arrow.
type MemberExpr struct {
	X       Expr
	Arrow   bool
	NamePos token.Pos
	Name    string
}

// CastExpr is (Type) X.
type CastExpr struct {
	Lparen token.Pos
	Type   Type
	X      Expr
}

// CompoundLit is (Type){ Init }.
type CompoundLit struct {
	Lparen token.Pos
	Type   Type
	Init   *InitList
}

// SizeofExpr is "sizeof X".
type SizeofExpr struct {
	Sizeof token.Pos
	X      Expr
}

// SizeofType is "sizeof (Type)".
type SizeofType struct {
	Sizeof token.Pos
	Type   Type
}

// UpcLocalsizeof is upc_localsizeof applied to an expression (X) or to a
// parenthesised type name (Type); exactly one of the two is set.
type UpcLocalsizeof struct {
	OpPos token.Pos
	X     Expr
	Type  Type
}

// UpcBlocksizeof is upc_blocksizeof X or upc_blocksizeof(Type).
type UpcBlocksizeof struct {
	OpPos token.Pos
	X     Expr
	Type  Type
}

// UpcElemsizeof is upc_elemsizeof X or upc_elemsizeof(Type).
type UpcElemsizeof struct {
	OpPos token.Pos
	X     Expr
	Type  Type
}

// CondExpr is Cond ? Then : Else. Then is nil for the GNU form "Cond ?: Else".
type CondExpr struct {
	Question token.Pos
	Cond     Expr
	Then     Expr
	Else     Expr
}

// AssignExpr is X Op Y for Op in = *= /= %= += -= <<= >>= &= ^= |=.
type AssignExpr struct {
	OpPos token.Pos
	Op    string
	X, Y  Expr
}

// CommaExpr is List[0], List[1], ... (at least two elements).
type CommaExpr struct {
	List []Expr
}

// InitList is a brace-enclosed initializer { ... }.
type InitList struct {
	Lbrace token.Pos
	Elems  []*InitElem
	Rbrace token.Pos
}

// InitElem is one element of an initializer list: an optional designation
// (".x", "[3]", ".a[2].b" nested) and a value, which is an expression or a
// nested *InitList.
type InitElem struct {
	Designators []Designator
	Value       Expr
}

// Pos is the position of the first designator, or of the value.
func (e *InitElem) Pos() token.Pos {
	if len(e.Designators) > 0 {
		return e.Designators[0].Pos()
	}
	return e.Value.Pos()
}

// Designator is a *FieldDesignator or an *IndexDesignator.
type Designator interface {
	Node
	designatorNode()
}

// FieldDesignator is ".Name" in an initializer, or a member name in
// __builtin_offsetof.
type FieldDesignator struct {
	Dot     token.Pos // position of '.'; for offsetof's first member, of the name
	NamePos token.Pos
	Name    string
}

// IndexDesignator is "[Index]", or the GNU range "[Index ... High]" when
// High is not nil.
type IndexDesignator struct {
	Lbrack token.Pos
	Index  Expr
	High   Expr
}

// VaArgExpr is __builtin_va_arg(Ap, Type), what <stdarg.h>'s va_arg expands to.
type VaArgExpr struct {
	Builtin token.Pos
	Ap      Expr
	Type    Type
}

// OffsetofExpr is __builtin_offsetof(Type, member-designator), what
// <stddef.h>'s offsetof expands to. Member starts with a *FieldDesignator.
type OffsetofExpr struct {
	Builtin token.Pos
	Type    Type
	Member  []Designator
}

// StmtExpr is the GNU statement expression "({ ... })"; its value is that of
// the last expression statement in Body.
type StmtExpr struct {
	Lparen token.Pos
	Body   *CompoundStmt
}

func (x *Ident) Pos() token.Pos          { return x.NamePos }
func (x *IntLit) Pos() token.Pos         { return x.ValuePos }
func (x *FloatLit) Pos() token.Pos       { return x.ValuePos }
func (x *CharLit) Pos() token.Pos        { return x.ValuePos }
func (x *StringLit) Pos() token.Pos      { return x.PiecePos[0] }
func (x *BinaryExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *UnaryExpr) Pos() token.Pos      { return x.OpPos }
func (x *PostfixExpr) Pos() token.Pos    { return x.X.Pos() }
func (x *CallExpr) Pos() token.Pos       { return x.Fun.Pos() }
func (x *IndexExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *MemberExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *CastExpr) Pos() token.Pos       { return x.Lparen }
func (x *CompoundLit) Pos() token.Pos    { return x.Lparen }
func (x *SizeofExpr) Pos() token.Pos     { return x.Sizeof }
func (x *SizeofType) Pos() token.Pos     { return x.Sizeof }
func (x *UpcLocalsizeof) Pos() token.Pos { return x.OpPos }
func (x *UpcBlocksizeof) Pos() token.Pos { return x.OpPos }
func (x *UpcElemsizeof) Pos() token.Pos  { return x.OpPos }
func (x *CondExpr) Pos() token.Pos       { return x.Cond.Pos() }
func (x *AssignExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *CommaExpr) Pos() token.Pos      { return x.List[0].Pos() }
func (x *InitList) Pos() token.Pos       { return x.Lbrace }
func (x *VaArgExpr) Pos() token.Pos      { return x.Builtin }
func (x *OffsetofExpr) Pos() token.Pos   { return x.Builtin }
func (x *StmtExpr) Pos() token.Pos       { return x.Lparen }

func (d *FieldDesignator) Pos() token.Pos { return d.Dot }
func (d *IndexDesignator) Pos() token.Pos { return d.Lbrack }

func (*Ident) exprNode()          {}
func (*IntLit) exprNode()         {}
func (*FloatLit) exprNode()       {}
func (*CharLit) exprNode()        {}
func (*StringLit) exprNode()      {}
func (*BinaryExpr) exprNode()     {}
func (*UnaryExpr) exprNode()      {}
func (*PostfixExpr) exprNode()    {}
func (*CallExpr) exprNode()       {}
func (*IndexExpr) exprNode()      {}
func (*MemberExpr) exprNode()     {}
func (*CastExpr) exprNode()       {}
func (*CompoundLit) exprNode()    {}
func (*SizeofExpr) exprNode()     {}
func (*SizeofType) exprNode()     {}
func (*UpcLocalsizeof) exprNode() {}
func (*UpcBlocksizeof) exprNode() {}
func (*UpcElemsizeof) exprNode()  {}
func (*CondExpr) exprNode()       {}
func (*AssignExpr) exprNode()     {}
func (*CommaExpr) exprNode()      {}
func (*InitList) exprNode()       {}
func (*VaArgExpr) exprNode()      {}
func (*OffsetofExpr) exprNode()   {}
func (*StmtExpr) exprNode()       {}

func (*FieldDesignator) designatorNode() {}
func (*IndexDesignator) designatorNode() {}
