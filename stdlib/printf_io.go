package stdlib

import (
	"math"
	"sync"

	"github.com/upcgo/upcgo/runtime/cmem"
)

var formatBufs = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// render formats outside any stream lock, so threads format in parallel
// and hold a stream's lock only to copy the finished bytes.
func render(format uintptr, args []any) *[]byte {
	buf := formatBufs.Get().(*[]byte)
	*buf = Format((*buf)[:0], cmem.Bytes(format, cmem.Strlen(format)), args...)
	return buf
}

func release(buf *[]byte) {
	if cap(*buf) <= 64<<10 {
		formatBufs.Put(buf)
	}
}

func countResult(n int) int32 {
	if n > math.MaxInt32 {
		return -1 // glibc fails with EOVERFLOW
	}
	return int32(n)
}

// Fprintf is fprintf: the whole output of one call reaches the stream at
// once, never interleaved with another thread's. It returns the number of
// bytes written, or -1 on a write error.
func Fprintf(f, format uintptr, args ...any) int32 {
	s := lookup("fprintf", f)
	buf := render(format, args)
	defer release(buf)
	s.mu.Lock()
	ok := s.writeLocked(*buf)
	s.mu.Unlock()
	if !ok {
		return -1
	}
	return countResult(len(*buf))
}

// Printf is printf: Fprintf to stdout.
func Printf(format uintptr, args ...any) int32 {
	return Fprintf(stdout.handle, format, args...)
}

// Sprintf is sprintf: it writes the output and a NUL at buf (which must
// be big enough, as in C) and returns the output's length.
func Sprintf(buf, format uintptr, args ...any) int32 {
	out := render(format, args)
	defer release(out)
	n := uintptr(len(*out))
	copy(cmem.Bytes(buf, n+1), *out)
	cmem.Store[byte](buf+n, 0)
	return countResult(len(*out))
}

// Snprintf is snprintf: it writes at most size-1 bytes and a NUL (nothing
// when size is 0) and returns the length the whole output would have.
func Snprintf(buf uintptr, size uint64, format uintptr, args ...any) int32 {
	out := render(format, args)
	defer release(out)
	if size > 0 {
		n := min(uint64(len(*out)), size-1)
		copy(cmem.Bytes(buf, uintptr(n)), *out)
		cmem.Store[byte](buf+uintptr(n), 0)
	}
	return countResult(len(*out))
}
