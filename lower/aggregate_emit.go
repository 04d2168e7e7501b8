package lower

import (
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// emitAggregated writes a loop the analysis accepted, its body once. The
// strips, lists and buffers are the runtime's (upc.Agg, runtime/upc/
// aggregate.go), which also decides once per process whether the loop
// needs them at all. The shape, for "for (i = a; cond; i++) body" with
// aggregated accesses A0..An:
//
//	i = a
//	for agg := t.Aggregate(limit, upc.AggRead(size0), …); agg.Strip(cond); {
//		for i := i; cond && agg.More(); i++ { // the header alone lists the strip's elements
//			agg.List(0, &A0) …                // (upc_forall: only iterations with affinity)
//		}
//		agg.Get(0) …                          // buffers; reads fetched
//		for ; cond && agg.Next(); i++ {       // the loop, Ak through agg.At(k, &Ak)
//			body
//		}
//		agg.Put(0) …                          // stores written back; buffers freed
//	}
//
// The listing loop runs on its own copy of i, so the loop proper starts
// where the strip does. Where every thread's memory is addressed directly
// More is false at once, Next always true and At the element's own
// address: the strip is the whole loop and it runs as written. The body
// has no break, continue, goto or return (the analysis checked), so the
// post clause runs after each iteration as in C. The condition, post
// clause and affinity are side-effect free, so evaluating them again in
// the listing loop changes nothing.
func (tr *translator) emitAggregated(plan *AggPlan, init goStmts, cond, post, aff ast.Expr, body ast.Stmt) {
	fn := tr.fn
	i := plan.loopVar
	braced := plan.forall != nil || init.needsBlock
	if braced {
		fn.stmt("{")
	}
	if init.code != "" {
		fn.stmt(init.code)
	}
	condCode := tr.cond(cond)
	postCode := tr.postStmt(post)
	listPost := postCode
	affCode, local := "", ""
	if fp := plan.forall; fp != nil {
		// As forStmt does: visit this thread's iterations only, counting
		// its elements of the arrays the affinity makes local.
		g, gt := i.goName, goType(i.typ)
		local = tr.tmp("local")
		if fp.cyclic {
			fn.stmt(fmt.Sprintf("%s = %s(upc.ForallStart(int64(%s), t.Threads, t.MyThread))", g, gt, g))
			fn.stmt(fmt.Sprintf("%s := uintptr(%s) / uintptr(t.Threads)", local, g))
			listPost = fmt.Sprintf("%s += %s(t.Threads)", g, gt)
			postCode = fmt.Sprintf("%s, %s = %s+%s(t.Threads), %s+1", g, local, g, gt, local)
		} else {
			b := fp.block
			fn.stmt(fmt.Sprintf("%s = %s(upc.ForallStartBlocked(int64(%s), %d, t.Threads, t.MyThread))", g, gt, g, b))
			fn.stmt(fmt.Sprintf("%s := uintptr(%s)/%d/uintptr(t.Threads)*%d + uintptr(%s)%%%d", local, g, b, b, g, b))
			listPost = fmt.Sprintf("%s = %s(upc.ForallNextBlocked(int64(%s), %d, t.Threads))", g, gt, g, b)
			postCode = fmt.Sprintf("%s, %s = %s(upc.ForallNextBlocked(int64(%s), %d, t.Threads)), %s+1", g, local, gt, g, b, local)
		}
	} else if aff != nil && fn.forall == 0 {
		a := tr.value(aff)
		switch {
		case a.t.IsPtrToShared():
			affCode = fmt.Sprintf("int(%s.Thread) == t.MyThread", a.paren())
		case a.t.IsInteger():
			affCode = fmt.Sprintf("upc.ForallOwner(int64(%s), t.Threads) == t.MyThread", tr.conv(a, ctype.LongType))
		default:
			tr.errorf(aff.Pos(), "upc_forall affinity must be an integer or a pointer-to-shared, not '%s'", a.t)
		}
	}

	// The address of each aggregated element, as the listing loop and
	// the body both compute it.
	agg := tr.tmp("agg")
	kinds := make([]string, len(plan.accesses))
	addrs := make([]string, len(plan.accesses))
	for k, a := range plan.accesses {
		switch {
		case a.read && a.write:
			kinds[k] = "upc.AggUpdate"
		case a.write:
			kinds[k] = "upc.AggStore"
		default:
			kinds[k] = "upc.AggRead"
		}
		kinds[k] += fmt.Sprintf("(%d)", a.elem.Size())
		addrs[k] = tr.value(&ast.UnaryExpr{OpPos: a.ix.Lbrack, Op: "&", X: a.ix}).code
	}
	fn.stmt(fmt.Sprintf("for %s := t.Aggregate(%d, %s); %s.Strip(%s); {", agg, tr.cfg.Aggregate.Limit, strings.Join(kinds, ", "), agg, condCode))
	loopCond := fmt.Sprintf("%s && %%s", condCode.operandOf(goPrec("&&"), true))
	fn.stmt(fmt.Sprintf("for %s := %s; %s; %s {", i.goName, i.goName, fmt.Sprintf(loopCond, agg+".More()"), listPost))
	if affCode != "" {
		fn.stmt("if " + affCode + " {")
	}
	for k := range plan.accesses {
		fn.stmt(fmt.Sprintf("%s.List(%d, %s)", agg, k, addrs[k]))
	}
	if affCode != "" {
		fn.stmt("}")
	}
	fn.stmt("}")
	for k, a := range plan.accesses {
		fn.stmtAt(a.ix.Pos(), fmt.Sprintf("%s.Get(%d)", agg, k))
	}
	fn.stmt(fmt.Sprintf("for ; %s; %s {", fmt.Sprintf(loopCond, agg+".Next()"), postCode))
	if affCode != "" {
		fn.stmt("if " + affCode + " {")
	}

	// The body, each aggregated access made through the address At hands
	// out: the access's node is pointed at names only this scope declares.
	tr.pushScope()
	type saved struct{ x, index ast.Expr }
	restore := make([]saved, len(plan.accesses))
	for k, a := range plan.accesses {
		name := fmt.Sprintf("\x00%s.%d", agg, k)
		tr.scope.insert(&symbol{name: name, goName: fmt.Sprintf("%s.At(%d, %s)", agg, k, addrs[k]), kind: symVar, typ: ctype.PointerTo(a.elem), st: stLocal, defined: true, used: true, handsOut: true})
		restore[k] = saved{a.ix.X, a.ix.Index}
		a.ix.X = &ast.Ident{NamePos: a.ix.Lbrack, Name: name}
		a.ix.Index = &ast.IntLit{ValuePos: a.ix.Lbrack, Raw: "0"}
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
	for k, a := range plan.accesses {
		a.ix.X, a.ix.Index = restore[k].x, restore[k].index
	}
	tr.popScope()

	if affCode != "" {
		fn.stmt("}")
	}
	fn.stmt("}")
	for k, a := range plan.accesses {
		fn.stmtAt(a.ix.Pos(), fmt.Sprintf("%s.Put(%d)", agg, k))
	}
	fn.stmt("}")
	if braced {
		fn.stmt("}")
	}
}
