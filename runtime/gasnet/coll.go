package gasnet

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"weak"
)

// Collective messaging: every rank has a mailbox of tagged messages, the
// transport the collectives of the layer above are built on (GASNet-EX
// builds its collectives on active messages the same way). A message goes
// straight into the target's mailbox when the target rank lives in this
// process — the payload slice changes hands without a copy — and travels
// as one active message otherwise. Mailboxes are unbounded Go memory, so a
// rank that runs ahead into the next collective never overwrites data a
// slower rank has not consumed: every message waits under its own tag.

// CollTag names one message of a collective call. Within one call a
// receiving rank gets at most one message per tag.
type CollTag struct {
	Seq  uint64 // the call's sequence number, the same on every rank
	Kind uint8  // which collective (see RegisterCollective)
	Step uint8  // the message's role in the algorithm (round, phase)
	From int32  // the sender, or another index that tells a step's messages apart (-1: any sender)
}

// collKind is a registered collective: its name, what a duplicate
// message means for it, and its single-valued arguments.
type collKind struct {
	name, duplicate string
	args            []CollArg
}

// CollArgs are a call's single-valued arguments as words (UPC 1.3 7.4:
// every argument of a collective must have the same value on every
// thread). Every message of the call carries them; its receiver compares
// them with its own and with those of the call's other messages, so a
// thread whose arguments differ is found wherever the call's messages
// connect every thread.
type CollArgs [CollArgWords]uint64

// CollArgWords is how many words of arguments a call carries.
const CollArgWords = MaxArgs - 2

// CollArg describes one word of a collective's CollArgs for messages:
// its name as the specification calls the argument, and how to show a
// value (nil: as a number). Digest says the word is a digest of the
// argument (a pointer-to-shared): its values are not shown.
type CollArg struct {
	Name   string
	Show   func(uint64) string
	Digest bool
}

var (
	collKinds   []collKind
	collKindsMu sync.Mutex
)

// RegisterCollective names a kind of collective for CollTag.Kind; the
// name and duplicate (what a second message for one tag means for this
// collective, in words for the user) appear in error messages, and args
// describes the words of its CollArgs. Call it from package
// initialisation, like RegisterHandler.
func RegisterCollective(name, duplicate string, args ...CollArg) uint8 {
	collKindsMu.Lock()
	defer collKindsMu.Unlock()
	if len(collKinds) >= 256 {
		panic("gasnet: too many collective kinds")
	}
	if len(args) > CollArgWords {
		panic("gasnet: too many collective arguments")
	}
	collKinds = append(collKinds, collKind{name, duplicate, args})
	return uint8(len(collKinds) - 1)
}

// argsError reports the first word in which two ranks' arguments to one
// call of collective k differ, or nil.
func argsError(owner int, k uint8, a CollArgs, ra int, b CollArgs, rb int) error {
	if a == b {
		return nil
	}
	collKindsMu.Lock()
	kind := collKinds[k]
	collKindsMu.Unlock()
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		arg := CollArg{Name: fmt.Sprintf("argument word %d", i)}
		if i < len(kind.args) {
			arg = kind.args[i]
		}
		show := func(v uint64) string { return fmt.Sprint(v) }
		if arg.Show != nil {
			show = arg.Show
		}
		var msg string
		if arg.Digest {
			msg = fmt.Sprintf("%s: threads %d and %d passed different %s", kind.name, min(ra, rb), max(ra, rb), arg.Name)
		} else {
			msg = fmt.Sprintf("%s: thread %d passed %s %s where thread %d passed %s", kind.name, rb, arg.Name, show(b[i]), ra, show(a[i]))
		}
		return &CollMismatchError{Rank: owner, Msg: msg + " (a collective's arguments must be the same on every thread)"}
	}
	return nil
}

func collName(k uint8) string {
	collKindsMu.Lock()
	defer collKindsMu.Unlock()
	if int(k) < len(collKinds) {
		return collKinds[k].name
	}
	return fmt.Sprintf("collective %d", k)
}

func collDuplicate(k uint8) string {
	collKindsMu.Lock()
	defer collKindsMu.Unlock()
	if int(k) < len(collKinds) && collKinds[k].duplicate != "" {
		return collKinds[k].duplicate
	}
	return "the threads passed different arguments"
}

// CollMismatchError reports ranks that reached the same collective call
// with different collectives, or a message the algorithm cannot place.
type CollMismatchError struct {
	Rank int // the rank whose mailbox saw it
	Msg  string
}

func (e *CollMismatchError) Error() string { return e.Msg }

// mailbox holds one rank's undelivered collective messages, by call. It
// holds no pointer to the job (see collStateOf).
type mailbox struct {
	mu    sync.Mutex
	calls map[uint64]*callBox // by sequence number, for calls not finished
	// doneBelow: the owner has finished every call numbered below it, so
	// a message for one of those is one it will never take.
	doneBelow uint64
	arrived   atomic.Uint64 // bumped on every delivery; waiters watch it
	seq       uint64        // the owner's next sequence number (owner only)
	// failed is an error found by a message handler (which cannot
	// panic): the owner panics with it at its next collective step, so
	// the fault names the owner's line.
	failed error
	// entry holds the owner's arguments while it is in Sync (if
	// hasEntry): written before it arrives, read by the rank that
	// completes the phase.
	entry    CollArgs
	hasEntry bool
}

// callBox is one call's messages at one rank: a few (at most one per
// step and sender), so a slice beats a map. kind and rank record the
// first collective seen for the call and who used it, so that two ranks in
// different collectives are caught instead of waiting forever.
type callBox struct {
	kind uint8
	rank int
	msgs []boxed
	// args are the first arguments seen for the call, from argsRank.
	args     CollArgs
	argsRank int
	hasArgs  bool
}

// checkArgs compares rank's arguments with those the call has seen (or
// records them). m.mu held.
func (cb *callBox) checkArgs(owner, rank int, args *CollArgs) error {
	if args == nil {
		return nil
	}
	if !cb.hasArgs {
		cb.args, cb.argsRank, cb.hasArgs = *args, rank, true
		return nil
	}
	return argsError(owner, cb.kind, cb.args, cb.argsRank, *args, rank)
}

type boxed struct {
	tag     CollTag
	payload []byte
}

// argsOf is a call's arguments as messages carry them: nil for a call
// without (a port not bound with Args).
func argsOf(c CollPort) *CollArgs {
	if !c.hasArgs {
		return nil
	}
	return &c.args
}

// call returns seq's box, checking that tag's kind matches what the call
// has seen; rank is the rank using that kind. m.mu held.
func (m *mailbox) call(owner, rank int, tag CollTag) (*callBox, error) {
	if cb, ok := m.calls[tag.Seq]; ok {
		if cb.kind != tag.Kind {
			return nil, &CollMismatchError{Rank: owner, Msg: fmt.Sprintf("collective mismatch: thread %d called %s where thread %d called %s (every thread must call the same collectives in the same order)",
				rank, collName(tag.Kind), cb.rank, collName(cb.kind))}
		}
		return cb, nil
	}
	if m.calls == nil {
		m.calls = make(map[uint64]*callBox)
	}
	cb := &callBox{kind: tag.Kind, rank: rank}
	m.calls[tag.Seq] = cb
	return cb, nil
}

// deliver stores a message; a non-nil error means the program is wrong
// (the message is dropped).
func (m *mailbox) deliver(owner, from int, tag CollTag, args *CollArgs, payload []byte) error {
	m.mu.Lock()
	if tag.Seq < m.doneBelow {
		m.mu.Unlock()
		return unexpected(owner, tag)
	}
	cb, err := m.call(owner, from, tag)
	if err == nil {
		err = cb.checkArgs(owner, from, args)
	}
	if err == nil {
		for _, b := range cb.msgs {
			if b.tag == tag {
				err = unexpected(owner, tag)
			}
		}
	}
	if err == nil {
		cb.msgs = append(cb.msgs, boxed{tag, payload})
	}
	m.mu.Unlock()
	if err == nil {
		m.arrived.Add(1)
	}
	return err
}

// unexpected reports a message its receiver will never take: a second
// one for a step, or one for a call the receiver has finished.
func unexpected(owner int, tag CollTag) error {
	return &CollMismatchError{Rank: owner, Msg: fmt.Sprintf("%s: thread %d received a message it does not expect: %s",
		collName(tag.Kind), owner, collDuplicate(tag.Kind))}
}

// take removes the message with tag if it is there; args are the
// owner's arguments to the call.
func (m *mailbox) take(owner int, tag CollTag, args *CollArgs) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failed != nil {
		return nil, false, m.failed
	}
	cb, err := m.call(owner, owner, tag)
	if err == nil {
		err = cb.checkArgs(owner, owner, args)
	}
	if err != nil {
		return nil, false, err
	}
	for i, b := range cb.msgs {
		if b.tag == tag {
			cb.msgs[i] = cb.msgs[len(cb.msgs)-1]
			cb.msgs[len(cb.msgs)-1] = boxed{}
			cb.msgs = cb.msgs[:len(cb.msgs)-1]
			return b.payload, true, nil
		}
	}
	return nil, false, nil
}

// collState is one process's collective state: a mailbox per local rank.
type collState struct {
	boxes []*mailbox
}

// collStates maps a job to its collective state without keeping the job
// alive: the Job type belongs to the core, which has no field for it, and
// the entry goes away with the job. Nothing in a collState points back at
// the job, or the weak key could never die.
var collStates sync.Map // weak.Pointer[Job] -> *collState

func collStateOf(j *Job) *collState {
	key := weak.Make(j)
	if v, ok := collStates.Load(key); ok {
		return v.(*collState)
	}
	st := &collState{boxes: make([]*mailbox, len(j.endpoints))}
	for i := range st.boxes {
		st.boxes[i] = &mailbox{}
	}
	v, loaded := collStates.LoadOrStore(key, st)
	if !loaded {
		runtime.AddCleanup(j, func(k weak.Pointer[Job]) { collStates.Delete(k) }, key)
	}
	return v.(*collState)
}

// CollPort is a rank's access to collective messaging for one call (or
// several): take it once, at the start of a collective, since finding the
// job's state costs a map lookup.
type CollPort struct {
	ep      *Endpoint
	st      *collState
	box     *mailbox
	args    CollArgs
	hasArgs bool
}

// Args binds the port to one call's single-valued arguments: its
// messages carry them and its receives check them (see CollArgs).
func (c CollPort) Args(args CollArgs) CollPort {
	c.args, c.hasArgs = args, true
	return c
}

// Sync synchronises a collective call of kind on the job's node barrier
// (Endpoint.JobBarrier) and reports true, or does nothing and reports
// false if the conduit has none. Every rank arrives with the kind, so a
// rank in another collective or in a barrier is a mismatch. args, if not
// nil, are the rank's arguments to the call: the rank that completes the
// phase compares every rank's, as the call's messages would (CollArgs),
// and then, if they agree, runs work (if not nil) before any rank is
// released: a one-pass collective's data movement, done by one rank while
// every rank waits. A difference is reported on every rank.
func (c CollPort) Sync(kind uint8, args *CollArgs, work func()) bool {
	nb := c.ep.jobBarrier
	if nb == nil {
		return false
	}
	c.box.hasEntry = args != nil
	if args != nil {
		c.box.entry = *args
	}
	st := c.st
	nb.Notify(c.ep.rank, CollArrival(kind), func() error {
		if err := st.compareEntries(c.ep.rank, kind); err != nil {
			return err
		}
		if work != nil {
			work()
		}
		return nil
	})
	if err := nb.Wait(c.ep.rank); err != nil {
		panic(err)
	}
	return true
}

// compareEntries compares the arguments of every rank in Sync with the
// first one's (a job barrier spans the job: box i is rank i's); owner is
// the rank comparing.
func (st *collState) compareEntries(owner int, kind uint8) error {
	first := -1
	for i, b := range st.boxes {
		switch {
		case !b.hasEntry:
		case first < 0:
			first = i
		default:
			if err := argsError(owner, kind, st.boxes[first].entry, first, b.entry, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// Coll returns the rank's collective port.
func (ep *Endpoint) Coll() CollPort {
	st := collStateOf(ep.job)
	return CollPort{ep: ep, st: st, box: st.boxes[ep.rank-ep.job.first]}
}

// Next returns the sequence number of the rank's next collective call.
// Every rank calls the collectives in the same order, so the numbers
// agree.
func (c CollPort) Next() uint64 {
	c.box.mu.Lock()
	err := c.box.failed
	c.box.mu.Unlock()
	if err != nil {
		panic(err)
	}
	s := c.box.seq
	c.box.seq++
	return s
}

// Send delivers payload to rank dst under tag. The payload belongs to the
// receiver from now on: the sender must not change it (it may share it
// with further Sends, as a broadcast tree forwards one buffer).
func (c CollPort) Send(dst int, tag CollTag, payload []byte) {
	j := c.ep.job
	if i := dst - j.first; uint(i) < uint(len(c.st.boxes)) {
		if err := c.st.boxes[i].deliver(dst, c.ep.rank, tag, argsOf(c), payload); err != nil {
			panic(err)
		}
		j.endpoints[i].waiter.Wake()
		return
	}
	if uint(dst) >= uint(c.ep.size) {
		panic(fmt.Sprintf("%s: thread %d out of range [0,%d)", collName(tag.Kind), dst, c.ep.size))
	}
	c.ep.Stats.AMs++
	args := []uint64{tag.Seq, uint64(tag.Kind) | uint64(tag.Step)<<8 | uint64(uint32(tag.From))<<16}
	if c.hasArgs {
		args = append(args, c.args[:]...)
	}
	j.sendOwned(c.ep.rank, dst, hColl, args, payload)
}

// sendOwned is send without copying the payload, which the message owns
// (receivers only read it: one buffer may go to several targets).
func (j *Job) sendOwned(src, dst int, h HandlerID, args []uint64, payload []byte) {
	m := &Message{Src: src, Dst: dst, Handler: h, NArgs: uint8(len(args)), Payload: payload}
	copy(m.Args[:], args)
	j.conduit.Send(m)
}

// Recv blocks until the message with tag has arrived and returns its
// payload.
func (c CollPort) Recv(tag CollTag) []byte {
	for {
		seen := c.box.arrived.Load()
		p, ok, err := c.box.take(c.ep.rank, tag, argsOf(c))
		if err != nil {
			panic(err)
		}
		if ok {
			return p
		}
		c.ep.waiter.Wait(c.ep, whyColl(tag), func() bool { return c.box.arrived.Load() != seen })
	}
}

// whyColl is a rank waiting for a collective message.
type whyColl CollTag

func (w whyColl) String() string {
	if w.From < 0 {
		return fmt.Sprintf("%s: a message from another thread (collective call %d)", collName(w.Kind), w.Seq)
	}
	return fmt.Sprintf("%s: a message from thread %d (collective call %d)", collName(w.Kind), w.From, w.Seq)
}

// Done ends the rank's part in call seq: it has received every message it
// expects. A message for seq still waiting, or arriving later, is an
// error of the program (a duplicate): it panics with it.
func (c CollPort) Done(seq uint64) {
	m := c.box
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failed != nil {
		panic(m.failed)
	}
	cb := m.calls[seq]
	delete(m.calls, seq)
	m.doneBelow = seq + 1
	if cb != nil && len(cb.msgs) > 0 {
		panic(unexpected(c.ep.rank, cb.msgs[0].tag))
	}
}

var (
	hColl     = RegisterHandler("coll-message", amColl)
	hCollFail = RegisterHandler("coll-failed", amCollFail)
)

func amColl(tok Token, args []uint64, payload []byte) {
	j := tok.job
	tag := CollTag{Seq: args[0], Kind: uint8(args[1]), Step: uint8(args[1] >> 8), From: int32(uint32(args[1] >> 16))}
	var ca *CollArgs
	if len(args) == 2+CollArgWords {
		ca = (*CollArgs)(args[2:])
	}
	i := tok.dst - j.first
	if err := collStateOf(j).boxes[i].deliver(tok.dst, tok.src, tag, ca, payload); err != nil {
		collFailed(tok, err)
		return
	}
	j.endpoints[i].waiter.Wake()
}

// collFailGrace is how long the ranks told of a failure have to report it
// themselves (with their source line) before the job is aborted with it.
const collFailGrace = 200 * time.Millisecond

// collFailed handles an error a message handler found: a handler cannot
// panic, and the rank that owns the mailbox may be anywhere (a rank left
// waiting for a message that will never come is the usual victim). Every
// rank is told; the first one at a collective step panics with it, which
// names its line. If none does, the job is aborted with it.
func collFailed(tok Token, err error) {
	j := tok.job
	for r := range j.conduit.Size() {
		if j.IsLocal(r) {
			failBox(j, r, err)
		} else {
			j.sendOwned(tok.dst, r, hCollFail, nil, []byte(err.Error()))
		}
	}
	time.AfterFunc(collFailGrace, func() { j.Abort(err) })
}

func amCollFail(tok Token, _ []uint64, payload []byte) {
	failBox(tok.job, tok.dst, &CollMismatchError{Rank: tok.dst, Msg: string(payload)})
}

func failBox(j *Job, r int, err error) {
	m := collStateOf(j).boxes[r-j.first]
	m.mu.Lock()
	if m.failed == nil {
		m.failed = err
	}
	m.mu.Unlock()
	m.arrived.Add(1)
	j.endpoints[r-j.first].waiter.Wake()
}

// SendFrom sends a request from local rank src to handler h at rank dst.
// Unlike Endpoint.Send it may run on any goroutine of the process, in
// particular in a request handler that passes work on down a tree (the
// one-sided collectives do): queues are unbounded, so forwarding from a
// handler cannot deadlock. The payload is not copied: it belongs to the
// message from now on, and the handlers that receive it may only read it
// (so one buffer may go to several targets).
func (j *Job) SendFrom(src, dst int, h HandlerID, args []uint64, payload []byte) {
	j.sendOwned(src, dst, h, args, payload)
}

// IsLocal reports whether rank r runs in this process, so that its Go-side
// state (mailbox, tables of the layer above) is reachable without messages.
func (j *Job) IsLocal(r int) bool { return uint(r-j.first) < uint(len(j.endpoints)) }
