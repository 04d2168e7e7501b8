package gasnet

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Notified transfers (gaspi-read-notify.txt; GASPI's write_notify,
// read_notify, notify, notify_waitsome and notify_reset). Every rank owns
// NotifyNum notification slots. A notified put writes the data, then adds
// its value to a slot of the target; a notified get reads the data into
// the caller's memory, then adds 1 to a slot of the caller; a notification
// alone adds to a slot after the caller's earlier notified puts. Whoever
// waits on a slot (NotifyWaitSome) and sees it non-zero also sees the data
// that came with it: the data is written before the slot's atomic add
// (release), the waiter loads the slot atomically (acquire).
//
// Slots add rather than overwrite, so no notification is lost when
// several arrive at one slot between two resets, and NotifyReset is an
// atomic swap (a read followed by a compare-and-swap would drop an
// arrival that lands in between). A rank that uses each slot once per
// reset, as GASPI programs do, sees exactly GASPI's values. A slot
// saturates at the largest uint32 rather than wrapping to "no
// notification" (see post for the one race that can still wrap it).
//
// Paths: a target whose segment is addressable (Endpoint.Segment) gets a
// copy and an atomic add, done when the call returns. Any other target is
// reached by active messages on every conduit, since only messages let the
// target set the slot after the data: a put of up to notifyChunk bytes is
// one message carrying data and notification; a larger one goes as chunks
// whose acknowledgements, once all are in, send the notification (remote
// completion before notification, without relying on messages between a
// pair of ranks arriving in order); a get sends requests whose replies
// carry the data, and the last reply to land sets the caller's slot.
//
// Queues bound how many notified transfers on the message path a rank has
// in flight (GASPI's queue_size_max): a transfer takes a place in its queue
// until its acknowledgement (put, notification) or its data (get) comes
// back, and a caller that finds its queue full waits for a place instead
// of failing. Transfers on the direct path complete at once and take no
// place.
//
// Every notification function may be called by several goroutines of one
// rank at once (GASPI's multithreaded waitsome): slots, queues and the
// in-flight counts are atomics, the waiter lists are locked.

// NotifyNum is the number of notification slots of every rank.
const NotifyNum = 1 << 16

// NotifyQueues is the number of queues of notified transfers of every rank.
const NotifyQueues = 16

// DefaultNotifyQueueDepth is a queue's depth until SetDepth changes it:
// the notified transfers on the message path one queue may have in flight.
const DefaultNotifyQueueDepth = 1024

// notifyChunk bounds the data one message of a notified transfer carries
// (the VIS path's medium-message size): a put up to this size travels with
// its notification in one message.
const notifyChunk = visChunk

var (
	hNotifyPut      = RegisterHandler("notify-put", amNotifyPut)
	hNotifyData     = RegisterHandler("notify-data", amNotifyData)
	hNotifyDataAck  = RegisterHandler("notify-data-ack", amNotifyDataAck)
	hNotifyPost     = RegisterHandler("notify-post", amNotifyPost)
	hNotifyAck      = RegisterHandler("notify-ack", amNotifyAck)
	hNotifyGet      = RegisterHandler("notify-get", amNotifyGet)
	hNotifyGetReply = RegisterHandler("notify-get-reply", amNotifyGetReply)
)

// notifyBoard is one rank's notification state, allocated when first
// used (by the rank or by a writer on the direct path).
type notifyBoard struct {
	slots [NotifyNum]atomic.Uint32
	// arrivals is bumped after every slot update: waiters spinning on a
	// wide range watch it instead of rescanning the range. It and the
	// waiter list have cache lines of their own, so a waiter spinning on
	// its slot and a notifier checking for sleepers do not share one.
	_        [cacheLine]byte
	arrivals atomic.Uint64
	_        [cacheLine - 8]byte
	waiters  wakeList
	_        [cacheLine]byte
	queues   [NotifyQueues]NotifyQueue
	// puts counts this rank's notified puts on the message path whose
	// data the target has not yet acknowledged; Notify waits for zero.
	puts     atomic.Int64
	putsDone atomic.Uint64
	putWait  wakeList
}

// notifyBoard returns the rank's board, creating it on first use.
func (ep *Endpoint) notifyBoard() *notifyBoard {
	if b := ep.notes.Load(); b != nil {
		return b
	}
	b := new(notifyBoard)
	for i := range b.queues {
		q := &b.queues[i]
		q.ep, q.board, q.index = ep, b, i
		q.depth.Store(DefaultNotifyQueueDepth)
	}
	if ep.notes.CompareAndSwap(nil, b) {
		return b
	}
	return ep.notes.Load()
}

// localBoard is rank r's board if r is a rank of this process.
func (ep *Endpoint) localBoard(r int) *notifyBoard {
	j := ep.job
	if i := r - j.first; i >= 0 && i < len(j.endpoints) {
		return j.endpoints[i].notifyBoard()
	}
	return nil
}

// post adds v to slot id, then wakes the slot's waiters. One atomic add
// (not a load and a compare-and-swap: the slot's cache line is what moves
// between notifier and waiter, and each extra access moves it again); a
// sum that wraps is clamped to the largest value, unless a reset or
// another add got in between.
func (b *notifyBoard) post(id, v uint32) {
	s := &b.slots[id]
	if sum := s.Add(v); sum < v {
		s.CompareAndSwap(sum, math.MaxUint32)
	}
	b.arrivals.Add(1)
	b.waiters.wake(id)
}

func (b *notifyBoard) scan(first, end uint32) (uint32, bool) {
	for i := first; i < end; i++ {
		if b.slots[i].Load() != 0 {
			return i, true
		}
	}
	return 0, false
}

func (b *notifyBoard) putDone() {
	b.puts.Add(-1)
	b.putsDone.Add(1)
	b.putWait.wake(0)
}

// NotifyQueue is one of a rank's queues of notified transfers.
type NotifyQueue struct {
	ep       *Endpoint
	board    *notifyBoard
	index    int
	depth    atomic.Int32
	inflight atomic.Int32
	// completions is bumped after every completion, for spinning waiters.
	completions atomic.Uint64
	waiters     wakeList
}

// NotifyQueue returns queue q (0 ≤ q < NotifyQueues) of this rank. The
// Endpoint methods PutNotify, GetNotify and Notify use queue 0.
func (ep *Endpoint) NotifyQueue(q int) *NotifyQueue {
	if uint(q) >= NotifyQueues {
		panic(fmt.Sprintf("gasnet: notification queue %d out of range [0,%d)", q, NotifyQueues))
	}
	return &ep.notifyBoard().queues[q]
}

// Index is the queue's number.
func (q *NotifyQueue) Index() int { return q.index }

// Depth is the number of notified transfers the queue may have in flight.
func (q *NotifyQueue) Depth() int { return int(q.depth.Load()) }

// SetDepth sets the queue's depth (at least 1). Lowering it below the
// transfers in flight makes the next transfer wait until enough complete.
func (q *NotifyQueue) SetDepth(d int) error {
	if d < 1 || d > math.MaxInt32 {
		return fmt.Errorf("notification queue depth %d is out of range [1,%d]", d, math.MaxInt32)
	}
	q.depth.Store(int32(d))
	q.completions.Add(1)
	q.waiters.wake(0)
	return nil
}

// InFlight is the number of the queue's transfers not yet complete.
func (q *NotifyQueue) InFlight() int { return int(q.inflight.Load()) }

// acquire takes a place in the queue, waiting while it is full.
func (q *NotifyQueue) acquire() {
	for {
		n := q.inflight.Load()
		if n < q.depth.Load() {
			if q.inflight.CompareAndSwap(n, n+1) {
				return
			}
			continue
		}
		q.waiters.wait(q.ep, (*queueFull)(q), &q.completions, 0, 1, true, func() bool { return q.inflight.Load() < q.depth.Load() })
	}
}

func (q *NotifyQueue) release() {
	q.inflight.Add(-1)
	q.completions.Add(1)
	q.waiters.wake(0)
}

// Wait blocks until every transfer started on the queue so far is locally
// complete: a get's data has landed (and its slot is set), a put's data
// and notification have reached the target.
func (q *NotifyQueue) Wait() {
	if q.inflight.Load() == 0 {
		return
	}
	q.waiters.wait(q.ep, (*queueDrain)(q), &q.completions, 0, 1, true, func() bool { return q.inflight.Load() == 0 })
}

// The whys of a queue's waits: for a place in it, and for its transfers.
type (
	queueFull  NotifyQueue
	queueDrain NotifyQueue
)

func (q *queueFull) String() string {
	return fmt.Sprintf("a place in notification queue %d (%d transfers in flight)", q.index, q.inflight.Load())
}

func (q *queueDrain) String() string {
	return fmt.Sprintf("the completion of notification queue %d's %d transfers", q.index, q.inflight.Load())
}

// whyNotify is a rank waiting for a notification of ids [first, end).
type whyNotify struct{ first, end uint32 }

func (w whyNotify) String() string {
	if w.end == w.first+1 {
		return fmt.Sprintf("notification id %d, which no one has posted", w.first)
	}
	return fmt.Sprintf("one of notification ids [%d,%d), none of which anyone has posted", w.first, w.end)
}

// Errors of the notification functions; the layer above prefixes the
// name of the function the program called.

func checkNotifyID(id uint32) error {
	if id >= NotifyNum {
		return fmt.Errorf("notification id %d is out of range [0,%d)", id, NotifyNum)
	}
	return nil
}

func (ep *Endpoint) checkNotifyRank(r int) error {
	if uint(r) >= uint(ep.size) {
		return fmt.Errorf("rank %d is out of range [0,%d)", r, ep.size)
	}
	return nil
}

func (ep *Endpoint) checkNotifyAccess(r int, off, n uintptr) error {
	if err := ep.checkNotifyRank(r); err != nil {
		return err
	}
	if off > ep.segSize || n > ep.segSize-off {
		return fmt.Errorf("access of %d bytes at offset %#x is outside rank %d's segment of %d bytes", n, off, r, ep.segSize)
	}
	return nil
}

// errZeroValue: a value of 0 would be indistinguishable from "no
// notification" (GASPI rejects it too).
var errZeroValue = fmt.Errorf("notification value 0 is not allowed (a slot holding 0 means no notification)")

// PutNotify copies n bytes from src to offset off of rank's segment, then
// adds value (> 0) to that rank's slot id, on queue 0. It returns when src
// may be reused.
func (ep *Endpoint) PutNotify(rank int, off uintptr, src unsafe.Pointer, n uintptr, id, value uint32) error {
	return ep.NotifyQueue(0).PutNotify(rank, off, src, n, id, value)
}

// GetNotify starts copying n bytes at offset off of rank's segment to dst,
// on queue 0; the caller's slot id gets 1 added once dst holds the data.
// It does not wait for the data: dst must stay untouched until then.
func (ep *Endpoint) GetNotify(dst unsafe.Pointer, rank int, off, n uintptr, id uint32) error {
	return ep.NotifyQueue(0).GetNotify(dst, rank, off, n, id)
}

// Notify adds value (> 0) to rank's slot id after the data of the
// caller's earlier notified puts (and completed puts) is visible there, on
// queue 0.
func (ep *Endpoint) Notify(rank int, id, value uint32) error {
	return ep.NotifyQueue(0).Notify(rank, id, value)
}

// PutNotify is Endpoint.PutNotify on queue q.
func (q *NotifyQueue) PutNotify(rank int, off uintptr, src unsafe.Pointer, n uintptr, id, value uint32) error {
	ep := q.ep
	if err := ep.checkNotifyAccess(rank, off, n); err != nil {
		return err
	}
	if err := checkNotifyID(id); err != nil {
		return err
	}
	if value == 0 {
		return errZeroValue
	}
	if base := ep.segs[rank]; base != nil {
		if tb := ep.localBoard(rank); tb != nil {
			copy(bytesAt(unsafe.Add(base, off), n), bytesAt(src, n))
			tb.post(id, value)
			return nil
		}
	}
	q.acquire()
	q.board.puts.Add(1)
	if n <= notifyChunk {
		// The payload is copied into the message, so src is free at once.
		ep.job.send(ep.rank, rank, hNotifyPut, []uint64{uint64(off), uint64(id), uint64(value), uint64(q.index)}, bytesAt(src, n))
		return nil
	}
	x := &notifyXfer{target: rank, id: id, value: value, queue: q.index}
	x.pending.Store(int32((n + notifyChunk - 1) / notifyChunk))
	ref := park(x)
	for k := uintptr(0); k < n; k += notifyChunk {
		ep.job.send(ep.rank, rank, hNotifyData, []uint64{uint64(off + k), ref}, bytesAt(unsafe.Add(src, k), min(notifyChunk, n-k)))
	}
	return nil
}

// GetNotify is Endpoint.GetNotify on queue q.
func (q *NotifyQueue) GetNotify(dst unsafe.Pointer, rank int, off, n uintptr, id uint32) error {
	ep := q.ep
	if err := ep.checkNotifyAccess(rank, off, n); err != nil {
		return err
	}
	if err := checkNotifyID(id); err != nil {
		return err
	}
	if n > 0 && dst == nil {
		return fmt.Errorf("the destination is a null pointer")
	}
	b := ep.notifyBoard()
	if base := ep.segs[rank]; base != nil || n == 0 {
		if n > 0 {
			copy(bytesAt(dst, n), bytesAt(unsafe.Add(base, off), n))
		}
		b.post(id, 1)
		return nil
	}
	q.acquire()
	// The parked transfer keeps dst alive until the last reply lands.
	x := &notifyXfer{dst: dst, id: id, queue: q.index}
	x.pending.Store(int32((n + notifyChunk - 1) / notifyChunk))
	ref := park(x)
	for k := uintptr(0); k < n; k += notifyChunk {
		ep.job.send(ep.rank, rank, hNotifyGet, []uint64{uint64(off + k), uint64(min(notifyChunk, n-k)), uint64(k), ref}, nil)
	}
	return nil
}

// Notify is Endpoint.Notify on queue q.
func (q *NotifyQueue) Notify(rank int, id, value uint32) error {
	ep := q.ep
	if err := ep.checkNotifyRank(rank); err != nil {
		return err
	}
	if err := checkNotifyID(id); err != nil {
		return err
	}
	if value == 0 {
		return errZeroValue
	}
	if ep.segs[rank] != nil {
		// Earlier puts to an addressable target were done when they returned.
		if tb := ep.localBoard(rank); tb != nil {
			tb.post(id, value)
			return nil
		}
	}
	// A fence: messages between two ranks may overtake each other, so the
	// notification leaves only once every earlier notified put has landed.
	b := q.board
	if b.puts.Load() != 0 {
		b.putWait.wait(ep, WhyText("the completion of earlier notified puts"), &b.putsDone, 0, 1, true, func() bool { return b.puts.Load() == 0 })
	}
	q.acquire()
	ep.job.send(ep.rank, rank, hNotifyPost, []uint64{uint64(id), uint64(value), uint64(q.index), 0}, nil)
	return nil
}

// NotifyWaitSome blocks until one of the slots [first, first+num) is
// non-zero and returns the lowest such id. It does not reset the slot.
func (ep *Endpoint) NotifyWaitSome(first, num uint32) (uint32, error) {
	if err := checkNotifyRange(first, num); err != nil {
		return 0, err
	}
	b := ep.notifyBoard()
	end := first + num
	if id, ok := b.scan(first, end); ok {
		return id, nil
	}
	narrow := num <= narrowRange
	if narrow {
		// Spinning on the slots themselves: the notifier's write is the
		// only cache line that moves.
		for range b.waiters.budget() {
			if id, ok := b.scan(first, end); ok {
				b.waiters.spun(true)
				return id, nil
			}
		}
	}
	var id uint32
	b.waiters.wait(ep, whyNotify{first, end}, &b.arrivals, first, end, !narrow, func() bool {
		var ok bool
		id, ok = b.scan(first, end)
		return ok
	})
	return id, nil
}

// NotifyTestSome is NotifyWaitSome without waiting: ok is false when every
// slot of the range is zero.
func (ep *Endpoint) NotifyTestSome(first, num uint32) (id uint32, ok bool, err error) {
	if err := checkNotifyRange(first, num); err != nil {
		return 0, false, err
	}
	id, ok = ep.notifyBoard().scan(first, first+num)
	if !ok {
		ep.job.checkAbort()
	}
	return id, ok, nil
}

func checkNotifyRange(first, num uint32) error {
	if num == 0 {
		return fmt.Errorf("an empty range of notification ids (num is 0)")
	}
	if first >= NotifyNum || num > NotifyNum-first {
		return fmt.Errorf("notification ids [%d,%d) are out of range [0,%d)", first, uint64(first)+uint64(num), NotifyNum)
	}
	return nil
}

// NotifyReset sets slot id to zero and returns what it held, atomically.
func (ep *Endpoint) NotifyReset(id uint32) (uint32, error) {
	if err := checkNotifyID(id); err != nil {
		return 0, err
	}
	return ep.notifyBoard().slots[id].Swap(0), nil
}

// notifyXfer is a notified transfer on the message path that takes
// several messages (or, for a get, whose replies must find dst).
type notifyXfer struct {
	pending   atomic.Int32 // messages not yet answered
	target    int
	id, value uint32
	queue     int
	dst       unsafe.Pointer
}

// amNotifyPut: data and notification in one message. args: offset, id,
// value, queue.
func amNotifyPut(tok Token, args []uint64, payload []byte) {
	copy(bytesAt(unsafe.Add(tok.Segment(), uintptr(args[0])), uintptr(len(payload))), payload)
	tok.job.Endpoint(tok.dst).notifyBoard().post(uint32(args[1]), uint32(args[2]))
	tok.Reply(hNotifyAck, []uint64{args[3], 1}, nil)
}

// amNotifyAck: a notification (args[1] 1: with its put's data) reached
// the target. args: queue, put.
func amNotifyAck(tok Token, args []uint64, _ []byte) {
	b := tok.job.Endpoint(tok.dst).notifyBoard()
	if args[1] != 0 {
		b.putDone()
	}
	b.queues[args[0]].release()
}

// amNotifyData: one chunk of a large notified put. args: offset, transfer.
func amNotifyData(tok Token, args []uint64, payload []byte) {
	copy(bytesAt(unsafe.Add(tok.Segment(), uintptr(args[0])), uintptr(len(payload))), payload)
	tok.Reply(hNotifyDataAck, args[1:2], nil)
}

// amNotifyDataAck: a chunk is in place; after the last, the notification
// goes out. A reply handler may not reply, but it may send: conduits never
// block in Send.
func amNotifyDataAck(tok Token, args []uint64, _ []byte) {
	x := parkedValue(args[0]).(*notifyXfer)
	if x.pending.Add(-1) != 0 {
		return
	}
	unpark(args[0])
	tok.job.send(tok.dst, x.target, hNotifyPost, []uint64{uint64(x.id), uint64(x.value), uint64(x.queue), 1}, nil)
}

// amNotifyPost: a notification alone. args: id, value, queue, put.
func amNotifyPost(tok Token, args []uint64, _ []byte) {
	tok.job.Endpoint(tok.dst).notifyBoard().post(uint32(args[0]), uint32(args[1]))
	tok.Reply(hNotifyAck, args[2:4], nil)
}

// amNotifyGet: a chunk of a notified get. args: offset, length, where in
// the destination, transfer.
func amNotifyGet(tok Token, args []uint64, _ []byte) {
	tok.Reply(hNotifyGetReply, args[2:4], bytesAt(unsafe.Add(tok.Segment(), uintptr(args[0])), uintptr(args[1])))
}

// amNotifyGetReply: a chunk landed; the last one sets the slot.
func amNotifyGetReply(tok Token, args []uint64, payload []byte) {
	x := parkedValue(args[1]).(*notifyXfer)
	copy(bytesAt(unsafe.Add(x.dst, uintptr(args[0])), uintptr(len(payload))), payload)
	if x.pending.Add(-1) != 0 {
		return
	}
	unpark(args[1])
	b := tok.job.Endpoint(tok.dst).notifyBoard()
	b.post(x.id, 1)
	b.queues[x.queue].release()
}

// wakeList parks goroutines waiting for something another goroutine makes
// true, each interested in a range of ids. Unlike Waiter it serves any
// number of waiters at once.
type wakeList struct {
	sleepers atomic.Int32
	spin     spinBudget // between notifySpinMin and notifySpinMax
	mu       sync.Mutex
	parked   []*parkedWaiter
}

type parkedWaiter struct {
	first, end uint32
	ch         chan struct{}
	state      atomic.Uint32 // as Waiter's: waiterParked while it sleeps unwoken
}

// Spinning first: a notification from a goroutine on another core usually
// lands within a microsecond, and parking costs more than that. Then
// yielding, since on a 2-core machine with more ranks than cores the
// notifier may need this core; then parking.
const (
	notifySpin    = 4000
	notifySpinMin = 64
	notifySpinMax = 16000
	notifyYield   = 20
	// narrowRange is the widest range a waiter spins on directly.
	narrowRange = 16
	cacheLine   = 64
)

// wake unparks the waiters whose range holds id; cheap when none sleeps.
// The caller has made the condition true (with an atomic write) first.
func (l *wakeList) wake(id uint32) {
	if l.sleepers.Load() == 0 {
		return
	}
	l.mu.Lock()
	for _, w := range l.parked {
		if id >= w.first && id < w.end && w.state.Swap(waiterAwake) != waiterAwake {
			select {
			case w.ch <- struct{}{}:
			default:
			}
		}
	}
	l.mu.Unlock()
}

// wait returns once cond() holds; ep is the rank that waits and why says
// for what. gen changes whenever cond may have become true, so spinning
// rereads one word rather than re-evaluating cond. If the job aborts
// first, wait panics with ErrAborted.
func (l *wakeList) wait(ep *Endpoint, why Why, gen *atomic.Uint64, first, end uint32, spin bool, cond func() bool) {
	g := gen.Load()
	if cond() {
		return
	}
	if spin {
		for range l.budget() {
			if v := gen.Load(); v != g {
				g = v
				if cond() {
					l.spun(true)
					return
				}
			}
		}
	}
	for range notifyYield {
		runtime.Gosched()
		if v := gen.Load(); v != g {
			g = v
			if cond() {
				// The notifier needed this core: spinning was wasted.
				l.spun(false)
				return
			}
		}
	}
	w := &parkedWaiter{first: first, end: end, ch: make(chan struct{}, 1)}
	l.mu.Lock()
	l.parked = append(l.parked, w)
	// Registered before the check below, so a notifier that finds no
	// sleeper made its write before that check (both are sequentially
	// consistent atomics) and the check sees it.
	l.sleepers.Add(1)
	l.mu.Unlock()
	defer l.remove(w)
	l.spun(false)
	rw := ep.beginWait(why, &w.state)
	for {
		w.state.Store(waiterChecking)
		if cond() {
			ep.endWait(rw)
			return
		}
		w.state.CompareAndSwap(waiterChecking, waiterParked)
		select {
		case <-w.ch:
		case <-ep.job.abortCh:
			ep.abortWait()
		}
	}
}

func (l *wakeList) budget() int { return int(l.spin.get(notifySpin)) }

// spun records whether spinning found the condition true.
func (l *wakeList) spun(ok bool) { l.spin.spun(ok, false, notifySpinMin, notifySpin, notifySpinMax) }

func (l *wakeList) remove(w *parkedWaiter) {
	l.mu.Lock()
	for i, p := range l.parked {
		if p == w {
			last := len(l.parked) - 1
			l.parked[i] = l.parked[last]
			l.parked[last] = nil
			l.parked = l.parked[:last]
			break
		}
	}
	l.sleepers.Add(-1)
	l.mu.Unlock()
}
