package upc

import (
	"cmp"
	"os"
	"slices"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Vector (vlist), indexed (ilist) and strided (fstrided, strided)
// transfers: LBNL-56495 §5–6. The shared regions of a vector or indexed
// list may have affinity to different threads; the library splits them by
// thread into one gasnet operation per thread it cannot address, copies
// the rest directly, and joins the pieces into one handle. A strided
// section has one thread on each side.

// PmemVec is upc_pmemvec_t: a region of the calling thread's private
// memory. Its layout is the C struct's, so a C array can be used in place.
type PmemVec struct {
	Addr unsafe.Pointer
	Len  uintptr
}

// SmemVec is upc_smemvec_t: a region of shared memory with affinity to one
// thread (treated as shared [] char: no wrapping). Same layout as C's.
type SmemVec struct {
	Addr SharedPtr
	Len  uintptr
}

// visCheckFull turns on the full (sorting) check that the regions of a
// destination list do not overlap, for lists not sorted by thread and
// address; sorted lists are always checked. See docs/memcpy.md.
var visCheckFull = os.Getenv("UPC_VIS_CHECK") == "1"

type listKind uint8

const (
	pvecList listKind = iota
	svecList
	pptrList
	sptrList
)

// listSide is one side of a vector or indexed transfer.
type listSide struct {
	what string // "destination" or "source"
	kind listKind
	pvec []PmemVec
	svec []SmemVec
	pptr []unsafe.Pointer
	sptr []SharedPtr
	ilen uintptr // indexed: the length of every region

	total       uintptr
	addressable bool // every shared region is addressable by this thread
}

func (s *listSide) n() int {
	switch s.kind {
	case pvecList:
		return len(s.pvec)
	case svecList:
		return len(s.svec)
	case pptrList:
		return len(s.pptr)
	}
	return len(s.sptr)
}

func (s *listSide) shared() bool { return s.kind == svecList || s.kind == sptrList }

// entry returns region i: its pointer-to-shared or private address, and
// its length.
func (s *listSide) entry(i int) (SharedPtr, unsafe.Pointer, uintptr) {
	switch s.kind {
	case pvecList:
		return SharedPtr{}, s.pvec[i].Addr, s.pvec[i].Len
	case svecList:
		return s.svec[i].Addr, nil, s.svec[i].Len
	case pptrList:
		return SharedPtr{}, s.pptr[i], s.ilen
	}
	return s.sptr[i], nil, s.ilen
}

// checkList validates every region of s and computes its total; for a
// destination it also checks that the regions do not overlap. The loops
// are per kind and test the common case with few comparisons (a region is
// fine if its thread exists and it lies above the segment's runtime
// header and inside the segment; a null pointer fails the same test);
// badShared says what is wrong when one fails.
func (o Lib) checkList(s *listSide, isDst bool) {
	t := o.t
	s.addressable = true
	var ov overlapCheck
	ov.init(isDst)
	threads, segs, segSize := uint32(t.Threads), t.segs, t.segSize
	switch s.kind {
	case sptrList:
		n := s.ilen
		if n > segSize-headerSize {
			o.fail("%s regions of %d bytes do not fit a shared segment of %d bytes", s.what, n, segSize)
		}
		room := segSize - headerSize - n // the highest valid address, less headerSize
		if i := firstBadShared(s.sptr, threads, room); i >= 0 {
			o.badShared(s, i, s.sptr[i], n)
		}
		if len(s.sptr) < len(segs) || !t.addressesAll {
			s.addressable = allAddressable(s.sptr, segs)
		}
		if isDst {
			for i, p := range s.sptr {
				ov.add(o, i, int64(p.Thread), p.Addr, n)
			}
		}
		s.total = o.mulSize(uintptr(len(s.sptr)), n, s.what, " regions'")
	case pptrList:
		for i, p := range s.pptr {
			if p == nil {
				o.fail("%s region %d is a null pointer", s.what, i)
			}
			if isDst {
				ov.add(o, i, -1, uintptr(p), s.ilen)
			}
		}
		s.total = o.mulSize(uintptr(len(s.pptr)), s.ilen, s.what, " regions'")
	case svecList:
		var total uintptr
		for i, v := range s.svec {
			p, n := v.Addr, v.Len
			if n == 0 {
				continue
			}
			if p.Thread >= threads || p.Addr-headerSize > segSize-headerSize || n > segSize-p.Addr {
				o.badShared(s, i, p, n)
			}
			if segs[p.Thread] == nil {
				s.addressable = false
			}
			total += n // bounded by the segment checks: cannot overflow
			if isDst {
				ov.add(o, i, int64(p.Thread), p.Addr, n)
			}
		}
		s.total = total
	default:
		var total uintptr
		for i, v := range s.pvec {
			if v.Len == 0 {
				continue
			}
			if v.Addr == nil {
				o.fail("%s region %d is a null pointer with length %d", s.what, i, v.Len)
			}
			if total+v.Len < total {
				o.fail("the %s regions' total size overflows", s.what)
			}
			total += v.Len
			if isDst {
				ov.add(o, i, -1, uintptr(v.Addr), v.Len)
			}
		}
		s.total = total
	}
	if isDst && !ov.sorted && visCheckFull {
		o.checkOverlap(s)
	}
}

// firstBadShared returns the index of the first pointer of list that
// names no thread or lies outside [headerSize, headerSize+room] (see
// checkList), or -1. A loop of its own, so that it keeps
// everything in registers.
func firstBadShared(list []SharedPtr, threads uint32, room uintptr) int {
	for i, p := range list {
		if p.Thread >= threads || p.Addr-headerSize > room {
			return i
		}
	}
	return -1
}

// allAddressable reports whether this thread can address every pointer
// of a checked list.
func allAddressable(list []SharedPtr, segs []unsafe.Pointer) bool {
	for _, p := range list {
		if segs[p.Thread] == nil {
			return false
		}
	}
	return true
}

// badShared reports what is wrong with shared region i at p of n bytes.
func (o Lib) badShared(s *listSide, i int, p SharedPtr, n uintptr) {
	t := o.t
	switch {
	case p.IsNull():
		o.fail("%s region %d is a null pointer-to-shared", s.what, i)
	case int(p.Thread) >= t.Threads:
		o.fail("%s region %d %v names thread %d, but THREADS is %d", s.what, i, p, p.Thread, t.Threads)
	}
	o.fail("%s region %d (%d bytes at %v) is outside thread %d's shared segment of %d bytes", s.what, i, n, p, p.Thread, t.segSize)
}

// overlapCheck finds overlapping regions of a list in one pass: it
// reports a region that overlaps the one listed just before it, and
// notes whether the list is sorted by (thread, start address). In a
// sorted list that finds every overlap: if region k overlaps an earlier
// region j, region j+1 starts inside j. Unsorted lists are left to
// checkOverlap. Private regions count as thread -1.
type overlapCheck struct {
	on, sorted         bool
	thread             int64
	prev               int // the index of the region before (empty ones are skipped)
	prevStart, prevEnd uintptr
}

func (c *overlapCheck) init(on bool) {
	c.on, c.sorted, c.thread = on, on, -2
}

func (c *overlapCheck) add(o Lib, i int, thread int64, start, n uintptr) {
	if !c.on {
		return
	}
	if thread == c.thread {
		if start < c.prevEnd && c.prevStart < start+n {
			o.fail("destination regions %d and %d overlap", c.prev, i)
		}
		c.sorted = c.sorted && start >= c.prevStart
	} else {
		c.sorted = c.sorted && thread > c.thread
	}
	c.thread, c.prev, c.prevStart, c.prevEnd = thread, i, start, start+n
}

// checkOverlap is the full overlap check of a destination list: sort
// the regions by thread and address, then compare neighbours.
func (o Lib) checkOverlap(s *listSide) {
	type region struct {
		i           int
		thread      int64
		start, size uintptr
	}
	var rs []region
	for i := range s.n() {
		sp, p, l := s.entry(i)
		switch {
		case l == 0:
		case s.shared():
			rs = append(rs, region{i, int64(sp.Thread), sp.Addr, l})
		default:
			rs = append(rs, region{i, -1, uintptr(p), l})
		}
	}
	slices.SortFunc(rs, func(a, b region) int {
		if c := cmp.Compare(a.thread, b.thread); c != 0 {
			return c
		}
		return cmp.Compare(a.start, b.start)
	})
	for k := 1; k < len(rs); k++ {
		a, b := rs[k-1], rs[k]
		if a.thread == b.thread && b.start < a.start+a.size {
			o.fail("destination regions %d and %d overlap", min(a.i, b.i), max(a.i, b.i))
		}
	}
}

// countList counts the shared regions of s, which this thread addresses
// directly, in its communication profile: one access per run of regions
// with one owner, as the message path sends one vector transfer per owner.
func (t *Thread) countList(s *listSide, a gasnet.Access) {
	if !s.shared() {
		return
	}
	owner, bytes := -1, uintptr(0)
	for i := range s.n() {
		sp, _, n := s.entry(i)
		if n == 0 {
			continue
		}
		if int(sp.Thread) != owner && bytes > 0 {
			t.prof.Count(a, owner, bytes)
			bytes = 0
		}
		owner = int(sp.Thread)
		bytes += n
	}
	if bytes > 0 {
		t.prof.Count(a, owner, bytes)
	}
}

// lists runs a vector or indexed transfer.
func (o Lib) lists(s Sync, dst, src *listSide) Handle {
	if dst.kind >= pptrList {
		if dst.n() == 0 && src.n() == 0 {
			return 0
		}
		if dst.ilen == 0 || src.ilen == 0 {
			o.fail("region lengths must be positive (destination %d, source %d)", dst.ilen, src.ilen)
		}
	}
	if o.fusedIndexed(dst, src) {
		return 0
	}
	o.checkList(dst, true)
	o.checkList(src, false)
	if dst.total != src.total {
		o.fail("the source and destination sizes differ (destination %d bytes, source %d bytes)", dst.total, src.total)
	}
	if dst.total == 0 {
		return 0
	}
	if dst.addressable && src.addressable {
		if o.t.prof != nil {
			o.t.countList(dst, gasnet.AccessPut)
			o.t.countList(src, gasnet.AccessGet)
		}
		o.t.directLists(dst, src)
		return 0
	}
	var p visPlan
	p.init(o.t, max(dst.n(), src.n()))
	dc, sc := listCursor{s: dst}, listCursor{s: src}
	for {
		dsp, dp, dn, ok := dc.at()
		if !ok {
			break
		}
		ssp, sp, sn, _ := sc.at()
		n := min(dn, sn)
		p.add(dst.shared(), dsp, dp, src.shared(), ssp, sp, n)
		dc.within += n
		sc.within += n
	}
	return p.run(s)
}

// fusedIndexed runs the most common indexed transfers, a gather from an
// indexed list of shared regions into one region and a scatter from one
// region to such a list, when this thread can address every segment: one
// pass checks each region and copies it, instead of a pass to check and
// another to copy. Both lists' totals are known beforehand, so no byte
// goes past a region; a bad region is still reported before the call
// returns, but the regions before it have been copied. It reports whether
// it ran the transfer.
func (o Lib) fusedIndexed(dst, src *listSide) bool {
	t := o.t
	var list *listSide
	var single *listSide
	switch {
	case src.kind == sptrList && dst.n() == 1:
		list, single = src, dst
	case dst.kind == sptrList && src.n() == 1 && dst.n() > 1:
		list, single = dst, src
	default:
		return false
	}
	n := list.ilen
	if len(list.sptr) < len(t.segs) || !t.addressesAll || n > t.segSize-headerSize ||
		t.segSize > 1<<keyShift || t.Threads > 1<<(64-keyShift) {
		return false
	}
	total := o.mulSize(uintptr(len(list.sptr)), n, list.what, " regions'")
	sp, p, l := single.entry(0)
	if l != total {
		o.fail("the source and destination sizes differ (destination %d bytes, source %d bytes)", dst.ilen*uintptr(dst.n()), src.ilen*uintptr(src.n()))
	}
	if single.shared() {
		if sp.Thread >= uint32(t.Threads) || sp.Addr-headerSize > t.segSize-headerSize || l > t.segSize-sp.Addr {
			o.badShared(single, 0, sp, l)
		}
		p = t.seg(sp)
	} else if p == nil {
		o.fail("%s region 0 is a null pointer", single.what)
	}
	room := t.segSize - headerSize - n
	if t.prof != nil {
		t.countList(dst, gasnet.AccessPut)
		t.countList(src, gasnet.AccessGet)
	}
	if list == src {
		if i := t.gatherChecked(p, list.sptr, n, room); i >= 0 {
			o.badShared(list, i, list.sptr[i], n)
		}
		return true
	}
	i, sorted := t.scatterChecked(list.sptr, p, n, room)
	switch {
	case i >= 0 && !list.sptr[i].IsNull() && list.sptr[i].Thread < uint32(t.Threads) && list.sptr[i].Addr-headerSize <= room:
		o.fail("destination regions %d and %d overlap", i-1, i)
	case i >= 0:
		o.badShared(list, i, list.sptr[i], n)
	case !sorted && visCheckFull:
		o.checkOverlap(list)
	}
	return true
}

// gatherChecked copies n bytes from each of list's regions, in order, to
// d, stopping at the first region that names no thread or lies outside
// [headerSize, headerSize+room] of its segment: it returns that region's
// index, or -1.
func (t *Thread) gatherChecked(d unsafe.Pointer, list []SharedPtr, n, room uintptr) int {
	// (threads from len(segs): the compiler then drops segs' bounds check.)
	segs, off := t.segs, uintptr(0)
	threads := uint32(len(segs))
	if n == 8 {
		for i, p := range list {
			// (Comparing the thread with len(segs) itself lets the
			// compiler drop the index's bounds check.)
			th := uint(p.Thread)
			if th >= uint(len(segs)) || p.Addr-headerSize > room {
				return i
			}
			copy8(unsafe.Add(d, off), unsafe.Add(segs[th], p.Addr))
			off += 8
		}
		return -1
	}
	for i, p := range list {
		if p.Thread >= threads || p.Addr-headerSize > room {
			return i
		}
		gasnet.Move(unsafe.Add(d, off), unsafe.Add(segs[p.Thread], p.Addr), n)
		off += n
	}
	return -1
}

// scatterChecked is gatherChecked's reverse; it also stops at a region
// that overlaps the one before it, and reports whether the list is sorted
// by thread and address (if it is, that test finds every overlap).
// A region's position is one number, thread·2^keyShift + address, so the
// tests are a subtraction and two comparisons; fusedIndexed makes sure
// addresses and threads fit.
func (t *Thread) scatterChecked(list []SharedPtr, s unsafe.Pointer, n, room uintptr) (bad int, sorted bool) {
	segs := t.segs
	threads := uint32(len(segs))
	p := list[0]
	if p.Thread >= threads || p.Addr-headerSize > room {
		return 0, true
	}
	gasnet.Move(unsafe.Add(segs[p.Thread], p.Addr), s, n)
	prev := uint64(p.Thread)<<keyShift | uint64(p.Addr)
	unsorted := false
	off := n
	if n == 8 {
		// The same loop without a call, so that it keeps its state in
		// registers.
		next := prev + 8 // the lowest key a sorted list may continue with
		for i, p := range list[1:] {
			th := uint(p.Thread)
			if th >= uint(len(segs)) || p.Addr-headerSize > room {
				return i + 1, !unsorted
			}
			key := uint64(th)<<keyShift | uint64(p.Addr)
			if key < next {
				if key+16 > next { // it overlaps the region before
					return i + 1, !unsorted
				}
				unsorted = true
			}
			next = key + 8
			copy8(unsafe.Add(segs[th], p.Addr), unsafe.Add(s, off))
			off += 8
		}
		return -1, !unsorted
	}
	for i, p := range list[1:] {
		if p.Thread >= threads || p.Addr-headerSize > room {
			return i + 1, !unsorted
		}
		key := uint64(p.Thread)<<keyShift | uint64(p.Addr)
		if key-prev < uint64(n) || prev-key < uint64(n) {
			return i + 1, !unsorted
		}
		unsorted = unsorted || key < prev
		prev = key
		gasnet.Move(unsafe.Add(segs[p.Thread], p.Addr), unsafe.Add(s, off), n)
		off += n
	}
	return -1, !unsorted
}

// keyShift leaves room for segment addresses below 2^keyShift.
const keyShift = 44

// directLists copies between regions this thread can all address. The
// common shapes (a gather into one region, a scatter from one, pairs of
// equal regions) are one loop that resolves and copies each region, with
// no intermediate list.
func (t *Thread) directLists(dst, src *listSide) {
	switch {
	case dst.n() == 1:
		t.gatherList(t.resolve(dst, 0), src)
	case src.n() == 1:
		t.scatterList(dst, t.resolve(src, 0))
	case dst.kind >= pptrList && src.kind >= pptrList && dst.ilen == src.ilen:
		t.pairLists(dst, src)
	default:
		t.mergeLists(dst, src)
	}
}

// resolve is the address of region i of a checked, addressable list.
func (t *Thread) resolve(s *listSide, i int) unsafe.Pointer {
	sp, p, _ := s.entry(i)
	if s.shared() {
		return t.seg(sp)
	}
	return p
}

// copy8 and move are the per-region copies of the loops below: a region of
// one 8-byte element, the most common, is a load and a store.
func copy8(dst, src unsafe.Pointer) { *(*uint64)(dst) = *(*uint64)(src) }

// gatherList copies the regions of s, in order, to d.
func (t *Thread) gatherList(d unsafe.Pointer, s *listSide) {
	segs, off, n := t.segs, uintptr(0), s.ilen
	switch s.kind {
	case sptrList:
		if n == 8 {
			for _, p := range s.sptr {
				copy8(unsafe.Add(d, off), unsafe.Add(segs[p.Thread], p.Addr))
				off += 8
			}
			return
		}
		for _, p := range s.sptr {
			gasnet.Move(unsafe.Add(d, off), unsafe.Add(segs[p.Thread], p.Addr), n)
			off += n
		}
	case pptrList:
		for _, p := range s.pptr {
			gasnet.Move(unsafe.Add(d, off), p, n)
			off += n
		}
	case svecList:
		for _, v := range s.svec {
			if v.Len != 0 {
				gasnet.Move(unsafe.Add(d, off), unsafe.Add(segs[v.Addr.Thread], v.Addr.Addr), v.Len)
				off += v.Len
			}
		}
	default:
		for _, v := range s.pvec {
			if v.Len != 0 {
				gasnet.Move(unsafe.Add(d, off), v.Addr, v.Len)
				off += v.Len
			}
		}
	}
}

// scatterList copies the bytes at sp into the regions of d, in order.
func (t *Thread) scatterList(d *listSide, sp unsafe.Pointer) {
	segs, off, n := t.segs, uintptr(0), d.ilen
	switch d.kind {
	case sptrList:
		if n == 8 {
			for _, p := range d.sptr {
				copy8(unsafe.Add(segs[p.Thread], p.Addr), unsafe.Add(sp, off))
				off += 8
			}
			return
		}
		for _, p := range d.sptr {
			gasnet.Move(unsafe.Add(segs[p.Thread], p.Addr), unsafe.Add(sp, off), n)
			off += n
		}
	case pptrList:
		for _, p := range d.pptr {
			gasnet.Move(p, unsafe.Add(sp, off), n)
			off += n
		}
	case svecList:
		for _, v := range d.svec {
			if v.Len != 0 {
				gasnet.Move(unsafe.Add(segs[v.Addr.Thread], v.Addr.Addr), unsafe.Add(sp, off), v.Len)
				off += v.Len
			}
		}
	default:
		for _, v := range d.pvec {
			if v.Len != 0 {
				gasnet.Move(v.Addr, unsafe.Add(sp, off), v.Len)
				off += v.Len
			}
		}
	}
}

// pairLists copies region i of src to region i of dst, for indexed lists
// of one length.
func (t *Thread) pairLists(dst, src *listSide) {
	segs, n := t.segs, dst.ilen
	switch {
	case dst.kind == sptrList && src.kind == sptrList:
		for i, p := range dst.sptr {
			q := src.sptr[i]
			gasnet.Move(unsafe.Add(segs[p.Thread], p.Addr), unsafe.Add(segs[q.Thread], q.Addr), n)
		}
	case dst.kind == sptrList:
		for i, p := range dst.sptr {
			gasnet.Move(unsafe.Add(segs[p.Thread], p.Addr), src.pptr[i], n)
		}
	default:
		for i, p := range dst.pptr {
			q := src.sptr[i]
			gasnet.Move(p, unsafe.Add(segs[q.Thread], q.Addr), n)
		}
	}
}

// mergeLists copies between lists that cut the bytes at different places.
func (t *Thread) mergeLists(dst, src *listSide) {
	dc, sc := listCursor{s: dst}, listCursor{s: src}
	for {
		dsp, dp, dn, ok := dc.at()
		if !ok {
			return
		}
		ssp, sp, sn, _ := sc.at()
		if dst.shared() {
			dp = t.seg(dsp)
		}
		if src.shared() {
			sp = t.seg(ssp)
		}
		n := min(dn, sn)
		gasnet.Move(dp, sp, n)
		dc.within += n
		sc.within += n
	}
}

// listCursor walks the byte stream of a list region by region.
type listCursor struct {
	s      *listSide
	i      int
	within uintptr // bytes of region i already consumed
}

// at returns where the cursor is and how many bytes remain in its region,
// skipping empty regions; ok is false at the end.
func (c *listCursor) at() (sp SharedPtr, p unsafe.Pointer, rem uintptr, ok bool) {
	for ; c.i < c.s.n(); c.i, c.within = c.i+1, 0 {
		sp, p, l := c.s.entry(c.i)
		if l > c.within {
			if c.s.shared() {
				sp.Addr += c.within
			} else {
				p = unsafe.Add(p, c.within)
			}
			return sp, p, l - c.within, true
		}
	}
	return SharedPtr{}, nil, 0, false
}

// visPlan sorts the pieces of a transfer that involves threads this
// thread cannot address into one vector get per source thread and one
// vector put per destination thread; pieces between addressable memory
// are copied at once, and third-party pieces (both sides unaddressable)
// go through a bounce buffer.
type visPlan struct {
	t      *Thread
	gets   groups // by source thread
	puts   groups // by destination thread
	bounce []bounced
	nb     uintptr // bytes bounced
}

type vecGroup struct {
	local  []gasnet.LocalVec
	remote []gasnet.RemoteVec
}

// groups are the pieces per remote thread. Consecutive pieces usually go
// to one thread, so the last group is kept at hand; the first group is
// sized for every piece (often all go there), later ones grow.
type groups struct {
	m          map[uint32]*vecGroup
	last       *vecGroup
	lastThread uint32
	hint       int
}

type bounced struct {
	dst, src SharedPtr
	n, off   uintptr
}

func (p *visPlan) init(t *Thread, pieces int) {
	p.t = t
	p.gets = groups{m: map[uint32]*vecGroup{}, hint: pieces}
	p.puts = groups{m: map[uint32]*vecGroup{}, hint: pieces}
}

// add appends a piece to the group of thread, merging it with the
// previous piece when both sides continue it.
func (g *groups) add(thread uint32, local unsafe.Pointer, remote, n uintptr) {
	grp := g.last
	if grp == nil || g.lastThread != thread {
		if grp = g.m[thread]; grp == nil {
			grp = &vecGroup{local: make([]gasnet.LocalVec, 0, g.hint), remote: make([]gasnet.RemoteVec, 0, g.hint)}
			g.m[thread] = grp
			g.hint = 4
		}
		g.last, g.lastThread = grp, thread
	}
	if k := len(grp.local) - 1; k >= 0 {
		l, r := &grp.local[k], &grp.remote[k]
		if uintptr(l.Addr)+l.Len == uintptr(local) && r.Off+r.Len == remote {
			l.Len += n
			r.Len += n
			return
		}
	}
	grp.local = append(grp.local, gasnet.LocalVec{Addr: local, Len: n})
	grp.remote = append(grp.remote, gasnet.RemoteVec{Off: remote, Len: n})
}

// add records n bytes from (ssp or sp) to (dsp or dp).
func (p *visPlan) add(dstShared bool, dsp SharedPtr, dp unsafe.Pointer, srcShared bool, ssp SharedPtr, sp unsafe.Pointer, n uintptr) {
	t := p.t
	if dstShared {
		dp = t.seg(dsp)
	}
	if srcShared {
		sp = t.seg(ssp)
	}
	switch {
	case dp != nil && sp != nil:
		if t.prof != nil {
			if dstShared {
				t.prof.Count(gasnet.AccessPut, int(dsp.Thread), n)
			}
			if srcShared {
				t.prof.Count(gasnet.AccessGet, int(ssp.Thread), n)
			}
		}
		gasnet.Move(dp, sp, n)
	case dp != nil:
		p.gets.add(ssp.Thread, dp, ssp.Addr, n)
	case sp != nil:
		p.puts.add(dsp.Thread, sp, dsp.Addr, n)
	default:
		p.bounce = append(p.bounce, bounced{dsp, ssp, n, p.nb})
		p.nb += n
	}
}

// run issues the planned operations and completes them as s says.
func (p *visPlan) run(s Sync) Handle {
	ep := p.t.ep
	if len(p.bounce) > 0 {
		buf := make([]byte, p.nb)
		gets := groups{m: map[uint32]*vecGroup{}, hint: len(p.bounce)}
		for _, b := range p.bounce {
			gets.add(b.src.Thread, unsafe.Pointer(&buf[b.off]), b.src.Addr, b.n)
		}
		hs := make([]Handle, 0, len(gets.m))
		for thread, g := range gets.m {
			local := gasnet.LocalVecs(g.local)
			remote := gasnet.RemoteVecs(g.remote)
			hs = append(hs, ep.GetVIS(gasnet.NB, &local, int(thread), &remote))
		}
		ep.WaitAll(hs)
		for _, b := range p.bounce {
			p.puts.add(b.dst.Thread, unsafe.Pointer(&buf[b.off]), b.dst.Addr, b.n)
		}
	}
	return p.t.issueParts(s, len(p.gets.m)+len(p.puts.m), func(ref gasnet.OpRef) {
		for thread, g := range p.gets.m {
			local := gasnet.LocalVecs(g.local)
			remote := gasnet.RemoteVecs(g.remote)
			ep.GetVIS(gasnet.Part(ref), &local, int(thread), &remote)
		}
		for thread, g := range p.puts.m {
			remote := gasnet.RemoteVecs(g.remote)
			local := gasnet.LocalVecs(g.local)
			ep.PutVIS(gasnet.Part(ref), int(thread), &remote, &local)
		}
	})
}

// issueParts runs issue, which starts k gasnet operations as parts of one
// handle, and completes that handle as s says.
func (t *Thread) issueParts(s Sync, k int, issue func(ref gasnet.OpRef)) Handle {
	if k == 0 {
		return 0
	}
	h, ref := t.ep.Track(k, s == Asynci)
	issue(ref)
	if s == Blocking {
		t.ep.Wait(h)
		return 0
	}
	return h
}

// MemcpyVlist copies between lists of shared regions.
func (o Lib) MemcpyVlist(s Sync, dst, src []SmemVec) Handle {
	return o.lists(s, &listSide{what: "destination", kind: svecList, svec: dst}, &listSide{what: "source", kind: svecList, svec: src})
}

// MemputVlist copies from a list of private regions to a list of shared
// regions.
func (o Lib) MemputVlist(s Sync, dst []SmemVec, src []PmemVec) Handle {
	return o.lists(s, &listSide{what: "destination", kind: svecList, svec: dst}, &listSide{what: "source", kind: pvecList, pvec: src})
}

// MemgetVlist copies from a list of shared regions to a list of private
// regions.
func (o Lib) MemgetVlist(s Sync, dst []PmemVec, src []SmemVec) Handle {
	return o.lists(s, &listSide{what: "destination", kind: pvecList, pvec: dst}, &listSide{what: "source", kind: svecList, svec: src})
}

// MemcpyIlist copies len(src) shared regions of srcLen bytes to len(dst)
// shared regions of dstLen bytes.
func (o Lib) MemcpyIlist(s Sync, dst []SharedPtr, dstLen uintptr, src []SharedPtr, srcLen uintptr) Handle {
	return o.lists(s, &listSide{what: "destination", kind: sptrList, sptr: dst, ilen: dstLen}, &listSide{what: "source", kind: sptrList, sptr: src, ilen: srcLen})
}

// MemputIlist copies private regions to shared regions.
func (o Lib) MemputIlist(s Sync, dst []SharedPtr, dstLen uintptr, src []unsafe.Pointer, srcLen uintptr) Handle {
	return o.lists(s, &listSide{what: "destination", kind: sptrList, sptr: dst, ilen: dstLen}, &listSide{what: "source", kind: pptrList, pptr: src, ilen: srcLen})
}

// MemgetIlist copies shared regions to private regions.
func (o Lib) MemgetIlist(s Sync, dst []unsafe.Pointer, dstLen uintptr, src []SharedPtr, srcLen uintptr) Handle {
	return o.lists(s, &listSide{what: "destination", kind: pptrList, pptr: dst, ilen: dstLen}, &listSide{what: "source", kind: sptrList, sptr: src, ilen: srcLen})
}

// Strided transfers (design B): count[0] contiguous bytes per run,
// count[i] runs along dimension i, strides[i-1] bytes between runs along
// dimension i (len(count) is stridelevels+1). A zero count is a no-op.

// stridedSections checks a strided transfer and fills in its two
// sections; it reports whether the transfer moves bytes.
func (o Lib) stridedSections(dst, src *gasnet.Section, dstStrides, srcStrides, count []uintptr) (moves bool) {
	if err := gasnet.SpecSections(dst, src, dstStrides, srcStrides, count); err != nil {
		o.fail("%v", err)
	}
	return dst.Run != 0
}

// checkSection checks that a section at p lies in p's thread's segment.
func (o Lib) checkSection(p SharedPtr, sec *gasnet.Section, what string) {
	t := o.t
	if p.IsNull() {
		o.fail("the %s is a null pointer-to-shared", what)
	}
	if int(p.Thread) >= t.Threads {
		o.fail("the %s %v names thread %d, but THREADS is %d", what, p, p.Thread, t.Threads)
	}
	lo, hi, ok := gasnet.SectionExtent(sec.Run, sec.Count, sec.Strides)
	if !ok || p.Addr > t.segSize || lo < -int64(p.Addr) || hi > int64(t.segSize)-int64(p.Addr) {
		o.fail("the %s section at %v is outside thread %d's shared segment of %d bytes", what, p, p.Thread, t.segSize)
	}
}

// MemgetStrided copies a strided shared section to a private one.
func (o Lib) MemgetStrided(s Sync, dst unsafe.Pointer, dstStrides []uintptr, src SharedPtr, srcStrides []uintptr, count []uintptr) Handle {
	var ds, ss gasnet.Section
	if !o.stridedSections(&ds, &ss, dstStrides, srcStrides, count) {
		return 0
	}
	return o.getSection(s, dst, &ds, src, &ss)
}

// MemputStrided copies a private strided section to a shared one.
func (o Lib) MemputStrided(s Sync, dst SharedPtr, dstStrides []uintptr, src unsafe.Pointer, srcStrides []uintptr, count []uintptr) Handle {
	var ds, ss gasnet.Section
	if !o.stridedSections(&ds, &ss, dstStrides, srcStrides, count) {
		return 0
	}
	return o.putSection(s, dst, &ds, src, &ss)
}

// MemcpyStrided copies a strided shared section to another.
func (o Lib) MemcpyStrided(s Sync, dst SharedPtr, dstStrides []uintptr, src SharedPtr, srcStrides []uintptr, count []uintptr) Handle {
	var ds, ss gasnet.Section
	if !o.stridedSections(&ds, &ss, dstStrides, srcStrides, count) {
		return 0
	}
	return o.copySection(s, dst, &ds, src, &ss)
}

// The section transfers take their sections by pointer: a Section, and
// the Side built from it, are too large to pass by value on the hot path
// of small strided copies.

// getSection copies the shared section ss at src to the private section
// ds at dst, completing as s says.
func (o Lib) getSection(s Sync, dst unsafe.Pointer, ds *gasnet.Section, src SharedPtr, ss *gasnet.Section) Handle {
	o.checkPrivate(dst, "destination")
	o.checkSection(src, ss, "source")
	var local, remote gasnet.Side
	local.SetLocalSection(dst, ds)
	remote.SetRemoteSection(src.Addr, ss)
	return o.t.ep.GetVIS(completion(s), &local, int(src.Thread), &remote)
}

// putSection copies the private section ss at src to the shared section
// ds at dst, completing as s says.
func (o Lib) putSection(s Sync, dst SharedPtr, ds *gasnet.Section, src unsafe.Pointer, ss *gasnet.Section) Handle {
	o.checkSection(dst, ds, "destination")
	o.checkPrivate(src, "source")
	var remote, local gasnet.Side
	remote.SetRemoteSection(dst.Addr, ds)
	local.SetLocalSection(src, ss)
	return o.t.ep.PutVIS(completion(s), int(dst.Thread), &remote, &local)
}

// copySection copies between two shared sections: a put from an
// addressable source, a get into an addressable destination, else
// (third party) a get of the source here, densely packed, then a put.
func (o Lib) copySection(s Sync, dst SharedPtr, ds *gasnet.Section, src SharedPtr, ss *gasnet.Section) Handle {
	o.checkSection(dst, ds, "destination")
	o.checkSection(src, ss, "source")
	t := o.t
	if p := t.seg(src); p != nil {
		return o.putSection(s, dst, ds, p, ss)
	}
	if p := t.seg(dst); p != nil {
		return o.getSection(s, p, ds, src, ss)
	}
	dense := ss.Dense()
	size := dense.Run
	for _, c := range dense.Count {
		size = o.mulSize(size, c, "section", "")
	}
	buf := make([]byte, size)
	o.getSection(Blocking, unsafe.Pointer(&buf[0]), &dense, src, ss)
	return o.putSection(s, dst, ds, unsafe.Pointer(&buf[0]), &dense)
}

// completion is the gasnet completion of the library's mode s.
func completion(s Sync) gasnet.Completion {
	switch s {
	case Async:
		return gasnet.NB
	case Asynci:
		return gasnet.NBI
	}
	return gasnet.Blocking
}

// Fixed-stride transfers (design A): chunkCount chunks of chunkLen bytes,
// chunkStride bytes apart, on each side; the two sides may cut the bytes
// differently but must hold the same total.

// fchunks is one side of a fixed-stride transfer: count chunks of len
// bytes, stride bytes apart, from sp in shared memory or, when private,
// from p in private memory; what names it in errors.
type fchunks struct {
	len, stride, count uintptr
	private            bool
	p                  unsafe.Pointer
	sp                 SharedPtr
	what               string
}

func sharedChunks(sp SharedPtr, chunkLen, stride, count uintptr, what string) fchunks {
	return fchunks{len: chunkLen, stride: stride, count: count, sp: sp, what: what}
}

func privateChunks(p unsafe.Pointer, chunkLen, stride, count uintptr, what string) fchunks {
	return fchunks{len: chunkLen, stride: stride, count: count, private: true, p: p, what: what}
}

// fstrided runs a fixed-stride transfer in any direction: as a strided
// one when both sides use the same chunk length, else as an indexed one.
func (o Lib) fstrided(s Sync, dst, src fchunks) Handle {
	dt := o.mulSize(dst.len, dst.count, "destination", "")
	st := o.mulSize(src.len, src.count, "source", "")
	if dt != st {
		o.fail("the source and destination sizes differ (destination %d×%d = %d bytes, source %d×%d = %d bytes)", dst.count, dst.len, dt, src.count, src.len, st)
	}
	if dt == 0 {
		return 0
	}
	for _, f := range []fchunks{dst, src} {
		if f.count > 1 && f.stride < f.len {
			o.fail("the %s chunk stride %d is less than its chunk length %d (chunks would overlap)", f.what, f.stride, f.len)
		}
	}
	if dst.len == src.len {
		count, ds := dst.strides()
		_, ss := src.strides()
		switch {
		case dst.private:
			return o.MemgetStrided(s, dst.p, ds, src.sp, ss, count)
		case src.private:
			return o.MemputStrided(s, dst.sp, ds, src.p, ss, count)
		}
		return o.MemcpyStrided(s, dst.sp, ds, src.sp, ss, count)
	}
	return o.lists(s, o.chunkList(dst), o.chunkList(src))
}

// strides returns the chunks as a one-level section (count, strides).
func (f fchunks) strides() (count, strides []uintptr) {
	stride := f.stride
	if f.count == 1 {
		stride = f.len
	}
	return []uintptr{f.len, f.count}, []uintptr{stride}
}

// chunkList checks the chunks and lists them as an indexed side (a
// shared side is checked against its segment before it is listed: the
// list is as long as the chunk count).
func (o Lib) chunkList(f fchunks) *listSide {
	if f.private {
		o.checkPrivate(f.p, f.what)
		list := make([]unsafe.Pointer, f.count)
		for i := range list {
			list[i] = unsafe.Add(f.p, uintptr(i)*f.stride)
		}
		return &listSide{what: f.what, kind: pptrList, pptr: list, ilen: f.len}
	}
	count, strides := f.strides()
	o.checkSection(f.sp, &gasnet.Section{Run: f.len, Count: count[1:], Strides: []int64{int64(strides[0])}}, f.what)
	list := make([]SharedPtr, f.count)
	p := f.sp
	for i := range list {
		list[i] = p
		p.Addr += f.stride
	}
	return &listSide{what: f.what, kind: sptrList, sptr: list, ilen: f.len}
}

// MemcpyFstrided copies fixed-stride chunks between shared sections.
func (o Lib) MemcpyFstrided(s Sync, dst SharedPtr, dstChunkLen, dstChunkStride, dstChunkCount uintptr, src SharedPtr, srcChunkLen, srcChunkStride, srcChunkCount uintptr) Handle {
	return o.fstrided(s, sharedChunks(dst, dstChunkLen, dstChunkStride, dstChunkCount, "destination"), sharedChunks(src, srcChunkLen, srcChunkStride, srcChunkCount, "source"))
}

// MemputFstrided copies private fixed-stride chunks to a shared section.
func (o Lib) MemputFstrided(s Sync, dst SharedPtr, dstChunkLen, dstChunkStride, dstChunkCount uintptr, src unsafe.Pointer, srcChunkLen, srcChunkStride, srcChunkCount uintptr) Handle {
	return o.fstrided(s, sharedChunks(dst, dstChunkLen, dstChunkStride, dstChunkCount, "destination"), privateChunks(src, srcChunkLen, srcChunkStride, srcChunkCount, "source"))
}

// MemgetFstrided copies shared fixed-stride chunks to private memory.
func (o Lib) MemgetFstrided(s Sync, dst unsafe.Pointer, dstChunkLen, dstChunkStride, dstChunkCount uintptr, src SharedPtr, srcChunkLen, srcChunkStride, srcChunkCount uintptr) Handle {
	return o.fstrided(s, privateChunks(dst, dstChunkLen, dstChunkStride, dstChunkCount, "destination"), sharedChunks(src, srcChunkLen, srcChunkStride, srcChunkCount, "source"))
}

// The Go API, under the spec's names.

// MemcpyVlist is upc_memcpy_vlist (Blocking), _async or _asynci.
func (t *Thread) MemcpyVlist(s Sync, dst, src []SmemVec) Handle {
	return t.Lib(visName("upc_memcpy_vlist", s)).MemcpyVlist(s, dst, src)
}

// MemputVlist is upc_memput_vlist (Blocking), _async or _asynci.
func (t *Thread) MemputVlist(s Sync, dst []SmemVec, src []PmemVec) Handle {
	return t.Lib(visName("upc_memput_vlist", s)).MemputVlist(s, dst, src)
}

// MemgetVlist is upc_memget_vlist (Blocking), _async or _asynci.
func (t *Thread) MemgetVlist(s Sync, dst []PmemVec, src []SmemVec) Handle {
	return t.Lib(visName("upc_memget_vlist", s)).MemgetVlist(s, dst, src)
}

// MemcpyIlist is upc_memcpy_ilist (Blocking), _async or _asynci.
func (t *Thread) MemcpyIlist(s Sync, dst []SharedPtr, dstLen uintptr, src []SharedPtr, srcLen uintptr) Handle {
	return t.Lib(visName("upc_memcpy_ilist", s)).MemcpyIlist(s, dst, dstLen, src, srcLen)
}

// MemputIlist is upc_memput_ilist (Blocking), _async or _asynci.
func (t *Thread) MemputIlist(s Sync, dst []SharedPtr, dstLen uintptr, src []unsafe.Pointer, srcLen uintptr) Handle {
	return t.Lib(visName("upc_memput_ilist", s)).MemputIlist(s, dst, dstLen, src, srcLen)
}

// MemgetIlist is upc_memget_ilist (Blocking), _async or _asynci.
func (t *Thread) MemgetIlist(s Sync, dst []unsafe.Pointer, dstLen uintptr, src []SharedPtr, srcLen uintptr) Handle {
	return t.Lib(visName("upc_memget_ilist", s)).MemgetIlist(s, dst, dstLen, src, srcLen)
}

// MemcpyFstrided is upc_memcpy_fstrided (Blocking), _async or _asynci.
func (t *Thread) MemcpyFstrided(s Sync, dst SharedPtr, dstChunkLen, dstChunkStride, dstChunkCount uintptr, src SharedPtr, srcChunkLen, srcChunkStride, srcChunkCount uintptr) Handle {
	return t.Lib(visName("upc_memcpy_fstrided", s)).MemcpyFstrided(s, dst, dstChunkLen, dstChunkStride, dstChunkCount, src, srcChunkLen, srcChunkStride, srcChunkCount)
}

// MemputFstrided is upc_memput_fstrided (Blocking), _async or _asynci.
func (t *Thread) MemputFstrided(s Sync, dst SharedPtr, dstChunkLen, dstChunkStride, dstChunkCount uintptr, src unsafe.Pointer, srcChunkLen, srcChunkStride, srcChunkCount uintptr) Handle {
	return t.Lib(visName("upc_memput_fstrided", s)).MemputFstrided(s, dst, dstChunkLen, dstChunkStride, dstChunkCount, src, srcChunkLen, srcChunkStride, srcChunkCount)
}

// MemgetFstrided is upc_memget_fstrided (Blocking), _async or _asynci.
func (t *Thread) MemgetFstrided(s Sync, dst unsafe.Pointer, dstChunkLen, dstChunkStride, dstChunkCount uintptr, src SharedPtr, srcChunkLen, srcChunkStride, srcChunkCount uintptr) Handle {
	return t.Lib(visName("upc_memget_fstrided", s)).MemgetFstrided(s, dst, dstChunkLen, dstChunkStride, dstChunkCount, src, srcChunkLen, srcChunkStride, srcChunkCount)
}

// MemcpyStrided is upc_memcpy_strided (Blocking), _async or _asynci.
func (t *Thread) MemcpyStrided(s Sync, dst SharedPtr, dstStrides []uintptr, src SharedPtr, srcStrides, count []uintptr) Handle {
	return t.Lib(visName("upc_memcpy_strided", s)).MemcpyStrided(s, dst, dstStrides, src, srcStrides, count)
}

// MemputStrided is upc_memput_strided (Blocking), _async or _asynci.
func (t *Thread) MemputStrided(s Sync, dst SharedPtr, dstStrides []uintptr, src unsafe.Pointer, srcStrides, count []uintptr) Handle {
	return t.Lib(visName("upc_memput_strided", s)).MemputStrided(s, dst, dstStrides, src, srcStrides, count)
}

// MemgetStrided is upc_memget_strided (Blocking), _async or _asynci.
func (t *Thread) MemgetStrided(s Sync, dst unsafe.Pointer, dstStrides []uintptr, src SharedPtr, srcStrides, count []uintptr) Handle {
	return t.Lib(visName("upc_memget_strided", s)).MemgetStrided(s, dst, dstStrides, src, srcStrides, count)
}

// visName is the spec's name of a function in completion mode s.
func visName(base string, s Sync) string {
	switch s {
	case Async:
		return base + "_async"
	case Asynci:
		return base + "_asynci"
	}
	return base
}
