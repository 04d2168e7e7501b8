package lower

import "github.com/upcgo/upcgo/parser/ast"

// deadAfter reports whether the loop variable iv of loop, declared
// outside it (C89 style: int i, j, k; at the top of the function), is
// dead once the loop ends, so that the loop may count on a running address
// and leave the variable unstepped (LoopPlan.trips), as it does for a
// variable its init clause declares. It is when the function has no
// labels (a goto could reach a read by another way) and every other
// mention of iv is inside a for loop that does not contain this one, has
// no case label in its body (a switch could enter it past its init) and
// whose init clause assigns iv first, from an expression not mentioning
// it: every read then follows that assignment (NAS MG's resid, FT's
// fftz2: for (i1 = 0; ...) after for (i1 = 1; ...)).
func deadAfter(fn *ast.FuncDecl, info *Info, loop ast.Stmt, iv *symbol) bool {
	if hasLabels(fn.Body) {
		return false
	}
	dead := true
	walk := func(n ast.Node) bool {
		if !dead {
			return false
		}
		switch n := n.(type) {
		case *ast.ForStmt:
			if n == loop {
				return false // its own mentions: the pass accounts for them
			}
			if reassigns(info, n.Init, iv) && !contains(n, loop) && !hasCaseLabels(n.Body) {
				return false // every mention follows the init's assignment
			}
		case *ast.UpcForallStmt:
			if n == loop {
				return false
			}
		case *ast.Ident:
			if info.use(n) == iv {
				dead = false
			}
		}
		return true
	}
	ast.Inspect(fn.Body, walk)
	return dead
}

// reassigns reports whether init, a for loop's init clause, is iv = e with
// e not mentioning iv.
func reassigns(info *Info, init ast.Stmt, iv *symbol) bool {
	es, ok := init.(*ast.ExprStmt)
	if !ok {
		return false
	}
	as, ok := es.X.(*ast.AssignExpr)
	if !ok || as.Op != "=" {
		return false
	}
	id, ok := as.X.(*ast.Ident)
	if !ok || info.use(id) != iv {
		return false
	}
	mentioned := false
	ast.Inspect(as.Y, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.use(id) == iv {
			mentioned = true
		}
		return !mentioned
	})
	return !mentioned
}

// hasCaseLabels reports whether s holds a case or default label.
func hasCaseLabels(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.CaseStmt, *ast.DefaultStmt:
			found = true
		}
		return !found
	})
	return found
}

// contains reports whether s holds the statement inner.
func contains(s ast.Stmt, inner ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		found = found || n == inner
		return !found
	})
	return found
}
