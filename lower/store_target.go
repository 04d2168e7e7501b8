package lower

import "github.com/upcgo/upcgo/parser/ast"

// storeTarget answers, for one node of a walk over C syntax, whether the
// node itself writes an lvalue, and which one: the left operand of an
// assignment (= or a compound op=), or the operand of ++ or -- (prefix or
// postfix). The walks that decide what a loop may change ask it of each
// node they visit (modifies, aggregation's privateWrites, and the loop
// pass's memoryStores, storesOrCalls, loadsInvariant and invariant
// members); a call, which may store anything, is each walk's own to judge.
func storeTarget(n ast.Node) (ast.Expr, bool) {
	switch n := n.(type) {
	case *ast.AssignExpr:
		return n.X, true
	case *ast.PostfixExpr:
		return n.X, true
	case *ast.UnaryExpr:
		if n.Op == "++" || n.Op == "--" {
			return n.X, true
		}
	}
	return nil, false
}
