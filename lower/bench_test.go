package lower

import (
	"fmt"
	"strings"
	"testing"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// syntheticProgram is a UPC program of about lines lines: functions with
// loops, arrays, structs, shared accesses and calls into the C library.
func syntheticProgram(lines int) string {
	var b strings.Builder
	b.WriteString("#include <upc.h>\n#include <stdio.h>\n#include <string.h>\n\n")
	b.WriteString("struct rec { int id; double w[4]; };\nshared [4] double grid[4*THREADS];\n\n")
	n := 0
	for i := 0; b.Len() < lines*30 && n*20 < lines; i++ {
		fmt.Fprintf(&b, `static double work%d(int n, struct rec *r) {
    double acc = 0;
    int i;
    char buf[32];
    for (i = 0; i < n; i++) {
        acc += r->w[i %% 4] * (i + %d);
        if (acc > 1e6) acc /= 2;
    }
    upc_forall (i = 0; i < 4*THREADS; i++; &grid[i])
        grid[i] += acc;
    sprintf(buf, "%%d", n);
    switch (n %% 3) {
    case 0: acc += strlen(buf); break;
    case 1: acc -= 1; /* fall through */
    default: acc *= 1.5;
    }
    return acc;
}

`, i, i)
		n++
	}
	b.WriteString("int main(void) {\n    struct rec r = {1, {1, 2, 3, 4}};\n    double t = 0;\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    t += work%d(%d, &r);\n", i, i)
	}
	b.WriteString("    printf(\"%f\\n\", t);\n    return 0;\n}\n")
	return b.String()
}

func translate(tb testing.TB, src string) []byte {
	var errs diag.List
	res := cpp.Preprocess("bench.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	out := Translate(f, &Config{File: "bench.upc"}, &errs)
	if errs.HasErrors() {
		tb.Fatal(errs.Error())
	}
	return out
}

func pragmas(res *cpp.Result) []*ast.Pragma {
	var ps []*ast.Pragma
	for _, p := range res.Pragmas {
		ps = append(ps, &ast.Pragma{Pos: p.Pos, Tokens: p.Tokens, Index: p.Index})
	}
	return ps
}

// BenchmarkTranslate1000Lines measures preprocessing, parsing and
// translation (not go build) of a 1000-line program.
func BenchmarkTranslate1000Lines(b *testing.B) {
	src := syntheticProgram(1000)
	b.SetBytes(int64(len(src)))
	b.ReportMetric(float64(strings.Count(src, "\n")), "lines")
	for range b.N {
		translate(b, src)
	}
}

// BenchmarkCompile1000Lines measures lower alone on the same program, the
// aggregation pass on as upcgo builds: check, the passes and emit.
func BenchmarkCompile1000Lines(b *testing.B) {
	src := syntheticProgram(1000)
	var errs diag.List
	res := cpp.Preprocess("bench.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	cfg := &Config{File: "bench.upc", WholeProgram: true, Aggregate: AggregateOptions{Enable: true}}
	for range b.N {
		if Compile(f, cfg, &errs); errs.HasErrors() {
			b.Fatal(errs.Error())
		}
	}
}
