package gasnet

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/internal/vismodel"
)

// The VIS tests check every operation against a brute-force model: a
// transfer is "the bytes of the source regions, in order, land in the
// destination regions, in order". Each rank owns one slab of every
// segment (only it writes there), keeps a model of its slab on every
// target, and after each batch of transfers compares the model with the
// real slab, fetched by a plain Get.

const visSeg = 4 << 20

// span is a region of a buffer or slab.
type span = vismodel.Span

// disjoint returns up to k non-overlapping spans of random lengths in
// [0, limit) in random order, each at most maxLen bytes (some empty).
func disjoint(r *rand.Rand, limit, k, maxLen int) []span {
	var out []span
	pos := r.IntN(16)
	for range k {
		n := r.IntN(maxLen + 1)
		if r.IntN(8) == 0 {
			n = 0
		}
		if pos+n > limit {
			break
		}
		out = append(out, span{Off: pos, N: n})
		pos += n + r.IntN(24)
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// cut splits total bytes into spans of random lengths at random
// (possibly overlapping: sources may overlap) offsets of a buffer of size
// limit.
func cut(r *rand.Rand, total, limit, maxLen int) []span {
	var out []span
	for total > 0 {
		n := min(total, 1+r.IntN(maxLen))
		if r.IntN(10) == 0 {
			out = append(out, span{Off: r.IntN(limit), N: 0})
		}
		out = append(out, span{Off: r.IntN(limit - n + 1), N: n})
		total -= n
	}
	return out
}

func total(spans []span) int {
	t := 0
	for _, s := range spans {
		t += s.N
	}
	return t
}

func localVecs(buf []byte, spans []span) []LocalVec {
	out := make([]LocalVec, len(spans))
	for i, p := range vismodel.Addrs(buf, spans) {
		out[i] = LocalVec{Addr: p, Len: uintptr(spans[i].N)}
	}
	return out
}

func remoteVecs(base int, spans []span) []RemoteVec {
	out := make([]RemoteVec, len(spans))
	for i, s := range spans {
		out[i] = RemoteVec{Off: uintptr(base + s.Off), Len: uintptr(s.N)}
	}
	return out
}

// visWorld is one rank's view for the tests: its slab on every target and
// the model of each.
type visWorld struct {
	ep     *Endpoint
	r      *rand.Rand
	slab   int      // bytes per slab
	models [][]byte // models[target]: what this rank's slab there holds
}

func newVisWorld(ep *Endpoint, seed uint64) *visWorld {
	w := &visWorld{ep: ep, r: rand.New(rand.NewPCG(seed, uint64(ep.Rank()))), slab: visSeg / ep.Size()}
	w.models = make([][]byte, ep.Size())
	for t := range w.models {
		w.models[t] = make([]byte, w.slab) // segments start zeroed
	}
	return w
}

// base is the offset of this rank's slab in every segment.
func (w *visWorld) base() int { return w.ep.Rank() * w.slab }

// target picks a rank, usually another one.
func (w *visWorld) target() int {
	if w.ep.Size() > 1 && w.r.IntN(4) != 0 {
		return (w.ep.Rank() + 1 + w.r.IntN(w.ep.Size()-1)) % w.ep.Size()
	}
	return w.r.IntN(w.ep.Size())
}

func (w *visWorld) random(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(w.r.Uint32())
	}
	return b
}

// verify compares the model of every target with the real slab.
func (w *visWorld) verify(t *testing.T, what string) {
	got := make([]byte, w.slab)
	for target, model := range w.models {
		w.ep.Get(unsafe.Pointer(&got[0]), target, uintptr(w.base()), uintptr(w.slab))
		require.Equal(t, model, got, "%s: rank %d's slab on rank %d", what, w.ep.Rank(), target)
	}
}

// issue runs op in one of the completion modes and returns a function
// that completes it.
type issueMode int

const (
	modeBlocking issueMode = iota
	modeNB
	modeNBI
	modeRegion
	modePart
	numModes
)

// completion is the Completion of mode m (part of ref).
func completion(m issueMode, ref OpRef) Completion {
	switch m {
	case modeNB:
		return NB
	case modeNBI:
		return NBI
	case modePart:
		return Part(ref)
	}
	return Blocking
}

func (m issueMode) String() string {
	return [...]string{"blocking", "nb", "nbi", "region", "part"}[m]
}

// visOp is one random transfer: do starts it in a mode (with ref for
// parts), check verifies its local effect once it is complete.
type visOp struct {
	do    func(m issueMode, ref OpRef) Handle
	check func()
}

func (w *visWorld) runOps(t *testing.T, m issueMode, ops []visOp) {
	ep := w.ep
	switch m {
	case modeBlocking:
		for _, op := range ops {
			require.Zero(t, op.do(m, 0))
			op.check()
		}
	case modeNB:
		hs := make([]Handle, len(ops))
		for i, op := range ops {
			hs[i] = op.do(m, 0)
		}
		ep.WaitAll(hs)
		for _, op := range ops {
			op.check()
		}
	case modeNBI:
		for _, op := range ops {
			op.do(m, 0)
		}
		ep.WaitNBI()
		for _, op := range ops {
			op.check()
		}
	case modeRegion:
		ep.BeginRegion()
		for _, op := range ops {
			op.do(modeNBI, 0)
		}
		h := ep.EndRegion()
		for !ep.Try(h) {
		}
		for _, op := range ops {
			op.check()
		}
	case modePart:
		h, ref := ep.Track(len(ops), false)
		for _, op := range ops {
			op.do(m, ref)
		}
		ep.Wait(h)
		for _, op := range ops {
			op.check()
		}
	}
}

// A put and a get of every family, for random shapes. Each put writes a
// fresh part of the slab (the ops of a batch must not overlap), each get
// reads from the model as it stood before the batch.

func (w *visWorld) putV(t *testing.T, region []span) visOp {
	target := w.target()
	dst := region
	src := cut(w.r, total(dst), 4096, 300)
	buf := w.random(4096)
	vismodel.Place(w.models[target], dst, vismodel.Stream(buf, src))
	dl, sl := remoteVecs(w.base(), dst), localVecs(buf, src)
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.PutV(target, dl, sl)
			return 0
		}
		return w.ep.PutVIS(completion(m, ref), target, addr(RemoteVecs(dl)), addr(LocalVecs(sl)))
	}, check: func() {}}
}

func (w *visWorld) getV(t *testing.T) visOp {
	target := w.target()
	src := disjoint(w.r, w.slab, 1+w.r.IntN(12), 200)
	if w.r.IntN(4) == 0 {
		src = append(src, cut(w.r, 1+w.r.IntN(2000), w.slab, 100)...) // sources may overlap
	}
	want := vismodel.Stream(w.models[target], src)
	buf := make([]byte, 2*len(want)+64)
	dst := disjointTotal(w.r, len(want), 300)
	dl, sl := localVecs(buf, dst), remoteVecs(w.base(), src)
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.GetV(dl, target, sl)
			return 0
		}
		return w.ep.GetVIS(completion(m, ref), addr(LocalVecs(dl)), target, addr(RemoteVecs(sl)))
	}, check: func() {
		require.Equal(t, want, vismodel.Stream(buf, dst), "getv from %d: %v ← %v", target, dst, src)
	}}
}

// disjointTotal returns non-overlapping spans in random order that hold
// exactly n bytes, within a buffer of 2n+64 bytes.
func disjointTotal(r *rand.Rand, n, maxLen int) []span {
	var out []span
	pos := r.IntN(16)
	for left := n; left > 0; {
		k := min(left, 1+r.IntN(maxLen))
		if r.IntN(8) == 0 {
			out = append(out, span{Off: pos, N: 0})
		}
		out = append(out, span{Off: pos, N: k})
		pos += k + r.IntN(min(k, 24)+1)
		left -= k
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// fixedSpans returns count disjoint spans of length n inside region.
func (w *visWorld) fixedSpans(region span, count, n int) []span {
	slots := region.N / n
	perm := w.r.Perm(slots)[:count]
	out := make([]span, count)
	for i, k := range perm {
		out[i] = span{Off: region.Off + k*n, N: n}
	}
	return out
}

// shapes returns indexed lengths and counts with equal totals.
func (w *visWorld) shapes() (dstCount, dstLen, srcCount, srcLen int) {
	u := []int{1, 3, 8, 8, 16}[w.r.IntN(5)]
	a, b, k := 1+w.r.IntN(4), 1+w.r.IntN(4), 1+w.r.IntN(12)
	return b * k, u * a, a * k, u * b
}

func (w *visWorld) putI(t *testing.T, region span) visOp {
	target := w.target()
	dc, dlen, sc, slen := w.shapes()
	for dc*dlen > region.N {
		dc, dlen, sc, slen = w.shapes()
	}
	dst := w.fixedSpans(region, dc, dlen)
	buf := w.random(2048)
	src := make([]span, sc)
	for i := range src {
		src[i] = span{Off: w.r.IntN(len(buf) - slen), N: slen}
	}
	vismodel.Place(w.models[target], dst, vismodel.Stream(buf, src))
	doffs, sptrs := vismodel.Offsets(w.base(), dst), vismodel.Addrs(buf, src)
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.PutI(target, doffs, uintptr(dlen), sptrs, uintptr(slen))
			return 0
		}
		return w.ep.PutVIS(completion(m, ref), target, addr(RemoteIndexed(doffs, uintptr(dlen))), addr(LocalIndexed(sptrs, uintptr(slen))))
	}, check: func() {}}
}

func (w *visWorld) getI(t *testing.T) visOp {
	target := w.target()
	dc, dlen, sc, slen := w.shapes()
	src := make([]span, sc)
	for i := range src {
		src[i] = span{Off: w.r.IntN(w.slab - slen), N: slen}
	}
	want := vismodel.Stream(w.models[target], src)
	buf := make([]byte, 4096)
	dst := w.fixedSpans(span{Off: 0, N: len(buf)}, dc, dlen)
	soffs, dptrs := vismodel.Offsets(w.base(), src), vismodel.Addrs(buf, dst)
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.GetI(dptrs, uintptr(dlen), target, soffs, uintptr(slen))
			return 0
		}
		return w.ep.GetVIS(completion(m, ref), addr(LocalIndexed(dptrs, uintptr(dlen))), target, addr(RemoteIndexed(soffs, uintptr(slen))))
	}, check: func() {
		require.Equal(t, want, vismodel.Stream(buf, dst), "geti from %d", target)
	}}
}

// stridedShape is a random spec-style shape: count (count[0] bytes per
// run) and the tightest strides plus random slack, so it fits in limit
// bytes (or ok is false).
func (w *visWorld) stridedShape(count []uintptr, limit int) (strides []uintptr, extent int, ok bool) {
	strides = make([]uintptr, len(count)-1)
	need := count[0]
	for i := range strides {
		strides[i] = need + uintptr(w.r.IntN(3)*w.r.IntN(40))
		need = count[i+1] * strides[i]
	}
	return strides, int(need), int(need) <= limit
}

func (w *visWorld) randomCount() []uintptr {
	levels := w.r.IntN(4)
	count := make([]uintptr, levels+1)
	count[0] = []uintptr{1, 3, 8, 8, 16, 64, 100}[w.r.IntN(7)]
	for i := 1; i <= levels; i++ {
		count[i] = uintptr(1 + w.r.IntN(6))
	}
	if w.r.IntN(12) == 0 {
		count = []uintptr{8, 300, 40} // 96 KB: several chunks
	}
	return count
}

func (w *visWorld) putS(t *testing.T, region span) (visOp, bool) {
	target := w.target()
	count := w.randomCount()
	dstStrides, dext, ok := w.stridedShape(count, region.N)
	if !ok {
		return visOp{}, false
	}
	srcStrides, sext, _ := w.stridedShape(count, 1<<30)
	buf := w.random(sext)
	dst := vismodel.Section(region.Off, int(count[0]), count[1:], vismodel.Signed(dstStrides))
	src := vismodel.Section(0, int(count[0]), count[1:], vismodel.Signed(srcStrides))
	vismodel.Place(w.models[target], dst, vismodel.Stream(buf, src))
	_ = dext
	off := uintptr(w.base() + region.Off)
	p := unsafe.Pointer(&buf[0])
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.PutS(target, off, dstStrides, p, srcStrides, count)
			return 0
		}
		var ds, ss Section
		err := SpecSections(&ds, &ss, dstStrides, srcStrides, count)
		require.NoError(t, err)
		return w.ep.PutVIS(completion(m, ref), target, addr(RemoteSection(off, ds)), addr(LocalSection(p, ss)))
	}, check: func() {}}, true
}

func (w *visWorld) getS(t *testing.T) (visOp, bool) {
	target := w.target()
	count := w.randomCount()
	srcStrides, sext, ok := w.stridedShape(count, w.slab)
	if !ok {
		return visOp{}, false
	}
	start := w.r.IntN(w.slab - sext + 1)
	dstStrides, dext, _ := w.stridedShape(count, 1<<30)
	buf := make([]byte, dext)
	src := vismodel.Section(start, int(count[0]), count[1:], vismodel.Signed(srcStrides))
	dst := vismodel.Section(0, int(count[0]), count[1:], vismodel.Signed(dstStrides))
	want := vismodel.Stream(w.models[target], src)
	off := uintptr(w.base() + start)
	p := unsafe.Pointer(&buf[0])
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.GetS(p, dstStrides, target, off, srcStrides, count)
			return 0
		}
		var ds, ss Section
		err := SpecSections(&ds, &ss, dstStrides, srcStrides, count)
		require.NoError(t, err)
		return w.ep.GetVIS(completion(m, ref), addr(LocalSection(p, ds)), target, addr(RemoteSection(off, ss)))
	}, check: func() {
		require.Equal(t, want, vismodel.Stream(buf, dst), "gets %v from %d", count, target)
	}}, true
}

// transposed returns a random transposing shape: element size, counts
// and signed strides laid out in a permuted (and partly reflected) order,
// with the offset of element 0 from the start of its extent.
func (w *visWorld) transposed(count []uintptr, elem int) (strides []int64, origin, extent int) {
	order := w.r.Perm(len(count))
	strides = make([]int64, len(count))
	step := elem + w.r.IntN(2)*w.r.IntN(8)
	for _, k := range order {
		strides[k] = int64(step)
		step = step*int(count[k]) + w.r.IntN(2)*w.r.IntN(16)
	}
	extent = step
	for k := range strides {
		if w.r.IntN(3) == 0 {
			// Reflect dimension k: start at its far end and walk back.
			origin += (int(count[k]) - 1) * int(strides[k])
			strides[k] = -strides[k]
		}
	}
	return strides, origin, extent
}

func (w *visWorld) putT(t *testing.T, region span) (visOp, bool) {
	target := w.target()
	dims := 1 + w.r.IntN(3)
	count := make([]uintptr, dims)
	for k := range count {
		count[k] = uintptr(1 + w.r.IntN(7))
	}
	elem := []int{1, 4, 8, 8, 12}[w.r.IntN(5)]
	ds, dorigin, dext := w.transposed(count, elem)
	if dext > region.N {
		return visOp{}, false
	}
	ss, sorigin, sext := w.transposed(count, elem)
	buf := w.random(sext)
	dst := vismodel.Section(region.Off+dorigin, elem, count, ds)
	src := vismodel.Section(sorigin, elem, count, ss)
	vismodel.Place(w.models[target], dst, vismodel.Stream(buf, src))
	off := uintptr(w.base() + region.Off + dorigin)
	p := unsafe.Pointer(&buf[sorigin])
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.PutT(target, off, ds, p, ss, count, uintptr(elem))
			return 0
		}
		var dsec, ssec Section
		err := TransposedSections(&dsec, &ssec, ds, ss, count, uintptr(elem))
		require.NoError(t, err)
		return w.ep.PutVIS(completion(m, ref), target, addr(RemoteSection(off, dsec)), addr(LocalSection(p, ssec)))
	}, check: func() {}}, true
}

func (w *visWorld) getT(t *testing.T) visOp {
	target := w.target()
	dims := 1 + w.r.IntN(3)
	count := make([]uintptr, dims)
	for k := range count {
		count[k] = uintptr(1 + w.r.IntN(7))
	}
	elem := []int{1, 4, 8, 8, 12}[w.r.IntN(5)]
	ss, sorigin, sext := w.transposed(count, elem)
	start := w.r.IntN(w.slab - sext + 1)
	ds, dorigin, dext := w.transposed(count, elem)
	buf := make([]byte, dext)
	src := vismodel.Section(start+sorigin, elem, count, ss)
	dst := vismodel.Section(dorigin, elem, count, ds)
	want := vismodel.Stream(w.models[target], src)
	off := uintptr(w.base() + start + sorigin)
	p := unsafe.Pointer(&buf[dorigin])
	return visOp{do: func(m issueMode, ref OpRef) Handle {
		if m == modeBlocking {
			w.ep.GetT(p, ds, target, off, ss, count, uintptr(elem))
			return 0
		}
		var dsec, ssec Section
		err := TransposedSections(&dsec, &ssec, ds, ss, count, uintptr(elem))
		require.NoError(t, err)
		return w.ep.GetVIS(completion(m, ref), addr(LocalSection(p, dsec)), target, addr(RemoteSection(off, ssec)))
	}, check: func() {
		require.Equal(t, want, vismodel.Stream(buf, dst), "gett %v from %d", count, target)
	}}
}

// batch builds n random operations whose puts write disjoint parts of
// the slab: the slab is cut into one region per op.
func (w *visWorld) batch(t *testing.T, n int) []visOp {
	regions := make([]span, n)
	per := w.slab / n
	for i := range regions {
		regions[i] = span{Off: i * per, N: per}
	}
	var ops []visOp
	for _, region := range regions {
		switch w.r.IntN(8) {
		case 0:
			local := disjoint(w.r, region.N, 1+w.r.IntN(30), 300)
			if w.r.IntN(10) == 0 {
				local = disjoint(w.r, region.N, 4000, 8) // more entries than one message holds
			}
			for i := range local {
				local[i].Off += region.Off
			}
			ops = append(ops, w.putV(t, local))
		case 1:
			ops = append(ops, w.getV(t))
		case 2:
			ops = append(ops, w.putI(t, region))
		case 3:
			ops = append(ops, w.getI(t))
		case 4:
			if op, ok := w.putS(t, region); ok {
				ops = append(ops, op)
			}
		case 5:
			if op, ok := w.getS(t); ok {
				ops = append(ops, op)
			}
		case 6:
			if op, ok := w.putT(t, region); ok {
				ops = append(ops, op)
			}
		default:
			ops = append(ops, w.getT(t))
		}
	}
	return ops
}

func TestVISAgainstReference(t *testing.T) {
	for _, ranks := range []int{1, 2, 3, 5, 8} {
		for _, procs := range []int{1, ranks} {
			t.Run(fmt.Sprintf("ranks=%d/procs=%d", ranks, procs), func(t *testing.T) {
				runVIS(t, ranks, procs, func(ep *Endpoint) {
					w := newVisWorld(ep, uint64(ranks*100+procs))
					for round := range 3 * int(numModes) {
						m := issueMode(round % int(numModes))
						w.runOps(t, m, w.batch(t, 1+w.r.IntN(8)))
						w.verify(t, fmt.Sprintf("round %d (%v)", round, m))
					}
				})
			})
		}
	}
}

func runVIS(t *testing.T, ranks, procs int, body func(ep *Endpoint)) {
	t.Helper()
	c := NewTestConduit(ranks, procs)
	j, err := NewJob(Config{Conduit: c, SegmentSize: visSeg})
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, j.Run(body))
}

// bothVIS runs body on the shared configuration and on one simulated
// process per rank.
func bothVIS(t *testing.T, ranks int, body func(ep *Endpoint)) {
	for _, procs := range []int{1, ranks} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) { runVIS(t, ranks, procs, body) })
	}
}

// TestVISLargeAndChunked moves data that needs many messages between
// simulated processes: one big region, many small regions, a big strided
// section, in every direction.
func TestVISLargeAndChunked(t *testing.T) {
	runVIS(t, 2, 2, func(ep *Endpoint) {
		peer := 1 - ep.Rank()
		base := uintptr(ep.Rank() * visSeg / 2)
		src := make([]byte, 1<<20)
		for i := range src {
			src[i] = byte(i*7 + ep.Rank())
		}
		got := make([]byte, len(src))

		// One region of 1 MiB, then back.
		ep.PutV(peer, []RemoteVec{{base, 1 << 20}}, []LocalVec{{unsafe.Pointer(&src[0]), 1 << 20}})
		ep.GetV([]LocalVec{{unsafe.Pointer(&got[0]), 1 << 20}}, peer, []RemoteVec{{base, 1 << 20}})
		require.Equal(t, src, got)

		// 20 000 regions of 3 bytes (3 bytes of data, 16 of metadata).
		n := 20000
		rv := make([]RemoteVec, n)
		lv := make([]LocalVec, n)
		for i := range n {
			rv[i] = RemoteVec{base + uintptr(5*i), 3}
			lv[i] = LocalVec{unsafe.Pointer(&src[3*(n-1-i)]), 3}
		}
		h := ep.PutVIS(NB, peer, addr(RemoteVecs(rv)), addr(LocalVecs(lv)))
		ep.Wait(h)
		clear(got)
		ep.GetI([]unsafe.Pointer{unsafe.Pointer(&got[0])}, uintptr(3*n), peer, offsetsOf(rv), 3)
		for i := range n {
			require.Equal(t, src[3*(n-1-i):3*(n-i)], got[3*i:3*i+3], "region %d", i)
		}

		// A strided section of 96 KB in 8-byte runs.
		count := []uintptr{8, 300, 40}
		strides := []uintptr{16, 16 * 300}
		ep.PutS(peer, base, strides, unsafe.Pointer(&src[0]), []uintptr{8, 8 * 300}, count)
		clear(got)
		ep.GetS(unsafe.Pointer(&got[0]), []uintptr{8, 8 * 300}, peer, base, strides, count)
		require.Equal(t, src[:8*300*40], got[:8*300*40])
		assert.Greater(t, ep.Stats.AMs, uint64(40), "the transfers went as several messages")
	})
}

// addr is the address of a copy of s: the form PutVIS and GetVIS take.
func addr(s Side) *Side { return &s }

func offsetsOf(v []RemoteVec) []uintptr {
	out := make([]uintptr, len(v))
	for i, r := range v {
		out[i] = r.Off
	}
	return out
}

func TestVISZeroSizedAreNoOps(t *testing.T) {
	bothVIS(t, 2, func(ep *Endpoint) {
		peer := 1 - ep.Rank()
		assert.Zero(t, ep.PutVIS(NB, peer, addr(RemoteVecs(nil)), addr(LocalVecs(nil))))
		assert.Zero(t, ep.GetVIS(NB, addr(LocalVecs([]LocalVec{{nil, 0}})), peer, addr(RemoteVecs([]RemoteVec{{1 << 40, 0}}))))
		assert.Zero(t, ep.PutVIS(NB, peer, addr(RemoteIndexed(nil, 0)), addr(LocalIndexed(nil, 0))))
		var ds, ss Section
		err := SpecSections(&ds, &ss, []uintptr{0}, []uintptr{0}, []uintptr{8, 0})
		require.NoError(t, err)
		assert.Zero(t, ep.PutVIS(NB, peer, addr(RemoteSection(1<<40, ds)), addr(LocalSection(nil, ss))))
		err = TransposedSections(&ds, &ss, nil, nil, []uintptr{3, 0}, 8)
		require.NoError(t, err)
		assert.Zero(t, ep.GetVIS(NB, addr(LocalSection(nil, ds)), peer, addr(RemoteSection(0, ss))))
		h, ref := ep.Track(2, false)
		ep.PutVIS(Part(ref), peer, addr(RemoteVecs(nil)), addr(LocalVecs(nil)))
		ep.GetVIS(Part(ref), addr(LocalSection(nil, Section{})), peer, addr(RemoteSection(0, Section{})))
		assert.True(t, ep.Try(h), "no-op parts complete their piece")
		assert.Zero(t, ep.Stats.Puts+ep.Stats.Gets)
	})
}

func TestVISErrors(t *testing.T) {
	bothVIS(t, 2, func(ep *Endpoint) {
		peer := 1 - ep.Rank()
		buf := make([]byte, 64)
		p := unsafe.Pointer(&buf[0])
		for _, tc := range []struct {
			name string
			do   func()
			want string
		}{
			{"putv sizes", func() { ep.PutV(peer, []RemoteVec{{0, 8}}, []LocalVec{{p, 4}}) },
				"putv: the source and destination sizes differ (destination 8 bytes, source 4 bytes)"},
			{"getv outside", func() { ep.GetV([]LocalVec{{p, 8}}, peer, []RemoteVec{{visSeg - 4, 8}}) },
				"getv: source region 0 (8 bytes at offset 0x3ffffc) is outside the segment of 4194304 bytes"},
			{"putv nil", func() { ep.PutV(peer, []RemoteVec{{0, 8}}, []LocalVec{{nil, 8}}) },
				"putv: source region 0 is a nil address with length 8"},
			{"puti sizes", func() { ep.PutI(peer, []uintptr{0, 8}, 8, []unsafe.Pointer{p}, 8) },
				"puti: the source and destination sizes differ (destination 16 bytes, source 8 bytes)"},
			{"geti zero length", func() { ep.GetI([]unsafe.Pointer{p}, 0, peer, []uintptr{0}, 8) },
				"geti: region lengths must be positive (destination 0, source 8)"},
			{"geti outside", func() { ep.GetI([]unsafe.Pointer{p}, 8, peer, []uintptr{visSeg}, 8) },
				"geti: source region 0 (8 bytes at offset 0x400000) is outside the segment of 4194304 bytes"},
			{"puts overlapping", func() { ep.PutS(peer, 0, []uintptr{4}, p, []uintptr{8}, []uintptr{8, 2}) },
				"puts: destination strides: strides[0] = 4 is less than count[0] = 8 (runs would overlap)"},
			{"gets not growing", func() { ep.GetS(p, []uintptr{8, 16}, peer, 0, []uintptr{8, 8}, []uintptr{8, 2, 2}) },
				"gets: source strides: strides[1] = 8 is less than count[1]·strides[0] = 16 (strides must grow and runs must not overlap)"},
			{"gets few strides", func() { ep.GetS(p, []uintptr{8}, peer, 0, nil, []uintptr{8, 2}) },
				"gets: 1 stride levels need 1 strides per side, got 1 and 0"},
			{"puts outside", func() { ep.PutS(peer, visSeg-8, []uintptr{8}, p, []uintptr{8}, []uintptr{8, 2}) },
				"puts: the destination section at offset 0x3ffff8 is outside the segment of 4194304 bytes"},
			{"putt overlapping", func() { ep.PutT(peer, 64, []int64{8, 8}, p, []int64{8, 16}, []uintptr{2, 2}, 8) },
				"putt: destination strides: |strides[1]| = 8 is less than the extent 16 of dimension 0 (elements would overlap)"},
			{"gett below the segment", func() { ep.GetT(p, []int64{8}, peer, 8, []int64{-8}, []uintptr{3}, 8) },
				"gett: the source section at offset 0x8 is outside the segment of 4194304 bytes"},
			{"rank", func() { ep.PutV(7, nil, nil) }, "putv: rank 7 out of range [0,2)"},
		} {
			assert.PanicsWithValue(t, tc.want, tc.do, tc.name)
		}
	})
}

func TestCheckTransposed(t *testing.T) {
	for _, tc := range []struct {
		strides []int64
		count   []uintptr
		elem    uintptr
		ok      bool
	}{
		{[]int64{8, 24}, []uintptr{3, 2}, 8, true},
		{[]int64{24, 8}, []uintptr{2, 3}, 8, true},   // transposed
		{[]int64{-24, 8}, []uintptr{2, 3}, 8, true},  // reflected
		{[]int64{0, 8}, []uintptr{1, 3}, 8, true},    // a dimension of one element may have any stride
		{[]int64{8, 16}, []uintptr{3, 2}, 8, false},  // rows overlap
		{[]int64{4}, []uintptr{2}, 8, false},         // elements overlap
		{[]int64{0, 8}, []uintptr{2, 3}, 8, false},   // a zero stride repeats elements
		{[]int64{8, -23}, []uintptr{3, 2}, 8, false}, // one byte short
	} {
		err := CheckTransposed(tc.strides, tc.count, tc.elem)
		assert.Equal(t, tc.ok, err == nil, "%v %v: %v", tc.strides, tc.count, err)
	}
}

// fakeVIS is a conduit with "native" VIS support: it moves bytes directly
// between the simulated processes' segments and counts the calls, so the
// test can see that the endpoint dispatches to it.
type fakeVIS struct {
	Conduit // the smp conduit, one simulated process per rank
	job     *Job
	calls   atomic.Int32
}

func (c *fakeVIS) Attach(job *Job, segSize uintptr) error {
	c.job = job
	return c.Conduit.Attach(job, segSize)
}

// seg is rank to's segment, as the conduit's process of to sees it.
func (c *fakeVIS) seg(to int) unsafe.Pointer { return c.Segment(to, to) }

func (c *fakeVIS) finish(ref OpRef) {
	c.calls.Add(1)
	c.job.Complete(ref)
}

// PutVIS and GetVIS move the bytes the way a conduit over a wire does:
// the local side packed, the remote side encoded, decoded at the target
// and unpacked there.
func (c *fakeVIS) PutVIS(from, to int, remote, local Side, done OpRef) {
	buf := make([]byte, local.Total())
	local.Gather(unsafe.Pointer(&buf[0]), nil)
	r, rest, err := DecodeSide(remote.AppendEncoding(nil), visSeg)
	if err != nil || len(rest) != 0 {
		panic(fmt.Sprint("fakeVIS: ", err, len(rest)))
	}
	r.Scatter(c.seg(to), unsafe.Pointer(&buf[0]))
	c.finish(done)
}

func (c *fakeVIS) GetVIS(from int, local Side, to int, remote Side, done OpRef) {
	r, _, err := DecodeSide(remote.AppendEncoding(nil), visSeg)
	if err != nil {
		panic(fmt.Sprint("fakeVIS: ", err))
	}
	buf := make([]byte, r.Total())
	r.Gather(unsafe.Pointer(&buf[0]), c.seg(to))
	local.Scatter(nil, unsafe.Pointer(&buf[0]))
	c.finish(done)
}

func TestVISConduitOverride(t *testing.T) {
	c := &fakeVIS{Conduit: NewTestConduit(3, 3)}
	j, err := NewJob(Config{Conduit: c, SegmentSize: visSeg})
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, j.Run(func(ep *Endpoint) {
		w := newVisWorld(ep, 7)
		for round := range 2 * int(numModes) {
			w.runOps(t, issueMode(round%int(numModes)), w.batch(t, 6))
			w.verify(t, fmt.Sprint("round ", round))
		}
		assert.Equal(t, uint64(2*int(numModes)*(ep.Size()-1)), ep.Stats.AMs, "only the verifying gets travel as messages")
	}))
	assert.Positive(t, c.calls.Load())
}
