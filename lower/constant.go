package lower

// Constant expressions are folded here, over the AST, since an enumerator,
// a sizeof or an offsetof needs the translator's scopes and types; the
// values and their arithmetic in C's types are ctype.Const's.

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// constInt evaluates an integer constant expression, reporting an error
// if e is not one.
func (tr *translator) constInt(e ast.Expr) (int64, bool) {
	c, ok := tr.constEval(e)
	if !ok {
		tr.errorf(e.Pos(), "expression is not an integer constant expression")
		return 0, false
	}
	if c.IsFloat() {
		tr.errorf(e.Pos(), "expression is not an integer constant expression")
		return 0, false
	}
	return c.Int, true
}

// constEval folds e if it is a constant expression (integer or floating),
// without reporting errors.
func (tr *translator) constEval(e ast.Expr) (ctype.Const, bool) {
	switch e := e.(type) {
	case *ast.IntLit:
		return ctype.ParseIntLit(e.Raw)
	case *ast.FloatLit:
		return ctype.ParseFloatLit(e.Raw)
	case *ast.CharLit:
		v, ok := ctype.CharValue(e.Raw)
		return ctype.Const{Type: ctype.IntType, Int: v}, ok
	case *ast.Ident:
		if s := tr.lookupIdent(e); s != nil && s.kind == symEnumConst {
			return ctype.Const{Type: ctype.IntType, Int: s.val}, true
		}
		if e.Name == "THREADS" && tr.cfg.StaticThreads > 0 {
			return ctype.Const{Type: ctype.IntType, Int: int64(tr.cfg.StaticThreads)}, true
		}
	case *ast.SizeofType:
		t := tr.resolveType(e.Type)
		if t.DependsOnTHREADS() || t.Size() < 0 {
			return ctype.Const{}, false
		}
		return ctype.Const{Type: ctype.SizeT, Int: t.Size()}, true
	case *ast.SizeofExpr:
		t := tr.typeOfExpr(e.X)
		if t == nil || t.DependsOnTHREADS() || t.Size() < 0 {
			return ctype.Const{}, false
		}
		return ctype.Const{Type: ctype.SizeT, Int: t.Size()}, true
	case *ast.CastExpr:
		t := tr.resolveType(e.Type)
		c, ok := tr.constEval(e.X)
		if !ok || !t.IsArith() {
			return ctype.Const{}, false
		}
		return ctype.ConvertConst(c, t), true
	case *ast.UnaryExpr:
		c, ok := tr.constEval(e.X)
		if !ok {
			return ctype.Const{}, false
		}
		return ctype.UnaryConst(e.Op, c)
	case *ast.BinaryExpr:
		x, ok1 := tr.constEval(e.X)
		if !ok1 {
			return ctype.Const{}, false
		}
		if e.Op == "&&" || e.Op == "||" {
			if e.Op == "&&" && !x.Truth() {
				return ctype.Const{Type: ctype.IntType, Int: 0}, true
			}
			if e.Op == "||" && x.Truth() {
				return ctype.Const{Type: ctype.IntType, Int: 1}, true
			}
			y, ok := tr.constEval(e.Y)
			if !ok {
				return ctype.Const{}, false
			}
			return ctype.BoolConst(y.Truth()), true
		}
		y, ok2 := tr.constEval(e.Y)
		if !ok2 {
			return ctype.Const{}, false
		}
		return ctype.BinaryConst(e.Op, x, y)
	case *ast.CondExpr:
		c, ok := tr.constEval(e.Cond)
		if !ok {
			return ctype.Const{}, false
		}
		a, ok1 := c, true // GNU "c ?: b"
		if e.Then != nil {
			a, ok1 = tr.constEval(e.Then)
		}
		b, ok2 := tr.constEval(e.Else)
		if !ok1 || !ok2 {
			return ctype.Const{}, false
		}
		t := ctype.UsualArith(a.Type, b.Type)
		if c.Truth() {
			return ctype.ConvertConst(a, t), true
		}
		return ctype.ConvertConst(b, t), true
	case *ast.UpcBlocksizeof, *ast.UpcElemsizeof, *ast.UpcLocalsizeof:
		return tr.upcSizeofConst(e)
	case *ast.OffsetofExpr:
		t := tr.resolveType(e.Type)
		off, _, ok := tr.offsetof(t, e.Member, false)
		return ctype.Const{Type: ctype.SizeT, Int: off}, ok
	}
	return ctype.Const{}, false
}
