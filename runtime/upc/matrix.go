package upc

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Matrix-strided (block-strided) transfers, after "Towards a
// matrix-oriented strided interface in OpenSHMEM" (the spec's APUT):
// blockCount blocks of blockElems contiguous elements of elemSize bytes,
// one thread's shared memory on one side and private memory on the other,
// block starts dstStride and srcStride ELEMENTS apart on each side. A
// sub-matrix of a row-major matrix is the case blockElems = its width,
// blockCount = its height and the strides the two matrices' row lengths.
//
// The shapes the strided VIS path accepts (strides at least one block, so
// blocks neither overlap nor run backwards) move as one strided operation.
// The others (a negative stride, or blocks that overlap) are legal in the
// spec, with overlapping writes undefined; they move block by block, in
// order, blocking, which is the spec's reference implementation.

// blockShape is a checked block-strided transfer in bytes.
type blockShape struct {
	run           uintptr // bytes per block
	count         uintptr // blocks
	remote, local int64   // byte strides between block starts
}

// vector reports whether the shape is one the strided VIS path takes.
// section is the blocks as a section whose blocks are stride bytes apart.
func (b blockShape) section(stride int64) gasnet.Section {
	return gasnet.Section{Run: b.run, Count: []uintptr{b.count}, Strides: []int64{stride}}
}

func (b blockShape) vector() bool {
	return b.remote >= int64(b.run) && b.local >= int64(b.run)
}

// byteStride is stride elements of elemSize bytes, failing on overflow.
func (o Lib) byteStride(stride int64, elemSize uintptr, what string) int64 {
	mag := uint64(stride)
	if stride < 0 {
		mag = uint64(-stride)
	}
	hi, lo := bits.Mul64(mag, uint64(elemSize))
	if stride == math.MinInt64 || hi != 0 || lo > math.MaxInt64 {
		o.fail("the %s stride %d elements of %d bytes overflows", what, stride, elemSize)
	}
	if stride < 0 {
		return -int64(lo)
	}
	return int64(lo)
}

// blocks checks a block-strided transfer whose shared side is p and
// reports whether it moves any bytes. remoteWhat names p's side.
func (o Lib) blocks(p SharedPtr, elemSize uintptr, remoteStride, localStride int64, blockElems, blockCount uintptr, remoteWhat, localWhat string) (blockShape, bool) {
	if elemSize == 0 {
		o.fail("the element size is 0")
	}
	if blockElems == 0 || blockCount == 0 {
		return blockShape{}, false
	}
	b := blockShape{run: o.mulSize(blockElems, elemSize, "block", ""), count: blockCount}
	b.remote = o.byteStride(remoteStride, elemSize, remoteWhat)
	b.local = o.byteStride(localStride, elemSize, localWhat)
	if blockCount == 1 {
		// One block: the strides are never used.
		b.remote, b.local = int64(b.run), int64(b.run)
	}
	if b.run > math.MaxInt64 {
		o.fail("a block of %d bytes is too large", b.run)
	}
	rs := b.section(b.remote)
	o.checkSection(p, &rs, remoteWhat)
	return b, true
}

// MemputBlocks copies blockCount blocks of blockElems elements from
// private memory at src to the shared memory of dst's thread, completing
// as s says (upc_memput_blocks and shmemx_<T>_aput).
func (o Lib) MemputBlocks(s Sync, dst SharedPtr, src unsafe.Pointer, elemSize uintptr, dstStride, srcStride int64, blockElems, blockCount uintptr) Handle {
	b, moves := o.blocks(dst, elemSize, dstStride, srcStride, blockElems, blockCount, "destination", "source")
	if !moves {
		return 0
	}
	o.checkPrivate(src, "source")
	ep := o.t.ep
	if b.vector() {
		rs, ls := b.section(b.remote), b.section(b.local)
		return o.putSection(s, dst, &rs, src, &ls)
	}
	for i := range int64(b.count) {
		ep.Put(int(dst.Thread), uintptr(int64(dst.Addr)+i*b.remote), unsafe.Add(src, i*b.local), b.run)
	}
	return 0
}

// MemgetBlocks copies blockCount blocks of blockElems elements from the
// shared memory of src's thread to private memory at dst, completing as s
// says (upc_memget_blocks and shmemx_<T>_aget).
func (o Lib) MemgetBlocks(s Sync, dst unsafe.Pointer, src SharedPtr, elemSize uintptr, dstStride, srcStride int64, blockElems, blockCount uintptr) Handle {
	b, moves := o.blocks(src, elemSize, srcStride, dstStride, blockElems, blockCount, "source", "destination")
	if !moves {
		return 0
	}
	o.checkPrivate(dst, "destination")
	ep := o.t.ep
	if b.vector() {
		ls, rs := b.section(b.local), b.section(b.remote)
		return o.getSection(s, dst, &ls, src, &rs)
	}
	for i := range int64(b.count) {
		ep.Get(unsafe.Add(dst, i*b.local), int(src.Thread), uintptr(int64(src.Addr)+i*b.remote), b.run)
	}
	return 0
}

// MemputBlocks is upc_memput_blocks: see Lib.MemputBlocks.
func (t *Thread) MemputBlocks(s Sync, dst SharedPtr, src unsafe.Pointer, elemSize uintptr, dstStride, srcStride int64, blockElems, blockCount uintptr) Handle {
	return t.Lib(visName("upc_memput_blocks", s)).MemputBlocks(s, dst, src, elemSize, dstStride, srcStride, blockElems, blockCount)
}

// MemgetBlocks is upc_memget_blocks: see Lib.MemgetBlocks.
func (t *Thread) MemgetBlocks(s Sync, dst unsafe.Pointer, src SharedPtr, elemSize uintptr, dstStride, srcStride int64, blockElems, blockCount uintptr) Handle {
	return t.Lib(visName("upc_memget_blocks", s)).MemgetBlocks(s, dst, src, elemSize, dstStride, srcStride, blockElems, blockCount)
}
