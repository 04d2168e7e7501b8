package ast

import (
	"fmt"
	"io"
	"strings"
)

// Sprint formats a *File, Node, Type or *Pragma as a compact S-expression,
// for tests and debugging. The format, by example:
//
//	int x = 1;                  (decl x int 1)
//	static const char *s;       (decl static s (ptr const char))
//	int *(*a[3])[4];            (decl a (array 3 (ptr (array 4 (ptr int)))))
//	int (*fp)(int, char *c);    (decl fp (ptr (func int int c:(ptr char))))
//	int f(void), g();           (decl f (func int)) (decl g (oldfunc int))
//	shared [4] int *shared p;   (decl p (shared ptr shared[4] int))
//	typedef struct S {int a:3;} T;   (typedef T (struct S {a:int:3}))
//	a = b + c * d;              (= a (+ b (* c d)))
//	p->x++, (int)y;             (, (post++ (-> p x)) (cast int y))
//	{ if (x) return; }          {(if x (return))}
//	int v[] = {[2] = 1, .f = {3}};   (decl v (array [] int) {[2]=1 .f={3}})
//
// Qualifiers precede what they qualify; "_" marks an absent optional part;
// a File prints one external declaration per line.
func Sprint(x any) string {
	var p printer
	p.any(x)
	return p.String()
}

// Print writes Sprint(x) and a newline to w.
func Print(w io.Writer, x any) error {
	_, err := fmt.Fprintln(w, Sprint(x))
	return err
}

type printer struct{ strings.Builder }

func (p *printer) any(x any) {
	switch x := x.(type) {
	case *File:
		for i, pr := range x.Pragmas {
			if i > 0 {
				p.WriteByte('\n')
			}
			p.pragma(pr)
		}
		for i, d := range x.Decls {
			if i > 0 || len(x.Pragmas) > 0 {
				p.WriteByte('\n')
			}
			p.node(d)
		}
	case *Pragma:
		p.pragma(x)
	case Node:
		p.node(x)
	case nil:
		p.WriteString("_")
	default:
		fmt.Fprintf(p, "<%T>", x)
	}
}

func (p *printer) pragma(pr *Pragma) {
	p.WriteString("(pragma")
	for _, t := range pr.Tokens {
		p.WriteByte(' ')
		p.WriteString(t.Text)
	}
	fmt.Fprintf(p, " @%d)", pr.Item)
}

func (p *printer) node(n Node) {
	switch n := n.(type) {
	case nil:
		p.WriteString("_")
	case Type:
		p.typ(n)
	case Expr:
		p.expr(n)
	case Stmt:
		p.stmt(n)
	case *Decl:
		p.decl(n)
	case *FuncDecl:
		p.WriteString("(fundef ")
		if n.Storage != NoStorage {
			p.WriteString(n.Storage.String() + " ")
		}
		if n.Inline {
			p.WriteString("inline ")
		}
		p.WriteString(n.Name + " ")
		p.typ(n.Type)
		p.WriteByte(' ')
		p.stmt(n.Body)
		p.WriteByte(')')
	case *Param:
		p.param(n)
	case *Field:
		p.field(n)
	case *Enumerator:
		p.enumerator(n)
	case *InitElem:
		p.initElem(n)
	case Designator:
		p.designator(n)
	default:
		fmt.Fprintf(p, "<%T>", n)
	}
}

func (p *printer) decl(d *Decl) {
	head := "decl"
	if d.Storage == Typedef {
		head = "typedef"
	}
	p.WriteString("(" + head)
	if d.Storage != NoStorage && d.Storage != Typedef {
		p.WriteString(" " + d.Storage.String())
	}
	if d.Inline {
		p.WriteString(" inline")
	}
	if d.Name != "" {
		p.WriteString(" " + d.Name)
	}
	p.WriteByte(' ')
	p.typ(d.Type)
	if d.Init != nil {
		p.WriteByte(' ')
		p.expr(d.Init)
	}
	p.WriteByte(')')
}

func (p *printer) quals(q Quals) {
	if q.Const {
		p.WriteString("const ")
	}
	if q.Volatile {
		p.WriteString("volatile ")
	}
	if q.Restrict {
		p.WriteString("restrict ")
	}
	if q.Strict {
		p.WriteString("strict ")
	}
	if q.Relaxed {
		p.WriteString("relaxed ")
	}
	switch q.Layout {
	case SharedDefault:
		p.WriteString("shared ")
	case SharedBlock:
		p.WriteString("shared[")
		p.expr(q.Block)
		p.WriteString("] ")
	case SharedStar:
		p.WriteString("shared[*] ")
	case SharedIndefinite:
		p.WriteString("shared[] ")
	}
}

func (p *printer) typ(t Type) {
	switch t := t.(type) {
	case nil:
		p.WriteString("_")
	case *BasicType:
		p.quals(t.Quals)
		p.WriteString(t.Kind.String())
	case *TypedefName:
		p.quals(t.Quals)
		p.WriteString(t.Name)
	case *PointerType:
		p.WriteByte('(')
		p.quals(t.Quals)
		p.WriteString("ptr ")
		p.typ(t.Elem)
		p.WriteByte(')')
	case *ArrayType:
		p.WriteByte('(')
		p.quals(t.Quals)
		p.WriteString("array ")
		if t.Static {
			p.WriteString("static ")
		}
		switch {
		case t.Star:
			p.WriteString("*")
		case t.Len == nil:
			p.WriteString("[]")
		default:
			p.expr(t.Len)
		}
		p.WriteByte(' ')
		p.typ(t.Elem)
		p.WriteByte(')')
	case *FuncType:
		p.WriteByte('(')
		p.quals(t.Quals)
		if t.OldStyle {
			p.WriteString("oldfunc ")
		} else {
			p.WriteString("func ")
		}
		p.typ(t.Result)
		for _, prm := range t.Params {
			p.WriteByte(' ')
			p.param(prm)
		}
		if t.Variadic {
			p.WriteString(" ...")
		}
		p.WriteByte(')')
	case *StructType:
		p.WriteByte('(')
		p.quals(t.Quals)
		if t.Union {
			p.WriteString("union")
		} else {
			p.WriteString("struct")
		}
		if t.Tag != "" {
			p.WriteString(" " + t.Tag)
		}
		if t.HasBody {
			p.WriteString(" {")
			for i, f := range t.Fields {
				if i > 0 {
					p.WriteByte(' ')
				}
				p.field(f)
			}
			p.WriteByte('}')
		}
		p.WriteByte(')')
	case *EnumType:
		p.WriteByte('(')
		p.quals(t.Quals)
		p.WriteString("enum")
		if t.Tag != "" {
			p.WriteString(" " + t.Tag)
		}
		if t.HasBody {
			p.WriteString(" {")
			for i, e := range t.Items {
				if i > 0 {
					p.WriteByte(' ')
				}
				p.enumerator(e)
			}
			p.WriteByte('}')
		}
		p.WriteByte(')')
	default:
		fmt.Fprintf(p, "<%T>", t)
	}
}

func (p *printer) param(prm *Param) {
	if prm.Storage != NoStorage {
		p.WriteString(prm.Storage.String() + " ")
	}
	if prm.Name != "" {
		p.WriteString(prm.Name + ":")
	}
	p.typ(prm.Type)
}

func (p *printer) field(f *Field) {
	switch {
	case f.Name != "":
		p.WriteString(f.Name + ":")
	case f.BitWidth != nil:
		p.WriteString("_:") // unnamed bit-field
	}
	p.typ(f.Type)
	if f.BitWidth != nil {
		p.WriteByte(':')
		p.expr(f.BitWidth)
	}
}

func (p *printer) enumerator(e *Enumerator) {
	p.WriteString(e.Name)
	if e.Value != nil {
		p.WriteByte('=')
		p.expr(e.Value)
	}
}

func (p *printer) exprs(head string, xs ...Expr) {
	p.WriteByte('(')
	p.WriteString(head)
	for _, x := range xs {
		p.WriteByte(' ')
		p.expr(x)
	}
	p.WriteByte(')')
}

// sizeofLike prints the operand of sizeof-like operators: an expression,
// or a type marked by the "-type" suffix on the head.
func (p *printer) sizeofLike(head string, x Expr, t Type) {
	if t != nil {
		p.WriteString("(" + head + "-type ")
		p.typ(t)
		p.WriteByte(')')
		return
	}
	p.exprs(head, x)
}

func (p *printer) expr(x Expr) {
	switch x := x.(type) {
	case nil:
		p.WriteString("_")
	case *Ident:
		p.WriteString(x.Name)
	case *IntLit:
		p.WriteString(x.Raw)
	case *FloatLit:
		p.WriteString(x.Raw)
	case *CharLit:
		p.WriteString(x.Raw)
	case *StringLit:
		if len(x.Pieces) == 1 {
			p.WriteString(x.Pieces[0])
			return
		}
		p.WriteString("(str")
		for _, s := range x.Pieces {
			p.WriteString(" " + s)
		}
		p.WriteByte(')')
	case *BinaryExpr:
		p.exprs(x.Op, x.X, x.Y)
	case *UnaryExpr:
		op := x.Op
		if op == "++" || op == "--" {
			op = "pre" + op
		}
		p.exprs(op, x.X)
	case *PostfixExpr:
		p.exprs("post"+x.Op, x.X)
	case *CallExpr:
		p.exprs("call", append([]Expr{x.Fun}, x.Args...)...)
	case *IndexExpr:
		p.exprs("index", x.X, x.Index)
	case *MemberExpr:
		op := "."
		if x.Arrow {
			op = "->"
		}
		p.WriteString("(" + op + " ")
		p.expr(x.X)
		p.WriteString(" " + x.Name + ")")
	case *CastExpr:
		p.WriteString("(cast ")
		p.typ(x.Type)
		p.WriteByte(' ')
		p.expr(x.X)
		p.WriteByte(')')
	case *CompoundLit:
		p.WriteString("(complit ")
		p.typ(x.Type)
		p.WriteByte(' ')
		p.expr(x.Init)
		p.WriteByte(')')
	case *SizeofExpr:
		p.exprs("sizeof", x.X)
	case *SizeofType:
		p.sizeofLike("sizeof", nil, x.Type)
	case *UpcLocalsizeof:
		p.sizeofLike("upc_localsizeof", x.X, x.Type)
	case *UpcBlocksizeof:
		p.sizeofLike("upc_blocksizeof", x.X, x.Type)
	case *UpcElemsizeof:
		p.sizeofLike("upc_elemsizeof", x.X, x.Type)
	case *CondExpr:
		p.exprs("?", x.Cond, x.Then, x.Else)
	case *AssignExpr:
		p.exprs(x.Op, x.X, x.Y)
	case *CommaExpr:
		p.exprs(",", x.List...)
	case *InitList:
		p.WriteByte('{')
		for i, e := range x.Elems {
			if i > 0 {
				p.WriteByte(' ')
			}
			p.initElem(e)
		}
		p.WriteByte('}')
	case *VaArgExpr:
		p.WriteString("(va_arg ")
		p.expr(x.Ap)
		p.WriteByte(' ')
		p.typ(x.Type)
		p.WriteByte(')')
	case *OffsetofExpr:
		p.WriteString("(offsetof ")
		p.typ(x.Type)
		p.WriteByte(' ')
		for _, d := range x.Member {
			p.designator(d)
		}
		p.WriteByte(')')
	case *StmtExpr:
		p.WriteString("(stmtexpr ")
		p.stmt(x.Body)
		p.WriteByte(')')
	default:
		fmt.Fprintf(p, "<%T>", x)
	}
}

func (p *printer) initElem(e *InitElem) {
	for _, d := range e.Designators {
		p.designator(d)
	}
	if len(e.Designators) > 0 {
		p.WriteByte('=')
	}
	p.expr(e.Value)
}

func (p *printer) designator(d Designator) {
	switch d := d.(type) {
	case *FieldDesignator:
		p.WriteString("." + d.Name)
	case *IndexDesignator:
		p.WriteByte('[')
		p.expr(d.Index)
		if d.High != nil {
			p.WriteString("...")
			p.expr(d.High)
		}
		p.WriteByte(']')
	}
}

func (p *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case nil:
		p.WriteString("_")
	case *CompoundStmt:
		p.WriteByte('{')
		sep := ""
		for _, pr := range s.Pragmas {
			p.WriteString(sep)
			p.pragma(pr)
			sep = " "
		}
		for _, it := range s.Items {
			p.WriteString(sep)
			p.stmt(it)
			sep = " "
		}
		p.WriteByte('}')
	case *DeclStmt:
		for i, d := range s.Decls {
			if i > 0 {
				p.WriteByte(' ')
			}
			p.decl(d)
		}
	case *ExprStmt:
		p.expr(s.X)
	case *EmptyStmt:
		p.WriteString(";")
	case *LabeledStmt:
		p.WriteString("(label " + s.Label + " ")
		p.stmt(s.Stmt)
		p.WriteByte(')')
	case *CaseStmt:
		p.WriteString("(case ")
		p.expr(s.Value)
		if s.High != nil {
			p.WriteString("...")
			p.expr(s.High)
		}
		p.WriteByte(' ')
		p.stmt(s.Stmt)
		p.WriteByte(')')
	case *DefaultStmt:
		p.WriteString("(default ")
		p.stmt(s.Stmt)
		p.WriteByte(')')
	case *IfStmt:
		p.WriteString("(if ")
		p.expr(s.Cond)
		p.WriteByte(' ')
		p.stmt(s.Then)
		if s.Else != nil {
			p.WriteByte(' ')
			p.stmt(s.Else)
		}
		p.WriteByte(')')
	case *SwitchStmt:
		p.WriteString("(switch ")
		p.expr(s.Tag)
		p.WriteByte(' ')
		p.stmt(s.Body)
		p.WriteByte(')')
	case *WhileStmt:
		p.WriteString("(while ")
		p.expr(s.Cond)
		p.WriteByte(' ')
		p.stmt(s.Body)
		p.WriteByte(')')
	case *DoStmt:
		p.WriteString("(do ")
		p.stmt(s.Body)
		p.WriteByte(' ')
		p.expr(s.Cond)
		p.WriteByte(')')
	case *ForStmt:
		p.WriteString("(for ")
		p.forInit(s.Init)
		p.WriteByte(' ')
		p.expr(s.Cond)
		p.WriteByte(' ')
		p.expr(s.Post)
		p.WriteByte(' ')
		p.stmt(s.Body)
		p.WriteByte(')')
	case *GotoStmt:
		p.WriteString("(goto " + s.Label + ")")
	case *BreakStmt:
		p.WriteString("(break)")
	case *ContinueStmt:
		p.WriteString("(continue)")
	case *ReturnStmt:
		if s.X == nil {
			p.WriteString("(return)")
			return
		}
		p.exprs("return", s.X)
	case *UpcForallStmt:
		p.WriteString("(upc_forall ")
		p.forInit(s.Init)
		p.WriteByte(' ')
		p.expr(s.Cond)
		p.WriteByte(' ')
		p.expr(s.Post)
		p.WriteByte(' ')
		if s.AffinityContinue {
			p.WriteString("continue")
		} else {
			p.expr(s.Affinity)
		}
		p.WriteByte(' ')
		p.stmt(s.Body)
		p.WriteByte(')')
	case *UpcSyncStmt:
		if s.Value == nil {
			p.WriteString("(" + s.Op.String() + ")")
			return
		}
		p.exprs(s.Op.String(), s.Value)
	default:
		fmt.Fprintf(p, "<%T>", s)
	}
}

// forInit prints a for-loop's first clause: "_", an expression, or a
// parenthesised list of declarations.
func (p *printer) forInit(s Stmt) {
	switch s := s.(type) {
	case nil:
		p.WriteString("_")
	case *ExprStmt:
		p.expr(s.X)
	default:
		p.WriteByte('(')
		p.stmt(s)
		p.WriteByte(')')
	}
}
