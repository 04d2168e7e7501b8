package lower

import "strings"

// UPC-IO (upc_io.h), lowered to runtime/crt's C forms over runtime/upcio:
// each call takes the thread and its errno; the _async forms are the
// synchronous ones with async set, their result discarded.

func init() {
	for name, code := range upcioBuiltins {
		builtins[name] = simple(code, nil)
		specialFuncs = append(specialFuncs, name)
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
		builtins[f.name] = simple(strings.Replace(call, "ASYNC", "false", 1), nil)
		builtins[f.name+"_async"] = simple("crt.Void("+strings.Replace(call, "ASYNC", "true", 1)+")", nil)
		specialFuncs = append(specialFuncs, f.name, f.name+"_async")
	}
}

var upcioBuiltins = map[string]string{
	"upc_all_fopen":        "crt.AllFopen(t.Thread, &t.libc.Errno, %s, %s, %s, %s)",
	"upc_all_fclose":       "crt.AllFclose(t.Thread, &t.libc.Errno, %s)",
	"upc_all_fsync":        "crt.AllFsync(t.Thread, &t.libc.Errno, %s)",
	"upc_all_fseek":        "crt.AllFseek(t.Thread, &t.libc.Errno, %s, %s, %s)",
	"upc_all_fset_size":    "crt.AllFsetSize(t.Thread, &t.libc.Errno, %s, %s)",
	"upc_all_fget_size":    "crt.AllFgetSize(t.Thread, &t.libc.Errno, %s)",
	"upc_all_fpreallocate": "crt.AllFpreallocate(t.Thread, &t.libc.Errno, %s, %s)",
	"upc_all_fcntl":        "crt.AllFcntl(t.Thread, &t.libc.Errno, %s, %s, %s)",
	"upc_all_fwait_async":  "crt.AllFwaitAsync(t.Thread, &t.libc.Errno, %s)",
	"upc_all_ftest_async":  "crt.AllFtestAsync(t.Thread, &t.libc.Errno, %s, %s)",
}
