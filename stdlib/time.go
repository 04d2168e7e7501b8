package stdlib

import (
	"os"
	"syscall"
	"time"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// ClocksPerSec is CLOCKS_PER_SEC.
const ClocksPerSec = 1000000

// Time is time(tloc): seconds since the epoch, also stored at tloc when
// it is not NULL.
func Time(tloc uintptr) int64 {
	t := time.Now().Unix()
	if tloc != 0 {
		cmem.Store(tloc, t)
	}
	return t
}

// Clock is clock(): processor time used by the process (all threads,
// user plus system) in microseconds, or -1 when unavailable.
func Clock() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano()/1000 + ru.Stime.Nano()/1000
}

// Gettimeofday is gettimeofday: it writes struct timeval {tv_sec,
// tv_usec} (two 64-bit integers) at tv and zeroes struct timezone (two
// ints) at tz when given. It returns 0.
func Gettimeofday(tv, tz uintptr) int32 {
	now := time.Now()
	if tv != 0 {
		cmem.Store(tv, now.Unix())
		cmem.Store(tv+8, int64(now.Nanosecond()/1000))
	}
	if tz != 0 {
		cmem.Store[int64](tz, 0)
	}
	return 0
}

// Sleep is sleep(seconds): it blocks the calling UPC thread only and
// returns 0, the seconds left unslept (no signal interrupts it).
func Sleep(seconds uint32) uint32 {
	time.Sleep(time.Duration(seconds) * time.Second)
	return 0
}

// Usleep is usleep(usec); it returns 0.
func Usleep(usec uint32) int32 {
	time.Sleep(time.Duration(usec) * time.Microsecond)
	return 0
}

// Getpid is getpid(): the process's id, shared by the UPC threads that
// run in one process.
func Getpid() int32 { return int32(os.Getpid()) }

// Gethostname is gethostname(name, len): the host name, truncated to len
// bytes (and then not NUL-terminated, as glibc does); 0, or -1 when the
// name is unavailable.
func Gethostname(name uintptr, n uint64) int32 {
	h, err := os.Hostname()
	if err != nil {
		return -1
	}
	b := append([]byte(h), 0)
	if uint64(len(b)) > n {
		b = b[:n]
	}
	copy(cmem.Bytes(name, uintptr(len(b))), b)
	return 0
}
