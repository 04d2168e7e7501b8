package gasnet

import (
	"math"
	"unsafe"
)

// runIter walks the runs of one side of a transfer, in order, as Runs.
// It can start part-way into the byte stream (seek) and stop after a
// given number of bytes (limit), which is how one chunk of an active
// message covers part of a side. The current run may be left part-way
// done (within), so consecutive windows continue where the last stopped.
type runIter struct {
	kind sideKind
	base unsafe.Pointer // the segment (remote sides), or the section's origin

	lvec []LocalVec
	rvec []RemoteVec
	lptr []unsafe.Pointer
	roff []uintptr
	ilen uintptr

	// strided
	sec    section
	stride []int64
	start  int64     // offset of the section's first run from base
	idx    []uintptr // the current run's index along each dimension
	cur    int64     // offset of the current run from base
	done   bool

	i      int     // lists: the current entry
	within uintptr // bytes of the current run already produced
	left   uintptr // bytes still to produce (math.MaxUint64: no limit)
}

func (x *xfer) localRuns() runIter {
	it := runIter{kind: x.kind, left: math.MaxUint64}
	switch x.kind {
	case vecSide:
		it.lvec = x.lvec
	case idxSide:
		it.lptr, it.ilen = x.lptr, x.llen
	default:
		it.base = x.lbase
		it.initStrided(x.sec, x.lstride, 0)
	}
	return it
}

func (x *xfer) remoteRuns(seg unsafe.Pointer) runIter {
	it := runIter{kind: x.kind, base: seg, left: math.MaxUint64}
	switch x.kind {
	case vecSide:
		it.rvec = x.rvec
	case idxSide:
		it.roff, it.ilen = x.roff, x.rlen
	default:
		it.initStrided(x.sec, x.rstride, int64(x.roff0))
	}
	return it
}

func (it *runIter) initStrided(sec section, stride []int64, start int64) {
	it.sec, it.stride, it.start, it.cur = sec, stride, start, start
	it.idx = make([]uintptr, len(sec.count))
}

// seek skips the first n bytes of the side (from its start).
func (it *runIter) seek(n uintptr) {
	switch it.kind {
	case stridedSide:
		run := n / it.sec.run
		it.within = n % it.sec.run
		it.cur = it.start
		for k, c := range it.sec.count {
			it.idx[k] = run % c
			run /= c
			it.cur += int64(it.idx[k]) * it.stride[k]
		}
		it.done = run != 0
	default:
		it.i, it.within = 0, 0
		for n > 0 && it.i < it.entries() {
			l := it.entryLen(it.i)
			if n < l {
				it.within = n
				return
			}
			n -= l
			it.i++
		}
	}
}

func (it *runIter) entries() int {
	switch {
	case it.lvec != nil:
		return len(it.lvec)
	case it.rvec != nil:
		return len(it.rvec)
	case it.lptr != nil:
		return len(it.lptr)
	}
	return len(it.roff)
}

func (it *runIter) entryLen(i int) uintptr {
	switch {
	case it.lvec != nil:
		return it.lvec[i].Len
	case it.rvec != nil:
		return it.rvec[i].Len
	}
	return it.ilen
}

func (it *runIter) entryAddr(i int) unsafe.Pointer {
	switch {
	case it.lvec != nil:
		return it.lvec[i].Addr
	case it.rvec != nil:
		return unsafe.Add(it.base, it.rvec[i].Off)
	case it.lptr != nil:
		return it.lptr[i]
	}
	return unsafe.Add(it.base, it.roff[i])
}

// NextRuns stores the addresses and lengths of the next runs (at most
// len(addrs); lens has the same length) and returns how many, 0 at the
// end. A zero-length run's address is not used.
func (it *runIter) NextRuns(addrs []unsafe.Pointer, lens []uintptr) int {
	if it.left == math.MaxUint64 && it.within == 0 && it.kind == idxSide {
		return it.nextIndexed(addrs, lens)
	}
	n := 0
	for n < len(addrs) && it.left > 0 {
		var p unsafe.Pointer
		var l uintptr
		if it.kind == stridedSide {
			if it.done {
				break
			}
			l = it.sec.run
			if l-it.within > 0 {
				p = unsafe.Add(it.base, it.cur+int64(it.within))
			}
		} else {
			if it.i >= it.entries() {
				break
			}
			l = it.entryLen(it.i)
			if l-it.within > 0 {
				p = unsafe.Add(it.entryAddr(it.i), it.within)
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
func (it *runIter) nextIndexed(addrs []unsafe.Pointer, lens []uintptr) int {
	var n int
	if it.lptr != nil {
		n = copy(addrs, it.lptr[it.i:])
	} else {
		offs := it.roff[it.i:]
		n = min(len(addrs), len(offs))
		for j, off := range offs[:n] {
			addrs[j] = unsafe.Add(it.base, off)
		}
	}
	for j := range lens[:n] {
		lens[j] = it.ilen
	}
	it.i += n
	return n
}

// advance moves to the next run.
func (it *runIter) advance() {
	if it.kind != stridedSide {
		it.i++
		return
	}
	for k, c := range it.sec.count {
		it.idx[k]++
		it.cur += it.stride[k]
		if it.idx[k] < c {
			return
		}
		it.cur -= int64(c) * it.stride[k]
		it.idx[k] = 0
	}
	it.done = true
}

// sectionBytes is the size of the strided side's whole section.
func (it *runIter) sectionBytes() uintptr {
	n := it.sec.run
	for _, c := range it.sec.count {
		n *= c
	}
	return n
}

// packWhole copies a whole strided section, at the start of its walk,
// to (pack) or from the dense buffer at buf with the strided kernel
// instead of run by run. It reports whether it could: other sides, or
// windows onto part of a section, go through NextRuns.
func (it *runIter) packWhole(buf unsafe.Pointer, skip, n uintptr, pack bool) bool {
	if it.kind != stridedSide || skip != 0 || it.within != 0 || it.cur != it.start || it.done || n != it.sectionBytes() {
		return false
	}
	dense := make([]int64, len(it.sec.count))
	step := int64(it.sec.run)
	for k, c := range it.sec.count {
		dense[k] = step
		step *= int64(c)
	}
	if pack {
		copyStrided(buf, 0, dense, it.base, it.start, it.stride, it.sec.run, it.sec.count)
	} else {
		copyStrided(it.base, it.start, it.stride, buf, 0, dense, it.sec.run, it.sec.count)
	}
	it.done = true
	return true
}
