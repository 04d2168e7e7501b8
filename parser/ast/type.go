package ast

import "github.com/upcgo/upcgo/parser/token"

// Type is a syntactic type: what a declaration's specifiers and declarator
// say, before typedef names and struct tags are resolved.
//
// Qualifiers sit on the level they apply to: "const int *p" is
// PointerType{Elem: BasicType{int, const}}; "int *const p" is
// PointerType{Quals: const, Elem: BasicType int}. Likewise "shared int *p"
// is a private pointer to shared int and "int *shared p" a shared pointer
// to private int.
type Type interface {
	Node
	typeNode()
}

// Layout is the block-size part of a UPC shared qualifier (UPC 1.3 §6.5.1.1).
type Layout uint8

const (
	NotShared        Layout = iota
	SharedDefault           // "shared": block size 1
	SharedBlock             // "shared [N]": Quals.Block holds N
	SharedStar              // "shared [*]": the array is spread in equal blocks
	SharedIndefinite        // "shared []": block size 0, all on one thread
)

// Quals are the type qualifiers of one level of a type.
type Quals struct {
	Const, Volatile, Restrict bool
	// Strict and Relaxed are the UPC reference-type qualifiers.
	Strict, Relaxed bool
	Layout          Layout
	Block           Expr // the block size when Layout is SharedBlock
}

// Shared reports whether the qualifiers include "shared".
func (q Quals) Shared() bool { return q.Layout != NotShared }

// IsZero reports whether there are no qualifiers.
func (q Quals) IsZero() bool {
	return !q.Const && !q.Volatile && !q.Restrict && !q.Strict && !q.Relaxed && q.Layout == NotShared
}

// BasicKind is the arithmetic (or void) type a list of specifier words denotes.
type BasicKind uint8

const (
	Void BasicKind = iota
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
	LongLong
	ULongLong
	Float
	Double
	LongDouble
	VaList // __builtin_va_list, what <stdarg.h> builds va_list from
)

var basicNames = [...]string{
	Void: "void", Bool: "_Bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short", UShort: "unsigned short", Int: "int", UInt: "unsigned int",
	Long: "long", ULong: "unsigned long", LongLong: "long long", ULongLong: "unsigned long long",
	Float: "float", Double: "double", LongDouble: "long double", VaList: "__builtin_va_list",
}

// String is the canonical C spelling ("unsigned long").
func (k BasicKind) String() string {
	if int(k) < len(basicNames) {
		return basicNames[k]
	}
	return "BasicKind(?)"
}

// BasicType is void or an arithmetic type. Words are the specifiers as
// written ("long", "unsigned", "long"); Kind is what they mean. Words is
// empty when C90's implicit int applied ("static x;").
type BasicType struct {
	TypePos token.Pos
	Words   []string
	Kind    BasicKind
	Quals   Quals
}

// PointerType is a pointer to Elem; Quals qualify the pointer itself.
type PointerType struct {
	Star  token.Pos
	Elem  Type
	Quals Quals
}

// ArrayType is an array of Elem. Len is nil for an incomplete array ("[]")
// and for a VLA of unspecified size ("[*]", then Star is set). Static and
// Quals come from a parameter's "[static 3]" or "[const]" (C99 6.7.5.3p7),
// which qualify the pointer the parameter becomes.
type ArrayType struct {
	Lbrack token.Pos
	Elem   Type
	Len    Expr
	Star   bool
	Static bool
	Quals  Quals
}

// FuncType is a function returning Result. OldStyle marks a declarator
// without a prototype, "f()": nothing is known about the parameters.
// "f(void)" has no Params and OldStyle false. Variadic marks a trailing "...".
type FuncType struct {
	Lparen   token.Pos
	Result   Type
	Params   []*Param
	Variadic bool
	OldStyle bool
	Quals    Quals // only through a qualified typedef of a function type
}

// Param is one parameter of a prototype; Name is "" for an unnamed one.
type Param struct {
	SpecPos token.Pos
	NamePos token.Pos
	Name    string
	Type    Type
	Storage Storage // NoStorage or Register
}

// Pos is the position of the name, or of the specifiers when unnamed.
func (p *Param) Pos() token.Pos {
	if p.NamePos.IsValid() {
		return p.NamePos
	}
	return p.SpecPos
}

// StructType is a struct or union specifier. HasBody distinguishes a
// definition ("struct S { ... }", even with no fields) from a reference to
// a tag ("struct S"). Tag is "" for an anonymous struct.
type StructType struct {
	Keyword token.Pos
	Union   bool
	Tag     string
	TagPos  token.Pos
	HasBody bool
	Fields  []*Field
	Quals   Quals
}

// Field is a struct member. Name is "" for an unnamed bit-field or an
// anonymous struct/union member; BitWidth is nil unless it is a bit-field.
type Field struct {
	SpecPos  token.Pos
	NamePos  token.Pos
	Name     string
	Type     Type
	BitWidth Expr
}

// Pos is the position of the name, or of the specifiers when unnamed.
func (f *Field) Pos() token.Pos {
	if f.NamePos.IsValid() {
		return f.NamePos
	}
	return f.SpecPos
}

// EnumType is an enum specifier; HasBody as for StructType.
type EnumType struct {
	Keyword token.Pos
	Tag     string
	TagPos  token.Pos
	HasBody bool
	Items   []*Enumerator
	Quals   Quals
}

// Enumerator is one enumeration constant; Value is nil when implicit.
type Enumerator struct {
	NamePos token.Pos
	Name    string
	Value   Expr
}

func (e *Enumerator) Pos() token.Pos { return e.NamePos }

// TypedefName is a use of a name declared by typedef.
type TypedefName struct {
	NamePos token.Pos
	Name    string
	Quals   Quals
}

func (t *BasicType) Pos() token.Pos   { return t.TypePos }
func (t *PointerType) Pos() token.Pos { return t.Star }
func (t *ArrayType) Pos() token.Pos   { return t.Lbrack }
func (t *FuncType) Pos() token.Pos    { return t.Lparen }
func (t *StructType) Pos() token.Pos  { return t.Keyword }
func (t *EnumType) Pos() token.Pos    { return t.Keyword }
func (t *TypedefName) Pos() token.Pos { return t.NamePos }

func (*BasicType) typeNode()   {}
func (*PointerType) typeNode() {}
func (*ArrayType) typeNode()   {}
func (*FuncType) typeNode()    {}
func (*StructType) typeNode()  {}
func (*EnumType) typeNode()    {}
func (*TypedefName) typeNode() {}

// QualsOf returns the qualifiers of the outermost level of t.
func QualsOf(t Type) Quals {
	switch t := t.(type) {
	case *BasicType:
		return t.Quals
	case *PointerType:
		return t.Quals
	case *ArrayType:
		return t.Quals
	case *FuncType:
		return t.Quals
	case *StructType:
		return t.Quals
	case *EnumType:
		return t.Quals
	case *TypedefName:
		return t.Quals
	}
	return Quals{}
}
