package ctype

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
