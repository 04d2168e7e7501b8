package upc

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Notified transfers (upc_notification.h; GASPI's write_notify,
// read_notify, notify, notify_waitsome and notify_reset, after
// gaspi-read-notify.txt). Every thread owns NotificationNum slots. A
// notified put adds its value to a slot of the destination's thread once
// the data is visible there; a notified get adds 1 to a slot of the
// caller once the data has landed; a thread waits for any slot of a range
// to become non-zero and resets slots atomically. docs/notifications.md
// has the semantics and how they map onto LBNL-56495's remote-completion
// item.
//
// The notified put is also the memcpy proposal's "remote completion"
// (its appendix, item 4): the initiator returns as soon as its source may
// be reused and never synchronises, while the target thread waits for the
// completion with NotificationWaitsome.

// NotificationNum is UPC_NOTIFICATION_NUM: the slots of every thread.
const NotificationNum = gasnet.NotifyNum

func (o Lib) notifyErr(err error) {
	if err != nil {
		o.fail("%v", err)
	}
}

// MemputNotify copies n bytes from src to dst, then adds value (> 0) to
// slot id of dst's thread; that thread sees the slot non-zero only after
// the data. It returns when src may be reused.
func (o Lib) MemputNotify(dst SharedPtr, src unsafe.Pointer, n uintptr, id, value uint32) {
	o.checkShared(dst, n, "destination")
	if n > 0 {
		o.checkPrivate(src, "source")
	}
	o.notifyErr(o.t.ep.PutNotify(int(dst.Thread), dst.Addr, src, n, id, value))
}

// MemgetNotify starts copying n bytes from src to dst and returns at
// once; the caller's slot id gets 1 added when dst holds the data. dst
// must not be used until then.
func (o Lib) MemgetNotify(dst unsafe.Pointer, src SharedPtr, n uintptr, id uint32) {
	o.checkShared(src, n, "source")
	if n > 0 {
		o.checkPrivate(dst, "destination")
	}
	o.notifyErr(o.t.ep.GetNotify(dst, int(src.Thread), src.Addr, n, id))
}

// NotificationPost adds value (> 0) to slot id of thread, after the data
// of the caller's earlier upc_memput_notify calls and completed transfers
// is visible there.
func (o Lib) NotificationPost(thread uint64, id, value uint32) {
	if thread >= uint64(o.t.Threads) {
		o.fail("thread %d does not exist (THREADS is %d)", thread, o.t.Threads)
	}
	o.notifyErr(o.t.ep.Notify(int(thread), id, value))
}

// NotificationWaitsome blocks until one of the caller's slots [first,
// first+num) is non-zero and stores the lowest such id at idOut. It does
// not reset the slot. It returns 0 (errors are faults).
func (o Lib) NotificationWaitsome(first uint32, num uint64, idOut unsafe.Pointer) int32 {
	if idOut == nil {
		o.fail("the id pointer is a null pointer")
	}
	if num > NotificationNum {
		o.fail("num %d is larger than UPC_NOTIFICATION_NUM (%d)", num, NotificationNum)
	}
	id, err := o.t.ep.NotifyWaitSome(first, uint32(num))
	o.notifyErr(err)
	*(*uint32)(idOut) = id
	return 0
}

// NotificationReset sets the caller's slot id to 0 and returns what it
// held, in one atomic step.
func (o Lib) NotificationReset(id uint32) uint32 {
	old, err := o.t.ep.NotifyReset(id)
	o.notifyErr(err)
	return old
}

// The Go API under the header's names.

// MemputNotify is upc_memput_notify.
func (t *Thread) MemputNotify(dst SharedPtr, src unsafe.Pointer, n uintptr, id, value uint32) {
	t.Lib("upc_memput_notify").MemputNotify(dst, src, n, id, value)
}

// MemgetNotify is upc_memget_notify.
func (t *Thread) MemgetNotify(dst unsafe.Pointer, src SharedPtr, n uintptr, id uint32) {
	t.Lib("upc_memget_notify").MemgetNotify(dst, src, n, id)
}

// NotificationPost is upc_notification_post.
func (t *Thread) NotificationPost(thread int, id, value uint32) {
	if thread < 0 {
		t.Lib("upc_notification_post").fail("thread %d does not exist (THREADS is %d)", thread, t.Threads)
	}
	t.Lib("upc_notification_post").NotificationPost(uint64(thread), id, value)
}

// NotificationWaitsome is upc_notification_waitsome: it returns the id.
func (t *Thread) NotificationWaitsome(first uint32, num int) uint32 {
	var id uint32
	if num < 0 {
		num = 0
	}
	t.Lib("upc_notification_waitsome").NotificationWaitsome(first, uint64(num), unsafe.Pointer(&id))
	return id
}

// NotificationReset is upc_notification_reset.
func (t *Thread) NotificationReset(id uint32) uint32 {
	return t.Lib("upc_notification_reset").NotificationReset(id)
}
