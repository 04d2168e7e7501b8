package gasnet

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

// Endpoint is one rank's handle on the job: the extended API.
type Endpoint struct {
	job  *Job
	rank int
	size int
	// segs[r] is rank r's segment base if this rank can address it, else
	// nil. Ranks that see the same addressability share one slice.
	segs    []unsafe.Pointer
	segSize uintptr

	ops        opTable
	nbiPending atomic.Int64
	nbiKeep    []unsafe.Pointer
	region     int64 // slot of the open access region, or -1
	waiter     Waiter
	flusher    FlushConduit // the conduit, if it may hold operations back
	jobBarrier *NodeBarrier // the conduit's node barrier, if it spans the job

	notes atomic.Pointer[notifyBoard] // notification slots and queues (notify.go), made on first use

	// blocked is what the rank waits for while it blocks in the runtime;
	// finished is set once it has returned (deadlock.go).
	blocked  atomic.Pointer[rankWait]
	finished atomic.Bool

	Stats Stats
	prof  *Profile // nil unless the job counts accesses (UPC_STATS)
}

func newEndpoint(j *Job, rank int) *Endpoint {
	ep := &Endpoint{job: j, rank: rank, size: j.conduit.Size(), segSize: j.segSize, region: -1}
	ep.flusher, _ = j.conduit.(FlushConduit)
	if nc, ok := j.conduit.(nodeBarrierConduit); ok && len(j.endpoints) == ep.size {
		ep.jobBarrier = nc.NodeBarrier()
	}
	ep.waiter.Init()
	ep.segs = segmentTable(j, rank)
	ep.prof = newProfile(ep, j.profile)
	return ep
}

// SegmentTableConduit is a conduit that hands out its addressability
// tables itself: SegmentTable(from)[to] is Segment(from, to), and ranks
// that see the same segments get the same slice, which nobody modifies.
// One table per process, not one per rank, keeps memory and start-up
// linear in the ranks of a process.
type SegmentTableConduit interface {
	SegmentTable(from int) []unsafe.Pointer
}

// segmentTable is local rank's addressability table: the conduit's, or one
// built from Segment and shared with the previous local rank when they
// agree.
func segmentTable(j *Job, rank int) []unsafe.Pointer {
	if tc, ok := j.conduit.(SegmentTableConduit); ok {
		return tc.SegmentTable(rank)
	}
	segs := make([]unsafe.Pointer, j.conduit.Size())
	for r := range segs {
		segs[r] = j.conduit.Segment(rank, r)
	}
	if i := rank - j.first; i > 0 {
		if prev := j.endpoints[i-1]; sameSegs(prev.segs, segs) {
			return prev.segs
		}
	}
	return segs
}

func sameSegs(a, b []unsafe.Pointer) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// Rank is this endpoint's rank; Size the number of ranks.
func (ep *Endpoint) Rank() int { return ep.rank }
func (ep *Endpoint) Size() int { return ep.size }

// Job returns the job the endpoint belongs to.
func (ep *Endpoint) Job() *Job { return ep.job }

// Segment is the PSHM query: the base of rank r's segment if this rank may
// load and store it directly, else nil.
func (ep *Endpoint) Segment(r int) unsafe.Pointer { return ep.segs[r] }

// SegmentSize is the size of every rank's segment.
func (ep *Endpoint) SegmentSize() uintptr { return ep.segSize }

// Segments exposes the whole addressability table (read-only) for layers
// that inline the direct path.
func (ep *Endpoint) Segments() []unsafe.Pointer { return ep.segs }

func (ep *Endpoint) check(r int, off, n uintptr) {
	if uint(r) >= uint(ep.size) {
		panic(fmt.Sprintf("gasnet: rank %d out of range [0,%d)", r, ep.size))
	}
	if off > ep.segSize || n > ep.segSize-off {
		panic(fmt.Sprintf("gasnet: access of %d bytes at offset %#x is outside rank %d's segment of %d bytes", n, off, r, ep.segSize))
	}
}

func bytesAt(p unsafe.Pointer, n uintptr) []byte { return unsafe.Slice((*byte)(p), n) }

// Put copies n bytes from src to offset off of rank dst's segment and
// returns when src may be reused and the data is visible at the target.
func (ep *Endpoint) Put(dst int, off uintptr, src unsafe.Pointer, n uintptr) {
	ep.check(dst, off, n)
	ep.count(AccessPut, dst, n)
	if base := ep.segs[dst]; base != nil {
		copy(bytesAt(unsafe.Add(base, off), n), bytesAt(src, n))
		return
	}
	ep.Wait(ep.putRemote(dst, off, src, n, false))
}

// Get copies n bytes from offset off of rank src's segment to dst.
func (ep *Endpoint) Get(dst unsafe.Pointer, src int, off uintptr, n uintptr) {
	ep.check(src, off, n)
	ep.count(AccessGet, src, n)
	if base := ep.segs[src]; base != nil {
		copy(bytesAt(dst, n), bytesAt(unsafe.Add(base, off), n))
		return
	}
	ep.Wait(ep.getRemote(dst, src, off, n, false))
}

// Memset sets n bytes at offset off of rank dst's segment to c.
func (ep *Endpoint) Memset(dst int, off uintptr, c byte, n uintptr) {
	ep.check(dst, off, n)
	ep.count(AccessPut, dst, n)
	if base := ep.segs[dst]; base != nil {
		b := bytesAt(unsafe.Add(base, off), n)
		for i := range b {
			b[i] = c
		}
		return
	}
	ep.Wait(ep.memsetRemote(dst, off, c, n, false))
}

// PutNB starts a put and returns its handle (zero if already complete).
// src may not change until the handle is synchronised.
func (ep *Endpoint) PutNB(dst int, off uintptr, src unsafe.Pointer, n uintptr) Handle {
	ep.check(dst, off, n)
	ep.count(AccessPut, dst, n)
	if base := ep.segs[dst]; base != nil {
		copy(bytesAt(unsafe.Add(base, off), n), bytesAt(src, n))
		return 0
	}
	return ep.putRemote(dst, off, src, n, false)
}

// GetNB starts a get and returns its handle.
func (ep *Endpoint) GetNB(dst unsafe.Pointer, src int, off uintptr, n uintptr) Handle {
	ep.check(src, off, n)
	ep.count(AccessGet, src, n)
	if base := ep.segs[src]; base != nil {
		copy(bytesAt(dst, n), bytesAt(unsafe.Add(base, off), n))
		return 0
	}
	return ep.getRemote(dst, src, off, n, false)
}

// MemsetNB starts a memset and returns its handle.
func (ep *Endpoint) MemsetNB(dst int, off uintptr, c byte, n uintptr) Handle {
	if ep.segs[dst] != nil || n == 0 {
		ep.Memset(dst, off, c, n)
		return 0
	}
	ep.check(dst, off, n)
	ep.count(AccessPut, dst, n)
	return ep.memsetRemote(dst, off, c, n, false)
}

// PutNBI starts a put in the implicit set (or the open access region).
func (ep *Endpoint) PutNBI(dst int, off uintptr, src unsafe.Pointer, n uintptr) {
	ep.check(dst, off, n)
	ep.count(AccessPut, dst, n)
	if base := ep.segs[dst]; base != nil {
		copy(bytesAt(unsafe.Add(base, off), n), bytesAt(src, n))
		return
	}
	ep.putRemote(dst, off, src, n, true)
}

// GetNBI starts a get in the implicit set (or the open access region).
func (ep *Endpoint) GetNBI(dst unsafe.Pointer, src int, off uintptr, n uintptr) {
	ep.check(src, off, n)
	ep.count(AccessGet, src, n)
	if base := ep.segs[src]; base != nil {
		copy(bytesAt(dst, n), bytesAt(unsafe.Add(base, off), n))
		return
	}
	ep.getRemote(dst, src, off, n, true)
}

// MemsetNBI starts a memset in the implicit set (or the open access region).
func (ep *Endpoint) MemsetNBI(dst int, off uintptr, c byte, n uintptr) {
	if ep.segs[dst] != nil || n == 0 {
		ep.Memset(dst, off, c, n)
		return
	}
	ep.check(dst, off, n)
	ep.count(AccessPut, dst, n)
	ep.memsetRemote(dst, off, c, n, true)
}

// Track makes an operation started by a higher layer (for example a
// vector transfer split into pieces) part of one handle: it returns a
// handle and an OpRef expecting pieces completions through Job.Complete.
// With implicit set, the pieces join the implicit set or open region.
func (ep *Endpoint) Track(pieces int, implicit bool) (Handle, OpRef) {
	return ep.startOp(int32(pieces), implicit)
}

// startOp reserves completion for an operation of n pieces: a new slot, or
// the implicit set (or the open access region's slot) when implicit.
func (ep *Endpoint) startOp(n int32, implicit bool) (Handle, OpRef) {
	if implicit {
		if ep.region >= 0 {
			s := ep.ops.at(uint32(ep.region))
			s.pending.Add(n)
			return 0, slotRef(ep.rank, uint32(ep.region))
		}
		ep.nbiPending.Add(int64(n))
		return 0, nbiOf(ep.rank)
	}
	i, s := ep.ops.alloc(n)
	return makeHandle(i, ep.rank, s.gen), slotRef(ep.rank, i)
}

// keepAlive records a buffer the network will write or read later, so the
// garbage collector keeps it until the operation is synchronised.
func (ep *Endpoint) keepAlive(ref OpRef, p unsafe.Pointer) {
	if slot, ok := ref.slot(); ok {
		s := ep.ops.at(slot)
		s.keep = append(s.keep, p)
		return
	}
	ep.nbiKeep = append(ep.nbiKeep, p)
}

func (ep *Endpoint) putRemote(dst int, off uintptr, src unsafe.Pointer, n uintptr, implicit bool) Handle {
	h, ref := ep.startOp(1, implicit)
	if rc, ok := ep.job.conduit.(RMAConduit); ok {
		ep.keepAlive(ref, src)
		rc.Put(ep.rank, dst, off, src, n, ref)
		return h
	}
	ep.Stats.AMs++
	// The payload is copied into the message, so src is free at once.
	ep.job.send(ep.rank, dst, hPut, []uint64{uint64(off), uint64(ref)}, bytesAt(src, n))
	return h
}

func (ep *Endpoint) getRemote(dst unsafe.Pointer, src int, off uintptr, n uintptr, implicit bool) Handle {
	h, ref := ep.startOp(1, implicit)
	ep.keepAlive(ref, dst)
	if rc, ok := ep.job.conduit.(RMAConduit); ok {
		rc.Get(ep.rank, dst, src, off, n, ref)
		return h
	}
	ep.Stats.AMs++
	ep.job.send(ep.rank, src, hGet, []uint64{uint64(off), uint64(n), uint64(ref), park(dst)}, nil)
	return h
}

func (ep *Endpoint) memsetRemote(dst int, off uintptr, c byte, n uintptr, implicit bool) Handle {
	h, ref := ep.startOp(1, implicit)
	ep.Stats.AMs++
	ep.job.send(ep.rank, dst, hMemset, []uint64{uint64(off), uint64(n), uint64(c), uint64(ref)}, nil)
	return h
}

// flush asks a conduit that holds operations back to issue this rank's
// (and, if wait, to start completing them) before the rank tests or waits.
func (ep *Endpoint) flush(wait bool) {
	if ep.flusher != nil {
		ep.flusher.Flush(ep.rank, wait)
	}
}

// lookup validates h as a live handle of this rank.
func (ep *Endpoint) lookup(h Handle, op string) (uint32, *opSlot) {
	if h.rank() != ep.rank {
		panic(fmt.Sprintf("%s: handle %#x belongs to thread %d, not to the calling thread %d", op, uint64(h), h.rank(), ep.rank))
	}
	i := h.slot()
	if i >= ep.ops.n {
		panic(fmt.Sprintf("%s: invalid handle %#x", op, uint64(h)))
	}
	s := ep.ops.at(i)
	if !s.busy || s.gen&(1<<genBits-1) != h.gen() {
		panic(fmt.Sprintf("%s: handle %#x was already synchronised", op, uint64(h)))
	}
	if s.isCall {
		panic(fmt.Sprintf("%s: invalid handle %#x", op, uint64(h)))
	}
	return i, s
}

// Wait blocks until the operation of h is complete; h is dead afterwards.
func (ep *Endpoint) Wait(h Handle) {
	if h == 0 {
		return
	}
	i, s := ep.lookup(h, "wait")
	if s.pending.Load() != 0 {
		ep.flush(true)
	}
	if s.pending.Load() != 0 {
		ep.Stats.Waits++
		ep.waiter.Wait(ep, whyTransfer, func() bool { return s.pending.Load() == 0 })
	}
	ep.ops.release(i, s)
}

// Whys of the endpoint's waits.
const (
	whyTransfer = WhyText("the completion of a non-blocking transfer")
	whyImplicit = WhyText("the completion of the implicit-handle transfers")
)

// whyReply is a Call waiting for its answer.
type whyReply struct {
	dst int
	h   HandlerID
}

func (w whyReply) String() string {
	return fmt.Sprintf("a reply from thread %d (%s)", w.dst, handlerName(w.h))
}

// Try reports whether h's operation is complete; if so h is dead.
func (ep *Endpoint) Try(h Handle) bool {
	if h == 0 {
		return true
	}
	i, s := ep.lookup(h, "try")
	if s.pending.Load() != 0 {
		ep.flush(false)
	}
	if s.pending.Load() != 0 {
		ep.job.checkAbort()
		return false
	}
	ep.ops.release(i, s)
	return true
}

// WaitAll waits for every handle in hs and sets each to zero.
func (ep *Endpoint) WaitAll(hs []Handle) {
	for i, h := range hs {
		ep.Wait(h)
		hs[i] = 0
	}
}

// TryAll zeroes the complete handles of hs and reports whether all are.
func (ep *Endpoint) TryAll(hs []Handle) bool {
	all := true
	for i, h := range hs {
		if ep.Try(h) {
			hs[i] = 0
		} else {
			all = false
		}
	}
	return all
}

// TrySome zeroes the complete handles of hs and reports whether at least
// one live handle completed (true also when none was live).
func (ep *Endpoint) TrySome(hs []Handle) bool {
	live, done := false, false
	for i, h := range hs {
		if h == 0 {
			continue
		}
		live = true
		if ep.Try(h) {
			hs[i] = 0
			done = true
		}
	}
	return done || !live
}

// WaitSome blocks until at least one live handle of hs completes, zeroing
// every handle found complete.
func (ep *Endpoint) WaitSome(hs []Handle) {
	if ep.TrySome(hs) {
		return
	}
	ep.flush(true)
	ep.Stats.Waits++
	ep.waiter.Wait(ep, whyTransfer, func() bool {
		for _, h := range hs {
			if h != 0 {
				if _, s := ep.lookup(h, "wait_some"); s.pending.Load() == 0 {
					return true
				}
			}
		}
		return false
	})
	ep.TrySome(hs)
}

// WaitNBI waits for the implicit set (not the open region's operations).
func (ep *Endpoint) WaitNBI() {
	if ep.region >= 0 {
		panic("wait_syncnbi: implicit-handle synchronisation inside an access region")
	}
	if ep.nbiPending.Load() != 0 {
		ep.flush(true)
	}
	if ep.nbiPending.Load() != 0 {
		ep.Stats.Waits++
		ep.waiter.Wait(ep, whyImplicit, func() bool { return ep.nbiPending.Load() == 0 })
	}
	clear(ep.nbiKeep)
	ep.nbiKeep = ep.nbiKeep[:0]
}

// TryNBI reports whether the implicit set is complete.
func (ep *Endpoint) TryNBI() bool {
	if ep.region >= 0 {
		panic("try_syncnbi: implicit-handle synchronisation inside an access region")
	}
	if ep.nbiPending.Load() != 0 {
		ep.flush(false)
	}
	if ep.nbiPending.Load() != 0 {
		ep.job.checkAbort()
		return false
	}
	clear(ep.nbiKeep)
	ep.nbiKeep = ep.nbiKeep[:0]
	return true
}

// BeginRegion opens an access region: implicit operations started until
// EndRegion belong to the handle EndRegion returns.
func (ep *Endpoint) BeginRegion() {
	if ep.region >= 0 {
		panic("begin_accessregion: access regions may not be nested")
	}
	// One extra piece keeps the slot open until EndRegion.
	i, _ := ep.ops.alloc(1)
	ep.region = int64(i)
}

// EndRegion closes the access region and returns its handle.
func (ep *Endpoint) EndRegion() Handle {
	if ep.region < 0 {
		panic("end_accessregion: no access region is open")
	}
	i := uint32(ep.region)
	ep.region = -1
	s := ep.ops.at(i)
	h := makeHandle(i, ep.rank, s.gen)
	s.pending.Add(-1)
	return h
}

// InRegion reports whether an access region is open.
func (ep *Endpoint) InRegion() bool { return ep.region >= 0 }

// Call sends a request to handler h at rank dst and blocks until that
// handler (or code it hands the CallRef to) answers with Job.Return.
func (ep *Endpoint) Call(dst int, h HandlerID, args []uint64, payload []byte) ([]uint64, []byte) {
	return ep.CallWaiting(whyReply{dst, h}, dst, h, args, payload)
}

// CallWaiting is Call for a request whose answer may be long in coming
// (a lock handed over when its holder releases it): why says what the
// rank waits for, for the deadlock report.
func (ep *Endpoint) CallWaiting(why Why, dst int, h HandlerID, args []uint64, payload []byte) ([]uint64, []byte) {
	i, s := ep.ops.alloc(1)
	s.isCall = true
	ep.Stats.AMs++
	a := make([]uint64, 0, MaxArgs)
	a = append(a, uint64(slotRef(ep.rank, i)))
	a = append(a, args...)
	ep.job.send(ep.rank, dst, h, a, payload)
	if s.pending.Load() != 0 {
		ep.waiter.Wait(ep, why, func() bool { return s.pending.Load() == 0 })
	}
	r := s.result
	ep.ops.release(i, s)
	return r.args[:r.nargs], r.payload
}

// Send sends a one-way request to handler h at rank dst.
func (ep *Endpoint) Send(dst int, h HandlerID, args []uint64, payload []byte) {
	ep.Stats.AMs++
	ep.job.send(ep.rank, dst, h, args, payload)
}

// CallRef names a Call waiting for its answer.
type CallRef OpRef

// CallArgs splits a call handler's arguments into the CallRef and the
// caller's own arguments.
func CallArgs(args []uint64) (CallRef, []uint64) { return CallRef(args[0]), args[1:] }

// Return answers the call ref from rank from (the handler's rank); it may
// be called later than the handler, from any goroutine of the process, which
// is how a lock is handed to a waiter when its holder releases it.
func (j *Job) Return(from int, ref CallRef, args []uint64, payload []byte) {
	a := make([]uint64, 0, MaxArgs)
	a = append(a, uint64(ref))
	a = append(a, args...)
	j.send(from, OpRef(ref).rank(), hReturn|replyBit, a, payload)
}

// Barrier is notify followed by wait.
func (ep *Endpoint) Barrier(id int32, anonymous bool) error {
	ep.BarrierNotify(id, anonymous)
	return ep.BarrierWait()
}

// BarrierNotify is the first half of a split-phase barrier.
func (ep *Endpoint) BarrierNotify(id int32, anonymous bool) {
	ep.Stats.Barriers++
	ep.job.conduit.BarrierNotify(ep.rank, id, anonymous)
}

// BarrierWait completes the barrier; it reports an id mismatch (on every
// rank of the barrier) as an error.
func (ep *Endpoint) BarrierWait() error { return ep.job.conduit.BarrierWait(ep.rank) }

// BarrierTry completes the barrier if every rank has notified.
func (ep *Endpoint) BarrierTry() (bool, error) { return ep.job.conduit.BarrierTry(ep.rank) }

// nodeBarrierConduit is a conduit whose barrier is a NodeBarrier.
type nodeBarrierConduit interface{ NodeBarrier() *NodeBarrier }

// JobBarrier is the conduit's NodeBarrier when it spans every rank of the
// job (the smp conduit), else nil. Collectives use it to synchronise and
// move their data in one phase (NodeBarrier.Notify's hook).
func (ep *Endpoint) JobBarrier() *NodeBarrier { return ep.jobBarrier }

// LockWaiter is the rank's waiter, for layers above that block on
// conditions other ranks make true (a lock handed over); whoever makes the
// condition true calls Wake on it.
func (ep *Endpoint) LockWaiter() *Waiter { return &ep.waiter }
