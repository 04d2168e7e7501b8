package lower

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/runtime/upc"
	"github.com/upcgo/upcgo/stdlib"
)

// translateOK translates src (a main function's body after the
// collective and atomic headers) and returns the Go, failing on any error.
func translateOK(t *testing.T, decls, body string) string {
	t.Helper()
	src := "#include <upc.h>\n#include <upc_collective.h>\n#include <upc_atomic.h>\n" + decls + "\nint main(void) {\n" + body + "\nreturn 0;\n}\n"
	var errs diag.List
	res := cpp.Preprocess("t.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	f := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	out := Translate(f, &Config{File: "t.upc"}, &errs)
	require.False(t, errs.HasErrors(), "%s", errs.Error())
	return string(out)
}

func TestCollectiveLowering(t *testing.T) {
	const decls = `shared [4] int a[4*THREADS], b[4*THREADS];
shared long v[THREADS], r;
shared int perm[THREADS];
shared double d;
long add(long x, long y) { return x + y; }`
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"broadcast", "upc_all_broadcast(b, a, 16, UPC_IN_NOSYNC | UPC_OUT_MYSYNC);",
			[]string{"t.AllBroadcast(", ", uintptr(uint64(16)), upc.Flag(9))"}},
		{"gather_all", "upc_all_gather_all(b, a, sizeof(int), 0);", []string{"t.AllGatherAll("}},
		{"permute", "upc_all_permute(b, a, perm, 4, 0);", []string{"t.AllPermute("}},
		{"reduce with a function", "upc_all_reduceL(&r, v, UPC_FUNC, THREADS, 1, add, 0);",
			[]string{"upc.AllReduce[int64](t.Thread, ", "upc.Op(65536)", "func(a, b int64) int64 { return funcs.Get(fnptr.add)", ".(func(*thread, int64, int64) int64)(t, a, b)"}},
		{"prefix without a function", "upc_all_prefix_reduceD(&d, &d, UPC_MAX, 1, 0, NULL, 0);",
			[]string{"upc.AllPrefixReduce[float64](t.Thread, ", ", nil, upc.Flag(0))"}},
		{"long double", "upc_all_reduceLD(&d, &d, UPC_ADD, 1, 0, NULL, 0);", []string{"upc.AllReduceLongDouble(t.Thread, "}},
		{"one-sided", "upc_broadcast(b, a, 8);", []string{"t.OneSided(upc.OneSided{Kind: upc.OSBroadcast, "}},
		{"one-sided async", "upc_handle_t h = upc_reduce_async(&r, v, UPC_LONG, UPC_ADD); upc_sync(h);",
			[]string{"uint64(t.OneSidedAsync(upc.OneSided{Kind: upc.OSReduce, ", "Type: upc.TypeCode(6), Op: upc.Op(1)}"}},
		{"one-sided subset", "int ts[2] = {0, 1}; upc_scatter_subset(b, a, 4, ts, 2);",
			[]string{"Threads: upc.Subset(cmem.Ptr[int32]("}},
		{"atomic", "long one = 1, old; upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD, 0);\nupc_atomic_strict(dom, &old, UPC_ADD, &r, &one, NULL);",
			[]string{"t.AllAtomicDomainAlloc(upc.TypeCode(6), upc.Op(1), 0)", "true, upc.AtomicTypes{Target: upc.TypeLong, Fetch: upc.TypeLong, Operand1: upc.TypeLong, Operand2: upc.TypeUnknown})"}},
		{"atomic type seen", "int one = 1; upc_atomic_relaxed(0, 0, UPC_ADD, &d, &one, 0);",
			[]string{"upc.AtomicTypes{Target: upc.TypeDouble, Fetch: upc.TypeUnknown, Operand1: upc.TypeInt, Operand2: upc.TypeUnknown}"}},
		{"bupc", "long x = bupc_atomicL_fetchadd_strict(&r, -3); bupc_atomicI_set_relaxed(&perm[0], 4);",
			[]string{`int64(t.AtomicBits("bupc_atomicL_fetchadd_strict", upc.TypeLong, upc.OpAdd, `, "upc.AtomicOperand[int64](int64(-3)), 0, true))",
				`t.AtomicBits("bupc_atomicI_set_relaxed", upc.TypeInt, upc.OpSet, `, "upc.AtomicOperand[int32](4), 0, false)"}},
		{"bupc 32-bit result", "unsigned u = bupc_atomicU32_fetchnot_relaxed(&perm[0]);",
			[]string{`uint32(uint32(t.AtomicBits("bupc_atomicU32_fetchnot_relaxed", upc.TypeUInt32, upc.OpXor, `, "^uint64(0), 0, false))"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := translateOK(t, decls, tc.body)
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
		})
	}
}

// Every name the lowering handles is a prototype in the headers and
// listed in specialFuncs (the header test checks the converse).
func TestCollectiveNamesListed(t *testing.T) {
	special := map[string]bool{}
	for _, n := range specialFuncs {
		special[n] = true
	}
	for name := range builtins {
		if strings.HasPrefix(name, "upc_all_") || strings.HasPrefix(name, "bupc_atomic") || strings.HasPrefix(name, "upc_atomic") ||
			strings.HasPrefix(name, "upc_broadcast") || strings.HasPrefix(name, "upc_scatter") || strings.HasPrefix(name, "upc_gather") ||
			strings.HasPrefix(name, "upc_exchange") || strings.HasSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_async"), "_subset"), "reduce") {
			assert.True(t, special[name], "%s is lowered but not in specialFuncs", name)
		}
	}
}

// TestOpSets pins the upc_op_t sets that opArg checks constants against
// to the runtime's operations.
func TestOpSets(t *testing.T) {
	assert.EqualValues(t, upc.OpAdd|upc.OpMult|upc.OpAnd|upc.OpOr|upc.OpXor|upc.OpLogAnd|upc.OpLogOr|upc.OpMin|upc.OpMax, opsOneSided)
	assert.EqualValues(t, opsOneSided|upc.OpFunc|upc.OpNonCommFunc, opsReduce)
	assert.EqualValues(t, upc.OpGet|upc.OpSet|upc.OpCSwap|upc.OpAdd|upc.OpSub|upc.OpMult|upc.OpInc|upc.OpDec|
		upc.OpAnd|upc.OpOr|upc.OpXor|upc.OpMin|upc.OpMax, opsAtomic)
}
