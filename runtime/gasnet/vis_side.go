package gasnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"unsafe"
)

// A Side is one side of a vector, indexed or strided (VIS) transfer: the
// bytes it covers, in order, as contiguous runs. A local side names
// addresses of this process's memory; a remote side names offsets into a
// target's segment, and is placed in memory by the segment base given to
// Runs, Gather and Scatter. The two sides of a transfer cover the same
// number of bytes but may cut them into different runs.
//
// Every layer describes a VIS transfer with Sides: the endpoint checks and
// copies them, the active-message path carries remote Sides in its
// messages (AppendEncoding, DecodeSide), and conduits with native support
// receive them (VISConduit).
type Side struct {
	kind   sideKind
	remote bool

	lvec  []LocalVec       // local vector
	rvec  []RemoteVec      // remote vector
	addrs []unsafe.Pointer // local indexed
	offs  []uintptr        // remote indexed
	size  uintptr          // indexed: every run's length

	base unsafe.Pointer // local section: its origin
	off  uintptr        // remote section: its origin's offset
	sec  Section
}

// sideKind is how a Side lists its runs (and the first byte of its
// encoding).
type sideKind uint8

const (
	vecSide     sideKind = iota // runs of any length
	idxSide                     // runs of one length
	sectionSide                 // an N-d section
)

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

// Section is the shape of an N-d section: Count[k] runs of Run bytes
// along dimension k (innermost first), consecutive runs along dimension k
// Strides[k] bytes apart. Strides are signed and may be in any order, so
// a section may be reflected or transposed; no Count means one run.
type Section struct {
	Run     uintptr
	Count   []uintptr
	Strides []int64
}

// Dense is the section with the same runs packed without gaps, in index
// order (the caller makes sure its size does not overflow).
func (s Section) Dense() Section {
	d := Section{Run: s.Run, Count: s.Count, Strides: make([]int64, len(s.Count))}
	step := int64(s.Run)
	for k, c := range s.Count {
		d.Strides[k] = step
		step *= int64(c)
	}
	return d
}

// LocalVecs is a local side of regions of any length.
func LocalVecs(v []LocalVec) Side { return Side{kind: vecSide, lvec: v} }

// RemoteVecs is a remote side of regions of any length.
func RemoteVecs(v []RemoteVec) Side { return Side{kind: vecSide, remote: true, rvec: v} }

// LocalIndexed is a local side of regions of n bytes at addrs.
func LocalIndexed(addrs []unsafe.Pointer, n uintptr) Side {
	return Side{kind: idxSide, addrs: addrs, size: n}
}

// RemoteIndexed is a remote side of regions of n bytes at offsets offs.
func RemoteIndexed(offs []uintptr, n uintptr) Side {
	return Side{kind: idxSide, remote: true, offs: offs, size: n}
}

// LocalSection is a local side: the section sec with its origin at addr.
func LocalSection(addr unsafe.Pointer, sec Section) Side {
	var s Side
	s.SetLocalSection(addr, &sec)
	return s
}

// RemoteSection is a remote side: the section sec with its origin at
// offset off.
func RemoteSection(off uintptr, sec Section) Side {
	var s Side
	s.SetRemoteSection(off, &sec)
	return s
}

// SetLocalSection sets s to LocalSection(addr, *sec), and SetRemoteSection
// to RemoteSection(off, *sec), in place: the form for a hot path, where a
// Side built by a constructor is copied from a temporary into its
// variable, and copying a fresh copy stalls the processor (a store
// forwarding failure) for longer than a small strided transfer takes.
func (s *Side) SetLocalSection(addr unsafe.Pointer, sec *Section) {
	*s = Side{kind: sectionSide, base: addr}
	s.sec = *sec
}

// SetRemoteSection: see SetLocalSection.
func (s *Side) SetRemoteSection(off uintptr, sec *Section) {
	*s = Side{kind: sectionSide, remote: true, off: off}
	s.sec = *sec
}

// Section reports the side's section, if it is one.
func (s *Side) Section() (Section, bool) { return s.sec, s.kind == sectionSide }

// Origin is the offset a remote side's runs are described from
// (Offsets): a section's origin, or 0 for lists.
func (s *Side) Origin() uintptr {
	if s.kind == sectionSide {
		return s.off
	}
	return 0
}

// Base is a local section's origin.
func (s *Side) Base() unsafe.Pointer { return s.base }

// RunLen reports the length every run shares: an indexed side's, or a
// section's with ok false for other sides.
func (s *Side) RunLen() (n uintptr, ok bool) {
	switch s.kind {
	case idxSide:
		return s.size, true
	case sectionSide:
		return s.sec.Run, true
	}
	return 0, false
}

// Total is the number of bytes the side covers (after a successful check
// it does not overflow).
func (s *Side) Total() uintptr {
	switch s.kind {
	case vecSide:
		t := uintptr(0)
		for i := range s.entries() {
			t += s.entryLen(i)
		}
		return t
	case idxSide:
		return s.size * uintptr(s.entries())
	}
	t := s.sec.Run
	for _, c := range s.sec.Count {
		t *= c
	}
	return t
}

// RunCount is the number of runs, empty ones included.
func (s *Side) RunCount() int {
	if s.kind != sectionSide {
		return s.entries()
	}
	n := 1
	for _, c := range s.sec.Count {
		n *= int(c)
	}
	return n
}

func (s *Side) entries() int {
	switch {
	case s.kind == vecSide && s.remote:
		return len(s.rvec)
	case s.kind == vecSide:
		return len(s.lvec)
	case s.remote:
		return len(s.offs)
	}
	return len(s.addrs)
}

func (s *Side) entryLen(i int) uintptr {
	switch {
	case s.kind == idxSide:
		return s.size
	case s.remote:
		return s.rvec[i].Len
	}
	return s.lvec[i].Len
}

// entryAddr is the address of run i of a list side; seg places a remote
// side.
func (s *Side) entryAddr(seg unsafe.Pointer, i int) unsafe.Pointer {
	switch {
	case s.kind == idxSide && s.remote:
		return unsafe.Add(seg, s.offs[i])
	case s.kind == idxSide:
		return s.addrs[i]
	case s.remote:
		return unsafe.Add(seg, s.rvec[i].Off)
	}
	return s.lvec[i].Addr
}

// Offsets calls fn with the offset and length of each non-empty run of a
// remote side, in order, relative to Origin: the blocks of a derived
// datatype, or the pieces of a transfer by offset. It forms no pointers
// (the runs are not in this process's memory).
func (s *Side) Offsets(fn func(off int64, n uintptr)) {
	switch s.kind {
	case vecSide:
		for _, v := range s.rvec {
			if v.Len != 0 {
				fn(int64(v.Off), v.Len)
			}
		}
	case idxSide:
		for _, o := range s.offs {
			fn(int64(o), s.size)
		}
	default:
		if s.Total() == 0 {
			return
		}
		sectionOffsets(s.sec, 0, fn)
	}
}

// sectionOffsets calls fn with every run of sec, from origin.
func sectionOffsets(sec Section, origin int64, fn func(off int64, n uintptr)) {
	top := len(sec.Count) - 1
	if top < 0 {
		fn(origin, sec.Run)
		return
	}
	inner := Section{Run: sec.Run, Count: sec.Count[:top], Strides: sec.Strides[:top]}
	for range sec.Count[top] {
		sectionOffsets(inner, origin, fn)
		origin += sec.Strides[top]
	}
}

// check validates the side and returns its size. A remote side must lie
// inside a segment of segSize bytes. what names the side in errors
// ("source" or "destination").
func (s *Side) check(what string, segSize uintptr) (uintptr, error) {
	switch s.kind {
	case vecSide:
		var total uintptr
		if s.remote {
			for i, v := range s.rvec {
				if v.Len != 0 && (v.Off > segSize || v.Len > segSize-v.Off) {
					return 0, fmt.Errorf("%s region %d (%d bytes at offset %#x) is outside the segment of %d bytes", what, i, v.Len, v.Off, segSize)
				}
				total += v.Len // bounded by the segment checks: cannot overflow
			}
			return total, nil
		}
		for i, v := range s.lvec {
			if v.Len != 0 && v.Addr == nil {
				return 0, fmt.Errorf("%s region %d is a nil address with length %d", what, i, v.Len)
			}
			sum, c := bits.Add64(uint64(total), uint64(v.Len), 0)
			if c != 0 {
				return 0, fmt.Errorf("the %s regions' total size overflows", what)
			}
			total = uintptr(sum)
		}
		return total, nil
	case idxSide:
		n := s.entries()
		hi, total := bits.Mul64(uint64(n), uint64(s.size))
		if hi != 0 {
			return 0, fmt.Errorf("the %s regions' total size overflows", what)
		}
		if s.remote {
			if n > 0 && s.size > segSize {
				return 0, fmt.Errorf("%s regions of %d bytes do not fit the segment of %d bytes", what, s.size, segSize)
			}
			for i, off := range s.offs {
				if off > segSize-s.size {
					return 0, fmt.Errorf("%s region %d (%d bytes at offset %#x) is outside the segment of %d bytes", what, i, s.size, off, segSize)
				}
			}
		} else {
			for i, p := range s.addrs {
				if p == nil {
					return 0, fmt.Errorf("%s region %d is a nil address", what, i)
				}
			}
		}
		return uintptr(total), nil
	}
	sec := &s.sec // not a copy: this is the hot path of small transfers
	if len(sec.Strides) < len(sec.Count) {
		return 0, fmt.Errorf("the %s section has %d dimensions but %d strides", what, len(sec.Count), len(sec.Strides))
	}
	total := uint64(sec.Run)
	for _, c := range sec.Count {
		hi, lo := bits.Mul64(total, uint64(c))
		if hi != 0 {
			return 0, fmt.Errorf("the %s section's total size overflows", what)
		}
		total = lo
	}
	if total == 0 {
		return 0, nil
	}
	lo, hi, ok := SectionExtent(sec.Run, sec.Count, sec.Strides)
	switch {
	case s.remote && (!ok || s.off > segSize || lo < -int64(s.off) || hi > int64(segSize)-int64(s.off)):
		return 0, fmt.Errorf("the %s section at offset %#x is outside the segment of %d bytes", what, s.off, segSize)
	case !s.remote && s.base == nil:
		return 0, fmt.Errorf("the %s section is at a nil address", what)
	case !ok:
		return 0, fmt.Errorf("the %s section's extent overflows", what)
	}
	return uintptr(total), nil
}

// clone returns the side with private copies of its lists, so that it
// stays valid after the caller reuses its arrays (the appendix's item 6).
func (s Side) clone() Side {
	s.lvec = append([]LocalVec(nil), s.lvec...)
	s.rvec = append([]RemoteVec(nil), s.rvec...)
	s.addrs = append([]unsafe.Pointer(nil), s.addrs...)
	s.offs = append([]uintptr(nil), s.offs...)
	s.sec.Count = append([]uintptr(nil), s.sec.Count...)
	s.sec.Strides = append([]int64(nil), s.sec.Strides...)
	return s
}

// contiguous reports the address of a side that is one run.
func (s *Side) contiguous(seg unsafe.Pointer) (unsafe.Pointer, bool) {
	switch {
	case s.kind == sectionSide && len(s.sec.Count) == 0:
		if s.remote {
			return unsafe.Add(seg, s.off), true
		}
		return s.base, true
	case s.kind == vecSide && s.entries() == 1:
		return s.entryAddr(seg, 0), true
	}
	return nil, false
}

// Runs returns an iterator over the side's runs; seg is the segment a
// remote side lies in (unused for local sides).
func (s *Side) Runs(seg unsafe.Pointer) RunIter {
	it := RunIter{s: *s, seg: seg, left: math.MaxUint64}
	if s.kind == sectionSide {
		it.cur = int64(s.off)
		it.idx = make([]uintptr, len(s.sec.Count))
		it.done = s.Total() == 0
	}
	return it
}

// RunIter walks the runs of a side, in order, as addresses. It can start
// part-way into the byte stream (seek) and stop after a given number of
// bytes (left), which is how one chunk of an active message covers part
// of a side. The current run may be left part-way done (within), so
// consecutive windows continue where the last stopped.
type RunIter struct {
	s   Side
	seg unsafe.Pointer

	// sections
	idx  []uintptr // the current run's index along each dimension
	cur  int64     // offset of the current run from the origin's base
	done bool

	i      int     // lists: the current entry
	within uintptr // bytes of the current run already produced
	left   uintptr // bytes still to produce (math.MaxUint64: no limit)
}

// origin is the address section offsets (cur) are relative to.
func (it *RunIter) origin() unsafe.Pointer {
	if it.s.remote {
		return it.seg
	}
	return it.s.base
}

// start is the offset of a section's first run from origin.
func (it *RunIter) start() int64 {
	if it.s.remote {
		return int64(it.s.off)
	}
	return 0
}

// window restricts the iterator to n bytes from byte skip of the side.
func (it *RunIter) window(skip, n uintptr) {
	it.seek(skip)
	it.left = n
}

// seek skips the first n bytes of the side (from its start).
func (it *RunIter) seek(n uintptr) {
	s := &it.s
	if s.kind == sectionSide {
		run := n / s.sec.Run
		it.within = n % s.sec.Run
		it.cur = it.start()
		for k, c := range s.sec.Count {
			it.idx[k] = run % c
			run /= c
			it.cur += int64(it.idx[k]) * s.sec.Strides[k]
		}
		it.done = run != 0
		return
	}
	it.i, it.within = 0, 0
	for n > 0 && it.i < s.entries() {
		l := s.entryLen(it.i)
		if n < l {
			it.within = n
			return
		}
		n -= l
		it.i++
	}
}

// NextRuns stores the addresses and lengths of the next runs (at most
// len(addrs); lens has the same length) and returns how many, 0 at the
// end. A zero-length run's address is not used.
func (it *RunIter) NextRuns(addrs []unsafe.Pointer, lens []uintptr) int {
	s := &it.s
	if it.left == math.MaxUint64 && it.within == 0 && s.kind == idxSide {
		return it.nextIndexed(addrs, lens)
	}
	n := 0
	for n < len(addrs) && it.left > 0 {
		var p unsafe.Pointer
		var l uintptr
		if s.kind == sectionSide {
			if it.done {
				break
			}
			l = s.sec.Run
			if l-it.within > 0 {
				p = unsafe.Add(it.origin(), it.cur+int64(it.within))
			}
		} else {
			if it.i >= s.entries() {
				break
			}
			l = s.entryLen(it.i)
			if l-it.within > 0 {
				p = unsafe.Add(s.entryAddr(it.seg, it.i), it.within)
			}
		}
		l -= it.within
		if l > it.left {
			// The window ends inside this run.
			addrs[n], lens[n] = p, it.left
			n++
			it.within += it.left
			it.left = 0
			break
		}
		addrs[n], lens[n] = p, l
		n++
		if it.left != math.MaxUint64 {
			it.left -= l
		}
		it.within = 0
		it.advance()
	}
	return n
}

// nextIndexed is NextRuns for an indexed side without a window: the hot
// loop of the direct path.
func (it *RunIter) nextIndexed(addrs []unsafe.Pointer, lens []uintptr) int {
	var n int
	s := &it.s
	if !s.remote {
		n = copy(addrs, s.addrs[it.i:])
	} else {
		offs := s.offs[it.i:]
		n = min(len(addrs), len(offs))
		for j, off := range offs[:n] {
			addrs[j] = unsafe.Add(it.seg, off)
		}
	}
	for j := range lens[:n] {
		lens[j] = s.size
	}
	it.i += n
	return n
}

// advance moves to the next run.
func (it *RunIter) advance() {
	s := &it.s
	if s.kind != sectionSide {
		it.i++
		return
	}
	for k, c := range s.sec.Count {
		it.idx[k]++
		it.cur += s.sec.Strides[k]
		if it.idx[k] < c {
			return
		}
		it.cur -= int64(c) * s.sec.Strides[k]
		it.idx[k] = 0
	}
	it.done = true
}

// packWhole copies a whole section, at the start of its walk, to (pack)
// or from the dense buffer at buf with the strided kernel instead of run
// by run. It reports whether it could: other sides, or windows onto part
// of a section, go through NextRuns.
func (it *RunIter) packWhole(buf unsafe.Pointer, n uintptr, pack bool) bool {
	s := &it.s
	if s.kind != sectionSide || it.within != 0 || it.cur != it.start() || it.done || n != s.Total() {
		return false
	}
	dense := s.sec.Dense().Strides
	if pack {
		copyStrided(buf, 0, dense, it.origin(), it.start(), s.sec.Strides, s.sec.Run, s.sec.Count)
	} else {
		copyStrided(it.origin(), it.start(), s.sec.Strides, buf, 0, dense, s.sec.Run, s.sec.Count)
	}
	it.done = true
	return true
}

// Gather copies the side's bytes, in order, to the contiguous buffer at
// dst, which must hold them all, and returns how many it copied; seg
// places a remote side.
func (s *Side) Gather(dst, seg unsafe.Pointer) uintptr {
	it := s.Runs(seg)
	if n := s.Total(); it.packWhole(dst, n, true) {
		return n
	}
	return gather(dst, &it)
}

// Scatter copies the contiguous bytes at src into the side's runs, in
// order, and returns how many it copied; seg places a remote side.
func (s *Side) Scatter(seg, src unsafe.Pointer) uintptr {
	it := s.Runs(seg)
	if n := s.Total(); it.packWhole(src, n, false) {
		return n
	}
	return scatter(&it, src)
}

// The wire form of a remote side: the kind byte, then little-endian
// 64-bit words:
//
//	vector:  n, then n (offset, length) pairs
//	indexed: n, length, then n offsets
//	section: levels, run, origin, then levels (count, stride) pairs
const (
	sideHeader = 1
	sideWord   = 8
)

// EncodedSize is the size of the side's wire form.
func (s *Side) EncodedSize() int {
	switch s.kind {
	case vecSide:
		return sideHeader + sideWord + 2*sideWord*len(s.rvec)
	case idxSide:
		return sideHeader + 2*sideWord + sideWord*len(s.offs)
	}
	return sideHeader + 3*sideWord + 2*sideWord*len(s.sec.Count)
}

// AppendEncoding appends the wire form of a remote side to b.
func (s *Side) AppendEncoding(b []byte) []byte {
	b = append(b, byte(s.kind))
	w := func(v uint64) { b = binary.LittleEndian.AppendUint64(b, v) }
	switch s.kind {
	case vecSide:
		w(uint64(len(s.rvec)))
		for _, v := range s.rvec {
			w(uint64(v.Off))
			w(uint64(v.Len))
		}
	case idxSide:
		w(uint64(len(s.offs)))
		w(uint64(s.size))
		for _, o := range s.offs {
			w(uint64(o))
		}
	default:
		w(uint64(len(s.sec.Count)))
		w(uint64(s.sec.Run))
		w(uint64(s.off))
		for k, c := range s.sec.Count {
			w(uint64(c))
			w(uint64(s.sec.Strides[k]))
		}
	}
	return b
}

var errShortSide = errors.New("truncated transfer description")

// DecodeSide reads a remote side from the front of b and returns it and
// the rest of b. It checks that the runs stay inside a segment of segSize
// bytes, so that a damaged message cannot reach outside the segment.
func DecodeSide(b []byte, segSize uintptr) (Side, []byte, error) {
	s := Side{remote: true}
	if len(b) < sideHeader {
		return s, nil, errShortSide
	}
	s.kind, b = sideKind(b[0]), b[sideHeader:]
	r := func() uint64 {
		if len(b) < sideWord {
			b = nil
			return 0
		}
		v := binary.LittleEndian.Uint64(b)
		b = b[sideWord:]
		return v
	}
	count := func() (int, error) {
		n := r()
		if b == nil || n > uint64(len(b)) {
			return 0, errShortSide
		}
		return int(n), nil
	}
	n, err := count()
	if err != nil {
		return s, nil, err
	}
	switch s.kind {
	case vecSide:
		s.rvec = make([]RemoteVec, n)
		for i := range s.rvec {
			s.rvec[i] = RemoteVec{Off: uintptr(r()), Len: uintptr(r())}
		}
	case idxSide:
		s.size = uintptr(r())
		s.offs = make([]uintptr, n)
		for i := range s.offs {
			s.offs[i] = uintptr(r())
		}
	case sectionSide:
		s.sec.Run, s.off = uintptr(r()), uintptr(r())
		s.sec.Count, s.sec.Strides = make([]uintptr, n), make([]int64, n)
		for k := range n {
			s.sec.Count[k], s.sec.Strides[k] = uintptr(r()), int64(r())
		}
	default:
		return s, nil, fmt.Errorf("transfer description of unknown kind %d", s.kind)
	}
	if b == nil {
		return s, nil, errShortSide
	}
	if _, err := s.check("described", segSize); err != nil {
		return s, nil, err
	}
	return s, b, nil
}
