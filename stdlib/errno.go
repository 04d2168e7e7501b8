package stdlib

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// State is the per-thread C library state of one UPC thread. The zero
// value is ready to use and behaves like a fresh process (rand seeded
// with 1, errno 0).
type State struct {
	// Errno is C's errno.
	Errno int32

	strtokNext uintptr // where strtok(NULL, ...) resumes; 0 when done
	rand       randState
	tm, asc    uintptr // gmtime/localtime's and asctime/ctime's buffers, made on first use
}

// errno values of Linux (asm-generic/errno-base.h and errno.h).
const (
	EPERM     int32 = 1
	ENOENT    int32 = 2
	EINTR     int32 = 4
	EIO       int32 = 5
	EBADF     int32 = 9
	EAGAIN    int32 = 11
	ENOMEM    int32 = 12
	EACCES    int32 = 13
	EEXIST    int32 = 17
	ENOTDIR   int32 = 20
	EISDIR    int32 = 21
	EINVAL    int32 = 22
	ENFILE    int32 = 23
	EMFILE    int32 = 24
	EFBIG     int32 = 27
	ENOSPC    int32 = 28
	ESPIPE    int32 = 29
	EDOM      int32 = 33
	ERANGE    int32 = 34
	EOVERFLOW int32 = 75
	EILSEQ    int32 = 84
)

// errnoOf extracts the errno behind a Go I/O error, EIO when there is none.
func errnoOf(err error) int32 {
	var en syscall.Errno
	if errors.As(err, &en) {
		return int32(en)
	}
	return EIO
}

func (st *State) setErr(err error) {
	if st != nil {
		st.Errno = errnoOf(err)
	}
}

// StrerrorText is glibc's message for errnum, as a Go string.
func StrerrorText(errnum int32) string {
	if errnum == 0 {
		return "Success"
	}
	if errnum > 0 && errnum < 4096 {
		// Go's Linux table is glibc's strerror with the first letter
		// lower-cased; numbers outside it read "errno N".
		msg := syscall.Errno(errnum).Error()
		if !strings.HasPrefix(msg, "errno ") && msg != "" {
			return strings.ToUpper(msg[:1]) + msg[1:]
		}
	}
	return "Unknown error " + strconv.Itoa(int(errnum))
}

var strerrorCache sync.Map // int32 -> uintptr of an immortal C string

// Strerror returns a C string describing errnum. The string is immortal
// and shared, which is within C's contract (it must not be modified).
func Strerror(errnum int32) uintptr {
	if p, ok := strerrorCache.Load(errnum); ok {
		return p.(uintptr)
	}
	p, _ := strerrorCache.LoadOrStore(errnum, cmem.StaticString(StrerrorText(errnum)))
	return p.(uintptr)
}
