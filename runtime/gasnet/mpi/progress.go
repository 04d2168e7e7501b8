//go:build mpi

package mpi

import (
	"fmt"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The engine's share of a job: everything here runs on the engine's
// thread (poll and what it calls), except busy.

// MPI tags on the active-message communicator: headers (with eager
// payloads) use tagAM; bulk payloads use tags from tagBulk up to the
// MPI_TAG_UB of the implementation, in turn (see wire.go).
const (
	tagAM   = 1
	tagBulk = 2
)

// poll makes one round of progress and returns how much work it found.
// One MPI_Testsome tests every request (one pass of MPI's progress
// engine per round: each pass costs microseconds, and a put that needs
// this process's help waits for the next), and the rest of a round with
// nothing to do reads only atomics, so rounds follow each other closely.
func (c *Conduit) poll() int {
	work := 0
	if c.queued.Load() != 0 {
		work += c.takeQueued()
	}
	if err := c.cj.testAll(&c.tested); err != nil {
		c.fail(err)
	}
	work += c.completeSlots()
	work += c.receive()
	if c.tested.barrier {
		c.barDone = true
	}
	work += c.pollBarrier()
	if c.abortPending.Swap(false) {
		c.noticeAbort()
		work++
	}
	work += c.tab.progress(nanotime())
	return work
}

// busy reports whether anything is in flight that needs polling soon.
func (c *Conduit) busy() bool {
	return c.engineBusy() || c.tab.busy()
}

// engineBusy reports whether the engine itself has something in flight
// (messages, replies to packed transfers, a barrier, operations only it
// may issue): it then polls often even while ranks are inside MPI calls.
func (c *Conduit) engineBusy() bool {
	return c.barBusy || len(c.slots) > len(c.freeSlots) || c.early > 0 || c.awaiting.Load() > 0 || c.bar.arrivedAny() || !c.multiple && c.tab.busy()
}

// takeQueued runs the handlers of messages between this process's ranks
// and sends what is queued for other processes.
func (c *Conduit) takeQueued() int {
	c.qmu.Lock()
	local, out := c.localQ, c.outQ
	c.localQ, c.outQ = nil, nil
	c.queued.Store(0)
	c.qmu.Unlock()
	for _, m := range local {
		c.job.Deliver(m)
	}
	c.send(out)
	return len(local) + len(out)
}

// slot returns a free request slot, growing the request array if needed.
func (c *Conduit) slot() (int, error) {
	if n := len(c.freeSlots); n > 0 {
		i := c.freeSlots[n-1]
		c.freeSlots = c.freeSlots[:n-1]
		return i, nil
	}
	n := len(c.slots)
	if err := c.cj.growSlots(2 * n); err != nil {
		return 0, err
	}
	c.slots = append(c.slots, make([]reqSlot, n)...)
	for i := 2*n - 1; i > n; i-- {
		c.freeSlots = append(c.freeSlots, i)
	}
	return n, nil
}

// send sends what Send and the control paths queued: the header
// (with the payload when it fits Config.Eager) from C memory, and a larger
// payload from its own pinned Go memory.
func (c *Conduit) send(q []outMsg) {
	for _, o := range q {
		var h header
		var payload []byte
		if o.kind == kindAM {
			h = headerOf(o.m, c.cfg.Eager)
			payload = o.m.Payload
			h.seq = c.sendSeq[o.proc]
			c.sendSeq[o.proc]++
			if h.flags&flagBulk != 0 {
				h.tag = tagBulk + c.bulkTag%uint32(c.eng.tagUB-tagBulk+1)
				c.bulkTag++
			}
			c.amSent++
		} else {
			h = header{kind: o.kind, src: uint32(c.l.first()), dst: uint32(o.proc * c.l.perProc), nargs: 1}
			h.args[0] = uint64(int64(o.status))
		}
		bulk := h.flags&flagBulk != 0
		n := headerSize
		if !bulk {
			n += len(payload)
		}
		buf := cmalloc(uintptr(n))
		b := unsafe.Slice((*byte)(buf), n)
		h.encode(b)
		if !bulk {
			copy(b[headerSize:], payload)
		}
		i, err := c.slot()
		if err == nil {
			c.slots[i].cbuf = buf
			err = c.cj.isend(i, buf, uintptr(n), o.proc, tagAM)
		}
		if err == nil && bulk {
			var j int
			if j, err = c.slot(); err == nil {
				c.slots[j].pin.Pin(&payload[0])
				err = c.cj.isend(j, unsafe.Pointer(&payload[0]), uintptr(len(payload)), o.proc, int(h.tag))
			}
		}
		if err != nil {
			c.fail(fmt.Errorf("sending to process %d: %v", o.proc, err))
		}
	}
}

// completeSlots frees the buffers of finished sends and delivers bulk
// payloads that have arrived.
func (c *Conduit) completeSlots() int {
	done := c.tested.slots
	for _, i := range done {
		s := &c.slots[i]
		if s.cbuf != nil {
			cfree(s.cbuf)
		}
		s.pin.Unpin()
		if a := s.recv; a != nil {
			a.ready = true
			c.drain(a.proc)
		}
		*s = reqSlot{}
		c.freeSlots = append(c.freeSlots, i)
	}
	return len(done)
}

// receive handles arrived headers: control messages at once, active
// messages in order per source (a bulk message holds back the ones
// behind it until its payload is in).
func (c *Conduit) receive() int {
	for _, r := range c.tested.recvs {
		var h header
		if err := h.decode(r.data); err != nil {
			c.fail(fmt.Errorf("message from process %d: %v", r.src, err))
		} else {
			c.arrive(&h, r.src, r.data[headerSize:])
		}
		if err := c.cj.repost(r.slot); err != nil {
			c.fail(err)
		}
	}
	return len(c.tested.recvs)
}

func (c *Conduit) arrive(h *header, proc int, eager []byte) {
	switch h.kind {
	case kindAbort:
		if c.job.AbortErr() == nil {
			c.remoteAbort.Store(true)
			c.job.Abort(&gasnet.ExitError{Status: int(int64(h.args[0]))})
		}
		return
	case kindReady:
		c.ready.Add(1)
		return
	}
	a := &arrival{proc: proc, ready: h.flags&flagBulk == 0}
	if a.ready {
		a.m = h.message(append([]byte(nil), eager...))
	} else {
		payload := make([]byte, h.length)
		a.m = h.message(payload)
		i, err := c.slot()
		if err == nil {
			c.slots[i].recv = a
			c.slots[i].pin.Pin(&payload[0])
			err = c.cj.irecv(i, unsafe.Pointer(&payload[0]), uintptr(len(payload)), proc, int(h.tag))
		}
		if err != nil {
			c.fail(fmt.Errorf("receiving from process %d: %v", proc, err))
			return
		}
	}
	q := c.inbound[proc]
	if q == nil {
		q = &inboundQ{held: map[uint32]*arrival{}}
		c.inbound[proc] = q
	}
	q.held[h.seq] = a
	c.early++
	c.drain(proc)
}

// drain delivers proc's arrivals that are next in order and ready.
func (c *Conduit) drain(proc int) {
	q := c.inbound[proc]
	for {
		a := q.held[q.next]
		if a == nil || !a.ready {
			return
		}
		delete(q.held, q.next)
		q.next++
		c.early--
		c.job.Deliver(a.m)
		c.amDelivered++
	}
}

// pollBarrier starts this process's contribution when it is due and
// completes the round when the reduction is done, with a memory barrier
// on each side (MPI_Win_sync: local stores made before the barrier are
// visible to other processes after it, and theirs to us).
func (c *Conduit) pollBarrier() int {
	if c.barBusy {
		if !c.barDone {
			return 0
		}
		c.barBusy, c.barDone = false, false
		c.fail(c.cj.sync())
		c.bar.complete(c.cj.barResult())
		return 1
	}
	if c.job.AbortErr() != nil {
		// An aborted process never contributes: its finished ranks
		// must not look like an exit consensus.
		return 0
	}
	contrib, ok := c.bar.contribute()
	if !ok {
		return 0
	}
	c.fail(c.cj.sync())
	if err := c.cj.barStart(contrib); err != nil {
		c.fail(err)
		return 0
	}
	c.barBusy = true
	return 1
}

// noticeAbort tells every other process that the job aborted.
func (c *Conduit) noticeAbort() {
	status := int(c.abortStatus.Load())
	c.qmu.Lock()
	for p := range c.l.procs {
		if p != c.l.me {
			c.outQ = append(c.outQ, outMsg{kind: kindAbort, proc: p, status: status})
		}
	}
	c.queued.Store(1)
	c.qmu.Unlock()
}

// The operation table's network.

func (c *Conduit) issue(o *op) bool {
	c.enterMPI()
	defer c.leaveMPI()
	p := o.tgt.proc
	switch o.kind {
	case opPut:
		c.fail(c.cj.put(p, o.addr, o.n, o.disp))
	case opGet:
		c.fail(c.cj.get(o.addr, p, o.disp, o.n))
	default:
		return c.issueVIS(o)
	}
	return true
}

func (c *Conduit) flush(p int) {
	c.enterMPI()
	c.fail(c.cj.flush(p))
	c.leaveMPI()
}

// packMax bounds a packed transfer; larger ones go as contiguous pieces.
const packMax = 1 << 30

// issueVIS issues a vector, indexed or strided transfer: with derived
// datatypes (one MPI call), packed into an active message, or — when MPI's
// int counts cannot describe it — as one contiguous transfer per piece.
func (c *Conduit) issueVIS(o *op) bool {
	total := o.remote.Total()
	typed := c.cfg.VIS == "datatype" && fitsDatatype(&o.remote, true) && fitsDatatype(&o.local, false) && total <= packMax
	switch {
	case typed:
		return c.issueTyped(o, total)
	case total <= packMax:
		c.issuePacked(o, total)
		return false
	}
	c.issuePieces(o)
	return true
}

func (c *Conduit) issueTyped(o *op, total uintptr) bool {
	p := o.tgt.proc
	tt, err := typeOf(&o.remote)
	if err != nil {
		c.fail(err)
		return true
	}
	defer tt.free() // MPI keeps a datatype alive while operations use it
	var ot datatype
	origin := o.local.Base()
	if _, ok := o.local.Section(); ok {
		if ot, err = typeOf(&o.local); err != nil {
			c.fail(err)
			return true
		}
		defer ot.free()
	} else {
		// Local lists are packed here rather than described to MPI: Go
		// memory must not be handed to MPI region by region.
		buf := cmalloc(total)
		origin = buf
		local := o.local
		if o.kind == opPutVIS {
			local.Gather(buf, nil)
			o.after = func() { cfree(buf) }
		} else {
			o.after = func() {
				local.Scatter(nil, buf)
				cfree(buf)
			}
		}
	}
	disp := o.disp + o.remote.Origin()
	if o.kind == opPutVIS {
		c.fail(c.cj.putTyped(p, origin, total, ot, disp, tt))
	} else {
		c.fail(c.cj.getTyped(origin, total, ot, p, disp, tt))
	}
	return true
}

// issuePacked sends the transfer as an active message to the target
// process's first rank: a put carries the remote side's wire form and the
// packed bytes, which the target unpacks; a get carries the side, and the
// reply carries the bytes, which are unpacked here. The message's second
// argument is the displacement the side's offsets are from.
func (c *Conduit) issuePacked(o *op, total uintptr) {
	ref, local := o.ref, o.local
	var payload []byte
	var id uint64
	h := hPackPut
	if o.kind == opPutVIS {
		payload = make([]byte, 0, o.remote.EncodedSize()+int(total))
		payload = o.remote.AppendEncoding(payload)
		n := len(payload)
		payload = payload[:n+int(total)]
		if total > 0 {
			local.Gather(unsafe.Pointer(&payload[n]), nil)
		}
		id = c.expect(func([]byte) { c.job.Complete(ref) })
	} else {
		h = hPackGet
		payload = o.remote.AppendEncoding(nil)
		id = c.expect(func(data []byte) {
			if len(data) > 0 {
				local.Scatter(nil, unsafe.Pointer(&data[0]))
			}
			c.job.Complete(ref)
		})
	}
	c.Send(&gasnet.Message{Src: o.from, Dst: o.tgt.proc * c.l.perProc, Handler: h, NArgs: 2, Args: [gasnet.MaxArgs]uint64{id, uint64(o.disp)}, Payload: payload})
}

// issuePieces moves the transfer as one contiguous put or get per piece
// where the two sides' runs overlap.
func (c *Conduit) issuePieces(o *op) {
	p := o.tgt.proc
	var la [64]unsafe.Pointer
	var ll [64]uintptr
	lit := o.local.Runs(nil)
	var ln, li int
	var lp unsafe.Pointer
	var loff, llen uintptr
	base := int64(o.disp + o.remote.Origin())
	o.remote.Offsets(func(roff int64, rlen uintptr) {
		roff += base
		for rlen > 0 {
			if loff == llen {
				if li == ln {
					if ln, li = lit.NextRuns(la[:], ll[:]), 0; ln == 0 {
						return
					}
				}
				lp, loff, llen = la[li], 0, ll[li]
				li++
				continue
			}
			n := min(llen-loff, rlen)
			if o.kind == opPutVIS {
				c.fail(c.cj.put(p, unsafe.Add(lp, loff), n, uintptr(roff)))
			} else {
				c.fail(c.cj.get(unsafe.Add(lp, loff), p, uintptr(roff), n))
			}
			loff += n
			roff += int64(n)
			rlen -= n
		}
	})
}

// issueHeld issues held small puts (m.agg): one at a time when there are
// fewer than AggMin, else as one transfer, their bytes (already packed
// back to back in m.agg.data) put with an indexed or strided datatype of
// their displacements, or carried by one active message.
func (c *Conduit) issueHeld(m *op) bool {
	c.enterMPI()
	defer c.leaveMPI()
	a := &m.agg
	p := m.tgt.proc
	if len(a.data) == 0 {
		return true // puts of no bytes: nothing to send, the flush completes them
	}
	remote := remoteRuns(a.offs, a.lens)
	dt := c.cfg.VIS == "datatype" && fitsDatatype(&remote, true)
	if a.count() < c.cfg.AggMin || dt || isRun(&remote) {
		// MPI reads the buffer until the flush; it is C memory
		// (bufMem), so nothing needs pinning.
		if a.count() >= c.cfg.AggMin && !isRun(&remote) {
			tt, err := typeOf(&remote)
			if err != nil {
				c.fail(err)
				return true
			}
			c.fail(c.cj.putTyped(p, unsafe.Pointer(&a.data[0]), uintptr(len(a.data)), datatype{}, remote.Origin(), tt))
			tt.free()
			return true
		}
		off := uintptr(0)
		for i, d := range a.offs {
			if a.lens[i] > 0 {
				c.fail(c.cj.put(p, unsafe.Pointer(&a.data[off]), a.lens[i], d))
			}
			off += a.lens[i]
		}
		return true
	}
	payload := make([]byte, 0, remote.EncodedSize()+len(a.data))
	payload = remote.AppendEncoding(payload)
	payload = append(payload, a.data...)
	refs := append([]refRun(nil), a.refs...)
	id := c.expect(func([]byte) {
		for _, r := range refs {
			c.job.CompleteN(r.ref, r.n)
		}
	})
	c.Send(&gasnet.Message{Src: m.from, Dst: p * c.l.perProc, Handler: hPackPut, NArgs: 2, Args: [gasnet.MaxArgs]uint64{id, 0}, Payload: payload})
	return false
}

// expect registers what to do when the reply with the returned id comes.
// Until it comes the engine polls as when messages are in flight: it is
// the engine that will find the reply.
func (c *Conduit) expect(f func(payload []byte)) uint64 {
	c.pmu.Lock()
	defer c.pmu.Unlock()
	c.nextID++
	c.pending[c.nextID] = f
	c.awaiting.Add(1)
	return c.nextID
}

func (c *Conduit) take(id uint64) func([]byte) {
	c.pmu.Lock()
	defer c.pmu.Unlock()
	f, ok := c.pending[id]
	if ok {
		delete(c.pending, id)
		c.awaiting.Add(-1)
	}
	return f
}

// Handlers of packed transfers. They run on the target process's engine
// and find the window through the job's conduit.
var (
	hPackPut  = gasnet.RegisterHandler("mpi-packed-put", packedPut)
	hPackGet  = gasnet.RegisterHandler("mpi-packed-get", packedGet)
	hPackDone = gasnet.RegisterHandler("mpi-packed-done", packedDone)
)

func conduitOf(tok gasnet.Token) *Conduit { return tok.Job().Conduit().(*Conduit) }

// packedSide decodes the remote side of a packed transfer: its offsets
// are from the displacement args[1] of this process's window, and its
// runs must lie inside the window.
func packedSide(c *Conduit, args []uint64, payload []byte) (gasnet.Side, []byte, unsafe.Pointer, error) {
	disp := uintptr(args[1])
	if disp > c.winSize {
		return gasnet.Side{}, nil, nil, fmt.Errorf("displacement %#x is outside the %d-byte window", disp, c.winSize)
	}
	s, rest, err := gasnet.DecodeSide(payload, c.winSize-disp)
	return s, rest, unsafe.Add(c.base, disp), err
}

func packedPut(tok gasnet.Token, args []uint64, payload []byte) {
	c := conduitOf(tok)
	s, data, seg, err := packedSide(c, args, payload)
	if err == nil && uintptr(len(data)) != s.Total() {
		err = fmt.Errorf("packed put of %d bytes for %d", len(data), s.Total())
	}
	if err != nil {
		tok.Job().Abort(fmt.Errorf("gasnet/mpi: packed put from thread %d: %v", tok.Src(), err))
		return
	}
	if len(data) > 0 {
		s.Scatter(seg, unsafe.Pointer(&data[0]))
	}
	tok.Reply(hPackDone, args[:1], nil)
}

func packedGet(tok gasnet.Token, args []uint64, payload []byte) {
	c := conduitOf(tok)
	s, _, seg, err := packedSide(c, args, payload)
	if err != nil {
		tok.Job().Abort(fmt.Errorf("gasnet/mpi: packed get from thread %d: %v", tok.Src(), err))
		return
	}
	data := make([]byte, s.Total())
	if len(data) > 0 {
		s.Gather(unsafe.Pointer(&data[0]), seg)
	}
	tok.Reply(hPackDone, args[:1], data)
}

func packedDone(tok gasnet.Token, args []uint64, payload []byte) {
	if f := conduitOf(tok).take(args[0]); f != nil {
		f(payload)
	}
}
