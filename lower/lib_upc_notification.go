package lower

// The notified transfers of upc_notification.h, lowered to runtime/upc
// bound to the function's name, as the memcpy library is (lib_upc_nb.go).
// The typedefs make the ids and values uint32 and the sizes uint64 by the
// time the arguments get here; private pointers become unsafe.Pointer.

// upcNotificationLib is upc_notification.h.
var upcNotificationLib = library{
	header: "upc_notification.h",
	lowered: map[string]*builtinFunc{
		"upc_memput_notify":         nbLowering("upc_memput_notify", "t.Lib(NAME).MemputNotify(%[1]s, crt.P(%[2]s), uintptr(%[3]s), %[4]s, %[5]s)"),
		"upc_memget_notify":         nbLowering("upc_memget_notify", "t.Lib(NAME).MemgetNotify(crt.P(%[1]s), %[2]s, uintptr(%[3]s), %[4]s)"),
		"upc_notification_post":     nbLowering("upc_notification_post", "t.Lib(NAME).NotificationPost(%[1]s, %[2]s, %[3]s)"),
		"upc_notification_waitsome": nbLowering("upc_notification_waitsome", "t.Lib(NAME).NotificationWaitsome(%[1]s, %[2]s, crt.P(%[3]s))"),
		"upc_notification_reset":    nbLowering("upc_notification_reset", "t.Lib(NAME).NotificationReset(%[1]s)"),
	},
}
