package ast

import "github.com/upcgo/upcgo/parser/token"

// CompoundStmt is { Items }. Declarations and statements mix freely (C99).
type CompoundStmt struct {
	Lbrace token.Pos
	Items  []Stmt
	Rbrace token.Pos
	// Pragmas that stood inside these braces but not inside a nested block.
	Pragmas []*Pragma
}

// DeclStmt is a declaration inside a block or a for-loop header: one Decl
// per declarator.
type DeclStmt struct {
	Decls []*Decl
}

// ExprStmt is "X;".
type ExprStmt struct {
	X Expr
}

// EmptyStmt is the null statement ";".
type EmptyStmt struct {
	Semi token.Pos
}

// LabeledStmt is "Label: Stmt".
type LabeledStmt struct {
	LabelPos token.Pos
	Label    string
	Stmt     Stmt
}

// CaseStmt is "case Value: Stmt", or the GNU range "case Value ... High:".
type CaseStmt struct {
	Case  token.Pos
	Value Expr
	High  Expr
	Stmt  Stmt
}

// DefaultStmt is "default: Stmt".
type DefaultStmt struct {
	Default token.Pos
	Stmt    Stmt
}

// IfStmt is "if (Cond) Then else Else"; Else is nil without an else.
type IfStmt struct {
	If   token.Pos
	Cond Expr
	Then Stmt
	Else Stmt
}

// SwitchStmt is "switch (Tag) Body".
type SwitchStmt struct {
	Switch token.Pos
	Tag    Expr
	Body   Stmt
}

// WhileStmt is "while (Cond) Body".
type WhileStmt struct {
	While token.Pos
	Cond  Expr
	Body  Stmt
}

// DoStmt is "do Body while (Cond);".
type DoStmt struct {
	Do   token.Pos
	Body Stmt
	Cond Expr
}

// ForStmt is "for (Init Cond; Post) Body". Init is nil, an *ExprStmt or a
// *DeclStmt (whose scope is the loop); Cond and Post may be nil.
type ForStmt struct {
	For  token.Pos
	Init Stmt
	Cond Expr
	Post Expr
	Body Stmt
}

// GotoStmt is "goto Label;".
type GotoStmt struct {
	Goto     token.Pos
	LabelPos token.Pos
	Label    string
}

// BreakStmt is "break;".
type BreakStmt struct {
	Break token.Pos
}

// ContinueStmt is "continue;".
type ContinueStmt struct {
	Continue token.Pos
}

// ReturnStmt is "return X;"; X is nil in "return;".
type ReturnStmt struct {
	Return token.Pos
	X      Expr
}

// UpcForallStmt is "upc_forall (Init Cond; Post; Affinity) Body" (UPC 1.3
// §6.6.2). Init is as in ForStmt. The affinity is empty (Affinity nil,
// AffinityContinue false), the keyword continue (AffinityContinue), or an
// expression: an integer (thread number modulo THREADS) or a
// pointer-to-shared (the thread it has affinity to).
type UpcForallStmt struct {
	Forall           token.Pos
	Init             Stmt
	Cond             Expr
	Post             Expr
	Affinity         Expr
	AffinityContinue bool
	Body             Stmt
}

// SyncOp names a UPC synchronization statement.
type SyncOp uint8

const (
	UpcBarrier SyncOp = iota
	UpcNotify
	UpcWait
	UpcFence
)

var syncNames = [...]string{UpcBarrier: "upc_barrier", UpcNotify: "upc_notify", UpcWait: "upc_wait", UpcFence: "upc_fence"}

func (op SyncOp) String() string {
	if int(op) < len(syncNames) {
		return syncNames[op]
	}
	return "SyncOp(?)"
}

// UpcSyncStmt is "upc_barrier [Value];", "upc_notify [Value];",
// "upc_wait [Value];" or "upc_fence;" (UPC 1.3 §6.6.1). Value is nil when
// absent, and always for upc_fence.
type UpcSyncStmt struct {
	OpPos token.Pos
	Op    SyncOp
	Value Expr
}

func (s *CompoundStmt) Pos() token.Pos { return s.Lbrace }
func (s *DeclStmt) Pos() token.Pos {
	if len(s.Decls) == 0 {
		return token.Pos{}
	}
	return s.Decls[0].SpecPos
}
func (s *ExprStmt) Pos() token.Pos      { return s.X.Pos() }
func (s *EmptyStmt) Pos() token.Pos     { return s.Semi }
func (s *LabeledStmt) Pos() token.Pos   { return s.LabelPos }
func (s *CaseStmt) Pos() token.Pos      { return s.Case }
func (s *DefaultStmt) Pos() token.Pos   { return s.Default }
func (s *IfStmt) Pos() token.Pos        { return s.If }
func (s *SwitchStmt) Pos() token.Pos    { return s.Switch }
func (s *WhileStmt) Pos() token.Pos     { return s.While }
func (s *DoStmt) Pos() token.Pos        { return s.Do }
func (s *ForStmt) Pos() token.Pos       { return s.For }
func (s *GotoStmt) Pos() token.Pos      { return s.Goto }
func (s *BreakStmt) Pos() token.Pos     { return s.Break }
func (s *ContinueStmt) Pos() token.Pos  { return s.Continue }
func (s *ReturnStmt) Pos() token.Pos    { return s.Return }
func (s *UpcForallStmt) Pos() token.Pos { return s.Forall }
func (s *UpcSyncStmt) Pos() token.Pos   { return s.OpPos }

func (*CompoundStmt) stmtNode()  {}
func (*DeclStmt) stmtNode()      {}
func (*ExprStmt) stmtNode()      {}
func (*EmptyStmt) stmtNode()     {}
func (*LabeledStmt) stmtNode()   {}
func (*CaseStmt) stmtNode()      {}
func (*DefaultStmt) stmtNode()   {}
func (*IfStmt) stmtNode()        {}
func (*SwitchStmt) stmtNode()    {}
func (*WhileStmt) stmtNode()     {}
func (*DoStmt) stmtNode()        {}
func (*ForStmt) stmtNode()       {}
func (*GotoStmt) stmtNode()      {}
func (*BreakStmt) stmtNode()     {}
func (*ContinueStmt) stmtNode()  {}
func (*ReturnStmt) stmtNode()    {}
func (*UpcForallStmt) stmtNode() {}
func (*UpcSyncStmt) stmtNode()   {}
