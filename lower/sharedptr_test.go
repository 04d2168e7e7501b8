package lower

import (
	"testing"
)

// TestSharedPointerRules checks the diagnostics of the type rules of
// pointers-to-shared (ctype/sharedptr.go) and the declaration checks of
// UPC 1.3 that go with them: each at its line and column, and what the
// static THREADS environment allows.
func TestSharedPointerRules(t *testing.T) {
	const decls = "shared [2] int A[2*THREADS];\nshared [3] int *p3;\nshared [2] int *p2;\n"
	checkDiagnostics(t, []diagCase{
		{"assign across block sizes", decls + "int main(void) { p3 = p2; return 0; }", 0, []string{
			"4:21: error: pointers-to-shared with different block sizes need a cast: assigning to 'shared [3] int *' from 'shared [2] int *'"}},
		{"a cast converts", decls + "int main(void) { p3 = (shared [3] int *)p2; return 0; }", 0, nil},
		{"shared void converts", decls + "int main(void) { shared void *v = p2; p3 = v; return 0; }", 0, nil},
		{"compare across block sizes", decls + "int main(void) { return p3 == p2; }", 0, []string{
			"4:28: error: comparison of pointers-to-shared with different block sizes"}},
		{"subtract different types", decls + "int main(void) { return (int)((shared int *)p2 - (shared char *)p2); }", 0, []string{
			"4:48: error: invalid operands to binary -"}},
		{"relational on shared void", "shared void *v;\nint main(void) { return v < v; }", 0, []string{
			"2:27: error: relational comparison of pointers-to-shared to different, void or incomplete types"}},
		{"redeclared with another block size", "extern shared [2] int *q;\nshared [3] int *q;\nint main(void) { return 0; }", 0, []string{
			"2:17: error: conflicting types for 'q'"}},
		{"null pointer constants", "shared int *p;\nint main(void) { p = 0; p = (shared int *)0; return p == 0 || (p ? p : 0) != 0; }", 0, nil},
		{"[*] in a typedef", "typedef shared [*] int T[THREADS];\nint main(void) { return 0; }", 0, []string{
			"1:24: error: the layout qualifier [*] cannot be used in a typedef ('T')"}},
		{"[*] in a pointer to an array", "shared [*] int (*p)[4];\nint main(void) { return 0; }", 0, []string{
			"1:17: error: the layout qualifier [*] is not allowed in a pointer type"}},
		{"[*] above UPC_MAX_BLOCK_SIZE", "shared [*] char a[4194304];\nint main(void) { return 0; }", 2, []string{
			"1:17: error: the block size 2097152 that [*] gives 'a' exceeds UPC_MAX_BLOCK_SIZE (1048576)"}},
		{"typedef with THREADS twice", "typedef shared int T[THREADS][THREADS];\nint main(void) { return 0; }", 0, []string{
			"1:20: error: THREADS may appear in only one dimension of the shared array 'T'"}},
		{"shared array of an incomplete enum", "enum e;\nshared enum e a[THREADS];\nint main(void) { return 0; }", 0, []string{
			"2:16: error: array type has incomplete element type 'shared enum e'"}},
		{"enum completed later", "enum e;\nenum e { A, B };\nshared enum e a[THREADS];\nint main(void) { return sizeof(enum e) - 4; }", 0, nil},
		{"function returning shared", "shared int f(void);\nint main(void) { return 0; }", 0, []string{
			"1:13: error: function cannot return a shared-qualified type 'shared int'"}},
		{"layout on void", "shared [5] void *p;\nint main(void) { return 0; }", 0, []string{
			"1:12: error: a layout qualifier cannot be applied to void"}},
		{"strict typedef made relaxed", "typedef strict shared int S;\nrelaxed S x;\nint main(void) { return 0; }", 0, []string{
			"2:9: error: a type cannot be both strict and relaxed"}},
		{"void variable", "void v;\nint main(void) { return 0; }", 0, []string{"1:6: error: variable 'v' declared void"}},
		{"shared void variable", "shared void v;\nint main(void) { return 0; }", 0, []string{"1:13: error: variable 'v' declared void"}},
		{"sizeof(void)", "int main(void) { return sizeof(void); }", 0, []string{
			"1:25: error: invalid application of 'sizeof' to a void type"}},
		{"void pointer arithmetic", "int main(void) {\n  char b[2]; void *p = b; p++;\n  return p + 1 == b;\n}", 0, []string{
			"2:28: error: pointer of type 'void *' used in arithmetic",
			"3:12: error: pointer of type 'void *' used in arithmetic"}},
	})
}
