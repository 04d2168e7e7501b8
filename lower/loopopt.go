package lower

import (
	"strconv"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// The loop-optimisation pass: strength reduction of private subscripts.
//
// Go does no loop-invariant code motion or strength reduction, so the
// lowering of c[i*n + j] inside a loop over j recomputes i*n, sign-extends
// the index and scales it on every iteration, where gcc -O2 keeps a running
// pointer. OptimizeLoops finds, in a for loop stepping one integer variable
// by a constant, the subscripts of private arrays and pointers whose index
// is affine in that variable with every other part loop-invariant, and
// gives each a running address: computed once before the loop, advanced by
// a constant number of bytes in the loop's post statement, and
// dereferenced in place of the subscript in the body. The pass decides in
// C terms (a LoopPlan); emit (loopopt_emit.go) names the Go temporaries,
// declares them and writes the post statement.
//
// The pass keeps C's semantics by transforming only what it can prove:
//
//   - the loop variable is a signed int or long local whose address is
//     never taken, stepped by a constant and changed by nothing else in the
//     body or the condition: it is still stepped as written, so its value
//     after the loop, and every other use of it, are unchanged;
//   - the other names in the index and the base pointer are locals whose
//     address is never taken (so neither a call nor a store through a
//     pointer can change them), not volatile, and not assigned in the body
//     or the condition; arrays are named directly (their address is fixed);
//   - every name in the index is a signed integer of at least int's width
//     after promotion, and the index uses only +, - and * by constants with
//     the loop variable: with signed overflow undefined in C, the index
//     advances by the same amount each iteration. Unsigned arithmetic,
//     which wraps, is left alone;
//   - the first address is computed from the index in 64-bit arithmetic,
//     so it equals the address C computes whenever C computes it without
//     overflow, even if the access runs only on later iterations;
//   - bodies with labels (a goto could enter them past the addresses'
//     initialisation) are left alone.
//
// Stores are not moved: each still writes memory where and when the C
// program does. Loads are not moved either but for the invariant loads of
// loopopt_loads.go and the invariant members of loopopt_reads.go, each
// with its own proof; so aliasing between the arrays is irrelevant.

// LoopPlan is what the loop pass decided for one for loop: the running
// addresses of its private subscripts, in C terms.
type LoopPlan struct {
	iv    *symbol // the loop variable
	step  int64   // what the post statement adds to it
	addrs []*LoopAddr
	// uses is where each planned subscript's element is: an address and
	// a constant displacement from it. A fixed address (an array's own)
	// is among the uses only, not among addrs.
	uses map[*ast.IndexExpr]LoopUse
	// trips, when the loop variable is the loop's own (declared in its
	// init clause, so dead after it, or dead after it for other reasons:
	// loopopt_dead.go), its condition compares it with an
	// invariant, and the body reads it only in planned subscripts, is the
	// number of iterations: the loop then counts on a running address
	// instead of the variable (untilHeader), one register and one add
	// fewer per iteration.
	trips *TripCount
	// guard says a first address reads memory (an invariant load in its
	// index, loopopt_loads.go) that only the loop's first iteration would
	// read: emit sets the loop up only when its condition holds.
	guard bool
	// reads are the members of local structs and the variables in C
	// memory the loop reads and cannot change, read once before it
	// (loopopt_reads.go, loopopt_vars.go).
	reads []ast.Expr
	// rows are the mentions of local pointers, Go variables the loop
	// cannot change, whose subscripts the loop indexes from a row
	// (loopopt_rows.go).
	rows []ast.Expr
	// lo is the analysis the plan was made from, which localRows asks
	// once every loop of the function is planned.
	lo *loopAnalysis
}

// LoopAddr is one running address of a LoopPlan: &base[index] for the
// loop variable's value before the loop, moving stride bytes each
// iteration. Subscripts that differ by a constant (u[k - 1], u[k],
// u[k + 1]) share one.
type LoopAddr struct {
	base   ast.Expr // the array or pointer subscripted
	index  ast.Expr // the subscript's non-constant part, or nil
	elem   int64    // bytes per element of base
	stride int64    // bytes the address moves each iteration
	fixed  bool     // &base[0] of a named array, moving by nothing: no variable
	// rows marks the running byte offset several rows of one pointer
	// share (u[(i-1)*n + k], u[i*n + k], u[(i+1)*n + k] in a loop over
	// k): it starts at 0 and moves stride bytes; base is the pointer.
	rows bool
	// of, for a row, is that offset: the row's address is fixed (stride
	// 0) and its element is row + offset + displacement, one memory
	// operand the Go compiler cannot schedule apart from its load, where
	// a C address per row plus the base of C addresses is three terms,
	// which Go adds up ahead of the loads and spills
	// (docs/PERFORMANCE.md, MG).
	of *LoopAddr
}

// LoopUse is where a planned subscript's element is: off bytes past the
// address addr holds on each iteration.
type LoopUse struct {
	addr *LoopAddr
	off  int64
}

// TripCount is the number of iterations of a loop, for the loop
// variable's value i before the loop: max(0, (bound - i + extra) / div)
// stepping up, max(0, (i - bound + extra) / div) stepping down, computed
// in 64 bits (the variable and the bound are of int's width at most, so
// the count is exact and at most 2^33). load says bound is an element
// p[k] of private memory, read once before the loop.
type TripCount struct {
	bound      ast.Expr
	load, down bool
	extra, div int64
}

// LoopOptions are the loop pass's options; the zero value is the default.
type LoopOptions struct {
	// NoStrictAliasing: no integer load is read once before a loop
	// (Config.NoStrictAliasing).
	NoStrictAliasing bool
}

// OptimizeLoops is the loop-optimisation pass over one function, run
// after check: for each for loop of fn that emit lowers as a Go loop of
// its own (check lowered it as a loop, aggregation left it to emit as
// written — agg holds the aggregation pass's plans — and no affinity
// expression hands out its iterations), the running addresses its private
// subscripts affine in the loop variable get, by loop statement. A
// subscript belongs to the outermost loop that plans it. It reads the
// types and symbols check recorded in info.
func OptimizeLoops(fn *ast.FuncDecl, info *Info, agg map[ast.Stmt]*AggPlan, opts LoopOptions) map[ast.Stmt]*LoopPlan {
	plans := map[ast.Stmt]*LoopPlan{}
	if fn.Body == nil {
		return plans
	}
	claimed := map[*ast.IndexExpr]bool{} // planned for an enclosing loop
	sealed, claimedReads := sealedStructs(fn, info), map[ast.Expr]bool{}
	var planned []*LoopPlan // outer loops first
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		var init ast.Stmt
		var cond, post ast.Expr
		var body ast.Stmt
		switch s := n.(type) {
		case *ast.ForStmt:
			init, cond, post, body = s.Init, s.Cond, s.Post, s.Body
		case *ast.UpcForallStmt:
			if s.Affinity != nil {
				return true
			}
			init, cond, post, body = s.Init, s.Cond, s.Post, s.Body
		default:
			return true
		}
		s := n.(ast.Stmt)
		if info.Loops[s] == nil || agg[s] != nil {
			return true
		}
		dead := func(iv *symbol) bool { return deadAfter(fn, info, s, iv) }
		if p := planLoop(info, opts, claimed, sealed, claimedReads, dead, init, cond, post, body); p != nil {
			plans[s] = p
			for ix := range p.uses {
				claimed[ix] = true
			}
			for _, m := range p.reads {
				claimedReads[m] = true
			}
			planned = append(planned, p)
		}
		return true
	})
	// Rows for local pointers, once every running address is known: a
	// subscript a loop walks needs none, and a loop planned for nothing
	// else would be a plan only for rows its inner loops drop.
	claimedRows := map[ast.Expr]bool{}
	for _, p := range planned {
		p.rows = p.lo.localRows(claimedRows, claimed)
		for _, m := range p.rows {
			claimedRows[m] = true
		}
	}
	return plans
}

// planLoop is the loop pass for one loop: the running addresses for the
// private subscripts of body (not claimed by an enclosing loop) that are
// affine in the loop variable, or nil when there are none or the loop is
// not one it can prove them for.
func planLoop(info *Info, opts LoopOptions, claimed map[*ast.IndexExpr]bool, sealed map[*symbol]bool, claimedReads map[ast.Expr]bool,
	deadAfter func(*symbol) bool, init ast.Stmt, cond, post ast.Expr, body ast.Stmt) *LoopPlan {
	if body == nil {
		return nil
	}
	id, step := constStep(post)
	if id == nil || step == 0 {
		return nil
	}
	iv := info.use(id)
	if iv == nil || iv.kind != symVar || iv.st != stLocal || iv.inMem || iv.typ.Volatile ||
		!iv.typ.IsSigned() || iv.typ.Kind == ctype.Enum || iv.typ.Size() < 4 {
		return nil
	}
	var condStmt ast.Stmt
	if cond != nil {
		condStmt = &ast.ExprStmt{X: cond}
	}
	if modifies(body, id.Name) || condStmt != nil && modifies(condStmt, id.Name) || hasLabels(body) {
		return nil
	}
	lo := &loopAnalysis{info: info, iv: iv, step: step, body: body, cond: condStmt, invariant: map[string]bool{}}
	lo.derived = lo.derivedVars()
	lo.loadsOK = !opts.NoStrictAliasing && lo.loadsInvariant()
	var anticipated map[*ast.IndexExpr]bool
	if lo.loadsOK {
		anticipated = anticipatedSubscripts(body)
	}
	guard := false
	uses := map[*ast.IndexExpr]LoopUse{}
	var found []*LoopAddr // distinct addresses, in the order of their first use
	byKey := map[string]*LoopAddr{}
	ast.Inspect(body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok {
			return true
		}
		if claimed[ix] {
			return false
		}
		a, off := lo.running(ix)
		if a == nil || lo.loaded && !anticipated[ix] {
			return true
		}
		guard = guard || lo.loaded && cond != nil
		// Subscripts that differ by a constant (u[k - 1], u[k], u[k + 1])
		// share one running address.
		key := lo.key(a.base) + "\x00" + lo.key(a.index) + "\x00" + strconv.FormatInt(a.stride, 10)
		if same := byKey[key]; same != nil {
			a = same
		} else {
			byKey[key] = a
			found = append(found, a)
		}
		uses[ix] = LoopUse{a, off}
		return false
	})
	// Rows of one pointer moving alike share one running offset.
	rows := map[string][]*LoopAddr{}
	rowsKey := func(a *LoopAddr) string { return lo.key(a.base) + "\x00" + strconv.FormatInt(a.stride, 10) }
	for _, a := range found {
		if !a.fixed && a.stride != 0 && lo.scalar(a) {
			rows[rowsKey(a)] = append(rows[rowsKey(a)], a)
		}
	}
	reads := lo.invariantReads(sealed, claimedReads)
	if !opts.NoStrictAliasing {
		reads = append(reads, lo.invariantVars(claimedReads, uses)...)
	}
	plan := &LoopPlan{iv: iv, step: step, uses: uses, guard: guard, reads: reads, lo: lo}
	for _, a := range found {
		switch group := rows[rowsKey(a)]; {
		case a.fixed:
			// A constant subscript of an array: its own address, no
			// variable needed.
		case a.of != nil:
			// A row, declared with its pointer's first.
		case len(group) > 1 && group[0] == a:
			off := &LoopAddr{base: a.base, stride: a.stride, rows: true}
			plan.addrs = append(plan.addrs, off)
			for _, r := range group {
				r.of, r.stride = off, 0
				plan.addrs = append(plan.addrs, r)
			}
		default:
			plan.addrs = append(plan.addrs, a)
		}
	}
	if len(plan.addrs) == 0 && len(plan.reads) == 0 {
		return nil // constant subscripts of arrays only: nothing to hoist
	}
	if (declares(init, id.Name) || deadAfter(iv)) && !readsOutside(info, body, iv, uses) {
		plan.trips = lo.trips(cond)
	}
	return plan
}

// readsOutside reports whether body names the loop variable iv anywhere
// but inside the subscripts the plan gives running addresses (uses),
// whose Go no longer computes the index. (A name under sizeof counts: it
// is not read, but saying so costs only the optimisation.)
func readsOutside(info *Info, body ast.Stmt, iv *symbol, uses map[*ast.IndexExpr]LoopUse) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			if _, planned := uses[n]; planned {
				return false
			}
		case *ast.Ident:
			found = found || info.use(n) == iv
		}
		return !found
	})
	return found
}

// constStep is the variable and step of a post clause i++, ++i, i--, --i,
// i += k or i -= k with k an integer constant.
func constStep(post ast.Expr) (*ast.Ident, int64) {
	switch p := post.(type) {
	case *ast.PostfixExpr:
		if id, ok := p.X.(*ast.Ident); ok {
			return id, map[string]int64{"++": 1, "--": -1}[p.Op]
		}
	case *ast.UnaryExpr:
		if id, ok := p.X.(*ast.Ident); ok && (p.Op == "++" || p.Op == "--") {
			return id, map[string]int64{"++": 1, "--": -1}[p.Op]
		}
	case *ast.AssignExpr:
		id, ok := p.X.(*ast.Ident)
		lit, ok2 := p.Y.(*ast.IntLit)
		if !ok || !ok2 || p.Op != "+=" && p.Op != "-=" {
			return nil, 0
		}
		k, err := strconv.ParseInt(lit.Raw, 10, 32)
		if err != nil || k == 0 {
			return nil, 0
		}
		if p.Op == "-=" {
			k = -k
		}
		return id, k
	}
	return nil, 0
}

// hasLabels reports whether s holds a label a goto could jump to.
func hasLabels(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if _, ok := n.(*ast.LabeledStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// loopAnalysis answers, for one loop, which expressions are invariant and
// which are affine in the loop variable, from what check recorded.
type loopAnalysis struct {
	info      *Info
	iv        *symbol
	step      int64
	body      ast.Stmt
	cond      ast.Stmt
	invariant map[string]bool // names already checked
	// derived are the locals the body sets from the loop variable
	// (loopopt_loads.go), with what it sets each to.
	derived map[*symbol]ast.Expr
	// loadsOK says the loop lets integer loads in an index be invariant;
	// loads that running allows them now, and loaded that the index it
	// analyses has one (loopopt_loads.go).
	loadsOK, loads, loaded bool
}

// valueType is e's type as a value (after array and function decay,
// unqualified), or nil when check typed nothing there.
func (lo *loopAnalysis) valueType(e ast.Expr) *ctype.Type {
	t := lo.info.Types[e].Type
	switch {
	case t == nil:
		return nil
	case t.Kind == ctype.Array:
		return ctype.PointerTo(t.Elem)
	case t.Kind == ctype.Func:
		return ctype.PointerTo(t)
	}
	return t.Unqual()
}

// running returns the running address for x[index] and the constant
// bytes to add to it, or nil.
func (lo *loopAnalysis) running(ix *ast.IndexExpr) (a *LoopAddr, off int64) {
	lo.loads, lo.loaded = lo.loadsOK, false
	defer func() { lo.loads = false }()
	if !lo.invariantBase(ix.X) {
		return nil, 0
	}
	index := lo.expand(ix.Index)
	coef, ok := lo.linear(index)
	if !ok {
		return nil, 0
	}
	base := lo.valueType(ix.X)
	if base == nil || base.Kind != ctype.Ptr || base.IsPtrToShared() {
		return nil, 0
	}
	elem := base.Elem
	size := elem.Size()
	if elem.Kind == ctype.Void || elem.Kind == ctype.Func || elem.Shared || elem.DependsOnTHREADS() || size <= 0 || size >= 1<<24 {
		return nil, 0
	}
	rest, k := lo.splitConstant(index)
	array := false
	if id, ok := ix.X.(*ast.Ident); ok && rest == nil {
		array = lo.info.use(id).typ.Kind == ctype.Array
	}
	return &LoopAddr{base: ix.X, index: rest, elem: size, stride: coef * lo.step * size, fixed: array}, k * size
}

// scalar reports whether a's elements are neither arrays nor structs or
// unions: only those get rows.
func (lo *loopAnalysis) scalar(a *LoopAddr) bool {
	k := lo.valueType(a.base).Elem.Kind
	return k != ctype.Array && k != ctype.Struct && k != ctype.Union
}

// key spells e, an invariant part of a subscript, so that two spellings
// of one value in the loop (the names are the loop's, none redeclared in
// the body) have one key: constants by value.
func (lo *loopAnalysis) key(e ast.Expr) string {
	if e == nil {
		return ""
	}
	if k, ok := lo.constant(e); ok {
		return strconv.FormatInt(k, 10)
	}
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.UnaryExpr:
		return e.Op + "(" + lo.key(e.X) + ")"
	case *ast.BinaryExpr:
		return "(" + lo.key(e.X) + e.Op + lo.key(e.Y) + ")"
	case *ast.IndexExpr:
		return lo.key(e.X) + "[" + lo.key(e.Index) + "]"
	}
	return cExpr(e)
}

// splitConstant splits an index linear accepted into its constant terms
// and the rest: i*n + j - 1 is i*n + j and -1, (i*n + j)*n + (k + 1) is
// (i*n + j)*n + k and 1 (the constant terms of its sums, not of a
// product's operands). rest is nil when the whole index is constant.
func (lo *loopAnalysis) splitConstant(e ast.Expr) (rest ast.Expr, k int64) {
	const limit = 1 << 20
	if c, ok := lo.constant(e); ok {
		if c > -limit && c < limit {
			return nil, c
		}
		return e, 0
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != "+" && b.Op != "-" {
		return e, 0
	}
	x, kx := lo.splitConstant(b.X)
	y, ky := lo.splitConstant(b.Y)
	if b.Op == "-" {
		ky = -ky
	}
	switch k = kx + ky; {
	case k <= -limit || k >= limit || x == nil && y == nil:
		return e, 0
	case y == nil:
		return x, k
	case x == nil && b.Op == "+":
		return y, k
	case x == nil:
		return &ast.UnaryExpr{OpPos: b.OpPos, Op: "-", X: y}, k
	case x == b.X && y == b.Y:
		return e, 0
	}
	return &ast.BinaryExpr{OpPos: b.OpPos, Op: b.Op, X: x, Y: y}, k
}

// invariantBase reports whether the pointer x[...] indexes is the same on
// every iteration: a private array, a row a[k] of one with k invariant, or
// a private pointer in a local the loop does not change.
func (lo *loopAnalysis) invariantBase(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		s := lo.info.use(x)
		if s == nil || s.kind != symVar || s.typ.Shared || lo.redeclared(x.Name) {
			return false
		}
		switch s.typ.Kind {
		case ctype.Array:
			return !s.typ.Elem.Shared && s.st != stShared
		case ctype.Ptr:
			return !s.typ.Elem.Shared && (lo.unchangedLocal(s) || lo.invariantPointer(s))
		}
	case *ast.IndexExpr:
		if !lo.invariantBase(x.X) {
			return false
		}
		row := lo.valueType(x.X)
		if row == nil || row.Kind != ctype.Ptr || row.Elem.Kind != ctype.Array {
			return false
		}
		c, ok := lo.linear(x.Index)
		return ok && c == 0
	}
	return false
}

// inspect walks the loop's body, then its condition, as ast.Inspect does.
func (lo *loopAnalysis) inspect(f func(ast.Node) bool) {
	ast.Inspect(lo.body, f)
	if lo.cond != nil {
		ast.Inspect(lo.cond, f)
	}
}

// redeclared reports whether the body declares a name of its own, which
// the analysis, resolving names in the enclosing scope, would mistake.
func (lo *loopAnalysis) redeclared(name string) bool {
	found := false
	ast.Inspect(lo.body, func(n ast.Node) bool {
		if d, ok := n.(*ast.Decl); ok && d.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// unchangedLocal reports whether s is a local the loop cannot change: its
// address is never taken, it is not volatile, and neither the body nor the
// condition assigns it.
func (lo *loopAnalysis) unchangedLocal(s *symbol) bool {
	if v, ok := lo.invariant[s.name]; ok {
		return v
	}
	v := s.st == stLocal && !s.inMem && !s.typ.Volatile &&
		!modifies(lo.body, s.name) && (lo.cond == nil || !modifies(lo.cond, s.name))
	lo.invariant[s.name] = v
	return v
}

// linear returns the coefficient of the loop variable in e, when e is
// built with +, - and * from signed integer constants, THREADS, MYTHREAD,
// the loop variable and invariant locals of signed type after promotion,
// and is linear in the loop variable.
func (lo *loopAnalysis) linear(e ast.Expr) (int64, bool) {
	const limit = 1 << 16 // keeps coefficient * step * size far from overflow
	switch e := e.(type) {
	case *ast.Ident:
		s := lo.info.use(e)
		if s == lo.iv {
			return 1, true
		}
		if s == nil && (e.Name == "THREADS" || e.Name == "MYTHREAD") {
			return 0, true // fixed while the program runs
		}
		if s == nil || lo.redeclared(e.Name) {
			return 0, false
		}
		if s.kind == symVar {
			if promotesSigned(s.typ) && lo.unchangedLocal(s) {
				return 0, true
			}
			return 0, lo.invariantLoad(e)
		}
		_, ok := lo.constant(e)
		return 0, ok
	case *ast.IntLit, *ast.CharLit:
		_, ok := lo.constant(e)
		return 0, ok
	case *ast.IndexExpr:
		return 0, lo.invariantLoad(e)
	case *ast.UnaryExpr:
		c, ok := lo.linear(e.X)
		switch e.Op {
		case "-":
			return -c, ok
		case "+":
			return c, ok
		}
	case *ast.BinaryExpr:
		l, ok1 := lo.linear(e.X)
		r, ok2 := lo.linear(e.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "+":
			return l + r, l+r > -limit && l+r < limit
		case "-":
			return l - r, l-r > -limit && l-r < limit
		case "*":
			if l != 0 && r != 0 {
				return 0, false
			}
			if l == 0 && r == 0 {
				return 0, true
			}
			k, ok := lo.constant(e.Y)
			c := l
			if l == 0 {
				k, ok = lo.constant(e.X)
				c = r
			}
			return c * k, ok && k > -limit && k < limit && c*k > -limit && c*k < limit
		default:
			// Another operator on constants: (1 << 20) * THREADS.
			if l != 0 || r != 0 {
				return 0, false
			}
			_, ok := lo.constant(e)
			return 0, ok
		}
	}
	return 0, false
}

// promotesSigned reports whether integer type t is, after the integer
// promotions, a signed type whose arithmetic may not overflow in C.
func promotesSigned(t *ctype.Type) bool {
	if !t.IsInteger() || t.Kind == ctype.Enum || t.Volatile {
		return false
	}
	return t.Size() < 4 || t.IsSigned()
}

// constant is e's value when e is a signed integer constant expression.
func (lo *loopAnalysis) constant(e ast.Expr) (int64, bool) { return signedConstant(lo.info, e) }

// signedConstant is e's value, as check folded it, when e is a signed
// integer constant expression.
func signedConstant(info *Info, e ast.Expr) (int64, bool) {
	tv := info.Types[e]
	if tv.Type == nil || tv.Value == nil {
		return 0, false
	}
	t := tv.Type.Unqual()
	if !t.IsInteger() || !promotesSigned(t) {
		return 0, false
	}
	return tv.Value.Int, true
}

// declares reports whether the init clause of a for loop declares name:
// the variable's scope is then the loop, so no code after it reads it.
func declares(init ast.Stmt, name string) bool {
	d, ok := init.(*ast.DeclStmt)
	if !ok {
		return false
	}
	for _, x := range d.Decls {
		if x.Name == name {
			return true
		}
	}
	return false
}

// trips is the number of iterations of a loop whose condition is cond,
// or nil when cond is not `i < e`, `i <= e` (stepping up) or `i > e`,
// `i >= e` (stepping down) with e invariant and of int's width at most.
func (lo *loopAnalysis) trips(cond ast.Expr) *TripCount {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || lo.iv.typ.Size() != 4 {
		return nil
	}
	if id, ok := b.X.(*ast.Ident); !ok || lo.info.use(id) != lo.iv {
		return nil
	}
	load, ok := lo.invariantBound(b.Y)
	if !ok {
		return nil
	}
	// What remains to cover, by steps of m.
	m := lo.step
	if m < 0 {
		m = -m
	}
	tc := &TripCount{bound: b.Y, load: load, down: lo.step < 0, div: m}
	switch {
	case b.Op == "<" && lo.step > 0, b.Op == ">" && lo.step < 0:
		tc.extra = m - 1
	case b.Op == "<=" && lo.step > 0, b.Op == ">=" && lo.step < 0:
		tc.extra = m
	default:
		return nil
	}
	return tc
}

// invariantBound reports whether e, the bound of a loop's condition, has
// the same value on every iteration and int's width at most: linear in
// nothing but invariants, or (load) an element p[k] of a private pointer
// or array with k invariant (NPB CG's rowstr[i + 1]) when the loop stores
// nothing to memory and calls nothing, so that the element cannot change.
func (lo *loopAnalysis) invariantBound(e ast.Expr) (load, ok bool) {
	t := lo.valueType(e)
	if t == nil || !t.IsInteger() || t.Size() > 4 || !promotesSigned(t) {
		return false, false
	}
	if c, ok := lo.linear(e); ok {
		return false, c == 0
	}
	ix, ok := e.(*ast.IndexExpr)
	if !ok || !lo.invariantBase(ix.X) || lo.storesOrCalls() {
		return false, false
	}
	if c, ok := lo.linear(ix.Index); !ok || c != 0 {
		return false, false
	}
	elem := lo.valueType(ix.X)
	if elem == nil || elem.Kind != ctype.Ptr || elem.IsPtrToShared() || elem.Elem.Volatile || elem.Elem.Shared {
		return false, false
	}
	return true, true
}

// goVariable reports whether lvalue x, stored to in the loop, is a
// variable held in Go: a local whose address is never taken and that is
// not volatile, or one the body declares. A store to it writes no C
// memory.
func (lo *loopAnalysis) goVariable(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	if lo.redeclared(id.Name) {
		return true
	}
	s := lo.info.use(id)
	return s != nil && s.kind == symVar && s.st == stLocal && !s.inMem && !s.typ.Volatile
}

// storesOrCalls reports whether the loop's body or condition may write
// memory: a call, or an assignment, increment or decrement of anything but
// a local whose address is never taken (or one the body declares).
func (lo *loopAnalysis) storesOrCalls() bool {
	found := false
	check := func(n ast.Node) bool {
		if _, isCall := n.(*ast.CallExpr); isCall {
			found = true
		}
		if x, isStore := storeTarget(n); isStore {
			found = found || !lo.goVariable(x)
		}
		return !found
	}
	lo.inspect(check)
	return found
}
