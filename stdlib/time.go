package stdlib

import (
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
