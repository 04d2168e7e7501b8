package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// Invariant members of local structs, for the loop pass (loopopt.go): NAS
// FT's fftz2 reads u1.real and u1.imag, a local complex number, in its
// innermost loop, where each read is a load from the C stack after the
// stores to y. gcc keeps them in registers: no pointer to u1 exists, so no
// store through a pointer or call can change it. The pass does the same:
// a member s.f of scalar type, of a local struct s whose address the
// function never takes (sealedStructs), read in a loop that assigns no
// part of s, is read once before the loop into a Go variable
// (LoopPlan.reads), by the outermost loop planned where it is invariant.
// The read cannot fault (s is in the function's frame), so it needs no
// guard: when the loop does not run, the value goes unused.

// sealedStructs are the local structs of fn no pointer can reach: each
// mention is the left operand of a member access (not of an array member,
// which would decay to a pointer into the struct, and not under &), a side
// of a plain assignment, a call's argument or an initialiser (copies).
func sealedStructs(fn *ast.FuncDecl, info *Info) map[*symbol]bool {
	sealed := map[*symbol]bool{}
	escaped := map[*symbol]bool{}
	copied := map[*ast.Ident]bool{} // mentions that copy the whole struct
	local := func(e ast.Expr) *symbol {
		id, ok := e.(*ast.Ident)
		if !ok {
			return nil
		}
		s := info.use(id)
		if s == nil || s.kind != symVar || s.st != stLocal || s.typ.Kind != ctype.Struct || s.typ.Volatile || s.typ.Shared {
			return nil
		}
		return s
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignExpr:
			if n.Op == "=" {
				for _, side := range []ast.Expr{n.X, n.Y} {
					if id, ok := side.(*ast.Ident); ok {
						copied[id] = true
					}
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if id, ok := a.(*ast.Ident); ok {
					copied[id] = true
				}
			}
		case *ast.Decl:
			if id, ok := n.Init.(*ast.Ident); ok {
				copied[id] = true
			}
		case *ast.UnaryExpr:
			if n.Op == "&" {
				x := n.X
				for {
					m, ok := x.(*ast.MemberExpr)
					if !ok || m.Arrow {
						break
					}
					x = m.X
				}
				if s := local(x); s != nil {
					escaped[s] = true
				}
			}
		case *ast.MemberExpr:
			if s := local(n.X); s != nil && !n.Arrow {
				if t := info.Types[n].Type; t == nil || t.Kind == ctype.Array {
					escaped[s] = true
				}
				sealed[s] = true
				return false // the struct's name here is a member access
			}
		case *ast.Ident:
			if s := local(n); s != nil {
				sealed[s] = true
				if !copied[n] {
					escaped[s] = true
				}
			}
		}
		return true
	})
	for s := range escaped {
		delete(sealed, s)
	}
	return sealed
}

// invariantReads are the members of sealed structs the loop reads and
// never assigns (see above), not claimed by an enclosing loop.
func (lo *loopAnalysis) invariantReads(sealed map[*symbol]bool, claimed map[ast.Expr]bool) []ast.Expr {
	var reads []ast.Expr
	assigned := map[*symbol]bool{}
	target := func(x ast.Expr) {
		for {
			switch e := x.(type) {
			case *ast.MemberExpr:
				if e.Arrow {
					return
				}
				x = e.X
				continue
			case *ast.Ident:
				if s := lo.info.use(e); s != nil {
					assigned[s] = true
				}
			}
			return
		}
	}
	walk := func(n ast.Node) bool {
		if x, ok := storeTarget(n); ok {
			target(x)
		}
		return true
	}
	lo.inspect(walk)
	collect := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SizeofExpr:
			return false // not evaluated: a Go variable would go unused
		case *ast.MemberExpr:
			id, ok := n.X.(*ast.Ident)
			if !ok || n.Arrow || claimed[n] || lo.redeclared(id.Name) {
				return true
			}
			s := lo.info.use(id)
			t := lo.info.Types[n].Type
			if sealed[s] && !assigned[s] && t != nil && t.IsArith() && !t.Volatile {
				reads = append(reads, n)
			}
			return false
		}
		return true
	}
	lo.inspect(collect)
	return reads
}
