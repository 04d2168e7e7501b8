package mpi

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// A shape is one side of a vector, indexed or strided transfer: an ordered
// list of byte runs. The two sides of a transfer carry the same bytes but
// may cut them differently. Local sides hold pointers, which also keep Go
// memory alive while the transfer is in flight; remote sides hold offsets
// into the target rank's segment.
type shape struct {
	kind shapeKind

	ptrs []unsafe.Pointer // local vec and idx runs
	offs []uintptr        // remote vec and idx runs
	lens []uintptr        // vec: each run's length
	size uintptr          // idx: every run's length; contig: the length

	base   unsafe.Pointer // local strided or contig: the section's origin
	off    uintptr        // remote strided or contig: the section's origin
	run    uintptr        // strided: bytes per run
	count  []uintptr      // strided: runs along each dimension, innermost first
	stride []int64        // strided: signed byte step along each dimension
}

type shapeKind uint8

const (
	shapeContig shapeKind = iota
	shapeVec
	shapeIdx
	shapeStrided
)

func localVec(v []gasnet.LocalVec) shape {
	s := shape{kind: shapeVec, ptrs: make([]unsafe.Pointer, 0, len(v)), lens: make([]uintptr, 0, len(v))}
	for _, r := range v {
		if r.Len != 0 {
			s.ptrs = append(s.ptrs, r.Addr)
			s.lens = append(s.lens, r.Len)
		}
	}
	return s
}

func remoteVec(v []gasnet.RemoteVec) shape {
	s := shape{kind: shapeVec, offs: make([]uintptr, 0, len(v)), lens: make([]uintptr, 0, len(v))}
	for _, r := range v {
		if r.Len != 0 {
			s.offs = append(s.offs, r.Off)
			s.lens = append(s.lens, r.Len)
		}
	}
	return s
}

func localIdx(p []unsafe.Pointer, n uintptr) shape { return shape{kind: shapeIdx, ptrs: p, size: n} }
func remoteIdx(o []uintptr, n uintptr) shape       { return shape{kind: shapeIdx, offs: o, size: n} }

func localStrided(base unsafe.Pointer, stride []int64, run uintptr, count []uintptr) shape {
	return shape{kind: shapeStrided, base: base, stride: stride, run: run, count: count}
}

func remoteStrided(off uintptr, stride []int64, run uintptr, count []uintptr) shape {
	return shape{kind: shapeStrided, off: off, stride: stride, run: run, count: count}
}

// remoteRuns describes a list of remote runs (offsets and lengths, in
// order) as compactly as it can: one strided section when the runs have
// one length and one distance between them (a loop's fine-grained puts
// usually do), an indexed list when they have one length, else a vector.
// Merged puts travel in this form, so their description costs bytes per
// transfer instead of per put, and MPI gets a vector datatype.
func remoteRuns(offs, lens []uintptr) shape {
	n := len(offs)
	same := true
	for _, l := range lens[1:] {
		same = same && l == lens[0]
	}
	switch {
	case n == 1:
		return shape{kind: shapeContig, off: offs[0], size: lens[0]}
	case !same:
		return shape{kind: shapeVec, offs: offs, lens: lens}
	}
	d := int64(offs[1] - offs[0])
	// Runs that overlap stay a list: an MPI datatype's blocks must not.
	regular := d >= int64(lens[0]) || -d >= int64(lens[0])
	for i := 2; i < n && regular; i++ {
		regular = int64(offs[i]-offs[i-1]) == d
	}
	if !regular {
		return shape{kind: shapeIdx, offs: offs, size: lens[0]}
	}
	return shape{kind: shapeStrided, off: offs[0], run: lens[0], count: []uintptr{uintptr(n)}, stride: []int64{d}}
}

// total is the number of bytes the shape covers.
func (s *shape) total() uintptr {
	switch s.kind {
	case shapeContig:
		return s.size
	case shapeVec:
		t := uintptr(0)
		for _, n := range s.lens {
			t += n
		}
		return t
	case shapeIdx:
		return s.size * uintptr(max(len(s.ptrs), len(s.offs)))
	}
	t := s.run
	for _, c := range s.count {
		t *= c
	}
	return t
}

// runCount is the number of runs.
func (s *shape) runCount() int {
	switch s.kind {
	case shapeContig:
		return 1
	case shapeVec:
		return len(s.lens)
	case shapeIdx:
		return max(len(s.ptrs), len(s.offs))
	}
	n := 1
	for _, c := range s.count {
		n *= int(c)
	}
	return n
}

// runs iterates the shape's runs as addresses: a local shape's own, or a
// remote shape's inside the segment at seg.
func (s *shape) runs(seg unsafe.Pointer) *runIter {
	it := &runIter{s: s, seg: seg}
	if s.kind == shapeStrided {
		it.idx = make([]uintptr, len(s.count))
	}
	return it
}

// runIter walks a shape's runs as addresses, a batch at a time.
type runIter struct {
	s    *shape
	seg  unsafe.Pointer
	i    int
	idx  []uintptr
	done bool
}

func (it *runIter) addr(i int) unsafe.Pointer {
	if it.s.ptrs != nil {
		return it.s.ptrs[i]
	}
	return unsafe.Add(it.seg, it.s.offs[i])
}

// NextRuns stores the addresses and lengths of the next runs (at most
// len(addrs)) and returns how many it stored, 0 at the end.
func (it *runIter) NextRuns(addrs []unsafe.Pointer, lens []uintptr) int {
	s := it.s
	n := 0
	switch s.kind {
	case shapeContig:
		if it.done || len(addrs) == 0 {
			return 0
		}
		it.done = true
		if s.base != nil {
			addrs[0] = s.base
		} else {
			addrs[0] = unsafe.Add(it.seg, s.off)
		}
		lens[0] = s.size
		return 1
	case shapeVec, shapeIdx:
		total := s.runCount()
		for n < len(addrs) && it.i < total {
			addrs[n] = it.addr(it.i)
			if s.kind == shapeVec {
				lens[n] = s.lens[it.i]
			} else {
				lens[n] = s.size
			}
			n++
			it.i++
		}
		return n
	}
	origin := s.base
	if origin == nil {
		origin = unsafe.Add(it.seg, s.off)
	}
	for n < len(addrs) && !it.done {
		off := int64(0)
		for k, i := range it.idx {
			off += int64(i) * s.stride[k]
		}
		addrs[n], lens[n] = unsafe.Add(origin, off), s.run
		n++
		it.done = true
		for k := range it.idx {
			if it.idx[k]++; it.idx[k] < s.count[k] {
				it.done = false
				break
			}
			it.idx[k] = 0
		}
	}
	return n
}

// offIter walks a remote shape's runs as offsets, without forming
// pointers (a remote run is not in this process's memory).
type offIter struct {
	s    *shape
	i    int
	idx  []uintptr
	done bool
}

func (s *shape) offsets() *offIter {
	it := &offIter{s: s}
	if s.kind == shapeStrided {
		it.idx = make([]uintptr, len(s.count))
	}
	return it
}

// next returns the next run's offset and length, or ok false at the end.
func (it *offIter) next() (off int64, n uintptr, ok bool) {
	s := it.s
	switch s.kind {
	case shapeContig:
		if it.done {
			return 0, 0, false
		}
		it.done = true
		return int64(s.off), s.size, true
	case shapeVec, shapeIdx:
		if it.i >= s.runCount() {
			return 0, 0, false
		}
		i := it.i
		it.i++
		if s.kind == shapeVec {
			return int64(s.offs[i]), s.lens[i], true
		}
		return int64(s.offs[i]), s.size, true
	}
	if it.done {
		return 0, 0, false
	}
	off = int64(s.off)
	for k, i := range it.idx {
		off += int64(i) * s.stride[k]
	}
	it.done = true
	for k := range it.idx {
		if it.idx[k]++; it.idx[k] < s.count[k] {
			it.done = false
			break
		}
		it.idx[k] = 0
	}
	return off, s.run, true
}

// move copies n bytes from src to dst.
func move(dst, src unsafe.Pointer, n uintptr) {
	if n > 0 {
		copy(unsafe.Slice((*byte)(dst), n), unsafe.Slice((*byte)(src), n))
	}
}

// gather copies the bytes of it's runs, in order, into the buffer at dst
// and returns how many it copied.
func gather(dst unsafe.Pointer, it *runIter) uintptr {
	var a [64]unsafe.Pointer
	var l [64]uintptr
	off := uintptr(0)
	for n := it.NextRuns(a[:], l[:]); n > 0; n = it.NextRuns(a[:], l[:]) {
		for i := range n {
			move(unsafe.Add(dst, off), a[i], l[i])
			off += l[i]
		}
	}
	return off
}

// scatter copies the bytes at src into it's runs, in order, and returns
// how many it copied.
func scatter(it *runIter, src unsafe.Pointer) uintptr {
	var a [64]unsafe.Pointer
	var l [64]uintptr
	off := uintptr(0)
	for n := it.NextRuns(a[:], l[:]); n > 0; n = it.NextRuns(a[:], l[:]) {
		for i := range n {
			move(a[i], unsafe.Add(src, off), l[i])
			off += l[i]
		}
	}
	return off
}

// blocks calls fn with each run of a remote shape as an offset from the
// shape's displacement origin (see origin) and a length, in order: the
// blocks of an hindexed or hvector MPI datatype.
func (s *shape) blocks(fn func(off int64, n uintptr)) {
	switch s.kind {
	case shapeContig:
		fn(0, s.size)
	case shapeVec:
		for i, o := range s.offs {
			fn(int64(o), s.lens[i])
		}
	case shapeIdx:
		for _, o := range s.offs {
			fn(int64(o), s.size)
		}
	}
}

// origin is the segment offset a remote shape's datatype displacements
// start from: the section's origin for strided and contiguous shapes, the
// segment's start for lists.
func (s *shape) origin() uintptr {
	if s.kind == shapeStrided || s.kind == shapeContig {
		return s.off
	}
	return 0
}

// fitsDatatype reports whether MPI's int counts and lengths can describe
// the shape as one derived datatype.
func (s *shape) fitsDatatype() bool {
	const lim = math.MaxInt32
	if s.runCount() > lim {
		return false
	}
	switch s.kind {
	case shapeContig, shapeIdx:
		return s.size <= lim
	case shapeVec:
		for _, n := range s.lens {
			if n > lim {
				return false
			}
		}
		return true
	}
	if s.run > lim {
		return false
	}
	for _, c := range s.count {
		if c > lim {
			return false
		}
	}
	return true
}

// The pack path ships a remote shape to the target inside the message:
// kind, then the kind's fields as little-endian 64-bit words.

// encodedSize is the size of the shape's encoding.
func (s *shape) encodedSize() int {
	switch s.kind {
	case shapeContig:
		return 1 + 16
	case shapeVec:
		return 1 + 8 + 16*len(s.offs)
	case shapeIdx:
		return 1 + 16 + 8*len(s.offs)
	}
	return 1 + 24 + 16*len(s.count)
}

// encode appends the encoding of a remote shape to b.
func (s *shape) encode(b []byte) []byte {
	b = append(b, byte(s.kind))
	w := func(v uint64) { b = binary.LittleEndian.AppendUint64(b, v) }
	switch s.kind {
	case shapeContig:
		w(uint64(s.off))
		w(uint64(s.size))
	case shapeVec:
		w(uint64(len(s.offs)))
		for i, o := range s.offs {
			w(uint64(o))
			w(uint64(s.lens[i]))
		}
	case shapeIdx:
		w(uint64(len(s.offs)))
		w(uint64(s.size))
		for _, o := range s.offs {
			w(uint64(o))
		}
	case shapeStrided:
		w(uint64(len(s.count)))
		w(uint64(s.run))
		w(uint64(s.off))
		for k, c := range s.count {
			w(uint64(c))
			w(uint64(s.stride[k]))
		}
	}
	return b
}

var errShortShape = errors.New("truncated transfer description")

// decodeShape reads a remote shape from the front of b and returns it and
// the rest of b. It checks that the runs stay inside a segment of segSize
// bytes, so a damaged message cannot write outside the segment.
func decodeShape(b []byte, segSize uintptr) (shape, []byte, error) {
	var s shape
	if len(b) < 1 {
		return s, nil, errShortShape
	}
	s.kind, b = shapeKind(b[0]), b[1:]
	r := func() uint64 {
		if len(b) < 8 {
			b = nil
			return 0
		}
		v := binary.LittleEndian.Uint64(b)
		b = b[8:]
		return v
	}
	count := func() (int, error) {
		n := r()
		if b == nil || n > uint64(len(b)) {
			return 0, errShortShape
		}
		return int(n), nil
	}
	switch s.kind {
	case shapeContig:
		s.off, s.size = uintptr(r()), uintptr(r())
	case shapeVec:
		n, err := count()
		if err != nil {
			return s, nil, err
		}
		s.offs, s.lens = make([]uintptr, n), make([]uintptr, n)
		for i := range n {
			s.offs[i], s.lens[i] = uintptr(r()), uintptr(r())
		}
	case shapeIdx:
		n, err := count()
		if err != nil {
			return s, nil, err
		}
		s.size = uintptr(r())
		s.offs = make([]uintptr, n)
		for i := range n {
			s.offs[i] = uintptr(r())
		}
	case shapeStrided:
		n, err := count()
		if err != nil {
			return s, nil, err
		}
		s.run, s.off = uintptr(r()), uintptr(r())
		s.count, s.stride = make([]uintptr, n), make([]int64, n)
		for k := range n {
			s.count[k], s.stride[k] = uintptr(r()), int64(r())
		}
	default:
		return s, nil, fmt.Errorf("transfer description of unknown kind %d", s.kind)
	}
	if b == nil {
		return s, nil, errShortShape
	}
	return s, b, s.checkInside(segSize)
}

// checkInside reports an error if a remote shape reaches outside a segment
// of segSize bytes.
func (s *shape) checkInside(segSize uintptr) error {
	inside := func(off, n uintptr) bool { return off <= segSize && n <= segSize-off }
	ok := true
	switch s.kind {
	case shapeContig:
		ok = inside(s.off, s.size)
	case shapeVec:
		for i, o := range s.offs {
			ok = ok && inside(o, s.lens[i])
		}
	case shapeIdx:
		for _, o := range s.offs {
			ok = ok && inside(o, s.size)
		}
	case shapeStrided:
		lo, hi, fits := gasnet.SectionExtent(s.run, s.count, s.stride)
		ok = fits && s.off <= segSize && lo >= -int64(s.off) && hi <= int64(segSize)-int64(s.off)
	}
	if !ok {
		return fmt.Errorf("transfer description reaches outside the %d-byte segment", segSize)
	}
	return nil
}
