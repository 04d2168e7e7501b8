package gasnettest

import (
	"encoding/binary"
	"fmt"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// putGetEveryPair: every rank puts to every rank and gets from every rank.
func putGetEveryPair(r *rank) {
	ep := r.ep
	buf := make([]byte, 8)
	for dst := range ep.Size() {
		binary.LittleEndian.PutUint64(buf, uint64(ep.Rank()*100+dst))
		ep.Put(dst, uintptr(8*ep.Rank()), ptr(buf), 8)
	}
	r.barrier()
	from := (ep.Rank() + 1) % ep.Size()
	for src := range ep.Size() {
		ep.Get(ptr(buf), src, uintptr(8*from), 8)
		if got, want := binary.LittleEndian.Uint64(buf), uint64(from*100+src); got != want {
			r.errorf("rank %d's word from rank %d, read at rank %d: %d, want %d", from, src, src, got, want)
		}
	}
	r.barrier()
}

// transferSizes puts and gets every size of the suite to the peer: those
// up to 64 KiB + 1 all at once with handles, side by side; the larger
// ones blocking, one at a time.
func (s *suite) transferSizes(r *rank) {
	ep := r.ep
	// The i-th size at offs[i], up to offs[i+1].
	offs := []int{0}
	for _, n := range s.sizes {
		if n > 1<<16+1 {
			break
		}
		offs = append(offs, offs[len(offs)-1]+n)
	}
	small := s.sizes[:len(offs)-1]
	hs := make([]gasnet.Handle, len(small))
	for i, n := range small {
		hs[i] = ep.PutNB(r.peer, uintptr(offs[i]), ptr(pattern(ep.Rank()*17+i, n)), uintptr(n))
	}
	ep.WaitAll(hs)
	back := make([]byte, offs[len(small)])
	for i, n := range small {
		hs[i] = ep.GetNB(ptr(back[offs[i]:]), r.peer, uintptr(offs[i]), uintptr(n))
	}
	ep.WaitAll(hs)
	for i, n := range small {
		r.same(fmt.Sprintf("non-blocking put then get of %d bytes", n), back[offs[i]:offs[i+1]], pattern(ep.Rank()*17+i, n))
	}
	back = make([]byte, maxSize)
	for i, n := range s.sizes[len(small):] {
		src := pattern(ep.Rank()*31+i, n)
		ep.Put(r.peer, 0, ptr(src), uintptr(n))
		ep.Get(ptr(back), r.peer, 0, uintptr(n))
		r.same(fmt.Sprintf("blocking put then get of %d bytes", n), back[:n], src)
	}
	r.barrier()
}

// nonBlocking: explicit handles of put, get and memset, completed by
// Wait, Try, WaitSome and WaitAll; a put of no bytes; a large put and get.
func nonBlocking(r *rank) {
	ep := r.ep
	src := pattern(ep.Rank(), 4096)
	ep.Wait(ep.PutNB(r.peer, 0, ptr(src), 4096))
	ep.Wait(ep.MemsetNB(r.peer, 8192, 0xAB, 100))
	ep.Wait(ep.PutNB(r.peer, 0, ptr(src), 0)) // no bytes: nothing to send
	big := pattern(ep.Rank()+7, maxPattern)
	h := ep.PutNB(r.peer, 16384, ptr(big), uintptr(len(big)))
	for !ep.Try(h) {
	}
	r.barrier()

	// Read back what this rank wrote at its peer.
	got, set := make([]byte, 4096), make([]byte, 100)
	hs := []gasnet.Handle{ep.GetNB(ptr(got), r.peer, 0, 4096), 0, ep.GetNB(ptr(set), r.peer, 8192, 100)}
	ep.WaitSome(hs)
	ep.WaitAll(hs)
	for i, h := range hs {
		if h != 0 {
			r.errorf("handle %d is %#x after WaitAll, want 0", i, h)
		}
	}
	r.same("non-blocking put then get", got, src)
	r.same("memset", set, bytes100(0xAB))
	back := make([]byte, len(big))
	ep.Wait(ep.GetNB(ptr(back), r.peer, 16384, uintptr(len(back))))
	r.same("large non-blocking put then get", back, big)
	// And what the previous rank wrote here, read locally.
	ep.Wait(ep.GetNB(ptr(got), ep.Rank(), 0, 4096))
	r.same(fmt.Sprintf("rank %d's put, read at its target", r.prev), got, pattern(r.prev, 4096))
	r.barrier()
}

func bytes100(c byte) []byte {
	b := make([]byte, 100)
	for i := range b {
		b[i] = c
	}
	return b
}

// implicit: puts and gets without handles, completed by WaitNBI, TryNBI
// and an access region; misuse of regions panics.
func implicit(r *rank) {
	ep := r.ep
	const n = 1000
	vals := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(vals[8*i:], uint64(i*7+ep.Rank()))
		ep.PutNBI(r.peer, uintptr(8*i), ptr(vals[8*i:]), 8)
	}
	ep.WaitNBI()
	if !ep.TryNBI() {
		r.errorf("TryNBI after WaitNBI: false")
	}
	if err := ep.Barrier(1, false); err != nil {
		r.errorf("barrier 1: %v", err)
	}

	// Read back what this rank wrote at its peer, in a region.
	got := make([]byte, 8*n)
	ep.BeginRegion()
	for i := range n {
		ep.GetNBI(ptr(got[8*i:]), r.peer, uintptr(8*i), 8)
	}
	r.panics("WaitNBI inside an access region", "region", func() { ep.WaitNBI() })
	r.panics("a nested access region", "region", func() { ep.BeginRegion() })
	ep.Wait(ep.EndRegion())
	r.panics("EndRegion without BeginRegion", "region", func() { ep.EndRegion() })
	r.same("implicit puts read back in a region", got, vals)
	// And what the previous rank wrote here, read locally.
	for i := range n {
		ep.GetNBI(ptr(got[8*i:]), ep.Rank(), uintptr(8*i), 8)
	}
	ep.WaitNBI()
	for i := range n {
		if v, want := binary.LittleEndian.Uint64(got[8*i:]), uint64(i*7+r.prev); v != want {
			r.errorf("element %d of rank %d's implicit puts: %d, want %d", i, r.prev, v, want)
			break
		}
	}
	r.barrier()
}

// segmentBounds: an access outside a segment, or to a rank outside the
// job, panics on the rank that made it and moves nothing.
func segmentBounds(r *rank) {
	ep := r.ep
	buf := make([]byte, 16)
	end := ep.SegmentSize()
	r.panics("put past the end", "outside", func() { ep.Put(r.peer, end-8, ptr(buf), 16) })
	r.panics("get past the end", "outside", func() { ep.Get(ptr(buf), ep.Rank(), end, 1) })
	r.panics("non-blocking get past the end", "outside", func() { ep.GetNB(ptr(buf), r.peer, end-4, 8) })
	r.panics("atomic past the end", "outside", func() { ep.Atomic(r.peer, end, gasnet.AtomicAdd, gasnet.Int64, 1, 0) })
	r.panics("get from a rank past the last", "out of range", func() { ep.Get(ptr(buf), ep.Size(), 0, 8) })
	r.panics("put to rank -1", "out of range", func() { ep.PutNBI(-1, 0, ptr(buf), 8) })
	// Up to the last byte is inside.
	ep.Put(r.peer, end-16, ptr(buf), 16)
	r.barrier()
}
