package lower

import (
	"fmt"
	"strconv"

	"github.com/upcgo/upcgo/parser/ast"
)

// emitAggregated writes a loop the analysis accepted. The shape, for
// "for (i = a; cond; i++) body" with aggregated accesses A1..An:
//
//	{
//		i = a
//		for cond {                      // one strip per pass
//			i0, n := i, 0
//			for ; n < strip && cond; i++ {  // the header alone: list the elements
//				ptrsK = append(ptrsK, &Ak)  (upc_forall: only iterations with affinity)
//				n++
//			}
//			i = i0
//			bufK := private buffer of len(ptrsK) elements; t.AggGet(bufK, ptrsK) for reads
//			for j := 0; j < n; j++ {        // the loop, Ak replaced by bufK[k]
//				body; k++
//				i++
//			}
//			t.AggPut(ptrsK, bufK) for stores; free the buffers
//		}
//	}
//
// The body has no break, continue, goto or return (the analysis checked),
// so running the post clause at its end is the C loop's order. The
// condition, post clause and affinity are side-effect free, so evaluating
// them again in the header-only loop changes nothing.
func (tr *translator) emitAggregated(plan *aggPlan, initCode string, cond, post, aff ast.Expr, body ast.Stmt) {
	fn := tr.fn
	i := plan.loopVar
	fn.stmt("{")
	if initCode != "" {
		fn.stmt(initCode)
	}
	condCode := tr.cond(cond)
	postCode := tr.postStmt(post)
	affCode, local := "", ""
	if fp := plan.forall; fp != nil {
		// As forStmt does: visit this thread's iterations only, counting
		// its elements of the arrays the affinity makes local.
		g, gt := i.goName, i.typ.goType()
		local = tr.tmp("local")
		if fp.cyclic {
			fn.stmt(fmt.Sprintf("%s = %s(upc.ForallStart(int64(%s), t.Threads, t.MyThread))", g, gt, g))
			fn.stmt(fmt.Sprintf("%s := uintptr(%s) / uintptr(t.Threads)", local, g))
			postCode = fmt.Sprintf("%s, %s = %s+%s(t.Threads), %s+1", g, local, g, gt, local)
		} else {
			b := fp.block
			fn.stmt(fmt.Sprintf("%s = %s(upc.ForallStartBlocked(int64(%s), %d, t.Threads, t.MyThread))", g, gt, g, b))
			fn.stmt(fmt.Sprintf("%s := uintptr(%s)/%d/uintptr(t.Threads)*%d + uintptr(%s)%%%d", local, g, b, b, g, b))
			postCode = fmt.Sprintf("%s, %s = %s(upc.ForallNextBlocked(int64(%s), %d, t.Threads)), %s+1", g, local, gt, g, b, local)
		}
	} else if aff != nil && fn.forall == 0 {
		a := tr.value(aff)
		switch {
		case a.t.IsPtrToShared():
			affCode = fmt.Sprintf("int(%s.Thread) == t.MyThread", paren(a.code))
		case a.t.IsInteger():
			affCode = fmt.Sprintf("upc.ForallOwner(int64(%s), t.Threads) == t.MyThread", tr.conv(a, tLong))
		default:
			tr.errorf(aff.Pos(), "upc_forall affinity must be an integer or a pointer-to-shared, not '%s'", a.t)
		}
	}
	limit := tr.cfg.Aggregate.Limit
	if limit <= 0 {
		limit = DefaultAggregateLimit
	}
	var perIter int64
	for _, a := range plan.accesses {
		perIter += a.elem.Size()
	}
	strip := max(limit/max(perIter, 1), 1)

	type emitted struct {
		a         *aggAccess
		ptrs, buf string
		size      string
	}
	acc := make([]emitted, len(plan.accesses))
	for k, a := range plan.accesses {
		acc[k] = emitted{a: a, ptrs: tr.tmp("aggPtrs"), buf: tr.tmp("aggBuf"), size: strconv.FormatInt(a.elem.Size(), 10)}
		fn.stmt(fmt.Sprintf("%s := make([]upc.SharedPtr, 0, %d)", acc[k].ptrs, min(strip, 4096)))
	}
	fn.stmt(fmt.Sprintf("for %s {", condCode))
	save, n := tr.tmp("aggFrom"), tr.tmp("aggN")
	fn.stmt(fmt.Sprintf("%s, %s := %s, 0", save, n, i.goName))
	saveLocal := tr.tmp("aggLocal")
	if local != "" {
		fn.stmt(fmt.Sprintf("%s := %s", saveLocal, local))
	}
	for _, e := range acc {
		fn.stmt(fmt.Sprintf("%s = %s[:0]", e.ptrs, e.ptrs))
	}
	fn.stmt(fmt.Sprintf("for ; %s < %d && %s; %s {", n, strip, operandOf(condCode, goPrec("&&"), true), postCode))
	if affCode != "" {
		fn.stmt("if " + affCode + " {")
	}
	for _, e := range acc {
		p := tr.value(&ast.UnaryExpr{OpPos: e.a.ix.Lbrack, Op: "&", X: e.a.ix})
		fn.stmt(fmt.Sprintf("%s = append(%s, %s)", e.ptrs, e.ptrs, p.code))
	}
	if affCode != "" {
		fn.stmt("}")
	}
	fn.stmt(n + "++")
	fn.stmt("}")
	fn.stmt(fmt.Sprintf("%s = %s", i.goName, save))
	if local != "" {
		fn.stmt(fmt.Sprintf("%s = %s", local, saveLocal))
	}
	for _, e := range acc {
		bytes := fmt.Sprintf("uintptr(len(%s))*%s", e.ptrs, e.size)
		fn.stmt(fmt.Sprintf("%s := cmem.Malloc(%s)", e.buf, bytes))
		if e.a.read {
			fn.stmtAt(e.a.ix.Pos(), fmt.Sprintf("t.AggGet(cmem.Bytes(%s, %s), %s, %s)", e.buf, bytes, e.ptrs, e.size))
		}
	}
	k, j := tr.tmp("aggK"), tr.tmp("aggI")
	fn.stmt("var " + k + " int64")
	fn.stmt(fmt.Sprintf("for %s := 0; %s < %s; %s++ {", j, j, n, j))
	if affCode != "" {
		fn.stmt("if " + affCode + " {")
	}

	// The body, each aggregated access read through its buffer: the
	// access's node is pointed at names only this scope declares.
	tr.pushScope()
	kSym := &symbol{name: "\x00aggK", goName: k, kind: symVar, typ: tLong, st: stLocal, defined: true, used: true}
	tr.scope.insert(kSym)
	type saved struct{ x, index ast.Expr }
	restore := make([]saved, len(acc))
	for m, e := range acc {
		name := "\x00" + e.buf
		tr.scope.insert(&symbol{name: name, goName: e.buf, kind: symVar, typ: pointerTo(e.a.elem), st: stLocal, defined: true, used: true})
		restore[m] = saved{e.a.ix.X, e.a.ix.Index}
		e.a.ix.X = &ast.Ident{NamePos: e.a.ix.Lbrack, Name: name}
		e.a.ix.Index = &ast.Ident{NamePos: e.a.ix.Lbrack, Name: kSym.name}
	}
	controlling := aff != nil && fn.forall == 0 // as in forStmt
	if controlling {
		fn.forall++
	}
	if plan.forall != nil {
		fn.localIndex = append(fn.localIndex, localAccess{block: plan.forall.block, index: i, localVar: local})
	}
	tr.loopBody(body)
	if plan.forall != nil {
		fn.localIndex = fn.localIndex[:len(fn.localIndex)-1]
	}
	if controlling {
		fn.forall--
	}
	for m, e := range acc {
		e.a.ix.X, e.a.ix.Index = restore[m].x, restore[m].index
	}
	tr.popScope()

	fn.stmt(k + "++")
	if affCode != "" {
		fn.stmt("}")
	}
	fn.stmt(postCode)
	fn.stmt("}")
	for _, e := range acc {
		if e.a.write {
			fn.stmtAt(e.a.ix.Pos(), fmt.Sprintf("t.AggPut(%s, cmem.Bytes(%s, uintptr(len(%s))*%s), %s)", e.ptrs, e.buf, e.ptrs, e.size, e.size))
		}
		fn.stmt(fmt.Sprintf("cmem.Free(%s)", e.buf))
	}
	fn.stmt("}")
	fn.stmt("}")
}
