package difftest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The same seed gives the same program.
func TestGenerateDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		assert.Equal(t, UPC(Generate(seed), ""), UPC(Generate(seed), ""), "seed %d", seed)
		assert.Equal(t, Model(Generate(seed)), Model(Generate(seed)), "seed %d", seed)
	}
}

// Reads of shared data nest at most two deep in indices (a[b[i % 3]]):
// the printers repeat operands in their guards, so deeper nesting grew
// programs exponentially (seed 15 once printed hundreds of megabytes and
// hung the test).
func TestIndexReadsNest(t *testing.T) {
	for seed := uint64(1); seed <= 500; seed++ {
		for _, s := range exprSlots(Generate(seed)) {
			require.LessOrEqual(t, readNesting(*s.e), 2, "seed %d", seed)
		}
	}
}

// readNesting is how deep reads of shared data (array elements, pointer
// reads and queries) nest inside each other's indices in e.
func readNesting(e Expr) int {
	n := 0
	var subs []Expr
	switch e := e.(type) {
	case *Elem:
		n, subs = 1, []Expr{e.Idx}
	case *PtrRead:
		n, subs = 1, []Expr{e.Idx}
	case *PtrQuery:
		n, subs = 1, []Expr{e.Idx, e.Idx2}
	case *Cond:
		subs = []Expr{e.C, e.X, e.Y}
	default:
		subs = operands(e)
	}
	deepest := 0
	for _, x := range subs {
		if x != nil {
			deepest = max(deepest, readNesting(x))
		}
	}
	return n + deepest
}

// Every generated model is valid C: the generator and the printers keep
// to what gcc accepts (a model that does not compile is the tester's
// bug, which TestDifferential would report as such, one seed at a time).
// make test-long (-long) checks 200 seeds.
func TestModelsCompile(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the model is checked with gcc")
	}
	dir := t.TempDir()
	n := 20
	switch {
	case *flagLong:
		n = 200
	case testing.Short():
		n = 10
	}
	for seed := uint64(1000); seed < uint64(1000+n); seed++ {
		src := filepath.Join(dir, "model.c")
		require.NoError(t, os.WriteFile(src, []byte(Model(Generate(seed))), 0o644))
		out, err := exec.Command(gcc, "-std=gnu11", "-fsyntax-only", "-DTHREADS=3", src).CombinedOutput()
		require.NoError(t, err, "seed %d:\n%s", seed, out)
	}
}

// The model's layout helpers are the oracle's knowledge of UPC layouts;
// check them against layouts worked out by hand from UPC 1.3 §6.5.1.1.
// At THREADS=4, shared [3] int a[14] puts blocks {0,1,2} {3,4,5} {6,7,8}
// {9,10,11} on threads 0-3 and {12,13} on thread 0 again; a cyclic array
// of 6 puts 0 and 4 on thread 0, 1 and 5 on thread 1; an indefinite one
// stays on its home thread.
func TestLayoutHelpers(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the model's helpers are C")
	}
	prog := "#include <stdio.h>\n" + layoutHelpers + `
int main(void) {
    printf("%ld %ld %ld %ld\n", owner_of(12, 3, 0), phase_of(13, 3), local_of(13, 3), global_of(0, 4, 3));
    printf("%ld %ld %ld %ld\n", count_of(14, 3, 0, 0), count_of(14, 3, 1, 0), count_of(14, 3, 3, 0), owner_of(11, 3, 0));
    printf("%ld %ld %ld %ld\n", owner_of(5, 1, 0), local_of(5, 1), global_of(1, 1, 1), count_of(6, 1, 2, 0));
    printf("%ld %ld %ld %ld\n", owner_of(7, 0, 2), local_of(7, 0), count_of(9, 0, 2, 2), count_of(9, 0, 1, 2));
    return 0;
}
`
	dir := t.TempDir()
	src := filepath.Join(dir, "layout.c")
	require.NoError(t, os.WriteFile(src, []byte(prog), 0o644))
	out, err := exec.Command(gcc, "-DTHREADS=4", "-o", filepath.Join(dir, "layout"), src).CombinedOutput()
	require.NoError(t, err, "%s", out)
	got, err := exec.Command(filepath.Join(dir, "layout")).Output()
	require.NoError(t, err)
	assert.Equal(t, "0 1 4 13\n5 3 3 3\n1 1 5 1\n2 7 9 0\n", string(got))
}

// The UPC printer's subscripts of a multi-dimensional array name element
// lin of it in row-major order, also where lin is an expression: a nested
// loop's affinity is the cell r * cols + c (a program of a fresh seed once
// printed a[r * (1) + c / (1)][r * (1) + c % (1)], outside the array, and
// upcgo's output differed from the model's). gcc says which element the
// printed subscripts name.
func TestElemSubscripts(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: gcc reads the printed subscripts")
	}
	objs := []*Object{
		{Name: "a", Kind: SharedArray, Storage: Static, Dims: []Dim{{N: 4}, {N: 1}}},
		{Name: "b", Kind: SharedArray, Storage: Static, Dims: []Dim{{N: 2}, {N: 3}}},
		{Name: "d", Kind: SharedArray, Storage: Static, Dims: []Dim{{N: 2}, {N: 2}, {N: 3}}},
	}
	prog := "#include <stdio.h>\n#define THREADS 2\n"
	for _, o := range objs {
		prog += "int " + o.Name
		for _, d := range o.Dims {
			prog += fmt.Sprintf("[%d]", d.N)
		}
		prog += ";\n"
	}
	prog += "int main(void) {\n    int r, c;\n"
	want := ""
	for _, o := range objs {
		rows, cols := rowsCols(o)
		first := "&" + o.Name + strings.Repeat("[0]", len(o.Dims))
		prog += fmt.Sprintf("    for (r = 0; r < %s; r++)\n        for (c = 0; c < %s; c++)\n", rows, cols)
		prog += fmt.Sprintf("            printf(\"%%ld \", (long)(&%s - %s));\n", upcDialect{}.elem(o, "r * "+cols+" + c"), first)
		prog += "    printf(\"\\n\");\n"
		n := 1
		for _, d := range o.Dims {
			n *= d.N
		}
		for i := 0; i < n; i++ {
			want += fmt.Sprintf("%d ", i)
		}
		want += "\n"
	}
	prog += "    return 0;\n}\n"
	dir := t.TempDir()
	src := filepath.Join(dir, "elem.c")
	require.NoError(t, os.WriteFile(src, []byte(prog), 0o644))
	out, err := exec.Command(gcc, "-o", filepath.Join(dir, "elem"), src).CombinedOutput()
	require.NoError(t, err, "%s\n%s", out, prog)
	got, err := exec.Command(filepath.Join(dir, "elem")).Output()
	require.NoError(t, err)
	assert.Equal(t, want, string(got), "%s", prog)
}
