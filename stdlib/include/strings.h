/* strings.h: the BSD byte-string functions that old programs still use,
   as macros over their string.h equivalents (so this header includes
   string.h, which glibc's does not). strcasecmp, ffs and index are not
   provided. */
#ifndef _STRINGS_H
#define _STRINGS_H

#include <string.h>

#define bzero(s, n) ((void)memset((s), 0, (n)))
#define bcopy(src, dst, n) ((void)memmove((dst), (src), (n)))
#define bcmp(s1, s2, n) memcmp((s1), (s2), (n))

#endif /* _STRINGS_H */
