/* upc_notification.h: notified transfers (upcgo's extension, after
   GASPI's write_notify, read_notify, notify, notify_waitsome and
   notify_reset; see docs/notifications.md).

   Every thread owns UPC_NOTIFICATION_NUM notification slots, all zero at
   start. upc_memput_notify copies n bytes to dst and then adds value to
   slot id of upc_threadof(dst): whoever sees that slot non-zero also sees
   the data. It returns when src may be reused. upc_memget_notify starts
   copying n bytes from src to dst and returns at once; the caller's slot
   id gets 1 added when dst holds the data. upc_notification_post adds
   value to slot id of thread, after the data of the caller's earlier
   notified puts is visible there. upc_notification_waitsome blocks until
   one of the caller's slots [first, first+num) is non-zero, stores the
   lowest such id in *id and returns 0; it does not reset the slot.
   upc_notification_reset sets the caller's slot id to 0 and returns what
   it held, atomically.

   Values add up in a slot (saturating), so notifications arriving at one
   slot between two resets are never lost. A value of 0, an id out of
   range or a thread that does not exist is a runtime error. The notified
   put is also the remote-completion put of the memcpy proposal's
   appendix: the target thread, not the initiator, waits for it. */
#ifndef _UPC_NOTIFICATION_H
#define _UPC_NOTIFICATION_H

#include <stddef.h>

typedef unsigned int upc_notification_id_t;
typedef unsigned int upc_notification_t;

/* Notification slots per thread. */
#define UPC_NOTIFICATION_NUM 65536

void upc_memput_notify(shared void *dst, const void *src, size_t n,
                       upc_notification_id_t id, upc_notification_t value);
void upc_memget_notify(void *dst, shared const void *src, size_t n,
                       upc_notification_id_t id);
void upc_notification_post(size_t thread, upc_notification_id_t id,
                           upc_notification_t value);
int upc_notification_waitsome(upc_notification_id_t first, size_t num,
                              upc_notification_id_t *id);
upc_notification_t upc_notification_reset(upc_notification_id_t id);

#endif /* _UPC_NOTIFICATION_H */
