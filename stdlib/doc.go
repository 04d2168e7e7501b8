// Package stdlib is the C library that translated UPC programs call: the
// parts of stdio.h, string.h, stdlib.h, ctype.h, math.h, time.h, errno.h,
// locale.h and fenv.h that programs use, and the POSIX calls of unistd.h,
// fcntl.h, sys/stat.h, sys/times.h and sys/time.h, implemented in Go over
// the C memory of runtime/cmem.
//
// # Names and types
//
// Each C function is the exported Go function whose name is the C name with
// its first letter upper-cased (printf → Printf, strtoull → Strtoull,
// isalpha → Isalpha). C types map to Go types as the lowering emits them:
//
//	pointers (char*, void*, FILE*, ...)  uintptr (a C address; 0 is NULL)
//	char, signed char / unsigned char     int8 / uint8
//	short / unsigned short                int16 / uint16
//	int / unsigned int                    int32 / uint32
//	long, long long, ssize_t, ptrdiff_t   int64
//	unsigned long, unsigned long long,
//	size_t                                uint64
//	float / double / long double          float32 / float64 / float64
//
// Variadic arguments (printf, scanf) arrive as ...any holding values after
// C's default argument promotions: int32, uint32, int64, uint64, float64
// and uintptr. Other Go integer and float types are accepted too.
//
// # Per-thread state
//
// C keeps errno, strtok's position and (in a UPC process per thread) the
// rand() state per thread. Here they live in a State, one per UPC thread,
// passed as the first argument to exactly the functions that read or write
// them: the strto* family, fopen, fclose, fseek, ftell, rewind, remove,
// rename, perror, strtok, rand and srand, the POSIX calls that set errno,
// and gmtime, localtime, asctime and ctime, whose static buffers are the
// thread's. Everything else is stateless or
// shares process-wide state safely (FILE streams, atexit, getenv).
//
// Function pointers (qsort's comparator, atexit handlers) are Go funcs.
// Math functions do not set errno (as with gcc -fno-math-errno); results
// follow C99 Annex F and glibc's choice of NaN signs.
package stdlib
