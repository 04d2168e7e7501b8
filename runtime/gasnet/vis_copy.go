package gasnet

import "unsafe"

// The copy kernels of the VIS operations (vector, indexed, strided). They
// run wherever bytes move between two address ranges this process can
// address: the direct path to an addressable segment, packing and unpacking
// around an active message, and the UPC layer's own direct path.
//
// Every address is formed as a base pointer plus an in-bounds offset at
// the moment of the access, never by stepping a pointer past the end of
// its object: a pointer one stride beyond a Go allocation may point into
// another object or a free span, which the garbage collector and checkptr
// (on under -race) both reject.

// move copies n bytes. The sizes that scatter and gather lists use most
// (single scalars and small structs) are single loads and stores instead
// of a call to memmove.
func move(dst, src unsafe.Pointer, n uintptr) {
	switch n {
	case 8:
		*(*uint64)(dst) = *(*uint64)(src)
	case 4:
		*(*uint32)(dst) = *(*uint32)(src)
	case 16:
		*(*[2]uint64)(dst) = *(*[2]uint64)(src)
	case 1:
		*(*uint8)(dst) = *(*uint8)(src)
	case 2:
		*(*uint16)(dst) = *(*uint16)(src)
	case 32:
		copy32(dst, src)
	case 64:
		copy64(dst, src)
	default:
		copy(unsafe.Slice((*byte)(dst), n), unsafe.Slice((*byte)(src), n))
	}
}

// copy32 and copy64 load every 16-byte piece, then store them: an array
// assignment of more than 16 bytes through unsafe pointers becomes a call
// to memmove (the compiler cannot rule out overlap).
func copy32(dst, src unsafe.Pointer) {
	a := *(*[2]uint64)(src)
	b := *(*[2]uint64)(unsafe.Add(src, 16))
	*(*[2]uint64)(dst) = a
	*(*[2]uint64)(unsafe.Add(dst, 16)) = b
}

func copy64(dst, src unsafe.Pointer) {
	a := *(*[2]uint64)(src)
	b := *(*[2]uint64)(unsafe.Add(src, 16))
	c := *(*[2]uint64)(unsafe.Add(src, 32))
	d := *(*[2]uint64)(unsafe.Add(src, 48))
	*(*[2]uint64)(dst) = a
	*(*[2]uint64)(unsafe.Add(dst, 16)) = b
	*(*[2]uint64)(unsafe.Add(dst, 32)) = c
	*(*[2]uint64)(unsafe.Add(dst, 48)) = d
}

// Move copies n bytes from src to dst (the ranges must not overlap). It is
// the kernel the VIS operations use for one contiguous run, exported for
// layers that inline the direct path.
func Move(dst, src unsafe.Pointer, n uintptr) {
	if n != 0 {
		move(dst, src, n)
	}
}

// copyStrided copies an N-d section: runs of run bytes, count[k] runs
// along dimension k (innermost first), consecutive runs along dimension k
// dstStride[k] / srcStride[k] bytes apart. doff and soff are the offsets
// of the first run from dst and src.
func copyStrided(dst unsafe.Pointer, doff int64, dstStride []int64, src unsafe.Pointer, soff int64, srcStride []int64, run uintptr, count []uintptr) {
	switch len(count) {
	case 0:
		move(unsafe.Add(dst, doff), unsafe.Add(src, soff), run)
	case 1:
		copyLine(dst, doff, dstStride[0], src, soff, srcStride[0], run, count[0])
	default:
		top := len(count) - 1
		for range count[top] {
			copyStrided(dst, doff, dstStride[:top], src, soff, srcStride[:top], run, count[:top])
			doff += dstStride[top]
			soff += srcStride[top]
		}
	}
}

// copyLine copies n runs of run bytes along one dimension: the innermost
// loop of every strided copy, specialised for the common run sizes so that
// an 8-byte element costs a load and a store.
func copyLine(dst unsafe.Pointer, doff, dstep int64, src unsafe.Pointer, soff, sstep int64, run, n uintptr) {
	switch run {
	case 8:
		for range n {
			*(*uint64)(unsafe.Add(dst, doff)) = *(*uint64)(unsafe.Add(src, soff))
			doff += dstep
			soff += sstep
		}
	case 4:
		for range n {
			*(*uint32)(unsafe.Add(dst, doff)) = *(*uint32)(unsafe.Add(src, soff))
			doff += dstep
			soff += sstep
		}
	case 16:
		for range n {
			*(*[2]uint64)(unsafe.Add(dst, doff)) = *(*[2]uint64)(unsafe.Add(src, soff))
			doff += dstep
			soff += sstep
		}
	case 64:
		for range n {
			copy64(unsafe.Add(dst, doff), unsafe.Add(src, soff))
			doff += dstep
			soff += sstep
		}
	default:
		for range n {
			move(unsafe.Add(dst, doff), unsafe.Add(src, soff), run)
			doff += dstep
			soff += sstep
		}
	}
}

// runBatch is how many runs the copy loops resolve at a time. The batch
// arrays live on the copying function's stack (the iterator is a concrete
// type, so they do not escape): storing pointers there needs no garbage
// collector write barrier, which a heap array would.
const runBatch = 128

// copyRuns copies the bytes of src's runs, in order, into dst's runs, in
// order, until either side ends; the sides may cut the byte stream at
// different places. If every run of both sides has the same length
// fixedLen (0: not so), the pairs are copied without splitting.
func copyRuns(dst, src *RunIter, fixedLen uintptr) {
	var da, sa [runBatch]unsafe.Pointer
	var dl, sl [runBatch]uintptr
	if fixedLen != 0 {
		for {
			n := dst.NextRuns(da[:], dl[:])
			if n == 0 {
				return
			}
			m := src.NextRuns(sa[:n], sl[:n])
			n = min(n, m)
			if n == 0 {
				return
			}
			copyPairs(da[:n], sa[:n], fixedLen)
		}
	}
	// The general merge: a run of either side may span several runs of
	// the other. Positions inside a run are offsets, never pointers past
	// its end.
	var dn, sn, di, si int
	var dp, sp unsafe.Pointer
	var doff, dlen, soff, slen uintptr
	for {
		if doff == dlen {
			if di == dn {
				if dn = dst.NextRuns(da[:], dl[:]); dn == 0 {
					return
				}
				di = 0
			}
			dp, doff, dlen = da[di], 0, dl[di]
			di++
			continue
		}
		if soff == slen {
			if si == sn {
				if sn = src.NextRuns(sa[:], sl[:]); sn == 0 {
					return
				}
				si = 0
			}
			sp, soff, slen = sa[si], 0, sl[si]
			si++
			continue
		}
		n := min(dlen-doff, slen-soff)
		move(unsafe.Add(dp, doff), unsafe.Add(sp, soff), n)
		doff += n
		soff += n
	}
}

func copyPairs(da, sa []unsafe.Pointer, n uintptr) {
	sa = sa[:len(da)]
	switch n {
	case 8:
		for i, d := range da {
			*(*uint64)(d) = *(*uint64)(sa[i])
		}
	case 4:
		for i, d := range da {
			*(*uint32)(d) = *(*uint32)(sa[i])
		}
	case 16:
		for i, d := range da {
			*(*[2]uint64)(d) = *(*[2]uint64)(sa[i])
		}
	default:
		for i, d := range da {
			move(d, sa[i], n)
		}
	}
}

// copySides copies the bytes of src's runs, in order, into dst's runs;
// dseg and sseg place remote sides. Sections of one shape go through the
// strided kernel, a side that is one run through gather or scatter.
func copySides(dst *Side, dseg unsafe.Pointer, src *Side, sseg unsafe.Pointer) {
	if dst.kind == sectionSide && src.kind == sectionSide && sameShape(&dst.sec, &src.sec) {
		dp, doff := dst.sectionOrigin(dseg)
		sp, soff := src.sectionOrigin(sseg)
		copyStrided(dp, doff, dst.sec.Strides, sp, soff, src.sec.Strides, dst.sec.Run, dst.sec.Count)
		return
	}
	if p, ok := dst.contiguous(dseg); ok {
		src.Gather(p, sseg)
		return
	}
	if p, ok := src.contiguous(sseg); ok {
		dst.Scatter(dseg, p)
		return
	}
	fixed := uintptr(0)
	if dst.kind == idxSide && src.kind == idxSide && dst.size == src.size {
		fixed = dst.size
	}
	d, s := dst.Runs(dseg), src.Runs(sseg)
	copyRuns(&d, &s, fixed)
}

// sameShape reports whether two sections have the same runs and counts.
func sameShape(a, b *Section) bool {
	if a.Run != b.Run || len(a.Count) != len(b.Count) {
		return false
	}
	for k, c := range a.Count {
		if b.Count[k] != c {
			return false
		}
	}
	return true
}

// sectionOrigin is the base address and offset of a section's origin.
func (s *Side) sectionOrigin(seg unsafe.Pointer) (unsafe.Pointer, int64) {
	if s.remote {
		return seg, int64(s.off)
	}
	return s.base, 0
}

// gather copies the bytes of src's runs, in order, to the contiguous
// buffer at dst, which must hold them all; it returns the bytes copied.
func gather(dst unsafe.Pointer, src *RunIter) uintptr {
	var sa [runBatch]unsafe.Pointer
	var sl [runBatch]uintptr
	off := uintptr(0)
	for {
		n := src.NextRuns(sa[:], sl[:])
		if n == 0 {
			return off
		}
		for i, p := range sa[:n] {
			switch l := sl[i]; l {
			case 0:
			case 8:
				*(*uint64)(unsafe.Add(dst, off)) = *(*uint64)(p)
				off += 8
			default:
				move(unsafe.Add(dst, off), p, l)
				off += l
			}
		}
	}
}

// scatter copies the contiguous bytes at src into dst's runs, in order;
// src must hold as many bytes as the runs. It returns the bytes copied.
func scatter(dst *RunIter, src unsafe.Pointer) uintptr {
	var da [runBatch]unsafe.Pointer
	var dl [runBatch]uintptr
	off := uintptr(0)
	for {
		n := dst.NextRuns(da[:], dl[:])
		if n == 0 {
			return off
		}
		for i, p := range da[:n] {
			switch l := dl[i]; l {
			case 0:
			case 8:
				*(*uint64)(p) = *(*uint64)(unsafe.Add(src, off))
				off += 8
			default:
				move(p, unsafe.Add(src, off), l)
				off += l
			}
		}
	}
}
