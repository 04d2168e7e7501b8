/* upc_strict.h: upc.h, with strict the default consistency for the rest
   of the translation unit (UPC 1.3 6.6.1). */
#ifndef _UPC_STRICT_H
#define _UPC_STRICT_H

#include <upc.h>

#pragma upc strict

#endif /* _UPC_STRICT_H */
