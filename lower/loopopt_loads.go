package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// Two more shapes of subscript for the loop pass (loopopt.go), both found
// in NAS FT's block copies, x_ptr[k*d[1]*d[0] + j*d[0] + i_i] in a loop
// over i whose body first sets i_i = i + ii:
//
//   - Derived variables. A local the body sets, as its first mention and
//     only assignment, to an expression linear in the loop variable
//     (i_i = i + ii) holds that expression's value wherever the body reads
//     it afterwards: the pass reads a subscript's index with the
//     expression in place of the name (expand). The assignment stays, so
//     the variable's value after the loop is unchanged.
//   - Invariant integer loads. An element p[k] of a private pointer or
//     array with p and k invariant, or an integer variable in C memory (a
//     global, or a local whose address is taken), has the same value on
//     every iteration when the loop calls nothing, synchronises nothing,
//     touches no shared object and stores through memory only floating
//     values: by C's effective-type rules (C11 6.5p7) a store of a double
//     cannot change an int, as gcc -O2 (-fstrict-aliasing) assumes. Such a
//     load may then be part of a running address's invariant index, read
//     once before the loop.
//
// Reading memory before the loop must not read what the loop would not:
// a subscript with such a load is planned only when the body evaluates it
// on every path through its first iteration (anticipated: in a statement
// ahead of any branch, loop or jump of the body, outside &&, || and ?:),
// and the loop's set-up is then entered only when its condition, which
// must be free of side effects, holds (LoopPlan.guard): the loads happen
// exactly when the first iteration would have made them.

// derivedVars are the locals body sets from the loop variable before any
// other mention (derived variables above), with the expression each is
// set to.
func (lo *loopAnalysis) derivedVars() map[*symbol]ast.Expr {
	items := bodyItems(lo.body)
	derived := map[*symbol]ast.Expr{}
	for d, item := range items {
		es, ok := item.(*ast.ExprStmt)
		if !ok {
			continue
		}
		as, ok := es.X.(*ast.AssignExpr)
		if !ok || as.Op != "=" {
			continue
		}
		id, ok := as.X.(*ast.Ident)
		if !ok {
			continue
		}
		s := lo.info.use(id)
		if s == nil || s == lo.iv || s.kind != symVar || s.st != stLocal || s.inMem || !promotesSigned(s.typ) ||
			s.typ.Size() < 4 || lo.redeclared(id.Name) || derived[s] != nil {
			continue
		}
		// The value fits the variable: no truncation on the way in.
		t := lo.valueType(as.Y)
		if t == nil || !promotesSigned(t) || t.Size() > s.typ.Size() || namesIdent(as.Y, id.Name) {
			continue
		}
		if lo.cond != nil && namesIdent(lo.cond, id.Name) || modifiesElsewhere(items, d, id.Name) {
			continue
		}
		derived[s] = as.Y
	}
	return derived
}

// bodyItems is a loop body's statements in order.
func bodyItems(body ast.Stmt) []ast.Stmt {
	if c, ok := body.(*ast.CompoundStmt); ok {
		return c.Items
	}
	return []ast.Stmt{body}
}

// modifiesElsewhere reports whether a statement of items other than the
// d-th assigns name, or one before it mentions it.
func modifiesElsewhere(items []ast.Stmt, d int, name string) bool {
	for j, item := range items {
		switch {
		case j < d && namesIdent(item, name):
			return true
		case j > d && modifies(item, name):
			return true
		}
	}
	return false
}

// namesIdent reports whether n mentions the identifier name.
func namesIdent(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		if d, ok := n.(*ast.Decl); ok && d.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// expand is index e with each derived variable replaced by the expression
// the body sets it to (recursively: one may be set from another set
// before it); e itself when it names none.
func (lo *loopAnalysis) expand(e ast.Expr) ast.Expr {
	if len(lo.derived) == 0 {
		return e
	}
	switch x := e.(type) {
	case *ast.Ident:
		if def, ok := lo.derived[lo.info.use(x)]; ok && !lo.redeclared(x.Name) {
			return lo.expand(def)
		}
	case *ast.UnaryExpr:
		if y := lo.expand(x.X); y != x.X {
			c := *x
			c.X = y
			return &c
		}
	case *ast.BinaryExpr:
		l, r := lo.expand(x.X), lo.expand(x.Y)
		if l != x.X || r != x.Y {
			c := *x
			c.X, c.Y = l, r
			return &c
		}
	}
	return e
}

// loadsInvariant reports whether the loop lets integer loads be invariant
// (invariant integer loads above): no call, no synchronisation, no shared
// object, no store through memory of anything but a floating value, and a
// condition without side effects.
func (lo *loopAnalysis) loadsInvariant() bool {
	ok := true
	stores := func(x ast.Expr) bool {
		if lo.goVariable(x) {
			return false
		}
		t := lo.info.Types[x].Type
		return t == nil || !floatsOnly(t)
	}
	check := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.UpcSyncStmt, *ast.StmtExpr, *ast.VaArgExpr:
			ok = false
		case *ast.AssignExpr, *ast.PostfixExpr, *ast.UnaryExpr:
			// Judged by the store, not by the node's type: the operands
			// are visited, and typed, below it. (A unary operator other
			// than ++ and -- goes unjudged itself: *vp of a volatile int.)
			if x, isStore := storeTarget(n); isStore {
				ok = ok && !stores(x)
			}
		case ast.Expr:
			if t := lo.info.Types[n].Type; t != nil && (t.Shared || t.IsPtrToShared() || t.Volatile) {
				ok = false
			}
		}
		return ok
	}
	lo.inspect(check)
	if lo.cond != nil {
		ast.Inspect(lo.cond, func(n ast.Node) bool {
			if _, isStore := storeTarget(n); isStore {
				ok = false
			}
			return ok
		})
	}
	return ok
}

// floatsOnly reports whether an object of type t holds floating values
// only (a double, an array of them, a struct of complex numbers): storing
// one cannot change an integer or a pointer.
func floatsOnly(t *ctype.Type) bool {
	switch {
	case t.Volatile:
		return false
	case t.IsFloat():
		return true
	case t.Kind == ctype.Array:
		return floatsOnly(t.Elem)
	case (t.Kind == ctype.Struct || t.Kind == ctype.Union) && t.Rec != nil && t.Rec.Complete:
		for _, f := range t.Rec.Fields {
			if f.IsBitField || !floatsOnly(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// invariantPointer reports whether s, the pointer a subscript indexes, is
// a variable in memory the loop leaves unchanged (a global, or a local
// whose address is taken): under the conditions of invariant integer
// loads above, no store can change a pointer either. It notes that the
// subscript reads memory, when s is in C memory.
func (lo *loopAnalysis) invariantPointer(s *symbol) bool {
	if !lo.loads || s.st == stShared || s.typ.Volatile || s.st == stLocal && !s.inMem ||
		lo.redeclared(s.name) || modifies(lo.body, s.name) || lo.cond != nil && modifies(lo.cond, s.name) {
		return false
	}
	lo.loaded = lo.loaded || s.inMem
	return true
}

// invariantLoad reports whether e, in an index, is an integer load the
// loop leaves unchanged: p[k] of a private pointer or array, or a
// variable in C memory (invariant integer loads above). It notes that the
// index being analysed reads memory.
func (lo *loopAnalysis) invariantLoad(e ast.Expr) bool {
	if !lo.loads {
		return false
	}
	t := lo.valueType(e)
	if t == nil || !t.IsInteger() || !promotesSigned(t) || t.Shared {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		s := lo.info.use(e)
		if s == nil || s.kind != symVar || s.st == stShared || s.typ.Shared || s.typ.Volatile ||
			s.st == stLocal && !s.inMem || lo.redeclared(e.Name) ||
			modifies(lo.body, e.Name) || lo.cond != nil && modifies(lo.cond, e.Name) {
			return false
		}
		// A global whose address is never taken is a Go variable: reading
		// it early cannot fault, and only a call could change it.
		lo.loaded = lo.loaded || s.inMem
		return true
	case *ast.IndexExpr:
		p := lo.valueType(e.X)
		if p == nil || p.Kind != ctype.Ptr || p.IsPtrToShared() || p.Elem.Volatile || !lo.invariantBase(e.X) {
			return false
		}
		if c, ok := lo.linear(e.Index); !ok || c != 0 {
			return false
		}
	default:
		return false
	}
	lo.loaded = true
	return true
}

// anticipatedSubscripts are the subscripts body evaluates on every path
// through an iteration it enters: those of its leading expression
// statements and declarations, up to the first statement of another kind,
// outside the operands &&, || and ?: may skip and sizeof's.
func anticipatedSubscripts(body ast.Stmt) map[*ast.IndexExpr]bool {
	seen := map[*ast.IndexExpr]bool{}
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.IndexExpr:
			seen[e] = true
			walk(e.X)
			walk(e.Index)
		case *ast.BinaryExpr:
			walk(e.X)
			if e.Op != "&&" && e.Op != "||" {
				walk(e.Y)
			}
		case *ast.CondExpr:
			walk(e.Cond)
		case *ast.UnaryExpr:
			walk(e.X)
		case *ast.PostfixExpr:
			walk(e.X)
		case *ast.AssignExpr:
			walk(e.X)
			walk(e.Y)
		case *ast.MemberExpr:
			walk(e.X)
		case *ast.CastExpr:
			walk(e.X)
		case *ast.CommaExpr:
			for _, x := range e.List {
				walk(x)
			}
		}
	}
items:
	for _, item := range bodyItems(body) {
		switch s := item.(type) {
		case *ast.ExprStmt:
			walk(s.X)
			continue
		case *ast.DeclStmt:
			for _, d := range s.Decls {
				if d.Init != nil {
					walk(d.Init)
				}
			}
			continue
		case *ast.EmptyStmt:
			continue
		}
		break items
	}
	return seen
}
