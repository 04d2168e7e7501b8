package ast

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/upcgo/upcgo/parser/token"
)

func at(line, col int32) token.Pos { return token.Pos{File: "t.c", Line: line, Col: col} }

func TestSprintTypes(t *testing.T) {
	i := &BasicType{Kind: Int, Words: []string{"int"}}
	n := &IntLit{Raw: "4"}
	cases := []struct {
		typ  Type
		want string
	}{
		{i, "int"},
		{&BasicType{Kind: ULongLong, Quals: Quals{Const: true, Volatile: true}}, "const volatile unsigned long long"},
		{&BasicType{Kind: Double, Quals: Quals{Layout: SharedBlock, Block: n}}, "shared[4] double"},
		{&BasicType{Kind: Char, Quals: Quals{Strict: true, Layout: SharedIndefinite}}, "strict shared[] char"},
		{&BasicType{Kind: Char, Quals: Quals{Relaxed: true, Layout: SharedStar}}, "relaxed shared[*] char"},
		{&PointerType{Elem: i, Quals: Quals{Layout: SharedDefault, Restrict: true}}, "(restrict shared ptr int)"},
		{&ArrayType{Elem: i}, "(array [] int)"},
		{&ArrayType{Elem: i, Star: true}, "(array * int)"},
		{&ArrayType{Elem: i, Len: n, Static: true, Quals: Quals{Const: true}}, "(const array static 4 int)"},
		{&FuncType{Result: i, OldStyle: true}, "(oldfunc int)"},
		{&FuncType{Result: i, Params: []*Param{{Name: "a", Type: i}, {Type: i, Storage: Register}}, Variadic: true},
			"(func int a:int register int ...)"},
		{&StructType{Tag: "S"}, "(struct S)"},
		{&StructType{Union: true, HasBody: true}, "(union {})"},
		{&StructType{Tag: "B", HasBody: true, Fields: []*Field{{Name: "x", Type: i, BitWidth: n}, {Type: i, BitWidth: n}, {Type: i}}},
			"(struct B {x:int:4 _:int:4 int})"},
		{&EnumType{Tag: "E", HasBody: true, Items: []*Enumerator{{Name: "A"}, {Name: "B", Value: n}}}, "(enum E {A B=4})"},
		{&TypedefName{Name: "T", Quals: Quals{Const: true}}, "const T"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Sprint(c.typ))
	}
}

func TestSprintNodes(t *testing.T) {
	x, y := &Ident{Name: "x"}, &Ident{Name: "y"}
	one := &IntLit{Raw: "1"}
	i := &BasicType{Kind: Int}
	cases := []struct {
		node any
		want string
	}{
		{nil, "_"},
		{&StringLit{Pieces: []string{`"a"`}}, `"a"`},
		{&StringLit{Pieces: []string{`"a"`, `L"b"`}}, `(str "a" L"b")`},
		{&UnaryExpr{Op: "++", X: x}, "(pre++ x)"},
		{&PostfixExpr{Op: "--", X: x}, "(post-- x)"},
		{&CondExpr{Cond: x, Else: y}, "(? x _ y)"},
		{&MemberExpr{X: x, Name: "f", Arrow: true}, "(-> x f)"},
		{&UpcLocalsizeof{Type: i}, "(upc_localsizeof-type int)"},
		{&UpcBlocksizeof{X: x}, "(upc_blocksizeof x)"},
		{&UpcElemsizeof{X: x}, "(upc_elemsizeof x)"},
		{&InitList{Elems: []*InitElem{{Value: one}, {Designators: []Designator{&FieldDesignator{Name: "a"},
			&IndexDesignator{Index: one, High: one}}, Value: x}}}, "{1 .a[1...1]=x}"},
		{&OffsetofExpr{Type: &StructType{Tag: "S"}, Member: []Designator{&FieldDesignator{Name: "a"}, &IndexDesignator{Index: one}}},
			"(offsetof (struct S) .a[1])"},
		{&Decl{Name: "v", Type: i, Storage: Static, Inline: true, Init: one}, "(decl static inline v int 1)"},
		{&Decl{Type: &StructType{Tag: "S"}}, "(decl (struct S))"},
		{&Decl{Name: "T", Type: i, Storage: Typedef}, "(typedef T int)"},
		{&FuncDecl{Name: "f", Type: &FuncType{Result: i}, Storage: Extern, Body: &CompoundStmt{}}, "(fundef extern f (func int) {})"},
		{&ForStmt{Body: &EmptyStmt{}}, "(for _ _ _ ;)"},
		{&ForStmt{Init: &ExprStmt{X: x}, Cond: x, Post: y, Body: &BreakStmt{}}, "(for x x y (break))"},
		{&UpcForallStmt{Init: &DeclStmt{Decls: []*Decl{{Name: "i", Type: i}}}, AffinityContinue: true, Body: &ContinueStmt{}},
			"(upc_forall ((decl i int)) _ _ continue (continue))"},
		{&UpcSyncStmt{Op: UpcNotify, Value: one}, "(upc_notify 1)"},
		{&UpcSyncStmt{Op: UpcFence}, "(upc_fence)"},
		{&CaseStmt{Value: one, High: one, Stmt: &EmptyStmt{}}, "(case 1...1 ;)"},
		{&CompoundStmt{Pragmas: []*Pragma{{Tokens: []token.Token{{Text: "upc"}, {Text: "strict"}}}}, Items: []Stmt{&ReturnStmt{}}},
			"{(pragma upc strict @0) (return)}"},
		{&File{Decls: []ExternalDecl{&Decl{Name: "a", Type: i}, &Decl{Name: "b", Type: i}}}, "(decl a int)\n(decl b int)"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Sprint(c.node))
	}
	var b bytes.Buffer
	assert.NoError(t, Print(&b, x))
	assert.Equal(t, "x\n", b.String())
}

func TestPositions(t *testing.T) {
	d := &Decl{SpecPos: at(1, 1)}
	assert.Equal(t, at(1, 1), d.Pos(), "a nameless declaration is at its specifiers")
	d.NamePos = at(1, 5)
	assert.Equal(t, at(1, 5), d.Pos())
	x := &Ident{NamePos: at(2, 3), Name: "x"}
	assert.Equal(t, at(2, 3), (&BinaryExpr{OpPos: at(2, 5), X: x, Y: x}).Pos(), "a binary expression is at its left operand")
	assert.Equal(t, at(2, 3), (&CallExpr{Fun: x}).Pos())
	assert.Equal(t, at(2, 3), (&InitElem{Value: x}).Pos())
	assert.Equal(t, at(2, 1), (&InitElem{Designators: []Designator{&FieldDesignator{Dot: at(2, 1)}}, Value: x}).Pos())
	assert.Equal(t, at(3, 1), (&Param{SpecPos: at(3, 1)}).Pos())
	assert.False(t, (&DeclStmt{}).Pos().IsValid())
}

func TestQuals(t *testing.T) {
	assert.True(t, Quals{}.IsZero())
	assert.False(t, Quals{Layout: SharedDefault}.IsZero())
	assert.True(t, Quals{Layout: SharedIndefinite}.Shared())
	assert.False(t, Quals{Const: true}.Shared())
	q := Quals{Volatile: true}
	for _, typ := range []Type{&BasicType{Quals: q}, &PointerType{Quals: q}, &ArrayType{Quals: q}, &FuncType{Quals: q},
		&StructType{Quals: q}, &EnumType{Quals: q}, &TypedefName{Quals: q}} {
		assert.Equal(t, q, QualsOf(typ))
	}
	assert.Equal(t, "unsigned long", ULong.String())
	assert.Equal(t, "static", Static.String())
	assert.Equal(t, "upc_wait", UpcWait.String())
	assert.Equal(t, "relaxed", RelaxedMode.String())
}

// Inspect visits nodes depth-first in source order, calls f(nil) after a
// node's children, and skips the children when f returns false.
func TestInspect(t *testing.T) {
	a, b, c := &Ident{Name: "a"}, &Ident{Name: "b"}, &Ident{Name: "c"}
	blk := &IntLit{Raw: "4"}
	// shared [4] int x[3] = { a + b }; then { if (c) return; }
	decl := &Decl{Name: "x",
		Type: &ArrayType{Len: &IntLit{Raw: "3"}, Elem: &BasicType{Kind: Int, Quals: Quals{Layout: SharedBlock, Block: blk}}},
		Init: &InitList{Elems: []*InitElem{{Value: &BinaryExpr{Op: "+", X: a, Y: b}}}}}
	fn := &FuncDecl{Name: "f", Type: &FuncType{Result: &BasicType{Kind: Void}},
		Body: &CompoundStmt{Items: []Stmt{&DeclStmt{Decls: []*Decl{decl}}, &IfStmt{Cond: c, Then: &ReturnStmt{}}}}}
	var seen []string
	Inspect(fn, func(n Node) bool {
		if n == nil {
			seen = append(seen, ")")
			return false
		}
		seen = append(seen, strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast."))
		_, isBinary := n.(*BinaryExpr)
		return !isBinary // skip the operands of a + b
	})
	assert.Equal(t, strings.Fields(`FuncDecl FuncType BasicType ) ) CompoundStmt DeclStmt Decl
		ArrayType IntLit ) BasicType IntLit ) ) ) InitList InitElem BinaryExpr ) ) ) )
		IfStmt Ident ) ReturnStmt ) ) ) )`), seen)

	var n int
	InspectFile(&File{Decls: []ExternalDecl{decl, decl}}, func(Node) bool { n++; return true })
	assert.Equal(t, 2*20, n) // 10 nodes in decl, each visited and closed
}
