package difftest

import (
	"fmt"
	"slices"
	"strings"
)

// The two printers share this file: expressions and statements are the
// same C in both, except where an object is named (a private global is
// one per thread in the model; a shared array is flat there) and where a
// UPC operation stands (pointer-to-shared queries, which the model
// computes from the layout). Each dialect supplies those through the
// dialect interface; upc.go and model.go print the tasks.

// dialect is what differs between the UPC program and the C model.
type dialect interface {
	// elem names element lin (a C expression already within bounds) of a
	// shared array, or the shared scalar o (lin == "").
	elem(o *Object, lin string) string
	// priv names this thread's copy of a private global.
	priv(o *Object) string
	// ptrQuery prints q, its indices already reduced.
	ptrQuery(q *PtrQuery, idx, idx2 string) string
	// sizeQuery prints q.
	sizeQuery(q *SizeQuery) string
	// Pointers-to-shared to t's elements: ptrAt points to element idx
	// (within bounds); for a non-null pointer p, ptrOff is the index of
	// the element it points to (long), ptrDeref the element, ptrThread
	// and ptrPhase its thread and phase (unsigned long).
	ptrAt(t *Object, idx string) string
	ptrOff(t *Object, p string) string
	ptrDeref(t *Object, p string) string
	ptrThread(t *Object, p string) string
	ptrPhase(t *Object, p string) string
}

// ptrTypedef names the type of pointers-to-shared to t's elements.
func ptrTypedef(t *Object) string { return "ps_" + t.Name }

// ptrTargets are the arrays that p has pointers to, each once.
func ptrTargets(p *Program) []*Object {
	var ts []*Object
	for _, o := range p.Objects {
		if t := o.Elem.Ptr; t != nil && !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	return ts
}

// printer writes one program in one dialect.
type printer struct {
	dialect
	prog   *Program
	b      strings.Builder
	indent int
	// cur is the C lvalue of the element the enclosing loop writes, and
	// curType its type.
	cur     string
	curType Type
	// funcs holds the functions that loops with InFunc are printed as
	// (UPC only), nfuncs counts them.
	funcs  strings.Builder
	nfuncs int
}

func (pr *printer) line(format string, args ...any) {
	for range pr.indent {
		pr.b.WriteString("    ")
	}
	fmt.Fprintf(&pr.b, format, args...)
	pr.b.WriteByte('\n')
}

// open prints a line ending in "{" and indents; close undoes it.
func (pr *printer) open(format string, args ...any) {
	if format == "" {
		pr.line("{")
	} else {
		pr.line(format+" {", args...)
	}
	pr.indent++
}

func (pr *printer) close() {
	pr.indent--
	pr.line("}")
}

// helpers are C functions both programs define: a checksum step, the bits
// of a float, and conversions of a floating value to an integer that are
// defined for every input (C leaves out-of-range ones undefined).
const helpers = `static unsigned long long mix(unsigned long long h, unsigned long long v) {
    return (h ^ v) * 1099511628211ULL + 1;
}
static unsigned long long fbits(float f) {
    unsigned int u;
    if (f != f)
        return 1;
    memcpy(&u, &f, sizeof u);
    return u;
}
static unsigned long long dbits(double d) {
    unsigned long long u;
    if (d != d)
        return 2;
    memcpy(&u, &d, sizeof u);
    return u;
}
static long long fits_ll(double x) {
    return x > -9.2e18 && x < 9.2e18 ? (long long)x : 0;
}
static unsigned long long fits_ull(double x) {
    return x > -1.0 && x < 1.8e19 ? (unsigned long long)x : 0;
}
`

// dimsExpr is the element count of a shared array as a C expression (THREADS
// is a macro in the model and a keyword in UPC: the same text).
func dimsExpr(o *Object) string {
	var parts []string
	for _, d := range o.Dims {
		parts = append(parts, dimExpr(d))
	}
	if len(parts) == 0 {
		return "1"
	}
	return "(" + strings.Join(parts, " * ") + ")"
}

func dimExpr(d Dim) string {
	if d.Threads {
		if d.N == 1 {
			return "THREADS"
		}
		return fmt.Sprintf("%d * THREADS", d.N)
	}
	return fmt.Sprint(d.N)
}

// typeOf is the C type of e, where Cur has type cur.
func typeOf(e Expr, cur Type) Scalar {
	switch e := e.(type) {
	case Const:
		return e.T
	case *Var, MyThread, Threads:
		return Int
	case *Cur:
		return cur.field(e.Field)
	case *Elem:
		return e.Obj.Elem.field(e.Field)
	case *Priv:
		return e.P.Elem.Scalar
	case *Unary:
		if e.Op == "!" {
			return Int
		}
		return promote(typeOf(e.X, cur))
	case *Binary:
		switch e.Op {
		case "<<", ">>":
			return promote(typeOf(e.X, cur))
		case "==", "!=", "<", "<=", ">", ">=", "&&", "||":
			return Int
		}
		return arith(typeOf(e.X, cur), typeOf(e.Y, cur))
	case *Cond:
		return arith(typeOf(e.X, cur), typeOf(e.Y, cur))
	case *Cast:
		return e.T
	case *PtrQuery:
		if e.Kind == QDiff {
			return Long
		}
		return ULong
	case *SizeQuery:
		return ULong
	case *PtrRead:
		switch e.Kind {
		case PDeref:
			return arith(e.Obj.Elem.Ptr.Elem.field(e.Field), Int)
		case PDiff:
			return Long
		}
		return ULong
	}
	panic(fmt.Sprintf("difftest: typeOf %T", e))
}

// expr prints e, fully parenthesised, with the guards that keep it
// defined: divisors that are neither 0 nor -1, shift counts below the
// width, float-to-integer conversions through fits_ll/fits_ull.
func (pr *printer) expr(e Expr) string {
	switch e := e.(type) {
	case Const:
		return e.C()
	case *Var:
		return e.Name
	case MyThread:
		return "MYTHREAD"
	case Threads:
		return "THREADS"
	case *Cur:
		return pr.cur + fieldSuffix(e.Field)
	case *Elem:
		return pr.elemRead(e)
	case *Priv:
		return pr.priv(e.P)
	case *Unary:
		return fmt.Sprintf("(%s%s)", e.Op, pr.expr(e.X))
	case *Binary:
		x, y := pr.expr(e.X), pr.expr(e.Y)
		tx, ty := typeOf(e.X, pr.curType), typeOf(e.Y, pr.curType)
		switch e.Op {
		case "/", "%":
			if !arith(tx, ty).IsFloat() {
				y = divisor(y)
			}
		case "<<", ">>":
			y = shiftCount(y, promote(tx))
		}
		return fmt.Sprintf("(%s %s %s)", x, e.Op, y)
	case *Cond:
		return fmt.Sprintf("(%s ? %s : %s)", pr.expr(e.C), pr.expr(e.X), pr.expr(e.Y))
	case *Cast:
		return pr.convert(e.T, e.X)
	case *PtrQuery:
		idx := pr.index(e.Idx, e.Obj)
		if e.Reblock {
			idx = fmt.Sprintf("((unsigned)%s %% THREADS)", pr.expr(e.Idx))
		}
		idx2 := ""
		if e.Kind == QDiff {
			idx2 = pr.index(e.Idx2, e.Obj)
		}
		return pr.ptrQuery(e, idx, idx2)
	case *SizeQuery:
		return pr.sizeQuery(e)
	case *PtrRead:
		t := e.Obj.Elem.Ptr
		p := pr.elemRead(&Elem{Obj: e.Obj, Idx: e.Idx, Field: -1})
		switch e.Kind {
		case PDeref:
			return fmt.Sprintf("(%s ? %s%s : 0)", p, pr.ptrDeref(t, p), fieldSuffix(e.Field))
		case PThread:
			return fmt.Sprintf("(%s ? %s : 0)", p, pr.ptrThread(t, p))
		case PPhase:
			return fmt.Sprintf("(%s ? %s : 0)", p, pr.ptrPhase(t, p))
		case PDiff:
			return fmt.Sprintf("(%s ? %s : -1)", p, pr.ptrOff(t, p))
		}
	}
	panic(fmt.Sprintf("difftest: expr %T", e))
}

// divisor guards an integer divisor: 0 and -1 (INT_MIN / -1 traps) become 7.
func divisor(y string) string {
	return fmt.Sprintf("(%s == 0 || %s == -1 ? 7 : %s)", y, y, y)
}

// shiftCount keeps a shift count below the width of the promoted left
// operand t.
func shiftCount(y string, t Scalar) string {
	return fmt.Sprintf("(%s & %d)", y, t.bits()-1)
}

// convert prints (t)x, through fits_ll or fits_ull when x is floating and
// t an integer type other than _Bool.
func (pr *printer) convert(t Scalar, x Expr) string {
	xs := pr.expr(x)
	if typeOf(x, pr.curType).IsFloat() && !t.IsFloat() && t != Bool {
		return fmt.Sprintf("((%s)%s)", t, fitsInt(t, xs))
	}
	return fmt.Sprintf("((%s)%s)", t, xs)
}

// fitsInt wraps a floating value for conversion to the integer type t.
func fitsInt(t Scalar, x string) string {
	if t == ULong || t == ULongLong {
		return "fits_ull(" + x + ")"
	}
	return "fits_ll(" + x + ")"
}

// index reduces an integer expression to an element index of o:
// ((unsigned)(e) % N).
func (pr *printer) index(e Expr, o *Object) string {
	return fmt.Sprintf("((unsigned)%s %% %s)", pr.expr(e), dimsExpr(o))
}

func (pr *printer) elemRead(e *Elem) string {
	if e.Obj.Kind != SharedArray {
		return pr.elem(e.Obj, "") + fieldSuffix(e.Field)
	}
	return pr.elem(e.Obj, pr.index(e.Idx, e.Obj)) + fieldSuffix(e.Field)
}

func fieldSuffix(f int) string {
	if f < 0 {
		return ""
	}
	return "." + fieldName(f)
}

// between prints a phase's statements between upc_notify and upc_wait
// (in the model, after the phase's tasks: they touch only this thread's
// private globals).
func (pr *printer) between(ph *Phase) {
	if len(ph.Between) == 0 {
		return
	}
	pr.cur, pr.curType = "", Type{}
	pr.open("")
	for _, s := range ph.Between {
		pr.stmt(s)
	}
	pr.close()
}

// stmt prints a statement of a loop body.
func (pr *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *Assign:
		pr.assign(pr.cur+fieldSuffix(s.Field), pr.curType.field(s.Field), s.Op, s.X)
	case *PrivAssign:
		pr.assign(pr.priv(s.P), s.P.Elem.Scalar, s.Op, s.X)
	case *IncDec:
		op := "++"
		if s.Dec {
			op = "--"
		}
		lv := pr.cur + fieldSuffix(s.Field)
		v := op + lv
		if s.Post {
			v = lv + op
		}
		if s.Into == nil {
			pr.line("%s;", v)
			return
		}
		into := s.Into.Elem.Scalar
		if pr.curType.field(s.Field).IsFloat() && !into.IsFloat() && into != Bool {
			v = fitsInt(into, v) // a function: v is evaluated once
		}
		pr.line("%s %s %s;", pr.priv(s.Into), s.IntoOp, v)
	case *PtrSet:
		if s.Idx == nil {
			pr.line("%s = 0;", pr.cur)
			return
		}
		t := pr.curType.Ptr
		pr.line("%s = %s;", pr.cur, pr.ptrAt(t, pr.index(s.Idx, t)))
	case *PtrCopy:
		pr.line("%s = %s;", pr.cur, pr.elemRead(&Elem{Obj: s.Src, Idx: s.Idx, Field: -1}))
	case *PtrStep:
		t := pr.curType.Ptr
		off := pr.ptrOff(t, pr.cur)
		switch {
		case s.K == 1:
			pr.line("if (%s && %s < %s - 1) %s++;", pr.cur, off, dimsExpr(t), pr.cur)
		case s.K == -1:
			pr.line("if (%s && %s >= 1) --%s;", pr.cur, off, pr.cur)
		case s.K > 0:
			pr.line("if (%s && %s < %s - %d) %s += %d;", pr.cur, off, dimsExpr(t), s.K, pr.cur, s.K)
		default:
			pr.line("if (%s && %s >= %d) %s -= %d;", pr.cur, off, -s.K, pr.cur, -s.K)
		}
	case *StructCopy:
		pr.open("")
		pr.line("%s tmp = %s;", pr.curType, pr.elemRead(&Elem{Obj: s.Src, Idx: s.Idx, Field: -1}))
		if s.Field >= 0 {
			pr.assign("tmp."+fieldName(s.Field), s.Src.Elem.field(s.Field), s.Op, s.X)
		}
		pr.line("%s = tmp;", pr.cur)
		pr.close()
	default:
		panic(fmt.Sprintf("difftest: stmt %T", s))
	}
}

// assign prints lv op= x for an lvalue of type t, guarded as expr guards
// its operators; a floating value assigned to an integer goes through
// fits_ll or fits_ull.
func (pr *printer) assign(lv string, t Scalar, op string, x Expr) {
	xs := pr.expr(x)
	tx := typeOf(x, pr.curType)
	if tx.IsFloat() && !t.IsFloat() && (t != Bool || op != "=") {
		xs = fitsInt(t, xs)
		tx = LongLong
	}
	switch op {
	case "/=", "%=":
		if !arith(t, tx).IsFloat() {
			xs = divisor(xs)
		}
	case "<<=", ">>=":
		xs = shiftCount(xs, promote(t))
	}
	pr.line("%s %s %s;", lv, op, xs)
}

// valueBits is the checksum contribution of a scalar value x of type t.
func valueBits(t Scalar, x string) string {
	switch t {
	case Float:
		return "fbits(" + x + ")"
	case Double:
		return "dbits(" + x + ")"
	case LongDouble:
		return "dbits((double)" + x + ")"
	}
	return "(unsigned long long)" + x
}

// mixValue prints h = mix(h, …) for each scalar in x of type t; a
// pointer-to-shared counts by the index and thread of what it points to.
func (pr *printer) mixValue(t Type, x string) {
	if p := t.Ptr; p != nil {
		pr.line("h = mix(h, %s ? (unsigned long long)%s + 1 : 0);", x, pr.ptrOff(p, x))
		pr.line("h = mix(h, %s ? (unsigned long long)%s : 0);", x, pr.ptrThread(p, x))
		return
	}
	if t.Struct == nil {
		pr.line("h = mix(h, %s);", valueBits(t.Scalar, x))
		return
	}
	for f, ft := range t.Struct.Fields {
		pr.line("h = mix(h, %s);", valueBits(ft, x+fieldSuffix(f)))
	}
}

// structDecls prints the struct types.
func (pr *printer) structDecls() {
	for _, s := range pr.prog.Structs {
		pr.open("struct %s", s.Name)
		for f, t := range s.Fields {
			pr.line("%s %s;", t, fieldName(f))
		}
		pr.indent--
		pr.line("};")
	}
}

// threadsOf returns the THREADS-independent part of the helpers' layout
// description of o: its block size (0: indefinite) and home thread.
func layoutArgs(o *Object) (b int, home int) {
	if o.Layout.Kind == Indefinite {
		if o.Storage == LocalAlloc {
			return 0, o.Home
		}
		return 0, 0
	}
	return o.Layout.B, 0
}
