package gasnet

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"unsafe"
)

// VIS: the vector, indexed and strided extended API (LBNL-56495 §5–6,
// GASNet's gasnet_putv/puti/puts families). Each operation is point to
// point: one remote rank per call, any number of regions on either side.
// The two sides describe the same number of bytes but may cut them into
// different regions; bytes are copied in order.
//
// A target whose segment is addressable is served by the copy loops of
// vis_copy.go. Any other target is served by the conduit if it implements
// VISConduit (MPI derived datatypes), else by active messages: the
// initiator packs, one message per chunk carries the bytes and the
// target-side metadata, and the target unpacks (gets: the target packs and
// replies). See vis_am.go.

// VISConduit is implemented by conduits that move vector, indexed and
// strided data natively (MPI derived datatypes, network scatter/gather).
// The endpoint calls it only for targets it cannot address and after both
// sides passed every check. done is completed exactly once with
// Job.Complete when the operation is remotely complete (puts; the local
// data may be reused from then on) or the data has landed (gets). The
// sides are the endpoint's own copies and stay valid until done.
type VISConduit interface {
	Conduit
	PutVIS(from, to int, remote, local Side, done OpRef)
	GetVIS(from int, local Side, to int, remote Side, done OpRef)
}

// Completion says how a VIS operation completes: Blocking returns once it
// is complete, NB returns its handle (zero if already complete), NBI adds
// it to the implicit set (or the open access region), and Part(ref) makes
// it one piece of the operation ref from Track.
type Completion struct {
	mode visMode
	ref  OpRef
}

type visMode uint8

const (
	visBlocking visMode = iota
	visNB
	visNBI
	visPart
)

// The completions of PutVIS and GetVIS.
var (
	Blocking = Completion{mode: visBlocking}
	NB       = Completion{mode: visNB}
	NBI      = Completion{mode: visNBI}
)

// Part is the completion of one piece of the operation ref (from Track).
func Part(ref OpRef) Completion { return Completion{visPart, ref} }

// PutVIS copies the bytes of local, in order, into the runs of remote in
// rank dst's segment, completing as c says. The sides are read during the
// call only: the caller may reuse them, and their lists, once it returns.
//
// The sides are passed by pointer and stay where the caller built them
// (on its stack): copying a Side (184 bytes) at each call level cost
// small strided transfers a third of their time.
func (ep *Endpoint) PutVIS(c Completion, dst int, remote, local *Side) Handle {
	return ep.vis(&xfer{put: true, rank: dst, local: local, remote: remote}, c)
}

// GetVIS copies the bytes of remote's runs in rank src's segment, in
// order, into the runs of local, completing as c says; as PutVIS, it
// reads the sides during the call only.
func (ep *Endpoint) GetVIS(c Completion, local *Side, src int, remote *Side) Handle {
	return ep.vis(&xfer{rank: src, local: local, remote: remote}, c)
}

// The spelled operations, blocking, under GASNet's names.

// PutV copies the bytes of srcList, in order, into dstList's regions of
// rank dst's segment (gasnet_putv_bulk).
func (ep *Endpoint) PutV(dst int, dstList []RemoteVec, srcList []LocalVec) {
	remote := RemoteVecs(dstList)
	local := LocalVecs(srcList)
	ep.PutVIS(Blocking, dst, &remote, &local)
}

// GetV copies the bytes of srcList's regions of rank src's segment, in
// order, into dstList (gasnet_getv_bulk).
func (ep *Endpoint) GetV(dstList []LocalVec, src int, srcList []RemoteVec) {
	local := LocalVecs(dstList)
	remote := RemoteVecs(srcList)
	ep.GetVIS(Blocking, &local, src, &remote)
}

// PutI copies len(srcList) regions of srcLen bytes into len(dstList)
// regions of dstLen bytes at the given offsets of rank dst's segment
// (gasnet_puti_bulk).
func (ep *Endpoint) PutI(dst int, dstList []uintptr, dstLen uintptr, srcList []unsafe.Pointer, srcLen uintptr) {
	remote := RemoteIndexed(dstList, dstLen)
	local := LocalIndexed(srcList, srcLen)
	ep.PutVIS(Blocking, dst, &remote, &local)
}

// GetI copies len(srcList) regions of srcLen bytes at the given offsets
// of rank src's segment into len(dstList) regions of dstLen bytes
// (gasnet_geti_bulk).
func (ep *Endpoint) GetI(dstList []unsafe.Pointer, dstLen uintptr, src int, srcList []uintptr, srcLen uintptr) {
	local := LocalIndexed(dstList, dstLen)
	remote := RemoteIndexed(srcList, srcLen)
	ep.GetVIS(Blocking, &local, src, &remote)
}

// PutS copies the spec-style strided section at src (see SpecSections)
// into the section at offset dstOff of rank dst's segment
// (gasnet_puts_bulk).
func (ep *Endpoint) PutS(dst int, dstOff uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) {
	var ds, ss Section
	if err := SpecSections(&ds, &ss, dstStrides, srcStrides, count); err != nil {
		panic("puts: " + err.Error())
	}
	remote := RemoteSection(dstOff, ds)
	local := LocalSection(src, ss)
	ep.PutVIS(Blocking, dst, &remote, &local)
}

// GetS copies the strided section at offset srcOff of rank src's segment
// into the section at dst (gasnet_gets_bulk).
func (ep *Endpoint) GetS(dst unsafe.Pointer, dstStrides []uintptr, src int, srcOff uintptr, srcStrides []uintptr, count []uintptr) {
	var ds, ss Section
	if err := SpecSections(&ds, &ss, dstStrides, srcStrides, count); err != nil {
		panic("gets: " + err.Error())
	}
	local := LocalSection(dst, ds)
	remote := RemoteSection(srcOff, ss)
	ep.GetVIS(Blocking, &local, src, &remote)
}

// PutT copies the transposing section at src (see TransposedSections)
// into the section at offset dstOff of rank dst's segment.
func (ep *Endpoint) PutT(dst int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) {
	var ds, ss Section
	if err := TransposedSections(&ds, &ss, dstStrides, srcStrides, count, elemSize); err != nil {
		panic("putt: " + err.Error())
	}
	local := LocalSection(src, ss)
	remote := RemoteSection(dstOff, ds)
	ep.vis(&xfer{transposed: true, put: true, rank: dst, local: &local, remote: &remote}, Blocking)
}

// GetT copies the transposing section at offset srcOff of rank src's
// segment into the section at dst.
func (ep *Endpoint) GetT(dst unsafe.Pointer, dstStrides []int64, src int, srcOff uintptr, srcStrides []int64, count []uintptr, elemSize uintptr) {
	var ds, ss Section
	if err := TransposedSections(&ds, &ss, dstStrides, srcStrides, count, elemSize); err != nil {
		panic("gett: " + err.Error())
	}
	local := LocalSection(dst, ds)
	remote := RemoteSection(srcOff, ss)
	ep.vis(&xfer{transposed: true, rank: src, local: &local, remote: &remote}, Blocking)
}

// SpecSections sets *dst and *src to the two sections of a strided
// transfer described as in the spec: count[0] contiguous bytes per run, count[i] runs along
// dimension i for i in 1..len(count)-1, and strides[i-1] bytes between
// consecutive runs along dimension i; strides must grow: strides[0] ≥
// count[0] and strides[i] ≥ count[i]·strides[i-1]. len(count) is
// stridelevels+1. A zero in count makes the sections empty (the transfer
// a no-op, whatever the strides), as does an error.
//
// The sections are set in place, not returned: a small strided transfer
// spends more time copying 56-byte Sections than moving its bytes.
func SpecSections(dst, src *Section, dstStrides, srcStrides, count []uintptr) error {
	*dst = Section{}
	*src = Section{}
	if len(count) == 0 {
		return errors.New("count has no entries (it needs stridelevels+1)")
	}
	for _, c := range count {
		if c == 0 {
			return nil
		}
	}
	levels := len(count) - 1
	if len(dstStrides) < levels || len(srcStrides) < levels {
		return fmt.Errorf("%d stride levels need %d strides per side, got %d and %d", levels, levels, len(dstStrides), len(srcStrides))
	}
	ds, ss := dstStrides[:levels], srcStrides[:levels]
	if err := CheckStrides(ds, count); err != nil {
		return fmt.Errorf("destination strides: %v", err)
	}
	if err := CheckStrides(ss, count); err != nil {
		return fmt.Errorf("source strides: %v", err)
	}
	dst.Run, dst.Count, dst.Strides = count[0], count[1:], signed(ds)
	src.Run, src.Count, src.Strides = count[0], count[1:], signed(ss)
	return nil
}

// signed views strides as int64s; CheckStrides has bounded them.
func signed(s []uintptr) []int64 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*int64)(unsafe.Pointer(&s[0])), len(s))
}

// TransposedSections sets *dst and *src to the two sections of a
// transposing strided
// transfer (an extension from the spec's appendix, item 8): elements of
// elemSize bytes, count[k] of them along dimension k, with a signed byte
// stride per dimension on each side, so the copy may permute dimensions
// (transpose) or run one backwards (reflect). Element (i0, …, iN-1)
// moves from src + Σ ik·srcStrides[k] to dst + Σ ik·dstStrides[k].
// Destination elements must not overlap; sources may. A zero elemSize or
// count makes the sections empty, as does an error.
func TransposedSections(dst, src *Section, dstStrides, srcStrides []int64, count []uintptr, elemSize uintptr) error {
	*dst = Section{}
	*src = Section{}
	if elemSize == 0 || len(count) == 0 {
		return nil
	}
	for _, c := range count {
		if c == 0 {
			return nil
		}
	}
	if len(dstStrides) < len(count) || len(srcStrides) < len(count) {
		return fmt.Errorf("%d dimensions need %d strides per side, got %d and %d", len(count), len(count), len(dstStrides), len(srcStrides))
	}
	ds, ss := dstStrides[:len(count)], srcStrides[:len(count)]
	if err := CheckTransposed(ds, count, elemSize); err != nil {
		return fmt.Errorf("destination strides: %v", err)
	}
	if _, _, ok := SectionExtent(elemSize, count, ss); !ok {
		return errors.New("the source section's extent overflows")
	}
	dst.Run, dst.Count, dst.Strides = elemSize, count, ds
	src.Run, src.Count, src.Strides = elemSize, count, ss
	return nil
}

// CheckStrides checks the strides of a spec-style strided transfer:
// len(count)-1 strides, strides[0] ≥ count[0] and strides[i] ≥
// count[i]·strides[i-1], so that no two runs overlap.
func CheckStrides(strides, count []uintptr) error {
	need := count[0]
	for i, s := range strides {
		if s < need {
			if i == 0 {
				return fmt.Errorf("strides[0] = %d is less than count[0] = %d (runs would overlap)", s, count[0])
			}
			return fmt.Errorf("strides[%d] = %d is less than count[%d]·strides[%d] = %d (strides must grow and runs must not overlap)", i, s, i, i-1, need)
		}
		if s > math.MaxInt64 {
			return fmt.Errorf("strides[%d] = %d is too large", i, s)
		}
		if i+1 < len(count) {
			hi, lo := bits.Mul64(uint64(count[i+1]), uint64(s))
			if hi != 0 || lo > math.MaxInt64 {
				return fmt.Errorf("count[%d]·strides[%d] overflows", i+1, i)
			}
			need = uintptr(lo)
		}
	}
	return nil
}

// CheckTransposed checks that the elements of a transposing section do not
// overlap: ordered by the size of their strides, the dimensions that have
// more than one element must each step over the whole extent of the
// smaller ones.
func CheckTransposed(strides []int64, count []uintptr, elemSize uintptr) error {
	type dim struct {
		k      int
		stride uint64
		count  uint64
	}
	var dims []dim
	for k, c := range count {
		if c > 1 {
			s := strides[k]
			if s == math.MinInt64 {
				return fmt.Errorf("strides[%d] is too large", k)
			}
			dims = append(dims, dim{k, uint64(max(s, -s)), uint64(c)})
		}
	}
	// Insertion sort: there are few dimensions.
	for i := 1; i < len(dims); i++ {
		for j := i; j > 0 && dims[j].stride < dims[j-1].stride; j-- {
			dims[j], dims[j-1] = dims[j-1], dims[j]
		}
	}
	extent := uint64(elemSize)
	prev := -1
	for _, d := range dims {
		if d.stride < extent {
			if prev < 0 {
				return fmt.Errorf("|strides[%d]| = %d is less than the element size %d (elements would overlap)", d.k, d.stride, elemSize)
			}
			return fmt.Errorf("|strides[%d]| = %d is less than the extent %d of dimension %d (elements would overlap)", d.k, d.stride, extent, prev)
		}
		hi, lo := bits.Mul64(d.stride, d.count)
		if hi != 0 || lo > math.MaxInt64 {
			return fmt.Errorf("count[%d]·|strides[%d]| overflows", d.k, d.k)
		}
		extent, prev = lo, d.k
	}
	return nil
}

// SectionExtent returns the lowest and highest byte offsets (the latter
// exclusive) that a section touches relative to its origin, with ok false
// if they do not fit an int64.
func SectionExtent(run uintptr, count []uintptr, strides []int64) (lo, hi int64, ok bool) {
	if run > math.MaxInt64 {
		return 0, 0, false
	}
	hi = int64(run)
	for k, c := range count {
		s := strides[k]
		if c > math.MaxInt64 {
			return 0, 0, false
		}
		span, overflow := mulInt64(int64(c-1), s)
		if overflow {
			return 0, 0, false
		}
		if span < 0 {
			if lo < math.MinInt64-span {
				return 0, 0, false
			}
			lo += span
		} else {
			if hi > math.MaxInt64-span {
				return 0, 0, false
			}
			hi += span
		}
	}
	return lo, hi, true
}

func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, false
	}
	c := a * b
	return c, c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64)
}

// ErrSizeMismatch is wrapped by the errors of transfers whose two sides
// describe different numbers of bytes.
var ErrSizeMismatch = errors.New("the source and destination sizes differ")

// xfer is one VIS operation between the initiator's memory (local) and
// one target's segment (remote), in either direction.
type xfer struct {
	put, transposed bool
	rank            int
	local, remote   *Side
	total           uintptr
}

// op is GASNet's name of the operation, for messages. It is looked up,
// not stored: a string in x that reached a panic message would make
// escape analysis move every Side passed to PutVIS and GetVIS to the heap.
func (x *xfer) op() string {
	k := 3 // putt, gett
	if !x.transposed {
		k = int(x.remote.kind)
	}
	if x.put {
		return [...]string{vecSide: "putv", idxSide: "puti", sectionSide: "puts", 3: "putt"}[k]
	}
	return [...]string{vecSide: "getv", idxSide: "geti", sectionSide: "gets", 3: "gett"}[k]
}

func (x *xfer) remoteName() string {
	if x.put {
		return "destination"
	}
	return "source"
}

func (x *xfer) localName() string {
	if x.put {
		return "source"
	}
	return "destination"
}

// noop completes an operation that moves nothing.
func (ep *Endpoint) noop(c Completion) Handle {
	if c.mode == visPart {
		ep.job.complete(c.ref)
	}
	return 0
}

// vis checks x, then runs it on the direct path, the conduit's native
// path or the active-message path, and completes it as c says.
func (ep *Endpoint) vis(x *xfer, c Completion) Handle {
	if uint(x.rank) >= uint(ep.size) {
		panic(fmt.Sprintf("%s: rank %d out of range [0,%d)", x.op(), x.rank, ep.size))
	}
	if err := x.check(ep.segSize); err != nil {
		panic(x.op() + ": " + err.Error())
	}
	if x.total == 0 {
		return ep.noop(c)
	}
	if x.put {
		ep.count(AccessPut, x.rank, x.total)
	} else {
		ep.count(AccessGet, x.rank, x.total)
	}
	if base := ep.segs[x.rank]; base != nil {
		x.direct(base)
		return ep.noop(c)
	}
	var h Handle
	ref := c.ref
	switch c.mode {
	case visBlocking, visNB:
		h, ref = ep.startOp(1, false)
	case visNBI:
		_, ref = ep.startOp(1, true)
	}
	if vc, ok := ep.job.conduit.(VISConduit); ok {
		// The conduit may read the sides until done: keep private
		// copies, so the caller may reuse its arrays at once.
		if x.put {
			vc.PutVIS(ep.rank, x.rank, x.remote.clone(), x.local.clone(), ref)
		} else {
			vc.GetVIS(ep.rank, x.local.clone(), x.rank, x.remote.clone(), ref)
		}
	} else {
		ep.visAM(x, ref)
	}
	if c.mode == visBlocking {
		ep.Wait(h)
		return 0
	}
	return h
}

// check validates both sides and computes the total size.
func (x *xfer) check(segSize uintptr) error {
	l, r := x.local, x.remote
	if (l.kind == idxSide && l.entries() > 0 && l.size == 0) || (r.kind == idxSide && r.entries() > 0 && r.size == 0) {
		if x.put {
			return fmt.Errorf("region lengths must be positive (destination %d, source %d)", r.size, l.size)
		}
		return fmt.Errorf("region lengths must be positive (destination %d, source %d)", l.size, r.size)
	}
	lt, err := l.check(x.localName(), math.MaxUint64)
	if err != nil {
		return err
	}
	rt, err := r.check(x.remoteName(), segSize)
	if err != nil {
		return err
	}
	if lt != rt {
		if x.put {
			return fmt.Errorf("%w (destination %d bytes, source %d bytes)", ErrSizeMismatch, rt, lt)
		}
		return fmt.Errorf("%w (destination %d bytes, source %d bytes)", ErrSizeMismatch, lt, rt)
	}
	x.total = lt
	return nil
}

// direct runs x on an addressable target segment.
func (x *xfer) direct(seg unsafe.Pointer) {
	if x.put {
		copySides(x.remote, seg, x.local, nil)
	} else {
		copySides(x.local, nil, x.remote, seg)
	}
}
