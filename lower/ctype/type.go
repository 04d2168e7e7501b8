package ctype

import (
	"fmt"
	"strings"
)

// Kind classifies a C type.
type Kind uint8

const (
	Void Kind = iota
	Bool
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LLong
	ULLong
	Float
	Double
	LDouble
	Ptr
	Array
	Func
	Struct
	Union
	Enum
)

// Type is a resolved C type on x86-64 LP64 (char signed, int 32 bits, long
// and pointers 64 bits), with its qualifiers. Types are immutable values
// shared by pointer; qualify copies.
type Type struct {
	Kind Kind
	Elem *Type // Ptr, Array: the element type
	// Len is an array's length; -1 when incomplete. With LenTHREADS the
	// length is Len*THREADS (a dimension that mentions THREADS in the
	// dynamic environment).
	Len        int64
	LenTHREADS bool
	// VLA names the Go variable holding a variable-length array's length
	// (C99 6.7.5.2), evaluated when its declaration was reached.
	VLA      string
	Rec      *Record  // Struct, Union; Enum only when declared before its body (enum E;), Complete once it has one
	Fn       *FuncSig // Func
	EnumName string

	Const, Volatile, Restrict bool
	// Shared marks a shared-qualified type. Block is its block size in
	// elements: 1 for plain shared, 0 for indefinite `shared []`; Star
	// marks `shared [*]` before the array's size resolves it.
	Shared        bool
	Block         int64
	Star          bool
	Strict, Relax bool
}

// Record is a struct or union layout, laid out as gcc does on x86-64.
type Record struct {
	Tag      string
	Union    bool
	Fields   []*Field
	Size     int64
	Align    int64
	Complete bool
}

// Field is one member; bit-fields have BitWidth > 0 (or == 0 with
// IsBitField for the zero-width separator) and BitOff within the storage
// unit at Offset.
type Field struct {
	Name       string
	Type       *Type
	Offset     int64
	IsBitField bool
	BitWidth   int64
	BitOff     int64
}

// FuncSig is a function type.
type FuncSig struct {
	Result   *Type
	Params   []*Type
	Variadic bool
	OldStyle bool
}

// The basic types, shared by every use (qualify copies them), and the
// types of sizeof, pointer differences and generic pointers on LP64.
var (
	VoidType    = &Type{Kind: Void}
	BoolType    = &Type{Kind: Bool}
	CharType    = &Type{Kind: Char}
	SCharType   = &Type{Kind: SChar}
	UCharType   = &Type{Kind: UChar}
	ShortType   = &Type{Kind: Short}
	UShortType  = &Type{Kind: UShort}
	IntType     = &Type{Kind: Int}
	UIntType    = &Type{Kind: UInt}
	LongType    = &Type{Kind: Long}
	ULongType   = &Type{Kind: ULong}
	LLongType   = &Type{Kind: LLong}
	ULLongType  = &Type{Kind: ULLong}
	FloatType   = &Type{Kind: Float}
	DoubleType  = &Type{Kind: Double}
	LDoubleType = &Type{Kind: LDouble}
	SizeT       = ULongType
	PtrdiffT    = LongType
	VoidPtr     = &Type{Kind: Ptr, Elem: VoidType}
)

// PointerTo is the type pointer to t.
func PointerTo(t *Type) *Type { return &Type{Kind: Ptr, Elem: t} }

// IsInteger reports whether t is an integer type (including _Bool, char
// and enums).
func (t *Type) IsInteger() bool { return t.Kind >= Bool && t.Kind <= ULLong || t.Kind == Enum }

// IsFloat reports whether t is a floating type.
func (t *Type) IsFloat() bool { return t.Kind >= Float && t.Kind <= LDouble }

// IsArith reports whether t is an arithmetic type.
func (t *Type) IsArith() bool { return t.IsInteger() || t.IsFloat() }

// IsScalar reports whether t is arithmetic or a pointer.
func (t *Type) IsScalar() bool { return t.IsArith() || t.Kind == Ptr }

// IsSigned reports whether an integer type is signed.
func (t *Type) IsSigned() bool {
	switch t.Kind {
	case Char, SChar, Short, Int, Long, LLong, Enum:
		return true
	}
	return false
}

// IsPtrToShared reports whether t is a pointer-to-shared.
func (t *Type) IsPtrToShared() bool { return t.Kind == Ptr && t.Elem.Shared }

// IsSharedVoidPtr reports whether t is `shared void *`.
func (t *Type) IsSharedVoidPtr() bool { return t.IsPtrToShared() && t.Elem.Kind == Void }

// Unqual is t without qualifiers (the type of an rvalue).
func (t *Type) Unqual() *Type {
	if !t.Const && !t.Volatile && !t.Restrict && !t.Shared && !t.Strict && !t.Relax {
		return t
	}
	u := *t
	u.Const, u.Volatile, u.Restrict, u.Shared, u.Strict, u.Relax, u.Block, u.Star = false, false, false, false, false, false, 0, false
	return &u
}

// Size is sizeof(t) in bytes for types whose size does not depend on
// THREADS; -1 if incomplete.
func (t *Type) Size() int64 {
	switch t.Kind {
	case Void:
		return 1 // gcc's extension: sizeof(void) == 1, for void* arithmetic
	case Bool, Char, SChar, UChar:
		return 1
	case Short, UShort:
		return 2
	case Enum:
		if t.Rec != nil && !t.Rec.Complete {
			return -1 // declared "enum E;" and not defined yet
		}
		return 4
	case Int, UInt, Float:
		return 4
	case Long, ULong, LLong, ULLong, Double:
		return 8
	case LDouble:
		return 16
	case Ptr:
		if t.Elem.Shared {
			return 16 // a pointer-to-shared: address, thread, phase
		}
		return 8
	case Array:
		if t.Len < 0 {
			return -1
		}
		return t.Len * t.Elem.Size()
	case Struct, Union:
		if !t.Rec.Complete {
			return -1
		}
		return t.Rec.Size
	case Func:
		return 1
	}
	return -1
}

// Align is t's alignment in bytes.
func (t *Type) Align() int64 {
	switch t.Kind {
	case Array:
		return t.Elem.Align()
	case Struct, Union:
		if t.Rec.Align == 0 {
			return 1
		}
		return t.Rec.Align
	case Ptr:
		return 8
	}
	if s := t.Size(); s > 0 {
		return s
	}
	return 1
}

// Base is the innermost element type of a (multi-dimensional) array, or t.
func (t *Type) Base() *Type {
	for t.Kind == Array {
		t = t.Elem
	}
	return t
}

// DependsOnTHREADS reports whether sizeof(t) is only known at run time:
// it involves THREADS or a variable-length array.
func (t *Type) DependsOnTHREADS() bool {
	for ; t.Kind == Array; t = t.Elem {
		if t.LenTHREADS || t.VLA != "" {
			return true
		}
	}
	return false
}

// String spells t as gcc does in its diagnostics: in declarator style,
// with the base type first and the pointer, array and function parts
// around an empty name ("int (*)[3][4]", "int *[4]", "shared [4] int *",
// "void (*)(int)") and gcc's names of the integer types ("long unsigned
// int").
func (t *Type) String() string { return t.Declaration("") }

// Declaration spells a declaration of name with type t ("int (*p)[4]").
func (t *Type) Declaration(name string) string {
	base, decl, bare := t.declarator(name, false)
	switch {
	case decl == "":
		return base
	case bare:
		// An abstract array or function type: "int[4]", "int(void)".
		return base + decl
	}
	return base + " " + decl
}

// declarator splits t into its base type (with that type's qualifiers)
// and the declarator decl with t's pointer, array and function parts
// applied, inside out as C reads them. bare says decl starts with an
// array or function part (it declares no name and no pointer).
func (t *Type) declarator(decl string, bare bool) (base, d string, dBare bool) {
	switch t.Kind {
	case Ptr:
		d = "*" + t.quals()
		if decl != "" && t.quals() != "" && !bare {
			d += " "
		}
		d += decl
		if e := t.Elem.Kind; e == Array || e == Func {
			d = "(" + d + ")"
		}
		return t.Elem.declarator(d, false)
	case Array:
		switch {
		case t.VLA != "":
			d = "[*]"
		case t.Len < 0:
			d = "[]"
		case t.LenTHREADS:
			d = fmt.Sprintf("[%d*THREADS]", t.Len)
		default:
			d = fmt.Sprintf("[%d]", t.Len)
		}
		return t.Elem.declarator(decl+d, decl == "" || bare)
	case Func:
		var params []string
		for _, p := range t.Fn.Params {
			params = append(params, p.String())
		}
		switch {
		case t.Fn.Variadic:
			params = append(params, "...")
		case len(params) == 0 && !t.Fn.OldStyle:
			params = append(params, "void")
		}
		return t.Fn.Result.declarator(decl+"("+strings.Join(params, ", ")+")", decl == "" || bare)
	}
	base = t.baseName()
	if q := t.quals(); q != "" {
		base = q + " " + base
	}
	return base, decl, bare
}

// quals spells t's qualifiers, UPC's first, as a declaration writes them.
func (t *Type) quals() string {
	var q []string
	if t.Strict {
		q = append(q, "strict")
	}
	if t.Relax {
		q = append(q, "relaxed")
	}
	if t.Shared {
		switch {
		case t.Star:
			q = append(q, "shared [*]")
		case t.Block == 1:
			q = append(q, "shared")
		case t.Block == 0:
			q = append(q, "shared []")
		default:
			q = append(q, fmt.Sprintf("shared [%d]", t.Block))
		}
	}
	if t.Const {
		q = append(q, "const")
	}
	if t.Volatile {
		q = append(q, "volatile")
	}
	if t.Restrict {
		q = append(q, "restrict")
	}
	return strings.Join(q, " ")
}

// kindNames are gcc's names of the arithmetic types and void.
var kindNames = [...]string{Void: "void", Bool: "_Bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short int", UShort: "short unsigned int", Int: "int", UInt: "unsigned int", Long: "long int",
	ULong: "long unsigned int", LLong: "long long int", ULLong: "long long unsigned int", Float: "float",
	Double: "double", LDouble: "long double"}

// baseName names a type that is not a pointer, array or function.
func (t *Type) baseName() string {
	switch t.Kind {
	case Struct, Union:
		kw := "struct "
		if t.Kind == Union {
			kw = "union "
		}
		if t.Rec.Tag == "" {
			return kw + "<anonymous>"
		}
		return kw + t.Rec.Tag
	case Enum:
		if t.EnumName == "" {
			return "enum <anonymous>"
		}
		return "enum " + t.EnumName
	}
	return kindNames[t.Kind]
}

// rank orders integer types for the usual arithmetic conversions.
func (t *Type) rank() int {
	switch t.Kind {
	case Bool:
		return 0
	case Char, SChar, UChar:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt, Enum:
		return 3
	case Long, ULong:
		return 4
	case LLong, ULLong:
		return 5
	}
	return 0
}

// Promote applies the integer promotions (C99 6.3.1.1).
func Promote(t *Type) *Type {
	t = t.Unqual()
	if t.Kind == Enum {
		return IntType
	}
	if t.IsInteger() && t.rank() < 3 {
		return IntType
	}
	return t
}

// UsualArith is the common type of the usual arithmetic conversions
// (C99 6.3.1.8).
func UsualArith(a, b *Type) *Type {
	a, b = Promote(a), Promote(b)
	switch {
	case a.Kind == LDouble || b.Kind == LDouble:
		return LDoubleType
	case a.Kind == Double || b.Kind == Double:
		return DoubleType
	case a.Kind == Float || b.Kind == Float:
		return FloatType
	}
	if a.Kind == b.Kind {
		return a
	}
	if a.IsSigned() == b.IsSigned() {
		if a.rank() >= b.rank() {
			return a
		}
		return b
	}
	u, s := a, b
	if a.IsSigned() {
		u, s = b, a
	}
	if u.rank() >= s.rank() {
		return u
	}
	if s.Size() > u.Size() {
		return s
	}
	return unsignedOf(s)
}

func unsignedOf(t *Type) *Type {
	switch t.Kind {
	case Int:
		return UIntType
	case Long:
		return ULongType
	case LLong:
		return ULLongType
	}
	return t
}

// SameType reports whether two types are compatible enough for
// assignment without a diagnostic: qualifiers aside, except the shared
// qualifier and its block size, which are part of a shared type (see
// SameLayout).
func SameType(a, b *Type) bool {
	if a == b {
		return true
	}
	if !SameLayout(a, b) {
		return false
	}
	if a.Kind != b.Kind {
		// char and signed char are distinct but interchangeable in practice.
		return false
	}
	switch a.Kind {
	case Ptr:
		return SameType(a.Elem, b.Elem)
	case Array:
		return SameType(a.Elem, b.Elem) && (a.Len < 0 || b.Len < 0 || a.Len == b.Len)
	case Struct, Union:
		return a.Rec == b.Rec
	case Func:
		if a.Fn.OldStyle || b.Fn.OldStyle {
			return SameType(a.Fn.Result, b.Fn.Result)
		}
		if len(a.Fn.Params) != len(b.Fn.Params) || a.Fn.Variadic != b.Fn.Variadic || !SameType(a.Fn.Result, b.Fn.Result) {
			return false
		}
		for i := range a.Fn.Params {
			if !SameType(a.Fn.Params[i].Unqual(), b.Fn.Params[i].Unqual()) {
				return false
			}
		}
	}
	return true
}

// LayoutRecord computes field offsets, size and alignment as gcc does on
// x86-64 (System V ABI), including bit-fields packed into storage units
// of their declared type.
func LayoutRecord(r *Record) {
	var off, align int64 = 0, 1
	var bitPos int64 // bit offset from the record start, for bit-fields
	for _, f := range r.Fields {
		fa := f.Type.Align()
		fs := f.Type.Size()
		if f.IsBitField {
			unitBits := fs * 8
			if r.Union {
				f.Offset, f.BitOff = 0, 0
				align = max(align, fa)
				off = max(off, fs)
				continue
			}
			if f.BitWidth == 0 {
				// A zero-width bit-field pads to the next unit of its type.
				bitPos = (bitPos + unitBits - 1) / unitBits * unitBits
				continue
			}
			// Start a new unit if the field would straddle one.
			if bitPos/unitBits != (bitPos+f.BitWidth-1)/unitBits {
				bitPos = (bitPos + unitBits - 1) / unitBits * unitBits
			}
			unitStart := bitPos / unitBits * unitBits
			f.Offset = unitStart / 8
			f.BitOff = bitPos - unitStart
			bitPos += f.BitWidth
			align = max(align, fa)
			off = max(off, (bitPos+7)/8)
			continue
		}
		if r.Union {
			f.Offset = 0
			off = max(off, fs)
		} else {
			start := max(off, (bitPos+7)/8)
			start = (start + fa - 1) / fa * fa
			f.Offset = start
			off = start + fs
			bitPos = off * 8
		}
		align = max(align, fa)
	}
	r.Size = (off + align - 1) / align * align
	r.Align = align
	r.Complete = true
}

// FindField looks a member up, through anonymous struct and union members.
func (r *Record) FindField(name string) (*Field, int64, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f, f.Offset, true
		}
		if f.Name == "" && (f.Type.Kind == Struct || f.Type.Kind == Union) {
			if g, off, ok := f.Type.Rec.FindField(name); ok {
				return g, f.Offset + off, true
			}
		}
	}
	return nil, 0, false
}
