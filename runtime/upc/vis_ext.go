package upc

import (
	"math"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Extensions from the appendix of LBNL-56495 ("open issues"), documented
// in docs/memcpy.md: 2-d and 3-d strided wrappers (item 9), transposing
// strided copies (item 8), and reblocking copies whose shared side spans
// the threads of a block-distributed array (items 1 and 2).

// 2-d and 3-d wrappers: a width of contiguous bytes, then rows (and
// planes) at the given byte strides on each side.

// MemgetStrided2D copies height rows of width bytes.
func (o Lib) MemgetStrided2D(s Sync, dst unsafe.Pointer, dstStride uintptr, src SharedPtr, srcStride, width, height uintptr) Handle {
	return o.MemgetStrided(s, dst, []uintptr{dstStride}, src, []uintptr{srcStride}, []uintptr{width, height})
}

// MemputStrided2D copies height rows of width bytes.
func (o Lib) MemputStrided2D(s Sync, dst SharedPtr, dstStride uintptr, src unsafe.Pointer, srcStride, width, height uintptr) Handle {
	return o.MemputStrided(s, dst, []uintptr{dstStride}, src, []uintptr{srcStride}, []uintptr{width, height})
}

// MemcpyStrided2D copies height rows of width bytes.
func (o Lib) MemcpyStrided2D(s Sync, dst SharedPtr, dstStride uintptr, src SharedPtr, srcStride, width, height uintptr) Handle {
	return o.MemcpyStrided(s, dst, []uintptr{dstStride}, src, []uintptr{srcStride}, []uintptr{width, height})
}

// MemgetStrided3D copies depth planes of height rows of width bytes; the
// strides are between rows and between planes.
func (o Lib) MemgetStrided3D(s Sync, dst unsafe.Pointer, dstRowStride, dstPlaneStride uintptr, src SharedPtr, srcRowStride, srcPlaneStride, width, height, depth uintptr) Handle {
	return o.MemgetStrided(s, dst, []uintptr{dstRowStride, dstPlaneStride}, src, []uintptr{srcRowStride, srcPlaneStride}, []uintptr{width, height, depth})
}

// MemputStrided3D copies depth planes of height rows of width bytes.
func (o Lib) MemputStrided3D(s Sync, dst SharedPtr, dstRowStride, dstPlaneStride uintptr, src unsafe.Pointer, srcRowStride, srcPlaneStride, width, height, depth uintptr) Handle {
	return o.MemputStrided(s, dst, []uintptr{dstRowStride, dstPlaneStride}, src, []uintptr{srcRowStride, srcPlaneStride}, []uintptr{width, height, depth})
}

// MemcpyStrided3D copies depth planes of height rows of width bytes.
func (o Lib) MemcpyStrided3D(s Sync, dst SharedPtr, dstRowStride, dstPlaneStride uintptr, src SharedPtr, srcRowStride, srcPlaneStride, width, height, depth uintptr) Handle {
	return o.MemcpyStrided(s, dst, []uintptr{dstRowStride, dstPlaneStride}, src, []uintptr{srcRowStride, srcPlaneStride}, []uintptr{width, height, depth})
}

// Transposing copies: elements of elemSize bytes, count[k] along
// dimension k, a signed byte stride for every dimension on each side
// (including the one that is contiguous, which is the "extra" stride the
// spec asks for). Element (i0, …, iN-1) moves from src + Σ ik·srcStrides[k]
// to dst + Σ ik·dstStrides[k]: permuted strides transpose, negative ones
// reflect. Destination elements may not overlap; sources may (a zero
// stride repeats an element).

// transposedSections checks a transposing copy and fills in its two
// sections; it reports whether the copy moves bytes.
func (o Lib) transposedSections(dst, src *gasnet.Section, dstStrides, srcStrides []int64, count []uintptr, elemSize uintptr) (moves bool) {
	if err := gasnet.TransposedSections(dst, src, dstStrides, srcStrides, count, elemSize); err != nil {
		o.fail("%v", err)
	}
	return dst.Run != 0
}

// MemgetTranspose copies a shared section to a private one, permuting or
// reflecting dimensions as the strides say.
func (o Lib) MemgetTranspose(s Sync, dst unsafe.Pointer, dstStrides []int64, src SharedPtr, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	var ds, ss gasnet.Section
	if !o.transposedSections(&ds, &ss, dstStrides, srcStrides, count, elemSize) {
		return 0
	}
	return o.getSection(s, dst, &ds, src, &ss)
}

// MemputTranspose copies a private section to a shared one.
func (o Lib) MemputTranspose(s Sync, dst SharedPtr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	var ds, ss gasnet.Section
	if !o.transposedSections(&ds, &ss, dstStrides, srcStrides, count, elemSize) {
		return 0
	}
	return o.putSection(s, dst, &ds, src, &ss)
}

// MemcpyTranspose copies a shared section to another.
func (o Lib) MemcpyTranspose(s Sync, dst SharedPtr, dstStrides []int64, src SharedPtr, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	var ds, ss gasnet.Section
	if !o.transposedSections(&ds, &ss, dstStrides, srcStrides, count, elemSize) {
		return 0
	}
	return o.copySection(s, dst, &ds, src, &ss)
}

// Reblocking copies. The shared side is a block-distributed array, given
// by a pointer-to-shared (its thread and phase say where the copy starts)
// and the array's block size in elements (0: indefinite, all on one
// thread); bytes are numbered in the array's logical order, so a copy may
// span every thread's blocks. A reblocking memcpy changes the block size
// between source and destination.

// blocked is one shared side of a reblocking copy.
type blocked struct {
	p        SharedPtr
	block    uintptr
	elemSize uintptr
	what     string
}

// check validates the side's layout.
func (o Lib) checkBlocked(b blocked) {
	if b.p.IsNull() {
		o.fail("the %s is a null pointer-to-shared", b.what)
	}
	if int(b.p.Thread) >= o.t.Threads {
		o.fail("the %s %v names thread %d, but THREADS is %d", b.what, b.p, b.p.Thread, o.t.Threads)
	}
	if b.block > 0 && uintptr(b.p.Phase) >= b.block {
		o.fail("the %s's phase %d is not less than the block size %d", b.what, b.p.Phase, b.block)
	}
}

// regions appends the shared regions that hold n bytes starting off bytes
// (in the array's logical order) after the side's pointer.
func (o Lib) regions(b blocked, off, n uintptr, out []SmemVec) []SmemVec {
	if b.block == 0 {
		p := b.p
		p.Addr += off
		return append(out, SmemVec{p, n})
	}
	layout := Layout{Block: b.block, ElemSize: b.elemSize}
	for n > 0 {
		e, within := off/b.elemSize, off%b.elemSize
		if e > math.MaxInt64 {
			o.fail("the %s offset %d is beyond any array", b.what, off)
		}
		q := b.p.Add(int64(e), layout, o.t.Threads)
		take := min(n, (b.block-uintptr(q.Phase))*b.elemSize-within)
		out = append(out, SmemVec{SharedPtr{Addr: q.Addr + within, Thread: q.Thread}, take})
		off += take
		n -= take
	}
	return out
}

// MemgetBlocked copies nelems elements of elemSize bytes from a
// block-distributed array (block size srcBlock) to private memory.
func (o Lib) MemgetBlocked(s Sync, dst unsafe.Pointer, src SharedPtr, srcBlock, elemSize, nelems uintptr) Handle {
	n := o.mulSize(elemSize, nelems, "transfer", "")
	if n == 0 {
		return 0
	}
	sb := blocked{src, srcBlock, elemSize, "source"}
	o.checkBlocked(sb)
	o.checkPrivate(dst, "destination")
	return o.MemgetVlist(s, []PmemVec{{dst, n}}, o.regions(sb, 0, n, nil))
}

// MemputBlocked copies nelems elements from private memory to a
// block-distributed array (block size dstBlock).
func (o Lib) MemputBlocked(s Sync, dst SharedPtr, dstBlock uintptr, src unsafe.Pointer, elemSize, nelems uintptr) Handle {
	n := o.mulSize(elemSize, nelems, "transfer", "")
	if n == 0 {
		return 0
	}
	db := blocked{dst, dstBlock, elemSize, "destination"}
	o.checkBlocked(db)
	o.checkPrivate(src, "source")
	return o.MemputVlist(s, o.regions(db, 0, n, nil), []PmemVec{{src, n}})
}

// MemcpyBlocked copies nelems elements between two block-distributed
// arrays, reblocking from srcBlock to dstBlock.
func (o Lib) MemcpyBlocked(s Sync, dst SharedPtr, dstBlock uintptr, src SharedPtr, srcBlock, elemSize, nelems uintptr) Handle {
	n := o.mulSize(elemSize, nelems, "transfer", "")
	if n == 0 {
		return 0
	}
	db, sb := blocked{dst, dstBlock, elemSize, "destination"}, blocked{src, srcBlock, elemSize, "source"}
	o.checkBlocked(db)
	o.checkBlocked(sb)
	return o.MemcpyVlist(s, o.regions(db, 0, n, nil), o.regions(sb, 0, n, nil))
}

// Strided copies over block-distributed arrays: the strides of the shared
// side are byte distances in the array's logical order, so its runs may
// lie on different threads (and a run may cross a block boundary).

// stridedRuns calls f with the logical offset of every run of a section.
func stridedRuns(strides, count []uintptr, f func(off uintptr)) {
	idx := make([]uintptr, len(count)-1)
	off := uintptr(0)
	for {
		f(off)
		k := 0
		for ; k < len(idx); k++ {
			idx[k]++
			off += strides[k]
			if idx[k] < count[k+1] {
				break
			}
			off -= count[k+1] * strides[k]
			idx[k] = 0
		}
		if k == len(idx) {
			return
		}
	}
}

// sharedRuns lists the shared regions of a section over a distributed
// array.
func (o Lib) sharedRuns(b blocked, strides, count []uintptr) []SmemVec {
	o.checkBlocked(b)
	var out []SmemVec
	stridedRuns(strides, count, func(off uintptr) { out = o.regions(b, off, count[0], out) })
	return out
}

func privateRuns(p unsafe.Pointer, strides, count []uintptr) []PmemVec {
	var out []PmemVec
	stridedRuns(strides, count, func(off uintptr) { out = append(out, PmemVec{unsafe.Add(p, off), count[0]}) })
	return out
}

// blockedShape checks a strided copy over distributed arrays and reports
// whether it moves bytes.
func (o Lib) blockedShape(dstStrides, srcStrides, count []uintptr, elemSize uintptr) bool {
	if elemSize == 0 {
		o.fail("the element size must be positive")
	}
	var ds, ss gasnet.Section
	return o.stridedSections(&ds, &ss, dstStrides, srcStrides, count)
}

// MemgetStridedBlocked copies a strided section of a block-distributed
// array (block size srcBlock, elements of elemSize bytes) to a private
// strided section.
func (o Lib) MemgetStridedBlocked(s Sync, dst unsafe.Pointer, dstStrides []uintptr, src SharedPtr, srcBlock uintptr, srcStrides, count []uintptr, elemSize uintptr) Handle {
	if !o.blockedShape(dstStrides, srcStrides, count, elemSize) {
		return 0
	}
	o.checkPrivate(dst, "destination")
	sr := o.sharedRuns(blocked{src, srcBlock, elemSize, "source"}, srcStrides, count)
	return o.MemgetVlist(s, privateRuns(dst, dstStrides, count), sr)
}

// MemputStridedBlocked copies a private strided section to a strided
// section of a block-distributed array.
func (o Lib) MemputStridedBlocked(s Sync, dst SharedPtr, dstBlock uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides, count []uintptr, elemSize uintptr) Handle {
	if !o.blockedShape(dstStrides, srcStrides, count, elemSize) {
		return 0
	}
	o.checkPrivate(src, "source")
	dr := o.sharedRuns(blocked{dst, dstBlock, elemSize, "destination"}, dstStrides, count)
	return o.MemputVlist(s, dr, privateRuns(src, srcStrides, count))
}

// MemcpyStridedBlocked copies a strided section between two
// block-distributed arrays.
func (o Lib) MemcpyStridedBlocked(s Sync, dst SharedPtr, dstBlock uintptr, dstStrides []uintptr, src SharedPtr, srcBlock uintptr, srcStrides, count []uintptr, elemSize uintptr) Handle {
	if !o.blockedShape(dstStrides, srcStrides, count, elemSize) {
		return 0
	}
	dr := o.sharedRuns(blocked{dst, dstBlock, elemSize, "destination"}, dstStrides, count)
	sr := o.sharedRuns(blocked{src, srcBlock, elemSize, "source"}, srcStrides, count)
	return o.MemcpyVlist(s, dr, sr)
}

// The Go API, under the names of docs/memcpy.md.

// MemgetStrided2D is upc_memget_strided2d (Blocking), _async or _asynci.
func (t *Thread) MemgetStrided2D(s Sync, dst unsafe.Pointer, dstStride uintptr, src SharedPtr, srcStride, width, height uintptr) Handle {
	return t.Lib(visName("upc_memget_strided2d", s)).MemgetStrided2D(s, dst, dstStride, src, srcStride, width, height)
}

// MemputStrided2D is upc_memput_strided2d (Blocking), _async or _asynci.
func (t *Thread) MemputStrided2D(s Sync, dst SharedPtr, dstStride uintptr, src unsafe.Pointer, srcStride, width, height uintptr) Handle {
	return t.Lib(visName("upc_memput_strided2d", s)).MemputStrided2D(s, dst, dstStride, src, srcStride, width, height)
}

// MemcpyStrided2D is upc_memcpy_strided2d (Blocking), _async or _asynci.
func (t *Thread) MemcpyStrided2D(s Sync, dst SharedPtr, dstStride uintptr, src SharedPtr, srcStride, width, height uintptr) Handle {
	return t.Lib(visName("upc_memcpy_strided2d", s)).MemcpyStrided2D(s, dst, dstStride, src, srcStride, width, height)
}

// MemgetStrided3D is upc_memget_strided3d (Blocking), _async or _asynci.
func (t *Thread) MemgetStrided3D(s Sync, dst unsafe.Pointer, dstRowStride, dstPlaneStride uintptr, src SharedPtr, srcRowStride, srcPlaneStride, width, height, depth uintptr) Handle {
	return t.Lib(visName("upc_memget_strided3d", s)).MemgetStrided3D(s, dst, dstRowStride, dstPlaneStride, src, srcRowStride, srcPlaneStride, width, height, depth)
}

// MemputStrided3D is upc_memput_strided3d (Blocking), _async or _asynci.
func (t *Thread) MemputStrided3D(s Sync, dst SharedPtr, dstRowStride, dstPlaneStride uintptr, src unsafe.Pointer, srcRowStride, srcPlaneStride, width, height, depth uintptr) Handle {
	return t.Lib(visName("upc_memput_strided3d", s)).MemputStrided3D(s, dst, dstRowStride, dstPlaneStride, src, srcRowStride, srcPlaneStride, width, height, depth)
}

// MemcpyStrided3D is upc_memcpy_strided3d (Blocking), _async or _asynci.
func (t *Thread) MemcpyStrided3D(s Sync, dst SharedPtr, dstRowStride, dstPlaneStride uintptr, src SharedPtr, srcRowStride, srcPlaneStride, width, height, depth uintptr) Handle {
	return t.Lib(visName("upc_memcpy_strided3d", s)).MemcpyStrided3D(s, dst, dstRowStride, dstPlaneStride, src, srcRowStride, srcPlaneStride, width, height, depth)
}

// MemgetTranspose is upc_memget_transpose (Blocking), _async or _asynci.
func (t *Thread) MemgetTranspose(s Sync, dst unsafe.Pointer, dstStrides []int64, src SharedPtr, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	return t.Lib(visName("upc_memget_transpose", s)).MemgetTranspose(s, dst, dstStrides, src, srcStrides, count, elemSize)
}

// MemputTranspose is upc_memput_transpose (Blocking), _async or _asynci.
func (t *Thread) MemputTranspose(s Sync, dst SharedPtr, dstStrides []int64, src unsafe.Pointer, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	return t.Lib(visName("upc_memput_transpose", s)).MemputTranspose(s, dst, dstStrides, src, srcStrides, count, elemSize)
}

// MemcpyTranspose is upc_memcpy_transpose (Blocking), _async or _asynci.
func (t *Thread) MemcpyTranspose(s Sync, dst SharedPtr, dstStrides []int64, src SharedPtr, srcStrides []int64, count []uintptr, elemSize uintptr) Handle {
	return t.Lib(visName("upc_memcpy_transpose", s)).MemcpyTranspose(s, dst, dstStrides, src, srcStrides, count, elemSize)
}

// MemgetBlocked is upc_memget_blocked (Blocking), _async or _asynci.
func (t *Thread) MemgetBlocked(s Sync, dst unsafe.Pointer, src SharedPtr, srcBlock, elemSize, nelems uintptr) Handle {
	return t.Lib(visName("upc_memget_blocked", s)).MemgetBlocked(s, dst, src, srcBlock, elemSize, nelems)
}

// MemputBlocked is upc_memput_blocked (Blocking), _async or _asynci.
func (t *Thread) MemputBlocked(s Sync, dst SharedPtr, dstBlock uintptr, src unsafe.Pointer, elemSize, nelems uintptr) Handle {
	return t.Lib(visName("upc_memput_blocked", s)).MemputBlocked(s, dst, dstBlock, src, elemSize, nelems)
}

// MemcpyBlocked is upc_memcpy_blocked (Blocking), _async or _asynci.
func (t *Thread) MemcpyBlocked(s Sync, dst SharedPtr, dstBlock uintptr, src SharedPtr, srcBlock, elemSize, nelems uintptr) Handle {
	return t.Lib(visName("upc_memcpy_blocked", s)).MemcpyBlocked(s, dst, dstBlock, src, srcBlock, elemSize, nelems)
}

// MemgetStridedBlocked is upc_memget_strided_blocked (Blocking), _async or _asynci.
func (t *Thread) MemgetStridedBlocked(s Sync, dst unsafe.Pointer, dstStrides []uintptr, src SharedPtr, srcBlock uintptr, srcStrides, count []uintptr, elemSize uintptr) Handle {
	return t.Lib(visName("upc_memget_strided_blocked", s)).MemgetStridedBlocked(s, dst, dstStrides, src, srcBlock, srcStrides, count, elemSize)
}

// MemputStridedBlocked is upc_memput_strided_blocked (Blocking), _async or _asynci.
func (t *Thread) MemputStridedBlocked(s Sync, dst SharedPtr, dstBlock uintptr, dstStrides []uintptr, src unsafe.Pointer, srcStrides, count []uintptr, elemSize uintptr) Handle {
	return t.Lib(visName("upc_memput_strided_blocked", s)).MemputStridedBlocked(s, dst, dstBlock, dstStrides, src, srcStrides, count, elemSize)
}

// MemcpyStridedBlocked is upc_memcpy_strided_blocked (Blocking), _async or _asynci.
func (t *Thread) MemcpyStridedBlocked(s Sync, dst SharedPtr, dstBlock uintptr, dstStrides []uintptr, src SharedPtr, srcBlock uintptr, srcStrides, count []uintptr, elemSize uintptr) Handle {
	return t.Lib(visName("upc_memcpy_strided_blocked", s)).MemcpyStridedBlocked(s, dst, dstBlock, dstStrides, src, srcBlock, srcStrides, count, elemSize)
}
