package lower

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNotifyBuiltins: every function of upc_notification.h lowers through
// upcNotificationLib, and it lowers nothing else.
func TestNotifyBuiltins(t *testing.T) {
	declared := declaredIn(t, "upc_notification.h", "stddef.h")
	var registered []string
	for name := range upcNotificationLib.lowered {
		registered = append(registered, name)
		assert.NotNil(t, builtins[name], "%s is not registered", name)
	}
	sort.Strings(registered)
	require.Equal(t, []string{
		"upc_memget_notify", "upc_memput_notify", "upc_notification_post",
		"upc_notification_reset", "upc_notification_waitsome",
	}, declared)
	assert.Equal(t, declared, registered)
}

// TestNotifyLowering: each call becomes the runtime/upc method bound to
// its name; private pointers go through crt.P, sizes become uintptr, and
// the results keep the header's types.
func TestNotifyLowering(t *testing.T) {
	const decls = `#include <upc_notification.h>
shared [4] int A[4*THREADS];`
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"put", "upc_memput_notify(&A[4], buf, sizeof buf, 3, 2);",
			[]string{`t.Lib("upc_memput_notify").MemputNotify(`, `crt.P(`, `uintptr(`}},
		{"get", "upc_memget_notify(buf, &A[4], 16, 5);",
			[]string{`t.Lib("upc_memget_notify").MemgetNotify(crt.P(`}},
		{"post", "upc_notification_post(THREADS - 1, 7, 1);",
			[]string{`t.Lib("upc_notification_post").NotificationPost(`}},
		{"waitsome", "upc_notification_id_t id; int rc = upc_notification_waitsome(0, 16, &id);",
			[]string{`t.Lib("upc_notification_waitsome").NotificationWaitsome(`, `crt.P(`}},
		{"reset", "upc_notification_t v = upc_notification_reset(UPC_NOTIFICATION_NUM - 1);",
			[]string{`t.Lib("upc_notification_reset").NotificationReset(`, `65535`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := translateOK(t, decls, "char buf[64];\n"+tc.body)
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
		})
	}
}
