package gasnet

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

// Handle names an explicit-handle non-blocking operation of one rank. The
// zero Handle means "complete": operations that finish at once (every
// operation on an addressable segment) return it. A Handle packs the slot,
// the owning rank and a generation, so a handle synchronised twice or
// passed to another rank is detected instead of completing someone else's
// operation.
type Handle uint64

const (
	slotBits = 20
	rankBits = 20
	genBits  = 64 - slotBits - rankBits

	// MaxInFlight is the number of explicit-handle operations a rank may
	// have initiated and not yet synchronised.
	MaxInFlight = 1<<slotBits - 1

	chunkBits = 12
	chunkSize = 1 << chunkBits
	maxChunks = (1 << slotBits) / chunkSize
)

func makeHandle(slot uint32, rank int, gen uint32) Handle {
	return Handle(uint64(slot+1) | uint64(rank)<<slotBits | uint64(gen&(1<<genBits-1))<<(slotBits+rankBits))
}

func (h Handle) slot() uint32 { return uint32(h&(1<<slotBits-1)) - 1 }
func (h Handle) rank() int    { return int(h >> slotBits & (1<<rankBits - 1)) }
func (h Handle) gen() uint32  { return uint32(h >> (slotBits + rankBits)) }

// OpRef identifies, on the wire, what a completing message completes: an
// explicit slot of a rank, or that rank's implicit (nbi) set.
type OpRef uint64

const nbiRef = 0 // slot field 0: the implicit set

func slotRef(rank int, slot uint32) OpRef { return OpRef(uint64(rank)<<32 | uint64(slot+1)) }
func nbiOf(rank int) OpRef                { return OpRef(uint64(rank) << 32) }
func (r OpRef) rank() int                 { return int(r >> 32) }
func (r OpRef) slot() (uint32, bool)      { s := uint32(r); return s - 1, s != nbiRef }

// opSlot is one operation in flight. pending counts the pieces still
// outstanding (a vector or region operation has several); it is the only
// field other goroutines write, except result, written before the
// decrement that publishes it.
type opSlot struct {
	pending atomic.Int32
	gen     uint32
	busy    bool
	isCall  bool
	keep    []unsafe.Pointer // buffers the conduit writes into, kept alive
	result  callResult
}

type callResult struct {
	nargs   uint8
	args    [MaxArgs]uint64
	payload []byte
}

// opTable holds a rank's operations in chunks that never move, so progress
// goroutines can complete a slot while the owner grows the table.
type opTable struct {
	// chunks is made on the first operation: a rank that never has one
	// in flight (most, in a program of many threads) costs a pointer.
	chunks atomic.Pointer[[maxChunks]atomic.Pointer[[chunkSize]opSlot]]
	n      uint32 // slots allocated so far
	free   []uint32
	inUse  int
}

func (t *opTable) at(i uint32) *opSlot {
	c := t.chunks.Load()[i>>chunkBits].Load()
	return &c[i&(chunkSize-1)]
}

// alloc returns a fresh slot with pending set to n.
func (t *opTable) alloc(n int32) (uint32, *opSlot) {
	var i uint32
	if k := len(t.free); k > 0 {
		i = t.free[k-1]
		t.free = t.free[:k-1]
	} else {
		if t.n >= MaxInFlight {
			panic(fmt.Sprintf("gasnet: more than %d explicit-handle operations in flight (synchronise some handles)", MaxInFlight))
		}
		i = t.n
		if i == 0 {
			t.chunks.Store(new([maxChunks]atomic.Pointer[[chunkSize]opSlot]))
		}
		if i&(chunkSize-1) == 0 {
			t.chunks.Load()[i>>chunkBits].Store(new([chunkSize]opSlot))
		}
		t.n++
	}
	s := t.at(i)
	s.busy = true
	s.gen++
	s.pending.Store(n)
	t.inUse++
	return i, s
}

func (t *opTable) release(i uint32, s *opSlot) {
	s.busy = false
	s.isCall = false
	s.keep = s.keep[:0]
	s.result = callResult{}
	t.free = append(t.free, i)
	t.inUse--
}

// complete retires one piece of the operation ref names; it runs on
// whichever goroutine saw the piece finish.
func (j *Job) complete(ref OpRef) { j.CompleteN(ref, 1) }

// Complete retires one piece of an operation; RMA conduits call it when a
// native put or get they were handed has finished.
func (j *Job) Complete(ref OpRef) { j.complete(ref) }

// CompleteN retires n pieces of one operation at once: a conduit that
// merged many puts into one transfer (a loop's implicit-handle puts all
// complete the implicit set) finishes them with one atomic operation
// instead of n.
func (j *Job) CompleteN(ref OpRef, n int) {
	ep := j.endpoints[ref.rank()-j.first]
	if slot, ok := ref.slot(); ok {
		if ep.ops.at(slot).pending.Add(-int32(n)) == 0 {
			ep.waiter.Wake()
		}
		return
	}
	if ep.nbiPending.Add(-int64(n)) == 0 {
		ep.waiter.Wake()
	}
}
