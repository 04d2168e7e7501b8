package lower

import (
	"fmt"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// The loop-optimisation pass for upc_forall: this thread's blocks, and
// running local addresses.
//
// planForall (stmt.go) proves what a upc_forall (i = lo; cond; i++; &a[i])
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
//     the affinity's block size, not strict — and is not redeclared in the
//     body. The element count per thread does not matter: element i of a
//     [B]-blocked array is local element (i/B/THREADS)*B + i%B of thread
//     (i/B)%THREADS whatever its length.
//
// Anything else keeps planForall's loop. The loop variable is still
// stepped and assigned, so every use of it in the body sees C's value;
// after the loop it holds the value it has after the loop in C, on every
// thread (UPC 1.3 §6.6.2: every thread evaluates the first three clauses
// as those of a for loop): the bound, or its first value when that is
// past the bound already. Inside an aggregated loop the pass does nothing (that body is emitted
// for both kinds of threads).

// forallLoop is what OptimizeForall found for one upc_forall.
type forallLoop struct {
	plan *forallPlan
	end  string    // the bound the loop variable stops at, as int64 Go code
	addr *loopPlan // the running addresses, and what declares and steps them
	// local names the variable holding this thread's element number of
	// x[first iteration], from which the addresses start.
	local string
}

// OptimizeForall is the loop-optimisation pass for a upc_forall loop that
// planForall planned: it returns how to walk this thread's blocks and
// which accesses get running local addresses, or nil when the condition
// is not a loop-invariant bound or the body is not one it can prove them
// for (the loop then stays planForall's).
func (tr *translator) OptimizeForall(plan *forallPlan, cond ast.Expr, body ast.Stmt) *forallLoop {
	fn := tr.fn
	if plan == nil || fn == nil || body == nil || fn.aggregating.IsValid() {
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
	lo := &loopAnalysis{info: tr.info, iv: iv, step: 1, body: body, cond: &ast.ExprStmt{X: cond}, invariant: map[string]bool{}}
	if c, ok := lo.linear(bound); !ok || c != 0 {
		return nil
	}
	b := tr.value(bound)
	if b.invalid || !b.t.IsInteger() || !promotesSigned(b.t) {
		return nil
	}
	fl := &forallLoop{plan: plan, end: fmt.Sprintf("int64(%s)", b.code), addr: &loopPlan{iv: iv, step: 1, uses: map[*ast.IndexExpr]runningRef{}}}
	if inclusive {
		fl.end += " + 1"
	}
	byArray := map[*symbol]*runningAddr{}
	tr.forallLocals(body, plan, func(ix *ast.IndexExpr, name string, a *symbol) {
		if lo.redeclared(name) {
			return
		}
		r := byArray[a]
		if r == nil {
			if fl.local == "" {
				fl.local = tr.tmp("local")
			}
			size := a.typ.Elem.Size()
			r = &runningAddr{name: tr.freshLocal(name + "At"), init: fmt.Sprintf("t.LocalAddr() + %s + uintptr(%s)*%d", a.goName, fl.local, size), stride: size}
			byArray[a] = r
			fl.addr.addrs = append(fl.addr.addrs, r)
		}
		fl.addr.uses[ix] = runningRef{name: r.name}
	})
	return fl
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

// freshLocal is a Go name for a local of the function that no name in
// scope spells: a running address must not hide a global the body uses.
func (tr *translator) freshLocal(c string) string {
	for {
		g := tr.fn.goName(c)
		if tr.scope.lookup(g) == nil {
			return g
		}
	}
}

// emitForall writes the loop OptimizeForall planned: the init clause, the
// bound, this thread's first iteration and the running addresses from it,
// then the walk (over blocks and their elements, or cyclic), with body
// inside.
func (tr *translator) emitForall(fl *forallLoop, initCode string, body ast.Stmt) {
	fn := tr.fn
	plan, iv := fl.plan, fl.plan.loopVar
	i, it := iv.goName, goType(iv.typ)
	wideI := i
	asIV := func(code string) string { return code } // int64 code as the loop variable's type
	if it != "int64" {
		wideI = "int64(" + i + ")"
		asIV = func(code string) string { return it + "(" + code + ")" }
	}
	fn.stmt("{")
	if initCode != "" {
		fn.stmt(initCode)
	}
	end, last := tr.tmp("end"), tr.tmp("last")
	fn.stmt(fmt.Sprintf("%s := %s", end, fl.end))
	fn.stmt(fmt.Sprintf("%s := max(%s, %s) // %s after the loop, on every thread", last, wideI, end, iv.name))
	from := ""
	if plan.cyclic {
		fn.stmt(fmt.Sprintf("%s = %s", i, asIV(fmt.Sprintf("upc.ForallStart(%s, t.Threads, t.MyThread)", wideI))))
		if fl.local != "" {
			fn.stmt(fmt.Sprintf("%s := upc.ForallLocal(%s, 1, t.Threads) // x[%s] is this thread's element %s of a cyclic x", fl.local, wideI, iv.name, fl.local))
		}
	} else {
		from = tr.tmp("from")
		fn.stmt(fmt.Sprintf("%s := upc.ForallStartBlocked(%s, %d, t.Threads, t.MyThread)", from, wideI, plan.block))
		if fl.local != "" {
			fn.stmt(fmt.Sprintf("%s := upc.ForallLocal(%s, %d, t.Threads) // x[%s] is this thread's element %s of a [%d]-blocked x", fl.local, from, plan.block, from, fl.local, plan.block))
		}
	}
	if len(fl.addr.addrs) > 0 {
		fl.addr.declare(fn)
		defer fl.addr.done(fn)
	}
	if plan.cyclic {
		fn.stmt(fmt.Sprintf("for ; %s < %s; %s {", wideI, end, fl.addr.postBy(i+"+"+tr.threadsAs(iv.typ))))
	} else {
		to := tr.tmp("to")
		fn.stmt(fmt.Sprintf("for ; %s < %s; %s = upc.ForallNextBlock(%s, %d, t.Threads) {", from, end, from, from, plan.block))
		fn.stmt(fmt.Sprintf("%s = %s", i, asIV(from)))
		fn.stmt(fmt.Sprintf("for %s := %s; %s < %s; %s {", to, asIV(fmt.Sprintf("min(upc.ForallBlockEnd(%s, %d), %s)", from, plan.block, end)), i, to, fl.addr.post()))
	}
	fn.forall++
	fn.localIndex = append(fn.localIndex, localAccess{block: plan.block, index: iv})
	tr.loopBody(body)
	fn.localIndex = fn.localIndex[:len(fn.localIndex)-1]
	fn.forall--
	if !plan.cyclic {
		fn.stmt("}")
	}
	fn.stmt("}")
	fn.stmt(fmt.Sprintf("%s = %s", i, asIV(last)))
	fn.stmt("}")
}
