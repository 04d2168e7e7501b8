package lower

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// translateAgg translates src (file t.upc) with the aggregation pass
// configured by opts, and returns the Go and every diagnostic as
// "line:col: severity: message", sorted; the translation must succeed,
// and the Go parse (Translate formats it).
func translateAgg(t *testing.T, src string, opts AggregateOptions) (string, []string) {
	t.Helper()
	var errs diag.List
	res := cpp.Preprocess("t.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	require.False(t, errs.HasErrors(), "front end: %v", errs.Error())
	out := Translate(f, &Config{File: "t.upc", Aggregate: opts}, &errs)
	require.False(t, errs.HasErrors(), "translation: %v", errs.Error())
	errs.Sort()
	var got []string
	for _, d := range errs.Items {
		got = append(got, strings.TrimPrefix(d.Error(), "t.upc:"))
	}
	return string(out), got
}

// remarks translates src with the aggregation pass and both kinds of
// remark on, and returns the remarks and the Go.
func remarks(t *testing.T, src string) ([]string, string) {
	t.Helper()
	out, diags := translateAgg(t, src, AggregateOptions{Enable: true, Remarks: true, MissedRemarks: true})
	var got []string
	for _, d := range diags {
		if strings.Contains(d, ": remark: ") {
			got = append(got, d)
		}
	}
	return got, out
}

const aggDecls = `#include <upc.h>
#include <stdio.h>
#include <math.h>
#define N 16
shared double a[N*THREADS][N];        /* cyclic 2-d */
shared [N] double blk[N*THREADS];     /* blocked */
shared double v[N*THREADS];
shared int x[N*THREADS];
shared strict int flag;
int f(int i) { return i; }
`

func TestAggregateRemarks(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // the remark on the loop at line 12, col 3
	}{
		// Acceptances.
		{"column of a cyclic 2-d array", "double s = 0; int c = MYTHREAD;\n  for (int i = 0; i < N*THREADS; i++) s += a[i][c];",
			"13:3: remark: aggregated: read of a[i][c] (cyclic, 1 get per owner, strided)"},
		{"neighbour block read element-wise", "double s = 0; int r = (MYTHREAD+1)%THREADS;\n  for (int k = 0; k < N; k++) s += blk[r*N+k];",
			"13:3: remark: aggregated: read of blk[r*16+k] (blocked [16], 1 get per owner, strided)"},
		{"block write element-wise", "int r = (MYTHREAD+1)%THREADS;\n  for (int k = N-1; k >= 0; k--) blk[r*N+k] = k;",
			"13:3: remark: aggregated: store to blk[r*16+k] (blocked [16], 1 put per owner, strided)"},
		{"indirect gather", "int col[N]; double s = 0; for (int j = 0; j < N; j++) col[j] = j;\n  for (int k = 0; k < N; k++) s += sqrt(v[col[k]]);",
			"13:3: remark: aggregated: read of v[col[k]] (cyclic, indirect, 1 get per owner, indexed)"},
		{"update in place", "\n  for (int i = 0; i < N; i += 2) v[3*i+1] += 1.5;",
			"13:3: remark: aggregated: update of v[3*i+1] (cyclic, 1 get and 1 put per owner, strided)"},
		{"read and store to different arrays", "\n  for (int i = 0; i < N; i++) x[i+1] = (int)v[2*i];",
			"13:3: remark: aggregated: read of v[2*i] (cyclic, 1 get per owner, strided); store to x[i+1] (cyclic, 1 put per owner, strided)"},
		{"printf is free of shared accesses", "\n  for (int i = 0; i < N; i++) printf(\"%g\\n\", v[i]);",
			"13:3: remark: aggregated: read of v[i] (cyclic, 1 get per owner, strided)"},
		{"through a pointer-to-shared", "shared double *p = &v[1];\n  double s = 0; for (int i = 0; i < N; i++) s += p[i];",
			"13:17: remark: aggregated: read of p[i] (through a pointer-to-shared, 1 get per owner, indexed)"},
		{"upc_forall", "double s = 0;\n  upc_forall (int i = 0; i < N*THREADS; i++; &v[i]) s += x[i+1] + v[i];",
			"13:3: remark: aggregated: read of x[i+1] (cyclic, 1 get per owner, strided)"},

		{"upc_forall with a 2-d element as affinity", "double s = 0;\n  upc_forall (int i = 0; i < N*THREADS; i++; &a[i][0]) s += x[i+1];",
			"13:3: remark: aggregated: read of x[i+1] (cyclic, 1 get per owner, strided)"},
		// Rejections, one per reason.
		{"barrier", "\n  for (int i = 0; i < N; i++) { v[i] = 1; upc_barrier; }",
			"13:3: remark: not aggregated: the loop body has a upc_barrier"},
		{"fence", "\n  for (int i = 0; i < N; i++) { v[i] = 1; upc_fence; }",
			"13:3: remark: not aggregated: the loop body has a upc_fence"},
		{"notify", "\n  for (int i = 0; i < N; i++) { v[i] = 1; upc_notify; upc_wait; }",
			"13:3: remark: not aggregated: the loop body has a upc_notify"},
		{"lock", "upc_lock_t *l = upc_all_lock_alloc();\n  for (int i = 0; i < N; i++) { upc_lock(l); v[i] += 1; upc_unlock(l); }",
			"13:3: remark: not aggregated: the loop calls 'upc_lock', which accesses shared memory or synchronises"},
		{"strict access", "\n  for (int i = 0; i < N; i++) v[i] = flag;",
			"13:3: remark: not aggregated: the loop makes a strict access (flag), which orders it against other threads"},
		{"unknown call", "\n  for (int i = 0; i < N; i++) v[i] = f(i);",
			"13:3: remark: not aggregated: the loop calls 'f', which may access shared memory"},
		{"upc library call with sync", "double buf[2];\n  for (int i = 0; i < N; i++) { upc_memget(buf, &v[i], 8); v[i] = 0; }",
			"13:3: remark: not aggregated: the loop calls 'upc_memget', which accesses shared memory or synchronises"},
		{"store may alias read", "shared double *p = &v[3];\n  for (int i = 0; i < N; i++) p[i] = v[i];",
			"13:3: remark: not aggregated: the store to p[i] may alias the elements of 'v' read"},
		{"loop-carried dependence", "\n  for (int i = 1; i < N; i++) x[i] = x[i-1] + 1;",
			"13:3: remark: not aggregated: the loop reads x[i-1] and stores to x[i]: a dependence through 'x'"},
		{"GUPS indirect update", "int idx[N]; for (int j = 0; j < N; j++) idx[j] = j*7 % N;\n  for (int k = 0; k < N; k++) x[idx[k]] ^= k;",
			"13:3: remark: not aggregated: the store to x[idx[k]] has an indirect subscript: two iterations may update one element"},
		{"store not injective", "int c = 3;\n  for (int i = 0; i < N; i++) x[c] = i;",
			"13:3: remark: not aggregated: x[c] does not depend on 'i'"},
		{"break", "\n  for (int i = 0; i < N; i++) { if (v[i] < 0) break; x[i] = 1; }",
			"13:3: remark: not aggregated: the loop body has a break (the stores after it would be wrong)"},
		{"return", "\n  for (int i = 0; i < N; i++) { x[i] = 1; if (i > 3) return 1; }",
			"13:3: remark: not aggregated: the loop body returns from the function"},
		{"goto", "\n  for (int i = 0; i < N; i++) { x[i] = 1; goto out; } out:;",
			"13:3: remark: not aggregated: the loop body has a goto"},
		{"non-invariant bound", "int n = N;\n  for (int i = 0; i < n; i++) { x[i] = 1; n--; }",
			"13:3: remark: not aggregated: the loop condition is not a side-effect-free expression of the induction variable and loop-invariant values"},
		{"induction variable modified", "\n  for (int i = 0; i < N; i++) { x[i] = 1; i++; }",
			"13:3: remark: not aggregated: the loop body modifies its induction variable 'i'"},
		{"no induction variable", "\n  for (int i = 0; i < N; i = i + 1) x[i] = 1;",
			"13:3: remark: not aggregated: the loop has no induction variable stepping by a constant (i++, i--, i += c, i -= c)"},
		{"conditional access", "\n  for (int i = 0; i < N; i++) if (i % 2) x[i] = 1;",
			"13:3: remark: not aggregated: the access to x[i] does not happen exactly once per iteration"},
		{"non-affine subscript", "double s = 0;\n  for (int i = 0; i < N; i++) s += v[i*i];",
			"13:3: remark: not aggregated: the subscript of v[i*i] is neither affine in 'i' nor an element of a private index array"},
		{"index array written in the loop", "int idx[N]; double s = 0;\n  for (int i = 0; i < N; i++) { s += v[idx[i]]; idx[i] = 0; }",
			"13:3: remark: not aggregated: the subscript of v[idx[i]] is neither affine in 'i' nor an element of a private index array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := aggDecls + "int main(void) {\n  " + tt.body + "\n  return 0;\n}\n"
			got, _ := remarks(t, src)
			require.NotEmpty(t, got)
			assert.Contains(t, got, tt.want, "all remarks: %q", got)
		})
	}
}

// TestAggregateOff checks that without Enable no loop changes and no
// remark is printed.
func TestAggregateOff(t *testing.T) {
	src := aggDecls + "int main(void) {\n  double s = 0;\n  for (int i = 0; i < N; i++) s += v[i];\n  return (int)s;\n}\n"
	var errs diag.List
	res := cpp.Preprocess("t.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	out := Translate(f, &Config{File: "t.upc", Aggregate: AggregateOptions{Remarks: true, MissedRemarks: true}}, &errs)
	require.False(t, errs.HasErrors())
	assert.Empty(t, errs.Items)
	assert.NotContains(t, string(out), "Aggregate(")
}

// TestAggregateLimit checks that -faggregate-limit reaches the runtime,
// which strip-mines by it (runtime/upc TestAggregateStrips), and that the
// default is the runtime's.
func TestAggregateLimit(t *testing.T) {
	src := aggDecls + "int main(void) {\n  double s = 0;\n  for (int i = 0; i < 100000; i++) s += v[2*i];\n  return (int)s;\n}\n"
	_, out := remarks(t, src)
	assert.Contains(t, out, "t.Aggregate(0, upc.AggRead(8))")
	out, _ = translateAgg(t, src, AggregateOptions{Enable: true, Limit: 4096})
	assert.Contains(t, out, "t.Aggregate(4096, upc.AggRead(8))")
}
