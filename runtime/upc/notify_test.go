package upc

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// TestNotifiedRing: every thread puts a block into its right neighbour
// with upc_memput_notify and reads its left neighbour's block back with
// upc_memget_notify; the slots say when each block is there.
func TestNotifiedRing(t *testing.T) {
	for _, procs := range []int{1, 4} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			const n = 64
			_, err := RunWith(Options{Threads: 4, Conduit: smp.New(4, procs), SegmentSize: 1 << 20}, func(th *Thread) int {
				in := AllocArray[uint64](th, n, n*th.Threads)  // written by the left neighbour
				own := AllocArray[uint64](th, n, n*th.Threads) // read by the right neighbour
				me, right, left := th.MyThread, (th.MyThread+1)%th.Threads, (th.MyThread+th.Threads-1)%th.Threads
				src := make([]uint64, n)
				for i := range src {
					src[i] = uint64(me*1000 + i)
					own.Set(th, me*n+i, uint64(me*1000+i)+7)
				}
				th.Barrier()
				th.MemputNotify(in.Ptr(right*n), unsafe.Pointer(&src[0]), 8*n, 5, 3)
				got := make([]uint64, n)
				th.MemgetNotify(unsafe.Pointer(&got[0]), own.Ptr(left*n), 8*n, 6)
				id := th.NotificationWaitsome(5, 1)
				assert.Equal(t, uint32(5), id)
				assert.Equal(t, uint32(3), th.NotificationReset(5))
				for i := range n {
					assert.Equal(t, uint64(left*1000+i), in.Get(th, me*n+i))
				}
				assert.Equal(t, uint32(6), th.NotificationWaitsome(6, 1))
				assert.Equal(t, uint32(1), th.NotificationReset(6))
				for i := range n {
					assert.Equal(t, uint64(left*1000+i)+7, got[i])
				}
				th.Barrier()
				return 0
			})
			require.NoError(t, err)
		})
	}
}

// TestNotificationErrors: argument errors are faults naming the function.
func TestNotificationErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(th *Thread, p SharedPtr, buf unsafe.Pointer)
		want string
	}{
		{"value 0", func(th *Thread, p SharedPtr, buf unsafe.Pointer) { th.MemputNotify(p, buf, 8, 1, 0) },
			"upc_memput_notify: notification value 0 is not allowed (a slot holding 0 means no notification)"},
		{"put id", func(th *Thread, p SharedPtr, buf unsafe.Pointer) { th.MemputNotify(p, buf, 8, NotificationNum, 1) },
			"upc_memput_notify: notification id 65536 is out of range [0,65536)"},
		{"get id", func(th *Thread, p SharedPtr, buf unsafe.Pointer) { th.MemgetNotify(buf, p, 8, 70000) },
			"upc_memget_notify: notification id 70000 is out of range [0,65536)"},
		{"post thread", func(th *Thread, _ SharedPtr, _ unsafe.Pointer) { th.NotificationPost(2, 0, 1) },
			"upc_notification_post: thread 2 does not exist (THREADS is 2)"},
		{"post value", func(th *Thread, _ SharedPtr, _ unsafe.Pointer) { th.NotificationPost(1, 0, 0) },
			"upc_notification_post: notification value 0 is not allowed (a slot holding 0 means no notification)"},
		{"waitsome range", func(th *Thread, _ SharedPtr, _ unsafe.Pointer) { th.NotificationWaitsome(65530, 10) },
			"upc_notification_waitsome: notification ids [65530,65540) are out of range [0,65536)"},
		{"waitsome empty", func(th *Thread, _ SharedPtr, _ unsafe.Pointer) { th.NotificationWaitsome(3, 0) },
			"upc_notification_waitsome: an empty range of notification ids (num is 0)"},
		{"reset id", func(th *Thread, _ SharedPtr, _ unsafe.Pointer) { th.NotificationReset(1 << 20) },
			"upc_notification_reset: notification id 1048576 is out of range [0,65536)"},
		{"null destination", func(th *Thread, _ SharedPtr, buf unsafe.Pointer) { th.MemputNotify(SharedPtr{}, buf, 8, 1, 1) },
			"upc_memput_notify: the destination is a null pointer-to-shared"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := RunWith(Options{Threads: 2, SegmentSize: 1 << 20}, func(th *Thread) int {
				p := th.AllAlloc(2, 64)
				if th.MyThread == 0 {
					buf := make([]byte, 64)
					got := panicValue(func() { tc.do(th, p, unsafe.Pointer(&buf[0])) })
					assert.Equal(t, tc.want, got)
				}
				th.Barrier()
				return 0
			})
			require.NoError(t, err)
		})
	}
}
