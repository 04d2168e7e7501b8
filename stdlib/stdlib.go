package stdlib

import (
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// Malloc is malloc.
func Malloc(n uint64) uintptr { return cmem.Malloc(uintptr(n)) }

// Calloc is calloc; an overflowing product gives NULL.
func Calloc(n, size uint64) uintptr { return cmem.Calloc(uintptr(n), uintptr(size)) }

// PosixMemalign is posix_memalign: size bytes at a multiple of alignment,
// which must be a power of two and a multiple of sizeof(void *), stored
// at *memptr. It returns 0, EINVAL or ENOMEM (errno is left alone).
func PosixMemalign(memptr uintptr, alignment, size uint64) int32 {
	if alignment < 8 || alignment&(alignment-1) != 0 {
		return EINVAL
	}
	p := cmem.AlignedAlloc(uintptr(alignment), uintptr(size))
	if p == 0 {
		return ENOMEM
	}
	cmem.Store(memptr, p)
	return 0
}

// AlignedAlloc is aligned_alloc: size bytes at a multiple of alignment (a
// power of two), or NULL with errno EINVAL (a bad alignment) or ENOMEM.
func AlignedAlloc(st *State, alignment, size uint64) uintptr {
	if alignment == 0 || alignment&(alignment-1) != 0 {
		st.Errno = EINVAL
		return 0
	}
	p := cmem.AlignedAlloc(uintptr(alignment), uintptr(size))
	if p == 0 {
		st.Errno = ENOMEM
	}
	return p
}

// Realloc is realloc.
func Realloc(p uintptr, n uint64) uintptr { return cmem.Realloc(p, uintptr(n)) }

// Free is free.
func Free(p uintptr) { cmem.Free(p) }

// Abs is abs; abs(INT_MIN) wraps to INT_MIN as on x86-64.
func Abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// Labs is labs.
func Labs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Llabs is llabs.
func Llabs(x int64) int64 { return Labs(x) }

// DivT is div_t.
type DivT struct{ Quot, Rem int32 }

// LdivT is ldiv_t (and lldiv_t).
type LdivT struct{ Quot, Rem int64 }

// Div is div: the quotient truncates toward zero, as Go's does.
func Div(num, den int32) DivT { return DivT{num / den, num % den} }

// Ldiv is ldiv.
func Ldiv(num, den int64) LdivT { return LdivT{num / den, num % den} }

// Lldiv is lldiv.
func Lldiv(num, den int64) LdivT { return Ldiv(num, den) }

// Qsort is qsort. Like glibc (before 2.37, and whenever it can allocate
// the scratch space), it is a stable merge sort, so elements that compare
// equal keep their order; programs unknowingly rely on that. The
// comparator sees addresses of the elements in their original places.
func Qsort(base uintptr, n, size uint64, cmp func(a, b uintptr) int32) {
	if n < 2 || size == 0 {
		return
	}
	order := make([]uintptr, n)
	for i := range order {
		order[i] = base + uintptr(i)*uintptr(size)
	}
	slices.SortStableFunc(order, func(a, b uintptr) int { return int(cmp(a, b)) })
	total := uintptr(n * size)
	scratch := make([]byte, total)
	for i, p := range order {
		copy(scratch[uintptr(i)*uintptr(size):], cmem.Bytes(p, uintptr(size)))
	}
	copy(cmem.Bytes(base, total), scratch)
}

// Bsearch is bsearch with glibc's probing order; the comparator gets the
// key first.
func Bsearch(key, base uintptr, n, size uint64, cmp func(key, elem uintptr) int32) uintptr {
	lo, hi := uint64(0), n
	for lo < hi {
		mid := (lo + hi) / 2
		p := base + uintptr(mid*size)
		switch c := cmp(key, p); {
		case c < 0:
			hi = mid
		case c > 0:
			lo = mid + 1
		default:
			return p
		}
	}
	return 0
}

var atexit struct {
	sync.Mutex
	handlers []func()
}

// Atexit registers fn to run at exit, last registered first. It returns 0.
func Atexit(fn func()) int32 {
	atexit.Lock()
	defer atexit.Unlock()
	atexit.handlers = append(atexit.handlers, fn)
	return 0
}

// ExitHook is how Exit ends the program. The default runs Shutdown and
// exits the process, which is C's exit. The UPC runtime replaces it: in
// UPC 1.3, exit() on one thread ends only that thread, and Shutdown runs
// when the whole job ends. The hook should not return; if it does, Exit
// ends the calling goroutine.
var ExitHook = func(status int32) {
	Shutdown()
	os.Exit(int(status))
}

// Exit is exit(status): it calls ExitHook and never returns.
func Exit(status int32) {
	ExitHook(status)
	runtime.Goexit()
}

// Shutdown is the C library's part of ending a process: it runs the
// atexit handlers, last registered first (each once, even if Shutdown is
// called again or a handler calls exit), then flushes all streams.
func Shutdown() {
	for {
		atexit.Lock()
		n := len(atexit.handlers)
		if n == 0 {
			atexit.Unlock()
			break
		}
		fn := atexit.handlers[n-1]
		atexit.handlers = atexit.handlers[:n-1]
		atexit.Unlock()
		fn()
	}
	FlushAll()
}

// AbortMessage is the panic value of Abort.
const AbortMessage = "abort() called"

// Abort is abort: no handlers run and streams are not flushed (as in
// glibc); it panics so the runtime reports the thread and source line and
// stops the job with a failure status.
func Abort() { panic(AbortMessage) }

var envCache sync.Map // "name=value" -> immortal C string of value

// Getenv is getenv: NULL when unset. The returned strings are immortal
// and shared by value, so repeated calls do not leak.
func Getenv(name uintptr) uintptr {
	key := cmem.GoString(name)
	v, ok := os.LookupEnv(key)
	if !ok {
		return 0
	}
	k := key + "=" + v
	if p, ok := envCache.Load(k); ok {
		return p.(uintptr)
	}
	p, _ := envCache.LoadOrStore(k, cmem.StaticString(v))
	return p.(uintptr)
}
