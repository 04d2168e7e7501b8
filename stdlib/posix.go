package stdlib

import (
	"os"
	"runtime"
	"syscall"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// The POSIX file calls of unistd.h, fcntl.h and sys/stat.h, on the
// kernel's own file descriptors: open returns one, read, write, lseek and
// close use it, and the UPC threads of a process share them as the
// threads of a C process do. Each fails with -1 and the errno the kernel
// gave.

// fail records err in errno and returns -1.
func (st *State) fail(err error) int32 {
	st.setErr(err)
	return -1
}

// Access is access(path, mode) with F_OK, R_OK, W_OK and X_OK.
func Access(st *State, path uintptr, mode int32) int32 {
	if err := syscall.Access(cmem.GoString(path), uint32(mode)); err != nil {
		return st.fail(err)
	}
	return 0
}

// Open is open(path, flags, mode): flags are Linux's O_ values (those of
// fcntl.h); mode, an int after the default promotions, is read when flags
// hold O_CREAT. The descriptor is closed on exec, as Go opens every file.
func Open(st *State, path uintptr, flags int32, args ...any) int32 {
	var mode uint32
	if flags&syscall.O_CREAT != 0 && len(args) > 0 {
		switch m := args[0].(type) {
		case int32:
			mode = uint32(m)
		case uint32:
			mode = m
		}
	}
	fd, err := syscall.Open(cmem.GoString(path), int(flags)|syscall.O_CLOEXEC, mode)
	if err != nil {
		return st.fail(err)
	}
	return int32(fd)
}

// Creat is creat(path, mode): open(path, O_WRONLY|O_CREAT|O_TRUNC, mode).
func Creat(st *State, path uintptr, mode uint32) int32 {
	return Open(st, path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC, mode)
}

// Read is read(fd, buf, count).
func Read(st *State, fd int32, buf uintptr, count uint64) int64 {
	n, err := syscall.Read(int(fd), cmem.Bytes(buf, uintptr(count)))
	if err != nil {
		return int64(st.fail(err))
	}
	return int64(n)
}

// Write is write(fd, buf, count).
func Write(st *State, fd int32, buf uintptr, count uint64) int64 {
	n, err := syscall.Write(int(fd), cmem.Bytes(buf, uintptr(count)))
	if err != nil {
		return int64(st.fail(err))
	}
	return int64(n)
}

// Lseek is lseek(fd, offset, whence) with SEEK_SET, SEEK_CUR and
// SEEK_END.
func Lseek(st *State, fd int32, offset int64, whence int32) int64 {
	off, err := syscall.Seek(int(fd), offset, int(whence))
	if err != nil {
		return int64(st.fail(err))
	}
	return off
}

// Close is close(fd).
func Close(st *State, fd int32) int32 {
	if err := syscall.Close(int(fd)); err != nil {
		return st.fail(err)
	}
	return 0
}

// Fsync is fsync(fd).
func Fsync(st *State, fd int32) int32 {
	if err := syscall.Fsync(int(fd)); err != nil {
		return st.fail(err)
	}
	return 0
}

// Ftruncate is ftruncate(fd, length).
func Ftruncate(st *State, fd int32, length int64) int32 {
	if err := syscall.Ftruncate(int(fd), length); err != nil {
		return st.fail(err)
	}
	return 0
}

// Truncate is truncate(path, length).
func Truncate(st *State, path uintptr, length int64) int32 {
	if err := syscall.Truncate(cmem.GoString(path), length); err != nil {
		return st.fail(err)
	}
	return 0
}

// Unlink is unlink(path).
func Unlink(st *State, path uintptr) int32 {
	if err := syscall.Unlink(cmem.GoString(path)); err != nil {
		return st.fail(err)
	}
	return 0
}

// Rmdir is rmdir(path).
func Rmdir(st *State, path uintptr) int32 {
	if err := syscall.Rmdir(cmem.GoString(path)); err != nil {
		return st.fail(err)
	}
	return 0
}

// Mkdir is mkdir(path, mode).
func Mkdir(st *State, path uintptr, mode uint32) int32 {
	if err := syscall.Mkdir(cmem.GoString(path), mode); err != nil {
		return st.fail(err)
	}
	return 0
}

// Chmod is chmod(path, mode).
func Chmod(st *State, path uintptr, mode uint32) int32 {
	if err := syscall.Chmod(cmem.GoString(path), mode); err != nil {
		return st.fail(err)
	}
	return 0
}

// Umask is umask(mask): it sets the process's mask and returns the old
// one.
func Umask(mask uint32) uint32 { return uint32(syscall.Umask(int(mask))) }

// Getcwd is getcwd(buf, size): the working directory in buf, or, with buf
// NULL, in memory from malloc of size bytes (or as many as needed when
// size is 0), as glibc does. ERANGE when it does not fit.
func Getcwd(st *State, buf uintptr, size uint64) uintptr {
	dir, err := os.Getwd()
	if err != nil {
		st.setErr(err)
		return 0
	}
	need := uint64(len(dir)) + 1
	switch {
	case buf == 0 && size == 0:
		size = need
		fallthrough
	case buf == 0:
		if need > size {
			st.Errno = ERANGE
			return 0
		}
		buf = cmem.Malloc(uintptr(size))
	case size == 0:
		st.Errno = EINVAL
		return 0
	case need > size:
		st.Errno = ERANGE
		return 0
	}
	copy(cmem.Bytes(buf, uintptr(need)), dir+"\x00")
	return buf
}

// The sysconf names unistd.h defines (glibc's numbers).
const (
	scClkTck            = 2
	scPageSize          = 30
	scNprocessorsConf   = 83
	scNprocessorsOnln   = 84
	clockTicksPerSecond = 100 // Linux's USER_HZ
)

// Sysconf is sysconf(name) for the names unistd.h defines; -1 with errno
// EINVAL for others.
func Sysconf(st *State, name int32) int64 {
	switch name {
	case scClkTck:
		return clockTicksPerSecond
	case scPageSize:
		return int64(os.Getpagesize())
	case scNprocessorsConf, scNprocessorsOnln:
		return int64(runtime.NumCPU())
	}
	st.Errno = EINVAL
	return -1
}

// Getpagesize is getpagesize().
func Getpagesize() int32 { return int32(os.Getpagesize()) }

// cStat is struct stat as sys/stat.h lays it out (glibc's x86-64 layout).
type cStat struct {
	Dev, Ino, Nlink  uint64
	Mode, UID, GID   uint32
	_                int32
	Rdev             uint64
	Size             int64
	Blksize, Blocks  int64
	Atim, Mtim, Ctim [2]int64
	_                [3]int64
}

// storeStat writes s into the struct stat at buf field by field, so the
// C layout does not depend on the machine's syscall.Stat_t.
func storeStat(buf uintptr, s *syscall.Stat_t) {
	cmem.Store(buf, cStat{
		Dev: uint64(s.Dev), Ino: uint64(s.Ino), Nlink: uint64(s.Nlink),
		Mode: uint32(s.Mode), UID: s.Uid, GID: s.Gid, Rdev: uint64(s.Rdev),
		Size: s.Size, Blksize: int64(s.Blksize), Blocks: s.Blocks,
		Atim: [2]int64{s.Atim.Sec, s.Atim.Nsec}, Mtim: [2]int64{s.Mtim.Sec, s.Mtim.Nsec}, Ctim: [2]int64{s.Ctim.Sec, s.Ctim.Nsec},
	})
}

// Stat is stat(path, buf).
func Stat(st *State, path, buf uintptr) int32 {
	var s syscall.Stat_t
	if err := syscall.Stat(cmem.GoString(path), &s); err != nil {
		return st.fail(err)
	}
	storeStat(buf, &s)
	return 0
}

// Lstat is lstat(path, buf): stat of a symbolic link itself.
func Lstat(st *State, path, buf uintptr) int32 {
	var s syscall.Stat_t
	if err := syscall.Lstat(cmem.GoString(path), &s); err != nil {
		return st.fail(err)
	}
	storeStat(buf, &s)
	return 0
}

// Fstat is fstat(fd, buf).
func Fstat(st *State, fd int32, buf uintptr) int32 {
	var s syscall.Stat_t
	if err := syscall.Fstat(int(fd), &s); err != nil {
		return st.fail(err)
	}
	storeStat(buf, &s)
	return 0
}

// Times is times(buf): the process's user and system times (and its
// children's) in clock ticks at buf, and the ticks since boot.
func Times(st *State, buf uintptr) int64 {
	var t syscall.Tms
	ticks, err := syscall.Times(&t)
	if err != nil {
		return int64(st.fail(err))
	}
	if buf != 0 {
		cmem.Store(buf, [4]int64{int64(t.Utime), int64(t.Stime), int64(t.Cutime), int64(t.Cstime)})
	}
	return int64(ticks)
}
