//go:build mpi

package mpi

// The C side of the conduit: thin wrappers over the MPI calls it makes,
// so that the differences between MPI implementations (handles are
// pointers in Open MPI and integers in MPICH; MPI_BYTE is a macro) stay in
// C, and the Go side holds only opaque handles and plain numbers. Every
// wrapper returns MPI's error code; errors are set to MPI_ERRORS_RETURN on
// every communicator and window the conduit uses.

/*
#include <fcntl.h>
#include <mpi.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// MPICH declares status arrays in its prototypes, and gcc then warns that
// the sentinel MPI_STATUSES_IGNORE points at no array.
#pragma GCC diagnostic ignored "-Wstringop-overflow"

// MPI's counts are ints: larger contiguous transfers go in chunks.
#define UPC_CHUNK (1 << 30)
#define UPC_TAG_AM 1

// The signals Go handles itself (a nil dereference or a stray pointer
// becomes a panic the runtime reports): MPI libraries and UCX install
// handlers for them while they initialise, which would turn those panics
// into crash reports. Go's handlers are saved before and put back after.
static const int upc_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
#define UPC_NSIGS ((int)(sizeof upc_sigs / sizeof upc_sigs[0]))
static struct sigaction upc_saved[UPC_NSIGS];

static void upc_save_signals(void) {
	for (int i = 0; i < UPC_NSIGS; i++) sigaction(upc_sigs[i], NULL, &upc_saved[i]);
}

static void upc_restore_signals(void) {
	for (int i = 0; i < UPC_NSIGS; i++) sigaction(upc_sigs[i], &upc_saved[i], NULL);
}

static int upc_init(int want, int *provided, int *rank, int *size, int *tagub, int *nodesize, char *version) {
	int flag = 0, rc = MPI_SUCCESS, len = 0, *ub = NULL;
	MPI_Initialized(&flag);
	upc_save_signals();
	if (!flag) {
		rc = MPI_Init_thread(NULL, NULL, want, provided);
	} else {
		MPI_Query_thread(provided);
	}
	upc_restore_signals();
	if (rc != MPI_SUCCESS) return rc;
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_rank(MPI_COMM_WORLD, rank);
	MPI_Comm_size(MPI_COMM_WORLD, size);
	MPI_Comm node;
	*nodesize = 1;
	if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
		MPI_Comm_size(node, nodesize);
		MPI_Comm_free(&node);
	}
	*tagub = 32767;
	if (MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag) == MPI_SUCCESS && flag) *tagub = *ub;
	version[0] = 0;
	MPI_Get_library_version(version, &len);
	return MPI_SUCCESS;
}

static int upc_version_max(void) { return MPI_MAX_LIBRARY_VERSION_STRING; }
static int upc_thread_multiple(void) { return MPI_THREAD_MULTIPLE; }
static int upc_thread_funneled(void) { return MPI_THREAD_FUNNELED; }

static void upc_error_string(int rc, char *buf, int n) {
	char s[MPI_MAX_ERROR_STRING];
	int len = 0;
	if (MPI_Error_string(rc, s, &len) != MPI_SUCCESS) len = 0;
	s[len < MPI_MAX_ERROR_STRING ? len : MPI_MAX_ERROR_STRING - 1] = 0;
	snprintf(buf, n, "%s (MPI error %d)", len ? s : "unknown error", rc);
}

// The barrier's reduction (Go's contribution.combine): per group of
// eight: maximum and minimum named id, then sums (waiting and finished
// ranks, deadlock probes, unstable processes, messages sent and
// delivered).
#define UPC_BAR_LEN 8
static void upc_bar_combine(void *in, void *inout, int *len, MPI_Datatype *dt) {
	int64_t *a = in, *b = inout;
	(void)dt;
	for (int i = 0; i + UPC_BAR_LEN - 1 < *len; i += UPC_BAR_LEN) {
		if (a[i] > b[i]) b[i] = a[i];
		if (a[i + 1] < b[i + 1]) b[i + 1] = a[i + 1];
		for (int k = 2; k < UPC_BAR_LEN; k++)
			b[i + k] += a[i + k];
	}
}

// How a job's segments are exposed (Go's windowMode, in the same order): a window of
// memory the conduit mapped, an allocated window, or PSHM: memory the
// node's processes share (MPI_Win_allocate_shared), either one shared
// window over MPI_COMM_WORLD (every process on one node) or a shared
// window per node plus a window over MPI_COMM_WORLD created over the same
// memory for RMA between nodes.
enum { UPC_WIN_CREATE, UPC_WIN_ALLOCATE, UPC_WIN_SHARED, UPC_WIN_SHARED_SPLIT };

typedef struct {
	MPI_Comm am, coll, node;
	MPI_Win win;     // RMA and atomics to every process
	MPI_Win nodewin; // UPC_WIN_SHARED_SPLIT: the node's shared window
	void *base;
	int have_win, have_nodewin, have_node, have_comms, have_op;
	MPI_Op barop;
	int64_t bar_in[UPC_BAR_LEN], bar_out[UPC_BAR_LEN];

	// All the engine's requests in one array, so that one MPI_Testsome
	// (one pass of MPI's progress engine) tests them all: the posted
	// eager receives req[0..nrecv), the barrier req[nrecv], and the slots
	// of sends and bulk receives req[nrecv+1..nreq).
	int nrecv, eager, nreq;
	MPI_Request *req;
	char **rbuf;
	MPI_Status *stat;
	int *idx, *src, *count;
} upc_job;

#define UPC_BAR(j) ((j)->req[(j)->nrecv])

static int upc_post_recv(upc_job *j, int i) {
	return MPI_Irecv(j->rbuf[i], j->eager, MPI_BYTE, MPI_ANY_SOURCE, UPC_TAG_AM, j->am, &j->req[i]);
}

// upc_alloc_reqs sizes the request arrays for n requests, the new ones null.
static int upc_alloc_reqs(upc_job *j, int n) {
	MPI_Request *r = realloc(j->req, n * sizeof *r);
	if (r == NULL) return MPI_ERR_NO_MEM;
	j->req = r;
	MPI_Status *st = realloc(j->stat, n * sizeof *st);
	if (st == NULL) return MPI_ERR_NO_MEM;
	j->stat = st;
	int **arrays[] = {&j->idx, &j->src, &j->count};
	for (int a = 0; a < 3; a++) {
		int *x = realloc(*arrays[a], n * sizeof *x);
		if (x == NULL) return MPI_ERR_NO_MEM;
		*arrays[a] = x;
	}
	for (int i = j->nreq; i < n; i++) j->req[i] = MPI_REQUEST_NULL;
	j->nreq = n;
	return MPI_SUCCESS;
}

static void upc_job_release(upc_job *j, int collective);

// upc_agree_shared is the agreement after a shared window allocation
// that returned rc: MPI_SUCCESS with *noshared = 0 where every process
// has its window, MPI_SUCCESS with *noshared = rc where none has, and an
// error where some have one (it names this process's own failure, or
// UPC_ERR_SHARED_SOME).
#define UPC_ERR_SHARED_SOME (-1)
static int upc_agree_shared(upc_job *j, int rc, int *noshared) {
	int ok = rc == MPI_SUCCESS, oks = 0, n = 0;
	int arc = MPI_Allreduce(&ok, &oks, 1, MPI_INT, MPI_SUM, j->coll);
	if (arc != MPI_SUCCESS) return arc;
	MPI_Comm_size(j->coll, &n);
	if (oks == n) return MPI_SUCCESS;
	if (oks == 0) {
		*noshared = rc;
		return MPI_SUCCESS;
	}
	return ok ? UPC_ERR_SHARED_SOME : rc;
}

// upc_job_new makes a job's communicators and window. In the shared
// (PSHM) modes every process then learns whether all of them could
// allocate their shared window: where none could (Open MPI with only
// osc/pt2pt, which has no shared windows), *noshared gets the error and
// the job is released collectively, so that the caller can try a window
// without PSHM; where only some could, the job cannot be formed.
static int upc_job_new(upc_job **out, size_t bytes, int mode, void *mem, int eager, int nrecv, int nreq, int *noshared) {
	upc_job *j = calloc(1, sizeof *j);
	MPI_Info info = MPI_INFO_NULL;
	int rc;
	if (j == NULL) return MPI_ERR_NO_MEM;
	if ((rc = MPI_Comm_dup(MPI_COMM_WORLD, &j->am)) != MPI_SUCCESS) goto fail;
	if ((rc = MPI_Comm_dup(MPI_COMM_WORLD, &j->coll)) != MPI_SUCCESS) { MPI_Comm_free(&j->am); goto fail; }
	j->have_comms = 1;
	MPI_Comm_set_errhandler(j->am, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(j->coll, MPI_ERRORS_RETURN);
	if ((rc = MPI_Op_create(upc_bar_combine, 1, &j->barop)) != MPI_SUCCESS) goto fail;
	j->have_op = 1;
	MPI_Info_create(&info);
	MPI_Info_set(info, "accumulate_ordering", "none");
	MPI_Info_set(info, "same_size", "true");
	MPI_Info_set(info, "same_disp_unit", "true");
	upc_save_signals();
	switch (mode) {
	case UPC_WIN_ALLOCATE:
		rc = MPI_Win_allocate((MPI_Aint)bytes, 1, info, MPI_COMM_WORLD, &j->base, &j->win);
		break;
	case UPC_WIN_CREATE:
		j->base = mem;
		rc = MPI_Win_create(mem, (MPI_Aint)bytes, 1, info, MPI_COMM_WORLD, &j->win);
		break;
	case UPC_WIN_SHARED:
		// Each process's part on its own pages (and NUMA node).
		MPI_Info_set(info, "alloc_shared_noncontig", "true");
		rc = MPI_Win_allocate_shared((MPI_Aint)bytes, 1, info, MPI_COMM_WORLD, &j->base, &j->win);
		rc = upc_agree_shared(j, rc, noshared);
		break;
	default:
		rc = MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &j->node);
		if (rc == MPI_SUCCESS) {
			j->have_node = 1;
			MPI_Info_set(info, "alloc_shared_noncontig", "true");
			rc = MPI_Win_allocate_shared((MPI_Aint)bytes, 1, info, j->node, &j->base, &j->nodewin);
		}
		if ((rc = upc_agree_shared(j, rc, noshared)) != MPI_SUCCESS || *noshared) break;
		j->have_nodewin = 1;
		MPI_Win_set_errhandler(j->nodewin, MPI_ERRORS_RETURN);
		// A passive-target epoch on the shared window too: MPI_Win_sync
		// (the barrier's memory barrier) needs one.
		if ((rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, j->nodewin)) != MPI_SUCCESS) break;
		rc = MPI_Win_create(j->base, (MPI_Aint)bytes, 1, info, MPI_COMM_WORLD, &j->win);
	}
	upc_restore_signals();
	MPI_Info_free(&info);
	if (rc == MPI_SUCCESS && *noshared) {
		// Every process is here, none with a shared window.
		upc_job_release(j, 1);
		return MPI_SUCCESS;
	}
	if (rc != MPI_SUCCESS) goto fail;
	j->have_win = 1;
	MPI_Win_set_errhandler(j->win, MPI_ERRORS_RETURN);
	if ((rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, j->win)) != MPI_SUCCESS) goto fail;

	j->eager = eager;
	j->nrecv = nrecv;
	j->rbuf = calloc(nrecv, sizeof *j->rbuf);
	if (j->rbuf == NULL || (rc = upc_alloc_reqs(j, nrecv + 1 + nreq)) != MPI_SUCCESS) {
		rc = MPI_ERR_NO_MEM;
		goto fail;
	}
	for (int i = 0; i < nrecv; i++) {
		if ((j->rbuf[i] = malloc(eager)) == NULL) { rc = MPI_ERR_NO_MEM; goto fail; }
		if ((rc = upc_post_recv(j, i)) != MPI_SUCCESS) goto fail;
	}
	*out = j;
	return MPI_SUCCESS;
fail:
	upc_job_release(j, 0);
	return rc;
}

static void upc_job_release(upc_job *j, int collective) {
	for (int i = 0; j->req && j->rbuf && i < j->nrecv; i++) {
		if (j->req[i] != MPI_REQUEST_NULL) {
			MPI_Cancel(&j->req[i]);
			MPI_Wait(&j->req[i], MPI_STATUS_IGNORE);
		}
	}
	for (int i = 0; j->rbuf && i < j->nrecv; i++) free(j->rbuf[i]);
	if (collective) {
		if (j->have_win) {
			MPI_Win_unlock_all(j->win);
			MPI_Win_free(&j->win);
		}
		if (j->have_nodewin) {
			MPI_Win_unlock_all(j->nodewin);
			MPI_Win_free(&j->nodewin);
		}
		if (j->have_node) MPI_Comm_free(&j->node);
		if (j->have_comms) {
			MPI_Comm_free(&j->am);
			MPI_Comm_free(&j->coll);
		}
		if (j->have_op) MPI_Op_free(&j->barop);
	}
	free(j->rbuf); free(j->req); free(j->stat); free(j->idx); free(j->src); free(j->count);
	free(j);
}

static void *upc_base(upc_job *j) { return j->base; }

// upc_shared_bases is the PSHM query: bases[p] becomes the address at
// which this process sees the shared part of process p (a rank of
// MPI_COMM_WORLD) for every process on this node; the others are left
// alone.
static int upc_shared_bases(upc_job *j, void **bases) {
	MPI_Win w = j->have_nodewin ? j->nodewin : j->win;
	MPI_Comm c = j->have_node ? j->node : MPI_COMM_WORLD;
	MPI_Group g, world;
	int n, rc;
	MPI_Comm_size(c, &n);
	MPI_Comm_group(c, &g);
	MPI_Comm_group(MPI_COMM_WORLD, &world);
	for (int i = 0; i < n; i++) {
		MPI_Aint size;
		int unit, p;
		void *ptr;
		if ((rc = MPI_Win_shared_query(w, i, &size, &unit, &ptr)) != MPI_SUCCESS) break;
		if ((rc = MPI_Group_translate_ranks(g, 1, &i, world, &p)) != MPI_SUCCESS) break;
		bases[p] = ptr;
	}
	MPI_Group_free(&g);
	MPI_Group_free(&world);
	return rc;
}

static int upc_put(upc_job *j, int t, const char *src, size_t n, size_t disp) {
	int rc;
	for (; n > UPC_CHUNK; src += UPC_CHUNK, disp += UPC_CHUNK, n -= UPC_CHUNK)
		if ((rc = MPI_Put(src, UPC_CHUNK, MPI_BYTE, t, (MPI_Aint)disp, UPC_CHUNK, MPI_BYTE, j->win)) != MPI_SUCCESS) return rc;
	return MPI_Put(src, (int)n, MPI_BYTE, t, (MPI_Aint)disp, (int)n, MPI_BYTE, j->win);
}

static int upc_get(upc_job *j, char *dst, int t, size_t disp, size_t n) {
	int rc;
	for (; n > UPC_CHUNK; dst += UPC_CHUNK, disp += UPC_CHUNK, n -= UPC_CHUNK)
		if ((rc = MPI_Get(dst, UPC_CHUNK, MPI_BYTE, t, (MPI_Aint)disp, UPC_CHUNK, MPI_BYTE, j->win)) != MPI_SUCCESS) return rc;
	return MPI_Get(dst, (int)n, MPI_BYTE, t, (MPI_Aint)disp, (int)n, MPI_BYTE, j->win);
}

static int upc_flush(upc_job *j, int t) { return MPI_Win_flush(t, j->win); }
static int upc_win_sync(upc_job *j) {
	int rc = MPI_Win_sync(j->win);
	if (rc == MPI_SUCCESS && j->have_nodewin) rc = MPI_Win_sync(j->nodewin);
	return rc;
}

// Derived datatypes over bytes. The origin of a typed transfer is either
// a contiguous buffer (otype NULL: count bytes) or one section.
static MPI_Datatype upc_byte(void) { return MPI_BYTE; }

static int upc_type_hindexed(int n, const int *lens, const MPI_Aint *disps, MPI_Datatype *out) {
	int rc = MPI_Type_create_hindexed(n, lens, disps, MPI_BYTE, out);
	return rc == MPI_SUCCESS ? MPI_Type_commit(out) : rc;
}

static int upc_type_hindexed_block(int n, int len, const MPI_Aint *disps, MPI_Datatype *out) {
	int rc = MPI_Type_create_hindexed_block(n, len, disps, MPI_BYTE, out);
	return rc == MPI_SUCCESS ? MPI_Type_commit(out) : rc;
}

// An N-d section: count[k] runs of run bytes along dimension k (innermost
// first), stride[k] bytes apart (negative strides walk backwards).
static int upc_type_strided(int run, int nd, const int *count, const MPI_Aint *stride, MPI_Datatype *out) {
	MPI_Datatype cur, next;
	int rc = MPI_Type_contiguous(run, MPI_BYTE, &cur);
	for (int k = 0; rc == MPI_SUCCESS && k < nd; k++) {
		rc = MPI_Type_create_hvector(count[k], 1, stride[k], cur, &next);
		MPI_Type_free(&cur);
		cur = next;
	}
	if (rc != MPI_SUCCESS) return rc;
	*out = cur;
	return MPI_Type_commit(out);
}

static void upc_type_free(MPI_Datatype t) { MPI_Type_free(&t); }

static int upc_put_typed(upc_job *j, int t, const void *origin, int ocount, MPI_Datatype otype, size_t disp, MPI_Datatype ttype) {
	return MPI_Put(origin, ocount, otype, t, (MPI_Aint)disp, 1, ttype, j->win);
}

static int upc_get_typed(upc_job *j, void *origin, int ocount, MPI_Datatype otype, int t, size_t disp, MPI_Datatype ttype) {
	return MPI_Get(origin, ocount, otype, t, (MPI_Aint)disp, 1, ttype, j->win);
}

// Remote atomics, completed before they return. Type codes follow
// gasnet.AtomicKind; operation codes are the conduit's own.
static MPI_Datatype upc_atomic_type(int code) {
	switch (code) {
	case 0: return MPI_INT32_T;
	case 1: return MPI_UINT32_T;
	case 2: return MPI_INT64_T;
	case 3: return MPI_UINT64_T;
	case 4: return MPI_FLOAT;
	default: return MPI_DOUBLE;
	}
}

static MPI_Op upc_atomic_op(int code) {
	switch (code) {
	case 0: return MPI_NO_OP;
	case 1: return MPI_REPLACE;
	case 2: return MPI_SUM;
	case 3: return MPI_BAND;
	case 4: return MPI_BOR;
	case 5: return MPI_BXOR;
	case 6: return MPI_MIN;
	case 7: return MPI_MAX;
	default: return MPI_PROD;
	}
}

static int upc_fetch_op(upc_job *j, int t, size_t disp, const void *val, void *res, int tcode, int opcode) {
	int rc = MPI_Fetch_and_op(val, res, upc_atomic_type(tcode), t, (MPI_Aint)disp, upc_atomic_op(opcode), j->win);
	return rc == MPI_SUCCESS ? MPI_Win_flush(t, j->win) : rc;
}

static int upc_cas(upc_job *j, int t, size_t disp, const void *val, const void *cmp, void *res, int tcode) {
	int rc = MPI_Compare_and_swap(val, cmp, res, upc_atomic_type(tcode), t, (MPI_Aint)disp, j->win);
	return rc == MPI_SUCCESS ? MPI_Win_flush(t, j->win) : rc;
}

// Two-sided messages. Slot s of sends and bulk receives is request
// nrecv+1+s.
static int upc_isend(upc_job *j, int slot, const void *buf, size_t n, int dest, int tag) {
	return MPI_Isend(buf, (int)n, MPI_BYTE, dest, tag, j->am, &j->req[j->nrecv + 1 + slot]);
}

static int upc_irecv(upc_job *j, int slot, void *buf, size_t n, int src, int tag) {
	return MPI_Irecv(buf, (int)n, MPI_BYTE, src, tag, j->am, &j->req[j->nrecv + 1 + slot]);
}

// upc_test_all tests every request at once; for completed receives it
// records the source and the size, by position in idx.
static int upc_test_all(upc_job *j, int *ndone) {
	int rc = MPI_Testsome(j->nreq, j->req, ndone, j->idx, j->stat);
	if (rc != MPI_SUCCESS) return rc;
	if (*ndone == MPI_UNDEFINED) *ndone = 0;
	for (int k = 0; k < *ndone; k++) {
		if (j->idx[k] < j->nrecv) {
			j->src[k] = j->stat[k].MPI_SOURCE;
			MPI_Get_count(&j->stat[k], MPI_BYTE, &j->count[k]);
		}
	}
	return MPI_SUCCESS;
}

static int upc_pending_slots(upc_job *j) {
	int n = 0;
	for (int i = j->nrecv + 1; i < j->nreq; i++) n += j->req[i] != MPI_REQUEST_NULL;
	return n;
}

static int upc_bar_start(upc_job *j, const int64_t *in) {
	memcpy(j->bar_in, in, sizeof j->bar_in);
	return MPI_Iallreduce(j->bar_in, j->bar_out, UPC_BAR_LEN, MPI_INT64_T, j->barop, j->coll, &UPC_BAR(j));
}

static int upc_ibarrier(upc_job *j) { return MPI_Ibarrier(j->coll, &UPC_BAR(j)); }

static void upc_abort(int status) { MPI_Abort(MPI_COMM_WORLD, status); }
static int upc_finalize(void) { return MPI_Finalize(); }

// upc_finalize_quiet is MPI_Finalize with the process's standard output
// and error on /dev/null, put back afterwards.
static int upc_finalize_quiet(void) {
	fflush(stdout);
	fflush(stderr);
	int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
	if (out < 0 || err < 0 || null < 0) {
		if (out >= 0) close(out);
		if (err >= 0) close(err);
		if (null >= 0) close(null);
		return MPI_Finalize();
	}
	dup2(null, 1);
	dup2(null, 2);
	close(null);
	int rc = MPI_Finalize();
	fflush(stdout);
	fflush(stderr);
	dup2(out, 1);
	dup2(err, 2);
	close(out);
	close(err);
	return rc;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// mpiError turns an MPI error code into an error naming the call.
func mpiError(rc C.int, call string) error {
	if rc == C.MPI_SUCCESS {
		return nil
	}
	buf := make([]byte, 512)
	C.upc_error_string(rc, (*C.char)(unsafe.Pointer(&buf[0])), C.int(len(buf)))
	return fmt.Errorf("%s: %s", call, C.GoString((*C.char)(unsafe.Pointer(&buf[0]))))
}

// threadLevel is an MPI thread support level.
type threadLevel int

func levelMultiple() threadLevel { return threadLevel(C.upc_thread_multiple()) }
func levelFunneled() threadLevel { return threadLevel(C.upc_thread_funneled()) }

// mpiInit initialises MPI (once per process, on the calling OS thread).
// mpiInfo is what MPI_Init_thread tells a process.
type mpiInfo struct {
	provided   threadLevel
	rank, size int
	nodeSize   int // processes sharing this process's node
	tagUB      int
	version    string
}

func mpiInit(want threadLevel) (mpiInfo, error) {
	var p, r, s, n, ub C.int
	buf := C.malloc(C.size_t(C.upc_version_max()))
	defer C.free(buf)
	rc := C.upc_init(C.int(want), &p, &r, &s, &ub, &n, (*C.char)(buf))
	if err := mpiError(rc, "MPI_Init_thread"); err != nil {
		return mpiInfo{}, err
	}
	return mpiInfo{provided: threadLevel(p), rank: int(r), size: int(s), nodeSize: int(n), tagUB: int(ub), version: C.GoString((*C.char)(buf))}, nil
}

func mpiFinalize() error { return mpiError(C.upc_finalize(), "MPI_Finalize") }

// mpiFinalizeQuiet is mpiFinalize without what the MPI library prints
// while it tears itself down (Exit explains why).
func mpiFinalizeQuiet() error { return mpiError(C.upc_finalize_quiet(), "MPI_Finalize") }
func mpiAbort(status int)     { C.upc_abort(C.int(status)) }

// cjob is the C state of one job: communicators, window, requests.
type cjob struct {
	p *C.upc_job
}

// noSharedWindows is newCJob's error when no process could allocate its
// shared window (PSHM): the job was released on every process alike.
type noSharedWindows struct{ err error }

func (e *noSharedWindows) Error() string { return e.err.Error() }

func newCJob(bytes uintptr, mode windowMode, mem unsafe.Pointer, eager, nrecv, nreq int) (*cjob, error) {
	var p *C.upc_job
	var noshared C.int
	call := [...]string{"MPI_Win_create", "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_allocate_shared"}[mode]
	rc := C.upc_job_new(&p, C.size_t(bytes), C.int(mode), mem, C.int(eager), C.int(nrecv), C.int(nreq), &noshared)
	switch {
	case rc == C.UPC_ERR_SHARED_SOME:
		return nil, errors.New("MPI_Win_allocate_shared: shared windows failed on other processes: memory cannot be shared on some nodes only")
	case rc != C.MPI_SUCCESS:
		return nil, mpiError(rc, call)
	case noshared != C.MPI_SUCCESS:
		return nil, &noSharedWindows{mpiError(noshared, "MPI_Win_allocate_shared")}
	}
	return &cjob{p: p}, nil
}

// sharedBases returns, for each of the procs processes, the address of
// its segments in this process when they are shared with it (PSHM), else
// nil. Only for the shared window modes.
func (j *cjob) sharedBases(procs int) ([]unsafe.Pointer, error) {
	c := (*[1 << 30]unsafe.Pointer)(cmalloc(uintptr(procs) * unsafe.Sizeof(unsafe.Pointer(nil))))[:procs:procs]
	defer cfree(unsafe.Pointer(&c[0]))
	clear(c)
	if err := mpiError(C.upc_shared_bases(j.p, &c[0]), "MPI_Win_shared_query"); err != nil {
		return nil, err
	}
	return append([]unsafe.Pointer(nil), c...), nil
}

// release frees the job's C state; collective also frees the window and
// communicators, which every process must do together.
func (j *cjob) release(collective bool) {
	c := C.int(0)
	if collective {
		c = 1
	}
	C.upc_job_release(j.p, c)
	j.p = nil
}

func (j *cjob) base() unsafe.Pointer { return C.upc_base(j.p) }

func (j *cjob) put(t int, src unsafe.Pointer, n, disp uintptr) error {
	return mpiError(C.upc_put(j.p, C.int(t), (*C.char)(src), C.size_t(n), C.size_t(disp)), "MPI_Put")
}

func (j *cjob) get(dst unsafe.Pointer, t int, disp, n uintptr) error {
	return mpiError(C.upc_get(j.p, (*C.char)(dst), C.int(t), C.size_t(disp), C.size_t(n)), "MPI_Get")
}

func (j *cjob) flush(t int) error { return mpiError(C.upc_flush(j.p, C.int(t)), "MPI_Win_flush") }
func (j *cjob) sync() error       { return mpiError(C.upc_win_sync(j.p), "MPI_Win_sync") }

// datatype is a committed MPI datatype, or the zero value for "contiguous
// bytes".
type datatype struct {
	t  C.MPI_Datatype
	ok bool
}

func (d datatype) free() {
	if d.ok {
		C.upc_type_free(d.t)
	}
}

// typeOf builds the datatype of a side's runs relative to its origin
// (Side.Origin for remote sides; the section's base for local sections).
// One run is the zero datatype (contiguous bytes); lists of one run
// length use hindexed_block.
func typeOf(s *gasnet.Side) (datatype, error) {
	var d datatype
	var rc C.int
	sec, isSection := s.Section()
	n, sameLen := s.RunLen()
	switch {
	case isSection && len(sec.Count) == 0:
		return d, nil
	case isSection:
		count := make([]C.int, len(sec.Count))
		stride := make([]C.MPI_Aint, len(sec.Count))
		for k, c := range sec.Count {
			count[k], stride[k] = C.int(c), C.MPI_Aint(sec.Strides[k])
		}
		rc = C.upc_type_strided(C.int(sec.Run), C.int(len(count)), &count[0], &stride[0], &d.t)
	case sameLen:
		disps := make([]C.MPI_Aint, 0, s.RunCount())
		s.Offsets(func(off int64, _ uintptr) { disps = append(disps, C.MPI_Aint(off)) })
		rc = C.upc_type_hindexed_block(C.int(len(disps)), C.int(n), &disps[0], &d.t)
	default:
		disps := make([]C.MPI_Aint, 0, s.RunCount())
		lens := make([]C.int, 0, s.RunCount())
		s.Offsets(func(off int64, n uintptr) {
			disps = append(disps, C.MPI_Aint(off))
			lens = append(lens, C.int(n))
		})
		rc = C.upc_type_hindexed(C.int(len(disps)), &lens[0], &disps[0], &d.t)
	}
	if err := mpiError(rc, "MPI_Type_commit"); err != nil {
		return d, err
	}
	d.ok = true
	return d, nil
}

// putTyped puts count bytes from a contiguous origin (otype zero) or one
// origin section, into the target datatype at disp.
func (j *cjob) putTyped(t int, origin unsafe.Pointer, count uintptr, otype datatype, disp uintptr, ttype datatype) error {
	ot, oc := C.upc_byte(), C.int(count)
	if otype.ok {
		ot, oc = otype.t, 1
	}
	tt := ttype.t
	if !ttype.ok {
		return j.put(t, origin, count, disp)
	}
	return mpiError(C.upc_put_typed(j.p, C.int(t), origin, oc, ot, C.size_t(disp), tt), "MPI_Put")
}

func (j *cjob) getTyped(origin unsafe.Pointer, count uintptr, otype datatype, t int, disp uintptr, ttype datatype) error {
	ot, oc := C.upc_byte(), C.int(count)
	if otype.ok {
		ot, oc = otype.t, 1
	}
	if !ttype.ok {
		return j.get(origin, t, disp, count)
	}
	return mpiError(C.upc_get_typed(j.p, origin, oc, ot, C.int(t), C.size_t(disp), ttype.t), "MPI_Get")
}

// Atomic operation codes of upc_atomic_op.
const (
	aopNoOp = iota
	aopReplace
	aopSum
	aopBand
	aopBor
	aopBxor
	aopMin
	aopMax
	aopProd
)

func (j *cjob) fetchOp(t int, disp uintptr, val, res unsafe.Pointer, typ, op int) error {
	return mpiError(C.upc_fetch_op(j.p, C.int(t), C.size_t(disp), val, res, C.int(typ), C.int(op)), "MPI_Fetch_and_op")
}

func (j *cjob) cas(t int, disp uintptr, val, cmp, res unsafe.Pointer, typ int) error {
	return mpiError(C.upc_cas(j.p, C.int(t), C.size_t(disp), val, cmp, res, C.int(typ)), "MPI_Compare_and_swap")
}

var errTooLarge = errors.New("message larger than MPI's int count")

func (j *cjob) isend(slot int, buf unsafe.Pointer, n uintptr, dest, tag int) error {
	if n > math.MaxInt32 {
		return errTooLarge
	}
	return mpiError(C.upc_isend(j.p, C.int(slot), buf, C.size_t(n), C.int(dest), C.int(tag)), "MPI_Isend")
}

func (j *cjob) irecv(slot int, buf unsafe.Pointer, n uintptr, src, tag int) error {
	if n > math.MaxInt32 {
		return errTooLarge
	}
	return mpiError(C.upc_irecv(j.p, C.int(slot), buf, C.size_t(n), C.int(src), C.int(tag)), "MPI_Irecv")
}

// growSlots makes room for n slots of sends and bulk receives.
func (j *cjob) growSlots(n int) error {
	return mpiError(C.upc_alloc_reqs(j.p, j.p.nrecv+1+C.int(n)), "growing requests")
}

func (j *cjob) pendingSlots() int { return int(C.upc_pending_slots(j.p)) }

// tested is what one testAll found complete.
type tested struct {
	recvs   []recvDone // eager receives, valid until reposted
	barrier bool       // the barrier's reduction (or MPI_Ibarrier)
	slots   []int      // slots of sends and bulk receives
}

// recvDone is a completed eager receive.
type recvDone struct {
	slot, src int
	data      []byte
}

// testAll tests every request of the job with one MPI_Testsome.
func (j *cjob) testAll(t *tested) error {
	t.recvs, t.slots, t.barrier = t.recvs[:0], t.slots[:0], false
	var n C.int
	if err := mpiError(C.upc_test_all(j.p, &n), "MPI_Testsome"); err != nil || n == 0 {
		return err
	}
	idx := unsafe.Slice(j.p.idx, int(n))
	src := unsafe.Slice(j.p.src, int(n))
	cnt := unsafe.Slice(j.p.count, int(n))
	nrecv := int(j.p.nrecv)
	bufs := unsafe.Slice(j.p.rbuf, nrecv)
	for k := range int(n) {
		switch i := int(idx[k]); {
		case i < nrecv:
			t.recvs = append(t.recvs, recvDone{slot: i, src: int(src[k]), data: unsafe.Slice((*byte)(unsafe.Pointer(bufs[i])), int(cnt[k]))})
		case i == nrecv:
			t.barrier = true
		default:
			t.slots = append(t.slots, i-nrecv-1)
		}
	}
	return nil
}

func (j *cjob) repost(slot int) error {
	return mpiError(C.upc_post_recv(j.p, C.int(slot)), "MPI_Irecv")
}

// contributionLen is the number of int64 in a contribution on the wire
// (UPC_BAR_LEN: upc_bar_combine reduces groups of this many).
const contributionLen = C.UPC_BAR_LEN

func (j *cjob) barStart(c contribution) error {
	in := [contributionLen]C.int64_t{C.int64_t(c.maxID), C.int64_t(c.minID), C.int64_t(c.arrived), C.int64_t(c.finished),
		C.int64_t(c.probes), C.int64_t(c.unstable), C.int64_t(c.sent), C.int64_t(c.delivered)}
	return mpiError(C.upc_bar_start(j.p, &in[0]), "MPI_Iallreduce")
}

func (j *cjob) ibarrier() error { return mpiError(C.upc_ibarrier(j.p), "MPI_Ibarrier") }

// barResult is the reduced result of the last barrier round.
func (j *cjob) barResult() contribution {
	o := j.p.bar_out
	return contribution{maxID: int64(o[0]), minID: int64(o[1]), arrived: int64(o[2]), finished: int64(o[3]),
		probes: int64(o[4]), unstable: int64(o[5]), sent: int64(o[6]), delivered: int64(o[7])}
}

// cMem keeps the operation table's aggregation buffers in C memory.
var cMem = bufMem{
	alloc: func(n int) []byte { return unsafe.Slice((*byte)(cmalloc(uintptr(n))), n) },
	free:  func(b []byte) { cfree(unsafe.Pointer(unsafe.SliceData(b))) },
}

// cmalloc allocates C memory the garbage collector does not manage, for
// buffers MPI reads or writes after the call that hands them over.
func cmalloc(n uintptr) unsafe.Pointer { return C.malloc(C.size_t(max(n, 1))) }
func cfree(p unsafe.Pointer)           { C.free(p) }
