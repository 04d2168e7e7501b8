package gasnettest

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// vis: vector, indexed, strided and transposing puts to the peer, read
// back with the matching gets.
func vis(r *rank) {
	ep := r.ep
	src := pattern(11*ep.Rank(), 4096)
	// Vector: three regions into two.
	ep.PutV(r.peer, []gasnet.RemoteVec{{Off: 100, Len: 10}, {Off: 300, Len: 20}},
		[]gasnet.LocalVec{{Addr: ptr(src[0:]), Len: 5}, {Addr: ptr(src[50:]), Len: 15}, {Addr: ptr(src[200:]), Len: 10}})
	// Indexed: 16 blocks of 8 at scattered offsets.
	offs := make([]uintptr, 16)
	ptrs := make([]unsafe.Pointer, 16)
	for i := range offs {
		offs[i] = uintptr(1000 + 64*((i*5)%16))
		ptrs[i] = ptr(src[8*i:])
	}
	ep.PutI(r.peer, offs, 8, ptrs, 8)
	// Strided: a 3×4 block of 6-byte runs into a 2-d section.
	ep.PutS(r.peer, 3000, []uintptr{10, 50}, ptr(src[600:]), []uintptr{6, 24}, []uintptr{6, 4, 3})
	// Transposing: an 8×8 matrix of 4-byte elements, transposed.
	ep.PutT(r.peer, 5000, []int64{32, 4}, ptr(src[1000:]), []int64{4, 32}, []uintptr{8, 8}, 4)
	r.barrier()

	got := make([]byte, 30)
	ep.GetV([]gasnet.LocalVec{{Addr: ptr(got), Len: 12}, {Addr: ptr(got[12:]), Len: 18}}, r.peer,
		[]gasnet.RemoteVec{{Off: 100, Len: 10}, {Off: 300, Len: 20}})
	var want []byte
	for _, run := range [][2]int{{0, 5}, {50, 15}, {200, 10}} {
		want = append(want, src[run[0]:run[0]+run[1]]...)
	}
	r.same("vector put then get", got, want)

	blocks := make([]byte, 128)
	bptrs := make([]unsafe.Pointer, 16)
	for i := range bptrs {
		bptrs[i] = ptr(blocks[8*i:])
	}
	ep.GetI(bptrs, 8, r.peer, offs, 8)
	r.same("indexed put then get", blocks, src[:128])

	sec := make([]byte, 72)
	ep.GetS(ptr(sec), []uintptr{6, 24}, r.peer, 3000, []uintptr{10, 50}, []uintptr{6, 4, 3})
	r.same("strided put then get", sec, src[600:672])

	tr := make([]byte, 256)
	ep.GetS(ptr(tr), []uintptr{32}, r.peer, 5000, []uintptr{32}, []uintptr{32, 8})
	want = want[:0]
	for i := range 8 {
		for j := range 8 {
			want = append(want, src[1000+32*j+4*i:][:4]...)
		}
	}
	r.same("transposing put then strided get", tr, want)
	r.barrier()
}
