package crt

import (
	"fmt"
	"sync"
	"unsafe"
	"weak"

	"github.com/upcgo/upcgo/runtime/cmem"
	"github.com/upcgo/upcgo/runtime/upc"
	"github.com/upcgo/upcgo/runtime/upcio"
)

// The C forms of UPC-IO (upc_io.h): upc_file_t * handles, the C structs,
// errno and the -1 (NULL) results, over runtime/upcio. errno is the
// calling thread's (&t.libc.Errno). A null pointer where a function must
// read or write (a buffer with bytes to move, a list with entries, an
// fcntl argument) is a runtime error, as the C library's crash would be.

// A upc_file_t * is a pointer-to-shared on thread 0 at fdBase plus the
// file's number: the same on every thread, and at an address no segment
// reaches, so no access through it can touch memory (upc_file_t is an
// incomplete type anyway). A handle that names no open file, null or
// closed, fails with EBADF.
const fdBase = uintptr(1) << 56

type fileKey struct {
	t  weak.Pointer[upc.Thread]
	id uint64
}

// cfile is one thread's open file with the C strings upc_all_fcntl hands
// out, freed when the file is closed.
type cfile struct {
	f     *upcio.File
	name  uintptr   // UPC_GET_FN's string
	hints uintptr   // UPC_GET_HINTS's struct upc_hint array
	strs  []uintptr // its keys and values
}

// freeHints frees what UPC_GET_HINTS handed out last.
func (c *cfile) freeHints() {
	cmem.Free(c.hints)
	for _, s := range c.strs {
		cmem.Free(s)
	}
	c.hints, c.strs = 0, nil
}

var cfiles sync.Map // fileKey -> *cfile

func fileKeyOf(t *upc.Thread, fd upc.SharedPtr) (fileKey, bool) {
	if fd.Thread != 0 || fd.Phase != 0 || fd.Addr <= fdBase {
		return fileKey{}, false
	}
	return fileKey{weak.Make(t), uint64(fd.Addr - fdBase)}, true
}

// lookup is fd's file for this thread, or nil after taking part in the
// call's collective round as an invalid handle (setting errno to EBADF).
func lookup(t *upc.Thread, errno *int32, fd upc.SharedPtr, op string) *cfile {
	if k, ok := fileKeyOf(t, fd); ok {
		if c, ok := cfiles.Load(k); ok {
			return c.(*cfile)
		}
	}
	*errno = upcio.ErrnoOf(upcio.InvalidHandle(t, op))
	return nil
}

// status is the C int result of a call that returns 0 or -1.
func status(errno *int32, err error) int32 {
	if err != nil {
		*errno = upcio.ErrnoOf(err)
		return -1
	}
	return 0
}

// offset is the C upc_off_t result of a call that returns a size or -1.
func offset(errno *int32, n int64, err error) int64 {
	if err != nil {
		*errno = upcio.ErrnoOf(err)
		return -1
	}
	return n
}

// cHint is struct upc_hint.
type cHint struct {
	key, value uintptr
}

// AllFopen is upc_all_fopen.
func AllFopen(t *upc.Thread, errno *int32, fname uintptr, flags int32, numhints uint64, hints uintptr) upc.SharedPtr {
	const op = "upc_all_fopen"
	var hs []upcio.Hint
	for i, h := range array[cHint](op, hints, numhints) {
		if h.key == 0 || h.value == 0 {
			panic(fmt.Sprintf("%s: hint %d has a null key or value", op, i))
		}
		hs = append(hs, upcio.Hint{Key: cmem.GoString(h.key), Value: cmem.GoString(h.value)})
	}
	name := ""
	if fname != 0 {
		name = cmem.GoString(fname)
	}
	f, err := upcio.Open(t, name, upcio.Flags(flags), hs)
	if err != nil {
		*errno = upcio.ErrnoOf(err)
		return upc.SharedPtr{}
	}
	k, _ := fileKeyOf(t, upc.SharedPtr{Addr: fdBase + uintptr(f.ID())})
	cfiles.Store(k, &cfile{f: f})
	return upc.SharedPtr{Addr: fdBase + uintptr(f.ID())}
}

// AllFclose is upc_all_fclose.
func AllFclose(t *upc.Thread, errno *int32, fd upc.SharedPtr) int32 {
	c := lookup(t, errno, fd, "upc_all_fclose")
	if c == nil {
		return -1
	}
	err := c.f.Close()
	if !c.f.AsyncOutstanding() {
		k, _ := fileKeyOf(t, fd)
		cfiles.Delete(k)
		cmem.Free(c.name)
		c.freeHints()
	}
	return status(errno, err)
}

// AllFsync is upc_all_fsync.
func AllFsync(t *upc.Thread, errno *int32, fd upc.SharedPtr) int32 {
	if c := lookup(t, errno, fd, "upc_all_fsync"); c != nil {
		return status(errno, c.f.Sync())
	}
	return -1
}

// AllFseek is upc_all_fseek.
func AllFseek(t *upc.Thread, errno *int32, fd upc.SharedPtr, off int64, origin int32) int64 {
	if c := lookup(t, errno, fd, "upc_all_fseek"); c != nil {
		n, err := c.f.SeekFP(off, upcio.Whence(origin))
		return offset(errno, n, err)
	}
	return -1
}

// AllFsetSize is upc_all_fset_size.
func AllFsetSize(t *upc.Thread, errno *int32, fd upc.SharedPtr, size int64) int32 {
	if c := lookup(t, errno, fd, "upc_all_fset_size"); c != nil {
		return status(errno, c.f.SetSize(size))
	}
	return -1
}

// AllFgetSize is upc_all_fget_size.
func AllFgetSize(t *upc.Thread, errno *int32, fd upc.SharedPtr) int64 {
	if c := lookup(t, errno, fd, "upc_all_fget_size"); c != nil {
		n, err := c.f.Size()
		return offset(errno, n, err)
	}
	return -1
}

// AllFpreallocate is upc_all_fpreallocate.
func AllFpreallocate(t *upc.Thread, errno *int32, fd upc.SharedPtr, size int64) int32 {
	if c := lookup(t, errno, fd, "upc_all_fpreallocate"); c != nil {
		return status(errno, c.f.Preallocate(size))
	}
	return -1
}

// AllFcntl is upc_all_fcntl. UPC_GET_FN stores a const char * through
// arg, UPC_GET_HINTS a const struct upc_hint *, and UPC_SET_HINT reads a
// struct upc_hint at arg.
func AllFcntl(t *upc.Thread, errno *int32, fd upc.SharedPtr, cmd int32, arg uintptr) int32 {
	const op = "upc_all_fcntl"
	c := lookup(t, errno, fd, op)
	if c == nil {
		return -1
	}
	command := upcio.Command(cmd)
	var hint upcio.Hint
	switch command {
	case upcio.GetFN, upcio.GetHints, upcio.SetHint:
		if arg == 0 {
			panic(fmt.Sprintf("%s: the command needs an argument, not a null pointer", op))
		}
	}
	if command == upcio.SetHint {
		h := cmem.Load[cHint](arg)
		if h.key == 0 || h.value == 0 {
			panic(fmt.Sprintf("%s: UPC_SET_HINT's hint has a null key or value", op))
		}
		hint = upcio.Hint{Key: cmem.GoString(h.key), Value: cmem.GoString(h.value)}
	}
	r, err := c.f.Control(command, hint)
	if err != nil {
		return status(errno, err)
	}
	switch command {
	case upcio.GetFN:
		if c.name == 0 {
			c.name = cmem.CString(c.f.Name())
		}
		cmem.Store(arg, c.name)
	case upcio.GetHints:
		c.freeHints()
		if hs := c.f.Hints(); len(hs) > 0 {
			c.hints = cmem.Malloc(uintptr(len(hs)) * unsafe.Sizeof(cHint{}))
			for i, h := range hs {
				k, v := cmem.CString(h.Key), cmem.CString(h.Value)
				c.strs = append(c.strs, k, v)
				cmem.Store(c.hints+uintptr(i)*unsafe.Sizeof(cHint{}), cHint{k, v})
			}
		}
		cmem.Store(arg, c.hints)
	}
	return int32(r)
}

// cLocalVec is struct upc_local_memvec.
type cLocalVec struct {
	addr uintptr
	n    uintptr
}

// localBytes is the private buffer of n bytes at p.
func localBytes(op string, p uintptr, n uintptr) []byte {
	if n == 0 {
		return nil
	}
	if p == 0 {
		panic(fmt.Sprintf("%s: the buffer for %d bytes is a null pointer", op, n))
	}
	return cmem.Bytes(p, n)
}

// localSize is size*nmemb, which must fit in memory.
func localSize(op string, size, nmemb uint64) uintptr {
	if size != 0 && nmemb > uint64(^uintptr(0)>>1)/size {
		panic(fmt.Sprintf("%s: a buffer of %d elements of %d bytes is larger than memory", op, nmemb, size))
	}
	return uintptr(size * nmemb)
}

// ioOp runs one data call of fd as name (the _async form with async).
func ioOp(t *upc.Thread, errno *int32, fd upc.SharedPtr, name string, async bool, call func(f *upcio.File, flags upc.Flag) (int64, error), flags int32) int64 {
	fl := upc.Flag(flags)
	if async {
		name += "_async"
		fl |= upcio.Async
	}
	c := lookup(t, errno, fd, name)
	if c == nil {
		return -1
	}
	n, err := call(c.f, fl)
	return offset(errno, n, err)
}

// AllFreadLocal is upc_all_fread_local, and with async
// upc_all_fread_local_async.
func AllFreadLocal(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, buf uintptr, size, nmemb uint64, flags int32) int64 {
	const op = "upc_all_fread_local"
	return ioOp(t, errno, fd, op, async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.ReadLocal(localBytes(op, buf, localSize(op, size, nmemb)), fl)
	}, flags)
}

// AllFwriteLocal is upc_all_fwrite_local (and _async).
func AllFwriteLocal(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, buf uintptr, size, nmemb uint64, flags int32) int64 {
	const op = "upc_all_fwrite_local"
	return ioOp(t, errno, fd, op, async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.WriteLocal(localBytes(op, buf, localSize(op, size, nmemb)), fl)
	}, flags)
}

// AllFreadShared is upc_all_fread_shared (and _async).
func AllFreadShared(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, buf upc.SharedPtr, blocksize, size, nmemb uint64, flags int32) int64 {
	return ioOp(t, errno, fd, "upc_all_fread_shared", async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.ReadShared(buf, uintptr(blocksize), uintptr(size), uintptr(nmemb), fl)
	}, flags)
}

// AllFwriteShared is upc_all_fwrite_shared (and _async).
func AllFwriteShared(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, buf upc.SharedPtr, blocksize, size, nmemb uint64, flags int32) int64 {
	return ioOp(t, errno, fd, "upc_all_fwrite_shared", async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.WriteShared(buf, uintptr(blocksize), uintptr(size), uintptr(nmemb), fl)
	}, flags)
}

// localVecs is a struct upc_local_memvec array as byte slices.
func localVecs(op string, p uintptr, n uint64) [][]byte {
	vs := array[cLocalVec](op, p, n)
	out := make([][]byte, len(vs))
	for i, v := range vs {
		if v.addr == 0 && v.n > 0 {
			panic(fmt.Sprintf("%s: memory region %d, of %d bytes, is a null pointer", op, i, v.n))
		}
		out[i] = localBytes(op, v.addr, v.n)
	}
	return out
}

// AllFreadListLocal is upc_all_fread_list_local (and _async).
func AllFreadListLocal(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, memN uint64, mem uintptr, fileN uint64, file uintptr, flags int32) int64 {
	const op = "upc_all_fread_list_local"
	return ioOp(t, errno, fd, op, async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.ReadListLocal(localVecs(op, mem, memN), array[upcio.FileVec](op, file, fileN), fl)
	}, flags)
}

// AllFwriteListLocal is upc_all_fwrite_list_local (and _async).
func AllFwriteListLocal(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, memN uint64, mem uintptr, fileN uint64, file uintptr, flags int32) int64 {
	const op = "upc_all_fwrite_list_local"
	return ioOp(t, errno, fd, op, async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.WriteListLocal(localVecs(op, mem, memN), array[upcio.FileVec](op, file, fileN), fl)
	}, flags)
}

// AllFreadListShared is upc_all_fread_list_shared (and _async).
func AllFreadListShared(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, memN uint64, mem uintptr, fileN uint64, file uintptr, flags int32) int64 {
	const op = "upc_all_fread_list_shared"
	return ioOp(t, errno, fd, op, async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.ReadListShared(array[upcio.SharedVec](op, mem, memN), array[upcio.FileVec](op, file, fileN), fl)
	}, flags)
}

// AllFwriteListShared is upc_all_fwrite_list_shared (and _async).
func AllFwriteListShared(t *upc.Thread, errno *int32, async bool, fd upc.SharedPtr, memN uint64, mem uintptr, fileN uint64, file uintptr, flags int32) int64 {
	const op = "upc_all_fwrite_list_shared"
	return ioOp(t, errno, fd, op, async, func(f *upcio.File, fl upc.Flag) (int64, error) {
		return f.WriteListShared(array[upcio.SharedVec](op, mem, memN), array[upcio.FileVec](op, file, fileN), fl)
	}, flags)
}

// AllFwaitAsync is upc_all_fwait_async.
func AllFwaitAsync(t *upc.Thread, errno *int32, fd upc.SharedPtr) int64 {
	if c := lookup(t, errno, fd, "upc_all_fwait_async"); c != nil {
		n, err := c.f.Wait()
		return offset(errno, n, err)
	}
	return -1
}

// AllFtestAsync is upc_all_ftest_async; it sets *flag to 1 (the
// operation is complete) unless the handle is invalid.
func AllFtestAsync(t *upc.Thread, errno *int32, fd upc.SharedPtr, flag uintptr) int64 {
	const op = "upc_all_ftest_async"
	if flag == 0 {
		panic(op + ": flag is a null pointer")
	}
	c := lookup(t, errno, fd, op)
	if c == nil {
		cmem.Store(flag, int32(1))
		return -1
	}
	done, n, err := c.f.Test()
	cmem.Store(flag, B2I(done))
	return offset(errno, n, err)
}
