/* upc_tick.h: the high-resolution timer of the UPC 1.3 optional
   library. Ticks are nanoseconds of a monotonic clock that starts with the
   program, so upc_ticks_to_ns is the identity; UPC_TICKS_PER_SECOND (not
   in the specification) tells programs so. */
#ifndef _UPC_TICK_H
#define _UPC_TICK_H

#include <stdint.h>

typedef uint64_t upc_tick_t;

#define UPC_TICK_MIN 0UL
#define UPC_TICK_MAX 18446744073709551615UL
#define UPC_TICKS_PER_SECOND 1000000000UL

upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);

#endif /* _UPC_TICK_H */
