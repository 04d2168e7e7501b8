// Package gocheck type-checks the Go that lower.Translate generates, in
// process, against the runtime packages the program would be built with,
// and finds calls where an untyped constant decides a Go type: a generic
// runtime function's type argument inferred from it, or a constant passed
// as an interface value.
//
// It is for tests: the regression suite checks the generated Go of every
// program with it, and the translation's fuzz target checks what it
// generates for any input, far faster than "go build" per program.
//
// The runtime packages (and their standard-library dependencies) are read
// from the export data the go command writes when it compiles them ("go
// list -export"), so each Checker sees the runtime of the working tree the
// test runs in, compiled once per go build cache; only the generated file is
// type-checked from source. The standard library's go/types and go/importer
// are all it needs (golang.org/x/tools/go/packages does the same in more
// code).
package gocheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// ModulePath is the module whose packages generated programs import.
const ModulePath = "github.com/upcgo/upcgo"

// runtimeImports are the packages generated code may import (see
// lower.importsFor).
var runtimeImports = []string{
	ModulePath + "/runtime/cmem",
	ModulePath + "/runtime/crt",
	ModulePath + "/runtime/upc",
	ModulePath + "/runtime/shmem",
	ModulePath + "/stdlib",
	"math",
	"unsafe",
}

// Checker type-checks generated programs. It is safe for concurrent use.
type Checker struct {
	mu      sync.Mutex
	fset    *token.FileSet
	imports types.Importer
}

// New lists the runtime packages with the go command, run in dir (a folder
// inside the upcgo module: a test's own folder), compiling them if the
// build cache does not have them yet.
func New(dir string) (*Checker, error) {
	args := append([]string{"list", "-deps", "-export", "-json=ImportPath,Export,Error"}, runtimeImports...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Export string
			Error              *struct{ Err string }
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("go list: %s: %s", p.ImportPath, p.Error.Err)
		}
		exports[p.ImportPath] = p.Export
	}
	fset := token.NewFileSet()
	lookup := func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("generated code imports %q, which is not a runtime package", path)
		}
		return os.Open(file)
	}
	return &Checker{fset: fset, imports: importer.ForCompiler(fset, "gc", lookup)}, nil
}

// Program is a type-checked generated program.
type Program struct {
	Fset *token.FileSet
	File *ast.File
	Info *types.Info
}

// Check parses and type-checks src, a generated main package named
// filename in messages. The error lists every type error, at the
// positions its //line directives give (the .upc source).
func (c *Checker) Check(filename string, src []byte) (*Program, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, err := parser.ParseFile(c.fset, filename, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	info := &types.Info{
		Types:     map[ast.Expr]types.TypeAndValue{},
		Uses:      map[*ast.Ident]types.Object{},
		Instances: map[*ast.Ident]types.Instance{},
	}
	var errs []error
	conf := types.Config{Importer: c.imports, Error: func(err error) { errs = append(errs, err) }}
	if _, err := conf.Check("main", c.fset, []*ast.File{f}, info); err != nil && len(errs) == 0 {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return &Program{Fset: c.fset, File: f, Info: info}, nil
}

// UntypedConstant is a call of a runtime function that lets an untyped
// constant argument decide a Go type: a generic function's type parameter
// that no type argument and no typed argument fixes, or a parameter of
// interface type (printf's ...any). Go then picks the constant's default
// type (int, float64), not the Go type of the C value: a store of a C int
// writes 8 bytes, a C int passed to a variadic function travels as a Go int.
type UntypedConstant struct {
	Pos  token.Position // the call, as //line directives place it
	Func string         // the callee, qualified: "upc.Store"
	// TypeParam is the type parameter so inferred, or "" for a constant
	// passed as an interface value.
	TypeParam string
	Arg       string // the untyped argument, as written
}

func (u UntypedConstant) String() string {
	if u.TypeParam == "" {
		return fmt.Sprintf("%s: %s gets the untyped constant %s as an interface value", u.Pos, u.Func, u.Arg)
	}
	return fmt.Sprintf("%s: %s infers %s from the untyped constant %s", u.Pos, u.Func, u.TypeParam, u.Arg)
}

// UntypedConstants lists the calls of functions of the upcgo module in p
// where an untyped constant argument decides a Go type (see
// UntypedConstant).
func (p *Program) UntypedConstants() []UntypedConstant {
	var out []UntypedConstant
	report := func(call *ast.CallExpr, fn *types.Func, tparam string, arg ast.Expr) {
		var text strings.Builder
		_ = printer.Fprint(&text, p.Fset, arg)
		out = append(out, UntypedConstant{Pos: p.Fset.Position(call.Lparen), Func: fn.Pkg().Name() + "." + fn.Name(), TypeParam: tparam, Arg: text.String()})
	}
	ast.Inspect(p.File, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, explicit := p.callee(call.Fun)
		if fn == nil {
			return true
		}
		sig := fn.Type().(*types.Signature)
		for i, arg := range call.Args {
			if pt := paramType(sig, i, call.Ellipsis.IsValid()); pt != nil && types.IsInterface(pt) && !isTypeParam(pt) && p.isUntyped(arg) {
				report(call, fn, "", arg)
			}
		}
		tparams := sig.TypeParams()
		for j := explicit; j < tparams.Len(); j++ {
			tp := tparams.At(j)
			typed, untyped := false, ast.Expr(nil)
			for i, arg := range call.Args {
				pt := paramType(sig, i, call.Ellipsis.IsValid())
				if pt == nil {
					continue
				}
				switch {
				case !p.isUntyped(arg):
					typed = typed || mentions(pt, tp)
				case types.Identical(pt, tp) && untyped == nil:
					untyped = arg
				}
			}
			if !typed && untyped != nil {
				report(call, fn, tp.Obj().Name(), untyped)
			}
		}
		return true
	})
	return out
}

func isTypeParam(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

// callee returns the function of the upcgo module that fun names, and how
// many type arguments the call gives explicitly.
func (p *Program) callee(fun ast.Expr) (*types.Func, int) {
	explicit := 0
	fun = ast.Unparen(fun)
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun, explicit = x.X, 1
	case *ast.IndexListExpr:
		fun, explicit = x.X, len(x.Indices)
	}
	var id *ast.Ident
	switch x := ast.Unparen(fun).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil, 0
	}
	fn, ok := p.Info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), ModulePath+"/") {
		return nil, 0
	}
	if _, ok := fn.Type().(*types.Signature); !ok {
		return nil, 0
	}
	return fn, explicit
}

// paramType is the declared type of the parameter argument i is passed to.
func paramType(sig *types.Signature, i int, spread bool) types.Type {
	params := sig.Params()
	n := params.Len()
	switch {
	case sig.Variadic() && i >= n-1:
		s := params.At(n - 1).Type().(*types.Slice)
		if spread {
			return s
		}
		return s.Elem()
	case i < n:
		return params.At(i).Type()
	}
	return nil
}

// isUntyped reports whether e is an untyped constant expression (Go spec,
// "Constant expressions"): the recorded type of such an argument is already
// the one inference gave it, so this looks at its shape.
func (p *Program) isUntyped(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		c, ok := p.Info.Uses[e].(*types.Const)
		if !ok {
			return false
		}
		b, ok := c.Type().(*types.Basic)
		return ok && b.Info()&types.IsUntyped != 0
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && p.isUntyped(e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.SHL, token.SHR:
			return p.isUntyped(e.X)
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return true // a comparison is an untyped boolean
		}
		return p.isUntyped(e.X) && p.isUntyped(e.Y)
	}
	return false
}

// mentions reports whether type t involves the type parameter tp.
func mentions(t types.Type, tp *types.TypeParam) bool {
	switch t := t.(type) {
	case *types.TypeParam:
		return t == tp
	case *types.Pointer:
		return mentions(t.Elem(), tp)
	case *types.Slice:
		return mentions(t.Elem(), tp)
	case *types.Array:
		return mentions(t.Elem(), tp)
	case *types.Map:
		return mentions(t.Key(), tp) || mentions(t.Elem(), tp)
	case *types.Chan:
		return mentions(t.Elem(), tp)
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for v := range tuple.Variables() {
				if mentions(v.Type(), tp) {
					return true
				}
			}
		}
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if mentions(a, tp) {
				return true
			}
		}
	}
	return false
}
