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

// LocalVec is one contiguous region of the initiator's memory: the local
// side of a vector transfer (gasnet_memvec_t).
type LocalVec struct {
	Addr unsafe.Pointer
	Len  uintptr
}

// RemoteVec is one contiguous region of a target's segment, by offset:
// the remote side of a vector transfer.
type RemoteVec struct {
	Off uintptr
	Len uintptr
}

// VISConduit is implemented by conduits that move vector, indexed and
// strided data natively (MPI derived datatypes, network scatter/gather).
// The endpoint calls it only for targets it cannot address and after the
// arguments passed every check. done is completed exactly once with
// Job.Complete when the operation is remotely complete (puts; the local
// data may be reused from then on) or the data has landed (gets). The
// metadata slices are the endpoint's own copies and stay valid until done.
//
// PutS and GetS move an N-d section: count[k] runs of run bytes along
// dimension k (innermost first), consecutive runs along dimension k a
// signed number of bytes apart on each side (strides[k]); the transposing
// and reflecting copies use negative and permuted strides.
type VISConduit interface {
	Conduit
	PutV(from, to int, dst []RemoteVec, src []LocalVec, done OpRef)
	GetV(from int, dst []LocalVec, to int, src []RemoteVec, done OpRef)
	PutI(from, to int, dst []uintptr, dstLen uintptr, src []unsafe.Pointer, srcLen uintptr, done OpRef)
	GetI(from int, dst []unsafe.Pointer, dstLen uintptr, to int, src []uintptr, srcLen uintptr, done OpRef)
	PutS(from, to int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, run uintptr, count []uintptr, done OpRef)
	GetS(from int, dst unsafe.Pointer, dstStrides []int64, to int, srcOff uintptr, srcStrides []int64, run uintptr, count []uintptr, done OpRef)
}

// sideKind is how one side of a transfer lists its bytes.
type sideKind uint8

const (
	vecSide     sideKind = iota // regions of any length
	idxSide                     // regions of one fixed length
	stridedSide                 // an N-d section
)

// section is the shape of a strided transfer, shared by both sides.
type section struct {
	run   uintptr   // contiguous bytes per run
	count []uintptr // runs along each dimension, innermost first
}

// xfer is one VIS operation between the initiator's memory (local) and
// one target's segment (remote), in either direction.
type xfer struct {
	op   string // the API name, for messages
	put  bool
	rank int

	kind sideKind // both sides have the same kind

	lvec []LocalVec
	rvec []RemoteVec

	lptr       []unsafe.Pointer
	roff       []uintptr
	llen, rlen uintptr // idx: the fixed region lengths

	lbase   unsafe.Pointer // strided: the local section's origin
	roff0   uintptr        // strided: the remote section's origin
	sec     section
	lstride []int64
	rstride []int64

	total uintptr
}

// visMode is how an operation completes.
type visMode uint8

const (
	visBlocking visMode = iota
	visNB
	visNBI
	visPart // one piece of a handle from Track
)

// Vector transfers (gasnet_putv_bulk and friends).

// PutV copies the bytes of srcList, in order, into dstList's regions of
// rank dst's segment, and returns when the source may be reused and the
// data is visible at the target.
func (ep *Endpoint) PutV(dst int, dstList []RemoteVec, srcList []LocalVec) {
	ep.putV(visBlocking, 0, dst, dstList, srcList)
}

// PutVNB starts PutV and returns its handle (zero if already complete).
func (ep *Endpoint) PutVNB(dst int, dstList []RemoteVec, srcList []LocalVec) Handle {
	return ep.putV(visNB, 0, dst, dstList, srcList)
}

// PutVNBI starts PutV in the implicit set (or the open access region).
func (ep *Endpoint) PutVNBI(dst int, dstList []RemoteVec, srcList []LocalVec) {
	ep.putV(visNBI, 0, dst, dstList, srcList)
}

// PutVPart starts PutV as one piece of the operation ref (from Track).
func (ep *Endpoint) PutVPart(ref OpRef, dst int, dstList []RemoteVec, srcList []LocalVec) {
	ep.putV(visPart, ref, dst, dstList, srcList)
}

func (ep *Endpoint) putV(m visMode, ref OpRef, dst int, dstList []RemoteVec, srcList []LocalVec) Handle {
	x := xfer{op: "putv", put: true, rank: dst, kind: vecSide, lvec: srcList, rvec: dstList}
	return ep.vis(&x, m, ref)
}

// GetV copies the bytes of srcList's regions of rank src's segment, in
// order, into dstList.
func (ep *Endpoint) GetV(dstList []LocalVec, src int, srcList []RemoteVec) {
	ep.getV(visBlocking, 0, dstList, src, srcList)
}

// GetVNB starts GetV and returns its handle.
func (ep *Endpoint) GetVNB(dstList []LocalVec, src int, srcList []RemoteVec) Handle {
	return ep.getV(visNB, 0, dstList, src, srcList)
}

// GetVNBI starts GetV in the implicit set (or the open access region).
func (ep *Endpoint) GetVNBI(dstList []LocalVec, src int, srcList []RemoteVec) {
	ep.getV(visNBI, 0, dstList, src, srcList)
}

// GetVPart starts GetV as one piece of the operation ref (from Track).
func (ep *Endpoint) GetVPart(ref OpRef, dstList []LocalVec, src int, srcList []RemoteVec) {
	ep.getV(visPart, ref, dstList, src, srcList)
}

func (ep *Endpoint) getV(m visMode, ref OpRef, dstList []LocalVec, src int, srcList []RemoteVec) Handle {
	x := xfer{op: "getv", rank: src, kind: vecSide, lvec: dstList, rvec: srcList}
	return ep.vis(&x, m, ref)
}

// Indexed transfers (gasnet_puti_bulk and friends): every region of a
// list has that list's length.

// PutI copies len(srcList) regions of srcLen bytes into len(dstList)
// regions of dstLen bytes at the given offsets of rank dst's segment.
func (ep *Endpoint) PutI(dst int, dstList []uintptr, dstLen uintptr, srcList []unsafe.Pointer, srcLen uintptr) {
	ep.putI(visBlocking, 0, dst, dstList, dstLen, srcList, srcLen)
}

// PutINB starts PutI and returns its handle.
func (ep *Endpoint) PutINB(dst int, dstList []uintptr, dstLen uintptr, srcList []unsafe.Pointer, srcLen uintptr) Handle {
	return ep.putI(visNB, 0, dst, dstList, dstLen, srcList, srcLen)
}

// PutINBI starts PutI in the implicit set (or the open access region).
func (ep *Endpoint) PutINBI(dst int, dstList []uintptr, dstLen uintptr, srcList []unsafe.Pointer, srcLen uintptr) {
	ep.putI(visNBI, 0, dst, dstList, dstLen, srcList, srcLen)
}

// PutIPart starts PutI as one piece of the operation ref (from Track).
func (ep *Endpoint) PutIPart(ref OpRef, dst int, dstList []uintptr, dstLen uintptr, srcList []unsafe.Pointer, srcLen uintptr) {
	ep.putI(visPart, ref, dst, dstList, dstLen, srcList, srcLen)
}

func (ep *Endpoint) putI(m visMode, ref OpRef, dst int, dstList []uintptr, dstLen uintptr, srcList []unsafe.Pointer, srcLen uintptr) Handle {
	x := xfer{op: "puti", put: true, rank: dst, kind: idxSide, lptr: srcList, llen: srcLen, roff: dstList, rlen: dstLen}
	return ep.vis(&x, m, ref)
}

// GetI copies len(srcList) regions of srcLen bytes at the given offsets
// of rank src's segment into len(dstList) regions of dstLen bytes.
func (ep *Endpoint) GetI(dstList []unsafe.Pointer, dstLen uintptr, src int, srcList []uintptr, srcLen uintptr) {
	ep.getI(visBlocking, 0, dstList, dstLen, src, srcList, srcLen)
}

// GetINB starts GetI and returns its handle.
func (ep *Endpoint) GetINB(dstList []unsafe.Pointer, dstLen uintptr, src int, srcList []uintptr, srcLen uintptr) Handle {
	return ep.getI(visNB, 0, dstList, dstLen, src, srcList, srcLen)
}

// GetINBI starts GetI in the implicit set (or the open access region).
func (ep *Endpoint) GetINBI(dstList []unsafe.Pointer, dstLen uintptr, src int, srcList []uintptr, srcLen uintptr) {
	ep.getI(visNBI, 0, dstList, dstLen, src, srcList, srcLen)
}

// GetIPart starts GetI as one piece of the operation ref (from Track).
func (ep *Endpoint) GetIPart(ref OpRef, dstList []unsafe.Pointer, dstLen uintptr, src int, srcList []uintptr, srcLen uintptr) {
	ep.getI(visPart, ref, dstList, dstLen, src, srcList, srcLen)
}

func (ep *Endpoint) getI(m visMode, ref OpRef, dstList []unsafe.Pointer, dstLen uintptr, src int, srcList []uintptr, srcLen uintptr) Handle {
	x := xfer{op: "geti", rank: src, kind: idxSide, lptr: dstList, llen: dstLen, roff: srcList, rlen: srcLen}
	return ep.vis(&x, m, ref)
}

// Strided transfers (gasnet_puts_bulk and friends), as in the spec:
// count[0] contiguous bytes per run, count[i] runs along dimension i for
// i in 1..len(count)-1, and strides[i-1] bytes between consecutive runs
// along dimension i; strides must grow: strides[0] ≥ count[0] and
// strides[i] ≥ count[i]·strides[i-1]. len(count) is stridelevels+1; a
// zero in count makes the operation a no-op.

// PutS copies the strided section at src into the section at offset
// dstOff of rank dst's segment.
func (ep *Endpoint) PutS(dst int, dstOff uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) {
	ep.putS(visBlocking, 0, dst, dstOff, dstStrides, src, srcStrides, count)
}

// PutSNB starts PutS and returns its handle.
func (ep *Endpoint) PutSNB(dst int, dstOff uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) Handle {
	return ep.putS(visNB, 0, dst, dstOff, dstStrides, src, srcStrides, count)
}

// PutSNBI starts PutS in the implicit set (or the open access region).
func (ep *Endpoint) PutSNBI(dst int, dstOff uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) {
	ep.putS(visNBI, 0, dst, dstOff, dstStrides, src, srcStrides, count)
}

// PutSPart starts PutS as one piece of the operation ref (from Track).
func (ep *Endpoint) PutSPart(ref OpRef, dst int, dstOff uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) {
	ep.putS(visPart, ref, dst, dstOff, dstStrides, src, srcStrides, count)
}

func (ep *Endpoint) putS(m visMode, ref OpRef, dst int, dstOff uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) Handle {
	x := xfer{op: "puts", put: true, rank: dst, kind: stridedSide, lbase: src, roff0: dstOff}
	if !x.setStrided(dstStrides, srcStrides, count) {
		return ep.noop(m, ref)
	}
	return ep.vis(&x, m, ref)
}

// GetS copies the strided section at offset srcOff of rank src's segment
// into the section at dst.
func (ep *Endpoint) GetS(dst unsafe.Pointer, dstStrides []uintptr, src int, srcOff uintptr, srcStrides []uintptr, count []uintptr) {
	ep.getS(visBlocking, 0, dst, dstStrides, src, srcOff, srcStrides, count)
}

// GetSNB starts GetS and returns its handle.
func (ep *Endpoint) GetSNB(dst unsafe.Pointer, dstStrides []uintptr, src int, srcOff uintptr, srcStrides []uintptr, count []uintptr) Handle {
	return ep.getS(visNB, 0, dst, dstStrides, src, srcOff, srcStrides, count)
}

// GetSNBI starts GetS in the implicit set (or the open access region).
func (ep *Endpoint) GetSNBI(dst unsafe.Pointer, dstStrides []uintptr, src int, srcOff uintptr, srcStrides []uintptr, count []uintptr) {
	ep.getS(visNBI, 0, dst, dstStrides, src, srcOff, srcStrides, count)
}

// GetSPart starts GetS as one piece of the operation ref (from Track).
func (ep *Endpoint) GetSPart(ref OpRef, dst unsafe.Pointer, dstStrides []uintptr, src int, srcOff uintptr, srcStrides []uintptr, count []uintptr) {
	ep.getS(visPart, ref, dst, dstStrides, src, srcOff, srcStrides, count)
}

func (ep *Endpoint) getS(m visMode, ref OpRef, dst unsafe.Pointer, dstStrides []uintptr, src int, srcOff uintptr, srcStrides []uintptr, count []uintptr) Handle {
	x := xfer{op: "gets", rank: src, kind: stridedSide, lbase: dst, roff0: srcOff}
	if !x.setStrided(srcStrides, dstStrides, count) {
		return ep.noop(m, ref)
	}
	return ep.vis(&x, m, ref)
}

// setStrided records a spec-style strided shape (remote strides first)
// and reports whether the operation moves anything. Strides are checked
// here: a stride that does not fit an int64 would wrap.
func (x *xfer) setStrided(rstrides, lstrides, count []uintptr) bool {
	if len(count) == 0 {
		panic(x.op + ": count has no entries (it needs stridelevels+1)")
	}
	for _, c := range count {
		if c == 0 {
			return false
		}
	}
	levels := len(count) - 1
	if len(rstrides) < levels || len(lstrides) < levels {
		panic(fmt.Sprintf("%s: %d stride levels need %d strides per side, got %d and %d", x.op, levels, levels, len(rstrides), len(lstrides)))
	}
	rs, ls := rstrides[:levels], lstrides[:levels]
	if err := CheckStrides(rs, count); err != nil {
		panic(fmt.Sprintf("%s: %s strides: %v", x.op, x.remoteName(), err))
	}
	if err := CheckStrides(ls, count); err != nil {
		panic(fmt.Sprintf("%s: %s strides: %v", x.op, x.localName(), err))
	}
	x.sec = section{run: count[0], count: count[1:]}
	x.rstride, x.lstride = signed(rs), signed(ls)
	return true
}

// signed views strides as int64s; CheckStrides has bounded them.
func signed(s []uintptr) []int64 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*int64)(unsafe.Pointer(&s[0])), len(s))
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

// Transposing strided transfers (an extension from the spec's appendix,
// item 8): elements of elemSize bytes, count[k] of them along dimension k,
// with a signed byte stride per dimension on each side, so the copy may
// permute dimensions (transpose) or run one backwards (reflect). Element
// (i0, …, iN-1) moves from src + Σ ik·srcStrides[k] to dst + Σ
// ik·dstStrides[k]. Destination elements must not overlap; sources may.

// PutT copies the section at src into the section at offset dstOff of
// rank dst's segment.
func (ep *Endpoint) PutT(dst int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) {
	ep.putT(visBlocking, 0, dst, dstOff, dstStrides, src, srcStrides, count, elemSize)
}

// PutTNB starts PutT and returns its handle.
func (ep *Endpoint) PutTNB(dst int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	return ep.putT(visNB, 0, dst, dstOff, dstStrides, src, srcStrides, count, elemSize)
}

// PutTNBI starts PutT in the implicit set (or the open access region).
func (ep *Endpoint) PutTNBI(dst int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) {
	ep.putT(visNBI, 0, dst, dstOff, dstStrides, src, srcStrides, count, elemSize)
}

// PutTPart starts PutT as one piece of the operation ref (from Track).
func (ep *Endpoint) PutTPart(ref OpRef, dst int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) {
	ep.putT(visPart, ref, dst, dstOff, dstStrides, src, srcStrides, count, elemSize)
}

func (ep *Endpoint) putT(m visMode, ref OpRef, dst int, dstOff uintptr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	x := xfer{op: "putt", put: true, rank: dst, kind: stridedSide, lbase: src, roff0: dstOff}
	if !x.setTransposed(dstStrides, srcStrides, count, elemSize) {
		return ep.noop(m, ref)
	}
	return ep.vis(&x, m, ref)
}

// GetT copies the section at offset srcOff of rank src's segment into the
// section at dst.
func (ep *Endpoint) GetT(dst unsafe.Pointer, dstStrides []int64, src int, srcOff uintptr, srcStrides []int64, count []uintptr, elemSize uintptr) {
	ep.getT(visBlocking, 0, dst, dstStrides, src, srcOff, srcStrides, count, elemSize)
}

// GetTNB starts GetT and returns its handle.
func (ep *Endpoint) GetTNB(dst unsafe.Pointer, dstStrides []int64, src int, srcOff uintptr, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	return ep.getT(visNB, 0, dst, dstStrides, src, srcOff, srcStrides, count, elemSize)
}

// GetTNBI starts GetT in the implicit set (or the open access region).
func (ep *Endpoint) GetTNBI(dst unsafe.Pointer, dstStrides []int64, src int, srcOff uintptr, srcStrides []int64, count []uintptr, elemSize uintptr) {
	ep.getT(visNBI, 0, dst, dstStrides, src, srcOff, srcStrides, count, elemSize)
}

// GetTPart starts GetT as one piece of the operation ref (from Track).
func (ep *Endpoint) GetTPart(ref OpRef, dst unsafe.Pointer, dstStrides []int64, src int, srcOff uintptr, srcStrides []int64, count []uintptr, elemSize uintptr) {
	ep.getT(visPart, ref, dst, dstStrides, src, srcOff, srcStrides, count, elemSize)
}

func (ep *Endpoint) getT(m visMode, ref OpRef, dst unsafe.Pointer, dstStrides []int64, src int, srcOff uintptr, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	x := xfer{op: "gett", rank: src, kind: stridedSide, lbase: dst, roff0: srcOff}
	if !x.setTransposed(srcStrides, dstStrides, count, elemSize) {
		return ep.noop(m, ref)
	}
	return ep.vis(&x, m, ref)
}

func (x *xfer) setTransposed(rstrides, lstrides []int64, count []uintptr, elemSize uintptr) bool {
	if elemSize == 0 || len(count) == 0 {
		return false
	}
	for _, c := range count {
		if c == 0 {
			return false
		}
	}
	if len(rstrides) < len(count) || len(lstrides) < len(count) {
		panic(fmt.Sprintf("%s: %d dimensions need %d strides per side, got %d and %d", x.op, len(count), len(count), len(rstrides), len(lstrides)))
	}
	dstStrides := lstrides
	if x.put {
		dstStrides = rstrides
	}
	if err := CheckTransposed(dstStrides[:len(count)], count, elemSize); err != nil {
		panic(fmt.Sprintf("%s: destination strides: %v", x.op, err))
	}
	x.sec = section{run: elemSize, count: count}
	x.rstride, x.lstride = rstrides[:len(count)], lstrides[:len(count)]
	return true
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

// noop completes an operation that moves nothing.
func (ep *Endpoint) noop(m visMode, ref OpRef) Handle {
	if m == visPart {
		ep.job.complete(ref)
	}
	return 0
}

// vis checks x, then runs it on the direct path, the conduit's native
// path or the active-message path, and completes it as m says.
func (ep *Endpoint) vis(x *xfer, m visMode, ref OpRef) Handle {
	if uint(x.rank) >= uint(ep.size) {
		panic(fmt.Sprintf("%s: rank %d out of range [0,%d)", x.op, x.rank, ep.size))
	}
	if err := x.check(ep.segSize); err != nil {
		panic(x.op + ": " + err.Error())
	}
	if x.total == 0 {
		return ep.noop(m, ref)
	}
	if x.put {
		ep.count(AccessPut, x.rank, x.total)
	} else {
		ep.count(AccessGet, x.rank, x.total)
	}
	if base := ep.segs[x.rank]; base != nil {
		x.direct(base)
		return ep.noop(m, ref)
	}
	var h Handle
	switch m {
	case visBlocking, visNB:
		h, ref = ep.startOp(1, false)
	case visNBI:
		_, ref = ep.startOp(1, true)
	}
	if vc, ok := ep.job.conduit.(VISConduit); ok {
		ep.native(vc, x, ref)
	} else {
		ep.visAM(x, ref)
	}
	if m == visBlocking {
		ep.Wait(h)
		return 0
	}
	return h
}

// check validates both sides and computes the total size.
func (x *xfer) check(segSize uintptr) error {
	switch x.kind {
	case vecSide:
		var lt, rt uintptr
		for i, v := range x.lvec {
			if v.Len != 0 && v.Addr == nil {
				return fmt.Errorf("%s region %d is a nil address with length %d", x.localName(), i, v.Len)
			}
			sum, c := bits.Add64(uint64(lt), uint64(v.Len), 0)
			lt = uintptr(sum)
			if c != 0 {
				return fmt.Errorf("the %s regions' total size overflows", x.localName())
			}
		}
		for i, v := range x.rvec {
			if v.Len != 0 && (v.Off > segSize || v.Len > segSize-v.Off) {
				return fmt.Errorf("%s region %d (%d bytes at offset %#x) is outside the segment of %d bytes", x.remoteName(), i, v.Len, v.Off, segSize)
			}
			rt += v.Len // bounded by the segment checks: cannot overflow
		}
		if lt != rt {
			return sizeMismatch(x, lt, rt)
		}
		x.total = lt
	case idxSide:
		if len(x.lptr) == 0 && len(x.roff) == 0 {
			return nil
		}
		if x.llen == 0 || x.rlen == 0 {
			return fmt.Errorf("region lengths must be positive (%s %d, %s %d)", x.localName(), x.llen, x.remoteName(), x.rlen)
		}
		hi, lt := bits.Mul64(uint64(len(x.lptr)), uint64(x.llen))
		if hi != 0 {
			return fmt.Errorf("the %s regions' total size overflows", x.localName())
		}
		hi, rt := bits.Mul64(uint64(len(x.roff)), uint64(x.rlen))
		if hi != 0 {
			return fmt.Errorf("the %s regions' total size overflows", x.remoteName())
		}
		if lt != rt {
			return sizeMismatch(x, uintptr(lt), uintptr(rt))
		}
		for i, p := range x.lptr {
			if p == nil {
				return fmt.Errorf("%s region %d is a nil address", x.localName(), i)
			}
		}
		if x.rlen > segSize {
			return fmt.Errorf("%s regions of %d bytes do not fit the segment of %d bytes", x.remoteName(), x.rlen, segSize)
		}
		for i, off := range x.roff {
			if off > segSize-x.rlen {
				return fmt.Errorf("%s region %d (%d bytes at offset %#x) is outside the segment of %d bytes", x.remoteName(), i, x.rlen, off, segSize)
			}
		}
		x.total = uintptr(lt)
	case stridedSide:
		total := uint64(x.sec.run)
		for _, c := range x.sec.count {
			hi, lo := bits.Mul64(total, uint64(c))
			if hi != 0 {
				return errors.New("the section's total size overflows")
			}
			total = lo
		}
		if x.lbase == nil {
			return fmt.Errorf("the %s section is at a nil address", x.localName())
		}
		lo, hi, ok := SectionExtent(x.sec.run, x.sec.count, x.rstride)
		if !ok || x.roff0 > segSize || lo < -int64(x.roff0) || hi > int64(segSize)-int64(x.roff0) {
			return fmt.Errorf("the %s section at offset %#x is outside the segment of %d bytes", x.remoteName(), x.roff0, segSize)
		}
		if _, _, ok := SectionExtent(x.sec.run, x.sec.count, x.lstride); !ok {
			return fmt.Errorf("the %s section's extent overflows", x.localName())
		}
		x.total = uintptr(total)
	}
	return nil
}

func sizeMismatch(x *xfer, local, remote uintptr) error {
	if x.put {
		return fmt.Errorf("%w (destination %d bytes, source %d bytes)", ErrSizeMismatch, remote, local)
	}
	return fmt.Errorf("%w (destination %d bytes, source %d bytes)", ErrSizeMismatch, local, remote)
}

// direct runs x on an addressable target segment.
func (x *xfer) direct(seg unsafe.Pointer) {
	switch x.kind {
	case stridedSide:
		if x.put {
			copyStrided(seg, int64(x.roff0), x.rstride, x.lbase, 0, x.lstride, x.sec.run, x.sec.count)
		} else {
			copyStrided(x.lbase, 0, x.lstride, seg, int64(x.roff0), x.rstride, x.sec.run, x.sec.count)
		}
	default:
		l, r := x.localRuns(), x.remoteRuns(seg)
		fixed := uintptr(0)
		if x.kind == idxSide && x.llen == x.rlen {
			fixed = x.llen
		}
		switch {
		case x.put && fixed == 0 && len(x.lvec) == 1:
			scatter(&r, x.lvec[0].Addr)
		case !x.put && fixed == 0 && len(x.lvec) == 1:
			gather(x.lvec[0].Addr, &r)
		case x.put && fixed == 0 && len(x.rvec) == 1:
			gather(unsafe.Add(seg, x.rvec[0].Off), &l)
		case !x.put && fixed == 0 && len(x.rvec) == 1:
			scatter(&l, unsafe.Add(seg, x.rvec[0].Off))
		case x.put:
			copyRuns(&r, &l, fixed)
		default:
			copyRuns(&l, &r, fixed)
		}
	}
}

// native hands x to a conduit with native VIS support.
func (ep *Endpoint) native(vc VISConduit, x *xfer, ref OpRef) {
	// The conduit may read the lists until done: keep private copies, so
	// the caller may reuse its arrays at once (the appendix's item 6).
	from, to := ep.rank, x.rank
	switch {
	case x.kind == vecSide && x.put:
		vc.PutV(from, to, append([]RemoteVec(nil), x.rvec...), append([]LocalVec(nil), x.lvec...), ref)
	case x.kind == vecSide:
		vc.GetV(from, append([]LocalVec(nil), x.lvec...), to, append([]RemoteVec(nil), x.rvec...), ref)
	case x.kind == idxSide && x.put:
		vc.PutI(from, to, append([]uintptr(nil), x.roff...), x.rlen, append([]unsafe.Pointer(nil), x.lptr...), x.llen, ref)
	case x.kind == idxSide:
		vc.GetI(from, append([]unsafe.Pointer(nil), x.lptr...), x.llen, to, append([]uintptr(nil), x.roff...), x.rlen, ref)
	case x.put:
		vc.PutS(from, to, x.roff0, append([]int64(nil), x.rstride...), x.lbase, append([]int64(nil), x.lstride...), x.sec.run, append([]uintptr(nil), x.sec.count...), ref)
	default:
		vc.GetS(from, x.lbase, append([]int64(nil), x.lstride...), to, x.roff0, append([]int64(nil), x.rstride...), x.sec.run, append([]uintptr(nil), x.sec.count...), ref)
	}
}
