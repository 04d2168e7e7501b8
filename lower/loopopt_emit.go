package lower

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// Emit of the loop pass's plans (loopopt.go): forStmt renders a loop's
// LoopPlan as it reaches the loop (renderLoop: the Go names of the running
// addresses and their first values), declares them after the loop's init
// clause (declare), steps them in the post statement (post), and the
// lowering of subscripts uses them while the body is emitted
// (runningAddr, derefRunning).

// loopPlan is a LoopPlan (or OptimizeForall's running addresses) as Go.
type loopPlan struct {
	iv    *symbol // the loop variable
	step  int64   // what the post statement adds to it
	addrs []*runningAddr
	uses  map[*ast.IndexExpr]runningRef // each subscript's element
	// declaresMem says this loop declared the base of C addresses.
	declaresMem bool
	// trips is the LoopPlan's trip count as an int64 Go expression of
	// the variable's first value, or "".
	trips string
	guard bool // LoopPlan.guard
	// reads are the LoopPlan's invariant reads as Go: each member's or
	// variable's value, in a variable declared before the loop.
	reads map[ast.Expr]invariantRead
}

// invariantRead is a member of a local struct or a variable in C memory
// read once before a loop: the Go variable holding it and its first value;
// or a local pointer, a Go variable already, with no first value to
// declare (loopopt_rows.go). row, for a private pointer (or an array's
// address) to scalars, is a Go pointer to its first element, declared
// beside it: the loop's subscripts
// of it are then one memory operand, row plus the scaled index, where the
// C address plus the base of C addresses is one more add per access
// (rowSubscript).
type invariantRead struct {
	name, init, row string
	t               *ctype.Type
}

// runningRef is where a subscript's element is: at the C address at or,
// for a row (runningAddr.of), at bytes past the Go pointer row.
type runningRef struct {
	row  string // a row's Go pointer, or "" for a C address
	name string // the running address (or a row's running offset)
	off  int64  // the element's displacement from it, in bytes
}

// at is the element's C address, or for a row its offset in the row.
func (r runningRef) at() goExpr { return plusConst(primary(r.name), r.off) }

// runningAddr is one running address as Go.
type runningAddr struct {
	name   string // the Go variable holding the address for the current iteration
	init   string // the address at the loop variable's value before the loop
	stride int64  // bytes the address moves each iteration
	fixed  bool   // the address is init itself, an array's: no variable
	// of, for a row, is the running offset its pointer's rows share;
	// name is then a Go pointer to the row's element on the first
	// iteration (LoopAddr.of).
	of *runningAddr
}

// ref is where the element off bytes past the address is.
func (a *runningAddr) ref(off int64) runningRef {
	if a.of != nil {
		return runningRef{row: a.name, name: a.of.name, off: off}
	}
	return runningRef{name: a.name, off: off}
}

// renderLoop writes the Go of plan p where the loop stands, after its
// init clause: the names of the running addresses, reserved in the
// function, and their first values; nil for no plan.
func (tr *translator) renderLoop(p *LoopPlan) *loopPlan {
	if p == nil {
		return nil
	}
	fn := tr.fn
	lp := &loopPlan{iv: p.iv, step: p.step, uses: map[*ast.IndexExpr]runningRef{}, guard: p.guard}
	byAddr := map[*LoopAddr]*runningAddr{}
	for _, a := range p.addrs {
		stem := goIdent(subscriptedName(a.base)) + "At"
		var r *runningAddr
		switch {
		case a.rows:
			r = &runningAddr{name: fn.goName(stem), init: "uintptr(0)", stride: a.stride}
		case a.of != nil:
			r = &runningAddr{name: fn.goName(goIdent(strings.TrimSuffix(stem, "At") + "Row")), init: tr.firstAddr(a), of: byAddr[a.of]}
		default:
			r = &runningAddr{name: fn.goName(stem), init: tr.firstAddr(a), stride: a.stride}
		}
		byAddr[a] = r
		lp.addrs = append(lp.addrs, r)
	}
	for ix, u := range p.uses {
		r := byAddr[u.addr]
		if r == nil { // a fixed address: the array's own
			r = &runningAddr{init: tr.firstAddr(u.addr), fixed: true}
			r.name = r.init
			byAddr[u.addr] = r
		}
		lp.uses[ix] = r.ref(u.off)
	}
	if p.trips != nil {
		lp.trips = tr.tripsCode(p.iv, p.trips)
	}
	byKey := map[string]invariantRead{}
	for _, m := range p.reads {
		key := cExpr(m)
		r, ok := byKey[key]
		if !ok {
			v := tr.value(m)
			r = invariantRead{name: fn.goName(readName(m)), init: v.code, t: v.t}
			if rowElem(v.t) != nil {
				r.row = fn.goName(strings.TrimSuffix(readName(m), "Val") + "Row")
			}
			byKey[key] = r
		}
		if lp.reads == nil {
			lp.reads = map[ast.Expr]invariantRead{}
		}
		lp.reads[m] = r
	}
	for _, m := range p.rows {
		// A local pointer is a Go variable already: only its row is
		// declared.
		key := cExpr(m)
		r, ok := byKey[key]
		if !ok {
			v := tr.value(m)
			r = invariantRead{name: v.code, t: v.t, row: fn.goName(goIdent(key) + "Row")}
			byKey[key] = r
		}
		if lp.reads == nil {
			lp.reads = map[ast.Expr]invariantRead{}
		}
		lp.reads[m] = r
	}
	return lp
}

// declareReads writes the variables of the loop's invariant reads, in the
// order of their first use, and has the body read them.
func (p *loopPlan) declareReads(fn *funcState) {
	declared := map[string]bool{}
	for _, m := range sortedReads(p.reads) {
		r := p.reads[m]
		if !declared[r.name] {
			declared[r.name] = true
			// Declared only if read: a planned subscript may stand
			// where a variable was mentioned.
			if r.init != "" {
				fn.body.declareIfRead(r.name, r.name+" := "+r.init)
			}
			if r.row != "" {
				fn.body.declareIfRead(r.row, fmt.Sprintf("%s := unsafe.Add(%s, %s)", r.row, fn.memBase, r.name))
			}
		}
		if fn.reads == nil {
			fn.reads = map[ast.Expr]invariantRead{}
		}
		fn.reads[m] = r
	}
}

// forgetReads ends the loop's invariant reads once it is emitted.
func (p *loopPlan) forgetReads(fn *funcState) {
	for m := range p.reads {
		delete(fn.reads, m)
	}
}

// readName is the stem of the Go variable holding invariant read e: s_f
// for a member s.f, pVal for a variable p.
func readName(e ast.Expr) string {
	if m, ok := e.(*ast.MemberExpr); ok {
		return goIdent(cExpr(m.X) + "_" + m.Name)
	}
	return goIdent(cExpr(e) + "Val")
}

// readPos is where invariant read e is in the source: a member's name,
// a variable's.
func readPos(e ast.Expr) token.Pos {
	if m, ok := e.(*ast.MemberExpr); ok {
		return m.NamePos
	}
	return e.Pos()
}

// sortedReads are the members and variables of reads in source order.
func sortedReads(reads map[ast.Expr]invariantRead) []ast.Expr {
	ms := make([]ast.Expr, 0, len(reads))
	for m := range reads {
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool {
		a, b := readPos(ms[i]), readPos(ms[j])
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return cExpr(ms[i]) < cExpr(ms[j])
	})
	return ms
}

// invariantRead is the Go variable holding the value of member or
// variable e, when an enclosing loop reads it once (loopopt_reads.go,
// loopopt_vars.go).
func (f *funcState) invariantRead(e ast.Expr) (operand, bool) {
	if f == nil {
		return operand{}, false
	}
	r, ok := f.reads[e]
	return operand{kind: rvalue, t: r.t, goExpr: primary(r.name), pure: true}, ok
}

// rowElem is the element type of t when t is a private pointer to
// scalars, which an invariant read gives a row; else nil.
func rowElem(t *ctype.Type) *ctype.Type {
	if t == nil || t.Kind != ctype.Ptr || t.IsPtrToShared() {
		return nil
	}
	el := t.Elem
	if el.Shared || el.Volatile || el.Kind == ctype.Array || el.Kind == ctype.Struct || el.Kind == ctype.Union ||
		el.Kind == ctype.Void || el.Kind == ctype.Func || el.Size() <= 0 {
		return nil
	}
	return el
}

// rowSubscript is x[i] for x read once before the loop with a row
// (invariantRead.row), i the index's value: the element at the row plus i
// scaled, in one memory operand. A negative constant index is left to the
// C address.
func (tr *translator) rowSubscript(e *ast.IndexExpr, i operand) (operand, bool) {
	if tr.fn == nil || tr.fn.reads == nil {
		return operand{}, false
	}
	r, ok := tr.fn.reads[e.X]
	if !ok || r.row == "" {
		return operand{}, false
	}
	t := rowElem(r.t)
	if !i.t.IsInteger() {
		return operand{}, false
	}
	op, step := tr.scaledStep(i, t)
	switch op {
	case "":
		step = intLit(0)
	case "-":
		return operand{}, false
	}
	addr := binaryOp(primaryf("uintptr(%s)", r.row), "+", step)
	return operand{kind: lvGo, t: t, goExpr: unaryOp("*", callf("cmem.At[%s](%s, %s)", goType(t), r.row, step)), addr: addr, pure: i.pure}, true
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

// firstAddr is &base[index] of a running address as Go, the index in 64
// bits.
func (tr *translator) firstAddr(a *LoopAddr) string {
	base := tr.value(a.base).code
	if a.index == nil {
		return base
	}
	return fmt.Sprintf("%s + uintptr(%s)*%d", base, tr.wide(a.index, precAdd), a.elem)
}

// tripsCode is a trip count as an int64 Go expression of the loop
// variable iv's value before the loop.
func (tr *translator) tripsCode(iv *symbol, tc *TripCount) string {
	bound := func(prec int) string {
		if tc.load {
			return "int64(" + tr.value(tc.bound).code + ")"
		}
		return tr.wide(tc.bound, prec)
	}
	// left - right is what remains to cover, by steps of div.
	left, right := "", "int64("+iv.goName+")"
	if tc.down {
		left, right = right, bound(precMul)
	} else {
		left = bound(precAdd)
	}
	n := left + " - " + right
	if right == "0" {
		n = left
	}
	if tc.extra != 0 {
		n += " + " + strconv.FormatInt(tc.extra, 10)
	}
	if tc.div != 1 {
		n = "(" + n + ") / " + strconv.FormatInt(tc.div, 10)
	}
	return "max(0, " + n + ")"
}

// Precedences of the Go expressions wide writes.
const (
	precAdd = 1 + iota
	precMul
	precUnary
)

// wide writes an index the loop pass accepted (linear) as an int64 Go
// expression: the value C computes, whenever C computes it without
// overflow.
func (tr *translator) wide(e ast.Expr, prec int) string {
	if k, ok := signedConstant(tr.info, e); ok {
		if k < 0 && prec > precAdd {
			return "(" + strconv.FormatInt(k, 10) + ")"
		}
		return strconv.FormatInt(k, 10)
	}
	code, p := "", precUnary
	switch e := e.(type) {
	case *ast.Ident, *ast.IndexExpr:
		// A local, THREADS or MYTHREAD, or an invariant integer load.
		o := tr.value(e)
		code = o.code
		if goType(o.t) != "int64" {
			code = "int64(" + code + ")"
		}
	case *ast.UnaryExpr:
		code = tr.wide(e.X, precUnary)
		if e.Op == "-" {
			code = "-" + code
		}
	case *ast.BinaryExpr:
		p = precAdd
		if e.Op == "*" {
			p = precMul
		}
		code = tr.wide(e.X, p) + e.Op + tr.wide(e.Y, p+1)
		if p == precAdd {
			code = tr.wide(e.X, p) + " " + e.Op + " " + tr.wide(e.Y, p+1)
		}
	}
	if p < prec {
		return "(" + code + ")"
	}
	return code
}

// declare writes the running addresses' declarations, and the base of C
// addresses the accesses through them use, unless an enclosing loop has
// it in a local already.
func (p *loopPlan) declare(fn *funcState) {
	if fn.memBase == "" {
		fn.memBase, p.declaresMem = fn.goName("mem"), true
		// A local base of C addresses: a store through one pointer cannot
		// change it, so Go keeps it in a register across the loop. It
		// goes unused where every subscript was an aggregate, or stood
		// in sizeof.
		fn.body.declareIfRead(fn.memBase, fn.memBase+" := cmem.Base()")
	}
	// An address the post statement does not step is declared only if
	// read: its subscripts may all stand where C discards a value (the
	// left of a comma: (a[2][3], i)) and emit nothing.
	for _, a := range p.addrs {
		switch {
		case a.of != nil:
			fn.body.declareIfRead(a.name, fmt.Sprintf("%s := unsafe.Add(%s, %s)", a.name, fn.memBase, a.init))
		case a.fixed:
		case a.stride == 0:
			fn.body.declareIfRead(a.name, fmt.Sprintf("%s := %s", a.name, a.init))
		default:
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
// base if this loop declared it.
func (p *loopPlan) done(fn *funcState) {
	for ix := range p.uses {
		delete(fn.running, ix)
	}
	if p.declaresMem {
		fn.memBase = ""
	}
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
	return operand{kind: lvGo, t: t, goExpr: unaryOp("*", callf("cmem.At[%s](%s, %s)", goType(t), r.row, r.at())), addr: addr, pure: true}, true
}

// untilHeader is the loop's header counting on a running address
// instead of the loop variable, which the pass found the body does not
// read (LoopPlan.trips): the variable is then neither stepped nor tested.
// It is "" when the plan has no trip count or no address moves by a
// stride it can count in.
func (p *loopPlan) untilHeader(fn *funcState) string {
	if p == nil || p.trips == "" {
		return ""
	}
	var lead *runningAddr
	for _, a := range p.addrs {
		if a.stride != 0 && a.stride > -1<<30 && a.stride < 1<<30 {
			lead = a
			break
		}
	}
	if lead == nil {
		return ""
	}
	stop := fn.goName("end")
	lhs, rhs := p.stepped()
	next := strings.Join(lhs, ", ") + " = " + strings.Join(rhs, ", ")
	if len(lhs) == 1 {
		next = lhs[0] + " += " + strconv.FormatInt(lead.stride, 10)
		if lead.stride < 0 {
			next = lhs[0] + " -= " + strconv.FormatInt(-lead.stride, 10)
		}
	}
	return fmt.Sprintf("for %s := %s + uintptr(%s*%d); %s != %s; %s {",
		stop, lead.name, p.trips, lead.stride, lead.name, stop, next)
}
