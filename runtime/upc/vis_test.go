package upc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
	"github.com/upcgo/upcgo/runtime/internal/vismodel"
)

// The library tests check every transfer against a brute-force model:
// "the bytes of the source regions, in order, land in the destination
// regions, in order". Every thread owns a slab in each thread's part of
// one shared array and keeps a model of it; only the owner writes a slab.
// A slab has two halves; in each round one is written (destinations) and
// the other read (shared sources), so that no transfer of a round reads
// what another writes.

const slabSize = 64 << 10

// bspan is a region of a slab half or a private buffer.
type bspan = vismodel.Span

// sregion is a bspan of the slab on one thread.
type sregion struct {
	thread int
	bspan
}

type libWorld struct {
	t      *Thread
	r      *rand.Rand
	base   SharedPtr // the shared array's part on thread 0
	models [][]byte  // models[thread]: this thread's slab there
	round  int
}

func newLibWorld(t *Thread, seed uint64) *libWorld {
	w := &libWorld{t: t, r: rand.New(rand.NewPCG(seed, uint64(t.MyThread)))}
	w.base = t.AllAlloc(uintptr(t.Threads), uintptr(t.Threads)*slabSize)
	w.models = make([][]byte, t.Threads)
	for i := range w.models {
		w.models[i] = make([]byte, slabSize)
	}
	// Reused heap space is not zero: make the real slabs match the model.
	for th := range t.Threads {
		t.Memset(w.at(th, 0), 0, slabSize)
	}
	t.Barrier()
	return w
}

// at is the pointer-to-shared of byte off of this thread's slab on thread.
func (w *libWorld) at(thread, off int) SharedPtr {
	return SharedPtr{Thread: uint32(thread), Addr: w.base.Addr + uintptr(w.t.MyThread*slabSize+off)}
}

func (w *libWorld) half(dst bool) int {
	h := w.round % 2
	if !dst {
		h = 1 - h
	}
	return h * slabSize / 2
}

func (w *libWorld) thread() int { return w.r.IntN(w.t.Threads) }

func (w *libWorld) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(w.r.Uint32())
	}
	return b
}

func (w *libWorld) verify(t *testing.T, what string) {
	got := make([]byte, slabSize)
	for th, model := range w.models {
		w.t.Memget(unsafe.Pointer(&got[0]), w.at(th, 0), slabSize)
		if i := firstDiff(model, got); i >= 0 {
			hi := min(i+16, len(got))
			require.Failf(t, "slab differs", "%s: thread %d's slab on thread %d differs at offset %#x: want % x, got % x",
				what, w.t.MyThread, th, i, model[i:hi], got[i:hi])
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// sharedStream and placeShared are the reference gather and scatter over
// the model.
func (w *libWorld) sharedStream(rs []sregion) []byte {
	var out []byte
	for _, r := range rs {
		out = append(out, w.models[r.thread][r.Off:r.Off+r.N]...)
	}
	return out
}

func (w *libWorld) placeShared(rs []sregion, data []byte) {
	for _, r := range rs {
		copy(w.models[r.thread][r.Off:r.Off+r.N], data[:r.N])
		data = data[r.N:]
	}
}

func total[T interface{ Size() int }](rs []T) int {
	n := 0
	for _, r := range rs {
		n += r.Size()
	}
	return n
}

// dstRegions returns disjoint regions of random lengths (some empty) on
// random threads inside area [lo, lo+size) of the destination half.
func (w *libWorld) dstRegions(lo, size, k, maxLen int) []sregion {
	var out []sregion
	pos := lo + w.r.IntN(8)
	for range k {
		n := w.r.IntN(maxLen + 1)
		if pos+n > lo+size {
			break
		}
		out = append(out, sregion{w.thread(), bspan{Off: w.half(true) + pos, N: n}})
		pos += n + w.r.IntN(16)
	}
	w.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// srcRegions returns regions (possibly overlapping) of the source half
// that hold total bytes.
func (w *libWorld) srcRegions(total, maxLen int) []sregion {
	var out []sregion
	for total > 0 {
		n := min(total, 1+w.r.IntN(maxLen))
		out = append(out, sregion{w.thread(), bspan{Off: w.half(false) + w.r.IntN(slabSize/2-n+1), N: n}})
		total -= n
	}
	return out
}

// privSpans returns disjoint spans of a private buffer that hold total
// bytes, in random order, and the buffer's size.
func (w *libWorld) privSpans(total, maxLen int) ([]bspan, int) {
	var out []bspan
	pos := 0
	for total > 0 {
		n := min(total, 1+w.r.IntN(maxLen))
		if w.r.IntN(8) == 0 {
			out = append(out, bspan{Off: pos, N: 0})
		}
		out = append(out, bspan{Off: pos, N: n})
		pos += n + w.r.IntN(8)
		total -= n
	}
	w.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, pos + 1
}

func (w *libWorld) smemvecs(rs []sregion) []SmemVec {
	out := make([]SmemVec, len(rs))
	for i, r := range rs {
		out[i] = SmemVec{w.at(r.thread, r.Off), uintptr(r.N)}
	}
	return out
}

func pmemvecs(buf []byte, spans []bspan) []PmemVec {
	out := make([]PmemVec, len(spans))
	for i, p := range vismodel.Addrs(buf, spans) {
		out[i] = PmemVec{Addr: p, Len: uintptr(spans[i].N)}
	}
	return out
}

// libOp is one random transfer: do starts it, check verifies its private
// effect once complete.
type libOp struct {
	name  string
	do    func(s Sync) Handle
	check func(t *testing.T)
}

func noCheck(*testing.T) {}

func (w *libWorld) vlistPut(lo, size int) libOp {
	dst := w.dstRegions(lo, size, 1+w.r.IntN(12), 200)
	srcSpans, n := w.privSpans(total(dst), 150)
	buf := w.bytes(n)
	w.placeShared(dst, vismodel.Stream(buf, srcSpans))
	dl, sl := w.smemvecs(dst), pmemvecs(buf, srcSpans)
	return libOp{"memput_vlist", func(s Sync) Handle { return w.t.MemputVlist(s, dl, sl) }, noCheck}
}

func (w *libWorld) vlistGet() libOp {
	src := w.srcRegions(1+w.r.IntN(1500), 200)
	want := w.sharedStream(src)
	dstSpans, n := w.privSpans(len(want), 150)
	buf := make([]byte, n)
	dl, sl := pmemvecs(buf, dstSpans), w.smemvecs(src)
	return libOp{"memget_vlist", func(s Sync) Handle { return w.t.MemgetVlist(s, dl, sl) }, func(t *testing.T) {
		require.Equal(t, want, vismodel.Stream(buf, dstSpans), "memget_vlist %v ← %v", dstSpans, src)
	}}
}

func (w *libWorld) vlistCopy(lo, size int) libOp {
	dst := w.dstRegions(lo, size, 1+w.r.IntN(12), 200)
	src := w.srcRegions(total(dst), 150)
	w.placeShared(dst, w.sharedStream(src))
	dl, sl := w.smemvecs(dst), w.smemvecs(src)
	return libOp{"memcpy_vlist", func(s Sync) Handle { return w.t.MemcpyVlist(s, dl, sl) }, noCheck}
}

// ilistShape returns indexed counts and lengths with equal totals.
func (w *libWorld) ilistShape() (dc, dlen, sc, slen int) {
	u := []int{1, 4, 8, 8, 24}[w.r.IntN(5)]
	a, b, k := 1+w.r.IntN(3), 1+w.r.IntN(3), 1+w.r.IntN(10)
	if w.r.IntN(3) == 0 {
		a = b // equal lengths: the pairwise path
	}
	return b * k, u * a, a * k, u * b
}

// fixedDst returns count disjoint regions of length n on random threads
// inside area [lo, lo+size) of the destination half.
func (w *libWorld) fixedDst(lo, size, count, n int) ([]sregion, bool) {
	slots := size / n
	if slots < count {
		return nil, false
	}
	out := make([]sregion, count)
	for i, k := range w.r.Perm(slots)[:count] {
		out[i] = sregion{w.thread(), bspan{Off: w.half(true) + lo + k*n, N: n}}
	}
	if w.r.IntN(2) == 0 {
		// Ascending order: the overlap check's one-pass case.
		slices.SortFunc(out, func(a, b sregion) int {
			if a.thread != b.thread {
				return a.thread - b.thread
			}
			return a.Off - b.Off
		})
	}
	return out, true
}

func (w *libWorld) sptrs(rs []sregion) []SharedPtr {
	out := make([]SharedPtr, len(rs))
	for i, r := range rs {
		out[i] = w.at(r.thread, r.Off)
	}
	return out
}

func (w *libWorld) ilistPut(lo, size int) (libOp, bool) {
	dc, dlen, sc, slen := w.ilistShape()
	dst, ok := w.fixedDst(lo, size, dc, dlen)
	if !ok {
		return libOp{}, false
	}
	buf := w.bytes(1024)
	src := make([]bspan, sc)
	for i := range src {
		src[i] = bspan{Off: w.r.IntN(len(buf) - slen), N: slen}
	}
	w.placeShared(dst, vismodel.Stream(buf, src))
	dl, sl := w.sptrs(dst), vismodel.Addrs(buf, src)
	return libOp{"memput_ilist", func(s Sync) Handle { return w.t.MemputIlist(s, dl, uintptr(dlen), sl, uintptr(slen)) }, noCheck}, true
}

func (w *libWorld) ilistGet() libOp {
	dc, dlen, sc, slen := w.ilistShape()
	src := make([]sregion, sc)
	for i := range src {
		src[i] = sregion{w.thread(), bspan{Off: w.half(false) + w.r.IntN(slabSize/2-slen), N: slen}}
	}
	want := w.sharedStream(src)
	buf := make([]byte, dc*dlen*2)
	dst := make([]bspan, dc)
	for i, k := range w.r.Perm(2 * dc)[:dc] {
		dst[i] = bspan{Off: k * dlen, N: dlen}
	}
	dl, sl := vismodel.Addrs(buf, dst), w.sptrs(src)
	return libOp{"memget_ilist", func(s Sync) Handle { return w.t.MemgetIlist(s, dl, uintptr(dlen), sl, uintptr(slen)) }, func(t *testing.T) {
		require.Equal(t, want, vismodel.Stream(buf, dst), "memget_ilist")
	}}
}

func (w *libWorld) ilistCopy(lo, size int) (libOp, bool) {
	dc, dlen, sc, slen := w.ilistShape()
	dst, ok := w.fixedDst(lo, size, dc, dlen)
	if !ok {
		return libOp{}, false
	}
	src := make([]sregion, sc)
	for i := range src {
		src[i] = sregion{w.thread(), bspan{Off: w.half(false) + w.r.IntN(slabSize/2-slen), N: slen}}
	}
	w.placeShared(dst, w.sharedStream(src))
	dl, sl := w.sptrs(dst), w.sptrs(src)
	return libOp{"memcpy_ilist", func(s Sync) Handle { return w.t.MemcpyIlist(s, dl, uintptr(dlen), sl, uintptr(slen)) }, noCheck}, true
}

// section is a random strided shape: count (count[0] bytes per run) and
// strides with random slack, with its extent.
func (w *libWorld) section(count []uintptr) (strides []uintptr, extent int) {
	strides = make([]uintptr, len(count)-1)
	need := count[0]
	for i := range strides {
		strides[i] = need + uintptr(w.r.IntN(2)*w.r.IntN(24))
		need = count[i+1] * strides[i]
	}
	return strides, int(need)
}

func (w *libWorld) count() []uintptr {
	count := make([]uintptr, 1+w.r.IntN(4))
	count[0] = []uintptr{1, 5, 8, 8, 16, 64}[w.r.IntN(6)]
	for i := 1; i < len(count); i++ {
		count[i] = uintptr(1 + w.r.IntN(5))
	}
	return count
}

func onThread(thread int, spans []bspan) []sregion {
	out := make([]sregion, len(spans))
	for i, s := range spans {
		out[i] = sregion{thread, s}
	}
	return out
}

// The strided ops come in three spellings (the N-d call, the 2-d and 3-d
// wrappers, and fixed strides when the shape has one level); pick one.

func (w *libWorld) stridedPut(lo, size int) (libOp, bool) {
	count := w.count()
	ds, dext := w.section(count)
	if dext > size {
		return libOp{}, false
	}
	ss, sext := w.section(count)
	buf := w.bytes(sext)
	th := w.thread()
	start := w.half(true) + lo
	dst := onThread(th, vismodel.Section(start, int(count[0]), count[1:], vismodel.Signed(ds)))
	w.placeShared(dst, vismodel.Stream(buf, vismodel.Section(0, int(count[0]), count[1:], vismodel.Signed(ss))))
	p, q := w.at(th, start), unsafe.Pointer(&buf[0])
	return libOp{"memput_strided", func(s Sync) Handle {
		switch {
		case len(count) == 2 && w.r.IntN(2) == 0:
			return w.t.MemputFstrided(s, p, count[0], ds[0], count[1], q, count[0], ss[0], count[1])
		case len(count) == 2:
			return w.t.MemputStrided2D(s, p, ds[0], q, ss[0], count[0], count[1])
		case len(count) == 3 && w.r.IntN(2) == 0:
			return w.t.MemputStrided3D(s, p, ds[0], ds[1], q, ss[0], ss[1], count[0], count[1], count[2])
		}
		return w.t.MemputStrided(s, p, ds, q, ss, count)
	}, noCheck}, true
}

func (w *libWorld) stridedGet() libOp {
	count := w.count()
	ss, sext := w.section(count)
	ds, dext := w.section(count)
	th := w.thread()
	start := w.half(false) + w.r.IntN(slabSize/2-sext+1)
	want := w.sharedStream(onThread(th, vismodel.Section(start, int(count[0]), count[1:], vismodel.Signed(ss))))
	buf := make([]byte, dext)
	p, q := unsafe.Pointer(&buf[0]), w.at(th, start)
	return libOp{"memget_strided", func(s Sync) Handle {
		switch {
		case len(count) == 2 && w.r.IntN(2) == 0:
			return w.t.MemgetFstrided(s, p, count[0], ds[0], count[1], q, count[0], ss[0], count[1])
		case len(count) == 2:
			return w.t.MemgetStrided2D(s, p, ds[0], q, ss[0], count[0], count[1])
		case len(count) == 3 && w.r.IntN(2) == 0:
			return w.t.MemgetStrided3D(s, p, ds[0], ds[1], q, ss[0], ss[1], count[0], count[1], count[2])
		}
		return w.t.MemgetStrided(s, p, ds, q, ss, count)
	}, func(t *testing.T) {
		require.Equal(t, want, vismodel.Stream(buf, vismodel.Section(0, int(count[0]), count[1:], vismodel.Signed(ds))), "memget_strided %v", count)
	}}
}

func (w *libWorld) stridedCopy(lo, size int) (libOp, bool) {
	count := w.count()
	ds, dext := w.section(count)
	ss, sext := w.section(count)
	if dext > size {
		return libOp{}, false
	}
	dth, sth := w.thread(), w.thread()
	dstart, sstart := w.half(true)+lo, w.half(false)+w.r.IntN(slabSize/2-sext+1)
	dst := onThread(dth, vismodel.Section(dstart, int(count[0]), count[1:], vismodel.Signed(ds)))
	w.placeShared(dst, w.sharedStream(onThread(sth, vismodel.Section(sstart, int(count[0]), count[1:], vismodel.Signed(ss)))))
	p, q := w.at(dth, dstart), w.at(sth, sstart)
	return libOp{"memcpy_strided", func(s Sync) Handle {
		switch {
		case len(count) == 2 && w.r.IntN(2) == 0:
			return w.t.MemcpyFstrided(s, p, count[0], ds[0], count[1], q, count[0], ss[0], count[1])
		case len(count) == 2:
			return w.t.MemcpyStrided2D(s, p, ds[0], q, ss[0], count[0], count[1])
		case len(count) == 3 && w.r.IntN(2) == 0:
			return w.t.MemcpyStrided3D(s, p, ds[0], ds[1], q, ss[0], ss[1], count[0], count[1], count[2])
		}
		return w.t.MemcpyStrided(s, p, ds, q, ss, count)
	}, noCheck}, true
}

// fchunks returns a fixed-stride shape of the given total with a chunk
// length that divides it, and its extent.
func (w *libWorld) fchunks(total int) (clen, stride, count, extent int) {
	var divs []int
	for d := 1; d <= total; d++ {
		if total%d == 0 {
			divs = append(divs, d)
		}
	}
	clen = divs[w.r.IntN(len(divs))]
	count = total / clen
	stride = clen + w.r.IntN(2)*w.r.IntN(12)
	return clen, stride, count, (count-1)*stride + clen
}

func chunkSpans(base, clen, stride, count int) []bspan {
	out := make([]bspan, count)
	for i := range out {
		out[i] = bspan{Off: base + i*stride, N: clen}
	}
	return out
}

// fstridedOp uses different chunk lengths on the two sides.
func (w *libWorld) fstridedOp(lo, size int) (libOp, bool) {
	n := []int{12, 24, 60, 96}[w.r.IntN(4)]
	dl, dstr, dc, dext := w.fchunks(n)
	sl, sstr, sc, sext := w.fchunks(n)
	if dext > size {
		return libOp{}, false
	}
	dth, sth := w.thread(), w.thread()
	dstart, sstart := w.half(true)+lo, w.half(false)+w.r.IntN(slabSize/2-sext+1)
	dst := onThread(dth, chunkSpans(dstart, dl, dstr, dc))
	src := onThread(sth, chunkSpans(sstart, sl, sstr, sc))
	p, q := w.at(dth, dstart), w.at(sth, sstart)
	switch w.r.IntN(3) {
	case 0:
		w.placeShared(dst, w.sharedStream(src))
		return libOp{"memcpy_fstrided", func(s Sync) Handle {
			return w.t.MemcpyFstrided(s, p, uintptr(dl), uintptr(dstr), uintptr(dc), q, uintptr(sl), uintptr(sstr), uintptr(sc))
		}, noCheck}, true
	case 1:
		buf := w.bytes(sext)
		w.placeShared(dst, vismodel.Stream(buf, chunkSpans(0, sl, sstr, sc)))
		return libOp{"memput_fstrided", func(s Sync) Handle {
			return w.t.MemputFstrided(s, p, uintptr(dl), uintptr(dstr), uintptr(dc), unsafe.Pointer(&buf[0]), uintptr(sl), uintptr(sstr), uintptr(sc))
		}, noCheck}, true
	}
	want := w.sharedStream(src)
	buf := make([]byte, dext)
	return libOp{"memget_fstrided", func(s Sync) Handle {
		return w.t.MemgetFstrided(s, unsafe.Pointer(&buf[0]), uintptr(dl), uintptr(dstr), uintptr(dc), q, uintptr(sl), uintptr(sstr), uintptr(sc))
	}, func(t *testing.T) {
		require.Equal(t, want, vismodel.Stream(buf, chunkSpans(0, dl, dstr, dc)), "memget_fstrided")
	}}, true
}

// transposed returns a random transposing layout of count with elements
// of elem bytes: signed strides in a permuted order, partly reflected,
// the offset of element 0 in its extent, and the extent.
func (w *libWorld) transposed(count []uintptr, elem int) (strides []int64, origin, extent int) {
	strides = make([]int64, len(count))
	step := elem + w.r.IntN(2)*w.r.IntN(6)
	for _, k := range w.r.Perm(len(count)) {
		strides[k] = int64(step)
		step = step*int(count[k]) + w.r.IntN(2)*w.r.IntN(10)
	}
	for k := range strides {
		if w.r.IntN(3) == 0 {
			origin += (int(count[k]) - 1) * int(strides[k])
			strides[k] = -strides[k]
		}
	}
	return strides, origin, step
}

func (w *libWorld) transposeOp(lo, size int) (libOp, bool) {
	count := make([]uintptr, 1+w.r.IntN(3))
	for k := range count {
		count[k] = uintptr(1 + w.r.IntN(6))
	}
	elem := []int{1, 4, 8, 8, 12}[w.r.IntN(5)]
	ds, dorg, dext := w.transposed(count, elem)
	ss, sorg, sext := w.transposed(count, elem)
	if dext > size || sext > slabSize/2 {
		return libOp{}, false
	}
	dth, sth := w.thread(), w.thread()
	dstart, sstart := w.half(true)+lo+dorg, w.half(false)+w.r.IntN(slabSize/2-sext+1)+sorg
	dst := onThread(dth, vismodel.Section(dstart, elem, count, ds))
	src := onThread(sth, vismodel.Section(sstart, elem, count, ss))
	switch w.r.IntN(3) {
	case 0:
		w.placeShared(dst, w.sharedStream(src))
		p, q := w.at(dth, dstart), w.at(sth, sstart)
		return libOp{"memcpy_transpose", func(s Sync) Handle { return w.t.MemcpyTranspose(s, p, ds, q, ss, count, uintptr(elem)) }, noCheck}, true
	case 1:
		buf := w.bytes(sext)
		w.placeShared(dst, vismodel.Stream(buf, vismodel.Section(sorg, elem, count, ss)))
		p := w.at(dth, dstart)
		return libOp{"memput_transpose", func(s Sync) Handle {
			return w.t.MemputTranspose(s, p, ds, unsafe.Pointer(&buf[sorg]), ss, count, uintptr(elem))
		}, noCheck}, true
	}
	want := w.sharedStream(src)
	buf := make([]byte, dext)
	q := w.at(sth, sstart)
	return libOp{"memget_transpose", func(s Sync) Handle {
		return w.t.MemgetTranspose(s, unsafe.Pointer(&buf[dorg]), ds, q, ss, count, uintptr(elem))
	}, func(t *testing.T) {
		require.Equal(t, want, vismodel.Stream(buf, vismodel.Section(dorg, elem, count, ds)), "memget_transpose %v %v", count, ds)
	}}, true
}

// contiguous covers the plain non-blocking calls.
func (w *libWorld) contiguous(lo, size int) libOp {
	n := 1 + w.r.IntN(min(size, 3000))
	th := w.thread()
	dst := sregion{th, bspan{Off: w.half(true) + lo, N: n}}
	switch w.r.IntN(4) {
	case 0:
		buf := w.bytes(n)
		w.placeShared([]sregion{dst}, buf)
		return libOp{"memput_async", func(s Sync) Handle {
			return w.t.Lib("upc_memput_async").Memput(s, w.at(th, dst.Off), unsafe.Pointer(&buf[0]), uintptr(n))
		}, noCheck}
	case 1:
		c := byte(w.r.Uint32())
		w.placeShared([]sregion{dst}, slices.Repeat([]byte{c}, n))
		return libOp{"memset_async", func(s Sync) Handle {
			return w.t.Lib("upc_memset_async").Memset(s, w.at(th, dst.Off), c, uintptr(n))
		}, noCheck}
	case 2:
		src := sregion{w.thread(), bspan{Off: w.half(false) + w.r.IntN(slabSize/2-n+1), N: n}}
		w.placeShared([]sregion{dst}, w.sharedStream([]sregion{src}))
		return libOp{"memcpy_async", func(s Sync) Handle {
			return w.t.Lib("upc_memcpy_async").Memcpy(s, w.at(th, dst.Off), w.at(src.thread, src.Off), uintptr(n))
		}, noCheck}
	}
	src := sregion{w.thread(), bspan{Off: w.half(false) + w.r.IntN(slabSize/2-n+1), N: n}}
	want := w.sharedStream([]sregion{src})
	buf := make([]byte, n)
	return libOp{"memget_async", func(s Sync) Handle {
		return w.t.Lib("upc_memget_async").Memget(s, unsafe.Pointer(&buf[0]), w.at(src.thread, src.Off), uintptr(n))
	}, func(t *testing.T) { require.Equal(t, want, buf, "memget_async") }}
}

// batch builds k random operations: each writes only its own area of the
// destination half.
func (w *libWorld) batch(k int) []libOp {
	per := slabSize / 2 / k
	var ops []libOp
	for i := range k {
		lo := i * per
		var op libOp
		ok := true
		switch w.r.IntN(11) {
		case 0:
			op = w.vlistPut(lo, per)
		case 1:
			op = w.vlistGet()
		case 2:
			op = w.vlistCopy(lo, per)
		case 3:
			op, ok = w.ilistPut(lo, per)
		case 4:
			op = w.ilistGet()
		case 5:
			op, ok = w.ilistCopy(lo, per)
		case 6:
			op, ok = w.stridedPut(lo, per)
		case 7:
			op = w.stridedGet()
		case 8:
			op, ok = w.stridedCopy(lo, per)
		case 9:
			// (An op that is built has updated the model: it must run.)
			if w.r.IntN(2) == 0 {
				op, ok = w.fstridedOp(lo, per)
			} else if op, ok = w.transposeOp(lo, per); !ok {
				op, ok = w.fstridedOp(lo, per)
			}
		default:
			op = w.contiguous(lo, per)
		}
		if ok {
			ops = append(ops, op)
		}
	}
	return ops
}

// run issues ops in one completion style and checks them.
func (w *libWorld) run(t *testing.T, style int, ops []libOp) {
	th := w.t
	switch style {
	case 0: // blocking
		for _, op := range ops {
			require.Equal(t, CompleteHandle, op.do(Blocking), op.name)
			op.check(t)
		}
		return
	case 1: // explicit handles, synchronised all at once
		hs := make([]Handle, len(ops))
		for i, op := range ops {
			hs[i] = op.do(Async)
		}
		th.WaitSyncAll(hs)
		require.Equal(t, make([]Handle, len(ops)), hs)
	case 2: // explicit handles, polled one by one
		for _, op := range ops {
			h := op.do(Async)
			for !th.TrySync(h) {
			}
		}
	case 3: // explicit handles, waited on some at a time
		hs := make([]Handle, len(ops))
		for i, op := range ops {
			hs[i] = op.do(Async)
		}
		for slices.ContainsFunc(hs, func(h Handle) bool { return h != 0 }) {
			th.WaitSyncSome(hs)
		}
		require.True(t, th.TrySyncSome(hs), "no live handle left")
	case 4: // implicit handles
		for _, op := range ops {
			require.Zero(t, op.do(Asynci), op.name)
		}
		th.WaitSynci()
	default: // an access region
		th.BeginAccessRegion()
		for _, op := range ops {
			op.do(Asynci)
		}
		h := th.EndAccessRegion()
		require.True(t, th.TrySynci(), "region operations are not in the implicit set")
		th.WaitSync(h)
	}
	for _, op := range ops {
		op.check(t)
	}
}

const numStyles = 6

func TestLibraryAgainstReference(t *testing.T) {
	for _, threads := range []int{1, 2, 3, 4, 8} {
		for _, procs := range []int{1, threads} {
			t.Run(fmt.Sprintf("threads=%d/procs=%d", threads, procs), func(t *testing.T) {
				_, err := RunWith(Options{Threads: threads, Conduit: smp.New(threads, procs), SegmentSize: 8 << 20}, func(th *Thread) int {
					w := newLibWorld(th, uint64(threads*10+procs))
					for w.round = 0; w.round < 4*numStyles; w.round++ {
						ops := w.batch(1 + w.r.IntN(10))
						w.run(t, w.round%numStyles, ops)
						var names []string
						for _, op := range ops {
							names = append(names, op.name)
						}
						w.verify(t, fmt.Sprintf("round %d (style %d: %v)", w.round, w.round%numStyles, names))
					}
					th.Barrier()
					return 0
				})
				require.NoError(t, err)
			})
		}
	}
}

// TestReblocking checks the reblocking copies against element-by-element
// access to real distributed arrays of every block size.
func TestReblocking(t *testing.T) {
	for _, threads := range []int{1, 3, 4} {
		runBoth(t, threads, func(th *Thread) {
			r := rand.New(rand.NewPCG(uint64(threads), uint64(th.MyThread)))
			n := 11*th.Threads + 5
			for _, blocks := range [][2]int{{1, 3}, {4, 1}, {5, 5}, {2, 7}, {0, 3}} {
				srcBlock, dstBlock := blocks[0], blocks[1]
				a := th.allocBlocked(srcBlock, n)
				b := th.allocBlocked(dstBlock, n)
				for i := range n {
					if a.ThreadOf(i) == th.MyThread {
						a.Set(th, i, int64(i*1000))
					}
				}
				th.Barrier()
				// Every thread fetches a random range of a, starting at any
				// phase, in one call.
				lo := r.IntN(n)
				cnt := r.IntN(n - lo + 1)
				got := make([]int64, cnt+1)
				th.MemgetBlocked(Blocking, unsafe.Pointer(&got[0]), a.Ptr(lo), uintptr(srcBlock), 8, uintptr(cnt))
				for i := range cnt {
					require.Equal(t, int64((lo+i)*1000), got[i], "element %d", lo+i)
				}
				th.Barrier()
				// Thread 0 reblocks the whole of a into b, then thread 1
				// (or 0) overwrites a tail with a put.
				if th.MyThread == 0 {
					h := th.MemcpyBlocked(Async, b.Ptr(0), uintptr(dstBlock), a.Ptr(0), uintptr(srcBlock), 8, uintptr(n))
					th.WaitSync(h)
				}
				th.Barrier()
				if th.MyThread == th.Threads-1 {
					vals := []int64{-1, -2, -3}
					th.MemputBlocked(Asynci, b.Ptr(n-3), uintptr(dstBlock), unsafe.Pointer(&vals[0]), 8, 3)
					th.WaitSynci()
				}
				th.Barrier()
				for i := range n {
					want := int64(i * 1000)
					if i >= n-3 {
						want = int64(-(i - (n - 3) + 1))
					}
					require.Equal(t, want, b.Get(th, i), "b[%d] (blocks %d→%d)", i, srcBlock, dstBlock)
				}
				th.Barrier()
				// A strided section over the distributed array: every other
				// element of rows of 4, three rows 5 elements apart.
				count := []uintptr{8, 2, 3}
				if th.MyThread == 0 && n >= 25 {
					vals := make([]int64, 6)
					th.MemgetStridedBlocked(Blocking, unsafe.Pointer(&vals[0]), []uintptr{8, 16}, a.Ptr(1), uintptr(srcBlock), []uintptr{16, 40}, count, 8)
					require.Equal(t, []int64{1000, 3000, 6000, 8000, 11000, 13000}, vals)
					th.MemcpyStridedBlocked(Blocking, b.Ptr(0), uintptr(dstBlock), []uintptr{8, 16}, a.Ptr(1), uintptr(srcBlock), []uintptr{16, 40}, count, 8)
					require.Equal(t, int64(11000), b.Get(th, 4))
					th.MemputStridedBlocked(Blocking, b.Ptr(0), uintptr(dstBlock), []uintptr{24, 48}, unsafe.Pointer(&vals[0]), []uintptr{8, 16}, count, 8)
					require.Equal(t, int64(8000), b.Get(th, 9))
					require.Equal(t, int64(13000), b.Get(th, 15))
				}
				th.Barrier()
				th.AllFree(a.base)
				th.AllFree(b.base)
			}
		})
	}
}

// allocBlocked allocates `shared [block] int64 x[n]` (block 0: all on
// thread 0, as `shared [] int64 *` would be).
func (t *Thread) allocBlocked(block, n int) *Array[int64] {
	if block > 0 {
		return AllocArray[int64](t, block, n)
	}
	// An indefinite layout: one block holding every element.
	return AllocArray[int64](t, n, n)
}

// TestIndexedGatherScatter covers the one-pass indexed gather and scatter
// (every segment addressable) and the general path (simulated processes)
// with the same shapes: regions of several lengths, sorted and shuffled
// lists, spread over every thread.
func TestIndexedGatherScatter(t *testing.T) {
	for _, threads := range []int{1, 3, 4} {
		runBoth(t, threads, func(th *Thread) {
			r := rand.New(rand.NewPCG(uint64(threads), uint64(th.MyThread)))
			const slots = 64
			for _, n := range []int{1, 8, 12, 24} {
				// Thread me owns slot k*THREADS + me of every thread's part.
				per := slots * th.Threads * n
				base := th.AllAlloc(uintptr(th.Threads), uintptr(per))
				for _, shuffled := range []bool{false, true} {
					var list []SharedPtr
					for k := range slots {
						for owner := range th.Threads {
							list = append(list, SharedPtr{Thread: uint32(owner), Addr: base.Addr + uintptr((k*th.Threads+th.MyThread)*n)})
						}
					}
					if shuffled {
						r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
					}
					src := make([]byte, len(list)*n)
					for i := range src {
						src[i] = byte(r.Uint32())
					}
					th.MemputIlist(Blocking, list, uintptr(n), []unsafe.Pointer{unsafe.Pointer(&src[0])}, uintptr(len(src)))
					got := make([]byte, len(src))
					h := th.MemgetIlist(Async, []unsafe.Pointer{unsafe.Pointer(&got[0])}, uintptr(len(got)), list, uintptr(n))
					th.WaitSync(h)
					require.Equal(t, src, got, "n=%d shuffled=%v", n, shuffled)
					// Element by element, each region holds its part of src.
					for i, p := range list {
						one := make([]byte, n)
						th.Memget(unsafe.Pointer(&one[0]), p, uintptr(n))
						require.Equal(t, src[i*n:(i+1)*n], one)
					}
				}
				th.Barrier()
				th.AllFree(base)
			}
		})
	}
}

// TestStridedAllocatesNothing: a small strided get or put to an
// addressable thread builds its sections and sides on the caller's stack
// (gasnet's PutVIS and GetVIS take the sides by pointer and must not let
// them escape), so it allocates nothing.
func TestStridedAllocatesNothing(t *testing.T) {
	var allocs float64
	_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, 1), SegmentSize: 1 << 20}, func(th *Thread) int {
		if th.MyThread == 0 {
			far := th.GlobalAlloc(2, 256)
			far.Thread = 1
			local := make([]uint64, 16)
			lp := unsafe.Pointer(&local[0])
			count, dense, sparse := []uintptr{8, 16}, []uintptr{8}, []uintptr{16}
			allocs = testing.AllocsPerRun(100, func() {
				th.MemgetStrided(Blocking, lp, dense, far, sparse, count)
				th.MemputStrided(Blocking, far, sparse, lp, dense, count)
			})
		}
		th.Barrier()
		return 0
	})
	require.NoError(t, err)
	require.Zero(t, allocs, "allocations per strided get and put")
}
