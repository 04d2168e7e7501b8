package lower

// The notified transfers (upc_notification.h), lowered to runtime/upc
// bound to the function's name, as the memcpy library is (lower/nb.go).
// The typedefs make the ids and values uint32 and the sizes uint64 by the
// time the arguments get here; private pointers become unsafe.Pointer.

func init() {
	for name, code := range notifyBuiltins {
		addNB(name, code)
		specialFuncs = append(specialFuncs, name)
	}
}

var notifyBuiltins = map[string]string{
	"upc_memput_notify":         "t.Lib(NAME).MemputNotify(%[1]s, crt.P(%[2]s), uintptr(%[3]s), %[4]s, %[5]s)",
	"upc_memget_notify":         "t.Lib(NAME).MemgetNotify(crt.P(%[1]s), %[2]s, uintptr(%[3]s), %[4]s)",
	"upc_notification_post":     "t.Lib(NAME).NotificationPost(%[1]s, %[2]s, %[3]s)",
	"upc_notification_waitsome": "t.Lib(NAME).NotificationWaitsome(%[1]s, %[2]s, crt.P(%[3]s))",
	"upc_notification_reset":    "t.Lib(NAME).NotificationReset(%[1]s)",
}
