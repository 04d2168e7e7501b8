package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// Info is what the check phase (Check) learns about a unit and the passes
// read instead of typing the AST again, as go/types' Info is for Go: the
// type of every expression, the symbol of every identifier and
// declaration, and the context of every loop. Emit reads it too: the
// symbol of a declaration is the one check made (Defs), so a pass's
// symbols are the ones the emitted code names.
type Info struct {
	// Types maps every expression check typed to its type, how it is
	// held (lvalue class and storage: a shared element, a private
	// aggregate, ...) and its constant value, if it has one.
	Types map[ast.Expr]TypeAndValue
	// Uses maps every identifier check resolved (in an expression, a
	// constant expression or a call) to the symbol it denotes. THREADS,
	// MYTHREAD and the other names the translation knows without a
	// declaration have none.
	Uses map[*ast.Ident]*symbol
	// Defs maps every declaration of a variable (*ast.Decl, at file
	// scope or in a function) and every named parameter (*ast.Param) to
	// the symbol it declares.
	Defs map[ast.Node]*symbol
	// TypeExprs maps the type names of casts, sizeof, compound literals
	// and declarations to the C type they resolve to.
	TypeExprs map[ast.Type]*ctype.Type
	// Loops maps every for and upc_forall statement check lowered as a Go
	// loop (the loops a goto enters are lowered otherwise, goto.go) to
	// its context.
	Loops map[ast.Stmt]*LoopContext
}

// TypeAndValue is what check found for one expression.
type TypeAndValue struct {
	Type  *ctype.Type  // the expression's C type, before array and function decay
	Mode  opKind       // how the translation holds it: an rvalue, a Go or shared lvalue, an aggregate, ...
	Value *ctype.Const // the constant value, or nil
	// Strict says an access to a shared object of this type is strict:
	// its type says so, or "#pragma upc strict" is in effect where the
	// expression stands.
	Strict bool
}

// decaysToPointer reports whether the expression's value, after array
// and function decay, is a pointer.
func (tv TypeAndValue) decaysToPointer() bool {
	if tv.Type == nil {
		return false
	}
	switch tv.Type.Kind {
	case ctype.Ptr, ctype.Array, ctype.Func:
		return true
	}
	return false
}

// LoopContext is where a loop stands in its function.
type LoopContext struct {
	Pos token.Pos
	// Forall counts the controlling upc_forall loops around the loop
	// (UPC 1.3 §6.6.2: inside one, an affinity controls nothing).
	Forall int
	// Shadowed are the names the loop's body declares that name
	// something else where the loop stands (its init clause included).
	Shadowed []string
}

// use is the symbol id resolves to, or nil.
func (info *Info) use(id *ast.Ident) *symbol { return info.Uses[id] }

func newInfo() *Info {
	return &Info{
		Types:     map[ast.Expr]TypeAndValue{},
		Uses:      map[*ast.Ident]*symbol{},
		Defs:      map[ast.Node]*symbol{},
		TypeExprs: map[ast.Type]*ctype.Type{},
		Loops:     map[ast.Stmt]*LoopContext{},
	}
}

// recordType notes what check found for e; emit records nothing.
func (tr *translator) recordType(e ast.Expr, o operand) {
	if !tr.checking {
		return
	}
	tv := TypeAndValue{Type: o.t, Mode: o.kind, Value: o.c}
	if o.t != nil {
		tv.Strict = tr.isStrict(o.t)
	}
	tr.info.Types[e] = tv
}

// recordUse notes the symbol identifier id resolves to.
func (tr *translator) recordUse(id *ast.Ident, s *symbol) {
	if tr.checking && s != nil {
		tr.info.Uses[id] = s
	}
}

// recordTypeExpr notes the type a type name resolves to.
func (tr *translator) recordTypeExpr(t ast.Type, ct *ctype.Type) {
	if tr.checking && t != nil && ct != nil {
		tr.info.TypeExprs[t] = ct
	}
}

// define is the symbol of declaration d, s as the walk made it: in check
// a new one, recorded in Defs; in emit the one check made, given s's
// fields, so that the plans of the passes and the emitted code name one
// symbol.
func (tr *translator) define(d ast.Node, s *symbol) *symbol {
	if tr.checking {
		tr.info.Defs[d] = s
		return s
	}
	if tr.info == nil {
		return s
	}
	if old := tr.info.Defs[d]; old != nil {
		*old = *s
		return old
	}
	return s
}
