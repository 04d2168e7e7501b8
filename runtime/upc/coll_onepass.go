package upc

import "unsafe"

// One-pass collectives. When every thread's segment is addressable and the
// conduit's node barrier spans the job (the smp conduit, one process), a
// small collective is one phase of that barrier: every thread checks its
// arguments and arrives; the thread whose arrival completes the barrier
// (it knows every thread has entered) moves all of the data itself,
// reading and writing the other threads' segments, before the phase is
// released; every thread leaves when the data is in place. That satisfies
// every sync mode at once (IN_ALLSYNC: nothing is read before all have
// entered; OUT_ALLSYNC: nobody leaves before all is written; more
// synchronisation than NOSYNC or MYSYNC ask for is allowed), and costs
// one barrier, where barrier + message tree + barrier cost three passes.
// The work is one thread's, so only collectives whose data is small take
// this path (onePassBytes); larger ones keep the tree, whose work is
// spread over the threads. The barrier checks that every thread arrived
// for the same collective (a thread in upc_barrier or in another
// collective is a mismatch reported on every thread), and the thread that
// completes it compares every thread's arguments before it moves anything
// (collCall.onePass, Endpoint.CollBarrier).

// onePassBytes bounds the bytes one thread moves for a one-pass
// collective: about a microsecond of copying.
const onePassBytes = 16 << 10

// segBytes is n bytes at addr of thread th's segment (addressable).
func (t *Thread) segBytes(th int, addr, n uintptr) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(t.segs[th], addr)), n)
}

// broadcastOnePass copies the root's nbytes at src to every thread's block
// of dst.
func (t *Thread) broadcastOnePass(dst, src SharedPtr, nbytes uintptr) {
	data := t.segBytes(int(src.Thread), src.Addr, nbytes)
	for th := range t.Threads {
		copy(t.segBytes(th, blockOn(dst, th, nbytes).Addr, nbytes), data)
	}
}

// reduceOnePass folds every element of sp in index order with comb and
// stores the result at dst (leaving it unchanged when there is none).
func reduceOnePass[T Number](t *Thread, dst SharedPtr, sp elemSpan, comb func(a, b T) T) {
	if sp.n == 0 {
		return
	}
	at := func(i uint64) T { return *(*T)(unsafe.Add(t.segs[sp.threadOf(i)], sp.addrOf(i))) }
	acc := at(0)
	for i := uint64(1); i < sp.n; i++ {
		acc = comb(acc, at(i))
	}
	*(*T)(unsafe.Add(t.segs[dst.Thread], dst.Addr)) = acc
}
