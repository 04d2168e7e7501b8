package ctype

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// spacing is a type's spelling without the blanks that do not separate
// two words: gcc writes "int (*)(int,  char *)" and "const char * const*",
// where upcgo writes "int (*)(int, char *)" and "const char *const *".
func spacing(s string) string {
	s = regexp.MustCompile(`\s+`).ReplaceAllString(strings.TrimSpace(s), " ")
	return regexp.MustCompile(` ?([^\w ]) ?`).ReplaceAllString(s, "$1")
}

// TestTypeStringMatchesGCC checks Type.String against gcc's own spelling
// of each type, as gcc prints it in its note "previous declaration of 'v'
// with type 'T'" on a later declaration of v in conflict, gcc reading the
// declaration Type.Declaration writes; and Declaration against the
// declaration as a C programmer writes it.
func TestTypeStringMatchesGCC(t *testing.T) {
	s := record(Struct, "S", field("a", IntType))
	u := record(Union, "U", field("a", IntType))
	e := &Type{Kind: Enum, EnumName: "E"}
	cases := []struct {
		typ  *Type
		decl string // declaring v
	}{
		{IntType, "int v"}, {ULongType, "long unsigned int v"}, {ShortType, "short int v"},
		{UShortType, "short unsigned int v"}, {LongType, "long int v"}, {LLongType, "long long int v"},
		{ULLongType, "long long unsigned int v"}, {UIntType, "unsigned int v"}, {SCharType, "signed char v"},
		{UCharType, "unsigned char v"}, {CharType, "char v"}, {BoolType, "_Bool v"}, {FloatType, "float v"},
		{DoubleType, "double v"}, {LDoubleType, "long double v"},
		{ptr(IntType), "int *v"}, {ptr(ptr(IntType)), "int **v"}, {VoidPtr, "void *v"},
		{ptr(qual(CharType, "c")), "const char *v"},
		{ptr(qual(ptr(qual(CharType, "c")), "c")), "const char *const *v"},
		{ptr(qual(ptr(IntType), "c")), "int *const *v"},
		{ptr(qual(IntType, "v")), "volatile int *v"}, {ptr(qual(IntType, "cv")), "const volatile int *v"},
		{qual(ptr(IntType), "r"), "int *restrict v"},
		{arr(IntType, 4), "int v[4]"}, {arr(arr(IntType, 3), 2), "int v[2][3]"}, {arr(ptr(IntType), 4), "int *v[4]"},
		{arr(qual(IntType, "c"), 3), "const int v[3]"}, {arr(CharType, -1), "char v[]"},
		{ptr(arr(arr(IntType, 4), 3)), "int (*v)[3][4]"}, {ptr(ptr(arr(IntType, 5))), "int (**v)[5]"},
		{ptr(arr(CharType, -1)), "char (*v)[]"}, {ptr(arr(qual(IntType, "c"), 3)), "const int (*v)[3]"},
		{fn(IntType, IntType), "int v(int)"}, {fn(IntType), "int v(void)"}, {oldStyle(fn(IntType)), "int v()"},
		{fn(ptr(IntType), IntType), "int *v(int)"}, {variadic(fn(IntType, IntType)), "int v(int, ...)"},
		{ptr(fn(IntType, IntType, ptr(CharType))), "int (*v)(int, char *)"}, {ptr(fn(IntType)), "int (*v)(void)"},
		{ptr(oldStyle(fn(IntType))), "int (*v)()"}, {ptr(fn(ptr(IntType), DoubleType)), "int *(*v)(double)"},
		{ptr(fn(ptr(arr(IntType, 3)), IntType)), "int (*(*v)(int))[3]"},
		{ptr(fn(VoidType, ptr(fn(VoidType, IntType)))), "void (*v)(void (*)(int))"},
		{fn(ptr(arr(IntType, 3)), CharType), "int (*v(char))[3]"},
		{qual(ptr(fn(ptr(IntType))), "c"), "int *(*const v)(void)"},
		{ptr(qual(ptr(fn(VoidType)), "c")), "void (*const *v)(void)"},
		{arr(ptr(fn(IntType)), 3), "int (*v[3])(void)"},
		{ptr(s), "struct S *v"}, {ptr(ptr(u)), "union U **v"}, {ptr(e), "enum E *v"}, {arr(s, 2), "struct S v[2]"},
	}
	var src strings.Builder
	src.WriteString("struct S { int a; };\nunion U { int a; };\nenum E { X };\nstruct oracle { int x; };\n")
	for i, c := range cases {
		name := fmt.Sprintf("v%d", i)
		assert.Equal(t, regexp.MustCompile(`\bv\b`).ReplaceAllLiteralString(c.decl, name), c.typ.Declaration(name))
		// gcc names the type of the first declaration in its note on a
		// second one in conflict with it: a function's, if the first
		// declared a function, else an object's.
		fmt.Fprintf(&src, "extern %s;\n", c.typ.Declaration(name))
		if c.typ.Kind == Func {
			fmt.Fprintf(&src, "extern struct oracle %s(struct oracle);\n", name)
		} else {
			fmt.Fprintf(&src, "extern struct oracle %s;\n", name)
		}
	}
	out, _ := gcc(t, src.String())
	gccTypes := map[string]string{}
	for _, m := range regexp.MustCompile(`previous declaration of '(v\d+)' with type '(.*)'`).FindAllStringSubmatch(out, -1) {
		gccTypes[m[1]] = m[2]
	}
	for i, c := range cases {
		want, ok := gccTypes[fmt.Sprintf("v%d", i)]
		if assert.True(t, ok, "gcc did not spell the type of %q:\n%s", c.decl, out) {
			assert.Equal(t, spacing(want), spacing(c.typ.String()), "%s: gcc says %q, upcgo %q", c.decl, want, c.typ.String())
		}
	}
}

// TestSharedTypeString checks the spelling of UPC's shared types, which
// gcc cannot spell: the layout qualifier stands with the base type, as a
// declaration writes it (UPC 1.3 6.5.1.1).
func TestSharedTypeString(t *testing.T) {
	strict := shared(IntType, 1)
	strict.Strict = true
	relaxed := shared(qual(IntType, "c"), 3)
	relaxed.Relax = true
	threads := arr(shared(DoubleType, 4), 8)
	threads.LenTHREADS = true
	cases := []struct {
		typ  *Type
		want string
	}{
		{shared(IntType, 1), "shared int"},
		{ptr(shared(IntType, 4)), "shared [4] int *"},
		{ptr(shared(IntType, 0)), "shared [] int *"},
		{shared(ptr(shared(IntType, 1)), 1), "shared int *shared"},
		{threads, "shared [4] double[8*THREADS]"},
		{ptr(arr(shared(IntType, 2), 4)), "shared [2] int (*)[4]"},
		{strict, "strict shared int"},
		{ptr(relaxed), "relaxed shared [3] const int *"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.typ.String())
	}
}
