// Package ast owns the syntax tree of a C99/UPC translation unit: plain data
// that the parser builds and later passes (the checker, the lowering to Go,
// the aggregation pass) read and walk, in the style of go/ast.
//
// Every node knows its source position (Pos). Declarations are resolved
// per declarator: "int *a, b[3];" becomes two Decls whose Type fields are
// syntactic type trees (PointerType{BasicType int}, ArrayType{3, BasicType
// int}). The declarators of one declaration share the nodes of its
// specifiers: in "struct S {int x;} a, *b;" both Types reach the same
// *StructType, so a pass that defines struct types should do so once per
// node (pointer identity), not once per declarator.
//
// The tree is syntactic: it records what the source says (a "shared" array
// of "shared" pointers, an incomplete array, an old-style function) and
// leaves meaning and constraints (is this an lvalue, is this block size a
// constant, which struct does this tag refer to) to the checker.
package ast

import "github.com/upcgo/upcgo/parser/token"

// Node is any syntax tree node.
type Node interface {
	Pos() token.Pos
}

// Expr is an expression node. Initializer lists (*InitList) are Exprs too,
// since they stand where an initializing expression would.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node; declarations inside a block are *DeclStmt.
type Stmt interface {
	Node
	stmtNode()
}

// ExternalDecl is what a translation unit is made of: *Decl (one per
// declarator) or *FuncDecl (a function definition).
type ExternalDecl interface {
	Node
	externalDeclNode()
}

// File is one parsed translation unit.
type File struct {
	Decls []ExternalDecl
	// Pragmas that stood outside any function body, in source order.
	Pragmas []*Pragma
}

// Storage is a declaration's storage-class specifier.
type Storage uint8

const (
	NoStorage Storage = iota
	Typedef
	Extern
	Static
	Auto
	Register
)

var storageNames = [...]string{NoStorage: "", Typedef: "typedef", Extern: "extern", Static: "static", Auto: "auto", Register: "register"}

func (s Storage) String() string {
	if int(s) < len(storageNames) {
		return storageNames[s]
	}
	return "Storage(?)"
}

// Decl is one declarator of a declaration, with its type resolved from the
// specifiers and the declarator: "static int *p = &x;" is Decl{Name: "p",
// Type: PointerType{Elem: BasicType int}, Storage: Static, Init: &x}.
//
// A declaration without declarators ("struct S {int x;};", "enum {A, B};")
// is one Decl with an empty Name whose Type is the struct, union or enum.
// A typedef is a Decl with Storage Typedef.
type Decl struct {
	SpecPos token.Pos // first token of the declaration specifiers
	NamePos token.Pos // the declarator's identifier (invalid when Name is "")
	Name    string
	Type    Type
	Storage Storage
	Inline  bool
	Init    Expr // nil, an expression or an *InitList
}

// Pos is the position of the declared name, or of the specifiers when the
// declaration declares no name.
func (d *Decl) Pos() token.Pos {
	if d.NamePos.IsValid() {
		return d.NamePos
	}
	return d.SpecPos
}

// FuncDecl is a function definition.
type FuncDecl struct {
	SpecPos token.Pos
	NamePos token.Pos
	Name    string
	Type    *FuncType // Params carry the parameter names used in Body
	Storage Storage
	Inline  bool
	Body    *CompoundStmt
}

func (d *FuncDecl) Pos() token.Pos { return d.NamePos }

func (*Decl) externalDeclNode()     {}
func (*FuncDecl) externalDeclNode() {}

// Consistency is the UPC shared-access consistency mode a pragma selects.
type Consistency uint8

const (
	NoConsistency Consistency = iota // not a "#pragma upc strict|relaxed"
	StrictMode
	RelaxedMode
)

func (c Consistency) String() string {
	switch c {
	case StrictMode:
		return "strict"
	case RelaxedMode:
		return "relaxed"
	}
	return ""
}

// Pragma is a #pragma line. The preprocessor fills Pos, Tokens and Index;
// the parser attaches each pragma to the innermost compound statement whose
// braces enclose Index (or to the File), and fills Item and Consistency.
//
// UPC 1.3 §6.6.1 allows "#pragma upc strict|relaxed" only before the first
// item of a compound statement or outside external declarations; Item lets
// the checker enforce that (Item == 0 in a block) and apply the pragma from
// that item on.
type Pragma struct {
	Pos    token.Pos
	Tokens []token.Token // the tokens after "#pragma" ("upc", "strict")
	Index  int           // index in the token slice of the token the pragma stood before
	// Item is the index in CompoundStmt.Items (or File.Decls) of the first
	// item that starts after the pragma; len(Items) if none does.
	Item        int
	Consistency Consistency
}
