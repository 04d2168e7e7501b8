// Package lower checks a parsed UPC program and translates it into Go: a
// main package that calls runtime/upc for every UPC construct, runtime/cmem
// for C memory and stdlib for the C library, with //line directives that
// point at the .upc source.
//
// Translation is one pass over the AST that type-checks and emits at once
// (esbuild's "lower" pass), preceded by a cheap scan that finds the
// variables whose address is taken: those live in C memory, every other
// scalar stays a Go variable the Go compiler can keep in a register.
package lower

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// Config is what a translation needs besides the AST.
type Config struct {
	File          string // the main source file, for messages and the program name
	StaticThreads int    // THREADS fixed at compile time (-T n), or 0
	// Aggregate configures the aggregation pass (aggregate.go); the zero
	// value does not run it.
	Aggregate AggregateOptions
}

// Translate checks f and returns the Go source of the program, formatted.
// Errors and warnings go to errs; the result is nil if there were errors.
func Translate(f *ast.File, cfg *Config, errs *diag.List) []byte {
	tr := newTranslator(cfg, errs)
	tr.file(f)
	if errs.HasErrors() {
		return nil
	}
	src := tr.assemble()
	out, err := format.Source(src)
	if err != nil {
		// The generated code is ours: failing to parse it is a compiler
		// bug, not the user's error; the driver reports a panic of a stage
		// as an internal error.
		panic(fmt.Sprintf("generated Go does not parse: %v", err))
	}
	return out
}

// translator holds the state of one translation.
type translator struct {
	cfg  *Config
	errs *diag.List

	scope    *scope
	fileVars map[string]bool // names whose address is taken anywhere
	nextID   int

	strLits   map[string]string // C string content -> Go variable
	strOrder  []string
	funcVals  []string // functions whose address is taken, in table order
	funcIndex map[string]int

	decls       bytes.Buffer // package-level Go declarations
	threadVars  bytes.Buffer // fields of the per-thread struct
	setup       bytes.Buffer // Setup(j): static shared layout
	threadInit  bytes.Buffer // per-thread allocation of private globals
	threadInit2 bytes.Buffer // per-thread initialisation of private globals
	sharedInit  bytes.Buffer // thread 0's initialisation of shared data
	funcs       bytes.Buffer

	specTypes map[ast.Type]*Type // struct, union and enum specifiers already declared
	wrappers  map[string]bool    // library functions given a C calling convention
	// protoParams is set while resolving a function's parameter types,
	// where variable-length array dimensions are resolved later.
	protoParams bool

	fn         *funcState
	strictMode bool // #pragma upc strict in effect
	hasMain    bool
	symmetric  bool // #pragma upcgo symmetric (shmem.h): private statics in the segment
	// funcDefs: the file's function definitions by name, for a call that
	// comes before its callee's definition and any prototype.
	funcDefs map[string]*ast.FuncDecl
	mainArgs int
}

func newTranslator(cfg *Config, errs *diag.List) *translator {
	return &translator{
		cfg: cfg, errs: errs,
		scope:     newScope(nil),
		strLits:   map[string]string{},
		funcIndex: map[string]int{},
		specTypes: map[ast.Type]*Type{},
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

// importsFor lists the packages the generated code uses.
func importsFor(tr *translator) string {
	all := tr.decls.String() + tr.threadVars.String() + tr.setup.String() + tr.threadInit.String() +
		tr.threadInit2.String() + tr.sharedInit.String() + tr.funcs.String()
	var std, own []string
	for _, p := range []string{"math", "unsafe"} {
		if strings.Contains(all, p+".") {
			std = append(std, p)
		}
	}
	// The thread struct always holds a cmem.Stack.
	own = append(own, "runtime/cmem")
	if len(tr.funcVals) > 0 || strings.Contains(all, "crt.") || tr.mainArgs > 0 {
		own = append(own, "runtime/crt")
	}
	own = append(own, "runtime/upc", "stdlib")
	var b strings.Builder
	b.WriteString("import (\n")
	for _, p := range std {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	if len(std) > 0 {
		b.WriteString("\n")
	}
	for _, p := range own {
		fmt.Fprintf(&b, "\t%q\n", "github.com/upcgo/upcgo/"+p)
	}
	b.WriteString(")\n\n")
	return b.String()
}

func (tr *translator) file(f *ast.File) {
	tr.fileVars = addressTaken(f)
	tr.symmetric = symmetricPragma(f.Pragmas)
	tr.funcDefs = map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && tr.funcDefs[d.Name] == nil {
			tr.funcDefs[d.Name] = d
		}
	}
	for i, d := range f.Decls {
		for _, p := range f.Pragmas {
			if p.Item == i {
				tr.applyPragma(p)
			}
		}
		switch d := d.(type) {
		case *ast.Decl:
			tr.globalDecl(d)
		case *ast.FuncDecl:
			tr.funcDecl(d)
		}
	}
	if !tr.hasMain {
		tr.errorf(token.Pos{File: tr.cfg.File}, "no main function: a UPC program needs int main(void) or int main(int argc, char **argv)")
	}
	for _, name := range tr.scope.order {
		s := tr.scope.syms[name]
		if s.kind == symFunc && !s.defined && s.used && s.builtin == nil && s.libc == nil {
			tr.errorf(s.pos, "undefined reference to '%s'", s.name)
		}
		if s.kind == symVar && !s.defined && s.used {
			tr.errorf(s.pos, "undefined reference to '%s' (declared extern, never defined)", s.name)
		}
	}
}

// assemble writes the whole Go program.
func (tr *translator) assemble() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by upcgo from %s. DO NOT EDIT.\n\n", baseName(tr.cfg.File))
	b.WriteString("package main\n\n")
	b.WriteString(importsFor(tr))
	b.WriteString("// thread is one UPC thread's context: the runtime's, the C library's, and\n// this program's private (per-thread) globals.\n")
	b.WriteString("type thread struct {\n\t*upc.Thread\n\tlibc  stdlib.State\n\tstack cmem.Stack\n")
	b.Write(tr.threadVars.Bytes())
	b.WriteString("}\n\n")
	if len(tr.strOrder) > 0 {
		b.WriteString("// String literals, in immortal C memory.\nvar (\n")
		for _, s := range tr.strOrder {
			fmt.Fprintf(&b, "\t%s = cmem.StaticString(%s)\n", tr.strLits[s], goQuote(s))
		}
		b.WriteString(")\n\n")
	}
	if len(tr.funcVals) > 0 || strings.Contains(tr.funcs.String(), "funcs.Get(") || strings.Contains(tr.decls.String(), "funcs.Get(") {
		b.WriteString("// funcs holds the functions whose address the program takes; a C\n// function pointer is an index into it, plus one.\nvar funcs crt.Funcs\n\nfunc init() {\n\tfuncs = crt.Funcs{")
		for _, f := range tr.funcVals {
			b.WriteString(f + ", ")
		}
		b.WriteString("}\n}\n\n")
	}
	b.Write(tr.decls.Bytes())
	b.WriteString("\nfunc main() {\n\tupc.AtExit(stdlib.Shutdown)\n\tupc.Main(upc.Program{\n")
	fmt.Fprintf(&b, "\t\tName: %q,\n", strings.TrimSuffix(baseName(tr.cfg.File), ".upc"))
	if tr.cfg.StaticThreads > 0 {
		fmt.Fprintf(&b, "\t\tStaticThreads: %d,\n", tr.cfg.StaticThreads)
	}
	b.WriteString("\t\tSetup: func(j *upc.Job) {\n\t\t\tTHREADS := j.Threads()\n\t\t\t_ = THREADS\n")
	b.Write(tr.setup.Bytes())
	b.WriteString("\t\t},\n\t\tMain: func(ut *upc.Thread) int {\n\t\t\tt := &thread{Thread: ut}\n\t\t\tdefer t.stack.Close()\n")
	b.Write(tr.threadInit.Bytes())
	b.Write(tr.threadInit2.Bytes())
	if tr.sharedInit.Len() > 0 {
		b.WriteString("\t\t\tif t.MyThread == 0 {\n")
		b.Write(tr.sharedInit.Bytes())
		b.WriteString("\t\t\t}\n\t\t\tt.Barrier()\n")
	}
	switch tr.mainArgs {
	case 0:
		b.WriteString("\t\t\treturn int(main_(t))\n")
	default:
		b.WriteString("\t\t\targc, argv := crt.Args()\n\t\t\treturn int(main_(t, argc, argv))\n")
	}
	b.WriteString("\t\t},\n\t})\n}\n\n")
	b.Write(tr.funcs.Bytes())
	return b.Bytes()
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
	typ     *Type
	st      storage
	inMem   bool // the Go name holds the variable's address in C memory
	val     int64
	defined bool
	hasInit bool // a definition with an initialiser was seen
	used    bool
	pos     token.Pos
	builtin *builtinFunc
	libc    *libcFunc
}

type scope struct {
	parent *scope
	syms   map[string]*symbol
	tags   map[string]*Type
	order  []string
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, syms: map[string]*symbol{}, tags: map[string]*Type{}}
}

func (s *scope) lookup(name string) *symbol {
	for ; s != nil; s = s.parent {
		if sym, ok := s.syms[name]; ok {
			return sym
		}
	}
	return nil
}

func (s *scope) lookupTag(name string) *Type {
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
		unsafe cmem crt upc stdlib t ut funcs main init thread THREADS MYTHREAD j variadic result`) {
		goReserved[w] = true
	}
}

// goIdent is the Go name for C identifier name.
func goIdent(name string) string {
	if goReserved[name] || strings.HasSuffix(name, "_") && goReserved[strings.TrimRight(name, "_")] {
		return name + "_"
	}
	return name
}

// addressTaken finds every identifier that appears as the operand of &
// (directly, or through . and [] on aggregates) anywhere in the file. A
// variable so named lives in C memory; others stay Go variables. Keyed by
// name only: a conservative answer costs speed, never correctness.
func addressTaken(f *ast.File) map[string]bool {
	names := map[string]bool{}
	var root func(e ast.Expr) string
	root = func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.Ident:
			return e.Name
		case *ast.MemberExpr:
			if !e.Arrow {
				return root(e.X)
			}
		case *ast.IndexExpr:
			return root(e.X)
		}
		return ""
	}
	ast.InspectFile(f, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" {
			if name := root(u.X); name != "" {
				names[name] = true
			}
		}
		return true
	})
	return names
}
