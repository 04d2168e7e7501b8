package lower

import (
	"slices"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// The memcpy extension library (upc_nb.h, bupc_extensions.h): every
// spelling of a function lowers to the same runtime/upc call, bound to the
// name the program used so that errors name it (t.Lib(name)). In the code
// templates, NAME stands for that name as a Go string and MODE for the
// completion mode (upc.Blocking, upc.Async, upc.Asynci); the %[i]s are
// the converted arguments.

// upcNBLib is upc_nb.h; bupcExtensionsLib has the bupc_ spellings.
var upcNBLib = library{header: "upc_nb.h", lowered: nbLowerings("upc_")}

// nbLowerings are the memcpy library's functions whose names start with
// prefix.
func nbLowerings(prefix string) map[string]*builtinFunc {
	m := map[string]*builtinFunc{}
	add := func(name, code string) {
		if strings.HasPrefix(name, prefix) {
			m[name] = nbLowering(name, code)
		}
	}
	for _, f := range nbSingles {
		for _, name := range f.names {
			add(name, f.code)
		}
	}
	modes := []struct{ suffix, mode string }{{"", "upc.Blocking"}, {"_async", "upc.Async"}, {"_asynci", "upc.Asynci"}}
	for _, f := range nbFamilies {
		prefixes := []string{"upc_"}
		if f.berkeley {
			prefixes = append(prefixes, "bupc_")
		}
		for _, m := range modes {
			code := strings.ReplaceAll(f.code, "MODE", m.mode)
			if m.mode == "upc.Async" && !f.crt {
				code = "uint64(" + code + ")"
			}
			for _, p := range prefixes {
				add(p+f.base+m.suffix, code)
			}
		}
	}
	return m
}

// nbLowering lowers a call of name by its code template.
func nbLowering(name, code string) *builtinFunc {
	f := simple(strings.ReplaceAll(code, "NAME", strconv.Quote(name)), nil)
	if strings.Contains(name, "_memset_") {
		// The value, an int, is converted to unsigned char, as
		// upc_memset's and memset's: asked of the function, not of the
		// Go its template makes.
		format := f.lower
		f = &builtinFunc{lower: func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
			args = slices.Clone(args)
			args[1] = ucharArg(args, raw, 1)
			return format(tr, args, raw, pos)
		}}
	}
	return f
}

// nbSingles are the functions without completion-mode variants, with all
// their spellings: the spec's, Berkeley UPC's and UPC 1.3's (upc_nb.h).
var nbSingles = []struct {
	names []string
	code  string
}{
	{[]string{"upc_memcpy_async", "bupc_memcpy_async", "upc_memcpy_nb"}, "uint64(t.Lib(NAME).Memcpy(upc.Async, %[1]s, %[2]s, uintptr(%[3]s)))"},
	{[]string{"upc_memget_async", "bupc_memget_async", "upc_memget_nb"}, "uint64(t.Lib(NAME).Memget(upc.Async, crt.P(%[1]s), %[2]s, uintptr(%[3]s)))"},
	{[]string{"upc_memput_async", "bupc_memput_async", "upc_memput_nb"}, "uint64(t.Lib(NAME).Memput(upc.Async, %[1]s, crt.P(%[2]s), uintptr(%[3]s)))"},
	{[]string{"upc_memset_async", "bupc_memset_async", "upc_memset_nb"}, "uint64(t.Lib(NAME).Memset(upc.Async, %[1]s, %[2]s, uintptr(%[3]s)))"},
	{[]string{"upc_memcpy_asynci", "bupc_memcpy_asynci", "upc_memcpy_nbi"}, "t.Lib(NAME).Memcpy(upc.Asynci, %[1]s, %[2]s, uintptr(%[3]s))"},
	{[]string{"upc_memget_asynci", "bupc_memget_asynci", "upc_memget_nbi"}, "t.Lib(NAME).Memget(upc.Asynci, crt.P(%[1]s), %[2]s, uintptr(%[3]s))"},
	{[]string{"upc_memput_asynci", "bupc_memput_asynci", "upc_memput_nbi"}, "t.Lib(NAME).Memput(upc.Asynci, %[1]s, crt.P(%[2]s), uintptr(%[3]s))"},
	{[]string{"upc_memset_asynci", "bupc_memset_asynci", "upc_memset_nbi"}, "t.Lib(NAME).Memset(upc.Asynci, %[1]s, %[2]s, uintptr(%[3]s))"},
	{[]string{"upc_waitsync", "bupc_waitsync", "upc_sync"}, "t.Lib(NAME).WaitSync(upc.Handle(%[1]s))"},
	{[]string{"upc_trysync", "bupc_trysync", "upc_sync_attempt"}, "crt.B2I(t.Lib(NAME).TrySync(upc.Handle(%[1]s)))"},
	{[]string{"upc_waitsync_all", "bupc_waitsync_all"}, "t.Lib(NAME).WaitSyncAll(crt.Handles(NAME, %[1]s, %[2]s))"},
	{[]string{"upc_trysync_all", "bupc_trysync_all"}, "crt.B2I(t.Lib(NAME).TrySyncAll(crt.Handles(NAME, %[1]s, %[2]s)))"},
	{[]string{"upc_waitsync_some", "bupc_waitsync_some"}, "t.Lib(NAME).WaitSyncSome(crt.Handles(NAME, %[1]s, %[2]s))"},
	{[]string{"upc_trysync_some", "bupc_trysync_some"}, "crt.B2I(t.Lib(NAME).TrySyncSome(crt.Handles(NAME, %[1]s, %[2]s)))"},
	{[]string{"upc_waitsynci", "bupc_waitsynci", "upc_synci"}, "t.Lib(NAME).WaitSynci()"},
	{[]string{"upc_trysynci", "bupc_trysynci", "upc_synci_attempt"}, "crt.B2I(t.Lib(NAME).TrySynci())"},
	{[]string{"upc_begin_accessregion", "bupc_begin_accessregion"}, "t.Lib(NAME).BeginAccessRegion()"},
	{[]string{"upc_end_accessregion", "bupc_end_accessregion"}, "uint64(t.Lib(NAME).EndAccessRegion())"},
}

// nbFamilies are the functions that come blocking, _async and _asynci.
// berkeley marks the spec's own functions (also spelt bupc_); the others
// are the appendix's extensions. crt marks code that already yields the
// handle as a uint64.
var nbFamilies = []struct {
	base     string
	berkeley bool
	crt      bool
	code     string
}{
	{"memcpy_vlist", true, false, "t.Lib(NAME).MemcpyVlist(MODE, crt.SmemVecs(NAME, %[2]s, %[1]s), crt.SmemVecs(NAME, %[4]s, %[3]s))"},
	{"memput_vlist", true, false, "t.Lib(NAME).MemputVlist(MODE, crt.SmemVecs(NAME, %[2]s, %[1]s), crt.PmemVecs(NAME, %[4]s, %[3]s))"},
	{"memget_vlist", true, false, "t.Lib(NAME).MemgetVlist(MODE, crt.PmemVecs(NAME, %[2]s, %[1]s), crt.SmemVecs(NAME, %[4]s, %[3]s))"},
	{"memcpy_ilist", true, false, "t.Lib(NAME).MemcpyIlist(MODE, crt.SharedPtrs(NAME, %[2]s, %[1]s), uintptr(%[3]s), crt.SharedPtrs(NAME, %[5]s, %[4]s), uintptr(%[6]s))"},
	{"memput_ilist", true, false, "t.Lib(NAME).MemputIlist(MODE, crt.SharedPtrs(NAME, %[2]s, %[1]s), uintptr(%[3]s), crt.Ptrs(NAME, %[5]s, %[4]s), uintptr(%[6]s))"},
	{"memget_ilist", true, false, "t.Lib(NAME).MemgetIlist(MODE, crt.Ptrs(NAME, %[2]s, %[1]s), uintptr(%[3]s), crt.SharedPtrs(NAME, %[5]s, %[4]s), uintptr(%[6]s))"},
	{"memcpy_fstrided", true, false, "t.Lib(NAME).MemcpyFstrided(MODE, %[1]s, uintptr(%[2]s), uintptr(%[3]s), uintptr(%[4]s), %[5]s, uintptr(%[6]s), uintptr(%[7]s), uintptr(%[8]s))"},
	{"memput_fstrided", true, false, "t.Lib(NAME).MemputFstrided(MODE, %[1]s, uintptr(%[2]s), uintptr(%[3]s), uintptr(%[4]s), crt.P(%[5]s), uintptr(%[6]s), uintptr(%[7]s), uintptr(%[8]s))"},
	{"memget_fstrided", true, false, "t.Lib(NAME).MemgetFstrided(MODE, crt.P(%[1]s), uintptr(%[2]s), uintptr(%[3]s), uintptr(%[4]s), %[5]s, uintptr(%[6]s), uintptr(%[7]s), uintptr(%[8]s))"},
	{"memcpy_strided", true, true, "crt.MemcpyStrided(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s)"},
	{"memput_strided", true, true, "crt.MemputStrided(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s)"},
	{"memget_strided", true, true, "crt.MemgetStrided(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s)"},

	{"memcpy_strided2d", false, false, "t.Lib(NAME).MemcpyStrided2D(MODE, %[1]s, uintptr(%[2]s), %[3]s, uintptr(%[4]s), uintptr(%[5]s), uintptr(%[6]s))"},
	{"memput_strided2d", false, false, "t.Lib(NAME).MemputStrided2D(MODE, %[1]s, uintptr(%[2]s), crt.P(%[3]s), uintptr(%[4]s), uintptr(%[5]s), uintptr(%[6]s))"},
	{"memget_strided2d", false, false, "t.Lib(NAME).MemgetStrided2D(MODE, crt.P(%[1]s), uintptr(%[2]s), %[3]s, uintptr(%[4]s), uintptr(%[5]s), uintptr(%[6]s))"},
	{"memcpy_strided3d", false, false, "t.Lib(NAME).MemcpyStrided3D(MODE, %[1]s, uintptr(%[2]s), uintptr(%[3]s), %[4]s, uintptr(%[5]s), uintptr(%[6]s), uintptr(%[7]s), uintptr(%[8]s), uintptr(%[9]s))"},
	{"memput_strided3d", false, false, "t.Lib(NAME).MemputStrided3D(MODE, %[1]s, uintptr(%[2]s), uintptr(%[3]s), crt.P(%[4]s), uintptr(%[5]s), uintptr(%[6]s), uintptr(%[7]s), uintptr(%[8]s), uintptr(%[9]s))"},
	{"memget_strided3d", false, false, "t.Lib(NAME).MemgetStrided3D(MODE, crt.P(%[1]s), uintptr(%[2]s), uintptr(%[3]s), %[4]s, uintptr(%[5]s), uintptr(%[6]s), uintptr(%[7]s), uintptr(%[8]s), uintptr(%[9]s))"},
	{"memcpy_transpose", false, true, "crt.MemcpyTranspose(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"memput_transpose", false, true, "crt.MemputTranspose(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"memget_transpose", false, true, "crt.MemgetTranspose(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s)"},
	{"memcpy_blocked", false, false, "t.Lib(NAME).MemcpyBlocked(MODE, %[1]s, uintptr(%[2]s), %[3]s, uintptr(%[4]s), uintptr(%[5]s), uintptr(%[6]s))"},
	{"memput_blocked", false, false, "t.Lib(NAME).MemputBlocked(MODE, %[1]s, uintptr(%[2]s), crt.P(%[3]s), uintptr(%[4]s), uintptr(%[5]s))"},
	{"memget_blocked", false, false, "t.Lib(NAME).MemgetBlocked(MODE, crt.P(%[1]s), %[2]s, uintptr(%[3]s), uintptr(%[4]s), uintptr(%[5]s))"},
	{"memcpy_strided_blocked", false, true, "crt.MemcpyStridedBlocked(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s, %[9]s)"},
	{"memput_strided_blocked", false, true, "crt.MemputStridedBlocked(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
	{"memget_strided_blocked", false, true, "crt.MemgetStridedBlocked(t.Thread, NAME, MODE, %[1]s, %[2]s, %[3]s, %[4]s, %[5]s, %[6]s, %[7]s, %[8]s)"},
}
