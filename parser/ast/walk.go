package ast

// Visitor's Visit is called for each node Walk reaches. If it returns a
// non-nil Visitor w, Walk visits the node's children with w, then calls
// w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses the tree rooted at node depth-first, children in source
// order, like go/ast.Walk. Types are walked too (array lengths and block
// sizes are expressions). Declarators of one declaration share their
// specifier nodes, so a shared *StructType is reached once per declarator.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	// Declarations.
	case *Decl:
		walkType(v, n.Type)
		walkExpr(v, n.Init)
	case *FuncDecl:
		if n.Type != nil {
			Walk(v, n.Type)
		}
		if n.Body != nil {
			Walk(v, n.Body)
		}
	case *Param:
		walkType(v, n.Type)
	case *Field:
		walkType(v, n.Type)
		walkExpr(v, n.BitWidth)
	case *Enumerator:
		walkExpr(v, n.Value)

	// Types.
	case *BasicType:
		walkQuals(v, n.Quals)
	case *PointerType:
		walkQuals(v, n.Quals)
		walkType(v, n.Elem)
	case *ArrayType:
		walkQuals(v, n.Quals)
		walkExpr(v, n.Len)
		walkType(v, n.Elem)
	case *FuncType:
		walkType(v, n.Result)
		for _, p := range n.Params {
			Walk(v, p)
		}
	case *StructType:
		walkQuals(v, n.Quals)
		for _, f := range n.Fields {
			Walk(v, f)
		}
	case *EnumType:
		walkQuals(v, n.Quals)
		for _, e := range n.Items {
			Walk(v, e)
		}
	case *TypedefName:
		walkQuals(v, n.Quals)

	// Expressions.
	case *Ident, *IntLit, *FloatLit, *CharLit, *StringLit:
	case *BinaryExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *UnaryExpr:
		Walk(v, n.X)
	case *PostfixExpr:
		Walk(v, n.X)
	case *CallExpr:
		Walk(v, n.Fun)
		for _, a := range n.Args {
			Walk(v, a)
		}
	case *IndexExpr:
		Walk(v, n.X)
		Walk(v, n.Index)
	case *MemberExpr:
		Walk(v, n.X)
	case *CastExpr:
		walkType(v, n.Type)
		Walk(v, n.X)
	case *CompoundLit:
		walkType(v, n.Type)
		Walk(v, n.Init)
	case *SizeofExpr:
		Walk(v, n.X)
	case *SizeofType:
		walkType(v, n.Type)
	case *UpcLocalsizeof:
		walkExpr(v, n.X)
		walkType(v, n.Type)
	case *UpcBlocksizeof:
		walkExpr(v, n.X)
		walkType(v, n.Type)
	case *UpcElemsizeof:
		walkExpr(v, n.X)
		walkType(v, n.Type)
	case *CondExpr:
		Walk(v, n.Cond)
		walkExpr(v, n.Then)
		Walk(v, n.Else)
	case *AssignExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *CommaExpr:
		for _, x := range n.List {
			Walk(v, x)
		}
	case *InitList:
		for _, e := range n.Elems {
			Walk(v, e)
		}
	case *InitElem:
		for _, d := range n.Designators {
			Walk(v, d)
		}
		Walk(v, n.Value)
	case *FieldDesignator:
	case *IndexDesignator:
		Walk(v, n.Index)
		walkExpr(v, n.High)
	case *VaArgExpr:
		Walk(v, n.Ap)
		walkType(v, n.Type)
	case *OffsetofExpr:
		walkType(v, n.Type)
		for _, d := range n.Member {
			Walk(v, d)
		}
	case *StmtExpr:
		Walk(v, n.Body)

	// Statements.
	case *CompoundStmt:
		for _, s := range n.Items {
			Walk(v, s)
		}
	case *DeclStmt:
		for _, d := range n.Decls {
			Walk(v, d)
		}
	case *ExprStmt:
		Walk(v, n.X)
	case *EmptyStmt, *GotoStmt, *BreakStmt, *ContinueStmt:
	case *LabeledStmt:
		Walk(v, n.Stmt)
	case *CaseStmt:
		Walk(v, n.Value)
		walkExpr(v, n.High)
		Walk(v, n.Stmt)
	case *DefaultStmt:
		Walk(v, n.Stmt)
	case *IfStmt:
		Walk(v, n.Cond)
		Walk(v, n.Then)
		walkStmt(v, n.Else)
	case *SwitchStmt:
		Walk(v, n.Tag)
		Walk(v, n.Body)
	case *WhileStmt:
		Walk(v, n.Cond)
		Walk(v, n.Body)
	case *DoStmt:
		Walk(v, n.Body)
		Walk(v, n.Cond)
	case *ForStmt:
		walkStmt(v, n.Init)
		walkExpr(v, n.Cond)
		walkExpr(v, n.Post)
		Walk(v, n.Body)
	case *ReturnStmt:
		walkExpr(v, n.X)
	case *UpcForallStmt:
		walkStmt(v, n.Init)
		walkExpr(v, n.Cond)
		walkExpr(v, n.Post)
		walkExpr(v, n.Affinity)
		Walk(v, n.Body)
	case *UpcSyncStmt:
		walkExpr(v, n.Value)
	}
	v.Visit(nil)
}

// The helpers skip optional children, which are nil interfaces.
func walkExpr(v Visitor, x Expr) {
	if x != nil {
		Walk(v, x)
	}
}

func walkStmt(v Visitor, s Stmt) {
	if s != nil {
		Walk(v, s)
	}
}

func walkType(v Visitor, t Type) {
	if t != nil {
		Walk(v, t)
	}
}

func walkQuals(v Visitor, q Quals) { walkExpr(v, q.Block) }

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect calls f for each node of the tree rooted at node, depth-first;
// when f returns false the node's children are skipped. After a node's
// children, f(nil) is called.
func Inspect(node Node, f func(Node) bool) { Walk(inspector(f), node) }

// InspectFile calls Inspect on each external declaration of f.
func InspectFile(f *File, fn func(Node) bool) {
	for _, d := range f.Decls {
		Inspect(d, fn)
	}
}
