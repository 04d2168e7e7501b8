package upcio

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"syscall"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/upc"
)

// FileVec is struct upc_filevec: Len bytes of the file at Offset. Its
// layout is the C struct's.
type FileVec struct {
	Offset int64
	Len    uintptr
}

// SharedVec is struct upc_shared_memvec: Len bytes of shared memory laid
// out as shared [BlockSize] char from Addr (BlockSize 0: indefinite, all
// on Addr's thread). Addr's phase is ignored: the region starts at the
// beginning of a block, as in Berkeley UPC. Its layout is the C struct's.
type SharedVec struct {
	Addr      upc.SharedPtr
	BlockSize uintptr
	Len       uintptr
}

// span is one piece of a call's memory, in the order its bytes meet the
// file: private bytes (C memory, or a Go slice from a Go caller) or a run
// of a shared array laid out as shared [block] char from shared, whose
// phase (in bytes) says where in a block it starts.
type span struct {
	local   []byte
	isLocal bool
	shared  upc.SharedPtr
	block   uintptr
	n       uintptr
}

func localSpan(b []byte) span { return span{local: b, isLocal: true, n: uintptr(len(b))} }

// sharedSpan is the whole of v, its phase reset.
func sharedSpan(v SharedVec) span {
	p := v.Addr
	p.Phase = 0
	return span{shared: p, block: v.BlockSize, n: v.Len}
}

// at is the shared address off bytes into the span.
func (s span) at(off uintptr, threads int) upc.SharedPtr {
	return s.shared.Add(int64(off), upc.Layout{Block: s.block, ElemSize: 1}, threads)
}

// region is one run of the file a call reads or writes; skip marks bytes
// a strongly consistent write leaves to a higher thread (see trim).
type region struct {
	off  int64
	n    uintptr
	skip bool
}

// dataCall describes one read or write call.
type dataCall struct {
	op     string // the synchronous form's name
	write  bool
	local  bool // private buffers: the file needs UPC_INDIVIDUAL_FP
	list   bool // explicit offsets: the file pointer is neither used nor moved
	mem    []span
	file   []FileVec  // list I/O
	common *SharedVec // fp-based shared I/O: the buffer, single-valued under UPC_COMMON_FP
	argErr error
}

// chunk bounds the private buffer through which shared memory meets the
// file.
const chunk = 4 << 20

// ReadLocal is upc_all_fread_local: this thread reads len(buf) bytes at
// its file pointer (UPC_INDIVIDUAL_FP only) and moves the pointer past
// them. It returns the bytes read, fewer at the end of the file.
func (f *File) ReadLocal(buf []byte, flags upc.Flag) (int64, error) {
	return f.data(dataCall{op: "upc_all_fread_local", local: true, mem: []span{localSpan(buf)}}, flags)
}

// WriteLocal is upc_all_fwrite_local: this thread writes buf at its file
// pointer (UPC_INDIVIDUAL_FP only) and moves the pointer past it.
func (f *File) WriteLocal(buf []byte, flags upc.Flag) (int64, error) {
	return f.data(dataCall{op: "upc_all_fwrite_local", write: true, local: true, mem: []span{localSpan(buf)}}, flags)
}

// A null buffer (or region) with bytes to move, or one larger than
// memory, is a runtime error: the C program would crash on it too.

// ReadShared is upc_all_fread_shared: size*nmemb bytes from the file
// pointer into buf, a shared array of blockSize elements of size bytes per
// block (blockSize 0: indefinite). With UPC_INDIVIDUAL_FP each thread reads
// its own request at its own pointer; with UPC_COMMON_FP buf, blockSize,
// size and nmemb are single-valued, the threads read the one request
// together (each a contiguous share of it) and every thread returns the
// bytes read.
func (f *File) ReadShared(buf upc.SharedPtr, blockSize, size, nmemb uintptr, flags upc.Flag) (int64, error) {
	return f.data(sharedCall("upc_all_fread_shared", false, buf, blockSize, size, nmemb), flags)
}

// WriteShared is upc_all_fwrite_shared, ReadShared's counterpart.
func (f *File) WriteShared(buf upc.SharedPtr, blockSize, size, nmemb uintptr, flags upc.Flag) (int64, error) {
	return f.data(sharedCall("upc_all_fwrite_shared", true, buf, blockSize, size, nmemb), flags)
}

func sharedCall(op string, write bool, buf upc.SharedPtr, blockSize, size, nmemb uintptr) dataCall {
	n, ok := mul(size, nmemb)
	block, ok2 := mul(size, blockSize)
	switch {
	case !ok || !ok2:
		panic(fmt.Sprintf("%s: a buffer of %d elements of %d bytes (blocks of %d) is larger than memory", op, nmemb, size, blockSize))
	case buf.IsNull() && n > 0:
		panic(fmt.Sprintf("%s: the buffer for %d bytes is a null pointer-to-shared", op, n))
	}
	return dataCall{op: op, write: write, common: &SharedVec{Addr: buf, BlockSize: block, Len: n}}
}

func mul(a, b uintptr) (uintptr, bool) {
	if a != 0 && b > math.MaxInt64/a {
		return 0, false
	}
	return a * b, true
}

// ReadListLocal is upc_all_fread_list_local: the file regions, in
// order, fill the private regions, in order (both lists total the same
// bytes; the file offsets never decrease). The file pointer is neither
// used nor moved; UPC_INDIVIDUAL_FP only. It returns the bytes read, up to
// the first file region that meets the end of the file.
func (f *File) ReadListLocal(mem [][]byte, file []FileVec, flags upc.Flag) (int64, error) {
	return f.data(listCall("upc_all_fread_list_local", false, true, localSpans(mem), file), flags)
}

// WriteListLocal is upc_all_fwrite_list_local: the private regions, in
// order, go to the file regions, in order, which may not overlap and must
// be in increasing order.
func (f *File) WriteListLocal(mem [][]byte, file []FileVec, flags upc.Flag) (int64, error) {
	return f.data(listCall("upc_all_fwrite_list_local", true, true, localSpans(mem), file), flags)
}

// ReadListShared is upc_all_fread_list_shared: ReadListLocal into shared
// regions.
func (f *File) ReadListShared(mem []SharedVec, file []FileVec, flags upc.Flag) (int64, error) {
	return f.data(listCall("upc_all_fread_list_shared", false, false, sharedSpans(mem), file), flags)
}

// WriteListShared is upc_all_fwrite_list_shared: WriteListLocal from
// shared regions.
func (f *File) WriteListShared(mem []SharedVec, file []FileVec, flags upc.Flag) (int64, error) {
	return f.data(listCall("upc_all_fwrite_list_shared", true, false, sharedSpans(mem), file), flags)
}

func localSpans(mem [][]byte) []span {
	out := make([]span, len(mem))
	for i, b := range mem {
		out[i] = localSpan(b)
	}
	return out
}

func sharedSpans(mem []SharedVec) []span {
	out := make([]span, len(mem))
	for i, v := range mem {
		out[i] = sharedSpan(v)
	}
	return out
}

func listCall(op string, write, local bool, mem []span, file []FileVec) dataCall {
	c := dataCall{op: op, write: write, local: local, list: true, mem: mem, file: file}
	var memTotal, fileTotal uintptr
	for i, s := range mem {
		if s.n > 0 && !s.isLocal && s.shared.IsNull() {
			panic(fmt.Sprintf("%s: memory region %d, of %d bytes, is a null pointer-to-shared", op, i, s.n))
		}
		memTotal += s.n
	}
	end := int64(-1) // writes: the end of the previous region; reads: its offset
	for i, v := range file {
		if v.Len == 0 {
			continue
		}
		switch {
		case v.Offset < 0 || uint64(v.Len) > uint64(math.MaxInt64-v.Offset):
			c.argErr = fail(op, syscall.EINVAL, "file region %d (offset %d, %d bytes) lies outside any file", i, v.Offset, v.Len)
		case write && v.Offset < end:
			c.argErr = fail(op, syscall.EINVAL, "file region %d (offset %d) overlaps or precedes the one before it: a write's regions must be in increasing order", i, v.Offset)
		case !write && v.Offset < end:
			c.argErr = fail(op, syscall.EINVAL, "file region %d (offset %d) precedes the one before it: a read's offsets may not decrease", i, v.Offset)
		}
		if c.argErr != nil {
			return c
		}
		end = v.Offset
		if write {
			end += int64(v.Len)
		}
		fileTotal += v.Len
	}
	if memTotal != fileTotal {
		c.argErr = fail(op, syscall.EINVAL, "the memory regions hold %d bytes but the file regions %d", memTotal, fileTotal)
	}
	return c
}

// data runs one read or write call: the entry round (single-valued
// arguments, and the entry synchronisation for every mode), the transfer,
// the round that agrees on a common file pointer's result, and the exit
// synchronisation (at Wait for an asynchronous call).
func (f *File) data(c dataCall, flags upc.Flag) (int64, error) {
	async := flags&Async != 0
	op := c.op
	if async {
		op += "_async"
	}
	common := c.common != nil && f.flags&CommonFP != 0
	strong := f.flags&StrongCA != 0
	args := []single{f.handleArg(), num("the sync mode", int64(flags))}
	if common {
		b := c.common
		args = append(args, num("the buffer's thread (UPC_COMMON_FP)", int64(b.Addr.Thread)),
			num("the buffer's address (UPC_COMMON_FP)", int64(b.Addr.Addr)),
			num("the block size in bytes (UPC_COMMON_FP)", int64(b.BlockSize)),
			num("the size in bytes (UPC_COMMON_FP)", int64(b.Len)))
	}
	err := f.busy(op)
	busy := err != nil
	_, out, ok := (flags &^ Async).Modes()
	switch {
	case err != nil:
	case !ok:
		err = fail(op, syscall.EINVAL, "invalid sync mode %#x (want one UPC_IN_*SYNC or-ed with one UPC_OUT_*SYNC, and UPC_ASYNC)", int32(flags))
	case c.write && f.flags&RdOnly != 0:
		err = fail(op, syscall.EBADF, "the file is open UPC_RDONLY")
	case !c.write && f.flags&WrOnly != 0:
		err = fail(op, syscall.EBADF, "the file is open UPC_WRONLY")
	case c.local && f.flags&CommonFP != 0:
		err = fail(op, syscall.EINVAL, "private buffers need a file opened with UPC_INDIVIDUAL_FP")
	default:
		err = c.argErr
	}

	// The file regions this thread moves, against c.mem.
	var file []region
	var share uintptr // common: where this thread's share of the stream starts
	switch {
	case c.list:
		for _, v := range c.file {
			file = append(file, region{off: v.Offset, n: v.Len})
		}
	case common:
		// Thread i moves bytes [lo, hi) of the one request: large
		// sequential file accesses, the shared side through the
		// library's vector transfers.
		b, T, me := c.common, uintptr(f.t.Threads), uintptr(f.t.MyThread)
		lo, hi := b.Len/T*me+min(me, b.Len%T), b.Len/T*(me+1)+min(me+1, b.Len%T)
		share = lo
		s := sharedSpan(*b)
		s.shared = s.at(lo, f.t.Threads)
		s.n = hi - lo
		c.mem = []span{s}
		file = []region{{off: f.pos + int64(lo), n: hi - lo}}
	case c.common != nil:
		c.mem = []span{sharedSpan(*c.common)}
		file = []region{{off: f.pos, n: c.common.Len}}
	default:
		file = []region{{off: f.pos, n: c.mem[0].n}}
	}
	if err == nil && !c.list && f.pos > math.MaxInt64-int64(file[0].n) {
		err = fail(op, syscall.EINVAL, "the transfer would end past the largest file offset")
	}

	var payload []byte
	if strong && c.write && !common && err == nil {
		payload = appendRegions(nil, file)
	}
	all := round(f.t, op, args, payload)

	var n int64
	var short bool
	if err == nil {
		if strong && c.write && !common {
			file = trim(file, higherRegions(all, f.t.MyThread))
		}
		var terr error
		n, short, terr = f.move(op, c.write, c.mem, file)
		err = wrap(op, terr)
	}
	if common {
		// The one request's outcome, the same on every thread: the first
		// failure, else the bytes up to the first short share.
		got := int64(share) + n
		if !short {
			got = int64(c.common.Len)
		}
		outs := round(f.t, op, args, appendInts(nil, int64(errnoOf(err)), got))
		err, n = agree(op, outs), int64(c.common.Len)
		for _, o := range outs {
			n = min(n, ints(o)[1])
		}
	} else if !async && (out != upc.OutNoSync || strong) {
		round(f.t, op, args, nil)
	}
	if err == nil && !c.list {
		f.pos += n
	}
	if async && !busy {
		f.async = &pending{op: op, n: n, err: err}
		return 0, nil
	}
	return n, err
}

// move moves the call's bytes: the stream of mem's bytes meets the file
// regions in order. It returns the bytes moved, and short when a read met
// the end of the file (it stops there).
func (f *File) move(op string, write bool, mem []span, file []region) (n int64, short bool, err error) {
	lib := f.t.Lib(op)
	var buf []byte
	mi, moff := 0, uintptr(0)
	for _, r := range file {
		for roff := uintptr(0); roff < r.n; {
			for moff == mem[mi].n {
				mi, moff = mi+1, 0
			}
			s := mem[mi]
			k := min(r.n-roff, s.n-moff)
			at := r.off + int64(roff)
			var m int
			switch {
			case r.skip:
				m = int(k)
			case s.isLocal:
				if write {
					m, err = f.f.WriteAt(s.local[moff:moff+k], at)
				} else {
					m, err = f.f.ReadAt(s.local[moff:moff+k], at)
				}
			default:
				k = min(k, chunk)
				if uintptr(len(buf)) < k {
					buf = make([]byte, k)
				}
				b := buf[:k]
				p := s.at(moff, f.t.Threads)
				if write {
					lib.MemgetBlocked(upc.Blocking, unsafe.Pointer(&b[0]), p, s.block, 1, k)
					m, err = f.f.WriteAt(b, at)
				} else {
					m, err = f.f.ReadAt(b, at)
					if m > 0 {
						lib.MemputBlocked(upc.Blocking, p, s.block, unsafe.Pointer(&b[0]), 1, uintptr(m))
					}
				}
			}
			n += int64(m)
			if uintptr(m) < k {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				return n, true, err
			}
			roff += k
			moff += k
		}
	}
	return n, false, nil
}

// Strong consistency and atomicity (UPC_STRONG_CA) for writes: a call
// behaves as if the threads wrote one after another in thread order, so
// where writes overlap the highest thread's bytes win. Every thread sends
// its regions in the entry round and skips the bytes a higher thread
// writes.

func appendRegions(b []byte, rs []region) []byte {
	for _, r := range rs {
		if r.n > 0 {
			b = appendInts(b, r.off, int64(r.n))
		}
	}
	return b
}

// higherRegions is the union of the regions of the threads above me, in
// order, with no two touching.
func higherRegions(all [][]byte, me int) []region {
	var rs []region
	for _, p := range all[me+1:] {
		v := ints(p)
		for i := 0; i+1 < len(v); i += 2 {
			rs = append(rs, region{off: v[i], n: uintptr(v[i+1])})
		}
	}
	slices.SortFunc(rs, func(a, b region) int {
		switch {
		case a.off < b.off:
			return -1
		case a.off > b.off:
			return 1
		}
		return 0
	})
	var merged []region
	for _, r := range rs {
		if k := len(merged) - 1; k >= 0 && r.off <= merged[k].off+int64(merged[k].n) {
			merged[k].n = max(merged[k].n, uintptr(r.off+int64(r.n)-merged[k].off))
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// trim splits mine into the runs others also write (skip) and the rest.
func trim(mine, higher []region) []region {
	var out []region
	for _, r := range mine {
		off, end := r.off, r.off+int64(r.n)
		for _, h := range higher {
			hend := h.off + int64(h.n)
			if hend <= off || h.off >= end {
				continue
			}
			if h.off > off {
				out = append(out, region{off: off, n: uintptr(h.off - off)})
				off = h.off
			}
			cut := min(hend, end)
			out = append(out, region{off: off, n: uintptr(cut - off), skip: true})
			off = cut
		}
		if off < end || r.n == 0 {
			out = append(out, region{off: off, n: uintptr(end - off)})
		}
	}
	return out
}

// Wait is upc_all_fwait_async: it completes the outstanding asynchronous
// operation (the exit synchronisation happens here) and returns what the
// synchronous call would have.
func (f *File) Wait() (int64, error) {
	return f.complete("upc_all_fwait_async")
}

// Test is upc_all_ftest_async. upcgo performs the transfer when the call
// starts, so the operation is always complete: Test is Wait, reporting
// done.
func (f *File) Test() (done bool, n int64, err error) {
	n, err = f.complete("upc_all_ftest_async")
	return true, n, err
}

func (f *File) complete(op string) (int64, error) {
	round(f.t, op, []single{f.handleArg()}, nil)
	p := f.async
	if p == nil {
		return -1, fail(op, syscall.EINVAL, "no asynchronous operation is outstanding on this file")
	}
	f.async = nil
	return p.n, p.err
}
