package lower

import (
	"fmt"
	"sort"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// funcState is the function being translated.
type funcState struct {
	name       string
	result     *ctype.Type
	body       goBody
	hoisted    []*symbol       // Go locals, declared at the top so goto works
	frame      []string        // prologue lines allocating C-memory locals
	frameNames []string        // the Go names those lines define
	names      map[string]int  // Go names in use, for shadowed C names
	targets    map[string]bool // labels some goto jumps to
	forall     int             // how many controlling upc_forall loops enclose the statement
	variadic   bool            // the function takes "..."
	needFrame  bool            // the function allocates C memory after its prologue (VLAs)
	switches   []*switchState
	jumps      []*jumpTarget     // enclosing loops and switches, innermost last
	open       map[ast.Stmt]bool // statements gotos enter (goto.go)
	// localIndex lists the a[i] accesses the enclosing upc_forall loops
	// proved local.
	localIndex []localAccess
	// running maps the subscripts the loop pass gave a running address
	// to that address's Go variable (loopopt.go).
	running map[*ast.IndexExpr]runningRef
	memBase string // the local holding cmem.Base() for them
	// reads maps the struct members and variables in C memory loops
	// read once to the Go variables holding them (loopopt_reads.go,
	// loopopt_vars.go).
	reads map[ast.Expr]invariantRead
	// taken are the names whose address the function takes: its locals
	// and parameters so named live in C memory (addressTaken).
	taken map[string]bool
}

type switchState struct {
	tag  *ctype.Type
	seen map[int64]token.Pos
	// labels are the Go labels of the case and default labels of an
	// opened switch (goto.go), which may stand anywhere in its body.
	labels map[ast.Stmt]string
}

// stmt writes Go statement s (one line or several).
func (f *funcState) stmt(s string) { f.body.write(s, false) }

// simpleStmt writes s, one Go simple statement that declares nothing: an
// assignment, an increment or decrement, or an expression. Alone in what
// translator.capture takes, it may stand in a for loop's header.
func (f *funcState) simpleStmt(s string) { f.body.write(s, true) }

// line marks the Go that follows as coming from pos. Go numbers the lines
// after a directive on from it, so a statement on the same C line as the
// one before (the body of `if (c) f();`) needs a directive of its own once
// Go lines have been written since.
func (f *funcState) line(pos token.Pos) {
	b := &f.body
	if !pos.IsValid() || pos.File == b.lastLine.File && pos.Line == b.lastLine.Line && (b.pending != "" || !b.directed) {
		return
	}
	b.lastLine, b.pending, b.directed = pos, lineDirective(pos), true
}

// stmtAt writes s under a directive of its own naming pos, for a runtime
// call that stands for accesses at pos (an aggregated loop's transfer):
// faults and communication profiles then name the access's line. The
// statement after it gets a fresh directive too.
func (f *funcState) stmtAt(pos token.Pos, s string) {
	f.body.lastLine = token.Pos{}
	f.line(pos)
	f.stmt(s)
	f.body.lastLine = token.Pos{}
}

// goName reserves a Go name for a local C name, renaming shadowed ones.
func (f *funcState) goName(c string) string {
	g := goIdent(c)
	n := f.names[g]
	f.names[g] = n + 1
	if n > 0 {
		g = fmt.Sprintf("%s_%d", g, n+1)
		for f.names[g] > 0 {
			n++
			g = fmt.Sprintf("%s_%d", goIdent(c), n+1)
		}
		f.names[g] = 1
	}
	return g
}

// frameSlot allocates a C-memory local of type t in the function's frame
// and returns the Go variable holding its address.
func (f *funcState) frameSlot(tr *translator, t *ctype.Type, cname string) string {
	g := f.goName(cname)
	f.frame = append(f.frame, fmt.Sprintf("%s := t.stack.AllocZero(%s, %d)", g, tr.sizeCode(t), t.Align()))
	f.frameNames = append(f.frameNames, g)
	return g
}

func (tr *translator) stmt(s ast.Stmt) {
	fn := tr.fn
	switch s := s.(type) {
	case *ast.CompoundStmt:
		if fn.open[s] {
			tr.block(s)
			return
		}
		fn.stmt("{")
		tr.block(s)
		fn.stmt("}")
	case *ast.DeclStmt:
		for _, d := range s.Decls {
			tr.localDecl(d)
		}
	case *ast.ExprStmt:
		fn.line(s.Pos())
		tr.exprStmt(s.X)
	case *ast.EmptyStmt:
	case *ast.IfStmt:
		if fn.open[s] {
			tr.openIf(s)
			return
		}
		fn.line(s.Pos())
		fn.stmt("if " + tr.cond(s.Cond).code + " {")
		tr.scoped(s.Then)
		if s.Else != nil {
			fn.stmt("} else {")
			tr.scoped(s.Else)
		}
		fn.stmt("}")
	case *ast.WhileStmt:
		if fn.open[s] {
			tr.openLoop(s.Pos(), nil, s.Cond, nil, nil, false, s.Body)
			return
		}
		fn.line(s.Pos())
		fn.stmt("for " + tr.cond(s.Cond).code + " {")
		tr.loopBody(s.Body)
		fn.stmt("}")
	case *ast.DoStmt:
		if fn.open[s] {
			tr.openLoop(s.Pos(), nil, s.Cond, nil, nil, true, s.Body)
			return
		}
		fn.line(s.Pos())
		v := tr.tmp("again")
		// The condition is the post statement, so continue evaluates it.
		fn.stmt(fmt.Sprintf("for %s := true; %s; %s = %s {", v, v, v, tr.cond(s.Cond)))
		tr.loopBody(s.Body)
		fn.stmt("}")
	case *ast.ForStmt:
		if fn.open[s] {
			tr.openLoop(s.Pos(), s.Init, s.Cond, s.Post, nil, false, s.Body)
			return
		}
		tr.forStmt(s, s.For, s.Init, s.Cond, s.Post, nil, s.Body)
	case *ast.UpcForallStmt:
		if fn.open[s] {
			tr.openLoop(s.Pos(), s.Init, s.Cond, s.Post, s.Affinity, false, s.Body)
			return
		}
		tr.forStmt(s, s.Forall, s.Init, s.Cond, s.Post, s.Affinity, s.Body)
	case *ast.SwitchStmt:
		tr.switchStmt(s)
	case *ast.CaseStmt, *ast.DefaultStmt:
		if len(fn.switches) == 0 {
			tr.errorf(s.Pos(), "case label not within a switch statement")
			return
		}
		// In an opened switch: a label the dispatch jumps to.
		st := fn.switches[len(fn.switches)-1]
		fn.label(st.labels[s])
		if c, ok := s.(*ast.CaseStmt); ok {
			tr.stmt(c.Stmt)
		} else {
			tr.stmt(s.(*ast.DefaultStmt).Stmt)
		}
	case *ast.LabeledStmt:
		if fn.targets[s.Label] {
			fn.stmt(goIdent(s.Label) + "_:")
		}
		if _, empty := s.Stmt.(*ast.EmptyStmt); empty {
			fn.stmt("{}")
		} else {
			tr.stmt(s.Stmt)
		}
	case *ast.GotoStmt:
		fn.line(s.Pos())
		fn.stmt("goto " + goIdent(s.Label) + "_")
	case *ast.BreakStmt:
		tr.breakStmt(s)
	case *ast.ContinueStmt:
		tr.continueStmt(s)
	case *ast.ReturnStmt:
		fn.line(s.Pos())
		tr.returnStmt(s)
	case *ast.UpcSyncStmt:
		fn.line(s.Pos())
		tr.syncStmt(s)
	default:
		tr.errorf(s.Pos(), "unsupported statement")
	}
}

// scoped translates a statement that forms its own block in C99.
func (tr *translator) scoped(s ast.Stmt) {
	tr.pushScope()
	if c, ok := s.(*ast.CompoundStmt); ok {
		tr.block(c)
	} else {
		tr.stmt(s)
	}
	tr.popScope()
}

func (tr *translator) block(c *ast.CompoundStmt) {
	tr.pushScope()
	saved := tr.strictMode
	for _, p := range c.Pragmas {
		tr.applyPragma(p, p.Item == 0)
	}
	for _, it := range c.Items {
		tr.stmt(it)
	}
	tr.strictMode = saved
	tr.popScope()
}

// applyPragma applies a "#pragma upc strict|relaxed"; first says it
// stands where such a pragma may (see checkUpcPragma).
func (tr *translator) applyPragma(p *ast.Pragma, first bool) {
	if !tr.checkUpcPragma(p, first) {
		return
	}
	switch p.Consistency {
	case ast.StrictMode:
		tr.strictMode = true
	case ast.RelaxedMode:
		tr.strictMode = false
	}
}

func (tr *translator) loopBody(s ast.Stmt) {
	tr.fn.pushJump(&jumpTarget{loop: true})
	tr.scoped(s)
	tr.fn.popJump()
}

// exprStmt translates an expression evaluated for its side effects.
func (tr *translator) exprStmt(e ast.Expr) {
	switch e := e.(type) {
	case *ast.AssignExpr:
		tr.assignStmt(e)
		return
	case *ast.PostfixExpr:
		tr.incDecStmt(e.X, e.Op, e.OpPos)
		return
	case *ast.UnaryExpr:
		if e.Op == "++" || e.Op == "--" {
			tr.incDecStmt(e.X, e.Op, e.OpPos)
			return
		}
	case *ast.CommaExpr:
		for _, x := range e.List {
			tr.exprStmt(x)
		}
		return
	case *ast.CastExpr:
		if t := tr.resolveType(e.Type); t.Kind == ctype.Void {
			tr.exprStmt(e.X)
			return
		}
	case *ast.CondExpr:
		tr.fn.stmt("if " + tr.cond(e.Cond).code + " {")
		if e.Then != nil { // GNU "a ?: b": nothing more to do when a is true
			tr.exprStmt(e.Then)
		}
		tr.fn.stmt("} else {")
		tr.exprStmt(e.Else)
		tr.fn.stmt("}")
		return
	}
	tr.fn.simpleStmt(tr.discard(tr.rval(tr.expr(e))))
}

// forStmt lowers a for or upc_forall loop s: as the aggregation pass
// planned it, if it did, else as the upc_forall plan and the loop pass
// have it.
func (tr *translator) forStmt(s ast.Stmt, pos token.Pos, init ast.Stmt, cond, post, aff ast.Expr, body ast.Stmt) {
	fn := tr.fn
	tr.pushScope()
	fn.line(pos)
	// A upc_forall with an affinity expression hands out its iterations
	// unless it runs inside another one that does; with continue, or no
	// affinity, every thread runs every iteration and the loop controls
	// nothing, so an affinity inside it does (UPC 1.3 §6.6.2).
	controlling := aff != nil && fn.forall == 0
	var plan *forallPlan
	// The init clause goes into Go's for header when it is one simple
	// statement; otherwise the loop gets a block of its own.
	var initGo goStmts
	if init != nil {
		initGo = tr.capture(func() { tr.stmt(init) })
	}
	if tr.checking {
		tr.info.Loops[s] = tr.loopContext(pos, body)
	}
	if agg := tr.plans.agg[s]; agg != nil {
		if agg.forall != nil {
			useAffinity(agg.forall, aff)
		}
		// The body once, in the shape that serves both the threads
		// reached by messages and those addressed directly; loops inside
		// it stay as written (one aggregated loop per nest).
		tr.emitAggregated(agg, initGo, cond, post, aff, body)
		tr.popScope()
		return
	}
	if controlling {
		// Check walks the loop as written; emit as PlanForall planned it.
		plan = tr.plans.forall[s]
		useAffinity(plan, aff)
	}
	// The loop passes shape the Go only: check walks the loop as written.
	if fl := tr.renderForall(tr.plans.forallLoop[s]); fl != nil {
		tr.emitForall(fl, initGo.code, body)
		tr.popScope()
		return
	}
	var bases map[*symbol]string
	if plan != nil {
		bases = tr.localBases(body, plan)
	}
	// The loop pass's plan, also inside an aggregated loop, whose body
	// is emitted once: the pass planned private subscripts only, never
	// the shared accesses emitAggregated points at its buffers.
	loop := tr.renderLoop(tr.plans.loop[s])
	header := ""
	braced := plan != nil || loop != nil || initGo.needsBlock
	if braced {
		fn.stmt("{")
		if initGo.code != "" {
			fn.stmt(initGo.code)
		}
	} else {
		header = initGo.code
	}
	guarded := loop != nil && loop.guard && cond != nil
	if guarded {
		// The first addresses read memory the first iteration would:
		// only when there is one (LoopPlan.guard; the condition is pure).
		fn.stmt("if " + tr.cond(cond).code + " {")
	}
	if loop != nil {
		loop.declare(fn)
		defer loop.done(fn)
		loop.declareReads(fn)
		defer loop.forgetReads(fn)
	}
	if plan != nil && plan.cyclic {
		// Only this thread's iterations: start at its first and step by
		// THREADS; then x[i] of any cyclic array is the next local element.
		i := plan.loopVar
		fn.stmt(fmt.Sprintf("%s = %s(upc.ForallStart(int64(%s), t.Threads, t.MyThread))", i.goName, goType(i.typ), i.goName))
		plan.localVar = tr.tmp("local")
		fn.stmt(fmt.Sprintf("%s := uintptr(upc.ForallLocal(int64(%s), 1, t.Threads)) // index of x[%s] among this thread's elements of a cyclic x", plan.localVar, i.goName, i.name))
	} else if plan != nil {
		// Block-cyclic: walk this thread's blocks only; x[i] of an array
		// with the same block size is again the next local element.
		i, b := plan.loopVar, plan.block
		fn.stmt(fmt.Sprintf("%s = %s(upc.ForallStartBlocked(int64(%s), %d, t.Threads, t.MyThread))", i.goName, goType(i.typ), i.goName, b))
		plan.localVar = tr.tmp("local")
		fn.stmt(fmt.Sprintf("%s := uintptr(%s)/%d/uintptr(t.Threads)*%d + uintptr(%s)%%%d // index of x[%s] among this thread's elements of a [%d]-blocked x", plan.localVar, i.goName, b, b, i.goName, b, i.name, b))
	}
	// Loop-invariant: this thread's part of each array the body indexes,
	// for the arrays whose accesses the body's Go keeps.
	for _, a := range sortedSyms(bases) {
		fn.body.declareIfRead(bases[a], fmt.Sprintf("%s := t.LocalAddr() + %s", bases[a], a.goName))
	}
	c := ""
	if cond != nil {
		c = tr.cond(cond).code
	}
	p := ""
	switch {
	case plan != nil && plan.cyclic && plan.localVar != "":
		i := plan.loopVar.goName
		p = fmt.Sprintf("%s, %s = %s+%s, %s+1", i, plan.localVar, i, tr.threadsAs(plan.loopVar.typ), plan.localVar)
	case plan != nil && plan.cyclic:
		p = fmt.Sprintf("%s += %s(t.Threads)", plan.loopVar.goName, goType(plan.loopVar.typ))
	case plan != nil:
		i := plan.loopVar
		p = fmt.Sprintf("%s, %s = %s(upc.ForallNextBlocked(int64(%s), %d, t.Threads)), %s+1", i.goName, plan.localVar, goType(i.typ), i.goName, plan.block, plan.localVar)
	case loop != nil && loop.steps():
		p = loop.post()
	case post != nil:
		p = tr.postStmt(post)
	}
	if until := loop.untilHeader(fn); until != "" {
		fn.stmt(until)
	} else if header == "" && p == "" {
		if c == "" {
			fn.stmt("for {")
		} else {
			fn.stmt("for " + c + " {")
		}
	} else {
		fn.stmt(fmt.Sprintf("for %s; %s; %s {", header, c, p))
	}
	switch {
	case plan != nil:
	case controlling:
		a := tr.value(aff)
		switch {
		case a.t.IsPtrToShared():
			fn.stmt(fmt.Sprintf("if int(%s.Thread) != t.MyThread {\ncontinue\n}", a.paren()))
		case a.t.IsInteger():
			fn.stmt(fmt.Sprintf("if upc.ForallOwner(int64(%s), t.Threads) != t.MyThread {\ncontinue\n}", tr.conv(a, ctype.LongType)))
		default:
			tr.errorf(aff.Pos(), "upc_forall affinity must be an integer or a pointer-to-shared, not '%s'", a.t)
		}
	case aff != nil:
		// Inside a controlling upc_forall the affinity is ignored: every
		// iteration runs (UPC 1.3 §6.6.2).
		tr.value(aff)
	}
	if controlling {
		fn.forall++
	}
	if plan != nil {
		fn.localIndex = append(fn.localIndex, localAccess{block: plan.block, index: plan.loopVar, localVar: plan.localVar, bases: bases})
	}
	tr.loopBody(body)
	if plan != nil {
		fn.localIndex = fn.localIndex[:len(fn.localIndex)-1]
	}
	if controlling {
		fn.forall--
	}
	fn.stmt("}")
	if guarded {
		fn.stmt("}")
	}
	if braced {
		fn.stmt("}")
	}
	tr.popScope()
}

// threadsAs is THREADS as Go code of integer type t: the function's local
// copy when t is int.
func (tr *translator) threadsAs(t *ctype.Type) string {
	if goType(t) == "int32" {
		return "THREADS"
	}
	return goType(t) + "(t.Threads)"
}

// goStmts is Go statements emitted apart (translator.capture), with what
// their emitter recorded as it wrote them.
type goStmts struct {
	code string
	// needsBlock says code is more than one statement, or one that is no
	// simple statement declaring nothing (a block, an if statement), or
	// one under a directive of its own: a Go for header holds none of
	// these as its first clause or its third.
	needsBlock bool
}

// capture returns the Go statements emit writes, without writing them.
func (tr *translator) capture(emit func()) goStmts {
	fn := tr.fn
	saved := fn.body
	fn.body = goBody{lastLine: saved.lastLine}
	emit()
	b := &fn.body
	got := goStmts{code: strings.TrimSpace(b.text()), needsBlock: b.stmts > 1 || b.stmts == 1 && !b.clause}
	fn.body = saved
	return got
}

// forallPlan is what a upc_forall loop lets the lowering prove: the loop
// variable steps by one and is not changed by the body, so affinity
// `&a[i]` (or `i`) selects a fixed pattern of iterations, and a[i] in the
// body is local to the executing thread.
type forallPlan struct {
	loopVar *symbol
	array   *symbol // the shared array of the affinity &a[i], if any
	block   int64
	cyclic  bool
	// localVar counts this thread's elements of a cyclic array.
	localVar string
}

// localAccess says x[index] is local inside the current upc_forall body
// for every static shared array x with this block size.
type localAccess struct {
	block    int64
	index    *symbol
	localVar string
	bases    map[*symbol]string // Go variables holding t.LocalAddr() + offset of x
}

// localBases finds the shared arrays the body indexes by the loop
// variable that the plan makes local, and names a base variable for each.
func (tr *translator) localBases(body ast.Stmt, plan *forallPlan) map[*symbol]string {
	bases := map[*symbol]string{}
	forallLocals(tr.info, body, plan, func(_ *ast.IndexExpr, a *symbol) {
		if _, done := bases[a]; !done {
			bases[a] = tr.fn.goName(a.name + "Local")
		}
	})
	return bases
}

// forallLocals calls f for each x[i] in body that the plan makes a local
// access: i is the loop variable and x a shared array that localIndex
// reads as local (a static array of scalars, the access not strict), with
// the plan's block size.
func forallLocals(info *Info, body ast.Stmt, plan *forallPlan, f func(ix *ast.IndexExpr, x *symbol)) {
	ast.Inspect(body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok {
			return true
		}
		arr, ok1 := ix.X.(*ast.Ident)
		idx, ok2 := ix.Index.(*ast.Ident)
		if !ok1 || !ok2 || idx.Name != plan.loopVar.name {
			return true
		}
		x, tv := info.use(arr), info.Types[ix]
		if x != nil && tv.Type != nil && !tv.Strict && sharedScalarArray(x) && ctype.BlockOf(x.typ) == plan.block {
			f(ix, x)
		}
		return true
	})
}

func sortedSyms(m map[*symbol]string) []*symbol {
	var out []*symbol
	for s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return m[out[i]] < m[out[j]] })
	return out
}

// PlanForall is the upc_forall pass, run after check: for each upc_forall
// of fn that controls its iterations (no controlling upc_forall encloses
// it), whose loop variable steps by one and whose affinity is that
// variable or &a[i] over a cyclic or block-cyclic shared array a, the
// plan emit lowers it by (this thread's iterations only, a[i] local). It
// reads the symbols check recorded in info.
func PlanForall(fn *ast.FuncDecl, info *Info) map[ast.Stmt]*forallPlan {
	plans := map[ast.Stmt]*forallPlan{}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		s, ok := n.(*ast.UpcForallStmt)
		if !ok || s.Affinity == nil {
			return true
		}
		if ctx := info.Loops[s]; ctx != nil && ctx.Forall == 0 {
			if plan := planForall(s.Init, s.Post, s.Affinity, s.Body, info.use); plan != nil {
				plans[s] = plan
			}
		}
		return true
	})
	return plans
}

// planForall plans a upc_forall loop whose affinity is its loop variable
// or &a[i] with a a cyclic or block-cyclic shared array, resolving
// identifiers with lookup; nil when the loop is not one.
func planForall(init ast.Stmt, post, aff ast.Expr, body ast.Stmt, lookup func(*ast.Ident) *symbol) *forallPlan {
	iv := stepVar(post)
	if iv == nil || !initializes(init, iv.Name) || modifies(body, iv.Name) {
		return nil
	}
	name := iv.Name
	i := lookup(iv)
	if i == nil || i.kind != symVar || i.inMem || i.st != stLocal || !i.typ.IsInteger() {
		return nil
	}
	plan := &forallPlan{loopVar: i}
	switch a := aff.(type) {
	case *ast.Ident:
		if a.Name != name {
			return nil
		}
		plan.cyclic, plan.block = true, 1
		return plan
	case *ast.UnaryExpr:
		ix, ok := a.X.(*ast.IndexExpr)
		if a.Op != "&" || !ok {
			return nil
		}
		arr, ok1 := ix.X.(*ast.Ident)
		idx, ok2 := ix.Index.(*ast.Ident)
		if !ok1 || !ok2 || idx.Name != name {
			return nil
		}
		s := lookup(arr)
		if s == nil || s.kind != symVar || s.st != stShared || s.typ.Kind != ctype.Array || s.typ.Elem.Kind == ctype.Array || s.typ.Elem.Kind == ctype.Struct || s.typ.Elem.Kind == ctype.Union {
			return nil
		}
		b := ctype.BlockOf(s.typ)
		if b == 0 {
			return nil
		}
		plan.array, plan.block, plan.cyclic = s, b, b == 1
		return plan
	}
	return nil
}

// stepVar is the variable of a post clause i++, ++i or i += 1.
func stepVar(post ast.Expr) *ast.Ident {
	switch p := post.(type) {
	case *ast.PostfixExpr:
		if id, ok := p.X.(*ast.Ident); ok && p.Op == "++" {
			return id
		}
	case *ast.UnaryExpr:
		if id, ok := p.X.(*ast.Ident); ok && p.Op == "++" {
			return id
		}
	case *ast.AssignExpr:
		if id, ok := p.X.(*ast.Ident); ok && p.Op == "+=" {
			if lit, ok := p.Y.(*ast.IntLit); ok && lit.Raw == "1" {
				return id
			}
		}
	}
	return nil
}

// useAffinity marks the array of a plan's affinity &a[i] used.
func useAffinity(plan *forallPlan, aff ast.Expr) {
	if plan != nil && plan.array != nil {
		plan.array.use(aff.(*ast.UnaryExpr).X.(*ast.IndexExpr).X.Pos())
	}
}

// loopContext is check's record of a loop at pos, after its init clause.
func (tr *translator) loopContext(pos token.Pos, body ast.Stmt) *LoopContext {
	ctx := &LoopContext{Pos: pos, Forall: tr.fn.forall}
	if tr.cfg.Aggregate.Enable {
		ast.Inspect(body, func(n ast.Node) bool {
			if d, ok := n.(*ast.Decl); ok && d.Name != "" && tr.scope.lookup(d.Name) != nil {
				ctx.Shadowed = append(ctx.Shadowed, d.Name)
			}
			return true
		})
	}
	return ctx
}

// lookupIdent resolves id where the walk stands.
func (tr *translator) lookupIdent(id *ast.Ident) *symbol {
	s := tr.scope.lookup(id.Name)
	tr.recordUse(id, s)
	return s
}

func initializes(init ast.Stmt, name string) bool {
	switch s := init.(type) {
	case *ast.ExprStmt:
		if a, ok := s.X.(*ast.AssignExpr); ok && a.Op == "=" {
			id, ok := a.X.(*ast.Ident)
			return ok && id.Name == name
		}
	case *ast.DeclStmt:
		return len(s.Decls) == 1 && s.Decls[0].Name == name && s.Decls[0].Init != nil
	}
	return false
}

// modifies reports whether body may change variable name (assignment,
// increment, or taking its address).
func modifies(body ast.Stmt, name string) bool {
	found := false
	isName := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && id.Name == name
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if x, ok := storeTarget(n); ok {
			found = found || isName(x)
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			found = found || n.Op == "&" && isName(n.X)
		case *ast.Decl:
			found = found || n.Name == name
		}
		return !found
	})
	return found
}

// postStmt is a for loop's third clause as one Go simple statement.
func (tr *translator) postStmt(e ast.Expr) string {
	post := tr.capture(func() { tr.exprStmt(e) })
	if !post.needsBlock {
		return post.code
	}
	return "func() {\n" + post.code + "\n}()"
}

func (tr *translator) switchStmt(s *ast.SwitchStmt) {
	fn := tr.fn
	fn.line(s.Pos())
	tag := tr.value(s.Tag)
	if !tag.t.IsInteger() {
		tr.errorf(s.Tag.Pos(), "switch quantity not an integer")
		return
	}
	tt := ctype.Promote(tag.t)
	st := &switchState{tag: tt, seen: map[int64]token.Pos{}}
	fn.switches = append(fn.switches, st)
	defer func() { fn.switches = fn.switches[:len(fn.switches)-1] }()
	j := &jumpTarget{}
	fn.pushJump(j)
	defer fn.popJump()
	tr.pushScope()
	defer tr.popScope()
	if fn.open[s] {
		tr.openSwitch(s, j, st, tr.conv(tag, tt).code)
		return
	}
	before, clauses := tr.switchClauses(st, switchItems(s))
	for _, it := range before {
		if _, isDecl := it.(*ast.DeclStmt); !isDecl {
			tr.warnf(it.Pos(), "statement will never be executed")
			continue
		}
		// Declarations before the first label are hoisted like any other.
		tr.capture(func() { tr.stmt(it) })
	}
	fn.stmt("switch " + tr.conv(tag, tt).code + " {")
	var last ast.Stmt
	for i, c := range clauses {
		if i > 0 && !terminates(last) {
			fn.stmt("fallthrough")
		}
		if c.isDefault {
			// "case 1: default:" — default covers it; keep the values out
			// of Go's case list so they do not duplicate the default.
			fn.stmt("default:")
		} else {
			fn.stmt("case " + strings.Join(c.values, ", ") + ":")
		}
		for _, it := range c.stmts {
			tr.stmt(it)
			last = it
		}
	}
	fn.stmt("}")
}

// caseValue checks the value of a case label of switch st and returns it
// as a Go constant of the tag's promoted type.
func (tr *translator) caseValue(st *switchState, c *ast.CaseStmt) (string, bool) {
	v, ok := tr.constEval(c.Value)
	if !ok || v.IsFloat() {
		tr.errorf(c.Value.Pos(), "case label does not reduce to an integer constant")
		return "", false
	}
	v = ctype.ConvertConst(v, st.tag)
	if c.High != nil {
		tr.errorf(c.Pos(), "case ranges are a GNU extension and are not supported")
	}
	if prev, dup := st.seen[v.Int]; dup {
		tr.errorf(c.Pos(), "duplicate case value (previously used at %s)", prev)
		return "", false
	}
	st.seen[v.Int] = c.Pos()
	return constCode(v).code, true
}

// startsClause reports whether a switch body's item is a case or default
// label, perhaps behind labels of goto.
func startsClause(s ast.Stmt) bool {
	for {
		switch c := s.(type) {
		case *ast.CaseStmt, *ast.DefaultStmt:
			return true
		case *ast.LabeledStmt:
			s = c.Stmt
			continue
		}
		return false
	}
}

// switchClause is one clause of a switch body: the values of its case
// labels as Go constants of the tag's promoted type, whether default is
// among its labels, and the statements up to the next label.
type switchClause struct {
	values    []string
	isDefault bool
	stmts     []ast.Stmt
}

// switchClauses checks the labels of a switch body's items and groups the
// items into clauses; before holds the items ahead of the first label.
func (tr *translator) switchClauses(st *switchState, items []ast.Stmt) (before []ast.Stmt, clauses []*switchClause) {
	for _, it := range items {
		var values []string
		isDefault := false
		var labels []*ast.LabeledStmt // "L: case 2: s" is "case 2: L: s"
		for {
			switch c := it.(type) {
			case *ast.LabeledStmt:
				if !startsClause(c) {
					break
				}
				labels = append(labels, c)
				it = c.Stmt
				continue
			case *ast.CaseStmt:
				if v, ok := tr.caseValue(st, c); ok {
					values = append(values, v)
				}
				it = c.Stmt
				continue
			case *ast.DefaultStmt:
				isDefault = true
				it = c.Stmt
				continue
			}
			break
		}
		for i := len(labels) - 1; i >= 0; i-- {
			it = &ast.LabeledStmt{LabelPos: labels[i].LabelPos, Label: labels[i].Label, Stmt: it}
		}
		switch {
		case values != nil || isDefault:
			clauses = append(clauses, &switchClause{values: values, isDefault: isDefault})
		case len(clauses) == 0:
			before = append(before, it)
			continue
		}
		c := clauses[len(clauses)-1]
		c.stmts = append(c.stmts, it)
	}
	return before, clauses
}

// flattenCases lifts the items of blocks that hold case labels into the
// switch body, so "case 1: { ... case 2: ... }" becomes Go case clauses.
// Locals are hoisted to the function's top, so the braces carry nothing Go
// needs.
func flattenCases(items []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, it := range items {
		inner, label := it, ast.Stmt(nil)
		for {
			switch c := inner.(type) {
			case *ast.CaseStmt:
				inner = c.Stmt
				continue
			case *ast.DefaultStmt:
				inner = c.Stmt
				continue
			}
			break
		}
		c, ok := inner.(*ast.CompoundStmt)
		if !ok || !holdsCase(c) {
			out = append(out, it)
			continue
		}
		// Keep the labels in front of the block's first item.
		_ = label
		items := flattenCases(c.Items)
		if len(items) == 0 {
			out = append(out, it)
			continue
		}
		out = append(out, relabel(it, items[0]))
		out = append(out, items[1:]...)
	}
	return out
}

// relabel puts the case labels of it in front of s.
func relabel(it, s ast.Stmt) ast.Stmt {
	switch c := it.(type) {
	case *ast.CaseStmt:
		return &ast.CaseStmt{Case: c.Case, Value: c.Value, High: c.High, Stmt: relabel(c.Stmt, s)}
	case *ast.DefaultStmt:
		return &ast.DefaultStmt{Default: c.Default, Stmt: relabel(c.Stmt, s)}
	}
	return s
}

func holdsCase(c *ast.CompoundStmt) bool {
	for _, it := range c.Items {
		switch it := it.(type) {
		case *ast.CaseStmt, *ast.DefaultStmt:
			return true
		case *ast.CompoundStmt:
			if holdsCase(it) {
				return true
			}
		case *ast.LabeledStmt:
			if _, ok := it.Stmt.(*ast.CaseStmt); ok {
				return true
			}
		}
	}
	return false
}

// terminates reports whether s ends control flow, so no fallthrough is
// needed after it.
func terminates(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BreakStmt, *ast.ReturnStmt, *ast.GotoStmt, *ast.ContinueStmt:
		return true
	case *ast.CompoundStmt:
		if len(s.Items) > 0 {
			return terminates(s.Items[len(s.Items)-1])
		}
	}
	return false
}

func (tr *translator) returnStmt(s *ast.ReturnStmt) {
	fn := tr.fn
	if s.X == nil {
		if fn.result.Kind != ctype.Void {
			tr.warnf(s.Pos(), "'return' with no value, in function returning non-void")
			fn.stmt("return " + zeroValue(fn.result))
			return
		}
		fn.stmt("return")
		return
	}
	if fn.result.Kind == ctype.Struct || fn.result.Kind == ctype.Union {
		o := tr.expr(s.X)
		if !ctype.SameType(o.t.Unqual(), fn.result.Unqual()) {
			tr.errorf(s.Pos(), "incompatible types when returning type '%s' but '%s' was expected", o.t, fn.result)
			return
		}
		fn.stmt(tr.aggregateCopy(operand{kind: aggregate, t: fn.result, goExpr: primary("result"), pure: true}, o))
		fn.stmt("return result")
		return
	}
	o := tr.value(s.X)
	if fn.result.Kind == ctype.Void {
		if o.t.Kind != ctype.Void {
			tr.warnf(s.Pos(), "'return' with a value, in function returning void")
		}
		if !o.pure {
			fn.stmt(tr.discard(o))
		}
		fn.stmt("return")
		return
	}
	fn.stmt("return " + tr.assignConv(o, fn.result, s.Pos()).code)
}

func zeroValue(t *ctype.Type) string {
	if t.IsPtrToShared() {
		return "upc.Null()"
	}
	return "0"
}

func (tr *translator) syncStmt(s *ast.UpcSyncStmt) {
	fn := tr.fn
	id := "upc.BarrierAnonymous"
	if s.Value != nil {
		// The id is the expression converted to int (UPC 1.3 §6.6.1 as
		// amended by spec issue 64): upc_barrier 3.14 is barrier 3; a
		// private pointer converts with a warning, as gcc's int
		// conversions of pointers do.
		v := tr.value(s.Value)
		switch {
		case v.t.IsArith():
		case v.t.Kind == ctype.Ptr && !v.t.Elem.Shared:
			tr.warnf(s.Value.Pos(), "%s expression converts a pointer to an integer", s.Op)
		default:
			tr.errorf(s.Value.Pos(), "%s expression of type '%s' cannot be converted to int", s.Op, v.t)
		}
		id = "int64(" + tr.conv(v, ctype.IntType).code + ")"
	}
	switch s.Op {
	case ast.UpcBarrier:
		if s.Value == nil {
			fn.stmt("t.Barrier()")
		} else {
			fn.stmt("t.BarrierID(" + id + ")")
		}
	case ast.UpcNotify:
		fn.stmt("t.Notify(" + id + ")")
	case ast.UpcWait:
		fn.stmt("t.Wait(" + id + ")")
	case ast.UpcFence:
		fn.stmt("t.Fence()")
	}
}

// gotoTargets collects the labels a function's gotos name, and reports
// gotos to undefined labels.
func (tr *translator) gotoTargets(body *ast.CompoundStmt) map[string]bool {
	targets, defined := map[string]bool{}, map[string]token.Pos{}
	var gotos []*ast.GotoStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GotoStmt:
			targets[n.Label] = true
			gotos = append(gotos, n)
		case *ast.LabeledStmt:
			if prev, ok := defined[n.Label]; ok {
				tr.errorf(n.Pos(), "duplicate label '%s' (previous at %s)", n.Label, prev)
			}
			defined[n.Label] = n.Pos()
		}
		return true
	})
	sort.Slice(gotos, func(i, j int) bool { return gotos[i].Pos().Before(gotos[j].Pos()) })
	for _, g := range gotos {
		if _, ok := defined[g.Label]; !ok {
			tr.errorf(g.LabelPos, "label '%s' used but not defined", g.Label)
		}
	}
	return targets
}
