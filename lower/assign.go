package lower

import (
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// checkAssignable reports whether o may be assigned to.
func (tr *translator) checkAssignable(o operand, pos token.Pos, what string) bool {
	switch o.kind {
	case lvGo, lvShared, lvBit:
	case aggregate, sharedAgg:
		if o.t.Kind == ctype.Array {
			tr.errorf(pos, "assignment to expression with array type")
			return false
		}
	default:
		tr.errorf(pos, "lvalue required as %s", what)
		return false
	}
	if o.t.Const {
		tr.errorf(pos, "assignment of read-only location")
		return false
	}
	return true
}

// assignConv converts the right side of an assignment to the left's type,
// with C's diagnostics for incompatible pointers.
func (tr *translator) assignConv(rhs operand, lt *ctype.Type, pos token.Pos) goExpr {
	return tr.convertFor(rhs, lt, pos, "")
}

// convertFor is assignConv for a context other than an assignment: arg
// names the argument ("argument 2 of 'f'") in diagnostics, as gcc does.
func (tr *translator) convertFor(rhs operand, lt *ctype.Type, pos token.Pos, arg string) goExpr {
	lt = lt.Unqual()
	zero := primary(zeroValue(lt))
	if rhs.invalid {
		return zero
	}
	rt := rhs.t
	if rt.Kind == ctype.Void {
		tr.errorf(pos, "void value not ignored as it ought to be")
		return zero
	}
	mismatch := func(kind string) string {
		if arg != "" {
			return fmt.Sprintf("%s for %s (expected '%s' but argument is of type '%s')", kind, arg, lt, rt)
		}
		return fmt.Sprintf("%s: assigning to '%s' from '%s'", kind, lt, rt)
	}
	switch {
	case lt.IsArith() && rt.IsArith():
	case lt.Kind == ctype.Ptr && rhs.null:
	case lt.Kind == ctype.Ptr && rt.Kind == ctype.Ptr:
		if lt.IsPtrToShared() != rt.IsPtrToShared() {
			tr.errorf(pos, "%s", mismatch("incompatible pointer types"))
			return primary("0")
		}
		if ctype.BlockMismatch(lt, rt) {
			tr.errorf(pos, "%s", mismatch("pointers-to-shared with different block sizes need a cast"))
			return zero
		}
		if lt.Elem.Kind != ctype.Void && rt.Elem.Kind != ctype.Void && !ctype.SameType(lt.Elem.Unqual(), rt.Elem.Unqual()) &&
			!(lt.Elem.IsInteger() && rt.Elem.IsInteger() && lt.Elem.Size() == rt.Elem.Size()) {
			tr.warnf(pos, "%s", mismatch("incompatible pointer types"))
		}
		if rt.Elem.Const && !lt.Elem.Const {
			tr.warnf(pos, "assignment discards 'const' qualifier from pointer target type")
		}
	case lt.IsPtrToShared() && rt.IsInteger():
		tr.errorf(pos, "%s", mismatch("cannot convert an integer to a pointer-to-shared"))
		return zero
	case lt.Kind == ctype.Ptr && rt.IsInteger():
		if rhs.c == nil || rhs.c.Int != 0 {
			tr.warnf(pos, "making a pointer from an integer without a cast")
		}
	case lt.IsInteger() && rt.Kind == ctype.Ptr:
		if lt.Kind != ctype.Bool {
			tr.warnf(pos, "making an integer from a pointer without a cast")
		}
	case (lt.Kind == ctype.Struct || lt.Kind == ctype.Union) && ctype.SameType(lt, rt.Unqual()):
		return tr.privateCopy(rhs).goExpr
	default:
		if arg != "" {
			tr.errorf(pos, "incompatible type for %s (expected '%s' but argument is of type '%s')", arg, lt, rt)
		} else {
			tr.errorf(pos, "incompatible types when assigning to type '%s' from type '%s'", lt, rt)
		}
		return zero
	}
	return tr.conv(rhs, lt)
}

// opAssign computes lhs op rhs for a compound assignment, as Go code of
// the left side's type; cur is the current value of the left side.
func (tr *translator) opAssign(op string, cur operand, rhs operand, pos token.Pos) goExpr {
	res := tr.arith(op, cur, rhs, pos)
	return tr.conv(res, cur.t)
}

// assignStmt emits a C assignment used as a statement.
func (tr *translator) assignStmt(e *ast.AssignExpr) {
	lhs := tr.expr(e.X)
	if !tr.checkAssignable(lhs, e.OpPos, "left operand of assignment") {
		tr.value(e.Y)
		return
	}
	rhs := tr.value(e.Y)
	op := e.Op[:len(e.Op)-1]
	fn := tr.fn
	switch lhs.kind {
	case lvGo:
		if op == "" {
			fn.simpleStmt(fmt.Sprintf("%s = %s", lhs.code, tr.assignConv(rhs, lhs.t, e.OpPos)))
			return
		}
		if s, ok := tr.simpleOpAssign(lhs, op, rhs, e.OpPos); ok {
			fn.simpleStmt(s)
			return
		}
		if !lhs.pure {
			p := tr.tmp("p")
			ptr := operand{kind: lvGo, t: lhs.t, goExpr: unaryOp("*", primary(p)), pure: true}
			fn.stmt(fmt.Sprintf("{\n%s := &%s\n*%s = %s\n}", p, lhs.code, p, tr.opAssign(op, tr.rval(ptr), rhs, e.OpPos)))
			return
		}
		fn.simpleStmt(fmt.Sprintf("%s = %s", lhs.code, tr.opAssign(op, tr.rval(lhs), rhs, e.OpPos)))
	case lvShared:
		store := "upc.Store"
		if tr.isStrict(lhs.t) {
			store = "upc.StoreStrict"
		}
		if op == "" {
			fn.simpleStmt(fmt.Sprintf("%s[%s](t.Thread, %s, %s)", store, goType(lhs.t), lhs.code, tr.assignConv(rhs, lhs.t, e.OpPos)))
			return
		}
		p := lhs.goExpr
		if !lhs.pure {
			p = primary(tr.tmp("p"))
			fn.stmt(fmt.Sprintf("{\n%s := %s", p, lhs.code))
		}
		cur := tr.rval(operand{kind: lvShared, t: lhs.t, goExpr: p, pure: true})
		fn.simpleStmt(fmt.Sprintf("%s[%s](t.Thread, %s, %s)", store, goType(lhs.t), p, tr.opAssign(op, cur, rhs, e.OpPos)))
		if !lhs.pure {
			fn.stmt("}")
		}
	case lvBit:
		lhs, bind := tr.pinLvalue(lhs)
		v := tr.assignConv(rhs, lhs.bit.Type, e.OpPos)
		if op != "" {
			v = tr.conv(operand{kind: rvalue, t: ctype.LongType, goExpr: tr.opAssign(op, tr.rval(lhs), rhs, e.OpPos)}, lhs.bit.Type)
		}
		if bind == "" {
			fn.simpleStmt(tr.bitStore(lhs, v))
		} else {
			fn.stmt("{\n" + bind + tr.bitStore(lhs, v) + "\n}")
		}
	case aggregate, sharedAgg:
		if op != "" || !ctype.SameType(lhs.t.Unqual(), rhs.t.Unqual()) {
			tr.errorf(e.OpPos, "incompatible types when assigning to type '%s' from type '%s'", lhs.t, rhs.t)
			return
		}
		fn.simpleStmt(tr.aggregateCopy(lhs, rhs))
	}
}

// privateCopy is o, or, for a struct or union in shared memory, a copy of
// it in a private temporary: what a value of that type is when it is passed
// to a function or selected by ?:, since the generated code moves struct
// values by private address.
func (tr *translator) privateCopy(o operand) operand {
	if o.kind != sharedAgg || o.t.Kind != ctype.Struct && o.t.Kind != ctype.Union {
		return o
	}
	t := o.t.Unqual()
	slot := tr.tempSlot(t, tr.tmp("val"))
	code := callf("func() uintptr {\ncrt.Memget(t.Thread, %s, %s, %s)\nreturn %s\n}()", slot, o.code, tr.sizeCode(t), slot)
	return operand{kind: aggregate, t: t, goExpr: code}
}

// pinLvalue makes the address of lvalue o a Go variable when computing it
// has side effects (*p++, (p++)->bits, a[i++]), for a read-modify-write
// that reaches the object more than once. bind declares the variable; it
// is empty, and o unchanged, when the address is pure.
func (tr *translator) pinLvalue(o operand) (pinned operand, bind string) {
	if o.pure {
		return o, ""
	}
	p := primary(tr.tmp("p"))
	switch o.kind {
	case lvBit:
		bind, o.addr = fmt.Sprintf("%s := %s\n", p, o.addr), p
	case lvShared:
		bind, o.goExpr = fmt.Sprintf("%s := %s\n", p, o.code), p
	case lvGo:
		if o.addr.code == "" {
			return o, "" // a Go variable: no address to compute
		}
		bind = fmt.Sprintf("%s := %s\n", p, o.addr)
		o.addr, o.goExpr = p, cmemPtr(o.t, p)
	default:
		return o, ""
	}
	o.pure = true
	return o, bind
}

// inlineCopyMax is the largest private struct copy made a Go assignment of
// its bytes rather than a call to crt.Copy (a memmove): Go moves up to 64
// bytes with a few register loads and stores.
const inlineCopyMax = 64

// wordCopyMax is the largest struct copy made 8-byte word by word. Its
// members were often just stored one by one (u.re *= t; u.im *= t; v =
// u;), and a load wider than the stores in flight cannot take its bytes
// from them: it waits until they reach the cache, where the same bytes
// loaded by words come straight from the stores (NAS FT's evolve: 2.6
// times faster than with one 16-byte move).
const wordCopyMax = 32

// aggregateCopy is a struct assignment between private or shared objects.
func (tr *translator) aggregateCopy(dst, src operand) string {
	size := tr.sizeCode(dst.t)
	switch {
	case dst.kind == aggregate && src.kind != sharedAgg:
		// The two objects are the same or disjoint (C11 6.5.16.1p3), so
		// loading the bytes and then storing them is the copy.
		n, ok := constSize(dst.t)
		switch {
		case !ok || n <= 0 || n > inlineCopyMax:
		case n%8 == 0 && n <= wordCopyMax && dst.pure && src.pure:
			var to, from []string
			for off := int64(0); off < n; off += 8 {
				to = append(to, tr.cmemOf("uint64", plusConst(dst.goExpr, off)).code)
				from = append(from, tr.cmemOf("uint64", plusConst(src.goExpr, off)).code)
			}
			return strings.Join(to, ", ") + " = " + strings.Join(from, ", ")
		default:
			bytes := fmt.Sprintf("[%d]byte", n)
			return fmt.Sprintf("%s = %s", tr.cmemOf(bytes, dst.goExpr), tr.cmemOf(bytes, src.goExpr))
		}
		return fmt.Sprintf("crt.Copy(%s, %s, %s)", dst.code, src.code, size)
	case dst.kind == sharedAgg && src.kind != sharedAgg:
		return fmt.Sprintf("crt.Memput(t.Thread, %s, %s, %s)", dst.code, src.code, size)
	case dst.kind == aggregate && src.kind == sharedAgg:
		return fmt.Sprintf("crt.Memget(t.Thread, %s, %s, %s)", dst.code, src.code, size)
	}
	return fmt.Sprintf("t.Memcpy(%s, %s, %s)", dst.code, src.code, size)
}

// simpleOpAssign uses Go's own op= when it computes what C does: the left
// type is already the type of the arithmetic (no promotion or conversion).
func (tr *translator) simpleOpAssign(lhs operand, op string, rhs operand, pos token.Pos) (string, bool) {
	lt := lhs.t.Unqual()
	if lt.Kind == ctype.Ptr && !lt.Elem.Shared && (op == "+" || op == "-") && rhs.t.IsInteger() {
		if !tr.pointerArith(lt, pos) {
			return "", true
		}
		sign, step := tr.scaledStep(rhs, lt.Elem)
		if sign == "" {
			return "", true
		}
		if op == "-" {
			// p -= k moves back by k elements; p -= -k forward.
			sign = map[string]string{"+": "-", "-": "+"}[sign]
		}
		return fmt.Sprintf("%s %s= %s", lhs.code, sign, step), true
	}
	if !lt.IsArith() || !rhs.t.IsArith() {
		return "", false
	}
	switch op {
	case "<<", ">>":
		if ctype.Promote(lt) != lt || !rhs.t.IsInteger() {
			return "", false
		}
		return fmt.Sprintf("%s %s= %s", lhs.code, op, tr.shiftCount(rhs, pos)), true
	}
	if !ctype.SameType(ctype.UsualArith(lt, rhs.t), lt) || lt.Kind == ctype.Bool {
		return "", false
	}
	if (op == "%" || op == "&" || op == "|" || op == "^") && (!lt.IsInteger() || !rhs.t.IsInteger()) {
		return "", false
	}
	if (op == "/" || op == "%") && rhs.c != nil && rhs.t.IsInteger() && rhs.c.Int == 0 {
		tr.warnf(pos, "division by zero")
	}
	return fmt.Sprintf("%s %s= %s", lhs.code, op, tr.divisor(op, rhs, lt)), true
}

// assignExpr is an assignment used as a value.
func (tr *translator) assignExpr(e *ast.AssignExpr) operand {
	lhs := tr.expr(e.X)
	if !tr.checkAssignable(lhs, e.OpPos, "left operand of assignment") {
		tr.value(e.Y)
		return bad()
	}
	rhs := tr.value(e.Y)
	if lhs.kind == aggregate || lhs.kind == sharedAgg {
		rhs = tr.expr(e.Y)
	}
	op := e.Op[:len(e.Op)-1]
	t := lhs.t.Unqual()
	gt := goType(t)
	switch lhs.kind {
	case lvGo:
		if op == "" {
			return operand{kind: rvalue, t: t, goExpr: callf("crt.Set(&%s, %s)", lhs.code, tr.assignConv(rhs, t, e.OpPos))}
		}
		p := tr.tmp("p")
		cur := operand{kind: rvalue, t: t, goExpr: unaryOp("*", primary(p)), pure: true}
		return operand{kind: rvalue, t: t, goExpr: callf("func() %s {\n%s := &%s\n*%s = %s\nreturn *%s\n}()", gt, p, lhs.code, p, tr.opAssign(op, cur, rhs, e.OpPos), p)}
	case lvShared:
		set := "crt.SharedSet"
		if tr.isStrict(lhs.t) {
			set = "crt.SharedSetStrict"
		}
		if op == "" {
			return operand{kind: rvalue, t: t, goExpr: callf("%s[%s](t.Thread, %s, %s)", set, gt, lhs.code, tr.assignConv(rhs, t, e.OpPos))}
		}
		p := tr.tmp("p")
		cur := tr.rval(operand{kind: lvShared, t: lhs.t, goExpr: primary(p), pure: true})
		return operand{kind: rvalue, t: t, goExpr: callf("func() %s {\n%s := %s\nreturn %s[%s](t.Thread, %s, %s)\n}()", gt, p, lhs.code, set, gt, p, tr.opAssign(op, cur, rhs, e.OpPos))}
	case lvBit:
		// The value is the bit-field's after the store: the new value
		// truncated to its width (C99 6.5.16p3).
		lhs, bind := tr.pinLvalue(lhs)
		v := tr.tmp("v")
		val := tr.assignConv(rhs, lhs.bit.Type, e.OpPos)
		if op != "" {
			val = tr.conv(operand{kind: rvalue, t: ctype.LongType, goExpr: tr.opAssign(op, tr.rval(lhs), rhs, e.OpPos)}, lhs.bit.Type)
		}
		if val.form == formUntyped {
			// v := 5 would be a Go int, which bitStore's mask of the
			// field's type does not combine with: (s.f = 5L) as a value.
			val = primaryf("%s(%s)", goType(lhs.bit.Type), val)
		}
		return operand{kind: rvalue, t: ctype.Promote(t), goExpr: callf("func() %s {\n%s%s := %s\n%s\nreturn %s\n}()", goType(ctype.Promote(t)), bind, v, val, tr.bitStore(lhs, primary(v)), tr.rval(lhs).code)}
	}
	// A struct assignment used as a value: copy, then the left side is
	// the value (C99 6.5.16p3).
	if op != "" || !ctype.SameType(lhs.t.Unqual(), rhs.t.Unqual()) {
		tr.errorf(e.OpPos, "incompatible types when assigning to type '%s' from type '%s'", lhs.t, rhs.t)
		return bad()
	}
	if lhs.kind != aggregate {
		tr.errorf(e.OpPos, "a shared structure assignment cannot be used as a value")
		return bad()
	}
	return operand{kind: aggregate, t: t, goExpr: callf("func() uintptr {\n%s\nreturn %s\n}()", tr.aggregateCopy(lhs, rhs), lhs.code)}
}

// incDec handles ++ and -- as values (statements go through incDecStmt).
func (tr *translator) incDec(x ast.Expr, op string, post bool, pos token.Pos) operand {
	lv := tr.expr(x)
	if !tr.checkAssignable(lv, pos, "increment operand") {
		return bad()
	}
	t := lv.t.Unqual()
	if !t.IsScalar() {
		tr.errorf(pos, "wrong type argument to increment")
		return bad()
	}
	if t.Kind == ctype.Ptr && !tr.pointerArith(t, pos) {
		return bad()
	}
	gt := goType(t)
	step, dec := "1", op == "--"
	if t.Kind == ctype.Ptr && !t.Elem.Shared {
		step = tr.sizeCode(t.Elem).code
	}
	if t.Kind == ctype.Ptr && t.Elem.Shared || lv.kind == lvBit || t.Kind == ctype.Bool {
		// Pointer-to-shared arithmetic and bit-fields go through a closure.
		d := int64(1)
		if dec {
			d = -1
		}
		one := constOp(ctype.Const{Type: ctype.IntType, Int: d})
		lv, bind := tr.pinLvalue(lv)
		cur := tr.rval(lv)
		next := tr.arith("+", cur, one, pos)
		v, old := tr.tmp("v"), tr.tmp("old")
		// v holds the new value converted to the operand's type (for
		// _Bool, 0 or 1), which is both what is stored and the value of
		// a prefix ++ or --.
		next.goExpr = tr.conv(next, t)
		var store string
		switch lv.kind {
		case lvGo:
			store = fmt.Sprintf("%s = %s", lv.code, v)
		case lvShared:
			store = fmt.Sprintf("upc.Store[%s](t.Thread, %s, %s)", gt, lv.code, v)
		case lvBit:
			store = tr.bitStore(lv, tr.conv(operand{kind: rvalue, t: t, goExpr: primary(v)}, lv.bit.Type))
		}
		rt := cur.t
		if post {
			next = tr.arith("+", operand{kind: rvalue, t: rt, goExpr: primary(old), pure: true}, one, pos)
			next.goExpr = tr.conv(next, t)
			return operand{kind: rvalue, t: rt, goExpr: callf("func() %s {\n%s%s := %s\n%s := %s\n%s\nreturn %s\n}()", goType(rt), bind, old, cur.code, v, next.code, store, old)}
		}
		result := v
		if lv.kind == lvBit {
			// The stored value, truncated to the bit-field's width: ++ of
			// a 3-bit field holding 7 yields 0 (C99 6.5.3.1: ++E is E+=1).
			result = cur.code
		}
		return operand{kind: rvalue, t: rt, goExpr: callf("func() %s {\n%s%s := %s\n%s\nreturn %s\n}()", goType(rt), bind, v, next.code, store, result)}
	}
	fn := "crt.PreInc"
	if post {
		fn = "crt.PostInc"
	}
	if dec {
		if t.Kind == ctype.Ptr || !t.IsSigned() && !t.IsFloat() {
			fn = "crt.PreDec"
			if post {
				fn = "crt.PostDec"
			}
		} else {
			step = "-" + step
		}
	}
	if lv.kind == lvShared {
		fn = "crt.SharedPreInc"
		if post {
			fn = "crt.SharedPostInc"
		}
		if dec && (t.Kind == ctype.Ptr || !t.IsSigned() && !t.IsFloat()) {
			// Signed steps are negative already. An unsigned type (or a
			// private pointer's uintptr) cannot hold -step: add its two's
			// complement, which wraps the same.
			step = fmt.Sprintf("^%s(%s) + 1", gt, step)
		}
		return operand{kind: rvalue, t: t, goExpr: callf("%s[%s](t.Thread, %s, %s)", fn, gt, lv.code, step)}
	}
	return operand{kind: rvalue, t: t, goExpr: callf("%s(&%s, %s)", fn, lv.code, step)}
}

// incDecStmt is ++ or -- as a statement.
func (tr *translator) incDecStmt(x ast.Expr, op string, pos token.Pos) {
	lv := tr.expr(x)
	if !tr.checkAssignable(lv, pos, "increment operand") {
		return
	}
	t := lv.t.Unqual()
	if !t.IsScalar() {
		tr.errorf(pos, "wrong type argument to increment")
		return
	}
	if t.Kind == ctype.Ptr && !tr.pointerArith(t, pos) {
		return
	}
	switch {
	case lv.kind == lvGo && t.IsPtrToShared():
		step := "1"
		if op == "--" {
			step = "-1"
		}
		tr.fn.simpleStmt(fmt.Sprintf("%s = %s.Add(%s, %s, t.Threads)", lv.code, lv.paren(), step, tr.layoutOf(t.Elem)))
	case lv.kind == lvGo && t.Kind == ctype.Ptr:
		sign := "+"
		if op == "--" {
			sign = "-"
		}
		tr.fn.simpleStmt(fmt.Sprintf("%s %s= %s", lv.code, sign, tr.sizeCode(t.Elem)))
	case lv.kind == lvGo && t.Kind != ctype.Bool:
		tr.fn.simpleStmt(lv.code + op)
	default:
		tr.fn.simpleStmt("_ = " + tr.incDec(x, op, false, pos).code)
	}
}

func (tr *translator) condExpr(e *ast.CondExpr) operand {
	var c goExpr
	var bind string
	var a operand
	if e.Then == nil {
		// GNU "a ?: b" is "a ? a : b" with a evaluated once: bound to a
		// Go variable first unless it has no side effects.
		a = tr.value(e.Cond)
		if !a.t.IsScalar() {
			tr.errorf(e.Cond.Pos(), "used %s where a scalar is required", a.t)
			return bad()
		}
		if !a.pure {
			v, code := tr.tmp("v"), a.goExpr
			if !a.isBool {
				code = tr.conv(a, a.t)
			}
			bind = fmt.Sprintf("%s := %s\n", v, code)
			a = operand{kind: rvalue, t: a.t, goExpr: primary(v), pure: true, isBool: a.isBool}
		}
		c = tr.boolCode(a)
	} else {
		c = tr.cond(e.Cond)
		a = tr.value(e.Then)
	}
	b := tr.value(e.Else)
	var t *ctype.Type
	switch {
	case a.t.IsArith() && b.t.IsArith():
		t = ctype.UsualArith(a.t, b.t)
	case a.t.Kind == ctype.Void && b.t.Kind == ctype.Void:
		t = ctype.VoidType
	case ctype.BlockMismatch(a.t, b.t):
		tr.errorf(e.Question, "pointer type mismatch in conditional expression ('%s' and '%s'): pointers-to-shared with different block sizes need a cast", a.t, b.t)
		return bad()
	case a.t.IsPtrToShared() && b.t.IsPtrToShared():
		// With shared void on one side the result is shared void (C99
		// 6.5.15p6), which keeps the other side's phase.
		t = a.t
		if b.t.Elem.Kind == ctype.Void {
			t = b.t
		}
	case a.t.Kind == ctype.Ptr && b.t.Kind == ctype.Ptr && a.t.IsPtrToShared() != b.t.IsPtrToShared():
		// A pointer-to-shared and a private pointer: only a null pointer
		// constant converts to the other kind.
		switch {
		case a.null:
			t = b.t
		case b.null:
			t = a.t
		default:
			tr.errorf(e.Question, "pointer type mismatch in conditional expression ('%s' and '%s')", a.t, b.t)
			return bad()
		}
	case a.t.Kind == ctype.Ptr && b.t.Kind == ctype.Ptr:
		t = a.t
		if a.t.Elem.Kind == ctype.Void {
			t = b.t
		}
	case a.t.Kind == ctype.Ptr && b.t.IsInteger() && (b.null || !a.t.IsPtrToShared()):
		t = a.t
	case b.t.Kind == ctype.Ptr && a.t.IsInteger() && (a.null || !b.t.IsPtrToShared()):
		t = b.t
	case (a.t.Kind == ctype.Struct || a.t.Kind == ctype.Union) && ctype.SameType(a.t.Unqual(), b.t.Unqual()):
		t = a.t.Unqual()
	default:
		tr.errorf(e.Question, "type mismatch in conditional expression ('%s' and '%s')", a.t, b.t)
		return bad()
	}
	if a.c != nil && b.c != nil && t.IsArith() {
		if cc, ok := tr.constEval(e); ok {
			return constOp(cc)
		}
	}
	if t.Kind == ctype.Void {
		return operand{kind: rvalue, t: ctype.VoidType, goExpr: primaryf("func() {\n%sif %s {\n%s\n} else {\n%s\n}\n}()", bind, c, tr.discard(a), tr.discard(b))}
	}
	if t.Kind == ctype.Struct || t.Kind == ctype.Union {
		// The value is the chosen struct's address; one in shared memory
		// is copied to a private temporary first.
		a, b = tr.privateCopy(a), tr.privateCopy(b)
		code := primaryf("func() uintptr {\n%sif %s {\nreturn %s\n}\nreturn %s\n}()", bind, c, a.code, b.code)
		return operand{kind: aggregate, t: t, goExpr: code}
	}
	ac, bc := tr.conv(a, t), tr.conv(b, t)
	if bind == "" && a.pure && b.pure && (a.c != nil || ac.form == formName) && (b.c != nil || bc.form == formName) {
		return operand{kind: rvalue, t: t, goExpr: callf("crt.Cond[%s](%s, %s, %s)", goType(t), c, ac, bc), pure: true}
	}
	return operand{kind: rvalue, t: t, goExpr: primaryf("func() %s {\n%sif %s {\nreturn %s\n}\nreturn %s\n}()", goType(t), bind, c, ac, bc)}
}

// discard is o's code as a Go statement evaluating it for side effects.
func (tr *translator) discard(o operand) string {
	if o.t.Kind == ctype.Void || o.form == formCall {
		return o.code
	}
	return "_ = " + o.code
}

func (tr *translator) comma(e *ast.CommaExpr) operand {
	var stmts []string
	var last operand
	for i, x := range e.List {
		o := tr.value(x)
		if i == len(e.List)-1 {
			last = o
			break
		}
		if !o.pure {
			stmts = append(stmts, tr.discard(o))
		}
	}
	if len(stmts) == 0 {
		return last
	}
	if last.t.Kind == ctype.Void {
		return operand{kind: rvalue, t: ctype.VoidType, goExpr: callf("func() {\n%s\n%s\n}()", joinLines(stmts), tr.discard(last))}
	}
	if last.t.Kind == ctype.Struct || last.t.Kind == ctype.Union {
		last = tr.privateCopy(last)
		return operand{kind: aggregate, t: last.t, goExpr: callf("func() uintptr {\n%s\nreturn %s\n}()", joinLines(stmts), last.code)}
	}
	return operand{kind: rvalue, t: last.t, goExpr: callf("func() %s {\n%s\nreturn %s\n}()", goType(last.t), joinLines(stmts), tr.conv(last, last.t))}
}

func joinLines(ls []string) string {
	s := ""
	for i, l := range ls {
		if i > 0 {
			s += "\n"
		}
		s += l
	}
	return s
}
