package upcio

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
	"github.com/upcgo/upcgo/runtime/upc"
)

// shapes are the jobs every test runs on: one thread, several in one
// process (every segment addressable), and several processes (the paths
// through the conduit).
var shapes = [][2]int{{1, 1}, {3, 1}, {4, 2}}

// run runs body on every shape, each thread with its own *testing.T
// failures reported through the job's error.
func run(t *testing.T, body func(t *testing.T, th *upc.Thread, dir string)) {
	for _, s := range shapes {
		t.Run(fmt.Sprintf("threads=%d/procs=%d", s[0], s[1]), func(t *testing.T) {
			dir := t.TempDir()
			_, err := upc.RunWith(upc.Options{Threads: s[0], Conduit: smp.New(s[0], s[1]), SegmentSize: 8 << 20}, func(th *upc.Thread) int {
				body(t, th, dir)
				return 0
			})
			require.NoError(t, err)
		})
	}
}

func errnoIs(t *testing.T, err error, want syscall.Errno, msg string) {
	t.Helper()
	var e *Error
	if assert.True(t, errors.As(err, &e), "%s: want an *Error with %v, got %v", msg, want, err) {
		assert.Equal(t, want, e.Errno, "%s: %v", msg, err)
	}
}

// pattern is the byte a test writes at offset i for thread th.
func pattern(th, i int) byte { return byte(th*37 + i*11 + 1) }

func TestOpenErrors(t *testing.T) {
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		_, err := Open(th, name, RdOnly|IndividualFP, nil)
		errnoIs(t, err, syscall.ENOENT, "opening a missing file")
		for _, flags := range []Flags{RdOnly | RdWr | IndividualFP, RdWr, RdWr | IndividualFP | CommonFP, RdWr | IndividualFP | Excl, RdOnly | IndividualFP | Trunc, RdWr | IndividualFP | 1<<20} {
			_, err := Open(th, name, flags, nil)
			errnoIs(t, err, syscall.EINVAL, fmt.Sprintf("flags %#x", flags))
		}
		f, err := Open(th, name, RdWr|IndividualFP|Create|Excl, nil)
		require.NoError(t, err)
		_, err = Open(th, name, RdWr|IndividualFP|Create|Excl, nil)
		errnoIs(t, err, syscall.EEXIST, "UPC_EXCL on an existing file")
		require.NoError(t, f.Close())
		errnoIs(t, InvalidHandle(th, "upc_all_fclose"), syscall.EBADF, "a closed handle")
	})
}

// TestLocalIndividual: each thread writes its block at its own file
// pointer; the file must be the threads' blocks in order, and each reads
// its block back; reads at the end of the file come up short.
func TestLocalIndividual(t *testing.T) {
	const n = 1000
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		f, err := Open(th, name, RdWr|IndividualFP|Create|Trunc, []Hint{{"key", "value"}})
		require.NoError(t, err)
		buf := make([]byte, n)
		for i := range buf {
			buf[i] = pattern(th.MyThread, i)
		}
		pos, err := f.SeekFP(int64(th.MyThread*n), SeekSet)
		require.NoError(t, err)
		assert.Equal(t, int64(th.MyThread*n), pos)
		got, err := f.WriteLocal(buf, upc.InAllSync|upc.OutAllSync)
		require.NoError(t, err)
		assert.Equal(t, int64(n), got)
		size, err := f.Size()
		require.NoError(t, err)
		assert.Equal(t, int64(n*th.Threads), size)
		if th.MyThread == 0 {
			data, err := os.ReadFile(name)
			require.NoError(t, err)
			for w := range th.Threads {
				for i := range n {
					if data[w*n+i] != pattern(w, i) {
						t.Errorf("file byte %d: %d, want thread %d's %d", w*n+i, data[w*n+i], w, pattern(w, i))
						return
					}
				}
			}
		}
		// Read back from the far end: the last thread's read is short.
		_, err = f.SeekFP(int64((th.Threads-1-th.MyThread)*n+n/2), SeekSet)
		require.NoError(t, err)
		back := make([]byte, n)
		got, err = f.ReadLocal(back, 0)
		require.NoError(t, err)
		want := n
		if th.MyThread == 0 {
			want = n / 2
		}
		assert.Equal(t, int64(want), got)
		pos, _ = f.SeekFP(0, SeekCur)
		assert.Equal(t, int64((th.Threads-1-th.MyThread)*n+n/2+want), pos, "the file pointer moves by the bytes read")
		other := th.Threads - 1 - th.MyThread
		for i := range want {
			j := n/2 + i
			if back[i] != pattern(other+j/n, j%n) {
				t.Errorf("thread %d: read byte %d = %d", th.MyThread, i, back[i])
				break
			}
		}
		end, err := f.SeekFP(-10, SeekEnd)
		require.NoError(t, err)
		assert.Equal(t, int64(n*th.Threads-10), end)
		_, err = f.SeekFP(-1, SeekSet)
		errnoIs(t, err, syscall.EINVAL, "seeking before the start")
		n, err := f.Control(GetHints, Hint{})
		require.NoError(t, err)
		assert.Equal(t, int64(1), n)
		require.NoError(t, f.Close())
	})
}

// sharedArray is a shared [block] char array of n bytes.
func sharedArray(th *upc.Thread, block, n uintptr) upc.SharedPtr {
	if block == 0 {
		p := th.AllAlloc(1, n)
		return p
	}
	return th.AllAlloc((n+block-1)/block, block)
}

// elem is the address of byte i of a shared [block] char array at p.
func elem(th *upc.Thread, p upc.SharedPtr, block uintptr, i int) upc.SharedPtr {
	return p.Add(int64(i), upc.Layout{Block: block, ElemSize: 1}, th.Threads)
}

// TestSharedCommon: with a common file pointer the threads write one
// blocked array together (the file is the array in its logical order),
// every thread gets the total, the pointer moves once, and a read back
// into an array of another layout and a short read at the end agree.
func TestSharedCommon(t *testing.T) {
	const n = 5003
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		f, err := Open(th, name, RdWr|CommonFP|Create|Trunc, nil)
		require.NoError(t, err)
		src := sharedArray(th, 7, n)
		if th.MyThread == 0 {
			for i := range n {
				upc.Store(th, elem(th, src, 7, i), pattern(1, i))
			}
		}
		got, err := f.WriteShared(src, 7, 1, n, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(n), got)
		pos, _ := f.SeekFP(0, SeekCur)
		assert.Equal(t, int64(n), pos)
		if th.MyThread == 0 {
			data, err := os.ReadFile(name)
			require.NoError(t, err)
			require.Len(t, data, n)
			for i := range n {
				if data[i] != pattern(1, i) {
					t.Errorf("file byte %d = %d, want %d", i, data[i], pattern(1, i))
					break
				}
			}
		}
		// Read it back as shared [3] of 4-byte elements (12-byte blocks),
		// from 100 bytes before the end: 100 bytes come back.
		dst := sharedArray(th, 12, 400)
		_, err = f.SeekFP(n-100, SeekSet)
		require.NoError(t, err)
		got, err = f.ReadShared(dst, 3, 4, 100, upc.InNoSync|upc.OutMySync)
		require.NoError(t, err)
		assert.Equal(t, int64(100), got)
		th.Barrier()
		if th.MyThread == th.Threads-1 {
			for i := range 100 {
				if v := upc.Load[byte](th, elem(th, dst, 12, i)); v != pattern(1, n-100+i) {
					t.Errorf("dst byte %d = %d, want %d", i, v, pattern(1, n-100+i))
					break
				}
			}
		}
		_, err = f.ReadLocal(make([]byte, 1), 0)
		errnoIs(t, err, syscall.EINVAL, "private buffers with a common file pointer")
		require.NoError(t, f.Close())
	})
}

// TestSharedIndividual: each thread writes a different shared array at
// its own pointer, into an indefinite array on the next thread.
func TestSharedIndividual(t *testing.T) {
	const n = 300
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		f, err := Open(th, name, WrOnly|IndividualFP|Create|Trunc|DeleteOnClose, nil)
		require.NoError(t, err)
		arr := sharedArray(th, 5, n*uintptr(th.Threads))
		for i := range n * th.Threads {
			if p := elem(th, arr, 5, i); int(p.Thread) == th.MyThread {
				upc.Store(th, p, pattern(2, i))
			}
		}
		th.Barrier()
		// Thread k writes bytes [k*n, (k+1)*n) of the array at k*n.
		_, err = f.SeekFP(int64(th.MyThread*n), SeekSet)
		require.NoError(t, err)
		got, err := f.WriteShared(elem(th, arr, 5, th.MyThread*n), 5, 1, n, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(n), got)
		if th.MyThread == 0 {
			data, err := os.ReadFile(name)
			require.NoError(t, err)
			want := make([]byte, n*th.Threads)
			for k := range th.Threads {
				// The phase of the pointer is ignored: thread k's bytes
				// start a block at the address of element k*n.
				start := elem(th, arr, 5, k*n)
				start.Phase = 0
				for i := range n {
					want[k*n+i] = upc.Load[byte](th, elem(th, start, 5, i))
				}
			}
			assert.Equal(t, want, data)
		}
		_, err = f.ReadLocal(make([]byte, 1), 0)
		errnoIs(t, err, syscall.EBADF, "reading a UPC_WRONLY file")
		require.NoError(t, f.Close())
		_, err = os.Stat(name)
		assert.True(t, os.IsNotExist(err), "UPC_DELETE_ON_CLOSE")
	})
}

// listModel applies a list read or write to a byte slice standing for
// the file: the oracle for the list tests.
func listModel(file []byte, stream []byte, vecs []FileVec, write bool) []byte {
	off := 0
	for _, v := range vecs {
		if v.Len == 0 {
			continue
		}
		end := int(v.Offset) + int(v.Len)
		if write {
			if end > len(file) {
				file = append(file, make([]byte, end-len(file))...)
			}
			copy(file[v.Offset:end], stream[off:])
		} else {
			copy(stream[off:off+int(v.Len)], file[v.Offset:end])
		}
		off += int(v.Len)
	}
	return file
}

// randomList makes file regions in increasing order, with gaps and empty
// entries, and cuts the same total into memory pieces.
func randomList(r *rand.Rand, base int64) (file []FileVec, pieces []int) {
	total := 0
	off := base
	for range 1 + r.IntN(8) {
		n := r.IntN(300)
		if r.IntN(6) == 0 {
			n = 0
		}
		off += int64(r.IntN(50))
		file = append(file, FileVec{Offset: off, Len: uintptr(n)})
		off += int64(n)
		total += n
	}
	for total > 0 {
		k := 1 + r.IntN(total)
		pieces = append(pieces, k)
		total -= k
	}
	return file, pieces
}

// TestList writes random lists from private and shared memory, each
// thread in its own part of the file, reads them back through other
// random lists, and checks file and memory against listModel.
func TestList(t *testing.T) {
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		f, err := Open(th, name, RdWr|IndividualFP|Create|Trunc, nil)
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(uint64(th.MyThread), 7))
		base := int64(th.MyThread) * 8000
		model := make([]byte, base)
		// A private write.
		file, pieces := randomList(r, base)
		var mem [][]byte
		var stream []byte
		for _, k := range pieces {
			b := make([]byte, k)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			mem = append(mem, b)
			stream = append(stream, b...)
		}
		got, err := f.WriteListLocal(mem, file, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(len(stream)), got)
		model = listModel(model, stream, file, true)
		// A shared write after it, from a cyclic array of the thread's
		// own, in pieces.
		file2, pieces2 := randomList(r, base+3000)
		const per = 2560                              // bytes of the array per thread
		sh := th.AllAlloc(uintptr(th.Threads)*per, 1) // shared [1] char[per*THREADS]
		var svecs []SharedVec
		var stream2 []byte
		at := 0
		for _, k := range pieces2 {
			svecs = append(svecs, SharedVec{Addr: elem(th, sh, 1, th.MyThread*per+at), BlockSize: 1, Len: uintptr(k)})
			for i := range k {
				v := byte(r.Uint32())
				upc.Store(th, elem(th, elem(th, sh, 1, th.MyThread*per+at), 1, i), v)
				stream2 = append(stream2, v)
			}
			at += k
		}
		got, err = f.WriteListShared(svecs, file2, upc.InAllSync|upc.OutNoSync)
		require.NoError(t, err)
		assert.Equal(t, int64(len(stream2)), got)
		model = listModel(model, stream2, file2, true)
		pos, _ := f.SeekFP(0, SeekCur)
		assert.Equal(t, int64(0), pos, "list I/O leaves the file pointer alone")
		th.Barrier() // every thread's writes are done
		// Read this thread's part back in one private list.
		back := make([]byte, len(model)-int(base))
		got, err = f.ReadListLocal([][]byte{back[:len(back)/2], back[len(back)/2:]}, []FileVec{{Offset: base, Len: uintptr(len(back))}}, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(len(back)), got)
		assert.Equal(t, model[base:], back)
		// And through a shared list into an indefinite array.
		ind := th.AllAlloc(uintptr(th.Threads), 8192)
		ind.Thread = uint32((th.MyThread + 1) % th.Threads)
		got, err = f.ReadListShared([]SharedVec{{Addr: ind, Len: uintptr(len(back))}}, []FileVec{{Offset: base, Len: uintptr(len(back))}}, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(len(back)), got)
		sb := make([]byte, len(back))
		if len(sb) > 0 {
			th.Memget(unsafe.Pointer(&sb[0]), ind, uintptr(len(sb)))
		}
		assert.Equal(t, back, sb)
		// Bad lists.
		_, err = f.ReadListLocal([][]byte{make([]byte, 4)}, []FileVec{{Offset: 10, Len: 2}, {Offset: 5, Len: 2}}, 0)
		errnoIs(t, err, syscall.EINVAL, "decreasing read offsets")
		_, err = f.WriteListLocal([][]byte{make([]byte, 4)}, []FileVec{{Offset: 10, Len: 2}, {Offset: 11, Len: 2}}, 0)
		errnoIs(t, err, syscall.EINVAL, "overlapping write regions")
		_, err = f.WriteListLocal([][]byte{make([]byte, 4)}, []FileVec{{Offset: 10, Len: 3}}, 0)
		errnoIs(t, err, syscall.EINVAL, "different totals")
		assert.PanicsWithValue(t, "upc_all_fwrite_list_shared: memory region 0, of 3 bytes, is a null pointer-to-shared", func() {
			f.WriteListShared([]SharedVec{{Len: 3}}, []FileVec{{Offset: 10, Len: 3}}, 0)
		})
		require.NoError(t, f.Close())
	})
}

// TestStrong: under UPC_STRONG_CA every thread writes overlapping
// regions in one call; the file must be the threads' writes applied in
// thread order.
func TestStrong(t *testing.T) {
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		f, err := Open(th, name, RdWr|IndividualFP|Create|Trunc|StrongCA, nil)
		require.NoError(t, err)
		// Thread k writes [10k, 10k+25) and [200-7k, 230-7k).
		regions := func(k int) []FileVec {
			return []FileVec{{Offset: int64(10 * k), Len: 25}, {Offset: int64(200 - 7*k), Len: 30}}
		}
		mine := make([]byte, 55)
		for i := range mine {
			mine[i] = pattern(th.MyThread, i)
		}
		got, err := f.WriteListLocal([][]byte{mine}, regions(th.MyThread), upc.InNoSync|upc.OutNoSync)
		require.NoError(t, err)
		assert.Equal(t, int64(55), got)
		if th.MyThread == 0 {
			var model []byte
			for k := range th.Threads {
				b := make([]byte, 55)
				for i := range b {
					b[i] = pattern(k, i)
				}
				model = listModel(model, b, regions(k), true)
			}
			data, err := os.ReadFile(name)
			require.NoError(t, err)
			assert.Equal(t, model, data)
		}
		ca, err := f.Control(GetCASemantics, Hint{})
		require.NoError(t, err)
		assert.Equal(t, int64(StrongCA), ca)
		_, err = f.Control(SetWeakCASemantics, Hint{})
		require.NoError(t, err)
		ca, _ = f.Control(GetCASemantics, Hint{})
		assert.Equal(t, int64(0), ca)
		require.NoError(t, f.Close())
	})
}

// TestSizeAndControl: set_size, preallocate, append, switching file
// pointer kinds, and the asynchronous calls.
func TestSizeAndControl(t *testing.T) {
	run(t, func(t *testing.T, th *upc.Thread, dir string) {
		name := filepath.Join(dir, "f")
		f, err := Open(th, name, RdWr|CommonFP|Create|Trunc, nil)
		require.NoError(t, err)
		require.NoError(t, f.SetSize(100))
		size, _ := f.Size()
		assert.Equal(t, int64(100), size)
		require.NoError(t, f.Preallocate(50))
		size, _ = f.Size()
		assert.Equal(t, int64(100), size, "preallocate never shrinks")
		require.NoError(t, f.Preallocate(150))
		size, _ = f.Size()
		assert.Equal(t, int64(150), size)
		errnoIs(t, f.SetSize(-1), syscall.EINVAL, "a negative size")
		fl, _ := f.Control(GetFL, Hint{})
		assert.Equal(t, int64(RdWr|CommonFP|Create|Trunc), fl)
		_, err = f.SeekFP(40, SeekSet)
		require.NoError(t, err)
		_, err = f.Control(SetIndividualFP, Hint{})
		require.NoError(t, err)
		pos, _ := f.SeekFP(0, SeekCur)
		assert.Equal(t, int64(0), pos, "switching the file pointer kind rewinds")
		fp, _ := f.Control(GetFP, Hint{})
		assert.Equal(t, int64(IndividualFP), fp)
		nh, err := f.Control(SetHint, Hint{"a", "b"})
		require.NoError(t, err)
		assert.Equal(t, int64(1), nh)
		assert.Equal(t, []Hint{{"a", "b"}}, f.Hints())

		// Asynchronous: the write is outstanding until Wait.
		buf := []byte{1, 2, 3, 4}
		_, err = f.SeekFP(int64(4*th.MyThread), SeekSet)
		require.NoError(t, err)
		n, err := f.WriteLocal(buf, Async)
		require.NoError(t, err)
		assert.Equal(t, int64(0), n)
		out, err := f.Control(AsyncOutstanding, Hint{})
		require.NoError(t, err)
		assert.Equal(t, int64(1), out)
		_, err = f.Size()
		errnoIs(t, err, syscall.EINPROGRESS, "a call while an asynchronous one is outstanding")
		_, err = f.ReadLocal(buf, Async)
		errnoIs(t, err, syscall.EINPROGRESS, "a second asynchronous call")
		n, err = f.Wait()
		require.NoError(t, err)
		assert.Equal(t, int64(4), n)
		_, err = f.Wait()
		errnoIs(t, err, syscall.EINVAL, "waiting with nothing outstanding")
		_, err = f.ReadLocal(buf, upc.InNoSync|upc.InAllSync)
		errnoIs(t, err, syscall.EINVAL, "two entry modes")
		require.NoError(t, f.Close())

		g, err := Open(th, name, WrOnly|IndividualFP|Append, nil)
		require.NoError(t, err)
		pos, _ = g.SeekFP(0, SeekCur)
		assert.Equal(t, int64(150), pos, "UPC_APPEND starts at the end")
		_, err = g.ReadLocal(buf, 0)
		errnoIs(t, err, syscall.EBADF, "reading a write-only file")
		require.NoError(t, g.Close())
	})
}

// TestSingleValued: threads that pass different values where the
// specification wants one get a runtime error naming the argument.
func TestSingleValued(t *testing.T) {
	dir := t.TempDir()
	_, err := upc.RunWith(upc.Options{Threads: 2, SegmentSize: 1 << 20}, func(th *upc.Thread) int {
		f, err := Open(th, filepath.Join(dir, "f"), RdWr|CommonFP|Create, nil)
		if err != nil {
			panic(err)
		}
		f.SeekFP(int64(th.MyThread), SeekSet)
		return 0
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "upc_all_fseek: the offset (UPC_COMMON_FP) must be single-valued, but thread 0 passed 0 and thread 1 passed 1")

	_, err = upc.RunWith(upc.Options{Threads: 2, SegmentSize: 1 << 20}, func(th *upc.Thread) int {
		Open(th, filepath.Join(dir, fmt.Sprint("g", th.MyThread)), RdWr|CommonFP|Create, nil)
		return 0
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "upc_all_fopen: the file name must be single-valued")
	assert.True(t, bytes.Contains([]byte(err.Error()), []byte("thread 1")))
}
