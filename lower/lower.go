// Package lower checks a parsed UPC program and translates it into Go: a
// main package that calls runtime/upc for every UPC construct, runtime/cmem
// for C memory and stdlib for the C library, with //line directives that
// point at the .upc source.
//
// Compile runs three phases, as go/types' checkFiles and TinyGo's
// Optimize do:
//
//   - check (Check, info.go): resolves, types, folds constants, classifies
//     lvalues and storage, reports every diagnostic of the unit and
//     records an Info: the type of every expression, the symbol of every
//     identifier and declaration, the resolved type names, the loops;
//   - the passes, each an exported function run once per function after
//     check and reading Info: the upc_forall plan (PlanForall, stmt.go),
//     aggregation (Aggregate, aggregate.go), which prints its remarks
//     itself, and the loop pass, which decides in C terms which
//     subscripts become running addresses: for private loops
//     (OptimizeLoops, loopopt.go) and for planned upc_forall loops
//     (OptimizeForall, forall_opt.go);
//   - emit: the Go from the AST, Info and the passes' plans, with no
//     diagnostics of its own (aggregate_emit.go, loopopt_emit.go and
//     forall_opt_emit.go render the plans: names of temporaries,
//     declarations, post steps).
//
// Check and emit are one walk over the AST (the translator: expr.go,
// stmt.go, decl.go, ...), run twice: check records and discards its Go;
// emit runs on a fresh translator, so that no temporary, string literal
// or symbol is registered twice, with the symbols check made. A scan of
// the file, and of each function as the walk enters it, finds the
// variables whose address is taken (addressTaken): those live in C
// memory, every other scalar stays a Go variable the Go compiler can keep
// in a register.
//
// The C and UPC types, their layout, the usual conversions and the values
// of constants are package lower/ctype's; lower builds those types from
// declarations, decides how each is held in Go (goType) and emits.
package lower

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// Config is what a translation needs besides the AST.
type Config struct {
	File          string // the unit's source file, for messages and the program name
	StaticThreads int    // THREADS fixed at compile time (-T n), or 0
	// WholeProgram says the unit is the whole program: Link gets no other
	// unit, so a private global with external linkage whose address the
	// unit never takes may stay a Go field of the thread context, as a
	// static one does (see Unit).
	WholeProgram bool
	// Aggregate configures the aggregation pass (aggregate.go); the zero
	// value does not run it.
	Aggregate AggregateOptions
	// NoStrictAliasing (-fno-strict-aliasing) keeps the loop pass from
	// reading integer loads once before a loop on the strength of C's
	// effective-type rules (loopopt_loads.go), for programs that store
	// through a pointer of one type into an object of another.
	NoStrictAliasing bool
}

// Translate checks f, a whole program in one file, and returns its Go
// source, formatted: Compile and Link of one unit. Errors and warnings go
// to errs; the result is nil if there were errors.
func Translate(f *ast.File, cfg *Config, errs *diag.List) []byte {
	whole := *cfg
	whole.WholeProgram = true
	u := Compile(f, &whole, errs)
	if errs.HasErrors() {
		return nil
	}
	p := Link([]*Unit{u}, errs)
	if errs.HasErrors() {
		return nil
	}
	return p.Files[0].Source
}

// Compile checks f, one translation unit, and lowers it to Go: every check
// a unit can have on its own; what spans units (undefined references, a
// main, multiple definitions) is Link's. The result is nil if there were
// errors.
//
// It runs three phases, as go/types' checkFiles and TinyGo's Optimize do:
//
//  1. check (Check): resolve, type, fold constants, classify lvalues and
//     storage; every diagnostic of the unit, and an Info;
//  2. the passes, once per function, reading Info: the upc_forall plan
//     (PlanForall), aggregation (Aggregate), with its remarks, and the
//     loop pass (OptimizeLoops, OptimizeForall);
//  3. emit: the Go, from the AST, Info and the passes' plans, with no
//     diagnostics of its own.
func Compile(f *ast.File, cfg *Config, errs *diag.List) *Unit {
	info := Check(f, cfg, errs)
	p := runPasses(f, info, cfg, errs)
	if errs.HasErrors() {
		return nil
	}
	return emit(f, cfg, info, p, &diag.List{})
}

// plans are the decisions of the passes, by loop statement, for emit.
type plans struct {
	forall map[ast.Stmt]*forallPlan
	agg    map[ast.Stmt]*AggPlan
	loop   map[ast.Stmt]*LoopPlan
	// forallLoop are OptimizeForall's plans of the upc_forall loops in
	// forall.
	forallLoop map[ast.Stmt]*ForallLoopPlan
}

// runPasses runs the passes over each function of f.
func runPasses(f *ast.File, info *Info, cfg *Config, errs *diag.List) plans {
	p := plans{forall: map[ast.Stmt]*forallPlan{}, agg: map[ast.Stmt]*AggPlan{}, loop: map[ast.Stmt]*LoopPlan{},
		forallLoop: map[ast.Stmt]*ForallLoopPlan{}}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		forall := PlanForall(fn, info)
		for s, plan := range forall {
			p.forall[s] = plan
		}
		agg := Aggregate(fn, info, cfg.Aggregate, errs)
		for s, plan := range agg {
			p.agg[s] = plan
		}
		for s, plan := range OptimizeLoops(fn, info, agg, LoopOptions{NoStrictAliasing: cfg.NoStrictAliasing}) {
			p.loop[s] = plan
		}
		for s, plan := range OptimizeForall(fn, info, forall, agg) {
			p.forallLoop[s] = plan
		}
	}
	return p
}

// Check is the check phase: it resolves, types and checks f, reports every
// diagnostic of the unit to errs, and records what it learns in an Info
// for the passes and emit. The Go the walk writes is discarded.
func Check(f *ast.File, cfg *Config, errs *diag.List) *Info {
	tr := newTranslator(cfg, errs)
	tr.checking, tr.info = true, newInfo()
	tr.file(f)
	return tr.info
}

// emit is the emit phase: the same walk as check's, on a fresh translator
// (so that no name, literal or symbol is registered twice), with check's
// symbols (Info.Defs), writing the loops the passes planned as planned.
// Check has reported every diagnostic: what the walk finds again goes to
// dropped, which Compile throws away (a test holds it to check's).
func emit(f *ast.File, cfg *Config, info *Info, p plans, dropped *diag.List) *Unit {
	tr := newTranslator(cfg, dropped)
	tr.info, tr.plans = info, p
	tr.file(f)
	return tr.finish()
}

// translator holds the state of one translation.
type translator struct {
	cfg  *Config
	errs *diag.List

	// checking is set in the check phase, which records info; emit reads
	// info and writes the plans of the passes.
	checking bool
	info     *Info
	plans    plans

	scope    *scope
	fileVars map[string]bool // names whose address is taken anywhere: globals so named live in C memory
	nextID   int

	strLits  map[string]string // C string content -> Go variable
	strOrder []string
	funcPtrs map[string]bool // Go names of functions whose address is taken

	unit       *Unit        // what the translation produces; symbols carry their own Go pieces
	decls      bytes.Buffer // package-level Go declarations
	threadInit bytes.Buffer // per-thread initialisation of private globals
	sharedInit bytes.Buffer // thread 0's initialisation of shared data
	funcs      bytes.Buffer

	specTypes map[ast.Type]*ctype.Type // struct, union and enum specifiers already declared
	wrappers  map[string]bool          // library functions given a C calling convention
	// protoParams is set while resolving a function's parameter types,
	// where variable-length array dimensions are resolved later.
	protoParams bool

	fn         *funcState
	strictMode bool // #pragma upc strict in effect
	symmetric  bool // #pragma upcgo symmetric (shmem.h): private statics in the segment
	// funcDefs: the file's function definitions by name, for a call that
	// comes before its callee's definition and any prototype.
	funcDefs map[string]*ast.FuncDecl
	// fileNames are the Go names of the file's globals and functions,
	// and of the static locals named so far (see staticLocalName).
	fileNames map[string]bool
	// staticSegment is a lower bound of the bytes each thread's segment
	// needs for the static shared data declared so far.
	staticSegment int64
}

func newTranslator(cfg *Config, errs *diag.List) *translator {
	return &translator{
		cfg: cfg, errs: errs,
		unit:      &Unit{File: cfg.File, StaticThreads: cfg.StaticThreads, MainParams: -1},
		scope:     newScope(nil),
		strLits:   map[string]string{},
		funcPtrs:  map[string]bool{},
		specTypes: map[ast.Type]*ctype.Type{},
		wrappers:  map[string]bool{},
	}
}

func (tr *translator) errorf(pos token.Pos, format string, args ...any) {
	tr.errs.Errorf(pos, format, args...)
}

func (tr *translator) warnf(pos token.Pos, format string, args ...any) {
	tr.errs.Warnf(pos, format, args...)
}

// tmp returns a fresh Go identifier for a temporary.
func (tr *translator) tmp(prefix string) string {
	tr.nextID++
	return fmt.Sprintf("%s%d", prefix, tr.nextID)
}

// lineDirective points the Go that follows at pos in the C source. It
// must start a line; callers write it after a newline.
func lineDirective(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	return fmt.Sprintf("//line %s:%d\n", pos.File, pos.Line)
}

func (tr *translator) file(f *ast.File) {
	decls := make([]ast.Node, len(f.Decls))
	for i, d := range f.Decls {
		decls[i] = d
	}
	tr.fileVars = addressTaken(decls...)
	tr.symmetric = symmetricPragma(f.Pragmas)
	tr.funcDefs = map[string]*ast.FuncDecl{}
	tr.fileNames = map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if tr.funcDefs[d.Name] == nil {
				tr.funcDefs[d.Name] = d
			}
			tr.fileNames[goIdent(d.Name)] = true
		case *ast.Decl:
			tr.fileNames[goIdent(d.Name)] = true
		}
	}
	for _, p := range f.Pragmas {
		if p.Item >= len(f.Decls) {
			tr.applyPragma(p, true) // after the last declaration: checked only
		}
	}
	for i, d := range f.Decls {
		for _, p := range f.Pragmas {
			if p.Item == i {
				tr.applyPragma(p, true)
			}
		}
		switch d := d.(type) {
		case *ast.Decl:
			tr.globalDecl(d)
		case *ast.FuncDecl:
			tr.funcDecl(d)
		}
	}
	for _, name := range tr.scope.order {
		s := tr.scope.syms[name]
		switch {
		case s.kind == symFunc && !s.defined && s.used && s.libc != nil:
			tr.unit.Symbols = append(tr.unit.Symbols, &Symbol{Name: s.name, Kind: SymLibc, Def: Ref, Pos: s.usePos})
		case s.kind == symFunc && !s.defined && s.used && s.builtin == nil && s.internal:
			// No other unit may define it (gcc: "used but never defined",
			// then the linker's undefined reference).
			tr.errorf(s.usePos, "static function '%s' used but never defined", s.name)
		case s.kind == symFunc && !s.defined && s.used && s.builtin == nil:
			tr.funcRefs(s)
		case s.kind == symVar && !s.defined && s.used:
			tr.objectSymbol(s, Ref).Pos = s.usePos
		case s.kind == symVar && !s.defined:
			// Declared in a header, say, and not used here: still
			// checked against the definition (a shared array's layout).
			tr.objectSymbol(s, Declared)
		}
	}
}

// funcRefs records a function the unit calls or takes the address of
// without defining it, once per Go type it is used with: a prototype
// gives one, an old-style or implicit declaration one per kind of call.
func (tr *translator) funcRefs(s *symbol) {
	checks := s.callTypes
	if !s.typ.Fn.OldStyle || len(checks) == 0 {
		checks = []string{tr.goFuncType(s.typ.Fn)}
	}
	seen := map[string]bool{}
	for _, c := range checks {
		if seen[c] {
			continue
		}
		seen[c] = true
		tr.unit.Symbols = append(tr.unit.Symbols, &Symbol{Name: s.name, GoName: s.goName, Kind: SymFunc, Internal: s.internal,
			Def: Ref, Pos: s.usePos, Type: s.typ.String(), Check: c, Unprototyped: s.implicit || s.typ.Fn.OldStyle})
	}
}

// finish completes the unit: its package-level declarations, in the order
// they appear in the Go (string literals first), and its functions.
func (tr *translator) finish() *Unit {
	u := tr.unit
	var b strings.Builder
	if len(tr.strOrder) > 0 {
		b.WriteString("// String literals, in immortal C memory.\nvar (\n")
		for _, s := range tr.strOrder {
			fmt.Fprintf(&b, "\t%s = cmem.StaticString(%s)\n", tr.strLits[s], goQuote(s))
		}
		b.WriteString(")\n\n")
	}
	b.Write(tr.decls.Bytes())
	u.Decls = b.String()
	u.Funcs = tr.funcs.String()
	u.Init = tr.threadInit.String()
	u.SharedInit = tr.sharedInit.String()
	return u
}

func baseName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// goQuote spells a byte string as a Go string literal.
func goQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// symKind classifies an ordinary identifier.
type symKind uint8

const (
	symVar symKind = iota
	symFunc
	symTypedef
	symEnumConst
)

// storage says where a variable lives.
type storage uint8

const (
	stLocal       storage = iota // Go local variable, or a C-memory frame slot
	stGlobal                     // private global: a field of the thread struct
	stShared                     // static shared object: an offset in every segment
	stStaticLocal                // static local: a private global under another name
)

type symbol struct {
	name    string
	goName  string
	kind    symKind
	typ     *ctype.Type
	st      storage
	inMem   bool // the Go name holds the variable's address in C memory
	val     int64
	defined bool
	hasInit bool // a definition with an initialiser was seen
	used    bool
	pos     token.Pos
	builtin *builtinFunc
	libc    *libcFunc

	// Linkage: internal is static (private to the unit); usePos is the
	// first use, where an undefined reference is reported; callTypes are
	// the Go function types of the calls through an old-style or implicit
	// declaration (implicit), which Link checks against the definition;
	// object is the file-scope object's entry in the unit's symbols.
	internal  bool
	usePos    token.Pos
	callTypes []string
	implicit  bool
	object    *Symbol
	// undeclared marks the stand-in for a name reported undeclared, so
	// that later uses report nothing more.
	undeclared bool
	// handsOut marks a name whose Go code has an effect each time it is
	// evaluated: an aggregated access's agg.At, which hands out the next
	// buffer slot. Its operand is impure, so a read-modify-write (x[i] >>= 1
	// on a _Bool, ++) computes the address once, as the plan counted it.
	handsOut bool
}

// use marks s used at pos.
func (s *symbol) use(pos token.Pos) {
	if !s.used {
		s.used, s.usePos = true, pos
	}
}

type scope struct {
	parent *scope
	syms   map[string]*symbol
	tags   map[string]*ctype.Type
	order  []string
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, syms: map[string]*symbol{}, tags: map[string]*ctype.Type{}}
}

func (s *scope) lookup(name string) *symbol {
	for ; s != nil; s = s.parent {
		if sym, ok := s.syms[name]; ok {
			return sym
		}
	}
	return nil
}

func (s *scope) lookupTag(name string) *ctype.Type {
	for ; s != nil; s = s.parent {
		if t, ok := s.tags[name]; ok {
			return t
		}
	}
	return nil
}

func (s *scope) insert(sym *symbol) {
	if _, ok := s.syms[sym.name]; !ok {
		s.order = append(s.order, sym.name)
	}
	s.syms[sym.name] = sym
}

func (tr *translator) pushScope() { tr.scope = newScope(tr.scope) }
func (tr *translator) popScope()  { tr.scope = tr.scope.parent }

// goReserved are names a C identifier may not keep in Go: keywords,
// predeclared identifiers and the packages and names generated code uses.
var goReserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`break case chan const continue default defer else fallthrough for func go goto if
		import interface map package range return select struct switch type var
		bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8
		uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len
		make max min new panic print println real recover any comparable
		math unsafe cmem crt upc shmem stdlib t ut funcs fnptr main init thread THREADS MYTHREAD j variadic result`) {
		goReserved[w] = true
	}
}

// generatedPrefixes are the prefixes of the names the translation makes up
// as prefix + number: translator.tmp's temporaries and the string
// literals' variables. A C identifier of that shape is renamed, so that a
// temporary never shadows a program's p1 or v2.
var generatedPrefixes = map[string]bool{
	"again": true, "agg": true, "allv": true, "div": true, "end": true, "from": true, "info": true, "init": true,
	"last": true, "lit": true, "local": true, "old": true, "p": true, "str": true, "sw": true, "to": true, "v": true, "val": true,
}

// goIdent is the Go name for C identifier name.
func goIdent(name string) string {
	name = goLetters(name)
	// Renamed names end in "_", so a C name that already does and would
	// be renamed without its underscores gets one more.
	base := strings.TrimRight(name, "_")
	if stem := strings.TrimRight(base, "0123456789"); goReserved[base] || stem != base && generatedPrefixes[stem] {
		return name + "_"
	}
	return name
}

// C identifiers may hold characters a Go identifier may not: '$' (gcc
// accepts it by default) and letters outside Go's (a UCN or UTF-8 '€',
// which C11's Annex D allows), or bytes that are not UTF-8 at all.
// goLetters spells them with two letters no C program is expected to use
// and that are themselves always spelled so, which keeps two C names
// apart: '$' is dollarLetter (g$x is gǂx), and any other such rune, or
// either letter, or TagMark, is escapeLetter and six hex digits of the
// rune (an invalid byte: escapeLetter, "x" and two hex digits).
const (
	dollarLetter = 'ǂ' // U+01C2
	escapeLetter = 'ǁ' // U+01C1
)

func goLetters(name string) string {
	valid := func(r rune) bool {
		return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	// Letters the translation gives a meaning of its own: these two, and
	// TagMark, which Link replaces in the Go names of a unit's privates.
	reserved := func(r rune) bool {
		return r == dollarLetter || r == escapeLetter || string(r) == TagMark
	}
	clean := true
	for _, r := range name {
		if !valid(r) || reserved(r) {
			clean = false
			break
		}
	}
	if clean {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "%cx%02x", escapeLetter, name[i])
		case r == '$':
			b.WriteRune(dollarLetter)
		case !valid(r) || reserved(r):
			fmt.Fprintf(&b, "%c%06x", escapeLetter, r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// addressTaken finds every identifier that is the operand of & in nodes
// (a file's declarations, or one function): a variable so named lives in C memory; others
// stay Go variables. A global is decided by the file's names, a local or
// parameter by its function's (funcState.taken): its name means nothing
// elsewhere, and main's setup(&n1) put every n1 of NPB MG's functions in
// C memory. &a[i] and &s.f need no mark: arrays, structs and unions live
// in C memory whatever is done to them, and for a pointer p, &p[i] is p's
// value plus i elements, not p's address (marking p kept NPB's colidx,
// x_arr and u_ptr in C memory, reloaded at every access). Keyed by name:
// a shadowed name is conservatively marked too, which costs speed, never
// correctness.
func addressTaken(nodes ...ast.Node) map[string]bool {
	names := map[string]bool{}
	mark := func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" {
			if id, ok := u.X.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
		return true
	}
	for _, n := range nodes {
		ast.Inspect(n, mark)
	}
	return names
}
