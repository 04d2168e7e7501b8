package lower

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/diag"
)

// declaredTypes translates src and returns the types of its file-scope
// names v0, v1, ...
func declaredTypes(t *testing.T, src string, n int) []*ctype.Type {
	t.Helper()
	var errs diag.List
	tr := newTranslator(&Config{File: "t.upc"}, &errs)
	tr.file(parseUnit(t, src))
	require.False(t, errs.HasErrors(), "%v", errs.Error())
	types := make([]*ctype.Type, n)
	for i := range types {
		s := tr.scope.lookup(fmt.Sprintf("v%d", i))
		require.NotNil(t, s, "v%d", i)
		types[i] = s.typ
	}
	return types
}

// named is declaration d of v, declaring name instead.
func named(d, name string) string {
	return regexp.MustCompile(`\bv\b`).ReplaceAllLiteralString(d, name)
}

// TestDeclaratorsResolve checks that declarations resolve to the types
// they declare: each type, spelled back as a declaration of its name
// (ctype's spelling, checked against gcc's in package ctype), is the
// declaration as written, for the base types, pointers, arrays and
// functions nested inside out as C reads them, and UPC's shared types.
func TestDeclaratorsResolve(t *testing.T) {
	decls := []string{
		"int v", "long unsigned int v", "short unsigned int v", "long long int v", "signed char v",
		"unsigned char v", "char v", "_Bool v", "float v", "long double v",
		"int **v", "void *v", "const char *const *v", "int *const *v", "const volatile int *v", "int *restrict v",
		"int v[2][3]", "int *v[4]", "const int v[3]", "char v[]",
		"int (*v)[3][4]", "int (**v)[5]", "char (*v)[]", "const int (*v)[3]",
		"int v(int)", "int v(void)", "int v()", "int *v(int)", "int v(int, ...)",
		"int (*v)(int, char *)", "int (*v)()", "int (*(*v)(int))[3]", "void (*v)(void (*)(int))",
		"int (*v(char))[3]", "int *(*const v)(void)", "void (*const *v)(void)", "int (*v[3])(void)",
		"struct S *v", "union U **v", "enum E *v", "struct S v[2]",
		"shared int v", "shared [4] int *v", "shared [] int *v", "shared int *shared v",
		"shared [4] double v[8*THREADS]", "shared [2] int (*v)[4]", "strict shared int v",
		"relaxed shared [3] const int *v",
	}
	var src strings.Builder
	src.WriteString("struct S { int a; };\nunion U { int a; };\nenum E { X };\n")
	for i, d := range decls {
		fmt.Fprintf(&src, "extern %s;\n", named(d, fmt.Sprintf("v%d", i)))
	}
	types := declaredTypes(t, src.String(), len(decls))
	for i, d := range decls {
		name := fmt.Sprintf("v%d", i)
		assert.Equal(t, named(d, name), types[i].Declaration(name))
	}
}
