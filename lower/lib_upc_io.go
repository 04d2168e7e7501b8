package lower

import "strings"

// UPC-IO (upc_io.h), lowered to runtime/crt's C forms over runtime/upcio:
// each call takes the thread and its errno; the _async forms are the
// synchronous ones with async set, their result discarded.

// upcIOLib is upc_io.h.
var upcIOLib = library{header: "upc_io.h", lowered: upcioLowerings()}

// upcioLowerings are upc_io.h's functions, by name.
func upcioLowerings() map[string]*builtinFunc {
	m := map[string]*builtinFunc{
		"upc_all_fopen":        simple("crt.AllFopen(t.Thread, &t.libc.Errno, %s, %s, %s, %s)", nil),
		"upc_all_fclose":       simple("crt.AllFclose(t.Thread, &t.libc.Errno, %s)", nil),
		"upc_all_fsync":        simple("crt.AllFsync(t.Thread, &t.libc.Errno, %s)", nil),
		"upc_all_fseek":        simple("crt.AllFseek(t.Thread, &t.libc.Errno, %s, %s, %s)", nil),
		"upc_all_fset_size":    simple("crt.AllFsetSize(t.Thread, &t.libc.Errno, %s, %s)", nil),
		"upc_all_fget_size":    simple("crt.AllFgetSize(t.Thread, &t.libc.Errno, %s)", nil),
		"upc_all_fpreallocate": simple("crt.AllFpreallocate(t.Thread, &t.libc.Errno, %s, %s)", nil),
		"upc_all_fcntl":        simple("crt.AllFcntl(t.Thread, &t.libc.Errno, %s, %s, %s)", nil),
		"upc_all_fwait_async":  simple("crt.AllFwaitAsync(t.Thread, &t.libc.Errno, %s)", nil),
		"upc_all_ftest_async":  simple("crt.AllFtestAsync(t.Thread, &t.libc.Errno, %s, %s)", nil),
	}
	for _, f := range []struct{ name, goName, params string }{
		{"upc_all_fread_local", "AllFreadLocal", "%s, %s, %s, %s, %s"},
		{"upc_all_fwrite_local", "AllFwriteLocal", "%s, %s, %s, %s, %s"},
		{"upc_all_fread_shared", "AllFreadShared", "%s, %s, %s, %s, %s, %s"},
		{"upc_all_fwrite_shared", "AllFwriteShared", "%s, %s, %s, %s, %s, %s"},
		{"upc_all_fread_list_local", "AllFreadListLocal", "%s, %s, %s, %s, %s, %s"},
		{"upc_all_fwrite_list_local", "AllFwriteListLocal", "%s, %s, %s, %s, %s, %s"},
		{"upc_all_fread_list_shared", "AllFreadListShared", "%s, %s, %s, %s, %s, %s"},
		{"upc_all_fwrite_list_shared", "AllFwriteListShared", "%s, %s, %s, %s, %s, %s"},
	} {
		call := "crt." + f.goName + "(t.Thread, &t.libc.Errno, ASYNC, " + f.params + ")"
		m[f.name] = simple(strings.Replace(call, "ASYNC", "false", 1), nil)
		m[f.name+"_async"] = simple("crt.Void("+strings.Replace(call, "ASYNC", "true", 1)+")", nil)
	}
	return m
}
