/* upc_io.h: UPC-IO (UPC-IO specification 1.2, the UPC 1.3 optional
   library): files opened, read and written collectively by every thread,
   through private or shared buffers, at individual or common file
   pointers or at explicit offsets (list I/O), synchronously or
   asynchronously. The functions are in runtime/upcio; docs/upcio.md has
   the file-pointer and consistency semantics. Every function is
   collective; a failure returns -1 (upc_all_fopen: NULL) and sets errno.
   The values are Berkeley UPC's. */
#ifndef _UPC_IO_H
#define _UPC_IO_H

#include <upc_types.h> /* upc_flag_t and UPC_IN_/UPC_OUT_ sync modes */
#include <stdint.h>

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

#ifndef NULL
#define NULL ((void *)0)
#endif

/* A file offset or size, in bytes. */
typedef int64_t upc_off_t;

/* An open file: an opaque shared type, handled through upc_file_t *. */
typedef shared struct __upc_file upc_file_t;

struct upc_hint {
	const char *key;
	const char *value;
};

/* len bytes of the file at offset. */
struct upc_filevec {
	upc_off_t offset;
	size_t len;
};

/* len bytes of private memory at baseaddr. */
struct upc_local_memvec {
	void *baseaddr;
	size_t len;
};

/* len bytes of shared memory laid out as shared [blocksize] char from
   baseaddr (blocksize 0: indefinite); baseaddr's phase is ignored. */
struct upc_shared_memvec {
	shared void *baseaddr;
	size_t blocksize;
	size_t len;
};

/* UPC-IO 1.0's typedef names for the structs, which old programs use. */
typedef struct upc_hint upc_hint_t;
typedef struct upc_filevec upc_filevec_t;
typedef struct upc_local_memvec upc_local_memvec_t;
typedef struct upc_shared_memvec upc_shared_memvec_t;
#define __UPC_IO_TYPEDEFS__ 1

/* upc_all_fopen's flags: exactly one access mode and one file pointer
   kind, and any of the rest. */
#define UPC_RDONLY (1 << 0)
#define UPC_WRONLY (1 << 1)
#define UPC_RDWR (1 << 2)
#define UPC_INDIVIDUAL_FP (1 << 3)
#define UPC_COMMON_FP (1 << 4)
#define UPC_APPEND (1 << 5)          /* the file pointers start at the end */
#define UPC_CREATE (1 << 6)
#define UPC_EXCL (1 << 7)            /* with UPC_CREATE: fail if it exists */
#define UPC_STRONG_CA (1 << 8)       /* strong consistency and atomicity */
#define UPC_TRUNC (1 << 9)
#define UPC_DELETE_ON_CLOSE (1 << 10)

/* Or-ed into a data call's upc_flag_t, UPC_ASYNC starts it
   asynchronously, as the _async form does. */
#define UPC_ASYNC (1 << 6)

/* upc_all_fcntl's commands. */
#define UPC_GET_CA_SEMANTICS (1 << 0)
#define UPC_SET_WEAK_CA_SEMANTICS (1 << 1)
#define UPC_SET_STRONG_CA_SEMANTICS (1 << 2)
#define UPC_GET_FP (1 << 3)
#define UPC_SET_COMMON_FP (1 << 4)
#define UPC_SET_INDIVIDUAL_FP (1 << 5)
#define UPC_GET_FL (1 << 6)
#define UPC_GET_FN (1 << 7)
#define UPC_GET_HINTS (1 << 8)
#define UPC_SET_HINT (1 << 9)
#define UPC_ASYNC_OUTSTANDING (1 << 10)

/* upc_all_fseek's origins. */
#define UPC_SEEK_SET (1 << 0)
#define UPC_SEEK_CUR (1 << 1)
#define UPC_SEEK_END (1 << 2)

upc_file_t *upc_all_fopen(const char *fname, int flags, size_t numhints, struct upc_hint const *hints);
int upc_all_fclose(upc_file_t *fd);
int upc_all_fsync(upc_file_t *fd);
upc_off_t upc_all_fseek(upc_file_t *fd, upc_off_t offset, int origin);
int upc_all_fset_size(upc_file_t *fd, upc_off_t size);
upc_off_t upc_all_fget_size(upc_file_t *fd);
int upc_all_fpreallocate(upc_file_t *fd, upc_off_t size);
int upc_all_fcntl(upc_file_t *fd, int cmd, void *arg);

upc_off_t upc_all_fread_local(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_local(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fread_shared(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_shared(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);

upc_off_t upc_all_fread_list_local(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fread_list_shared(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwrite_list_local(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwrite_list_shared(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);

void upc_all_fread_local_async(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fwrite_local_async(upc_file_t *fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fread_shared_async(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fwrite_shared_async(upc_file_t *fd, shared void *buffer, size_t blocksize, size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fread_list_local_async(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
void upc_all_fread_list_shared_async(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
void upc_all_fwrite_list_local_async(upc_file_t *fd, size_t memvec_entries, struct upc_local_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);
void upc_all_fwrite_list_shared_async(upc_file_t *fd, size_t memvec_entries, struct upc_shared_memvec const *memvec, size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags);

/* Complete the outstanding asynchronous operation: its result, or -1.
   upc_all_ftest_async sets *flag to 1 when it is complete (upcgo's always
   is by then). */
upc_off_t upc_all_fwait_async(upc_file_t *fd);
upc_off_t upc_all_ftest_async(upc_file_t *fd, int *flag);

#endif /* _UPC_IO_H */
