package lower

import (
	goparser "go/parser"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/gocheck"
	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
	"github.com/upcgo/upcgo/stdlib"
)

// headerFuncs lists the function prototypes of header (not its static
// functions, which are C code) with their parameter counts.
func headerFuncs(t *testing.T, header string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, d := range parseUnit(t, "#include <"+header+">\n").Decls {
		decl, ok := d.(*ast.Decl)
		if !ok {
			continue
		}
		if ft, isFunc := decl.Type.(*ast.FuncType); isFunc {
			n := len(ft.Params)
			out[decl.Name] = n
		}
	}
	return out
}

// TestShmemBuiltins: every prototype of shmem.h, shmemx.h and
// upc_matrix.h has a lowering, which uses each argument exactly as the
// prototype passes them and yields a Go expression.
func TestShmemBuiltins(t *testing.T) {
	counts := map[string]int{}
	for _, h := range []string{"shmem.h", "upc_matrix.h"} {
		for name, n := range headerFuncs(t, h) {
			if strings.HasPrefix(name, "shmem") || strings.HasPrefix(name, "upc_mem") && strings.Contains(name, "_blocks") ||
				name == "start_pes" || name == "_my_pe" || name == "_num_pes" || strings.HasPrefix(name, "sh") {
				counts[name] = n
			}
		}
	}
	// 24 RMA types × 13 typed RMA calls, 5 sizes × 10 + 6 mem calls, ...
	require.Greater(t, len(counts), 850)
	for name := range shmemIndex {
		assert.Contains(t, counts, name, "the OpenSHMEM table has %s, which shmem.h does not declare", name)
	}
	for name, n := range counts {
		b, ok := builtin(name)
		if !assert.True(t, ok, "%s has no lowering", name) {
			continue
		}
		args := make([]goExpr, n)
		for i := range args {
			args[i] = primaryf("arg%d", i)
		}
		lowered, _ := b.lower(nil, args, nil, token.Pos{})
		code := lowered.code
		assert.NotContains(t, code, "%!", "%s: %s", name, code)
		for _, a := range args {
			assert.Contains(t, code, a.code, "%s does not use %s: %s", name, a, code)
		}
		assert.Equal(t, primaryPrec, lowered.prec, "%s: %s", name, code)
		_, err := goparser.ParseExpr(code)
		assert.NoError(t, err, "%s: %s", name, code)
	}
}

// translateC translates a C program (a .c file) and fails on any error.
func translateC(t *testing.T, src string) string {
	t.Helper()
	var errs diag.List
	res := cpp.Preprocess("t.c", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	out := Translate(f, &Config{File: "t.c"}, &errs)
	require.False(t, errs.HasErrors(), "%s", errs.Error())
	return string(out)
}

// TestSymmetricGlobals: with shmem.h, private statics whose address is
// taken live at an offset of the segment reserved in Setup; without it,
// in C memory as before.
func TestSymmetricGlobals(t *testing.T) {
	const prog = `
int x;
static long arr[4] = {1, 2, 3, 4};
int plain;
int *f(void) { static int s; return &s; }
int main(void) { int *p = &x; *p = plain; return arr[1] + *f(); }
`
	sym := translateC(t, "#include <shmem.h>\n"+prog)
	for _, want := range []string{
		"sym_x = j.AllocStatic(4, 8)", "sym_arr = j.AllocStatic(32, 8)", "sym_f_s = j.AllocStatic(4, 8)",
		"t.x = t.LocalAddr() + sym_x", "cmem.Memset(t.arr, 0, 32)",
		"*cmem.Ptr[int64](t.arr + 8) = int64(2)",
	} {
		assert.Contains(t, sym, want)
	}
	assert.NotContains(t, sym, "sym_plain", "a global whose address is never taken stays a Go field")
	assert.NotContains(t, sym, "cmem.Calloc")

	plain := translateC(t, "#include <stdio.h>\n"+prog)
	assert.NotContains(t, plain, "AllocStatic")
	assert.Contains(t, plain, "t.x = cmem.Calloc(1, 4)")
}

// TestSymmetricSizeInSetup: a symmetric global whose size THREADS decides
// is reserved in Setup, where THREADS is the Go variable THREADS and no
// thread t exists, and cleared by each thread, where it is t.Threads;
// go/types checks both.
func TestSymmetricSizeInSetup(t *testing.T) {
	const src = "#include <upc.h>\n#include <shmem.h>\nlong buf[THREADS];\n" +
		"int main(void) { long *p = buf; shmem_long_put(p, p, 1, 0); return (int)p[0]; }\n"
	var errs diag.List
	out := Translate(frontEnd("t.upc", []byte(src), &errs), &Config{File: "t.upc"}, &errs)
	require.False(t, errs.HasErrors(), errs.Error())
	checker, err := gocheck.New(".")
	require.NoError(t, err)
	_, err = checker.Check("t.upc.go", out)
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "sym_buf = j.AllocStatic(uintptr(1*THREADS*8), 8)")
	assert.Contains(t, string(out), "cmem.Memset(t.buf, 0, uintptr(1*t.Threads*8))")
}

func TestShmemLowering(t *testing.T) {
	for _, tc := range []struct{ name, call, want string }{
		{"typed put", "shmem_int_put(a, b, 3, 1)", `shmem.Bind(t.Thread, "shmem_int_put").Put(upc.Blocking, t.a, crt.P(t.b), uintptr(uint64(3))*4, 1)`},
		{"p with a constant", "shmem_long_p(&a[0], 5, 0)", `shmem.P[int64](shmem.Bind(t.Thread, "shmem_long_p"), t.a, int64(5), 0)`},
		{"ibput", "shmem_double_ibput(d, e, 8, 4, 4, 2, 1)", `shmem.Bind(t.Thread, "shmem_double_ibput").PutBlocks(upc.Blocking, t.d, crt.P(t.e), 8, int64(8), int64(4), uintptr(uint64(4)), uintptr(uint64(2)), 1)`},
		{"aput", "shmemx_double_aput(d, e, 8, 4, 4, 2, 1)", `shmem.Bind(t.Thread, "shmemx_double_aput").PutBlocks(upc.Blocking, t.d, crt.P(t.e), 8, int64(8), int64(4),`},
		{"iget32", "shmem_iget32(a, b, 1, 2, 2, 0)", `shmem.Bind(t.Thread, "shmem_iget32").GetBlocks(upc.Blocking, crt.P(t.a), t.b, 4, int64(1), int64(2), 1, uintptr(uint64(2)), 0)`},
		{"cswap 1.3", "shmem_int_cswap(&a[0], 1, 2, 0)", `shmem.Atomic[int32](shmem.Bind(t.Thread, "shmem_int_cswap"), shmem.AMOCSwap, t.a, 2, 1, 0)`},
		{"wait_until", "shmem_int_wait_until(&a[1], SHMEM_CMP_GE, 3)", `shmem.WaitUntil[int32](shmem.Bind(t.Thread, "shmem_int_wait_until"), t.a+4, 3, 3)`},
		{"ctx put", "shmem_ctx_int_put(SHMEM_CTX_DEFAULT, a, b, 3, 1)", `shmem.Bind(t.Thread, "shmem_ctx_int_put").Ctx(uintptr(1)).Put(upc.Blocking, t.a, crt.P(t.b), uintptr(uint64(3))*4, 1)`},
		{"ctx atomic", "shmem_ctx_long_atomic_add(SHMEM_CTX_DEFAULT, 0, 2, 1)", `shmem.Atomic[int64](shmem.Bind(t.Thread, "shmem_ctx_long_atomic_add").Ctx(uintptr(1)), shmem.AMOAdd, uintptr(0), int64(2), int64(0), 1)`},
		{"generic put", "shmem_put(e, d, 2, 1)", `shmem.Bind(t.Thread, "shmem_double_put").Put(upc.Blocking, t.e, crt.P(t.d), uintptr(uint64(2))*8, 1)`},
		{"generic p converts the value", "shmem_p(&d[1], 3, 0)", `shmem.P[float64](shmem.Bind(t.Thread, "shmem_double_p"), t.d+8, 3.0, 0)`},
		{"generic with a context", "shmem_atomic_inc(SHMEM_CTX_DEFAULT, &a[2], 0)", `shmem.Atomic[int32](shmem.Bind(t.Thread, "shmem_ctx_int_atomic_inc").Ctx(uintptr(1)), shmem.AMOAdd, t.a+8, int32(1), int32(0), 0)`},
		{"generic team collective", "shmem_fcollect(SHMEM_TEAM_WORLD, a, b, 1)", `shmem.Bind(t.Thread, "shmem_int_fcollect").Fcollect(int64(0), t.a, t.b, uintptr(uint64(1))*4)`},
		{"broadcast32", "shmem_broadcast32(a, b, 2, 0, 0, 1, 2, ps)", `shmem.Bind(t.Thread, "shmem_broadcast32").BroadcastSet(t.a, t.b, uintptr(uint64(2))*4, 0, 0, 1, 2, t.ps)`},
		{"to_all", "shmem_int_sum_to_all(a, b, 4, 0, 0, 2, a, ps)", `shmem.ReduceSet[int32](shmem.Bind(t.Thread, "shmem_int_sum_to_all"), shmem.ReduceSum, t.a, t.b, 4, 0, 0, 2, t.a, t.ps)`},
		{"lock", "shmem_set_lock(&ps[0])", `shmem.Bind(t.Thread, "shmem_set_lock").SetLock(t.ps)`},
		{"wait_until_some", "shmem_wait_until_some(a, 4, 0, 0, SHMEM_CMP_EQ, 1)", `shmem.WaitVector[int32](shmem.Bind(t.Thread, "shmem_int_wait_until_some"), shmem.WaitSome, true, t.a, uintptr(uint64(4)), crt.P(uintptr(0)), crt.P(uintptr(0)), 0, 1, nil)`},
		{"sum_reduce", "shmem_int_sum_reduce(SHMEM_TEAM_WORLD, a, b, 4)", `shmem.Reduce[int32](shmem.Bind(t.Thread, "shmem_int_sum_reduce"), shmem.ReduceSum, int64(0), t.a, t.b, uintptr(uint64(4)))`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := translateC(t, "#include <shmem.h>\nint a[4], b[4];\ndouble d[16], e[16];\nlong ps[2];\nint main(void) {\n"+tc.call+";\nreturn 0;\n}\n")
			assert.Contains(t, out[strings.Index(out, "func main_("):], tc.want)
		})
	}
}

func TestMatrixLowering(t *testing.T) {
	const decls = "#include <upc_matrix.h>\nshared [64] double m[64*THREADS];\n"
	for _, tc := range []struct{ name, call, want string }{
		{"untyped", "double buf[16]; upc_memput_blocks(&m[8], buf, sizeof(double), 8, 4, 4, 4);",
			`t.Lib("upc_memput_blocks").MemputBlocks(upc.Blocking, `},
		{"async", "double buf[16]; upc_handle_t h = upc_memget_blocks_async(buf, &m[8], 8, 4, 8, 4, 4); upc_waitsync(h);",
			`uint64(t.Lib("upc_memget_blocks_async").MemgetBlocks(upc.Async, crt.P(`},
		{"typed", "double buf[16]; upc_memput_blocks_double(&m[8], buf, 8, 4, 4, 4);",
			`t.Lib("upc_memput_blocks_double").MemputBlocks(upc.Blocking, `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Contains(t, translateOK(t, decls, tc.call), tc.want)
		})
	}
}
