package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
)

// benchSource is a large synthetic translation unit: typedefs, structs and
// thousands of functions with the statements and expressions of real code.
func benchSource(funcs int) string {
	var b strings.Builder
	b.WriteString("typedef unsigned long size_t;\ntypedef struct vec { double *data; size_t n; } vec_t;\n")
	b.WriteString("shared [16] double grid[16*THREADS];\nextern int printf(const char *fmt, ...);\n")
	for i := range funcs {
		fmt.Fprintf(&b, `
static double kernel%d(vec_t *v, const double *restrict w, int n) {
	double acc = 0.0;
	int i, j;
	for (i = 0; i < n; i++) {
		if (v->data[i] > w[i] && (i & 1) == 0)
			acc += v->data[i] * w[i] - (double)(i %% 7);
		else
			acc -= sizeof(vec_t) + (size_t)n * 2;
	}
	upc_forall (j = 0; j < 16*THREADS; j++; &grid[j]) {
		grid[j] = acc / (j + 1);
	}
	switch (n) {
	case 0: return 0.0;
	default: break;
	}
	upc_barrier;
	return acc > 0 ? acc : -acc;
}
`, i)
	}
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	src := []byte(benchSource(2000))
	var errs diag.List
	toks := scan.Tokenize("bench.c", src, &errs)
	if errs.HasErrors() {
		b.Fatal(errs.Error())
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		var errs diag.List
		Parse(toks, &errs)
		if errs.HasErrors() {
			b.Fatal(errs.Error())
		}
	}
}
