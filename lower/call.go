package lower

import (
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// builtinFunc lowers a call to a UPC library function or a compiler
// builtin; args are already converted to the prototype's parameter types
// (raw holds them before conversion, for layout-dependent calls).
// Lowerings by template (simple, the OpenSHMEM and UPC-IO tables) are
// calls or conversions: primary expressions.
type builtinFunc struct {
	lower func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (code goExpr, t *ctype.Type)
}

func simple(format string, result *ctype.Type) *builtinFunc {
	form := templateForm(format)
	return &builtinFunc{lower: func(_ *translator, args []goExpr, _ []operand, _ token.Pos) (goExpr, *ctype.Type) {
		a := make([]any, len(args))
		for i, s := range args {
			a[i] = s
		}
		return goExpr{code: fmt.Sprintf(format, a...), prec: primaryPrec, form: form}, result
	}}
}

var tSharedVoidPtr = ctype.PointerTo(&ctype.Type{Kind: ctype.Void, Shared: true, Block: 1})

// builtinParams are the parameter types of the compiler's builtins, which
// a program may call without a prototype: the call's arguments are counted
// and converted as a prototype's would be (__builtin_expect(i, 0) of an
// int i, __builtin_bswap16(-1)). A nil type is a parameter taken as it is
// (the floating value of __builtin_isnan, __builtin_nan's ignored string).
// The C11 generic names of OpenSHMEM check theirs in genericLowering.
var builtinParams = map[string][]*ctype.Type{
	"__builtin_huge_val": {}, "__builtin_huge_valf": {}, "__builtin_huge_vall": {}, "__builtin_inf": {}, "__builtin_inff": {},
	"__builtin_nan": {nil}, "__builtin_nanf": {nil}, "__builtin_expect": {ctype.LongType, ctype.LongType},
	"__builtin_isnan": {nil}, "__builtin_isinf_sign": {nil}, "__builtin_isfinite": {nil}, "__builtin_isnormal": {nil},
	"__builtin_signbit": {nil}, "__builtin_fpclassify": {ctype.IntType, ctype.IntType, ctype.IntType, ctype.IntType, ctype.IntType, nil},
	"__builtin_alloca": {ctype.SizeT}, "__builtin_bswap16": {ctype.UShortType}, "__builtin_bswap32": {ctype.UIntType}, "__builtin_bswap64": {ctype.ULongType},
}

// ucharArg is argument i, an int, converted to unsigned char as the
// memset functions take their value (C99 7.21.6.1, UPC 1.3 §7.2.5.4); a
// constant is converted here, since Go rejects byte(-1).
func ucharArg(args []goExpr, raw []operand, i int) goExpr {
	if raw[i].c != nil && !raw[i].c.IsFloat() {
		return primaryf("byte(%d)", uint8(raw[i].c.Int))
	}
	return primaryf("byte(%s)", args[i])
}

// vaBuiltin lowers va_start, va_end and va_copy, whose first argument is
// the va_list lvalue itself.
func (tr *translator) vaBuiltin(name string, e *ast.CallExpr) operand {
	want := map[string]int{"__builtin_va_start": 2, "__builtin_va_end": 1, "__builtin_va_copy": 2}[name]
	if len(e.Args) != want {
		tr.errorf(e.Lparen, "%s takes %d arguments", name, want)
		return bad()
	}
	ap := tr.expr(e.Args[0])
	if ap.kind != lvGo {
		tr.errorf(e.Args[0].Pos(), "va_list argument must be a variable")
		return bad()
	}
	switch name {
	case "__builtin_va_start":
		if tr.fn == nil || !tr.fn.variadic {
			tr.errorf(e.Lparen, "'va_start' used in a function with fixed arguments")
			return bad()
		}
		return operand{kind: rvalue, t: ctype.VoidType, goExpr: callf("crt.Void(crt.Set(&%s, crt.VaStart(variadic)))", ap.code)}
	case "__builtin_va_copy":
		src := tr.value(e.Args[1])
		return operand{kind: rvalue, t: ctype.VoidType, goExpr: callf("crt.Void(crt.Set(&%s, %s))", ap.code, tr.conv(src, ctype.VoidPtr))}
	}
	// va_end releases nothing: the arguments live in the caller's slice.
	return operand{kind: rvalue, t: ctype.VoidType, goExpr: callf("crt.Void(%s)", ap.code)}
}

// vaArg lowers va_arg(ap, T). The va_list may be the last operand of a
// comma expression, va_arg((x, ap), T): va_list is an array type in the
// x86-64 ABI, so the comma's value still designates ap (gcc accepts it;
// Berkeley UPC's bugzilla/bug137c tests it). The operands before it are
// evaluated for their side effects first.
func (tr *translator) vaArg(e *ast.VaArgExpr) operand {
	apExpr := e.Ap
	var before []string
	if c, ok := apExpr.(*ast.CommaExpr); ok {
		for _, x := range c.List[:len(c.List)-1] {
			if o := tr.value(x); !o.pure {
				before = append(before, tr.discard(o))
			}
		}
		apExpr = c.List[len(c.List)-1]
	}
	ap := tr.expr(apExpr)
	t := tr.resolveType(e.Type)
	if ap.kind != lvGo {
		tr.errorf(apExpr.Pos(), "va_list argument must be a variable")
		return bad()
	}
	if t.Kind == ctype.Struct || t.Kind == ctype.Union {
		// A struct or union argument of a variadic call is passed as its
		// address, as structs are everywhere (promoteArg); the caller's
		// object outlives the call, and the callee copies it where it
		// stores the value.
		return operand{kind: aggregate, t: t.Unqual(), goExpr: sequenced(before, "uintptr", fmt.Sprintf("crt.VaArg[uintptr](&%s)", ap.code))}
	}
	if !t.IsScalar() {
		tr.errorf(e.Pos(), "va_arg of type '%s' is not supported", t)
		return bad()
	}
	return operand{kind: rvalue, t: t.Unqual(), goExpr: sequenced(before, goType(t), fmt.Sprintf("crt.VaArg[%s](&%s)", goType(t), ap.code))}
}

// sequenced is value, a call of type goT, evaluated after the statements
// before (a function literal called in place when there are any).
func sequenced(before []string, goT, value string) goExpr {
	if len(before) == 0 {
		return callf("%s", value)
	}
	return callf("func() %s {\n%s\nreturn %s\n}()", goT, joinLines(before), value)
}

// floatPredicate lowers a classification macro of math.h on a float or
// double argument to a Go test.
func floatPredicate(format string) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	return func(tr *translator, _ []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
		if len(raw) != 1 || !raw[0].t.IsFloat() {
			tr.errorf(pos, "argument must be a floating-point value")
			return primary("0"), ctype.IntType
		}
		return primary("crt.B2I(" + fmt.Sprintf(format, tr.conv(raw[0], ctype.DoubleType)) + ")"), ctype.IntType
	}
}

// divLowering lowers div, ldiv and lldiv, whose result struct is a
// temporary in the caller's frame.
func divLowering(goFunc string, elem *ctype.Type) func(*translator, []goExpr, []operand, token.Pos) (goExpr, *ctype.Type) {
	return func(tr *translator, args []goExpr, _ []operand, pos token.Pos) (goExpr, *ctype.Type) {
		rec := &ctype.Record{Tag: "", Fields: []*ctype.Field{{Name: "quot", Type: elem}, {Name: "rem", Type: elem}}}
		ctype.LayoutRecord(rec)
		if s := tr.scope.lookup(map[*ctype.Type]string{ctype.IntType: "div_t", ctype.LongType: "ldiv_t", ctype.LLongType: "lldiv_t"}[elem]); s != nil && s.kind == symTypedef {
			rec = s.typ.Rec
		}
		t := &ctype.Type{Kind: ctype.Struct, Rec: rec}
		if tr.fn == nil || len(args) != 2 {
			tr.errorf(pos, "%s needs 2 arguments inside a function", goFunc)
			return primary("0"), ctype.IntType
		}
		slot := tr.tempSlot(t, tr.tmp("div"))
		store := "crt.Div"
		if elem != ctype.IntType {
			store = "crt.Ldiv"
		}
		return callf("%s(%s, %s(%s, %s))", store, slot, goFunc, args[0], args[1]), t
	}
}

// implicitProgramDecl handles a call to a function of the program that is
// defined later in the file and not declared before the call: C89
// compilers, Berkeley UPC and GNU UPC among them, accept it with a
// warning. The function gets the prototype of its definition, so the call
// converts arguments and result as the definition expects (C89's implicit
// "int f()" would have been wrong for any other result type).
func (tr *translator) implicitProgramDecl(id *ast.Ident) *symbol {
	d := tr.funcDefs[id.Name]
	if d == nil || tr.fn == nil || d.Name == tr.fn.name {
		return nil
	}
	saved := tr.scope
	tr.scope = tr.fileScope()
	t := tr.resolveType(d.Type)
	s := tr.declareFunc(d.Name, t, d.Pos(), d.Storage)
	tr.scope = saved
	tr.warnf(id.Pos(), "implicit declaration of function '%s'; using its definition at line %d (declare it before the call)", id.Name, d.Pos().Line)
	return s
}

// implicitExternDecl handles a call to a function declared nowhere in the
// unit: C89's implicit declaration "extern int f();", with a warning, as
// gcc before version 14 and the compilers behind Berkeley UPC and GNU UPC
// do. Another unit may define it; Link reports an undefined reference if
// none does, and a conflict if the definition's type differs from the
// call's.
func (tr *translator) implicitExternDecl(id *ast.Ident) *symbol {
	saved := tr.scope
	tr.scope = tr.fileScope()
	s := tr.declareFunc(id.Name, &ctype.Type{Kind: ctype.Func, Fn: &ctype.FuncSig{Result: ctype.IntType, OldStyle: true}}, id.Pos(), ast.Extern)
	tr.scope = saved
	s.implicit = true
	tr.warnf(id.Pos(), "implicit declaration of function '%s'", id.Name)
	return s
}

// call lowers a function call.
func (tr *translator) call(e *ast.CallExpr) operand {
	if id, ok := e.Fun.(*ast.Ident); ok {
		switch id.Name {
		case "__builtin_va_start", "__builtin_va_end", "__builtin_va_copy":
			return tr.vaBuiltin(id.Name, e)
		}
		s := tr.lookupIdent(id)
		if s == nil {
			if b, ok := builtin(id.Name); ok && strings.HasPrefix(id.Name, "__builtin") {
				return tr.builtinCall(id.Name, b, nil, e)
			}
			// The program's own function of a library's name (read,
			// times) wins, as the linker would have it.
			if s = tr.implicitProgramDecl(id); s == nil {
				s = tr.implicitLibcDecl(id)
			}
			if s == nil {
				s = tr.implicitExternDecl(id)
			}
		}
		if s.kind == symFunc {
			s.use(id.Pos())
			if s.builtin != nil {
				return tr.builtinCall(id.Name, s.builtin, s.typ.Fn, e)
			}
		}
	}
	f := tr.expr(e.Fun)
	var sig *ctype.FuncSig
	switch {
	case f.kind == funcDesig:
		sig = f.t.Fn
	case f.t.Kind == ctype.Ptr && f.t.Elem.Kind == ctype.Func:
		f = tr.rval(f)
		sig = f.t.Elem.Fn
	default:
		tr.errorf(e.Lparen, "called object is not a function or function pointer")
		return bad()
	}
	defined := -1
	if sig.OldStyle && !sig.Variadic && f.kind == funcDesig && f.sym != nil {
		if d := tr.funcDefs[f.sym.name]; d != nil {
			defined = len(d.Type.Params)
		}
	}
	packed := sig.Variadic && !(f.kind == funcDesig && f.sym != nil && f.sym.libc != nil)
	args, ignored, fnType := tr.callArgs(e, sig, calleeName(e.Fun), defined, packed)
	if sig.OldStyle && f.kind == funcDesig && f.sym != nil {
		f.sym.callTypes = append(f.sym.callTypes, fnType)
	}
	if len(ignored) > 0 {
		// Evaluated first (C leaves the order of arguments unspecified).
		call := tr.callWith(f, sig, args)
		if sig.Result.Kind == ctype.Void {
			return operand{kind: rvalue, t: sig.Result, goExpr: callf("func() { _ = []any{%s}; %s }()", strings.Join(ignored, ", "), call.code)}
		}
		call.goExpr = callf("crt.Comma([]any{%s}, %s)", strings.Join(ignored, ", "), call.code)
		return call
	}
	return tr.callWith(f, sig, args)
}

// callWith is the call of f (a function designator or pointer) with the
// converted arguments args.
func (tr *translator) callWith(f operand, sig *ctype.FuncSig, args []string) operand {
	if sig.Variadic && !(f.kind == funcDesig && f.sym != nil && f.sym.libc != nil) {
		// A C variadic function of the program: the extra arguments travel
		// packed (see crt.VaPack).
		n := len(sig.Params)
		if len(args) >= n {
			args = append(args[:n:n], "crt.VaPack("+strings.Join(args[n:], ", ")+")")
		}
	}
	if f.kind == funcDesig && f.sym != nil && f.sym.libc != nil {
		lc := f.sym.libc
		if lc.state {
			args = append([]string{"&t.libc"}, args...)
		}
		return tr.result(callf("%s(%s)", lc.goName, strings.Join(args, ", ")), sig.Result)
	}
	if f.kind == funcDesig {
		return tr.result(callf("%s(%s)", f.code, strings.Join(append([]string{"t"}, args...), ", ")), sig.Result)
	}
	tr.unit.CallsPointers = true
	return tr.result(callf("funcs.Get(%s).(%s)(%s)", f.code, tr.goFuncType(sig), strings.Join(append([]string{"t"}, args...), ", ")), sig.Result)
}

func calleeName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return "'" + id.Name + "'"
	}
	return "the called function"
}

func (tr *translator) result(code goExpr, t *ctype.Type) operand {
	if t.Kind == ctype.Struct || t.Kind == ctype.Union {
		return operand{kind: aggregate, t: t, goExpr: code}
	}
	return operand{kind: rvalue, t: t.Unqual(), goExpr: code}
}

// callArgs checks and converts the arguments of a call to sig. defined is
// the number of parameters of the callee's definition when sig has no
// prototype ("int f();", "void f() {...}") and the definition is in the
// file, else -1. Arguments beyond a definition's parameters are evaluated
// and never seen by the function (gcc accepts such calls): they come back
// in ignored, as Go expressions to evaluate, and not in args.
//
// fnType is the Go type of the function the call expects: for an old-style
// declaration, its parameters are the promoted types of the arguments.
//
// packed says the variadic arguments travel packed into slots (a variadic
// function of the program, crt.VaPack), where a pointer-to-shared goes
// whole; to the C library (printf's %p) it is its address.
func (tr *translator) callArgs(e *ast.CallExpr, sig *ctype.FuncSig, name string, defined int, packed bool) (args, ignored []string, fnType string) {
	params := []string{"*thread"}
	n := len(sig.Params)
	limit := len(e.Args)
	switch {
	case len(e.Args) < n:
		tr.errorf(e.Rparen, "too few arguments to function %s (expected %d, have %d)", name, n, len(e.Args))
	case sig.OldStyle && len(e.Args) < defined:
		tr.errorf(e.Rparen, "too few arguments to function %s (its definition has %d parameters, the call passes %d)", name, defined, len(e.Args))
	case sig.OldStyle && defined >= 0 && len(e.Args) > max(n, defined):
		limit = max(n, defined)
		tr.warnf(e.Args[limit].Pos(), "too many arguments to function %s, defined without a prototype (expected %d, have %d): the extra ones are evaluated and ignored", name, limit, len(e.Args))
	case len(e.Args) > n && !sig.Variadic && !sig.OldStyle:
		tr.errorf(e.Args[n].Pos(), "too many arguments to function %s (expected %d, have %d)", name, n, len(e.Args))
	}
	for i, a := range e.Args {
		o := tr.value(a)
		switch {
		case i < n:
			args = append(args, tr.convertFor(o, sig.Params[i], a.Pos(), fmt.Sprintf("argument %d of %s", i+1, name)).code)
			params = append(params, goType(sig.Params[i]))
		case i >= limit:
			if !o.pure {
				ignored = append(ignored, tr.discardValue(o))
			}
		case packed && o.t.IsPtrToShared():
			args = append(args, tr.conv(o, o.t).code)
			params = append(params, goType(o.t))
		default:
			args = append(args, tr.variadicArg(o).code)
			params = append(params, goType(ctype.PromoteArgument(o.t)))
		}
	}
	fnType = "func(" + strings.Join(params, ", ") + ")"
	if sig.Result.Kind != ctype.Void {
		fnType += " " + goType(sig.Result)
	}
	return args, ignored, fnType
}

// discardValue is the Go expression that evaluates o for its side effects.
func (tr *translator) discardValue(o operand) string {
	if o.t.IsPtrToShared() || o.t.Kind == ctype.Struct || o.t.Kind == ctype.Union {
		return o.code
	}
	return tr.conv(o, o.t).code
}

// variadicArg applies the default argument promotions (C99 6.5.2.2p6).
// The result goes into a Go ...any, so constants carry their Go type.
func (tr *translator) variadicArg(o operand) goExpr {
	code := tr.promoteArg(o)
	if code.form == formUntyped {
		t := o.t
		if t.Kind == ctype.Float {
			t = ctype.DoubleType
		} else if t.IsInteger() {
			t = ctype.Promote(t)
		}
		return primaryf("%s(%s)", goType(t), code)
	}
	return code
}

func (tr *translator) promoteArg(o operand) goExpr {
	switch {
	case o.t.Kind == ctype.Float:
		return tr.conv(o, ctype.DoubleType)
	case o.t.IsInteger():
		return tr.conv(o, ctype.Promote(o.t))
	case o.t.IsPtrToShared():
		// printf("%p") of a pointer-to-shared prints its address field.
		return primaryf("uintptr(%s.Addr)", o.paren())
	case o.t.Kind == ctype.Struct || o.t.Kind == ctype.Union:
		return o.goExpr
	}
	return tr.conv(o, o.t)
}

// goFuncType is the Go type of a lowered C function of signature sig.
func (tr *translator) goFuncType(sig *ctype.FuncSig) string {
	var ps []string
	ps = append(ps, "*thread")
	for _, p := range sig.Params {
		ps = append(ps, goType(p))
	}
	if sig.Variadic {
		ps = append(ps, "[]uint64")
	}
	res := ""
	if sig.Result.Kind != ctype.Void {
		res = " " + goType(sig.Result)
	}
	return "func(" + strings.Join(ps, ", ") + ")" + res
}

func (tr *translator) builtinCall(name string, b *builtinFunc, sig *ctype.FuncSig, e *ast.CallExpr) operand {
	params, fixed := builtinParams[name]
	if sig != nil {
		params, fixed = sig.Params, !sig.Variadic || len(e.Args) < len(sig.Params)
	}
	var raw []operand
	var args []goExpr
	for i, a := range e.Args {
		o := tr.value(a)
		raw = append(raw, o)
		if i < len(params) && params[i] != nil {
			args = append(args, tr.runtimeArg(o, params[i], a.Pos()))
		} else {
			args = append(args, tr.variadicArg(o))
		}
	}
	want := len(e.Args)
	if fixed {
		want = len(params)
	}
	if len(e.Args) != want {
		tr.errorf(e.Lparen, "function '%s' takes %d arguments, but %d were given", name, want, len(e.Args))
		return bad()
	}
	code, t := b.lower(tr, args, raw, e.Lparen)
	if t == nil {
		t = sig.Result
	}
	return tr.result(code, t)
}

// runtimeArg is argument o converted to the prototype's parameter type pt,
// for a call the lowering hands to a runtime function. Its Go parameter
// may be of another type than pt's (int for a size_t), or the lowering may
// compute with it (a count times an element size): Go converts a value as
// C does, wrapping, but rejects a constant that does not fit. An unsigned
// constant of 2^31 or more (a negative size converted to size_t) goes
// through crt.Dynamic, to be converted when the call runs.
func (tr *translator) runtimeArg(o operand, pt *ctype.Type, pos token.Pos) goExpr {
	code := tr.assignConv(o, pt, pos)
	if o.c != nil && pt.IsInteger() && !pt.IsSigned() {
		if c := ctype.ConvertConst(*o.c, pt); uint64(c.Int) >= 1<<31 {
			return callf("crt.Dynamic[%s](%s)", goType(pt), code)
		}
	}
	return code
}

// callPointer is a Go call through a C function value (designator or
// pointer) with the given argument code.
func (tr *translator) callPointer(f operand, args []string, pos token.Pos) string {
	all := append([]string{"t"}, args...)
	if f.t.Kind == ctype.Ptr && f.t.Elem.Kind == ctype.Func {
		sig := f.t.Elem.Fn
		tr.unit.CallsPointers = true
		return fmt.Sprintf("funcs.Get(%s).(%s)(%s)", f.code, tr.goFuncType(sig), strings.Join(all, ", "))
	}
	tr.errorf(pos, "expected a function")
	return "0"
}

// lowerAlloca lowers alloca(size): size bytes (aligned for any type) in
// the calling function's frame, which its return releases, as a VLA's.
func (tr *translator) lowerAlloca(args []goExpr, _ []operand, pos token.Pos) (goExpr, *ctype.Type) {
	if tr.fn == nil || len(args) != 1 {
		tr.errorf(pos, "alloca takes one argument, inside a function")
		return primary("0"), ctype.VoidPtr
	}
	tr.fn.needFrame = true
	return callf("t.stack.Alloc(uintptr(%s), 16)", args[0]), ctype.VoidPtr
}

func (tr *translator) lowerQsort(args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
	if len(args) != 4 {
		tr.errorf(pos, "qsort takes 4 arguments")
		return primary(""), ctype.VoidType
	}
	cmp := tr.callPointer(raw[3], []string{"a", "b"}, pos)
	return callf("stdlib.Qsort(%s, %s, %s, func(a, b uintptr) int32 { return %s })", args[0], args[1], args[2], cmp), ctype.VoidType
}

func (tr *translator) lowerBsearch(args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
	if len(args) != 5 {
		tr.errorf(pos, "bsearch takes 5 arguments")
		return primary(""), ctype.VoidPtr
	}
	cmp := tr.callPointer(raw[4], []string{"a", "b"}, pos)
	return callf("stdlib.Bsearch(%s, %s, %s, %s, func(a, b uintptr) int32 { return %s })", args[0], args[1], args[2], args[3], cmp), ctype.VoidPtr
}

// compoundLit is (T){...}: a temporary in the current frame, or static
// (C99 6.5.2.5p6) in an initialiser at file scope.
func (tr *translator) compoundLit(e *ast.CompoundLit) operand {
	t := tr.resolveType(e.Type)
	if tr.fn == nil {
		tr.errorf(e.Pos(), "compound literals outside initializers at file scope are not supported")
		return bad()
	}
	if t.Kind == ctype.Array && t.Len < 0 {
		t = tr.completeFromInit(t, e.Init)
	}
	if t.Size() < 0 || t.DependsOnTHREADS() {
		tr.errorf(e.Pos(), "compound literal has variable or incomplete type '%s'", t)
		return bad()
	}
	slot := tr.tempSlot(t, tr.tmp("lit"))
	tr.initMemory(primary(slot), t, e.Init, true)
	addr := primary(slot)
	if t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union {
		return operand{kind: aggregate, t: t, goExpr: addr}
	}
	return operand{kind: lvGo, t: t, goExpr: cmemPtr(t, addr), addr: addr}
}
