package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// The loop-optimisation pass: strength reduction of private subscripts.
//
// Go does no loop-invariant code motion or strength reduction, so the
// lowering of c[i*n + j] inside a loop over j recomputes i*n, sign-extends
// the index and scales it on every iteration, where gcc -O2 keeps a running
// pointer. optimizeLoop finds, in a for loop stepping one integer variable
// by a constant, the subscripts of private arrays and pointers whose index
// is affine in that variable with every other part loop-invariant, and
// gives each a running address: computed once before the loop, advanced by
// a constant number of bytes in the loop's post statement, and
// dereferenced in place of the subscript in the body.
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
// Loads and stores are not moved: each access still reads or writes
// memory where and when the C program does, so aliasing between the
// arrays is irrelevant.

// loopPlan is what optimizeLoop found for one loop.
type loopPlan struct {
	iv    *symbol // the loop variable
	step  int64   // what the post statement adds to it
	addrs []*runningAddr
	uses  map[*ast.IndexExpr]runningRef // each subscript's element
	// memAt and memDecl locate the declaration of the base of C
	// addresses in the function's Go, when this loop wrote it.
	memAt, memDecl int
	// trips, when the loop variable is the loop's own (declared in its
	// init clause, so dead after it) and its condition compares it with
	// an invariant, is the number of iterations as an int64 Go
	// expression of the variable's first value: the loop may then count
	// on a running address instead of the variable (untilAddress).
	trips string
}

// runningRef is where the loop pass put a subscript's element: at the C
// address at or, for a row (runningAddr.of), at bytes past the Go
// pointer row.
type runningRef struct {
	row  string // a row's Go pointer, or "" for a C address
	name string // the running address (or a row's running offset)
	off  int64  // the element's displacement from it, in bytes
}

// at is the element's C address, or for a row its offset in the row.
func (r runningRef) at() goExpr { return plusConst(primary(r.name), r.off) }

// runningAddr is one subscript turned into a running address.
type runningAddr struct {
	name   string // the Go variable holding &x[index] for the current iteration
	init   string // the address at the loop variable's value before the loop
	stride int64  // bytes the address moves each iteration
	fixed  bool   // the address is init itself, an array's: no variable
	base   string // the pointer subscripted
	scalar bool   // the element is neither an array nor a struct or union
	// of, for a row of a pointer that has several (u[(i-1)*n + k],
	// u[i*n + k], u[(i+1)*n + k] in a loop over k), is the byte offset
	// all its rows have moved, one running variable; name is then a Go
	// pointer to the row's element on the first iteration, fixed, and
	// the element is row+offset+constant: one memory operand the Go
	// compiler cannot schedule apart from its load, where a C address
	// per row plus the base of C addresses is three terms, which Go adds
	// up ahead of the loads and spills (docs/PERFORMANCE.md, MG).
	of *runningAddr
}

// ref is where the element off bytes past the address is.
func (a *runningAddr) ref(off int64) runningRef {
	if a.of != nil {
		return runningRef{row: a.name, name: a.of.name, off: off}
	}
	return runningRef{name: a.name, off: off}
}

// optimizeLoop is the loop-optimisation pass, run on each for loop as it
// is lowered: it returns the running addresses for the private subscripts
// of body that are affine in the loop variable, or nil when there are none
// or the loop is not one it can prove them for. The caller declares the
// addresses after the loop's init clause (declare), steps them in the
// post statement (post), and the lowering of subscripts uses them while
// the body is emitted.
func (tr *translator) optimizeLoop(init ast.Stmt, cond, post ast.Expr, body ast.Stmt) *loopPlan {
	if tr.fn == nil || body == nil {
		return nil
	}
	name, step := constStep(post)
	if name == "" || step == 0 {
		return nil
	}
	iv := tr.scope.lookup(name)
	if iv == nil || iv.kind != symVar || iv.st != stLocal || iv.inMem || iv.typ.Volatile ||
		!iv.typ.IsSigned() || iv.typ.Kind == ctype.Enum || iv.typ.Size() < 4 {
		return nil
	}
	var condStmt ast.Stmt
	if cond != nil {
		condStmt = &ast.ExprStmt{X: cond}
	}
	if modifies(body, name) || condStmt != nil && modifies(condStmt, name) || hasLabels(body) {
		return nil
	}
	lo := &loopAnalysis{tr: tr, iv: iv, step: step, body: body, cond: condStmt, invariant: map[string]bool{}}
	type use struct {
		a   *runningAddr
		off int64
	}
	uses := map[*ast.IndexExpr]use{}
	var found []*runningAddr // distinct addresses, in the order of their first use
	byKey := map[string]*runningAddr{}
	ast.Inspect(body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok {
			return true
		}
		if _, done := tr.fn.running[ix]; done {
			return false
		}
		a, off := lo.running(ix)
		if a == nil {
			return true
		}
		// Subscripts that differ by a constant (u[k - 1], u[k], u[k + 1])
		// share one running address.
		key := a.init + "\x00" + strconv.FormatInt(a.stride, 10)
		if same := byKey[key]; same != nil {
			a = same
		} else {
			byKey[key] = a
			found = append(found, a)
		}
		uses[ix] = use{a, off}
		return false
	})
	if len(found) == 0 {
		return nil
	}
	// Rows of one pointer moving alike share one running offset.
	rows := map[string][]*runningAddr{}
	rowsKey := func(a *runningAddr) string { return a.base + "\x00" + strconv.FormatInt(a.stride, 10) }
	for _, a := range found {
		if !a.fixed && a.stride != 0 && a.scalar {
			rows[rowsKey(a)] = append(rows[rowsKey(a)], a)
		}
	}
	plan := &loopPlan{iv: iv, step: step, uses: map[*ast.IndexExpr]runningRef{}}
	for _, a := range found {
		switch group := rows[rowsKey(a)]; {
		case a.fixed:
			// A constant subscript of an array: its own address, no
			// variable needed.
			a.name = a.init
		case a.of != nil:
			// A row, declared with its pointer's first.
		case len(group) > 1 && group[0] == a:
			off := &runningAddr{name: tr.fn.goName(a.name), init: "uintptr(0)", stride: a.stride}
			plan.addrs = append(plan.addrs, off)
			for _, r := range group {
				r.of, r.stride, r.name = off, 0, tr.fn.goName(goIdent(strings.TrimSuffix(r.name, "At")+"Row"))
				plan.addrs = append(plan.addrs, r)
			}
		default:
			a.name = tr.fn.goName(a.name)
			plan.addrs = append(plan.addrs, a)
		}
	}
	if len(plan.addrs) == 0 {
		return nil // constant subscripts of arrays only: nothing to hoist
	}
	for ix, u := range uses {
		plan.uses[ix] = u.a.ref(u.off)
	}
	if declares(init, name) {
		plan.trips = lo.trips(cond)
	}
	return plan
}

// declare writes the running addresses' declarations, and the base of C
// addresses the accesses through them use, unless an enclosing loop has
// it in a local already.
func (p *loopPlan) declare(fn *funcState) {
	if fn.memBase == "" {
		fn.memBase, p.memAt = fn.goName("mem"), fn.body.Len()
		// A local base of C addresses: a store through one pointer cannot
		// change it, so Go keeps it in a register across the loop.
		fn.stmt(fn.memBase + " := cmem.Base()")
		p.memDecl = fn.body.Len() - p.memAt
	}
	for _, a := range p.addrs {
		switch {
		case a.of != nil:
			fn.stmt(fmt.Sprintf("%s := unsafe.Add(%s, %s)", a.name, fn.memBase, a.init))
		case !a.fixed:
			fn.stmt(fmt.Sprintf("%s := %s", a.name, a.init))
		}
	}
	if fn.running == nil {
		fn.running = map[*ast.IndexExpr]runningRef{}
	}
	for ix, at := range p.uses {
		fn.running[ix] = at
	}
}

// done forgets the running addresses once the loop is emitted, and the
// base if this loop declared it; a base no access used (every subscript
// was an aggregate, or stood in sizeof) is taken out again.
func (p *loopPlan) done(fn *funcState) {
	for ix := range p.uses {
		delete(fn.running, ix)
	}
	if p.memDecl == 0 {
		return
	}
	code := fn.body.String()
	if !mentions(code[p.memAt+p.memDecl:], fn.memBase) {
		fn.body.Reset()
		fn.body.WriteString(code[:p.memAt] + code[p.memAt+p.memDecl:])
		if fn.lastDirective > p.memAt {
			fn.lastDirective -= p.memDecl
		}
	}
	fn.memBase = ""
}

// steps reports whether some running address moves: otherwise the post
// statement stays as written.
func (p *loopPlan) steps() bool {
	for _, a := range p.addrs {
		if a.stride != 0 {
			return true
		}
	}
	return false
}

// post is the loop's post statement: the loop variable and every running
// address stepped together.
func (p *loopPlan) post() string { return p.postBy(p.iv.goName + signed(p.step)) }

// postBy is a post statement setting the loop variable to next and
// stepping every running address.
func (p *loopPlan) postBy(next string) string {
	lhs, rhs := p.stepped()
	lhs = append([]string{p.iv.goName}, lhs...)
	rhs = append([]string{next}, rhs...)
	return strings.Join(lhs, ", ") + " = " + strings.Join(rhs, ", ")
}

// stepped is the running addresses that move, and each one's next value.
func (p *loopPlan) stepped() (lhs, rhs []string) {
	for _, a := range p.addrs {
		if a.stride != 0 {
			lhs = append(lhs, a.name)
			rhs = append(rhs, a.name+signed(a.stride))
		}
	}
	return lhs, rhs
}

// signed spells +k or -k.
func signed(k int64) string {
	if k < 0 {
		return strconv.FormatInt(k, 10)
	}
	return "+" + strconv.FormatInt(k, 10)
}

// constStep is the variable and step of a post clause i++, ++i, i--, --i,
// i += k or i -= k with k an integer constant.
func constStep(post ast.Expr) (string, int64) {
	switch p := post.(type) {
	case *ast.PostfixExpr:
		if id, ok := p.X.(*ast.Ident); ok {
			return id.Name, map[string]int64{"++": 1, "--": -1}[p.Op]
		}
	case *ast.UnaryExpr:
		if id, ok := p.X.(*ast.Ident); ok && (p.Op == "++" || p.Op == "--") {
			return id.Name, map[string]int64{"++": 1, "--": -1}[p.Op]
		}
	case *ast.AssignExpr:
		id, ok := p.X.(*ast.Ident)
		lit, ok2 := p.Y.(*ast.IntLit)
		if !ok || !ok2 || p.Op != "+=" && p.Op != "-=" {
			return "", 0
		}
		k, err := strconv.ParseInt(lit.Raw, 10, 32)
		if err != nil || k == 0 {
			return "", 0
		}
		if p.Op == "-=" {
			k = -k
		}
		return id.Name, k
	}
	return "", 0
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
// which are affine in the loop variable.
type loopAnalysis struct {
	tr        *translator
	iv        *symbol
	step      int64
	body      ast.Stmt
	cond      ast.Stmt
	invariant map[string]bool // names already checked
}

// running returns the running address for x[index] and the constant
// bytes to add to it, or nil. The address is not yet named: a has the
// name to derive one from.
func (lo *loopAnalysis) running(ix *ast.IndexExpr) (a *runningAddr, off int64) {
	tr := lo.tr
	if !lo.invariantBase(ix.X) {
		return nil, 0
	}
	coef, ok := lo.linear(ix.Index)
	if !ok {
		return nil, 0
	}
	base := tr.value(ix.X)
	if base.invalid || base.t.Kind != ctype.Ptr || base.t.IsPtrToShared() || !base.pure {
		return nil, 0
	}
	elem := base.t.Elem
	size := elem.Size()
	if elem.Kind == ctype.Void || elem.Kind == ctype.Func || elem.Shared || elem.DependsOnTHREADS() || size <= 0 || size >= 1<<24 {
		return nil, 0
	}
	rest, k := lo.splitConstant(ix.Index)
	init := base.code
	if rest != nil {
		init = fmt.Sprintf("%s + uintptr(%s)*%d", base.code, lo.wide(rest, precAdd), size)
	}
	array := false
	if id, ok := ix.X.(*ast.Ident); ok && rest == nil {
		array = tr.scope.lookup(id.Name).typ.Kind == ctype.Array
	}
	scalar := elem.Kind != ctype.Array && elem.Kind != ctype.Struct && elem.Kind != ctype.Union
	return &runningAddr{name: goIdent(subscriptedName(ix.X)) + "At", init: init, stride: coef * lo.step * size, fixed: array, base: base.code, scalar: scalar}, k * size
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

// subscriptedName is the array or pointer a subscript indexes, for naming its
// running address.
func subscriptedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return subscriptedName(e.X)
	}
	return "elem"
}

// invariantBase reports whether the pointer x[...] indexes is the same on
// every iteration: a private array, a row a[k] of one with k invariant, or
// a private pointer in a local the loop does not change.
func (lo *loopAnalysis) invariantBase(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		s := lo.tr.scope.lookup(x.Name)
		if s == nil || s.kind != symVar || s.typ.Shared || lo.redeclared(x.Name) {
			return false
		}
		switch s.typ.Kind {
		case ctype.Array:
			return !s.typ.Elem.Shared && s.st != stShared
		case ctype.Ptr:
			return !s.typ.Elem.Shared && lo.unchangedLocal(s)
		}
	case *ast.IndexExpr:
		if !lo.invariantBase(x.X) {
			return false
		}
		row := lo.tr.value(x.X)
		if row.invalid || row.t.Kind != ctype.Ptr || row.t.Elem.Kind != ctype.Array {
			return false
		}
		c, ok := lo.linear(x.Index)
		return ok && c == 0
	}
	return false
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
		s := lo.tr.scope.lookup(e.Name)
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
			return 0, promotesSigned(s.typ) && lo.unchangedLocal(s)
		}
		_, ok := lo.constant(e)
		return 0, ok
	case *ast.IntLit, *ast.CharLit:
		_, ok := lo.constant(e)
		return 0, ok
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
func (lo *loopAnalysis) constant(e ast.Expr) (int64, bool) {
	o := lo.tr.value(e)
	if o.invalid || o.c == nil || !o.t.IsInteger() || !promotesSigned(o.t) {
		return 0, false
	}
	return o.c.Int, true
}

// Precedences of the Go expressions wide writes.
const (
	precAdd = 1 + iota
	precMul
	precUnary
)

// wide writes an index linear checks as an int64 Go expression: the
// value C computes, whenever C computes it without overflow.
func (lo *loopAnalysis) wide(e ast.Expr, prec int) string {
	if k, ok := lo.constant(e); ok {
		if k < 0 && prec > precAdd {
			return "(" + strconv.FormatInt(k, 10) + ")"
		}
		return strconv.FormatInt(k, 10)
	}
	code, p := "", precUnary
	switch e := e.(type) {
	case *ast.Ident:
		o := lo.tr.value(e) // a local, THREADS or MYTHREAD
		code = o.code
		if goType(o.t) != "int64" {
			code = "int64(" + code + ")"
		}
	case *ast.UnaryExpr:
		code = lo.wide(e.X, precUnary)
		if e.Op == "-" {
			code = "-" + code
		}
	case *ast.BinaryExpr:
		p = precAdd
		if e.Op == "*" {
			p = precMul
		}
		code = lo.wide(e.X, p) + e.Op + lo.wide(e.Y, p+1)
		if p == precAdd {
			code = lo.wide(e.X, p) + " " + e.Op + " " + lo.wide(e.Y, p+1)
		}
	}
	if p < prec {
		return "(" + code + ")"
	}
	return code
}

// runningAddr is the C address the loop pass gave subscript e, if any
// and if not a row's (derefRunning lowers those).
func (f *funcState) runningAddr(e *ast.IndexExpr) (goExpr, bool) {
	if f == nil {
		return goExpr{}, false
	}
	r, ok := f.running[e]
	return r.at(), ok && r.row == ""
}

// derefRunning is the element x[i] of pointer type pt the loop pass gave
// a running address, at r.
func (tr *translator) derefRunning(e *ast.IndexExpr, pt *ctype.Type, pos token.Pos) (operand, bool) {
	if tr.fn == nil {
		return operand{}, false
	}
	r, ok := tr.fn.running[e]
	switch {
	case !ok || pt.IsPtrToShared():
		return operand{}, false
	case r.row == "":
		return tr.deref(operand{kind: rvalue, t: pt, goExpr: r.at(), pure: true}, pos), true
	}
	// A row (the pass gives rows to scalar elements only).
	t := pt.Elem
	addr := plusConst(binaryOp(primaryf("uintptr(%s)", r.row), "+", primary(r.name)), r.off)
	return operand{kind: lvGo, t: t, goExpr: unaryOp("*", primaryf("cmem.At[%s](%s, %s)", goType(t), r.row, r.at())), addr: addr, pure: true}, true
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

// trips returns the number of iterations of a loop whose condition is
// cond, as an int64 Go expression of the loop variable's value before
// the loop, or "" when cond is not `i < e`, `i <= e` (stepping up) or
// `i > e`, `i >= e` (stepping down) with e invariant. The variable and
// e are of int's width at most, so the count, computed in 64 bits, is
// exact (and at most 2^33).
func (lo *loopAnalysis) trips(cond ast.Expr) string {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || lo.iv.typ.Size() != 4 {
		return ""
	}
	if id, ok := b.X.(*ast.Ident); !ok || lo.tr.scope.lookup(id.Name) != lo.iv {
		return ""
	}
	bound, ok := lo.invariantBound(b.Y)
	if !ok {
		return ""
	}
	// left - right is what remains to cover, by steps of m.
	left, right, m := bound(precAdd), "int64("+lo.iv.goName+")", lo.step
	if m < 0 {
		left, right, m = "int64("+lo.iv.goName+")", bound(precMul), -m
	}
	extra := int64(0)
	switch {
	case b.Op == "<" && lo.step > 0, b.Op == ">" && lo.step < 0:
		extra = m - 1
	case b.Op == "<=" && lo.step > 0, b.Op == ">=" && lo.step < 0:
		extra = m
	default:
		return ""
	}
	n := left + " - " + right
	if right == "0" {
		n = left
	}
	if extra != 0 {
		n += " + " + strconv.FormatInt(extra, 10)
	}
	if m != 1 {
		n = "(" + n + ") / " + strconv.FormatInt(m, 10)
	}
	return "max(0, " + n + ")"
}

// untilAddress rewrites the header of the loop, which forStmt wrote at
// offset at of the function's Go, to stop on a running address instead of
// the loop variable, when the body's Go does not read the variable (every
// use of it was a subscript now done by a running address): the variable
// is then neither stepped nor tested, one register and one add fewer per
// iteration.
func (p *loopPlan) untilAddress(fn *funcState, at int) {
	if p.trips == "" {
		return
	}
	var lead *runningAddr
	for _, a := range p.addrs {
		if a.stride != 0 && a.stride > -1<<30 && a.stride < 1<<30 {
			lead = a
			break
		}
	}
	code := fn.body.String()
	end := strings.IndexByte(code[at:], '\n')
	if lead == nil || end < 0 || mentions(code[at+end:], p.iv.goName) {
		return
	}
	end += at
	stop := fn.goName("end")
	lhs, rhs := p.stepped()
	next := strings.Join(lhs, ", ") + " = " + strings.Join(rhs, ", ")
	if len(lhs) == 1 {
		next = lhs[0] + " += " + strconv.FormatInt(lead.stride, 10)
		if lead.stride < 0 {
			next = lhs[0] + " -= " + strconv.FormatInt(-lead.stride, 10)
		}
	}
	header := fmt.Sprintf("for %s := %s + uintptr(%s*%d); %s != %s; %s {",
		stop, lead.name, p.trips, lead.stride, lead.name, stop, next)
	fn.body.Reset()
	fn.body.WriteString(code[:at] + header + code[end:])
	if fn.lastDirective > at {
		fn.lastDirective += len(header) - (end - at)
	}
}

// invariantBound returns, for the bound e of a loop's condition, a
// function writing it as an int64 Go expression, when e has the same
// value on every iteration and int's width at most: linear in nothing
// but invariants, or an element p[k] of a private pointer or array with
// k invariant (NPB CG's rowstr[i + 1]) when the loop stores nothing to
// memory and calls nothing, so that the element cannot change.
func (lo *loopAnalysis) invariantBound(e ast.Expr) (func(prec int) string, bool) {
	o := lo.tr.value(e)
	if o.invalid || !o.t.IsInteger() || o.t.Size() > 4 || !promotesSigned(o.t) {
		return nil, false
	}
	if c, ok := lo.linear(e); ok {
		return func(prec int) string { return lo.wide(e, prec) }, c == 0
	}
	ix, ok := e.(*ast.IndexExpr)
	if !ok || !lo.invariantBase(ix.X) || lo.storesOrCalls() {
		return nil, false
	}
	if c, ok := lo.linear(ix.Index); !ok || c != 0 {
		return nil, false
	}
	elem := lo.tr.value(ix.X)
	if elem.invalid || elem.t.Kind != ctype.Ptr || elem.t.IsPtrToShared() || elem.t.Elem.Volatile || elem.t.Elem.Shared {
		return nil, false
	}
	return func(int) string { return "int64(" + lo.tr.rval(lo.tr.expr(e)).code + ")" }, true
}

// storesOrCalls reports whether the loop's body or condition may write
// memory: a call, or an assignment, increment or decrement of anything but
// a local whose address is never taken (or one the body declares).
func (lo *loopAnalysis) storesOrCalls() bool {
	found := false
	local := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		if lo.redeclared(id.Name) {
			return true
		}
		s := lo.tr.scope.lookup(id.Name)
		return s != nil && s.kind == symVar && s.st == stLocal && !s.inMem && !s.typ.Volatile
	}
	check := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.AssignExpr:
			found = found || !local(n.X)
		case *ast.PostfixExpr:
			found = found || !local(n.X)
		case *ast.UnaryExpr:
			found = found || (n.Op == "++" || n.Op == "--") && !local(n.X)
		}
		return !found
	}
	ast.Inspect(lo.body, check)
	if lo.cond != nil {
		ast.Inspect(lo.cond, check)
	}
	return found
}
