package lower

import (
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/token"
)

// UPC-IO (upc_io.h), lowered to runtime/crt's C forms over runtime/upcio:
// each call takes the thread and its errno, then the C arguments; the
// reads and writes take whether the call is the _async form, which is
// the synchronous one with async set, its result discarded.

// upcIOLib is upc_io.h.
var upcIOLib = library{
	header: "upc_io.h",
	lowered: map[string]*builtinFunc{
		"upc_all_fopen":                    upcioCall("crt.AllFopen"),
		"upc_all_fclose":                   upcioCall("crt.AllFclose"),
		"upc_all_fsync":                    upcioCall("crt.AllFsync"),
		"upc_all_fseek":                    upcioCall("crt.AllFseek"),
		"upc_all_fset_size":                upcioCall("crt.AllFsetSize"),
		"upc_all_fget_size":                upcioCall("crt.AllFgetSize"),
		"upc_all_fpreallocate":             upcioCall("crt.AllFpreallocate"),
		"upc_all_fcntl":                    upcioCall("crt.AllFcntl"),
		"upc_all_fwait_async":              upcioCall("crt.AllFwaitAsync"),
		"upc_all_ftest_async":              upcioCall("crt.AllFtestAsync"),
		"upc_all_fread_local":              upcioCall("crt.AllFreadLocal", "false"),
		"upc_all_fread_local_async":        upcioAsync("crt.AllFreadLocal"),
		"upc_all_fwrite_local":             upcioCall("crt.AllFwriteLocal", "false"),
		"upc_all_fwrite_local_async":       upcioAsync("crt.AllFwriteLocal"),
		"upc_all_fread_shared":             upcioCall("crt.AllFreadShared", "false"),
		"upc_all_fread_shared_async":       upcioAsync("crt.AllFreadShared"),
		"upc_all_fwrite_shared":            upcioCall("crt.AllFwriteShared", "false"),
		"upc_all_fwrite_shared_async":      upcioAsync("crt.AllFwriteShared"),
		"upc_all_fread_list_local":         upcioCall("crt.AllFreadListLocal", "false"),
		"upc_all_fread_list_local_async":   upcioAsync("crt.AllFreadListLocal"),
		"upc_all_fwrite_list_local":        upcioCall("crt.AllFwriteListLocal", "false"),
		"upc_all_fwrite_list_local_async":  upcioAsync("crt.AllFwriteListLocal"),
		"upc_all_fread_list_shared":        upcioCall("crt.AllFreadListShared", "false"),
		"upc_all_fread_list_shared_async":  upcioAsync("crt.AllFreadListShared"),
		"upc_all_fwrite_list_shared":       upcioCall("crt.AllFwriteListShared", "false"),
		"upc_all_fwrite_list_shared_async": upcioAsync("crt.AllFwriteListShared"),
	},
}

// upcioCall lowers a call to goFunc(t.Thread, &t.libc.Errno, lead...,
// the arguments...).
func upcioCall(goFunc string, lead ...string) *builtinFunc {
	return &builtinFunc{lower: func(_ *translator, args []goExpr, _ []operand, _ token.Pos) (goExpr, *ctype.Type) {
		all := append([]string{"t.Thread", "&t.libc.Errno"}, lead...)
		for _, a := range args {
			all = append(all, a.code)
		}
		return callf("%s(%s)", goFunc, strings.Join(all, ", ")), nil
	}}
}

// upcioAsync lowers the _async form of a read or write: the synchronous
// call with async set, its result discarded (upc_all_fwait_async gives
// it).
func upcioAsync(goFunc string) *builtinFunc {
	sync := upcioCall(goFunc, "true").lower
	return &builtinFunc{lower: func(tr *translator, args []goExpr, raw []operand, pos token.Pos) (goExpr, *ctype.Type) {
		code, t := sync(tr, args, raw, pos)
		return callf("crt.Void(%s)", code), t
	}}
}
