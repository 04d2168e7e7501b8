package lower

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// spacing is a type's spelling without the blanks that do not separate
// two words: gcc writes "int (*)(int,  char *)" and "const char * const*",
// where upcgo writes "int (*)(int, char *)" and "const char *const *".
func spacing(s string) string {
	s = regexp.MustCompile(`\s+`).ReplaceAllString(strings.TrimSpace(s), " ")
	return regexp.MustCompile(` ?([^\w ]) ?`).ReplaceAllString(s, "$1")
}

// TestTypeStringMatchesGCC checks Type.String against gcc's own spelling
// of each type, as gcc prints it in its note "previous declaration of 'v'
// with type 'T'" on a later declaration of v in conflict, and
// Type.declaration against the declaration as written.
func TestTypeStringMatchesGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc is the oracle, and it is not installed")
	}
	// Each declaration declares v, written as upcgo's declaration spells
	// it back.
	decls := []string{
		"int v", "long unsigned int v", "short int v", "short unsigned int v", "long int v",
		"long long int v", "long long unsigned int v", "unsigned int v", "signed char v",
		"unsigned char v", "char v", "_Bool v", "float v", "double v", "long double v",
		"int *v", "int **v", "void *v", "const char *v", "const char *const *v", "int *const *v",
		"volatile int *v", "const volatile int *v", "int *restrict v",
		"int v[4]", "int v[2][3]", "int *v[4]", "const int v[3]", "char v[]",
		"int (*v)[3][4]", "int (**v)[5]", "char (*v)[]", "const int (*v)[3]",
		"int v(int)", "int v(void)", "int v()", "int *v(int)", "int v(int, ...)",
		"int (*v)(int, char *)", "int (*v)(void)", "int (*v)()", "int *(*v)(double)",
		"int (*(*v)(int))[3]", "void (*v)(void (*)(int))", "int (*v(char))[3]",
		"int *(*const v)(void)", "void (*const *v)(void)", "int (*v[3])(void)",
		"struct S *v", "union U **v", "enum E *v", "struct S v[2]",
	}
	var ours, theirs strings.Builder
	prelude := "struct S { int a; };\nunion U { int a; };\nenum E { X };\nstruct oracle { int x; };\n"
	ours.WriteString(prelude)
	theirs.WriteString(prelude)
	for i, d := range decls {
		fmt.Fprintf(&ours, "extern %s;\n", named(d, fmt.Sprintf("v%d", i)))
	}
	types := declaredTypes(t, ours.String(), len(decls))
	for i, d := range decls {
		name := fmt.Sprintf("v%d", i)
		// gcc names the type of the first declaration in its note on a
		// second one in conflict with it: a function's, if the first
		// declared a function, else an object's.
		fmt.Fprintf(&theirs, "extern %s;\n", named(d, name))
		if types[i].Kind == ctype.Func {
			fmt.Fprintf(&theirs, "extern struct oracle %s(struct oracle);\n", name)
		} else {
			fmt.Fprintf(&theirs, "extern struct oracle %s;\n", name)
		}
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "types.c")
	require.NoError(t, os.WriteFile(src, []byte(theirs.String()), 0o644))
	cmd := exec.Command(gcc, "-std=gnu99", "-fsyntax-only", src)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	out, _ := cmd.CombinedOutput()
	gccTypes := map[string]string{}
	for _, m := range regexp.MustCompile(`previous declaration of '(v\d+)' with type '(.*)'`).FindAllStringSubmatch(string(out), -1) {
		gccTypes[m[1]] = m[2]
	}
	for i, d := range decls {
		name := fmt.Sprintf("v%d", i)
		want, ok := gccTypes[name]
		if !assert.True(t, ok, "gcc did not spell the type of %q:\n%s", d, out) {
			continue
		}
		assert.Equal(t, spacing(want), spacing(types[i].String()), "%s: gcc says %q, upcgo %q", d, want, types[i].String())
		assert.Equal(t, named(d, name), types[i].Declaration(name))
	}
}

// TestSharedTypeString checks the spelling of UPC's shared types, which
// gcc cannot spell: the layout qualifier stands with the base type, as a
// declaration writes it (UPC 1.3 6.5.1.1).
func TestSharedTypeString(t *testing.T) {
	cases := []struct{ decl, want string }{
		{"shared int v", "shared int"},
		{"shared [4] int *v", "shared [4] int *"},
		{"shared [] int *v", "shared [] int *"},
		{"shared int *shared v", "shared int *shared"},
		{"shared [4] double v[8*THREADS]", "shared [4] double[8*THREADS]"},
		{"shared [2] int (*v)[4]", "shared [2] int (*)[4]"},
		{"strict shared int v", "strict shared int"},
		{"relaxed shared [3] const int *v", "relaxed shared [3] const int *"},
	}
	var src strings.Builder
	for i, tc := range cases {
		fmt.Fprintf(&src, "%s;\n", named(tc.decl, fmt.Sprintf("v%d", i)))
	}
	types := declaredTypes(t, src.String(), len(cases))
	for i, tc := range cases {
		assert.Equal(t, tc.want, types[i].String(), tc.decl)
	}
}
