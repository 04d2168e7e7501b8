package lower

// The aggregation pass (issue 8, docs/aggregation.md): a loop whose body
// reads or writes shared elements one at a time, at subscripts it can
// compute before the loop runs, becomes a loop over private buffers with
// one bulk transfer per owner thread before it (reads) and after it
// (writes). This file is the pass (Aggregate), run after check: it
// decides, from the AST and the types and symbols check recorded (Info),
// whether a for or upc_forall loop may be transformed, and says why not
// when it may not; aggregate_emit.go writes the Go.
//
// What makes the transformation legal:
//   - The loop has an integer induction variable the body does not
//     change, a step of ±c, and a condition free of side effects over
//     loop-invariant names: running the header alone visits the same
//     iterations the loop will.
//   - Every aggregated access is evaluated exactly once per iteration (not
//     under if, ?:, &&, || or a nested loop) and its subscript depends only
//     on the induction variable and loop-invariant values (affine k*i+c, or
//     p[idx[i]] with idx a private array the loop does not write): the
//     addresses can be listed before the loop, and none of them is one the
//     original loop would not have touched.
//   - No synchronisation, strict access, UPC library call or call of a
//     function that may access shared memory happens in the body, and the
//     body has no break, continue, goto or return leaving the loop: the
//     reads may move before the loop and the writes after it (relaxed
//     accesses between two synchronisation points may be reordered when no
//     dependence in this thread orders them).
//   - No dependence through shared memory in this thread: an object read
//     by an aggregated access is not written in the loop (except by the
//     same access, a[i] += v), an object written is not otherwise accessed,
//     no store goes through a pointer-to-shared that may point into either,
//     and an aggregated store's subscript is injective (distinct iterations
//     write distinct elements), so deferring the stores changes no value.

import (
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// AggregateOptions control the aggregation pass.
type AggregateOptions struct {
	// Enable runs the pass. upcgo turns it on unless -fno-aggregate; the
	// zero Config leaves loops as written.
	Enable bool
	// Limit is the private buffer, in bytes, one strip of a transformed
	// loop may use for all its aggregated accesses; longer loops are
	// strip-mined. 0 means DefaultAggregateLimit.
	Limit int64
	// Remarks asks for "aggregated: …" remarks (-Rpass=aggregate);
	// MissedRemarks for "not aggregated: …" (-Rpass-missed=aggregate).
	Remarks, MissedRemarks bool
}

// DefaultAggregateLimit is the buffer limit of a transformed loop strip.
const DefaultAggregateLimit = 1 << 20

// AggPlan is a loop the pass transforms: what emit (aggregate_emit.go)
// needs to write it.
type AggPlan struct {
	loopVar  *symbol
	accesses []*aggAccess // the aggregated ones, in source order
	// forall is the locality plan of a upc_forall whose affinity selects
	// a fixed pattern of iterations: the transformed loop keeps it.
	forall *forallPlan
}

// aggAccess is one shared element access in a candidate loop's body.
type aggAccess struct {
	ix     *ast.IndexExpr
	obj    *symbol     // the static shared array accessed, or nil
	ptrVar *symbol     // or the pointer-to-shared variable indexed
	elem   *ctype.Type // the element type, unqualified
	read   bool
	write  bool
	// why is set when the access cannot be aggregated.
	why      string
	local    bool // the enclosing upc_forall proves it local
	indirect bool // subscript idx[f(i)]
	affineK  int64
	kKnown   bool // affineK is the subscript's constant coefficient of i
	strict   bool
	text     string // the access as C source, for remarks
}

// aggWalk is the state of one analysis.
type aggWalk struct {
	info    *Info
	ctx     *LoopContext
	body    ast.Stmt
	loopVar *symbol
	plan    *forallPlan
	reject  string // the first reason the whole loop cannot be transformed
	all     []*aggAccess
	// Private memory the body writes: named arrays, and whether anything
	// is written through a private pointer (which may point anywhere).
	arrayWrites map[*symbol]bool
	ptrWrite    bool
	modified    map[string]bool // memo of modifies(body, name)
}

func (w *aggWalk) fail(format string, args ...any) {
	if w.reject == "" {
		w.reject = fmt.Sprintf(format, args...)
	}
}

// typeOf is what check found for e.
func (w *aggWalk) typeOf(e ast.Expr) TypeAndValue { return w.info.Types[e] }

// Aggregate is the aggregation pass over one function, run after check:
// it decides which of fn's loops become aggregated loops, at most one per
// nest (the outermost it accepts), reads the types and symbols check
// recorded in info, reports each decision once (-Rpass=aggregate,
// -Rpass-missed=aggregate) to errs, and returns the plans by loop
// statement for emit.
func Aggregate(fn *ast.FuncDecl, info *Info, opts AggregateOptions, errs *diag.List) map[ast.Stmt]*AggPlan {
	if !opts.Enable || fn.Body == nil {
		return nil
	}
	plans := map[ast.Stmt]*AggPlan{}
	var walk func(n ast.Node, outer token.Pos)
	walk = func(n ast.Node, outer token.Pos) {
		ast.Inspect(n, func(n ast.Node) bool {
			var init ast.Stmt
			var cond, post, aff ast.Expr
			var body ast.Stmt
			switch s := n.(type) {
			case *ast.ForStmt:
				init, cond, post, body = s.Init, s.Cond, s.Post, s.Body
			case *ast.UpcForallStmt:
				init, cond, post, aff, body = s.Init, s.Cond, s.Post, s.Affinity, s.Body
			default:
				return true
			}
			ctx := info.Loops[n.(ast.Stmt)]
			if ctx == nil {
				return true // not lowered as a loop
			}
			plan := decideAggregate(ctx, info, opts, errs, init, cond, post, aff, body, outer)
			if plan == nil {
				return true
			}
			plans[n.(ast.Stmt)] = plan
			if init != nil {
				walk(init, outer)
			}
			walk(body, ctx.Pos)
			return false
		})
	}
	walk(fn.Body, token.Pos{})
	return plans
}

// decideAggregate decides one loop, outer being the enclosing aggregated
// loop or the zero Pos: its plan (reported with -Rpass=aggregate), or nil
// (with the reason under -Rpass-missed).
func decideAggregate(ctx *LoopContext, info *Info, opts AggregateOptions, errs *diag.List, init ast.Stmt, cond, post, aff ast.Expr, body ast.Stmt, outer token.Pos) *AggPlan {
	plan, reason := planAggregate(ctx, info, init, cond, post, aff, body)
	if plan != nil && outer.Line > 0 {
		// One loop per nest, the outermost the pass accepts: its strips
		// cover the inner loops' iterations too, and a body emitted once
		// keeps the code linear in the nest's depth.
		plan, reason = nil, fmt.Sprintf("the enclosing loop at line %d is aggregated", outer.Line)
	}
	if plan == nil {
		if reason != "" && opts.MissedRemarks {
			errs.Remarkf(ctx.Pos, "not aggregated: %s", reason)
		}
		return nil
	}
	if opts.Remarks {
		var parts []string
		for _, a := range plan.accesses {
			parts = append(parts, a.describe())
		}
		errs.Remarkf(ctx.Pos, "aggregated: %s", strings.Join(parts, "; "))
	}
	return plan
}

// planAggregate decides whether a loop is transformed. It returns the plan,
// or nil and the reason (empty when the loop touches no shared element
// that could be remote, so there is nothing to report).
func planAggregate(ctx *LoopContext, info *Info, init ast.Stmt, cond, post, aff ast.Expr, body ast.Stmt) (*AggPlan, string) {
	w := &aggWalk{info: info, ctx: ctx, body: body, arrayWrites: map[*symbol]bool{}, modified: map[string]bool{}}
	w.checkBodyNames()
	if aff != nil && ctx.Forall == 0 {
		w.plan = planForall(init, post, aff, body, info.use)
	}
	w.privateWrites(body)
	w.stmt(body, false, 0, 0)
	var candidates int
	for _, a := range w.all {
		if !a.local {
			candidates++
		}
	}
	if candidates == 0 {
		return nil, ""
	}
	if w.reject != "" {
		return nil, w.reject
	}
	// The loop header.
	iv := stepVarAny(post)
	if iv == nil {
		return nil, "the loop has no induction variable stepping by a constant (i++, i--, i += c, i -= c)"
	}
	name := iv.Name
	i := info.Uses[iv]
	if i == nil || i.kind != symVar || i.st != stLocal || i.inMem || !i.typ.IsInteger() {
		return nil, fmt.Sprintf("induction variable '%s' is not a private integer local whose address is not taken", name)
	}
	w.loopVar = i
	if !initializes(init, name) {
		return nil, fmt.Sprintf("the loop does not initialise its induction variable '%s'", name)
	}
	if w.isModified(name) {
		return nil, fmt.Sprintf("the loop body modifies its induction variable '%s'", name)
	}
	if cond == nil || !w.pure(cond, true) {
		return nil, "the loop condition is not a side-effect-free expression of the induction variable and loop-invariant values"
	}
	if aff != nil {
		if !w.pure(aff, true) {
			return nil, "the upc_forall affinity is not a side-effect-free expression of the induction variable and loop-invariant values"
		}
	}
	// Classify the accesses: subscripts, then dependences.
	for _, a := range w.all {
		w.classify(a)
	}
	plan := &AggPlan{loopVar: i, forall: w.plan}
	var firstWhy string
	for _, a := range w.all {
		if a.local {
			continue
		}
		if a.why != "" {
			if firstWhy == "" {
				firstWhy = a.why
			}
			continue
		}
		if why := w.dependence(a); why != "" {
			return nil, why
		}
		plan.accesses = append(plan.accesses, a)
	}
	if len(plan.accesses) == 0 {
		return nil, firstWhy
	}
	return plan, ""
}

// stepVarAny is the variable of a post clause i++, ++i, i--, --i,
// i += c or i -= c with c a nonzero integer constant.
func stepVarAny(post ast.Expr) *ast.Ident {
	switch p := post.(type) {
	case *ast.PostfixExpr:
		if id, ok := p.X.(*ast.Ident); ok {
			return id
		}
	case *ast.UnaryExpr:
		if id, ok := p.X.(*ast.Ident); ok && (p.Op == "++" || p.Op == "--") {
			return id
		}
	case *ast.AssignExpr:
		if id, ok := p.X.(*ast.Ident); ok && (p.Op == "+=" || p.Op == "-=") {
			if lit, ok := p.Y.(*ast.IntLit); ok {
				if c, ok := ctype.ParseIntLit(lit.Raw); ok && c.Int != 0 {
					return id
				}
			}
		}
	}
	return nil
}

// checkBodyNames rejects a body that declares a name visible where the
// loop stands (the analysis reasons about names) or declares one with a
// storage class.
func (w *aggWalk) checkBodyNames() {
	shadowed := map[string]bool{}
	for _, name := range w.ctx.Shadowed {
		shadowed[name] = true
	}
	ast.Inspect(w.body, func(n ast.Node) bool {
		d, ok := n.(*ast.Decl)
		if !ok || d.Name == "" {
			return true
		}
		if shadowed[d.Name] {
			w.fail("a declaration in the loop body shadows '%s'", d.Name)
		}
		if d.Storage != ast.NoStorage && d.Storage != ast.Auto && d.Storage != ast.Register {
			w.fail("the loop body declares '%s' with a storage class", d.Name)
		}
		return true
	})
}

func (w *aggWalk) isModified(name string) bool {
	m, ok := w.modified[name]
	if !ok {
		m = modifies(w.body, name)
		w.modified[name] = m
	}
	return m
}

// rootSym is the variable an lvalue chain x[..][..], x.f starts from.
func (w *aggWalk) rootSym(e ast.Expr) *symbol {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return w.info.Uses[x]
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			if x.Arrow {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

// readOnlyLibc are C library functions that take pointers but write no
// memory through them.
var readOnlyLibc = map[string]bool{
	"printf": true, "puts": true, "fputs": true, "fprintf": true, "putchar": true, "fputc": true, "putc": true,
	"strlen": true, "strcmp": true, "strncmp": true, "memcmp": true, "strchr": true, "strrchr": true, "strstr": true,
	"atoi": true, "atol": true, "atof": true, "fflush": true, "abort": true,
}

// pureUPC are UPC library functions that only compute on their arguments.
var pureUPC = map[string]bool{"upc_threadof": true, "upc_phaseof": true, "upc_addrfield": true}

// privateWrites records what private memory the body writes and checks
// its calls.
func (w *aggWalk) privateWrites(body ast.Stmt) {
	store := func(x ast.Expr) {
		if _, ok := x.(*ast.Ident); ok {
			return // a variable: modifies() sees it by name
		}
		if o := w.typeOf(x); o.Mode == lvShared || o.Mode == sharedAgg {
			return // shared: the access walk sees it
		}
		if un, ok := x.(*ast.UnaryExpr); ok && un.Op == "*" {
			w.ptrWrite = true
			return
		}
		s := w.rootSym(x)
		if s == nil || s.typ.Kind != ctype.Array && s.typ.Kind != ctype.Struct && s.typ.Kind != ctype.Union {
			w.ptrWrite = true
			return
		}
		w.arrayWrites[s] = true
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if x, ok := storeTarget(n); ok {
			store(x)
		}
		if c, ok := n.(*ast.CallExpr); ok {
			w.call(c)
		}
		return true
	})
}

func (w *aggWalk) call(c *ast.CallExpr) {
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		w.fail("the loop calls through a function pointer, which may access shared memory")
		return
	}
	s := w.info.Uses[id]
	switch {
	case s == nil || s.kind != symFunc:
		w.fail("the loop calls '%s', which may access shared memory", id.Name)
	case pureUPC[id.Name]:
	case s.builtin != nil || strings.HasPrefix(id.Name, "upc_") || strings.HasPrefix(id.Name, "bupc_") || strings.HasPrefix(id.Name, "shmem_"):
		w.fail("the loop calls '%s', which accesses shared memory or synchronises", id.Name)
	case s.libc != nil:
		if !readOnlyLibc[id.Name] {
			for _, a := range c.Args {
				if w.typeOf(a).decaysToPointer() {
					w.ptrWrite = true
				}
			}
		}
	default:
		w.fail("the loop calls '%s', which may access shared memory", id.Name)
	}
}

// stmt walks a statement of the body. cond marks code that does not run
// exactly once per iteration; loops and switches count the constructs
// that a break or continue inside would leave.
func (w *aggWalk) stmt(s ast.Stmt, cond bool, loops, switches int) {
	switch s := s.(type) {
	case *ast.CompoundStmt:
		for _, it := range s.Items {
			w.stmt(it, cond, loops, switches)
		}
		for _, p := range s.Pragmas {
			if p.Consistency == ast.StrictMode {
				w.fail("the loop body switches to strict mode")
			}
		}
	case *ast.DeclStmt:
		for _, d := range s.Decls {
			if list, ok := d.Init.(*ast.InitList); ok {
				w.initList(list)
			} else if d.Init != nil {
				w.expr(d.Init, cond, false, "")
			}
		}
	case *ast.ExprStmt:
		w.expr(s.X, cond, false, "")
	case *ast.EmptyStmt:
	case *ast.IfStmt:
		w.expr(s.Cond, cond, false, "")
		w.stmt(s.Then, true, loops, switches)
		if s.Else != nil {
			w.stmt(s.Else, true, loops, switches)
		}
	case *ast.WhileStmt:
		w.expr(s.Cond, true, false, "")
		w.stmt(s.Body, true, loops+1, switches)
	case *ast.DoStmt:
		w.stmt(s.Body, true, loops+1, switches)
		w.expr(s.Cond, true, false, "")
	case *ast.ForStmt:
		if s.Init != nil {
			w.stmt(s.Init, cond, loops, switches)
		}
		if s.Cond != nil {
			w.expr(s.Cond, true, false, "")
		}
		if s.Post != nil {
			w.expr(s.Post, true, false, "")
		}
		w.stmt(s.Body, true, loops+1, switches)
	case *ast.UpcForallStmt:
		if s.Init != nil {
			w.stmt(s.Init, cond, loops, switches)
		}
		for _, e := range []ast.Expr{s.Cond, s.Post, s.Affinity} {
			if e != nil {
				w.expr(e, true, false, "")
			}
		}
		w.stmt(s.Body, true, loops+1, switches)
	case *ast.SwitchStmt:
		w.expr(s.Tag, cond, false, "")
		w.stmt(s.Body, true, loops, switches+1)
	case *ast.CaseStmt:
		w.stmt(s.Stmt, true, loops, switches)
	case *ast.DefaultStmt:
		w.stmt(s.Stmt, true, loops, switches)
	case *ast.LabeledStmt:
		w.fail("the loop body has a label")
		w.stmt(s.Stmt, true, loops, switches)
	case *ast.GotoStmt:
		w.fail("the loop body has a goto")
	case *ast.ReturnStmt:
		w.fail("the loop body returns from the function")
	case *ast.BreakStmt:
		if loops == 0 && switches == 0 {
			w.fail("the loop body has a break (the stores after it would be wrong)")
		}
	case *ast.ContinueStmt:
		if loops == 0 {
			w.fail("the loop body has a continue")
		}
	case *ast.UpcSyncStmt:
		w.fail("the loop body has a %s", s.Op)
	default:
		w.fail("the loop body has a statement the pass does not analyse")
	}
}

// expr walks an expression. write marks the lvalue of an assignment (op is
// its operator: "=", "+=", …, or "++"/"--").
func (w *aggWalk) expr(e ast.Expr, cond, write bool, op string) {
	switch e := e.(type) {
	case nil:
	case *ast.IntLit, *ast.FloatLit, *ast.CharLit, *ast.StringLit, *ast.SizeofType, *ast.SizeofExpr,
		*ast.UpcBlocksizeof, *ast.UpcElemsizeof, *ast.UpcLocalsizeof, *ast.OffsetofExpr:
		// Not evaluated, or constant.
	case *ast.Ident:
		if s := w.info.Uses[e]; s != nil && s.kind == symVar && s.st == stShared {
			if o := w.typeOf(e); o.Mode == lvShared {
				w.access(&aggAccess{obj: s, elem: o.Type.Unqual(), read: !write || op != "=", write: write,
					strict: o.Strict, why: fmt.Sprintf("the access to shared scalar '%s' is not subscripted by the induction variable", e.Name),
					text: e.Name}, cond)
			}
		}
	case *ast.IndexExpr:
		if o := w.typeOf(e); o.Mode == lvShared {
			a := &aggAccess{ix: e, elem: o.Type.Unqual(), read: !write || op != "=", write: write, strict: o.Strict, text: cExpr(e)}
			if s := w.rootSym(e); s != nil && s.st == stShared {
				a.obj = s
			} else if id, ok := e.X.(*ast.Ident); ok {
				if s := w.info.Uses[id]; s != nil && s.typ.IsPtrToShared() {
					a.ptrVar = s
				}
			}
			if cond {
				a.why = fmt.Sprintf("the access to %s does not happen exactly once per iteration", a.text)
			}
			w.access(a, cond)
			w.indexParts(e, cond)
			return
		}
		w.indexParts(e, cond)
	case *ast.UnaryExpr:
		switch e.Op {
		case "&":
			w.addressOf(e.X, cond)
		case "*":
			if o := w.typeOf(e); o.Mode == lvShared {
				w.access(&aggAccess{elem: o.Type.Unqual(), read: !write || op != "=", write: write, strict: o.Strict,
					why: "a dereference of a pointer-to-shared is not a subscripted access", text: cExpr(e)}, cond)
			}
			w.expr(e.X, cond, false, "")
		case "++", "--":
			w.expr(e.X, cond, true, e.Op)
		default:
			w.expr(e.X, cond, false, "")
		}
	case *ast.PostfixExpr:
		w.expr(e.X, cond, true, e.Op)
	case *ast.MemberExpr:
		if o := w.typeOf(e); o.Mode == lvShared || o.Mode == sharedAgg {
			if o.Mode == lvShared {
				w.access(&aggAccess{elem: o.Type.Unqual(), read: !write || op != "=", write: write, strict: o.Strict,
					why: "accesses to members of shared structures are not aggregated", text: cExpr(e)}, cond)
			}
		}
		w.expr(e.X, cond, false, "")
	case *ast.BinaryExpr:
		w.expr(e.X, cond, false, "")
		w.expr(e.Y, cond || e.Op == "&&" || e.Op == "||", false, "")
	case *ast.AssignExpr:
		// C leaves the order of the two sides unspecified; the values are
		// what matter here.
		w.expr(e.Y, cond, false, "")
		w.expr(e.X, cond, true, e.Op)
	case *ast.CondExpr:
		w.expr(e.Cond, cond, false, "")
		w.expr(e.Then, true, false, "")
		w.expr(e.Else, true, false, "")
	case *ast.CommaExpr:
		for _, x := range e.List {
			w.expr(x, cond, false, "")
		}
	case *ast.CastExpr:
		w.expr(e.X, cond, false, "")
	case *ast.CallExpr:
		for _, a := range e.Args {
			w.expr(a, cond, false, "")
		}
	case *ast.CompoundLit:
		w.initList(e.Init)
	case *ast.VaArgExpr:
		w.fail("the loop body uses va_arg")
	default:
		w.fail("the loop body has an expression the pass does not analyse")
	}
}

// initList walks the expressions of an initialiser list, as conditional
// accesses: the pass does not aggregate inside initialisers.
func (w *aggWalk) initList(list *ast.InitList) {
	ast.Inspect(list, func(n ast.Node) bool {
		if _, isList := n.(*ast.InitList); isList {
			return true
		}
		if x, ok := n.(ast.Expr); ok {
			w.expr(x, true, false, "")
			return false
		}
		return true
	})
}

// indexParts walks what an index expression evaluates besides the element.
func (w *aggWalk) indexParts(e *ast.IndexExpr, cond bool) {
	if inner, ok := e.X.(*ast.IndexExpr); ok {
		if o := w.typeOf(inner); o.Mode == sharedAgg || o.Mode == aggregate {
			w.indexParts(inner, cond)
		} else {
			w.expr(inner, cond, false, "")
		}
	} else if _, ok := e.X.(*ast.Ident); !ok {
		w.expr(e.X, cond, false, "")
	}
	w.expr(e.Index, cond, false, "")
}

// addressOf walks the operand of &: its subscripts are evaluated, the
// object itself is not accessed.
func (w *aggWalk) addressOf(x ast.Expr, cond bool) {
	switch x := x.(type) {
	case *ast.IndexExpr:
		w.indexParts(x, cond)
	case *ast.MemberExpr:
		if x.Arrow {
			w.expr(x.X, cond, false, "")
		} else {
			w.addressOf(x.X, cond)
		}
	case *ast.UnaryExpr:
		if x.Op == "*" {
			w.expr(x.X, cond, false, "")
		}
	case *ast.Ident:
	default:
		w.expr(x, cond, false, "")
	}
}

func (w *aggWalk) access(a *aggAccess, cond bool) {
	if a.strict {
		w.fail("the loop makes a strict access (%s), which orders it against other threads", a.text)
	}
	if w.plan != nil && a.ix != nil {
		a.local = w.provedLocal(a.ix)
	}
	w.all = append(w.all, a)
}

// provedLocal reports whether the enclosing upc_forall's affinity makes
// x[i] local, as localIndex does when translating it.
func (w *aggWalk) provedLocal(ix *ast.IndexExpr) bool {
	arr, ok1 := ix.X.(*ast.Ident)
	idx, ok2 := ix.Index.(*ast.Ident)
	if !ok1 || !ok2 || idx.Name != w.plan.loopVar.name {
		return false
	}
	a := w.info.Uses[arr]
	return a != nil && a.st == stShared && a.typ.Kind == ctype.Array && ctype.BlockOf(a.typ) == w.plan.block
}

// classify checks an access's element type and subscript.
func (w *aggWalk) classify(a *aggAccess) {
	if w.plan != nil && a.ix != nil && !a.local {
		a.local = w.provedLocal(a.ix)
	}
	if a.local || a.why != "" {
		return
	}
	if !a.elem.IsArith() {
		a.why = fmt.Sprintf("the element type of %s is not arithmetic", a.text)
		return
	}
	ix := a.ix
	switch {
	case a.obj != nil && a.obj.typ.Kind == ctype.Array && a.obj.typ.Elem.Kind != ctype.Array:
		if _, ok := ix.X.(*ast.Ident); !ok {
			a.why = fmt.Sprintf("%s is not a subscript of a shared array or pointer variable", a.text)
			return
		}
		w.subscript(a, ix.Index)
	case a.obj != nil && a.obj.typ.Kind == ctype.Array && a.obj.typ.Elem.Kind == ctype.Array && a.obj.typ.Elem.Elem.Kind != ctype.Array:
		row, ok := ix.X.(*ast.IndexExpr)
		if !ok {
			a.why = fmt.Sprintf("%s is not a subscript of a shared array", a.text)
			return
		}
		if _, ok := row.X.(*ast.Ident); !ok {
			a.why = fmt.Sprintf("%s is not a subscript of a shared array", a.text)
			return
		}
		k1, known1, ok1 := w.affine(row.Index)
		k2, known2, ok2 := w.affine(ix.Index)
		if !ok1 || !ok2 {
			a.why = fmt.Sprintf("the subscripts of %s are not affine in '%s'", a.text, w.loopVar.name)
			return
		}
		switch {
		case known1 && known2 && k1 == 0 && k2 == 0:
			a.why = fmt.Sprintf("%s does not depend on '%s'", a.text, w.loopVar.name)
		case known1 && k1 == 0:
			a.affineK, a.kKnown = k2, known2
		case known2 && k2 == 0:
			a.affineK, a.kKnown = k1, known1
		default:
			// Both subscripts move: injective only with the row length,
			// which the remark need not know; stores are not aggregated.
			a.affineK, a.kKnown = 0, false
		}
	case a.ptrVar != nil:
		p := a.ptrVar
		if p.inMem || p.st != stLocal && w.ptrWrite || w.isModified(p.name) {
			a.why = fmt.Sprintf("the loop may change the pointer '%s'", p.name)
			return
		}
		w.subscript(a, ix.Index)
	default:
		a.why = fmt.Sprintf("%s is not a subscript of a shared array or of a pointer-to-shared variable", a.text)
	}
}

func (w *aggWalk) subscript(a *aggAccess, idx ast.Expr) {
	if k, known, ok := w.affine(idx); ok {
		if known && k == 0 {
			a.why = fmt.Sprintf("%s does not depend on '%s'", a.text, w.loopVar.name)
			return
		}
		a.affineK, a.kKnown = k, known
		return
	}
	if w.indirectIndex(idx) {
		a.indirect = true
		return
	}
	a.why = fmt.Sprintf("the subscript of %s is neither affine in '%s' nor an element of a private index array", a.text, w.loopVar.name)
}

// dependence checks an aggregatable access against every access of the
// loop; it returns why the loop may not be transformed, or "".
func (w *aggWalk) dependence(a *aggAccess) string {
	name := func(b *aggAccess) string {
		if b.obj != nil {
			return "'" + b.obj.name + "'"
		}
		if b.ptrVar != nil {
			return "'" + b.ptrVar.name + "'"
		}
		return b.text
	}
	for _, b := range w.all {
		if b == a {
			continue
		}
		// Could b touch what a touches? Different static arrays never
		// overlap; anything through a pointer may.
		overlap := a.obj == nil || b.obj == nil || a.obj == b.obj
		if !overlap {
			continue
		}
		switch {
		case !a.write && b.write:
			if b.obj == nil {
				return fmt.Sprintf("the store to %s may alias the elements of %s read", b.text, name(a))
			}
			return fmt.Sprintf("the loop reads %s and stores to %s: a dependence through %s", a.text, b.text, name(a))
		case a.write && !b.write:
			if a.obj == nil || b.obj == nil {
				return fmt.Sprintf("the read of %s may alias the elements of %s stored", b.text, name(a))
			}
			return fmt.Sprintf("the loop reads %s and stores to %s: a dependence through %s", b.text, a.text, name(a))
		case a.write && b.write:
			return fmt.Sprintf("the loop stores to %s and to %s, which may overlap", a.text, b.text)
		}
	}
	if a.write {
		switch {
		case a.indirect:
			return fmt.Sprintf("the store to %s has an indirect subscript: two iterations may update one element", a.text)
		case !a.kKnown || a.affineK == 0:
			return fmt.Sprintf("the store to %s is not provably to a different element in each iteration", a.text)
		}
	}
	return ""
}

// invariantName reports whether a name keeps its value while the loop
// runs (the induction variable excluded).
func (w *aggWalk) invariantName(id *ast.Ident) bool {
	name := id.Name
	switch name {
	case "THREADS", "MYTHREAD", "UPC_MAX_BLOCK_SIZE":
		if w.info.Uses[id] == nil {
			return true
		}
	}
	s := w.info.Uses[id]
	if s == nil {
		return false
	}
	switch s.kind {
	case symEnumConst:
		return true
	case symVar:
	default:
		return false
	}
	if s.st == stShared || s.typ.Volatile || w.isModified(name) {
		return false
	}
	if (s.inMem || s.st != stLocal) && w.ptrWrite {
		return false // a store through a private pointer may change it
	}
	if s.typ.Kind == ctype.Array && w.arrayWrites[s] {
		return false
	}
	return true
}

// pure reports whether e has no side effects and depends only on
// loop-invariant values (and the induction variable, if allowI).
func (w *aggWalk) pure(e ast.Expr, allowI bool) bool {
	switch e := e.(type) {
	case *ast.IntLit, *ast.CharLit, *ast.FloatLit, *ast.SizeofType, *ast.SizeofExpr,
		*ast.UpcBlocksizeof, *ast.UpcElemsizeof, *ast.UpcLocalsizeof:
		return true
	case *ast.Ident:
		if w.loopVar != nil && e.Name == w.loopVar.name {
			return allowI
		}
		return w.invariantName(e)
	case *ast.BinaryExpr:
		return w.pure(e.X, allowI) && w.pure(e.Y, allowI)
	case *ast.UnaryExpr:
		switch e.Op {
		case "+", "-", "~", "!":
			return w.pure(e.X, allowI)
		case "&":
			// The address of an element (an affinity &a[i], &a[i][0]):
			// no access, only index arithmetic on an invariant base.
			x := e.X
			for {
				ix, ok := x.(*ast.IndexExpr)
				if !ok {
					break
				}
				if !w.pure(ix.Index, allowI) {
					return false
				}
				x = ix.X
			}
			if id, ok := x.(*ast.Ident); ok && x != e.X {
				// An array's address never changes; a pointer must be invariant.
				if s := w.info.Uses[id]; s != nil && s.kind == symVar && s.typ.Kind == ctype.Array {
					return true
				}
				return w.invariantName(id)
			}
		}
		return false
	case *ast.CastExpr:
		return w.pure(e.X, allowI)
	case *ast.CondExpr:
		return w.pure(e.Cond, allowI) && w.pure(e.Then, allowI) && w.pure(e.Else, allowI)
	case *ast.IndexExpr:
		// An element of a private array the loop does not write.
		return w.privateElem(e, allowI)
	}
	return false
}

// privateElem reports whether e is q[s] for a private array or pointer q
// the loop does not write through, with s pure.
func (w *aggWalk) privateElem(e *ast.IndexExpr, allowI bool) bool {
	id, ok := e.X.(*ast.Ident)
	if !ok {
		return false
	}
	q := w.info.Uses[id]
	if q == nil || q.kind != symVar || q.st == stShared || w.isModified(q.name) {
		return false
	}
	switch {
	case q.typ.Kind == ctype.Array && !q.typ.Elem.Shared && q.typ.Elem.IsArith():
		if w.arrayWrites[q] || w.ptrWrite {
			return false
		}
	case q.typ.Kind == ctype.Ptr && !q.typ.Elem.Shared && q.typ.Elem.IsArith():
		if len(w.arrayWrites) > 0 || w.ptrWrite || q.inMem && w.ptrWrite {
			return false
		}
	default:
		return false
	}
	return w.pure(e.Index, allowI)
}

// indirectIndex reports whether e is idx[s] with idx a private array the
// loop does not write and s depending on the induction variable.
func (w *aggWalk) indirectIndex(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	if !ok || !w.privateElem(ix, true) {
		return false
	}
	return mentionsName(ix.Index, w.loopVar.name)
}

// affine reports whether e is k*i + c with c loop-invariant, and k when
// it is a known constant.
func (w *aggWalk) affine(e ast.Expr) (k int64, known, ok bool) {
	i := w.loopVar.name
	if !mentionsName(e, i) {
		return 0, true, w.pure(e, false)
	}
	switch e := e.(type) {
	case *ast.Ident:
		return 1, true, true
	case *ast.BinaryExpr:
		switch e.Op {
		case "+", "-":
			k1, kn1, ok1 := w.affine(e.X)
			k2, kn2, ok2 := w.affine(e.Y)
			if e.Op == "-" {
				k2 = -k2
			}
			return k1 + k2, kn1 && kn2, ok1 && ok2
		case "*":
			x, y := e.X, e.Y
			if mentionsName(x, i) {
				x, y = y, x
			}
			if mentionsName(x, i) || !w.pure(x, false) {
				return 0, false, false
			}
			k2, kn2, ok2 := w.affine(y)
			if c := w.typeOf(x).Value; c != nil && !c.IsFloat() {
				return k2 * c.Int, kn2, ok2
			}
			return 0, false, ok2
		}
	case *ast.UnaryExpr:
		switch e.Op {
		case "-":
			k, kn, ok := w.affine(e.X)
			return -k, kn, ok
		case "+":
			return w.affine(e.X)
		}
	case *ast.CastExpr:
		if t := w.info.TypeExprs[e.Type]; t != nil && t.IsInteger() && t.Size() >= w.loopVar.typ.Size() {
			return w.affine(e.X)
		}
	}
	return 0, false, false
}

// describe is the remark text of an aggregated access.
func (a *aggAccess) describe() string {
	what := "read of "
	switch {
	case a.read && a.write:
		what = "update of "
	case a.write:
		what = "store to "
	}
	layout := "through a pointer-to-shared"
	strided := false
	if a.obj != nil {
		switch b := ctype.BlockOf(a.obj.typ); b {
		case 1:
			layout, strided = "cyclic", true
		case 0:
			layout = "indefinite"
		default:
			layout = fmt.Sprintf("blocked [%d]", b)
			strided = a.kKnown && (a.affineK == 1 || a.affineK == -1)
		}
	}
	dir := "get"
	if a.write && !a.read {
		dir = "put"
	} else if a.write {
		dir = "get and 1 put"
	}
	shape := "indexed"
	switch {
	case a.indirect:
		layout += ", indirect"
	case strided:
		shape = "strided"
	}
	return fmt.Sprintf("%s%s (%s, 1 %s per owner, %s)", what, a.text, layout, dir, shape)
}

// cExpr spells an expression as C source, for remarks.
func cExpr(e ast.Expr) string {
	var b strings.Builder
	writeC(&b, e, 0)
	return b.String()
}

func cPrec(op string) int {
	switch op {
	case "*", "/", "%":
		return 10
	case "+", "-":
		return 9
	case "<<", ">>":
		return 8
	case "<", ">", "<=", ">=":
		return 7
	case "==", "!=":
		return 6
	case "&":
		return 5
	case "^":
		return 4
	case "|":
		return 3
	case "&&":
		return 2
	case "||":
		return 1
	}
	return 0
}

func writeC(b *strings.Builder, e ast.Expr, outer int) {
	switch e := e.(type) {
	case *ast.Ident:
		b.WriteString(e.Name)
	case *ast.IntLit:
		b.WriteString(e.Raw)
	case *ast.CharLit:
		b.WriteString(e.Raw)
	case *ast.FloatLit:
		b.WriteString(e.Raw)
	case *ast.IndexExpr:
		writeC(b, e.X, 11)
		b.WriteByte('[')
		writeC(b, e.Index, 0)
		b.WriteByte(']')
	case *ast.BinaryExpr:
		p := cPrec(e.Op)
		if p < outer {
			b.WriteByte('(')
		}
		writeC(b, e.X, p)
		b.WriteString(e.Op)
		writeC(b, e.Y, p+1)
		if p < outer {
			b.WriteByte(')')
		}
	case *ast.UnaryExpr:
		b.WriteString(e.Op)
		writeC(b, e.X, 11)
	case *ast.MemberExpr:
		writeC(b, e.X, 11)
		if e.Arrow {
			b.WriteString("->")
		} else {
			b.WriteByte('.')
		}
		b.WriteString(e.Name)
	case *ast.CastExpr:
		b.WriteString("(…)")
		writeC(b, e.X, 11)
	default:
		b.WriteString("…")
	}
}
