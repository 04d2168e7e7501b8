package lower

import (
	"fmt"
	"go/constant"
	gotoken "go/token"
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// opKind says what an operand's code denotes.
type opKind uint8

const (
	rvalue    opKind = iota // a Go expression of goType(t)
	lvGo                    // an addressable Go expression of goType(t); addr, if set, is its C address
	lvShared                // code is a upc.SharedPtr to the object
	lvBit                   // a bit-field: addr is its storage unit's address
	aggregate               // an array or struct in private memory: code is its address
	sharedAgg               // an array or struct in shared memory: code is a upc.SharedPtr to it
	funcDesig               // a function designator: code is the Go function
)

// operand is a checked expression: its C type, how to reach it in Go, and
// its constant value if it has one.
type operand struct {
	kind opKind
	t    *ctype.Type
	goExpr
	// addr is, for an lvGo or lvBit in C memory, its address.
	addr   goExpr
	c      *ctype.Const
	isBool bool // rvalue code is a Go bool standing for a C int 0/1
	pure   bool // no side effects: the code may be evaluated twice
	bit    *ctype.Field
	sym    *symbol
	// invalid marks the result of an expression already reported as an
	// error, so that no follow-on diagnostics pile up on it.
	invalid bool
	// null marks a null pointer constant: 0, or (void *)0 (C99 6.3.2.3),
	// which converts to any pointer type, pointers-to-shared included.
	null bool
	// shared is, for a shared element accessed directly because it is
	// known to be local, its pointer-to-shared (what & yields).
	shared goExpr
}

func bad() operand {
	return operand{kind: rvalue, t: ctype.IntType, goExpr: primary("0"), pure: true, invalid: true}
}

func constOp(c ctype.Const) operand {
	return operand{kind: rvalue, t: c.Type, c: &c, goExpr: constCode(c), pure: true, null: c.Type.IsInteger() && c.Int == 0}
}

// constCode spells a constant as a Go expression of its Go type.
func constCode(c ctype.Const) goExpr {
	gt := goType(c.Type)
	if c.Type.IsFloat() {
		switch {
		case math.IsInf(c.Float, 1):
			return primary(gt + "(math.Inf(1))")
		case math.IsInf(c.Float, -1):
			return primary(gt + "(math.Inf(-1))")
		case math.IsNaN(c.Float):
			return primary(gt + "(math.NaN())")
		case c.Float == 0 && math.Signbit(c.Float):
			// Go constants have no negative zero (C99 Annex F does).
			return primary(gt + "(math.Copysign(0, -1))")
		}
		s := strconv.FormatFloat(math.Abs(c.Float), 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		lit := untypedLit(s)
		if c.Float < 0 {
			lit = unaryOp("-", lit)
		}
		if c.Type.Kind == ctype.Float {
			return primaryf("float32(%s)", lit)
		}
		return lit
	}
	if c.Type.IsSigned() || c.Type.Kind == ctype.Bool {
		v := c.Int
		if gt == "int32" && v >= math.MinInt32 && v <= math.MaxInt32 {
			return intLit(v)
		}
		return primaryf("%s(%d)", gt, v)
	}
	u := uint64(c.Int)
	switch c.Type.Size() {
	case 1:
		u = uint64(uint8(u))
	case 2:
		u = uint64(uint16(u))
	case 4:
		u = uint64(uint32(u))
	}
	return primaryf("%s(%d)", gt, u)
}

// value evaluates e as an rvalue (lvalues are loaded, arrays decay).
func (tr *translator) value(e ast.Expr) operand { return tr.rval(tr.expr(e)) }

// rval loads an lvalue and applies array and function decay.
func (tr *translator) rval(o operand) operand {
	switch o.kind {
	case lvGo:
		o.kind = rvalue
	case lvShared:
		load := "upc.Load"
		if tr.isStrict(o.t) {
			load = "upc.LoadStrict"
		}
		o = operand{kind: rvalue, t: o.t.Unqual(), goExpr: callf("%s[%s](t.Thread, %s)", load, goType(o.t), o.code), pure: o.pure}
	case lvBit:
		o = operand{kind: rvalue, t: ctype.Promote(o.bit.Type), goExpr: tr.bitLoad(o), pure: o.pure}
	case aggregate, sharedAgg:
		if o.t.Kind == ctype.Array {
			return checked(operand{kind: rvalue, t: ctype.PointerTo(o.t.Elem), goExpr: o.goExpr, pure: o.pure})
		}
	case funcDesig:
		name := o.code
		if o.sym != nil && (o.sym.libc != nil || o.sym.builtin != nil) {
			name = tr.libcWrapper(o.sym)
		}
		return checked(operand{kind: rvalue, t: ctype.PointerTo(o.t), goExpr: primary(tr.funcPointer(name)), pure: true})
	}
	o.t = o.t.Unqual()
	return checked(o)
}

// checked is o, shown to checkPrec when a test set it.
func checked(o operand) operand {
	if checkPrec != nil {
		checkPrec(o.goExpr)
	}
	return o
}

// isStrict reports whether an access to a shared object of type t is
// strict: by its qualifier, or by "#pragma upc strict" (UPC 1.3 §6.6.1)
// unless qualified relaxed.
func (tr *translator) isStrict(t *ctype.Type) bool {
	return t.Strict || tr.strictMode && !t.Relax
}

// libcWrapper gives a C library function the calling convention of the
// program's own functions, so its address can be taken (a ctype classifier
// in a table, sqrt passed to an integrator, strcmp as a comparator).
func (tr *translator) libcWrapper(s *symbol) string {
	name := private("libc_" + s.name)
	if tr.wrappers[name] {
		return name
	}
	sig := s.typ.Fn
	if s.libc == nil {
		tr.errorf(s.pos, "the address of '%s' cannot be taken", s.name)
		return name
	}
	var params, args []string
	if s.libc.state {
		args = append(args, "&t.libc")
	}
	for i, p := range sig.Params {
		params = append(params, fmt.Sprintf("a%d %s", i, goType(p)))
		args = append(args, fmt.Sprintf("a%d", i))
	}
	if sig.Variadic {
		// printf and friends: decode the packed arguments by the format.
		if len(sig.Params) == 0 || sig.Params[len(sig.Params)-1].Kind != ctype.Ptr {
			tr.errorf(s.pos, "the address of '%s' cannot be taken", s.name)
		}
		f := fmt.Sprintf("a%d", len(sig.Params)-1)
		params = append(params, "va []uint64")
		args = append(args, fmt.Sprintf("crt.VaFormat(%s, crt.VaStart(va))...", f))
	}
	res, ret := "", ""
	if sig.Result.Kind != ctype.Void {
		res, ret = " "+goType(sig.Result), "return "
	}
	tr.wrappers[name] = true
	fmt.Fprintf(&tr.decls, "// %s is %s as a C function value.\nfunc %s(%s)%s {\n\t%s%s(%s)\n}\n\n", name, s.name, name,
		strings.Join(append([]string{"t *thread"}, params...), ", "), res, ret, s.libc.goName, strings.Join(args, ", "))
	return name
}

// funcPointer is the C function pointer value of Go function name: Link
// numbers the functions whose address any unit takes, and fnptr holds
// their numbers.
func (tr *translator) funcPointer(name string) string {
	if !tr.funcPtrs[name] {
		tr.funcPtrs[name] = true
		tr.unit.FuncPtrs = append(tr.unit.FuncPtrs, name)
	}
	return "fnptr." + name
}

// conv returns o's value converted to type to, as Go code.
func (tr *translator) conv(o operand, to *ctype.Type) goExpr {
	to = to.Unqual()
	if o.invalid {
		return primary(zeroValue(to)) // already reported
	}
	if o.null && to.IsPtrToShared() {
		return primary("upc.Null()")
	}
	if o.c != nil && to.IsArith() && o.t.IsArith() {
		return constCode(ctype.ConvertConst(*o.c, to))
	}
	if o.c != nil && to.Kind == ctype.Ptr && !to.Elem.Shared && o.t.IsInteger() {
		return primaryf("uintptr(%d)", o.c.Int)
	}
	from := o.t.Unqual()
	if o.isBool {
		if to.Kind == ctype.Bool {
			return primaryf("uint8(crt.B2I(%s))", o.code)
		}
		if to.IsArith() {
			if goType(to) == "int32" {
				return primaryf("crt.B2I(%s)", o.code)
			}
			return primaryf("%s(crt.B2I(%s))", goType(to), o.code)
		}
	}
	if to.Kind == ctype.Void {
		return o.goExpr
	}
	if to.Kind == ctype.Bool && from.Kind != ctype.Bool {
		if from.IsPtrToShared() {
			return primaryf("uint8(crt.B2I(!%s.IsNull()))", o.paren())
		}
		return primaryf("crt.Bool[%s](%s)", goType(from), o.code)
	}
	if from.IsPtrToShared() && to.Kind == ctype.Ptr && !to.Elem.Shared {
		// A cast from pointer-to-shared to a private pointer: valid only
		// for an object with affinity to the calling thread.
		return primaryf("uintptr(t.Local(%s))", o.code)
	}
	if from.Kind == ctype.Ptr && !from.Elem.Shared && to.IsPtrToShared() {
		tr.errorf(token.Pos{}, "cannot convert a private pointer to a pointer-to-shared")
		return primary("upc.Null()")
	}
	if from.IsPtrToShared() && to.IsPtrToShared() {
		if ctype.ResetsPhase(from, to) {
			// Thread and address stay; the phase becomes 0.
			return callf("%s.ResetPhase()", o.paren())
		}
		return o.goExpr
	}
	if from.IsInteger() && to.IsPtrToShared() {
		tr.errorf(token.Pos{}, "cannot convert an integer to a pointer-to-shared")
		return primary("upc.Null()")
	}
	fg, tg := goType(from), goType(to)
	if (from.Kind == ctype.Array || from.Kind == ctype.Struct || from.Kind == ctype.Union || from.Kind == ctype.Func) && to.Kind != ctype.Ptr {
		return o.goExpr
	}
	if fg == tg {
		return o.goExpr
	}
	if from.IsFloat() && to.IsInteger() && !to.IsSigned() {
		// Go converts a negative float to unsigned as an
		// implementation-defined value; C makes it undefined. Going through
		// int64 gives what gcc gives on x86-64 for values in range.
		return primaryf("%s(int64(%s))", tg, o.code)
	}
	if from.IsPtrToShared() {
		return primaryf("%s(%s.Addr)", tg, o.paren())
	}
	return primaryf("%s(%s)", tg, o.code)
}

// boolCode is o as a Go bool (C's "compares unequal to 0"); o must be a
// scalar, which callers check.
func (tr *translator) boolCode(o operand) goExpr {
	o = tr.rval(o)
	if o.isBool {
		return o.goExpr
	}
	if o.c != nil {
		if o.c.Truth() {
			return primary("true")
		}
		return primary("false")
	}
	switch {
	case o.t.IsPtrToShared():
		return unaryOp("!", callf("%s.IsNull()", o.paren()))
	case o.t.IsScalar():
		return goExpr{code: o.paren() + " != 0", prec: goPrec("!=")}
	}
	// Not a scalar: the caller reported it where it knows the position.
	return primary("false")
}

// cond evaluates e as a condition.
func (tr *translator) cond(e ast.Expr) goExpr {
	o := tr.value(e)
	if !o.t.IsScalar() {
		tr.errorf(e.Pos(), "used type '%s' where scalar is required", o.t)
	}
	return tr.boolCode(o)
}

func boolOp(g goExpr) operand {
	return operand{kind: rvalue, t: ctype.IntType, goExpr: g, isBool: true}
}

// layoutOf is the runtime layout of shared elements of type t: block size
// and element size, for pointer-to-shared arithmetic.
func (tr *translator) layoutOf(t *ctype.Type) string {
	es := tr.sizeCode(t.Base())
	return fmt.Sprintf("upc.Layout{Block: %d, ElemSize: %s}", ctype.BlockOf(t), es)
}

// sizeCode is sizeof(t) as Go code of type uintptr, in a thread's code.
func (tr *translator) sizeCode(t *ctype.Type) goExpr { return sizeIn(t, "t.Threads") }

// sizeIn is sizeof(t) as Go code of type uintptr where the Go int threads
// holds THREADS: t.Threads in a thread's code, THREADS in Setup.
func sizeIn(t *ctype.Type, threads string) goExpr {
	if s, ok := constSize(t); ok {
		return intLit(s)
	}
	return primaryf("uintptr(%s)", sizeExprInt(t, threads))
}

// constSize is sizeof(t) as a number, or false when THREADS decides it.
// An incomplete type counts 1 (its use was reported).
func constSize(t *ctype.Type) (int64, bool) {
	if t.DependsOnTHREADS() {
		return 0, false
	}
	if t.Size() < 0 {
		return 1, true
	}
	return t.Size(), true
}

// sizeExprInt is sizeof(t) as a Go int expression, the Go int threads
// holding THREADS.
func sizeExprInt(t *ctype.Type, threads string) string {
	if t.Kind != ctype.Array {
		return strconv.FormatInt(t.Size(), 10)
	}
	n := strconv.FormatInt(t.Len, 10)
	switch {
	case t.VLA != "":
		n = "int(" + t.VLA + ")"
	case t.LenTHREADS:
		n += "*" + threads
	}
	return n + "*" + sizeExprInt(t.Elem, threads)
}

// typeOfExpr checks e and returns its type without keeping its code
// (sizeof's operand is not evaluated).
func (tr *translator) typeOfExpr(e ast.Expr) *ctype.Type {
	o := tr.expr(e)
	if o.kind == funcDesig {
		return o.t
	}
	return o.t
}

// expr checks e and returns it as an operand; lvalues are not loaded.
func (tr *translator) expr(e ast.Expr) operand {
	o := tr.exprOperand(e)
	tr.recordType(e, o)
	return o
}

func (tr *translator) exprOperand(e ast.Expr) operand {
	switch e := e.(type) {
	case *ast.IntLit:
		c, ok := ctype.ParseIntLit(e.Raw)
		if !ok {
			tr.errorf(e.Pos(), "invalid integer constant '%s'", e.Raw)
			return bad()
		}
		return constOp(c)
	case *ast.FloatLit:
		c, ok := ctype.ParseFloatLit(e.Raw)
		if !ok {
			tr.errorf(e.Pos(), "invalid floating constant '%s'", e.Raw)
			return bad()
		}
		return constOp(c)
	case *ast.CharLit:
		v, ok := ctype.CharValue(e.Raw)
		if !ok {
			tr.errorf(e.Pos(), "invalid character constant %s", e.Raw)
			return bad()
		}
		return constOp(ctype.Const{Type: ctype.IntType, Int: v})
	case *ast.StringLit:
		s, wide := tr.stringValue(e)
		if wide {
			tr.errorf(e.Pos(), "wide string literals are not supported")
		}
		name := tr.stringVar(s)
		return operand{kind: aggregate, t: &ctype.Type{Kind: ctype.Array, Elem: ctype.CharType, Len: int64(len(s) + 1)}, goExpr: primary(name), pure: true}
	case *ast.Ident:
		return tr.ident(e)
	case *ast.IndexExpr:
		return tr.index(e)
	case *ast.MemberExpr:
		return tr.member(e)
	case *ast.UnaryExpr:
		return tr.unary(e)
	case *ast.PostfixExpr:
		return tr.incDec(e.X, e.Op, true, e.OpPos)
	case *ast.BinaryExpr:
		return tr.binary(e)
	case *ast.AssignExpr:
		return tr.assignExpr(e)
	case *ast.CondExpr:
		return tr.condExpr(e)
	case *ast.CommaExpr:
		return tr.comma(e)
	case *ast.CastExpr:
		return tr.cast(e)
	case *ast.CallExpr:
		return tr.atLine(e.Pos(), tr.call(e))
	case *ast.SizeofExpr, *ast.SizeofType:
		return tr.sizeof(e)
	case *ast.UpcBlocksizeof, *ast.UpcElemsizeof, *ast.UpcLocalsizeof:
		return tr.upcSizeof(e)
	case *ast.OffsetofExpr:
		t := tr.resolveType(e.Type)
		off, _, ok := tr.offsetof(t, e.Member, true)
		if !ok {
			return bad()
		}
		return constOp(ctype.Const{Type: ctype.SizeT, Int: off})
	case *ast.CompoundLit:
		return tr.compoundLit(e)
	case *ast.InitList:
		tr.errorf(e.Pos(), "expected expression before '{' token")
		return bad()
	case *ast.StmtExpr:
		tr.errorf(e.Pos(), "statement expressions are not supported")
		return bad()
	case *ast.VaArgExpr:
		return tr.vaArg(e)
	}
	tr.errorf(e.Pos(), "unsupported expression")
	return bad()
}

// stringValue joins the pieces of a string literal and decodes escapes.
func (tr *translator) stringValue(e *ast.StringLit) (string, bool) {
	var b strings.Builder
	wide := false
	for i, p := range e.Pieces {
		if q := strings.IndexByte(p, '"'); q > 0 {
			if p[:q] != "u8" {
				wide = true
			}
			p = p[q:]
		}
		s, ok := ctype.Unescape(p[1 : len(p)-1])
		if !ok {
			tr.errorf(e.PiecePos[i], "invalid escape sequence in string literal")
		}
		b.WriteString(s)
	}
	return b.String(), wide
}

// stringVar is the Go variable holding a string literal in C memory.
func (tr *translator) stringVar(s string) string {
	if v, ok := tr.strLits[s]; ok {
		return v
	}
	v := private(fmt.Sprintf("str%d", len(tr.strOrder)+1))
	tr.strLits[s] = v
	tr.strOrder = append(tr.strOrder, s)
	return v
}

func (tr *translator) ident(e *ast.Ident) operand {
	s := tr.lookupIdent(e)
	if s == nil {
		switch e.Name {
		case "THREADS":
			if tr.cfg.StaticThreads > 0 {
				return constOp(ctype.Const{Type: ctype.IntType, Int: int64(tr.cfg.StaticThreads)})
			}
			if tr.fn != nil && tr.fn.name != "init" {
				// A local copy: the Go compiler then keeps it in a register
				// (THREADS never changes while the program runs), declared
				// where the function's Go reads it (funcDecl).
				return operand{kind: rvalue, t: ctype.IntType, goExpr: varName("THREADS"), pure: true}
			}
			return operand{kind: rvalue, t: ctype.IntType, goExpr: primary("int32(t.Threads)"), pure: true}
		case "MYTHREAD":
			if tr.fn != nil && tr.fn.name != "init" {
				return operand{kind: rvalue, t: ctype.IntType, goExpr: varName("MYTHREAD"), pure: true}
			}
			return operand{kind: rvalue, t: ctype.IntType, goExpr: primary("int32(t.MyThread)"), pure: true}
		case "UPC_MAX_BLOCK_SIZE":
			return constOp(ctype.Const{Type: ctype.IntType, Int: maxBlockSize})
		case "__func__", "__FUNCTION__", "__PRETTY_FUNCTION__":
			name := ""
			if tr.fn != nil {
				name = tr.fn.name
			}
			return operand{kind: aggregate, t: &ctype.Type{Kind: ctype.Array, Elem: ctype.CharType, Len: int64(len(name) + 1)}, goExpr: primary(tr.stringVar(name)), pure: true}
		}
		tr.errorf(e.Pos(), "'%s' undeclared", e.Name)
		// Declare it to report each undeclared name once per scope.
		tr.scope.insert(&symbol{name: e.Name, kind: symVar, typ: ctype.IntType, goName: "0", pos: e.Pos(), defined: true, undeclared: true})
		return bad()
	}
	if s.undeclared {
		return bad()
	}
	s.use(e.Pos())
	if o, ok := tr.fn.invariantRead(e); ok {
		return o
	}
	switch s.kind {
	case symEnumConst:
		return constOp(ctype.Const{Type: ctype.IntType, Int: s.val})
	case symTypedef:
		tr.errorf(e.Pos(), "unexpected type name '%s': expected expression", e.Name)
		return bad()
	case symFunc:
		return operand{kind: funcDesig, t: s.typ, goExpr: primary(s.goName), pure: true, sym: s}
	}
	name := varName(s.goName)
	switch {
	case s.handsOut:
		name = primary(s.goName) // a call, not a variable
	case s.st == stGlobal || s.st == stStaticLocal:
		name = varName("t." + s.goName)
	}
	t := s.typ
	switch {
	case s.st == stShared:
		p := callf("upc.StaticPtr(%s)", s.goName)
		if t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union {
			return operand{kind: sharedAgg, t: t, goExpr: p, pure: true, sym: s}
		}
		return operand{kind: lvShared, t: t, goExpr: p, pure: true, sym: s}
	case t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union:
		return operand{kind: aggregate, t: t, goExpr: name, pure: true, sym: s}
	case s.inMem:
		return operand{kind: lvGo, t: t, goExpr: tr.cmemLvalue(t, name), addr: name, pure: true, sym: s}
	}
	return operand{kind: lvGo, t: t, goExpr: name, pure: !s.handsOut, sym: s}
}

// addScaled is base + idx*size for private addresses, where size is the
// size of elem.
func (tr *translator) addScaled(base goExpr, idx operand, elem *ctype.Type) goExpr {
	op, step := tr.scaledStep(idx, elem)
	if op == "" {
		return base
	}
	return binaryOp(base, op, step)
}

// scaledStep is idx*sizeof(elem) as what a private address adds: op is
// "+" or "-" and step what follows it ("" when the step is a constant 0).
func (tr *translator) scaledStep(idx operand, elem *ctype.Type) (op string, step goExpr) {
	size, known := constSize(elem)
	if idx.c != nil && known {
		off := idx.c.Int
		if !idx.t.IsSigned() {
			off = int64(uint64(idx.c.Int))
		}
		switch n := off * size; {
		case n == 0:
			return "", goExpr{}
		case n < 0:
			return "-", intLit(-n)
		default:
			return "+", intLit(n)
		}
	}
	i := primaryf("uintptr(%s)", tr.conv(idx, ctype.LongType))
	if known && size == 1 {
		return "+", i
	}
	return "+", binaryOp(i, "*", tr.sizeCode(elem))
}

// cmemPtr is the Go lvalue of the object of type t at C address addr.
func cmemPtr(t *ctype.Type, addr goExpr) goExpr {
	return unaryOp("*", callf("cmem.Ptr[%s](%s)", goType(t), addr))
}

// cmemAt is cmemPtr inside a loop the loop pass optimised, where the base
// of C addresses is in local mem (loopopt.go).
func cmemAt(t *ctype.Type, mem string, addr goExpr) goExpr {
	return unaryOp("*", callf("cmem.At[%s](%s, %s)", goType(t), mem, addr))
}

// cmemLvalue is the T at C address addr as Go: through the local base of
// C addresses inside a loop the loop pass optimised, which Go keeps in a
// register across the loop's stores (cmem.Base), else cmemPtr.
func (tr *translator) cmemLvalue(t *ctype.Type, addr goExpr) goExpr {
	return tr.cmemOf(goType(t), addr)
}

// cmemOf is cmemLvalue for the Go type goT.
func (tr *translator) cmemOf(goT string, addr goExpr) goExpr {
	if tr.fn != nil && tr.fn.memBase != "" {
		return unaryOp("*", callf("cmem.At[%s](%s, %s)", goT, tr.fn.memBase, addr))
	}
	return unaryOp("*", callf("cmem.Ptr[%s](%s)", goT, addr))
}

// deref turns a pointer value into the lvalue it points to.
func (tr *translator) deref(p operand, pos token.Pos) operand {
	if p.invalid {
		return p // reported already (pointer arithmetic on an incomplete type)
	}
	t := p.t.Elem
	if t.Kind == ctype.Void {
		tr.errorf(pos, "dereferencing a 'void *' pointer")
		return bad()
	}
	if t.Kind == ctype.Func {
		// *f of a function pointer designates the function, which decays
		// straight back to the pointer.
		return p
	}
	if p.t.IsPtrToShared() {
		if t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union {
			return operand{kind: sharedAgg, t: t, goExpr: p.goExpr, pure: p.pure}
		}
		return operand{kind: lvShared, t: t, goExpr: p.goExpr, pure: p.pure}
	}
	if t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union {
		return operand{kind: aggregate, t: t, goExpr: p.goExpr, pure: p.pure}
	}
	if t.Size() < 0 {
		tr.errorf(pos, "dereferencing pointer to incomplete type '%s'", t)
		return bad()
	}
	return operand{kind: lvGo, t: t, goExpr: tr.cmemLvalue(t, p.goExpr), addr: p.goExpr, pure: p.pure}
}

// localIndex lowers a[i] inside a upc_forall whose affinity proved it
// local: a direct access to the calling thread's segment.
func (tr *translator) localIndex(e *ast.IndexExpr) (operand, bool) {
	if tr.fn == nil || len(tr.fn.localIndex) == 0 {
		return operand{}, false
	}
	arr, ok1 := e.X.(*ast.Ident)
	idx, ok2 := e.Index.(*ast.Ident)
	if !ok1 || !ok2 {
		return operand{}, false
	}
	a, i := tr.scope.lookup(arr.Name), tr.scope.lookup(idx.Name)
	if a == nil || !tr.localIndexable(a) {
		return operand{}, false
	}
	for _, la := range tr.fn.localIndex {
		b := ctype.BlockOf(a.typ)
		if la.index != i || la.block != b {
			continue
		}
		a.use(arr.Pos())
		i.use(idx.Pos())
		elem := a.typ.Elem
		shared := callf("upc.StaticPtr(%s).Add(int64(%s), %s, t.Threads)", a.goName, i.goName, tr.layoutOf(elem))
		threads := primary("uintptr(t.Threads)")
		wide := primaryf("uintptr(%s)", i.goName)
		var off goExpr
		switch {
		case la.localVar != "":
			off = primary(la.localVar)
		case b == 1:
			off = binaryOp(wide, "/", threads)
		default:
			// The element's block on this thread, times the block size,
			// plus its place in its block.
			blocks := binaryOp(binaryOp(binaryOp(wide, "/", intLit(b)), "/", threads), "*", intLit(b))
			off = binaryOp(blocks, "+", binaryOp(wide, "%", intLit(b)))
		}
		base := binaryOp(primary("t.LocalAddr()"), "+", primary(a.goName))
		if v, ok := la.bases[a]; ok {
			base = primary(v)
		}
		addr := binaryOp(base, "+", binaryOp(off, "*", intLit(elem.Size())))
		code := cmemPtr(elem, addr)
		if at, ok := tr.fn.runningAddr(e); ok {
			// A running local address from the loop pass (forall_opt.go).
			addr, code = at, cmemAt(elem, tr.fn.memBase, at)
		}
		return operand{kind: lvGo, t: elem, goExpr: code, addr: addr, pure: true, shared: shared}, true
	}
	return operand{}, false
}

// localIndexable reports whether localIndex reads a[i] as a local access
// when a upc_forall proves element i local: a is a static shared array of
// scalars, not strict.
func (tr *translator) localIndexable(a *symbol) bool {
	return sharedScalarArray(a) && !tr.isStrict(a.typ.Elem)
}

// sharedScalarArray reports whether a is a static shared array of
// scalars, whose element x[i] a upc_forall may prove local (unless the
// access is strict).
func sharedScalarArray(a *symbol) bool {
	return a.kind == symVar && a.st == stShared && a.typ.Kind == ctype.Array && a.typ.Elem.Kind != ctype.Array &&
		a.typ.Elem.Kind != ctype.Struct && a.typ.Elem.Kind != ctype.Union
}

// pointerArith reports whether arithmetic on a pointer of type t is
// allowed, and reports why not: it needs a complete object type. void *
// arithmetic, gcc's extension (sizeof(void) == 1), is an error, as in GNU
// UPC and Berkeley UPC; shared void * has no layout to count in.
func (tr *translator) pointerArith(t *ctype.Type, pos token.Pos) bool {
	elem := t.Elem
	switch {
	case elem.Kind == ctype.Void:
		tr.errorf(pos, "pointer of type '%s' used in arithmetic", t)
	case elem.Kind == ctype.Func || elem.Size() < 0 && !elem.DependsOnTHREADS():
		tr.errorf(pos, "arithmetic on a pointer to an incomplete type '%s'", elem)
	default:
		return true
	}
	return false
}

// ptrAdd is p + i (in elements) for private or shared pointers.
func (tr *translator) ptrAdd(p, i operand, neg bool, pos token.Pos) operand {
	if !i.t.IsInteger() {
		tr.errorf(pos, "pointer arithmetic needs an integer operand, not '%s'", i.t)
		return bad()
	}
	elem := p.t.Elem
	if !tr.pointerArith(p.t, pos) {
		return bad()
	}
	if neg {
		if i.c != nil {
			c := ctype.ConvertConst(ctype.Const{Type: ctype.LongType, Int: -ctype.ConvertConst(*i.c, ctype.LongType).Int}, ctype.LongType)
			i = constOp(c)
		} else {
			i = operand{kind: rvalue, t: ctype.LongType, goExpr: unaryOp("-", tr.conv(i, ctype.LongType))}
		}
	}
	if p.t.IsPtrToShared() {
		if i.c != nil && i.c.Int == 0 {
			return operand{kind: rvalue, t: p.t, goExpr: p.goExpr, pure: p.pure}
		}
		step := tr.conv(i, ctype.LongType)
		if elem.Kind == ctype.Array {
			// A row of a multi-dimensional shared array: the layout counts
			// base elements, so step by the row's element count.
			n, threads := ctype.ElemCount(elem)
			step = binaryOp(step, "*", intLit(n))
			if threads {
				step = binaryOp(step, "*", primary("int64(t.Threads)"))
			}
		}
		code := callf("%s.Add(%s, %s, t.Threads)", p.paren(), step, tr.layoutOf(elem))
		return operand{kind: rvalue, t: p.t, goExpr: code, pure: p.pure && i.pure}
	}
	return operand{kind: rvalue, t: p.t, goExpr: tr.addScaled(p.goExpr, i, elem), pure: p.pure && i.pure}
}

func (tr *translator) index(e *ast.IndexExpr) operand {
	if o, ok := tr.localIndex(e); ok {
		return o
	}
	x, i := tr.value(e.X), tr.value(e.Index)
	if x.t.IsInteger() && i.t.Kind == ctype.Ptr {
		x, i = i, x // i[a] is a[i]
	}
	if x.t.Kind != ctype.Ptr {
		tr.errorf(e.Lbrack, "subscripted value is neither array nor pointer")
		return bad()
	}
	if x.t.Elem.Kind == ctype.Func {
		tr.errorf(e.Lbrack, "subscripted value is pointer to function")
		return bad()
	}
	// A running address of an inner loop first: the pass planned it with
	// the loop variable gone, which a row's subscript would read.
	if o, ok := tr.derefRunning(e, x.t, e.Lbrack); ok {
		return o
	}
	if o, ok := tr.rowSubscript(e, i); ok {
		return o
	}
	return tr.deref(tr.ptrAdd(x, i, false, e.Lbrack), e.Lbrack)
}

func (tr *translator) member(e *ast.MemberExpr) operand {
	if o, ok := tr.fn.invariantRead(e); ok {
		return o
	}
	var x operand
	if e.Arrow {
		p := tr.value(e.X)
		if p.t.Kind != ctype.Ptr || (p.t.Elem.Kind != ctype.Struct && p.t.Elem.Kind != ctype.Union) {
			tr.errorf(e.NamePos, "invalid type argument of '->' (have '%s')", p.t)
			return bad()
		}
		x = tr.deref(p, e.NamePos)
	} else {
		x = tr.expr(e.X)
	}
	if x.t.Kind != ctype.Struct && x.t.Kind != ctype.Union {
		tr.errorf(e.NamePos, "request for member '%s' in something not a structure or union", e.Name)
		return bad()
	}
	if !x.t.Rec.Complete {
		tr.errorf(e.NamePos, "invalid use of incomplete type '%s'", x.t)
		return bad()
	}
	f, off, ok := x.t.Rec.FindField(e.Name)
	if !ok {
		tr.errorf(e.NamePos, "'%s' has no member named '%s'", x.t, e.Name)
		return bad()
	}
	ft := f.Type
	if x.t.Const {
		c := *ft
		c.Const = true
		ft = &c
	}
	switch x.kind {
	case sharedAgg:
		// A member of a shared struct lies on the struct's thread: an array
		// member is indexed within that thread (indefinite layout).
		s := *ctype.SharedIndefinite(ft, x.t.Strict, x.t.Relax)
		p := callf("crt.Offset(%s, %d)", x.code, off)
		if f.IsBitField {
			tr.errorf(e.NamePos, "bit-fields of shared structures are not supported")
			return bad()
		}
		if ft.Kind == ctype.Array || ft.Kind == ctype.Struct || ft.Kind == ctype.Union {
			return operand{kind: sharedAgg, t: &s, goExpr: p, pure: x.pure}
		}
		return operand{kind: lvShared, t: &s, goExpr: p, pure: x.pure}
	case aggregate:
		addr := plusConst(x.goExpr, off)
		if f.IsBitField {
			return operand{kind: lvBit, t: ft, addr: addr, bit: f, pure: x.pure}
		}
		if ft.Kind == ctype.Array || ft.Kind == ctype.Struct || ft.Kind == ctype.Union {
			return operand{kind: aggregate, t: ft, goExpr: addr, pure: x.pure}
		}
		return operand{kind: lvGo, t: ft, goExpr: tr.cmemLvalue(ft, addr), addr: addr, pure: x.pure}
	}
	tr.errorf(e.NamePos, "unsupported member access")
	return bad()
}

// errnoLvalue is errno: (*__errno_location()) in <errno.h>.
const errnoLvalue = "t.libc.Errno"

// bitLoad reads a bit-field: shift the storage unit left to drop the
// higher fields, then right (arithmetically for signed fields).
func (tr *translator) bitLoad(o operand) goExpr {
	f := o.bit
	bits := f.Type.Size() * 8
	left := bits - f.BitOff - f.BitWidth
	right := bits - f.BitWidth
	unit := cmemPtr(f.Type, o.addr)
	return primaryf("%s(%s)", goType(ctype.Promote(f.Type)), binaryOp(binaryOp(unit, "<<", intLit(left)), ">>", intLit(right)))
}

// bitStore writes v (Go code of the field's type) into a bit-field.
func (tr *translator) bitStore(o operand, v goExpr) string {
	f := o.bit
	unit := cmemPtr(f.Type, o.addr)
	mask := primaryf("%s(%d)", goType(f.Type), uint64(1)<<uint(f.BitWidth)-1)
	if f.BitWidth == f.Type.Size()*8 {
		return fmt.Sprintf("%s = %s", unit, v)
	}
	// The other bits of the unit, and v's low bits in the field's place.
	keep := binaryOp(unit, "&^", binaryOp(mask, "<<", intLit(f.BitOff)))
	field := binaryOp(group(binaryOp(group(v), "&", mask)), "<<", intLit(f.BitOff))
	if bits := f.Type.Size() * 8; f.Type.IsSigned() && f.BitOff+f.BitWidth == bits {
		// The field holds the sign bit of a signed unit: the shifted
		// mask, and a constant v shifted, are Go constants out of the
		// type's range (int32(511) << 23 does not compile), so they
		// are written as the unit's values.
		inPlace := (uint64(1)<<uint(f.BitWidth) - 1) << uint(f.BitOff)
		keep = binaryOp(unit, "&^", primaryf("%s(%d)", goType(f.Type), signExtend(inPlace, bits)))
		if c, ok := goConstInt(v); ok {
			field = primaryf("%s(%d)", goType(f.Type), signExtend(uint64(c)<<uint(f.BitOff)&inPlace, bits))
		}
	}
	return fmt.Sprintf("%s = %s", unit, binaryOp(keep, "|", field))
}

// goConstInt is the value of g if it is a Go integer constant (5, -1,
// int64(-5)): the emitter folds C constants, so that is the form their
// values come in.
func goConstInt(g goExpr) (int64, bool) {
	tv, err := types.Eval(gotoken.NewFileSet(), nil, gotoken.NoPos, g.code)
	if err != nil || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// signExtend is the low bits bits of u as a signed integer.
func signExtend(u uint64, bits int64) int64 {
	return int64(u<<uint(64-bits)) >> uint(64-bits)
}

func (tr *translator) unary(e *ast.UnaryExpr) operand {
	switch e.Op {
	case "&":
		x := tr.expr(e.X)
		if x.invalid {
			return bad()
		}
		switch x.kind {
		case lvShared, sharedAgg:
			return operand{kind: rvalue, t: ctype.PointerTo(x.t), goExpr: x.goExpr, pure: x.pure}
		case aggregate:
			return operand{kind: rvalue, t: ctype.PointerTo(x.t), goExpr: x.goExpr, pure: x.pure}
		case funcDesig:
			return tr.rval(x)
		case lvGo:
			if x.shared.code != "" {
				return operand{kind: rvalue, t: ctype.PointerTo(x.t), goExpr: x.shared, pure: x.pure}
			}
			if x.addr.code != "" {
				return operand{kind: rvalue, t: ctype.PointerTo(x.t), goExpr: x.addr, pure: x.pure}
			}
			if x.code == errnoLvalue {
				tr.errorf(e.OpPos, "the address of errno cannot be taken (upcgo keeps errno in each thread's C library state, not in C memory)")
				return bad()
			}
			// addressTaken put every variable whose address is taken
			// in C memory.
			panic(fmt.Sprintf("the address of %s, which is not in C memory", x.code))
		case lvBit:
			tr.errorf(e.OpPos, "cannot take address of bit-field")
			return bad()
		}
		tr.errorf(e.OpPos, "lvalue required as unary '&' operand")
		return bad()
	case "*":
		if c, ok := e.X.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "__errno_location" && len(c.Args) == 0 {
				// errno is the thread's C library state.
				return operand{kind: lvGo, t: ctype.IntType, goExpr: primary(errnoLvalue), pure: true}
			}
		}
		p := tr.value(e.X)
		if p.t.Kind != ctype.Ptr {
			tr.errorf(e.OpPos, "invalid type argument of unary '*' (have '%s')", p.t)
			return bad()
		}
		return tr.deref(p, e.OpPos)
	case "++", "--":
		return tr.incDec(e.X, e.Op, false, e.OpPos)
	case "sizeof":
		return tr.sizeof(&ast.SizeofExpr{Sizeof: e.OpPos, X: e.X})
	}
	x := tr.value(e.X)
	if x.c != nil {
		// Folded on the operand's value, not on e's source: (p, 1) is a
		// constant no integer constant expression, and ~ of its Go
		// literal would be a Go constant out of its type's range once
		// converted (uint64(^1) does not compile), as arith folds.
		if c, ok := ctype.UnaryConst(e.Op, *x.c); ok {
			return constOp(c)
		}
	}
	switch e.Op {
	case "+", "-":
		if !x.t.IsArith() {
			tr.errorf(e.OpPos, "wrong type argument to unary %s ('%s')", map[string]string{"+": "plus", "-": "minus"}[e.Op], x.t)
			return bad()
		}
		t := ctype.Promote(x.t)
		code := tr.conv(x, t)
		if e.Op == "-" {
			code = unaryOp("-", code)
		}
		return operand{kind: rvalue, t: t, goExpr: code, pure: x.pure}
	case "~":
		if !x.t.IsInteger() {
			tr.errorf(e.OpPos, "wrong type argument to bit-complement ('%s')", x.t)
			return bad()
		}
		t := ctype.Promote(x.t)
		return operand{kind: rvalue, t: t, goExpr: unaryOp("^", tr.conv(x, t)), pure: x.pure}
	case "!":
		if !x.t.IsScalar() {
			tr.errorf(e.OpPos, "wrong type argument to unary exclamation mark ('%s')", x.t)
			return bad()
		}
		b := boolOp(unaryOp("!", tr.boolCode(x)))
		b.pure = x.pure
		return b
	}
	tr.errorf(e.OpPos, "unsupported operator %s", e.Op)
	return bad()
}

func isRelational(op string) bool {
	switch op {
	case "<", ">", "<=", ">=", "==", "!=":
		return true
	}
	return false
}

func (tr *translator) binary(e *ast.BinaryExpr) operand {
	if e.Op == "&&" || e.Op == "||" {
		x, y := tr.value(e.X), tr.value(e.Y)
		if c, ok := tr.constEval(e); ok && x.c != nil {
			return constOp(c)
		}
		if !x.t.IsScalar() || !y.t.IsScalar() {
			tr.errorf(e.OpPos, "invalid operands to binary %s", e.Op)
		}
		b := boolOp(binaryOp(tr.boolCode(x), e.Op, tr.boolCode(y)))
		b.pure = x.pure && y.pure
		return b
	}
	x, y := tr.value(e.X), tr.value(e.Y)
	return tr.atLine(e.Pos(), tr.arith(e.Op, x, y, e.OpPos))
}

// arith applies binary operator op (not && or ||) to two rvalues.
func (tr *translator) arith(op string, x, y operand, pos token.Pos) operand {
	if x.invalid || y.invalid {
		return bad()
	}
	pure := x.pure && y.pure
	if x.c != nil && y.c != nil && x.t.IsArith() && y.t.IsArith() {
		if c, ok := ctype.BinaryConst(op, *x.c, *y.c); ok {
			return constOp(c)
		}
	}
	if (op == "/" || op == "%") && y.c != nil && y.t.IsInteger() && y.c.Int == 0 {
		tr.warnf(pos, "division by zero")
	}
	xp, yp := x.t.Kind == ctype.Ptr, y.t.Kind == ctype.Ptr
	switch {
	case (op == "+" || op == "-") && xp && y.t.IsInteger():
		return tr.ptrAdd(x, y, op == "-", pos)
	case op == "+" && yp && x.t.IsInteger():
		return tr.ptrAdd(y, x, false, pos)
	case op == "-" && xp && yp:
		if x.t.IsPtrToShared() != y.t.IsPtrToShared() {
			tr.errorf(pos, "invalid operands to binary - (have '%s' and '%s')", x.t, y.t)
			return bad()
		}
		if !tr.pointerArith(x.t, pos) || !tr.pointerArith(y.t, pos) {
			return bad()
		}
		if x.t.IsPtrToShared() && !ctype.CompatiblePtrsToShared(x.t, y.t) {
			// The difference counts elements of one layout (UPC 1.3 §6.4.2).
			tr.errorf(pos, "invalid operands to binary - (have '%s' and '%s'): pointers-to-shared to different types or block sizes", x.t, y.t)
			return bad()
		}
		if x.t.IsPtrToShared() {
			code := callf("%s.Sub(%s, %s, t.Threads)", x.paren(), y.code, tr.layoutOf(x.t.Elem))
			if x.t.Elem.Kind == ctype.Array {
				// A row of a multi-dimensional array: count rows.
				n, threads := ctype.ElemCount(x.t.Elem)
				code = binaryOp(code, "/", intLit(n))
				if threads {
					code = binaryOp(group(code), "/", primary("int64(t.Threads)"))
				}
			}
			return operand{kind: rvalue, t: ctype.PtrdiffT, goExpr: code, pure: pure}
		}
		code := primaryf("int64(%s)", binaryOp(x.goExpr, "-", group(y.goExpr)))
		if size, ok := constSize(x.t.Elem); !ok || size != 1 {
			code = binaryOp(code, "/", tr.sizeCode(x.t.Elem))
		}
		return operand{kind: rvalue, t: ctype.PtrdiffT, goExpr: code, pure: pure}
	case isRelational(op) && (xp || yp):
		return tr.pointerCompare(op, x, y, pos)
	}
	if !x.t.IsArith() || !y.t.IsArith() {
		tr.errorf(pos, "invalid operands to binary %s (have '%s' and '%s')", op, x.t, y.t)
		return bad()
	}
	switch op {
	case "<<", ">>":
		if !x.t.IsInteger() || !y.t.IsInteger() {
			tr.errorf(pos, "invalid operands to binary %s (have '%s' and '%s')", op, x.t, y.t)
			return bad()
		}
		if x.c != nil && y.c == nil {
			// Go gives an untyped constant shifted by a variable count the
			// type its context asks for (uint32(-1 >> n) does not compile,
			// uint64(1 << n) shifts in 64 bits): name its C type.
			pt := ctype.Promote(x.t)
			x = operand{kind: rvalue, t: pt, goExpr: primaryf("%s(%s)", goType(pt), tr.conv(x, pt)), pure: true}
		}
		t := ctype.Promote(x.t)
		return operand{kind: rvalue, t: t, goExpr: binaryOp(tr.conv(x, t), op, tr.shiftCount(y, pos)), pure: pure}
	case "%", "&", "|", "^":
		if !x.t.IsInteger() || !y.t.IsInteger() {
			tr.errorf(pos, "invalid operands to binary %s (have '%s' and '%s')", op, x.t, y.t)
			return bad()
		}
	}
	t := ctype.UsualArith(x.t, y.t)
	code := binaryOp(tr.conv(x, t), op, tr.divisor(op, y, t))
	if isRelational(op) {
		b := boolOp(code)
		b.pure = pure
		return b
	}
	return operand{kind: rvalue, t: t, goExpr: code, pure: pure}
}

// divisor is y converted to t as the right operand of op: a constant zero
// divisor of / or % is hidden from Go's constant evaluation (crt.Dynamic),
// which rejects what C only makes undefined when it runs.
func (tr *translator) divisor(op string, y operand, t *ctype.Type) goExpr {
	code := tr.conv(y, t)
	if (op == "/" || op == "%") && y.c != nil {
		if c := ctype.ConvertConst(*y.c, t); c.Int == 0 && c.Float == 0 {
			return callf("crt.Dynamic[%s](%s)", goType(t), code)
		}
	}
	return code
}

// shiftCount is y as the count of a shift: a negative constant, which Go
// rejects, is hidden from its constant evaluation (gcc warns; the shift
// is undefined, and Go's fails when it runs).
func (tr *translator) shiftCount(y operand, pos token.Pos) goExpr {
	if y.c == nil {
		return tr.conv(y, ctype.Promote(y.t))
	}
	if y.c.Int < 0 {
		tr.warnf(pos, "shift count is negative")
		return callf("crt.Dynamic[int64](%d)", y.c.Int)
	}
	return intLit(y.c.Int)
}

func (tr *translator) pointerCompare(op string, x, y operand, pos token.Pos) operand {
	pure := x.pure && y.pure
	if x.t.IsPtrToShared() || y.t.IsPtrToShared() {
		pt, other := x.t, y
		if !pt.IsPtrToShared() {
			pt, other = y.t, x
		}
		if !other.t.IsPtrToShared() && !other.null {
			tr.errorf(pos, "comparison of a pointer-to-shared with '%s'", other.t)
			return bad()
		}
		if (op == "==" || op == "!=") && (x.null || y.null) {
			p := x
			if x.null {
				p = y
			}
			code := callf("%s.IsNull()", tr.conv(p, pt).paren())
			if op == "!=" {
				code = unaryOp("!", code)
			}
			b := boolOp(code)
			b.pure = pure
			return b
		}
		if x.t.IsPtrToShared() && y.t.IsPtrToShared() {
			eq := op == "==" || op == "!="
			switch {
			case ctype.BlockMismatch(x.t, y.t):
				tr.errorf(pos, "comparison of pointers-to-shared with different block sizes ('%s' and '%s') needs a cast", x.t, y.t)
				return bad()
			case !eq && (!ctype.CompatiblePtrsToShared(x.t, y.t) || x.t.Elem.Base().Size() < 0):
				// They count positions in one layout (UPC 1.3 §6.4.2);
				// shared void has none.
				tr.errorf(pos, "relational comparison of pointers-to-shared to different, void or incomplete types ('%s' and '%s')", x.t, y.t)
				return bad()
			case eq && x.t.Elem.Kind != ctype.Void && y.t.Elem.Kind != ctype.Void && !ctype.SameType(x.t.Elem.Unqual(), y.t.Elem.Unqual()):
				tr.warnf(pos, "comparison of distinct pointer types ('%s' and '%s')", x.t, y.t)
			}
		}
		xc, yc := tr.conv(x, pt), tr.conv(y, pt)
		if op == "==" || op == "!=" {
			// The phase does not count (UPC 1.3 §6.4.2).
			code := callf("%s.Equal(%s)", xc.paren(), yc)
			if op == "!=" {
				code = unaryOp("!", code)
			}
			b := boolOp(code)
			b.pure = pure
			return b
		}
		b := boolOp(binaryOp(callf("%s.Compare(%s, %s, t.Threads)", xc.paren(), yc, tr.layoutOf(pt.Elem)), op, intLit(0)))
		b.pure = pure
		return b
	}
	if x.t.Kind == ctype.Ptr && y.t.Kind == ctype.Ptr && !ctype.SameType(x.t.Elem.Unqual(), y.t.Elem.Unqual()) && x.t.Elem.Kind != ctype.Void && y.t.Elem.Kind != ctype.Void {
		tr.warnf(pos, "comparison of distinct pointer types ('%s' and '%s')", x.t, y.t)
	}
	if (x.t.IsInteger() && x.c == nil) || (y.t.IsInteger() && y.c == nil) {
		tr.warnf(pos, "comparison between pointer and integer")
	}
	b := boolOp(binaryOp(group(tr.conv(x, ctype.VoidPtr)), op, group(tr.conv(y, ctype.VoidPtr))))
	b.pure = pure
	return b
}

func (tr *translator) sizeof(e ast.Expr) operand {
	var t *ctype.Type
	var pos token.Pos
	switch e := e.(type) {
	case *ast.SizeofType:
		t, pos = tr.resolveType(e.Type), e.Sizeof
	case *ast.SizeofExpr:
		pos = e.Sizeof
		t = tr.typeOfExpr(e.X)
		if o, ok := e.X.(*ast.MemberExpr); ok {
			_ = o
		}
	}
	if t.Kind == ctype.Func {
		tr.errorf(pos, "invalid application of 'sizeof' to a function type")
		return bad()
	}
	if t.Kind == ctype.Void {
		// gcc's sizeof(void) == 1 is an extension UPC compilers refuse.
		tr.errorf(pos, "invalid application of 'sizeof' to a void type")
		return bad()
	}
	if t.Size() < 0 && !t.DependsOnTHREADS() {
		tr.errorf(pos, "invalid application of 'sizeof' to incomplete type '%s'", t)
		return bad()
	}
	if t.DependsOnTHREADS() {
		return operand{kind: rvalue, t: ctype.SizeT, goExpr: primaryf("uint64(%s)", sizeExprInt(t, "t.Threads")), pure: true}
	}
	return constOp(ctype.Const{Type: ctype.SizeT, Int: t.Size()})
}

func (tr *translator) cast(e *ast.CastExpr) operand {
	t := tr.resolveType(e.Type)
	x := tr.value(e.X)
	if t.Kind == ctype.Void {
		return operand{kind: rvalue, t: ctype.VoidType, goExpr: x.goExpr, pure: x.pure}
	}
	if !t.IsScalar() {
		tr.errorf(e.Lparen, "conversion to non-scalar type '%s' requested", t)
		return bad()
	}
	if !x.t.IsScalar() {
		tr.errorf(e.Lparen, "cannot convert '%s' to '%s'", x.t, t)
		return bad()
	}
	if x.t.IsFloat() && t.Kind == ctype.Ptr {
		tr.errorf(e.Lparen, "cannot convert a floating value to a pointer")
		return bad()
	}
	if x.invalid {
		return bad()
	}
	if x.t.Kind == ctype.Ptr && !x.t.Elem.Shared && t.IsPtrToShared() && !x.null {
		tr.errorf(e.Lparen, "cannot cast a private pointer to a pointer-to-shared (UPC 1.3 §6.4.3)")
		return bad()
	}
	if x.t.IsInteger() && t.IsPtrToShared() && !x.null {
		tr.errorf(e.Lparen, "cannot convert an integer to a pointer-to-shared")
		return bad()
	}
	if x.c != nil && t.IsArith() {
		return constOp(ctype.ConvertConst(*x.c, t))
	}
	return operand{kind: rvalue, t: t.Unqual(), goExpr: tr.conv(x, t), pure: x.pure, null: x.null && t.Kind == ctype.Ptr}
}

// offsetof walks a member designator list.
func (tr *translator) offsetof(t *ctype.Type, ds []ast.Designator, report bool) (int64, *ctype.Type, bool) {
	var off int64
	for _, d := range ds {
		switch d := d.(type) {
		case *ast.FieldDesignator:
			if t.Kind != ctype.Struct && t.Kind != ctype.Union {
				if report {
					tr.errorf(d.Pos(), "offsetof member '%s' of a non-struct type", d.Name)
				}
				return 0, nil, false
			}
			f, o, ok := t.Rec.FindField(d.Name)
			if !ok {
				if report {
					tr.errorf(d.Pos(), "'%s' has no member named '%s'", t, d.Name)
				}
				return 0, nil, false
			}
			off += o
			t = f.Type
		case *ast.IndexDesignator:
			if t.Kind != ctype.Array {
				return 0, nil, false
			}
			i, ok := tr.constEval(d.Index)
			if !ok {
				return 0, nil, false
			}
			off += i.Int * t.Elem.Size()
			t = t.Elem
		}
	}
	return off, t, true
}

func (tr *translator) upcSizeofConst(e ast.Expr) (ctype.Const, bool) {
	o, ok := tr.upcSizeofValue(e, false)
	if !ok || o.c == nil {
		return ctype.Const{}, false
	}
	return *o.c, true
}

func (tr *translator) upcSizeof(e ast.Expr) operand {
	o, ok := tr.upcSizeofValue(e, true)
	if !ok {
		return bad()
	}
	return o
}

// upcSizeofValue implements upc_blocksizeof, upc_elemsizeof and
// upc_localsizeof (UPC 1.3 §6.4.1).
func (tr *translator) upcSizeofValue(e ast.Expr, report bool) (operand, bool) {
	var x ast.Expr
	var ty ast.Type
	var op string
	var pos token.Pos
	switch e := e.(type) {
	case *ast.UpcBlocksizeof:
		x, ty, op, pos = e.X, e.Type, "upc_blocksizeof", e.OpPos
	case *ast.UpcElemsizeof:
		x, ty, op, pos = e.X, e.Type, "upc_elemsizeof", e.OpPos
	case *ast.UpcLocalsizeof:
		x, ty, op, pos = e.X, e.Type, "upc_localsizeof", e.OpPos
	}
	var t *ctype.Type
	if ty != nil {
		t = tr.resolveType(ty)
	} else {
		t = tr.typeOfExpr(x)
	}
	if !t.Shared && !(t.Kind == ctype.Array && t.Base().Shared) {
		if report {
			tr.errorf(pos, "%s requires a shared-qualified operand (have '%s')", op, t)
		}
		return operand{}, false
	}
	if base := t.Base(); base.Kind == ctype.Void || base.Size() < 0 {
		if report {
			tr.errorf(pos, "invalid application of %s to an incomplete type '%s'", op, base)
		}
		return operand{}, false
	}
	switch op {
	case "upc_blocksizeof":
		b := ctype.BlockOf(t)
		if t.Kind == ctype.Array && t.Base().Star {
			// shared [*]: ceil(elements/THREADS), as the declaration lays it
			// out; a constant when the dimension is N*THREADS or THREADS
			// is static.
			total, threads := ctype.ElemCount(t)
			switch {
			case threads:
				b = total
			case tr.cfg.StaticThreads > 0:
				b = (total + int64(tr.cfg.StaticThreads) - 1) / int64(tr.cfg.StaticThreads)
			default:
				if report {
					tr.errorf(pos, "upc_blocksizeof of a shared [*] array needs THREADS in its dimension in the dynamic THREADS environment")
				}
				return operand{}, false
			}
			b = max(b, 1)
		}
		return constOp(ctype.Const{Type: ctype.SizeT, Int: b}), true
	case "upc_elemsizeof":
		return constOp(ctype.Const{Type: ctype.SizeT, Int: t.Base().Size()}), true
	}
	// upc_localsizeof: the bytes on the thread holding the most elements,
	// an integer constant (UPC 1.3 §6.4.1) whenever THREADS does not
	// change it: a shared object that is not an array, THREADS static, or
	// a dimension N*THREADS, where each thread holds ceil(N/B) blocks of B
	// at most (exact when B divides N; above that, the padding the
	// specification allows). Only a dimension without THREADS in the
	// dynamic environment leaves a value THREADS decides at run time.
	if t.Kind != ctype.Array {
		return constOp(ctype.Const{Type: ctype.SizeT, Int: t.Size()}), true
	}
	es := t.Base().Size()
	n, threads := ctype.ElemCount(t)
	b := ctype.BlockOf(t)
	if t.Base().Star {
		b = 0 // resolved below: one block per thread
	}
	switch {
	case tr.cfg.StaticThreads > 0:
		T := int64(tr.cfg.StaticThreads)
		if threads {
			n *= T
		}
		if t.Base().Star {
			b = max((n+T-1)/T, 1)
		}
		return constOp(ctype.Const{Type: ctype.SizeT, Int: threadZeroBytes(n*es, b*es, T)}), true
	case threads && t.Base().Star:
		return constOp(ctype.Const{Type: ctype.SizeT, Int: n * es}), true
	case threads && b > 0:
		return constOp(ctype.Const{Type: ctype.SizeT, Int: (n + b - 1) / b * b * es}), true
	case !threads && b == 0 && !t.Base().Star:
		return constOp(ctype.Const{Type: ctype.SizeT, Int: n * es}), true
	}
	total := sizeExprInt(t, "t.Threads")
	var code goExpr
	switch {
	case t.Base().Star:
		code = primaryf("uint64(upc.AffinitySize(uintptr(%s), upc.StarBlock(%d, t.Threads)*%d, 0, t.Threads))", total, n, es)
	case b == 0:
		// shared [] with THREADS in a dimension: it all lives on one thread.
		code = primaryf("uint64(%s)", total)
	default:
		code = primaryf("uint64(upc.AffinitySize(uintptr(%s), %d, 0, t.Threads))", total, b*es)
	}
	return operand{kind: rvalue, t: ctype.SizeT, goExpr: code}, true
}

// threadZeroBytes is the bytes thread 0, which holds the most, has of an
// array of total bytes in blocks of block bytes (0: indefinite) over
// threads threads (upc_affinitysize(total, block, 0)).
func threadZeroBytes(total, block, threads int64) int64 {
	if block == 0 {
		return total
	}
	full, rest := total/block, total%block
	switch extra := full % threads; {
	case extra > 0:
		return (full/threads + 1) * block
	default:
		return full/threads*block + rest
	}
}
