/* upc_relaxed.h: upc.h, with relaxed the default consistency for the
   rest of the translation unit (UPC 1.3 6.6.1). */
#ifndef _UPC_RELAXED_H
#define _UPC_RELAXED_H

#include <upc.h>

#pragma upc relaxed

#endif /* _UPC_RELAXED_H */
