package gasnet

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
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
	From int32  // the sender, or another index that tells a step's messages apart
}

// collKind is a registered collective: its name and what a duplicate
// message means for it.
type collKind struct {
	name, duplicate string
}

var (
	collKinds   []collKind
	collKindsMu sync.Mutex
)

// RegisterCollective names a kind of collective for CollTag.Kind; the
// name and duplicate (what a second message for one tag means for this
// collective, in words for the user) appear in error messages. Call it
// from package initialisation, like RegisterHandler.
func RegisterCollective(name, duplicate string) uint8 {
	collKindsMu.Lock()
	defer collKindsMu.Unlock()
	if len(collKinds) >= 256 {
		panic("gasnet: too many collective kinds")
	}
	collKinds = append(collKinds, collKind{name, duplicate})
	return uint8(len(collKinds) - 1)
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

// mailbox holds one rank's undelivered collective messages. It holds no
// pointer to the job (see collStateOf).
type mailbox struct {
	mu   sync.Mutex
	msgs map[CollTag][]byte
	// kinds records, per call in progress, the first kind seen and the
	// rank that used it, so that two ranks in different collectives are
	// caught instead of waiting forever.
	kinds   map[uint64]kindSeen
	arrived atomic.Uint64 // bumped on every delivery; waiters watch it
	seq     uint64        // the owner's next sequence number (owner only)
}

type kindSeen struct {
	kind uint8
	rank int
}

// deliver stores a message; a non-nil error means the program is wrong
// (the message is dropped).
func (m *mailbox) deliver(owner, from int, tag CollTag, payload []byte) error {
	m.mu.Lock()
	if err := m.noteKind(owner, from, tag); err != nil {
		m.mu.Unlock()
		return err
	}
	if _, dup := m.msgs[tag]; dup {
		m.mu.Unlock()
		return &CollMismatchError{Rank: owner, Msg: fmt.Sprintf("%s: thread %d received two messages for one step: %s",
			collName(tag.Kind), owner, collDuplicate(tag.Kind))}
	}
	if m.msgs == nil {
		m.msgs = make(map[CollTag][]byte)
	}
	m.msgs[tag] = payload
	m.mu.Unlock()
	m.arrived.Add(1)
	return nil
}

// noteKind checks tag's kind against what this call has seen; m.mu held.
func (m *mailbox) noteKind(owner, rank int, tag CollTag) error {
	if seen, ok := m.kinds[tag.Seq]; ok {
		if seen.kind != tag.Kind {
			return &CollMismatchError{Rank: owner, Msg: fmt.Sprintf("collective mismatch: thread %d called %s where thread %d called %s (every thread must call the same collectives in the same order)",
				rank, collName(tag.Kind), seen.rank, collName(seen.kind))}
		}
		return nil
	}
	if m.kinds == nil {
		m.kinds = make(map[uint64]kindSeen)
	}
	m.kinds[tag.Seq] = kindSeen{tag.Kind, rank}
	return nil
}

// take removes the message with tag if it is there.
func (m *mailbox) take(owner int, tag CollTag) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.noteKind(owner, owner, tag); err != nil {
		return nil, false, err
	}
	p, ok := m.msgs[tag]
	if ok {
		delete(m.msgs, tag)
	}
	return p, ok, nil
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
	ep  *Endpoint
	st  *collState
	box *mailbox
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
		if err := c.st.boxes[i].deliver(dst, c.ep.rank, tag, payload); err != nil {
			panic(err)
		}
		j.endpoints[i].waiter.Wake()
		return
	}
	if uint(dst) >= uint(c.ep.size) {
		panic(fmt.Sprintf("%s: thread %d out of range [0,%d)", collName(tag.Kind), dst, c.ep.size))
	}
	c.ep.Stats.AMs++
	j.send(c.ep.rank, dst, hColl, []uint64{tag.Seq, uint64(tag.Kind) | uint64(tag.Step)<<8 | uint64(uint32(tag.From))<<16}, payload)
}

// Recv blocks until the message with tag has arrived and returns its
// payload.
func (c CollPort) Recv(tag CollTag) []byte {
	for {
		seen := c.box.arrived.Load()
		p, ok, err := c.box.take(c.ep.rank, tag)
		if err != nil {
			panic(err)
		}
		if ok {
			return p
		}
		c.ep.waiter.Wait(c.ep.job, func() bool { return c.box.arrived.Load() != seen })
	}
}

// Done ends the rank's part in call seq: its messages have all been
// received, so the call's bookkeeping can go.
func (c CollPort) Done(seq uint64) {
	c.box.mu.Lock()
	delete(c.box.kinds, seq)
	c.box.mu.Unlock()
}

var hColl = RegisterHandler("coll-message", amColl)

func amColl(tok Token, args []uint64, payload []byte) {
	j := tok.job
	tag := CollTag{Seq: args[0], Kind: uint8(args[1]), Step: uint8(args[1] >> 8), From: int32(uint32(args[1] >> 16))}
	i := tok.dst - j.first
	if err := collStateOf(j).boxes[i].deliver(tok.dst, tok.src, tag, payload); err != nil {
		j.Abort(err)
		return
	}
	j.endpoints[i].waiter.Wake()
}

// SendFrom sends a request from local rank src to handler h at rank dst.
// Unlike Endpoint.Send it may run on any goroutine of the process, in
// particular in a request handler that passes work on down a tree (the
// one-sided collectives do): queues are unbounded, so forwarding from a
// handler cannot deadlock.
func (j *Job) SendFrom(src, dst int, h HandlerID, args []uint64, payload []byte) {
	j.send(src, dst, h, args, payload)
}

// IsLocal reports whether rank r runs in this process, so that its Go-side
// state (mailbox, tables of the layer above) is reachable without messages.
func (j *Job) IsLocal(r int) bool { return uint(r-j.first) < uint(len(j.endpoints)) }
