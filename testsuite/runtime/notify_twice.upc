// exit: 1
// stderr: "upc_notify"
// stderr: "notify_twice\.upc:10"
/* upc_notify twice without an upc_wait between is a runtime error
   (UPC 1.3 6.6.1), reported with the line of the second notify. */
#include <upc.h>

int main(void) {
	upc_notify;
	upc_notify;
	upc_wait;
	return 0;
}
