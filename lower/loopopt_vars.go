package lower

import (
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
)

// Invariant variables in C memory, for the loop pass (loopopt.go). A
// global, or a local whose address is taken, lives in C memory, so every
// mention of it in a loop is a load, repeated on each iteration since Go
// cannot tell that the loop's stores leave it alone. A unit compiled on
// its own (-c, as makefiles build) keeps every global with external
// linkage there (Unit), so NAS IS's bucket count
//
//	for (i = 0; i < NUM_KEYS; i++)
//	    bucket_size[key_array[i] >> shift]++;
//
// reloads the global pointer bucket_size before each increment, where
// gcc -O2 reads it once: the loop calls nothing and stores only ints, and
// by C's effective-type rules (C11 6.5p7) storing an int cannot change an
// object of type int *. The pass does the same. A variable of arithmetic
// or private pointer type in C memory, neither volatile nor shared, that
// the loop (body and condition) reads but neither assigns nor takes the
// address of is read once before the loop into a Go variable
// (LoopPlan.reads), by the outermost loop where it is invariant, when the
// loop
//
//   - calls nothing, synchronises nothing, touches no shared or volatile
//     object (as for invariant integer loads, loopopt_loads.go), and
//   - stores through memory only values whose type cannot alias the
//     variable's (storeMayAlias); a store to a named variable, or to a
//     member or element of one, changes that variable only.
//
// The read cannot fault (the variable is an object of the program), so it
// needs no guard: when the loop does not run, the value goes unused.
// -fno-strict-aliasing turns this off, as it turns gcc's assumption off.
//
// The address of a private global array subscripted in the loop is read
// once too, whatever the loop does: it is a field of the thread's context
// (t.a), which Go reloads after every store through a pointer, not knowing
// that C memory never holds the context, and it never changes (IS's
// scatter, key_buff1[bucket_ptrs[key >> shift]++] = key).

// invariantVars are the mentions of variables in C memory the loop reads
// once before it (see above), not claimed by an enclosing loop and not
// inside a subscript the plan gives a running address (uses), whose Go
// reads them before the loop already.
func (lo *loopAnalysis) invariantVars(claimed map[ast.Expr]bool, uses map[*ast.IndexExpr]LoopUse) []ast.Expr {
	targets, ok := lo.memoryStores()
	var reads []ast.Expr
	collect := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SizeofExpr:
			return false // not evaluated
		case *ast.IndexExpr:
			if _, planned := uses[n]; planned {
				return false
			}
			if id, isID := n.X.(*ast.Ident); isID && !claimed[id] && lo.globalArray(id) {
				reads = append(reads, id)
			}
		case *ast.Ident:
			if ok && !claimed[n] && lo.invariantVar(n, targets) {
				reads = append(reads, n)
			}
		}
		return true
	}
	lo.inspect(collect)
	return reads
}

// invariantVar reports whether the loop may read id's variable once
// before it, its stores being to targets.
func (lo *loopAnalysis) invariantVar(id *ast.Ident, targets []ast.Expr) bool {
	s := lo.info.use(id)
	if s == nil || s.kind != symVar || !s.inMem || s.handsOut || s.st == stShared || lo.redeclared(id.Name) {
		return false
	}
	t := s.typ
	if t.Volatile || t.Shared || !t.IsArith() && (t.Kind != ctype.Ptr || t.IsPtrToShared()) {
		return false
	}
	if v, ok := lo.invariant["&"+id.Name]; ok {
		return v
	}
	v := !modifies(lo.body, id.Name) && (lo.cond == nil || !modifies(lo.cond, id.Name)) &&
		!takesAddress(lo.body, id.Name) && (lo.cond == nil || !takesAddress(lo.cond, id.Name))
	for _, x := range targets {
		v = v && (namedObject(lo.info, x) || !storeMayAlias(lo.info.Types[x].Type, t))
	}
	lo.invariant["&"+id.Name] = v
	return v
}

// globalArray reports whether id names a private global (or static) array
// of a size fixed at compile time, whose address the loop may read once.
func (lo *loopAnalysis) globalArray(id *ast.Ident) bool {
	s := lo.info.use(id)
	return s != nil && s.kind == symVar && (s.st == stGlobal || s.st == stStaticLocal) && !s.handsOut &&
		s.typ.Kind == ctype.Array && !s.typ.Shared && !s.typ.Elem.Shared && !s.typ.DependsOnTHREADS() && !lo.redeclared(id.Name)
}

// memoryStores are the lvalues the loop's body and condition assign,
// increment or decrement, other than locals that are Go variables; ok is
// false when the loop calls a function, synchronises, or touches a shared
// or volatile object, whose effects on memory the pass does not follow.
func (lo *loopAnalysis) memoryStores() (targets []ast.Expr, ok bool) {
	ok = true
	check := func(n ast.Node) bool {
		switch n.(type) {
		case *ast.CallExpr, *ast.UpcSyncStmt, *ast.StmtExpr, *ast.VaArgExpr:
			ok = false
		}
		if x, isStore := storeTarget(n); isStore && !lo.goVariable(x) {
			targets = append(targets, x)
		}
		if e, isExpr := n.(ast.Expr); isExpr {
			if t := lo.info.Types[e].Type; t != nil && (t.Shared || t.IsPtrToShared() || t.Volatile) {
				ok = false
			}
		}
		return ok
	}
	lo.inspect(check)
	return targets, ok
}

// takesAddress reports whether n applies & to the variable name.
func takesAddress(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" {
			if id, ok := u.X.(*ast.Ident); ok && id.Name == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// namedObject reports whether lvalue x is a named variable, or a member
// (by .) or an element of a named array of one: storing to it changes
// that variable and nothing else.
func namedObject(info *Info, x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return true
		case *ast.MemberExpr:
			if e.Arrow {
				return false
			}
			x = e.X
		case *ast.IndexExpr:
			if t := info.Types[e.X].Type; t == nil || t.Kind != ctype.Array {
				return false
			}
			x = e.X
		default:
			return false
		}
	}
}

// storeMayAlias reports whether storing a value of type store may change
// an object of type obj under C's effective-type rules (C11 6.5p7): a
// character type reaches any object, an aggregate any object one of its
// members may, and otherwise only a type of obj's kind can, integers of
// its size (signed or not, or an enumeration), floating types, or
// pointers. Unknown types may alias anything.
func storeMayAlias(store, obj *ctype.Type) bool {
	switch {
	case store == nil:
		return true
	case store.Kind == ctype.Array:
		return storeMayAlias(store.Elem, obj)
	case store.Kind == ctype.Struct || store.Kind == ctype.Union:
		if store.Rec == nil || !store.Rec.Complete {
			return true
		}
		for _, f := range store.Rec.Fields {
			if storeMayAlias(f.Type, obj) {
				return true
			}
		}
		return false
	case store.IsInteger() && store.Size() == 1:
		return true
	case obj.IsInteger():
		return store.IsInteger() && store.Size() == obj.Size()
	case obj.IsFloat():
		return store.IsFloat()
	case obj.Kind == ctype.Ptr:
		return store.Kind == ctype.Ptr
	}
	return true
}
