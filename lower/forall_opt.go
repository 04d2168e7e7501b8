package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// The loop-optimisation pass for upc_forall: this thread's blocks, and
// running local addresses.
//
// PlanForall (stmt.go) proves what a upc_forall (i = lo; cond; i++; &a[i])
// over a cyclic or block-cyclic array a lets the lowering do: run only
// this thread's iterations, and read and write a[i] — and x[i] of every
// array with a's block size — as direct local accesses. Left at that, a
// block-cyclic loop still calls upc.ForallNextBlocked on every iteration
// and every access recomputes its local address from i (two divisions
// and a reload of the base of C addresses after each store): a STREAM
// triad ran at 50-65 % of the same loop in C. OptimizeForall adds, when
// the condition bounds i by a loop-invariant value, the shape gcc gives
// an OpenMP loop with a static schedule: an outer loop over this thread's
// blocks, an inner loop over one block's elements with nothing in its
// header but the comparison and the steps, and a running local address
// for each x[i]:
//
//	end2 := int64(4194304 * THREADS)
//	last3 := max(int64(i), end2) // i after the loop, on every thread
//	from4 := upc.ForallStartBlocked(int64(i), 1048576, t.Threads, t.MyThread)
//	local1 := upc.ForallLocal(from4, 1048576, t.Threads)
//	mem := cmem.Base()
//	aAt := t.LocalAddr() + a + uintptr(local1)*8
//	for ; from4 < end2; from4 = upc.ForallNextBlock(from4, 1048576, t.Threads) {
//		i = int32(from4)
//		for to5 := int32(min(upc.ForallBlockEnd(from4, 1048576), end2)); i < to5; i, aAt = i+1, aAt+8 {
//			*cmem.At[float64](mem, aAt) = …
//		}
//	}
//	i = int32(last3)
//
// A thread's blocks lie one after another in its part of each array, so
// an address that reaches the end of a block is already at the start of
// the thread's next one. Over a cyclic array (or with affinity i) the
// loop is planForall's, stepping i by THREADS, with the running addresses
// stepped beside it.
//
// What the pass proves, besides planForall's conditions (i a local
// integer stepped by one, assigned by the init clause, changed by nothing
// in the body):
//
//   - the condition is i < E, i <= E, E > i or E >= i, with i a signed
//     int or long and E built by +, - and * from signed integer constants,
//     THREADS, MYTHREAD and locals of signed type whose address is never
//     taken and which the body does not assign: E keeps its value, so it
//     is evaluated once, and C compares i with it in a signed type at
//     least as wide as i's, which is the comparison in int64;
//   - no break leaves the loop (it would leave only the inner Go loop) and
//     no label is in the body (a goto could enter it past the addresses'
//     initialisation); continue goes to the inner loop's post statement,
//     which is the next iteration;
//   - an access x[i] gets a running address when x is a shared array that
//     localIndex (expr.go) reads as local — a static array of scalars with
//     the affinity's block size, the access not strict where it stands (a
//     "#pragma upc strict" in the body counts) — and is not redeclared in
//     the body. The element count per thread does not matter: element i of a
//     [B]-blocked array is local element (i/B/THREADS)*B + i%B of thread
//     (i/B)%THREADS whatever its length.
//
// Anything else keeps planForall's loop. The loop variable is still
// stepped and assigned, so every use of it in the body sees C's value;
// after the loop it holds the value it has after the loop in C, on every
// thread (UPC 1.3 §6.6.2: every thread evaluates the first three clauses
// as those of a for loop): the bound, or its first value when that is
// past the bound already. Inside an aggregated loop the pass does nothing
// (that body is emitted for both kinds of threads).
//
// The pass decides in C terms (a ForallLoopPlan: the bound, the arrays
// whose x[i] get running local addresses); emit (forall_opt_emit.go)
// names the temporaries and writes the loop.

// ForallLoopPlan is what OptimizeForall decided for one planned
// upc_forall: walk this thread's blocks up to bound, with a running local
// address for each of arrays.
type ForallLoopPlan struct {
	forall    *forallPlan // PlanForall's plan of the loop
	bound     ast.Expr    // E of the condition i < E or i <= E (or E > i, E >= i)
	inclusive bool        // i may equal bound
	// arrays are the shared arrays whose x[i] get a running local
	// address, in the order of their first access; uses says which
	// array's address each access reads.
	arrays []*symbol
	uses   map[*ast.IndexExpr]*symbol
}

// OptimizeForall is the loop-optimisation pass for the upc_forall loops
// of fn that PlanForall planned (forall), run after check: for each, how
// to walk this thread's blocks and which accesses get running local
// addresses, by loop statement. A loop is left out (it stays
// PlanForall's) when its condition is not a loop-invariant bound, its
// body is not one the pass can prove the addresses for, or it is, or
// stands in, a loop the aggregation pass transforms (agg). It reads the
// types and symbols check recorded in info.
func OptimizeForall(fn *ast.FuncDecl, info *Info, forall map[ast.Stmt]*forallPlan, agg map[ast.Stmt]*AggPlan) map[ast.Stmt]*ForallLoopPlan {
	plans := map[ast.Stmt]*ForallLoopPlan{}
	if fn.Body == nil {
		return plans
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok && agg[s] != nil {
			return false // emitted for both kinds of threads
		}
		if s, ok := n.(*ast.UpcForallStmt); ok && forall[s] != nil {
			if p := optimizeForall(info, forall[s], s.Cond, s.Body); p != nil {
				plans[s] = p
			}
		}
		return true
	})
	return plans
}

// optimizeForall is OptimizeForall for one loop that PlanForall planned.
func optimizeForall(info *Info, plan *forallPlan, cond ast.Expr, body ast.Stmt) *ForallLoopPlan {
	if body == nil {
		return nil
	}
	iv := plan.loopVar
	if !iv.typ.IsSigned() || iv.typ.Kind == ctype.Enum || iv.typ.Size() < 4 || iv.typ.Volatile || hasLabels(body) || breaksOut(body) {
		return nil
	}
	bound, inclusive := forallBound(cond, iv.name)
	if bound == nil {
		return nil
	}
	lo := &loopAnalysis{info: info, iv: iv, step: 1, body: body, cond: &ast.ExprStmt{X: cond}, invariant: map[string]bool{}}
	if c, ok := lo.linear(bound); !ok || c != 0 {
		return nil
	}
	if t := lo.valueType(bound); t == nil || !t.IsInteger() || !promotesSigned(t) {
		return nil
	}
	p := &ForallLoopPlan{forall: plan, bound: bound, inclusive: inclusive, uses: map[*ast.IndexExpr]*symbol{}}
	seen := map[*symbol]bool{}
	forallLocals(info, body, plan, func(ix *ast.IndexExpr, a *symbol) {
		if lo.redeclared(a.name) {
			return
		}
		if !seen[a] {
			seen[a] = true
			p.arrays = append(p.arrays, a)
		}
		p.uses[ix] = a
	})
	return p
}

// forallBound is E of a condition i < E, i <= E, E > i or E >= i on loop
// variable name, and whether i may equal it; nil for any other condition.
func forallBound(cond ast.Expr, name string) (bound ast.Expr, inclusive bool) {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	isIV := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && id.Name == name
	}
	switch {
	case (b.Op == "<" || b.Op == "<=") && isIV(b.X):
		return b.Y, b.Op == "<="
	case (b.Op == ">" || b.Op == ">=") && isIV(b.Y):
		return b.X, b.Op == ">="
	}
	return nil, false
}

// breaksOut reports whether a break in s leaves s itself: one not inside
// a loop or switch of s.
func breaksOut(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BreakStmt:
			found = true
		case *ast.ForStmt, *ast.WhileStmt, *ast.DoStmt, *ast.SwitchStmt, *ast.UpcForallStmt:
			return false // its breaks are its own
		}
		return !found
	})
	return found
}
