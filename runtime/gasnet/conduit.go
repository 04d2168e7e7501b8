package gasnet

import "unsafe"

// Conduit is the core a network provides. One Conduit serves one process,
// which hosts the ranks [first, first+count) of the job.
type Conduit interface {
	// Name is the conduit's name as users select it ("smp", "mpi").
	Name() string
	// Attach starts the conduit for job: it learns the rank count, allocates
	// (or registers) a segment of segSize bytes for every local rank, and
	// from then on delivers arriving messages with job.Deliver.
	Attach(job *Job, segSize uintptr) error
	// Size is the number of ranks in the job; Local the ranks this process hosts.
	Size() int
	Local() (first, count int)
	// Segment is the PSHM query: the base of rank to's segment if rank from
	// can load and store it directly, else nil.
	Segment(from, to int) unsafe.Pointer
	// Send delivers m to m.Dst asynchronously; the conduit owns m from here.
	// It never blocks waiting for the target to make progress.
	Send(m *Message)
	// Barrier runs the split-phase barrier for local rank r.
	BarrierNotify(r int, id int32, anonymous bool)
	BarrierTry(r int) (done bool, err error)
	BarrierWait(r int) error
	// RankDone says local rank r has finished; a barrier that can then
	// never complete must abort the job (Job.Abort) instead of hanging.
	RankDone(r int)
	// Close releases the conduit's resources after every local rank is done.
	Close() error
}

// RMAConduit is implemented by conduits that move bytes to segments they
// cannot address without the target's help (MPI RMA). Without it the
// extended API uses active messages. done is completed exactly once with
// complete(done) when the operation is remotely complete (put) or the
// data has landed (get).
type RMAConduit interface {
	Conduit
	Put(from, to int, off uintptr, src unsafe.Pointer, n uintptr, done OpRef)
	Get(from int, dst unsafe.Pointer, to int, off uintptr, n uintptr, done OpRef)
}

// HandlerID names an active-message handler; every process registers the
// same handlers in the same order, so an id means the same code everywhere.
type HandlerID uint16

// MaxArgs is the number of 64-bit arguments an active message carries.
const MaxArgs = 8

// Message is one active message: a handler to run at Dst with arguments and
// an optional payload (owned by the message once sent).
type Message struct {
	Src, Dst int
	Handler  HandlerID
	NArgs    uint8
	Args     [MaxArgs]uint64
	Payload  []byte
}

// Handler runs an active message at its target. Requests may answer with
// Token.Reply; replies may not send further messages (GASNet's rule, which
// keeps message handling free of deadlock).
type Handler func(tok Token, args []uint64, payload []byte)

// Token identifies the message a handler is running for.
type Token struct {
	job     *Job
	src     int
	dst     int
	isReply bool
}

// Src is the rank that sent the message; Dst the local rank it was sent to.
func (t Token) Src() int { return t.src }
func (t Token) Dst() int { return t.dst }

// Segment returns the base of the target rank's segment (always local to
// the handler).
func (t Token) Segment() unsafe.Pointer { return t.job.conduit.Segment(t.dst, t.dst) }

// Reply sends a reply message to the requester.
func (t Token) Reply(h HandlerID, args []uint64, payload []byte) {
	if t.isReply {
		panic("gasnet: a reply handler may not send messages")
	}
	t.job.send(t.dst, t.src, h|replyBit, args, payload)
}

// replyBit marks a handler id as a reply on the wire.
const replyBit HandlerID = 1 << 15
