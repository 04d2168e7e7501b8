package lower

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// resolveType turns a syntactic type into a C type: typedef names and
// tags are looked up, struct bodies laid out, array lengths evaluated and
// UPC layout qualifiers checked.
func (tr *translator) resolveType(t ast.Type) *ctype.Type {
	ct := tr.resolveTypeOf(t)
	tr.recordTypeExpr(t, ct)
	return ct
}

func (tr *translator) resolveTypeOf(t ast.Type) *ctype.Type {
	switch t := t.(type) {
	case nil:
		return ctype.IntType
	case *ast.BasicType:
		return tr.qualify(basicType(t.Kind), t.Quals, t.Pos())
	case *ast.PointerType:
		elem := tr.resolveType(t.Elem)
		if base := elem.Base(); base.Star {
			// UPC 1.3 6.5.1.1: [*] sizes the blocks of an array object
			// from its dimensions, which a pointed-to type does not have
			// (a pointer to an array included).
			tr.errorf(t.Pos(), "the layout qualifier [*] is not allowed in a pointer type (it applies only to shared arrays); use shared [N] or shared []")
			u := *base
			u.Star, u.Block = false, 1
			elem = ctype.ReplaceBase(elem, &u)
		}
		return tr.qualify(ctype.PointerTo(elem), t.Quals, t.Pos())
	case *ast.ArrayType:
		elem := tr.resolveType(t.Elem)
		at := &ctype.Type{Kind: ctype.Array, Elem: elem, Len: -1}
		switch {
		case elem.Kind == ctype.Func:
			tr.errorf(t.Pos(), "declaration of array of functions")
		case elem.Kind == ctype.Void:
			tr.errorf(t.Pos(), "declaration of array of voids")
		case elem.Size() < 0 && !elem.DependsOnTHREADS() && !(tr.protoParams && elem.Kind == ctype.Array):
			// C99 6.7.5.2p1; a shared array of an incomplete struct
			// reached the layout with a size of -1. (A parameter's
			// variable length stays unknown in its prototype.)
			tr.errorf(t.Pos(), "array type has incomplete element type '%s'", elem)
			elem = ctype.IntType
		}
		if t.Len != nil {
			if _, isConst := tr.constEval(t.Len); !isConst && !(mentionsTHREADS(t.Len) && tr.cfg.StaticThreads == 0) {
				tr.vla(at, t.Len)
				return at
			}
			n, threads, ok := tr.arrayLen(t.Len)
			if es := elem.Size(); ok && es > 0 && n > maxObjectSize/es {
				tr.errorf(t.Len.Pos(), "size of array is too large")
				ok = false
			}
			if !ok {
				n = 0 // reported; a length keeps "storage size isn't known" away
			}
			at.Len, at.LenTHREADS = n, threads
		}
		// Qualifiers of an array apply to its elements (C99 6.7.3p8);
		// shared arrays keep the layout on the element type.
		if elem.Shared {
			at.Shared, at.Block, at.Star, at.Strict, at.Relax = true, elem.Block, elem.Star, elem.Strict, elem.Relax
		}
		return at
	case *ast.FuncType:
		sig := &ctype.FuncSig{Result: tr.resolveType(t.Result), Variadic: t.Variadic, OldStyle: t.OldStyle}
		saved := tr.protoParams
		tr.protoParams = true
		for _, p := range t.Params {
			pt := tr.resolveType(p.Type)
			sig.Params = append(sig.Params, ctype.AdjustParam(pt))
		}
		tr.protoParams = saved
		if sig.Result.Kind == ctype.Array || sig.Result.Kind == ctype.Func {
			tr.errorf(t.Pos(), "function cannot return %s", sig.Result)
		}
		if sig.Result.Shared {
			// A result is a value, never an object in shared memory (GNU
			// UPC refuses it too).
			tr.errorf(t.Pos(), "function cannot return a shared-qualified type '%s'", sig.Result)
			sig.Result = sig.Result.Unqual()
		}
		return &ctype.Type{Kind: ctype.Func, Fn: sig}
	case *ast.StructType:
		return tr.qualify(tr.structType(t), t.Quals, t.Pos())
	case *ast.EnumType:
		return tr.qualify(tr.enumType(t), t.Quals, t.Pos())
	case *ast.TypedefName:
		sym := tr.scope.lookup(t.Name)
		if sym == nil || sym.kind != symTypedef {
			tr.errorf(t.Pos(), "unknown type name '%s'", t.Name)
			return ctype.IntType
		}
		return tr.qualify(sym.typ, t.Quals, t.Pos())
	}
	tr.errorf(t.Pos(), "unsupported type")
	return ctype.IntType
}

// vla makes at a variable-length array: inside a function its length is
// evaluated now into a variable; in a prototype it is left unknown (a
// parameter adjusts to a pointer, and the definition re-resolves it).
func (tr *translator) vla(at *ctype.Type, lenExpr ast.Expr) {
	if tr.protoParams {
		return
	}
	if tr.fn == nil || tr.fn.name == "init" {
		tr.errorf(lenExpr.Pos(), "variable-length array at file scope: its size must be an integer constant expression")
		at.Len = 0 // reported
		return
	}
	v := tr.value(lenExpr)
	if !v.t.IsInteger() {
		tr.errorf(lenExpr.Pos(), "size of array has non-integer type '%s'", v.t)
		return
	}
	name := tr.fn.goName("vlaLen")
	tr.fn.hoisted = append(tr.fn.hoisted, &symbol{name: name, goName: name, typ: ctype.LongType, used: true})
	tr.fn.simpleStmt(fmt.Sprintf("%s = %s", name, tr.conv(v, ctype.LongType)))
	at.VLA = name
	tr.fn.needFrame = true
}

func basicType(k ast.BasicKind) *ctype.Type {
	switch k {
	case ast.Void:
		return ctype.VoidType
	case ast.Bool:
		return ctype.BoolType
	case ast.Char:
		return ctype.CharType
	case ast.SChar:
		return ctype.SCharType
	case ast.UChar:
		return ctype.UCharType
	case ast.Short:
		return ctype.ShortType
	case ast.UShort:
		return ctype.UShortType
	case ast.Int:
		return ctype.IntType
	case ast.UInt:
		return ctype.UIntType
	case ast.Long:
		return ctype.LongType
	case ast.ULong:
		return ctype.ULongType
	case ast.LongLong:
		return ctype.LLongType
	case ast.ULongLong:
		return ctype.ULLongType
	case ast.Float:
		return ctype.FloatType
	case ast.Double:
		return ctype.DoubleType
	case ast.LongDouble:
		return ctype.LDoubleType
	case ast.VaList:
		return ctype.VoidPtr
	}
	return ctype.IntType
}

// maxBlockSize is UPC_MAX_BLOCK_SIZE, the largest block size a layout
// may give (UPC 1.3 §6.5.1.1).
const maxBlockSize = 1 << 20

// qualify adds the qualifiers q to t (which may already have some, through
// a typedef).
func (tr *translator) qualify(t *ctype.Type, q ast.Quals, pos token.Pos) *ctype.Type {
	if q.IsZero() {
		return t
	}
	u := *t
	u.Const = u.Const || q.Const
	u.Volatile = u.Volatile || q.Volatile
	u.Restrict = u.Restrict || q.Restrict
	u.Strict = u.Strict || q.Strict
	u.Relax = u.Relax || q.Relaxed
	if u.Strict && u.Relax {
		// Also through a typedef: relaxed T where T is strict.
		tr.errorf(pos, "a type cannot be both strict and relaxed")
		u.Relax = false
	}
	if q.Shared() {
		if u.Shared {
			tr.errorf(pos, "duplicate 'shared' qualifier")
		}
		u.Shared = true
		switch q.Layout {
		case ast.SharedDefault:
			u.Block = 1
		case ast.SharedIndefinite:
			u.Block = 0
		case ast.SharedStar:
			u.Star = true
		case ast.SharedBlock:
			v, ok := tr.constInt(q.Block)
			switch {
			case !ok:
			case v < 0:
				tr.errorf(q.Block.Pos(), "block size must not be negative")
			case v > maxBlockSize:
				tr.errorf(q.Block.Pos(), "block size %d exceeds UPC_MAX_BLOCK_SIZE (%d)", v, int64(maxBlockSize))
			default:
				u.Block = v
			}
		}
		if u.Kind == ctype.Void && q.Layout != ast.SharedDefault {
			// shared void is the generic pointer-to-shared's target, with
			// no elements to lay out.
			tr.errorf(pos, "a layout qualifier cannot be applied to void (use shared void)")
			u.Block, u.Star = 1, false
		}
		if u.Kind == ctype.Array {
			// Qualifying an array typedef qualifies its elements.
			e := *u.Elem
			e.Shared, e.Block, e.Star = true, u.Block, u.Star
			u.Elem = &e
		}
	}
	if (u.Strict || u.Relax) && !u.Shared && u.Kind != ctype.Array {
		tr.errorf(pos, "'strict' and 'relaxed' apply only to shared types")
	}
	return &u
}

// arrayLen evaluates an array dimension. In the dynamic-threads
// environment THREADS may appear once, as a factor: N*THREADS.
func (tr *translator) arrayLen(e ast.Expr) (n int64, threads bool, ok bool) {
	if tr.cfg.StaticThreads == 0 && mentionsTHREADS(e) {
		// THREADS inside upc_blocksizeof or upc_elemsizeof leaves the
		// dimension constant: upc_blocksizeof(shared int[THREADS]) is 1.
		if c, ok := tr.constEval(e); ok && c.Type.IsInteger() && c.Int >= 0 {
			return c.Int, false, true
		}
		coef, ok := tr.threadsMultiple(e)
		if !ok {
			tr.errorf(e.Pos(), "in the dynamic THREADS environment an array dimension may use THREADS only as a factor (N*THREADS)")
			// As a THREADS dimension: the declaration's check must not
			// report THREADS missing in its place (it sorts first).
			return 0, true, false
		}
		if coef < 0 {
			tr.errorf(e.Pos(), "size of array is negative")
			return 0, true, false
		}
		return coef, true, true
	}
	v, ok := tr.constInt(e)
	if !ok {
		return 0, false, false
	}
	if c, _ := tr.constEval(e); v < 0 && !c.Type.IsSigned() {
		tr.errorf(e.Pos(), "size of array is too large")
		return 0, false, false
	}
	if v < 0 {
		tr.errorf(e.Pos(), "size of array is negative")
		return 0, false, false
	}
	return v, false, true
}

// maxObjectSize is the size of the largest C object, as gcc limits it:
// PTRDIFF_MAX.
const maxObjectSize = math.MaxInt64

func mentionsTHREADS(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "THREADS" {
			found = true
		}
		return !found
	})
	return found
}

// threadsMultiple matches THREADS, N*THREADS, THREADS*N and (…) forms.
func (tr *translator) threadsMultiple(e ast.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		if e.Name == "THREADS" {
			return 1, true
		}
	case *ast.BinaryExpr:
		if e.Op == "*" {
			x, y := e.X, e.Y
			if mentionsTHREADS(y) {
				x, y = y, x
			}
			if mentionsTHREADS(x) && !mentionsTHREADS(y) {
				c, ok := tr.threadsMultiple(x)
				v, ok2 := tr.constInt(y)
				if c < 0 || v < 0 {
					return -1, ok && ok2
				}
				if hi, lo := bits.Mul64(uint64(c), uint64(v)); hi != 0 || lo > maxObjectSize {
					return maxObjectSize, ok && ok2 // too large, whatever the element
				}
				return c * v, ok && ok2
			}
		}
	}
	return 0, false
}

func (tr *translator) structType(st *ast.StructType) *ctype.Type {
	// One specifier may serve several declarators (struct s {...} a, b;):
	// it declares its type once.
	if t, ok := tr.specTypes[st]; ok {
		return t
	}
	t := tr.structTypeOnce(st)
	if st.HasBody {
		tr.specTypes[st] = t
	}
	return t
}

func (tr *translator) structTypeOnce(st *ast.StructType) *ctype.Type {
	kind := ctype.Struct
	if st.Union {
		kind = ctype.Union
	}
	if !st.HasBody {
		if st.Tag == "" {
			tr.errorf(st.Pos(), "anonymous struct without a body")
			return ctype.IntType
		}
		if t := tr.scope.lookupTag(st.Tag); t != nil {
			if t.Kind != kind {
				tr.errorf(st.Pos(), "'%s' defined as a different kind of tag", st.Tag)
			}
			return t
		}
		// A forward reference declares an incomplete type at this scope.
		t := &ctype.Type{Kind: kind, Rec: &ctype.Record{Tag: st.Tag, Union: st.Union}}
		tr.scope.tags[st.Tag] = t
		return t
	}
	var t *ctype.Type
	if st.Tag != "" {
		if old, ok := tr.scope.tags[st.Tag]; ok && old.Kind != kind {
			// An enum's tag has no record to complete.
			tr.errorf(st.Pos(), "'%s' defined as a different kind of tag", st.Tag)
		} else if ok && !old.Rec.Complete {
			t = old // completes the forward declaration
		} else if ok {
			tr.errorf(st.Pos(), "redefinition of '%s %s'", map[bool]string{true: "union", false: "struct"}[st.Union], st.Tag)
		}
	}
	if t == nil {
		t = &ctype.Type{Kind: kind, Rec: &ctype.Record{Tag: st.Tag, Union: st.Union}}
		if st.Tag != "" {
			tr.scope.tags[st.Tag] = t
		}
	}
	seen := map[string]bool{}
	for _, f := range st.Fields {
		ft := tr.resolveType(f.Type)
		if f.Name == "" && f.BitWidth == nil && ft.Kind != ctype.Struct && ft.Kind != ctype.Union {
			// "struct { double; }": no member (gcc warns the same; only
			// a struct or union may be an anonymous member).
			tr.warnf(f.Pos(), "declaration does not declare anything")
			continue
		}
		fld := &ctype.Field{Name: f.Name, Type: ft}
		if f.BitWidth != nil {
			w, ok := tr.constInt(f.BitWidth)
			if ok && (w < 0 || w > ft.Size()*8) {
				tr.errorf(f.BitWidth.Pos(), "width of bit-field '%s' (%d bits) exceeds its type (%d bits)", f.Name, w, ft.Size()*8)
			}
			if !ft.IsInteger() {
				tr.errorf(f.Pos(), "bit-field '%s' has invalid type", f.Name)
			}
			fld.IsBitField, fld.BitWidth = true, w
		}
		if ft.Size() < 0 && !(ft.Kind == ctype.Array && ft.Len < 0) {
			tr.errorf(f.Pos(), "field '%s' has incomplete type", f.Name)
		}
		if ft.Shared {
			tr.errorf(f.Pos(), "a struct member cannot be shared-qualified (UPC 1.3 §6.5.1.1)")
		}
		if f.Name != "" {
			if seen[f.Name] {
				tr.errorf(f.Pos(), "duplicate member '%s'", f.Name)
			}
			seen[f.Name] = true
		}
		t.Rec.Fields = append(t.Rec.Fields, fld)
	}
	ctype.LayoutRecord(t.Rec)
	return t
}

func (tr *translator) enumType(et *ast.EnumType) *ctype.Type {
	if t, ok := tr.specTypes[et]; ok {
		return t
	}
	t := tr.enumTypeOnce(et)
	if et.HasBody {
		tr.specTypes[et] = t
	}
	return t
}

func (tr *translator) enumTypeOnce(et *ast.EnumType) *ctype.Type {
	if !et.HasBody {
		if t := tr.scope.lookupTag(et.Tag); t != nil {
			return t
		}
		// A forward declaration (a GNU extension): incomplete until its
		// body, like a struct's.
		t := &ctype.Type{Kind: ctype.Enum, EnumName: et.Tag, Rec: &ctype.Record{Tag: et.Tag}}
		tr.scope.tags[et.Tag] = t
		return t
	}
	t := &ctype.Type{Kind: ctype.Enum, EnumName: et.Tag}
	if old, ok := tr.scope.tags[et.Tag]; ok && et.Tag != "" {
		switch {
		case old.Kind != ctype.Enum:
			tr.errorf(et.Pos(), "'%s' defined as a different kind of tag", et.Tag)
		case old.Rec != nil && !old.Rec.Complete:
			old.Rec.Complete = true // completes the forward declaration
			t = old
		}
	}
	next := int64(0)
	for _, it := range et.Items {
		if it.Value != nil {
			if v, ok := tr.constInt(it.Value); ok {
				next = v
			}
		}
		if old := tr.scope.syms[it.Name]; old != nil {
			tr.errorf(it.Pos(), "redeclaration of '%s'", it.Name)
		}
		tr.scope.insert(&symbol{name: it.Name, kind: symEnumConst, typ: ctype.IntType, val: next, pos: it.Pos()})
		next++
	}
	// Enumerations are int here; gcc makes one without negative values
	// unsigned int, which only shows in comparisons with negative numbers.
	if et.Tag != "" {
		tr.scope.tags[et.Tag] = t
	}
	return t
}
