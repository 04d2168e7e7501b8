package lower

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/ast"
)

// declaredIn lists the functions the given header declares beyond what
// the headers it includes declare.
func declaredIn(t *testing.T, header string, includes ...string) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, h := range includes {
		for _, d := range parseUnit(t, "#include <"+h+">\n").Decls {
			if decl, ok := d.(*ast.Decl); ok {
				seen[decl.Name] = true
			}
		}
	}
	var names []string
	for _, d := range parseUnit(t, "#include <"+header+">\n").Decls {
		decl, ok := d.(*ast.Decl)
		if _, isFunc := decl.Type.(*ast.FuncType); ok && isFunc && !seen[decl.Name] {
			names = append(names, decl.Name)
		}
	}
	sort.Strings(names)
	return names
}

// TestNBBuiltins: every function of the two headers lowers through
// nbLowerings, and it lowers nothing else.
func TestNBBuiltins(t *testing.T) {
	upcNB := declaredIn(t, "upc_nb.h", "stddef.h")
	// upc.h includes bupc_extensions.h (Berkeley UPC shows bupc_ names
	// without an include), so take the memcpy library's bupc_ names by
	// prefix, without the other extensions (bupcExtensions).
	var bupc []string
	for _, name := range declaredIn(t, "bupc_extensions.h", "upc_nb.h") {
		if strings.HasPrefix(name, "bupc_") && !strings.HasPrefix(name, "bupc_atomic") && bupcExtensions[name] == nil {
			bupc = append(bupc, name)
		}
	}
	require.Len(t, upcNB, 111, "12 UPC 1.3 functions, 18 contiguous and synchronisation functions, 12 vector/indexed/strided families and 15 extension families of three")
	require.Len(t, bupc, 54, "Berkeley UPC's names for the 18 and the 12 families")

	declared := map[string]bool{}
	for _, name := range append(upcNB, bupc...) {
		declared[name] = true
		assert.NotNil(t, builtins[name], "%s has no lowering", name)
	}
	var registered []string
	for _, f := range nbSingles {
		registered = append(registered, f.names...)
	}
	for _, f := range nbFamilies {
		for _, suffix := range []string{"", "_async", "_asynci"} {
			registered = append(registered, "upc_"+f.base+suffix)
			if f.berkeley {
				registered = append(registered, "bupc_"+f.base+suffix)
			}
		}
	}
	for _, name := range registered {
		assert.True(t, declared[name], "nbLowerings lowers %s, which no header declares", name)
	}
	assert.Len(t, registered, len(declared))
}

// TestNBLowering: the spellings of one function lower to the same call,
// bound to the name used; arrays are viewed through crt, each argument
// evaluated once.
func TestNBLowering(t *testing.T) {
	const decls = `#include <upc_nb.h>
#include <bupc_extensions.h>
shared [4] double A[4*THREADS];`
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"UPC 1.3 spelling", "upc_handle_t h = upc_memget_nb(buf, &A[1], 8); upc_sync(h);",
			[]string{`uint64(t.Lib("upc_memget_nb").Memget(upc.Async, crt.P(`, `t.Lib("upc_sync").WaitSync(upc.Handle(`}},
		{"Berkeley spelling", "bupc_handle_t h = bupc_memget_async(buf, &A[1], 8); if (bupc_trysync(h)) bupc_waitsync(h);",
			[]string{`uint64(t.Lib("bupc_memget_async").Memget(upc.Async, crt.P(`, `crt.B2I(t.Lib("bupc_trysync").TrySync(upc.Handle(`}},
		{"vector list", "upc_pmemvec_t d[1]; upc_smemvec_t s[1]; upc_memget_vlist_asynci(1, d, 1, s);",
			[]string{`t.Lib("upc_memget_vlist_asynci").MemgetVlist(upc.Asynci, crt.PmemVecs("upc_memget_vlist_asynci", `}},
		{"strided, each argument once", "size_t st[1], c[2]; int n = 1; upc_memget_strided(buf, st, &A[0], st, c, n++);",
			[]string{`crt.MemgetStrided(t.Thread, "upc_memget_strided", upc.Blocking, `}},
		{"handle arrays", "upc_handle_t hs[2]; upc_waitsync_all(hs, 2);",
			[]string{`t.Lib("upc_waitsync_all").WaitSyncAll(crt.Handles("upc_waitsync_all", `}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := translateOK(t, decls, "char buf[64];\n"+tc.body)
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
			if strings.Contains(tc.body, "n++") {
				assert.Equal(t, 1, strings.Count(out, "PostInc"), "n++ is evaluated once")
			}
		})
	}
}
