package lower

import (
	"fmt"

	"github.com/upcgo/upcgo/parser/ast"
)

// Emit of OptimizeForall's plans (forall_opt.go): forStmt renders a
// planned upc_forall's ForallLoopPlan as it reaches the loop
// (renderForall: the bound as Go, the names of the running local
// addresses and their first values) and writes the loop (emitForall).

// forallLoop is a ForallLoopPlan as Go.
type forallLoop struct {
	plan *forallPlan
	end  string    // the bound the loop variable stops at, as int64 Go code
	addr *loopPlan // the running addresses, and what declares and steps them
	// local names the variable holding this thread's element number of
	// x[first iteration], from which the addresses start.
	local string
}

// renderForall writes the Go of plan p where the loop stands, after its
// init clause; nil for no plan.
func (tr *translator) renderForall(p *ForallLoopPlan) *forallLoop {
	if p == nil {
		return nil
	}
	iv := p.forall.loopVar
	fl := &forallLoop{plan: p.forall, end: fmt.Sprintf("int64(%s)", tr.value(p.bound).code), addr: &loopPlan{iv: iv, step: 1, uses: map[*ast.IndexExpr]runningRef{}}}
	if p.inclusive {
		fl.end += " + 1"
	}
	byArray := map[*symbol]*runningAddr{}
	for _, a := range p.arrays {
		if fl.local == "" {
			fl.local = tr.tmp("local")
		}
		size := a.typ.Elem.Size()
		r := &runningAddr{name: tr.freshLocal(a.name + "At"), init: fmt.Sprintf("t.LocalAddr() + %s + uintptr(%s)*%d", a.goName, fl.local, size), stride: size}
		byArray[a] = r
		fl.addr.addrs = append(fl.addr.addrs, r)
	}
	for ix, a := range p.uses {
		fl.addr.uses[ix] = runningRef{name: byArray[a].name}
	}
	return fl
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
