package upc

import (
	"encoding/binary"
	"fmt"
	"sync"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The one-sided collectives of upc-one-sided-collectives.txt: any one
// thread calls them; they are complete for the caller when they return
// (or when the handle of the _async form is synchronised) and for the
// other threads at the start of the next synchronisation phase.
//
// When the caller can address every thread's segment (shared memory) it
// moves the data itself: one copy per destination, the least work there
// is, and no other thread is in the call to share it. Otherwise the
// operation runs down a binomial tree of the participating threads, each
// node executed by an active-message handler on its thread's process, so
// the caller sends one message and receives one answer whatever THREADS
// is, and no node handles more than log2(THREADS) messages of the tree.

// OneSidedKind selects a one-sided collective.
type OneSidedKind uint8

const (
	OSBroadcast OneSidedKind = iota
	OSScatter
	OSGather
	OSExchange
	OSReduce
	OSPrefixReduce
	OSXPrefixReduce
)

var osNames = [...]string{"upc_broadcast", "upc_scatter", "upc_gather", "upc_exchange", "upc_reduce", "upc_prefix_reduce", "upc_xprefix_reduce"}

func (k OneSidedKind) String() string {
	if int(k) < len(osNames) {
		return osNames[k]
	}
	return fmt.Sprintf("OneSidedKind(%d)", k)
}

func (k OneSidedKind) computational() bool { return k >= OSReduce }

// twoPhase says whether the tree runs twice: the prefixes need every
// subtree's total before any value is final, and an exchange must not
// write a thread's dst before that thread's src row has been read (they
// may be the same memory).
func (k OneSidedKind) twoPhase() bool { return k == OSExchange || k >= OSPrefixReduce }

// OneSided is one call of a one-sided collective.
//
// Relocalization (NBytes per block, the layouts of the spec's section
// 5.1): upc_broadcast copies NBytes at Src to every thread's block of Dst
// (`shared [NBytes] char[NBytes*THREADS]`); upc_scatter copies block i of
// Src (`shared [] char[NBytes*THREADS]`) to thread i's block of Dst;
// upc_gather is its inverse; upc_exchange copies block j of thread i's
// row of Src to block i of thread j's row of Dst (rows of
// NBytes*THREADS bytes). Src == Dst is in place.
//
// Computation (Type, Op): Src is taken as `shared TYPE src[THREADS]`.
// upc_reduce writes src[0] op ... op src[THREADS-1] to the TYPE at Dst;
// upc_prefix_reduce writes element i of `shared TYPE dst[THREADS]` as
// src[0] op ... op src[i]; upc_xprefix_reduce as src[0] op ... op
// src[i-1], with op's identity at 0.
//
// Threads, if not nil, is the subset of the spec's section 4 (an upcgo
// extension): only those threads' blocks are read and written, and for the
// computations the elements with those indices are combined, in the order
// listed.
type OneSided struct {
	Kind     OneSidedKind
	Dst, Src SharedPtr
	NBytes   uint64
	Type     TypeCode
	Op       Op
	Threads  []int32
}

// OneSided runs c and returns when it is complete.
func (t *Thread) OneSided(c OneSided) {
	t.ep.Wait(t.oneSided(c, ""))
}

// OneSidedAsync starts c and returns its handle (zero if it is already
// complete), which the memcpy library's synchronisation functions
// (upc_sync, upc_sync_attempt) complete. The source data has been read
// when it returns.
func (t *Thread) OneSidedAsync(c OneSided) gasnet.Handle {
	return t.oneSided(c, "_async")
}

// Broadcast is upc_broadcast.
func (t *Thread) Broadcast(dst, src SharedPtr, nbytes uint64) {
	t.OneSided(OneSided{Kind: OSBroadcast, Dst: dst, Src: src, NBytes: nbytes})
}

// Scatter is upc_scatter.
func (t *Thread) Scatter(dst, src SharedPtr, nbytes uint64) {
	t.OneSided(OneSided{Kind: OSScatter, Dst: dst, Src: src, NBytes: nbytes})
}

// Gather is upc_gather.
func (t *Thread) Gather(dst, src SharedPtr, nbytes uint64) {
	t.OneSided(OneSided{Kind: OSGather, Dst: dst, Src: src, NBytes: nbytes})
}

// Exchange is upc_exchange.
func (t *Thread) Exchange(dst, src SharedPtr, nbytes uint64) {
	t.OneSided(OneSided{Kind: OSExchange, Dst: dst, Src: src, NBytes: nbytes})
}

// Reduce is upc_reduce.
func (t *Thread) Reduce(dst, src SharedPtr, typ TypeCode, op Op) {
	t.OneSided(OneSided{Kind: OSReduce, Dst: dst, Src: src, Type: typ, Op: op})
}

// PrefixReduce is upc_prefix_reduce.
func (t *Thread) PrefixReduce(dst, src SharedPtr, typ TypeCode, op Op) {
	t.OneSided(OneSided{Kind: OSPrefixReduce, Dst: dst, Src: src, Type: typ, Op: op})
}

// XPrefixReduce is upc_xprefix_reduce.
func (t *Thread) XPrefixReduce(dst, src SharedPtr, typ TypeCode, op Op) {
	t.OneSided(OneSided{Kind: OSXPrefixReduce, Dst: dst, Src: src, Type: typ, Op: op})
}

// Subset is a C list of n thread numbers at p, as OneSided.Threads: never
// nil, so that an empty list means no thread rather than every thread.
func Subset(p *int32, n uint64) []int32 {
	if n == 0 {
		return []int32{}
	}
	if p == nil {
		panic(fmt.Sprintf("upc: a subset of %d threads at a null pointer", n))
	}
	return unsafe.Slice(p, n)
}

// osOp is a validated call: what every node of the tree needs.
type osOp struct {
	OneSided
	name    string
	threads int // THREADS
	n       int // positions (participants)
	full    bool
	arith   osArith // computational kinds
	es      uintptr // element size in shared memory (computational)
}

func (o *osOp) member(p int) int {
	if o.full {
		return p
	}
	return int(o.Threads[p])
}

// elem is element i of `shared TYPE a[THREADS]` starting at a.
func (o *osOp) elem(a SharedPtr, i int) SharedPtr { return a.Add(int64(i), Cyclic(o.es), o.threads) }

// nodeThread is the thread that executes position p of the tree: the
// one whose data it reads.
func (o *osOp) nodeThread(p int) int {
	if o.Kind.computational() {
		return int(o.elem(o.Src, o.member(p)).Thread)
	}
	return o.member(p)
}

func (t *Thread) oneSided(c OneSided, form string) gasnet.Handle {
	if c.Threads != nil {
		form = "_subset" + form
	}
	if int(c.Kind) >= len(osNames) {
		panic(fmt.Sprintf("upc: invalid one-sided collective %d", c.Kind))
	}
	o := &osOp{OneSided: c, name: osNames[c.Kind] + form, threads: t.Threads, n: t.Threads, full: c.Threads == nil}
	if !o.full {
		o.n = len(c.Threads)
		seen := make(map[int32]bool, len(c.Threads))
		for _, m := range c.Threads {
			if m < 0 || int(m) >= t.Threads {
				panic(fmt.Sprintf("%s: thread %d in the subset is not in [0,%d)", o.name, m, t.Threads))
			}
			if seen[m] {
				panic(fmt.Sprintf("%s: thread %d is listed twice in the subset", o.name, m))
			}
			seen[m] = true
		}
		// The caller may change its list once the call returns.
		o.Threads = append([]int32(nil), c.Threads...)
	}
	if o.n == 0 || !o.Kind.computational() && o.NBytes == 0 {
		return 0
	}
	t.osValidate(o)
	if t.addressesAll {
		t.osDirect(o)
		return 0
	}
	return t.osTree(o)
}

// osValidate checks every region the call will touch, so that no node of
// the tree (a message handler) can meet a bad address.
func (t *Thread) osValidate(o *osOp) {
	nb, P := uintptr(o.NBytes), uintptr(o.threads)
	if o.NBytes != uint64(nb) || nb*P*P/P/P != nb {
		panic(fmt.Sprintf("%s: nbytes %d is too large", o.name, o.NBytes))
	}
	switch o.Kind {
	case OSBroadcast:
		t.collCheckRange(o.name, "src", o.Src, nb)
		t.collCheckBlocks(o.name, "dst", o.Dst, nb)
	case OSScatter:
		t.collCheckRange(o.name, "src", o.Src, nb*P)
		t.collCheckBlocks(o.name, "dst", o.Dst, nb)
	case OSGather:
		t.collCheckBlocks(o.name, "src", o.Src, nb)
		t.collCheckRange(o.name, "dst", o.Dst, nb*P)
	case OSExchange:
		t.collCheckBlocks(o.name, "src", o.Src, nb*P)
		t.collCheckBlocks(o.name, "dst", o.Dst, nb*P)
	default:
		o.arith = arithFor(o.name, o.Type, o.Op)
		o.es = o.arith.stride()
		t.collCheckBlocks(o.name, "src", o.Src, o.es)
		if o.Kind == OSReduce {
			t.collCheckRange(o.name, "dst", o.Dst, o.es)
		} else {
			t.collCheckBlocks(o.name, "dst", o.Dst, o.es)
		}
	}
}

// osDirect performs the call with loads and stores: the caller addresses
// every segment.
func (t *Thread) osDirect(o *osOp) {
	mem := func(p SharedPtr, n uintptr) []byte {
		return unsafe.Slice((*byte)(unsafe.Add(t.segs[p.Thread], p.Addr)), n)
	}
	nb := uintptr(o.NBytes)
	switch o.Kind {
	case OSBroadcast:
		src := mem(o.Src, nb)
		for p := range o.n {
			copy(mem(blockOn(o.Dst, o.member(p), nb), nb), src)
		}
	case OSScatter:
		// In place, the root's own block overlaps block 0 of src: write
		// it last.
		root := int(o.Src.Thread)
		last := -1
		for p := range o.n {
			m := o.member(p)
			if m == root {
				last = m
				continue
			}
			copy(mem(blockOn(o.Dst, m, nb), nb), mem(SharedPtr{Thread: o.Src.Thread, Addr: o.Src.Addr + uintptr(m)*nb}, nb))
		}
		if last >= 0 {
			copy(mem(blockOn(o.Dst, last, nb), nb), mem(SharedPtr{Thread: o.Src.Thread, Addr: o.Src.Addr + uintptr(last)*nb}, nb))
		}
	case OSGather:
		// In place, the root's own src block is dst's block 0: keep it
		// before anything lands there.
		root := int(o.Dst.Thread)
		var saved []byte
		for p := range o.n {
			if o.member(p) == root {
				saved = append([]byte(nil), mem(blockOn(o.Src, root, nb), nb)...)
			}
		}
		for p := range o.n {
			if m := o.member(p); m != root {
				copy(mem(SharedPtr{Thread: o.Dst.Thread, Addr: o.Dst.Addr + uintptr(m)*nb}, nb), mem(blockOn(o.Src, m, nb), nb))
			}
		}
		if saved != nil {
			copy(mem(SharedPtr{Thread: o.Dst.Thread, Addr: o.Dst.Addr + uintptr(root)*nb}, nb), saved)
		}
	case OSExchange:
		row := nb * uintptr(o.threads)
		block := func(a SharedPtr, i, j int) []byte {
			b := blockOn(a, i, row)
			b.Addr += uintptr(j) * nb
			return mem(b, nb)
		}
		inPlace := o.Src == o.Dst
		for p := range o.n {
			i := o.member(p)
			for q := range o.n {
				j := o.member(q)
				switch {
				case !inPlace:
					copy(block(o.Dst, j, i), block(o.Src, i, j))
				case i < j:
					// In place the exchange is a transpose: swap pairs.
					a, b := block(o.Src, i, j), block(o.Src, j, i)
					tmp := append([]byte(nil), a...)
					copy(a, b)
					copy(b, tmp)
				}
			}
		}
	default:
		vals := make([][]byte, o.n)
		for p := range o.n {
			vals[p] = o.arith.load(unsafe.Pointer(&mem(o.elem(o.Src, o.member(p)), o.es)[0]))
		}
		store := func(a SharedPtr, v []byte) { o.arith.store(unsafe.Pointer(&mem(a, o.es)[0]), v) }
		switch o.Kind {
		case OSReduce:
			acc := vals[0]
			for _, v := range vals[1:] {
				acc = o.arith.combine(acc, v)
			}
			store(o.Dst, acc)
		default:
			// acc is absent before the first element: an exclusive prefix
			// is the identity only at position 0.
			var acc []byte
			for p, v := range vals {
				next := v
				if acc != nil {
					next = o.arith.combine(acc, v)
				}
				out := next
				if o.Kind == OSXPrefixReduce {
					out = acc
					if out == nil {
						out = o.arith.identity()
					}
				}
				store(o.elem(o.Dst, o.member(p)), out)
				acc = next
			}
		}
	}
}

// osArith is a computational one-sided collective's operator on one
// element type, on partial results encoded as in a message: a presence
// byte and the value (see encodeOpts).
type osArith interface {
	stride() uintptr                  // the element's size in shared memory
	load(p unsafe.Pointer) []byte     // the element at p, present
	store(p unsafe.Pointer, v []byte) // writes v's value (if present) at p
	combine(a, b []byte) []byte
	identity() []byte // op's identity, present (absent before the first element of an inclusive prefix)
}

type numArith[T Number] struct {
	comb func(a, b T) T
	op   Op
	es   uintptr
}

func (x numArith[T]) stride() uintptr { return x.es }
func (x numArith[T]) load(p unsafe.Pointer) []byte {
	return encodeOpts([]partial[T]{{*(*T)(p), true}})
}
func (x numArith[T]) store(p unsafe.Pointer, v []byte) {
	if a := optsFrom[T](v, 1)[0]; a.ok {
		*(*T)(p) = a.v
	}
}
func (x numArith[T]) combine(a, b []byte) []byte {
	return encodeOpts([]partial[T]{combineOpt(x.comb, optsFrom[T](a, 1)[0], optsFrom[T](b, 1)[0])})
}
func (x numArith[T]) identity() []byte {
	return encodeOpts([]partial[T]{{opIdentity[T](x.op), true}})
}

// arithFor validates a one-sided computation's type and operator.
func arithFor(name string, typ TypeCode, op Op) osArith {
	if op == OpFunc || op == OpNonCommFunc {
		panic(fmt.Sprintf("%s: %v needs a function, which the one-sided collectives do not take", name, op))
	}
	switch typ {
	case TypeChar, TypeInt8:
		return numArith[int8]{combiner[int8](name, op, nil), op, 1}
	case TypeUChar, TypeUInt8:
		return numArith[uint8]{combiner[uint8](name, op, nil), op, 1}
	case TypeShort, TypeInt16:
		return numArith[int16]{combiner[int16](name, op, nil), op, 2}
	case TypeUShort, TypeUInt16:
		return numArith[uint16]{combiner[uint16](name, op, nil), op, 2}
	case TypeInt, TypeInt32:
		return numArith[int32]{combiner[int32](name, op, nil), op, 4}
	case TypeUInt, TypeUInt32:
		return numArith[uint32]{combiner[uint32](name, op, nil), op, 4}
	case TypeLong, TypeLLong, TypeInt64:
		return numArith[int64]{combiner[int64](name, op, nil), op, 8}
	case TypeULong, TypeULLong, TypeUInt64:
		return numArith[uint64]{combiner[uint64](name, op, nil), op, 8}
	case TypeFloat:
		return numArith[float32]{combiner[float32](name, op, nil), op, 4}
	case TypeDouble:
		return numArith[float64]{combiner[float64](name, op, nil), op, 8}
	case TypeLDouble:
		return numArith[float64]{combiner[float64](name, op, nil), op, 16}
	}
	panic(fmt.Sprintf("%s: %v is not a type it can compute on", name, typ))
}

// The tree. Positions 0..n-1 (the participants in order) form the binomial
// tree of treeChildren, rooted at position 0; position p runs on
// nodeThread(p). Phase one goes down as requests and back up as answers;
// the two-phase kinds then go down and up once more. Writes a node cannot
// do on its own segment travel as store messages it waits for, so a node
// answers only when its whole subtree's writes are done; the root answers
// the caller.

// The handlers name each other, so they are registered in init (in a
// fixed order, like every package-level registration).
var hOSReq, hOSUp, hOSDown, hOSStore, hOSDone gasnet.HandlerID

func init() {
	hOSReq = gasnet.RegisterHandler("upc-os-request", amOSReq)
	hOSUp = gasnet.RegisterHandler("upc-os-answer", amOSUp)
	hOSDown = gasnet.RegisterHandler("upc-os-down", amOSDown)
	hOSStore = gasnet.RegisterHandler("upc-os-store", amOSStore)
	hOSDone = gasnet.RegisterHandler("upc-os-done", amOSDone)
}

// osKey names a node of a call in flight: the caller and its completion
// (unique while the call runs) and the node's position.
type osKey struct {
	job    *gasnet.Job
	caller int
	ref    uint64
	lo     int
}

// osNode is a node's state between messages.
type osNode struct {
	o       *osOp
	key     osKey
	me      int // the node's thread
	parent  int // the parent's thread, or -1 at the root
	hi      int
	pending int
	phase   int
	own     []byte   // gather: own block; computations: own element; exchange: own src row
	kidLo   []int    // the children's positions, ascending
	kidUp   [][]byte // their phase-one answers
}

// osNodes holds the nodes waiting for messages, for every job of this
// process. Handlers of different (simulated) processes run concurrently.
var osNodes = struct {
	sync.Mutex
	m map[osKey]*osNode
}{m: map[osKey]*osNode{}}

// osTree starts the call at the root and returns the caller's handle.
func (t *Thread) osTree(o *osOp) gasnet.Handle {
	h, ref := t.ep.Track(1, false)
	nb := uintptr(o.NBytes)
	var data []byte
	switch o.Kind {
	case OSBroadcast:
		data = make([]byte, nb)
		t.ep.Get(unsafe.Pointer(&data[0]), int(o.Src.Thread), o.Src.Addr, nb)
	case OSScatter:
		// The blocks in position order.
		data = make([]byte, uintptr(o.n)*nb)
		if o.full {
			t.ep.Get(unsafe.Pointer(&data[0]), int(o.Src.Thread), o.Src.Addr, uintptr(o.n)*nb)
		} else {
			for p := range o.n {
				t.ep.Get(unsafe.Pointer(&data[uintptr(p)*nb]), int(o.Src.Thread), o.Src.Addr+uintptr(o.member(p))*nb, nb)
			}
		}
	}
	t.ep.Send(o.nodeThread(0), hOSReq, []uint64{uint64(t.MyThread), uint64(ref), 0, ^uint64(0)}, encodeOS(o, 0, treeHi(0, o.n), data))
	return h
}

// encodeOS is a request's payload: the call, the members of positions
// [lo, hi) (all of them for an exchange, whose nodes send to everyone),
// and the data for that subtree.
func encodeOS(o *osOp, lo, hi int, data []byte) []byte {
	b := make([]byte, 0, 80+4*(hi-lo)+len(data))
	b = append(b, byte(o.Kind), collBoolByte(o.full))
	b = binary.LittleEndian.AppendUint32(b, uint32(o.Type))
	b = binary.LittleEndian.AppendUint32(b, uint32(o.Op))
	b = binary.LittleEndian.AppendUint64(b, o.NBytes)
	b = binary.LittleEndian.AppendUint32(b, uint32(o.threads))
	b = binary.LittleEndian.AppendUint32(b, uint32(o.n))
	for _, p := range []SharedPtr{o.Dst, o.Src} {
		b = binary.LittleEndian.AppendUint64(b, uint64(p.Addr))
		b = binary.LittleEndian.AppendUint32(b, p.Thread)
		b = binary.LittleEndian.AppendUint32(b, p.Phase)
	}
	if !o.full {
		if o.Kind == OSExchange {
			lo, hi = 0, o.n
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(lo))
		b = binary.LittleEndian.AppendUint32(b, uint32(hi))
		for p := lo; p < hi; p++ {
			b = binary.LittleEndian.AppendUint32(b, uint32(o.Threads[p]))
		}
	}
	return append(b, data...)
}

func collBoolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// decodeOS reverses encodeOS. Members outside the range sent are zero:
// a node only asks for those of its subtree.
func decodeOS(b []byte) (*osOp, []byte) {
	le := binary.LittleEndian
	o := &osOp{}
	o.Kind, o.full = OneSidedKind(b[0]), b[1] != 0
	o.Type, o.Op, o.NBytes = TypeCode(int32(le.Uint32(b[2:]))), Op(le.Uint32(b[6:])), le.Uint64(b[10:])
	o.threads, o.n = int(le.Uint32(b[18:])), int(le.Uint32(b[22:]))
	b = b[26:]
	for _, p := range []*SharedPtr{&o.Dst, &o.Src} {
		*p = SharedPtr{Addr: uintptr(le.Uint64(b)), Thread: le.Uint32(b[8:]), Phase: le.Uint32(b[12:])}
		b = b[16:]
	}
	if !o.full {
		lo, hi := int(le.Uint32(b)), int(le.Uint32(b[4:]))
		b = b[8:]
		o.Threads = make([]int32, o.n)
		for p := lo; p < hi; p++ {
			o.Threads[p] = int32(le.Uint32(b))
			b = b[4:]
		}
	}
	o.name = osNames[o.Kind]
	if o.Kind.computational() {
		// Validated by the caller: this cannot fail.
		o.arith = arithFor(o.name, o.Type, o.Op)
		o.es = o.arith.stride()
	}
	return o, b
}

// osNodeMem is n bytes of the node thread's own segment.
func osNodeMem(tok gasnet.Token, addr, n uintptr) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(tok.Segment(), addr)), n)
}

func amOSReq(tok gasnet.Token, args []uint64, payload []byte) {
	o, data := decodeOS(payload)
	lo := int(args[2])
	nd := &osNode{o: o, key: osKey{tok.Job(), int(args[0]), args[1], lo}, me: tok.Dst(), parent: int(int64(args[3])), hi: treeHi(lo, o.n)}
	nb, me := uintptr(o.NBytes), nd.me
	switch o.Kind {
	case OSBroadcast:
		copy(osNodeMem(tok, blockOn(o.Dst, me, nb).Addr, nb), data)
	case OSScatter:
		copy(osNodeMem(tok, blockOn(o.Dst, me, nb).Addr, nb), data[:nb])
	case OSGather:
		nd.own = append([]byte(nil), osNodeMem(tok, blockOn(o.Src, me, nb).Addr, nb)...)
	case OSExchange:
		row := nb * uintptr(o.threads)
		nd.own = append([]byte(nil), osNodeMem(tok, blockOn(o.Src, me, row).Addr, row)...)
	default:
		nd.own = o.arith.load(unsafe.Pointer(&osNodeMem(tok, o.elem(o.Src, o.member(lo)).Addr, o.es)[0]))
	}
	treeChildren(lo, o.n, false, func(c, _ int) { nd.kidLo = append(nd.kidLo, c) })
	nd.kidUp = make([][]byte, len(nd.kidLo))
	nd.pending = len(nd.kidLo)
	if nd.pending == 0 {
		nd.finish(tok)
		return
	}
	// Registered before the children hear of it, so no answer can miss it.
	nd.keep()
	// A broadcast to every thread sends its children one payload.
	var shared []byte
	if o.Kind == OSBroadcast && o.full {
		shared = encodeOS(o, 0, 0, data)
	}
	treeChildren(lo, o.n, true, func(c, chi int) {
		req := shared
		switch {
		case req != nil:
		case o.Kind == OSBroadcast:
			req = encodeOS(o, c, chi, data)
		case o.Kind == OSScatter:
			req = encodeOS(o, c, chi, data[uintptr(c-lo)*nb:uintptr(chi-lo)*nb])
		default:
			req = encodeOS(o, c, chi, nil)
		}
		tok.Job().SendFrom(me, o.nodeThread(c), hOSReq, []uint64{args[0], args[1], uint64(c), uint64(me)}, req)
	})
}

func (nd *osNode) keep() {
	osNodes.Lock()
	osNodes.m[nd.key] = nd
	osNodes.Unlock()
}

// osLookupNode finds the node a message is for.
func osLookupNode(tok gasnet.Token, caller, ref uint64, lo int) *osNode {
	osNodes.Lock()
	defer osNodes.Unlock()
	return osNodes.m[osKey{tok.Job(), int(caller), ref, lo}]
}

func (nd *osNode) forget() {
	osNodes.Lock()
	delete(osNodes.m, nd.key)
	osNodes.Unlock()
}

// amOSUp is a child's answer (args: caller, ref, the node's position, the
// child's position or -1 for a store, phase).
func amOSUp(tok gasnet.Token, args []uint64, payload []byte) {
	nd := osLookupNode(tok, args[0], args[1], int(args[2]))
	if nd == nil {
		tok.Job().Abort(fmt.Errorf("upc: one-sided collective answer for an unknown node (position %d on thread %d)", args[2], tok.Dst()))
		return
	}
	if child := int(int64(args[3])); child >= 0 && nd.phase == 0 {
		for i, c := range nd.kidLo {
			if c == child {
				nd.kidUp[i] = payload
			}
		}
	}
	nd.pending--
	if nd.pending == 0 {
		nd.finish(tok)
	}
}

// finish runs when a phase's answers are all in.
func (nd *osNode) finish(tok gasnet.Token) {
	o := nd.o
	var up []byte
	switch o.Kind {
	case OSGather:
		up = nd.own
		for _, u := range nd.kidUp {
			up = append(up, u...)
		}
	case OSReduce, OSPrefixReduce, OSXPrefixReduce:
		up = nd.own
		for _, u := range nd.kidUp {
			up = o.arith.combine(up, u)
		}
	}
	if o.Kind.twoPhase() && nd.phase == 0 {
		// The node waits for phase two (the root starts it).
		nd.phase = 1
		nd.keep()
		if nd.parent < 0 {
			nd.down(tok, nil)
			return
		}
		nd.answer(tok, up)
		return
	}
	nd.forget()
	if nd.parent >= 0 {
		nd.answer(tok, up)
		return
	}
	// The root: the final store, or straight to the caller.
	done := []uint64{uint64(nd.key.caller), nd.key.ref}
	switch o.Kind {
	case OSGather:
		nb := uintptr(o.NBytes)
		var addrs []uintptr
		for p := range o.n {
			addrs = append(addrs, o.Dst.Addr+uintptr(o.member(p))*nb)
		}
		osStore(tok, int(o.Dst.Thread), addrs, nb, up, done, true)
	case OSReduce:
		osStore(tok, int(o.Dst.Thread), []uintptr{o.Dst.Addr}, 0, up, done, true)
	default:
		tok.Job().SendFrom(nd.me, nd.key.caller, hOSDone, []uint64{nd.key.ref}, nil)
	}
}

func (nd *osNode) answer(tok gasnet.Token, up []byte) {
	tok.Job().SendFrom(nd.me, nd.parent, hOSUp, []uint64{uint64(nd.key.caller), nd.key.ref, uint64(treeParent(nd.key.lo)), uint64(nd.key.lo)}, up)
}

// down runs phase two at a node: prefix is the combination of every
// position before it (nil at the root).
func (nd *osNode) down(tok gasnet.Token, prefix []byte) {
	o, lo := nd.o, nd.key.lo
	// Stores answer to this node like a child, with position -1.
	ack := []uint64{uint64(nd.key.caller), nd.key.ref, uint64(lo), ^uint64(0), uint64(nd.me)}
	// Count everything first: a store to this node's own thread answers
	// through the same queue, but only after this handler.
	nd.pending = len(nd.kidLo)
	if o.Kind == OSExchange {
		nd.pending += o.n
		nb := uintptr(o.NBytes)
		row := nb * uintptr(o.threads)
		for q := range o.n {
			j := o.member(q)
			d := blockOn(o.Dst, j, row)
			osStore(tok, j, []uintptr{d.Addr + uintptr(nd.me)*nb}, nb, nd.own[uintptr(j)*nb:uintptr(j+1)*nb], ack, false)
		}
		for _, c := range nd.kidLo {
			tok.Job().SendFrom(nd.me, o.nodeThread(c), hOSDown, []uint64{uint64(nd.key.caller), nd.key.ref, uint64(c)}, nil)
		}
		return
	}
	nd.pending++
	incl := nd.own
	if prefix != nil {
		incl = o.arith.combine(prefix, nd.own)
	}
	out := incl
	if o.Kind == OSXPrefixReduce {
		out = prefix
		if out == nil {
			out = o.arith.identity()
		}
	}
	d := o.elem(o.Dst, o.member(lo))
	osStore(tok, int(d.Thread), []uintptr{d.Addr}, 0, out, ack, false)
	run := incl
	for i, c := range nd.kidLo {
		tok.Job().SendFrom(nd.me, o.nodeThread(c), hOSDown, []uint64{uint64(nd.key.caller), nd.key.ref, uint64(c)}, run)
		run = o.arith.combine(run, nd.kidUp[i])
	}
}

func amOSDown(tok gasnet.Token, args []uint64, payload []byte) {
	nd := osLookupNode(tok, args[0], args[1], int(args[2]))
	if nd == nil {
		tok.Job().Abort(fmt.Errorf("upc: one-sided collective phase two for an unknown node (position %d on thread %d)", args[2], tok.Dst()))
		return
	}
	nd.down(tok, payload)
}

// osStore writes data to thread th at addrs, blocks of size bytes each
// (size 0: one element of the call's type, data being a partial result),
// then sends then: to hOSDone (final) or as a store's answer to the node.
// A store to the handler's own thread is done in place.
func osStore(tok gasnet.Token, th int, addrs []uintptr, size uintptr, data []byte, then []uint64, final bool) {
	le := binary.LittleEndian
	b := make([]byte, 0, 8+8*len(addrs)+len(data))
	b = le.AppendUint64(b, uint64(size))
	b = le.AppendUint32(b, uint32(len(addrs)))
	b = append(b, collBoolByte(final), 0, 0, 0)
	for _, a := range addrs {
		b = le.AppendUint64(b, uint64(a))
	}
	b = append(b, data...)
	args := append([]uint64(nil), then...)
	if th == tok.Dst() {
		osDoStore(tok, args, b)
		return
	}
	tok.Job().SendFrom(tok.Dst(), th, hOSStore, args, b)
}

func amOSStore(tok gasnet.Token, args []uint64, payload []byte) { osDoStore(tok, args, payload) }

// osDoStore performs a store at tok's thread and sends its completion. A
// size of 0 marks a single element given as a partial result, whose type
// the completion's node knows; the store writes its value bytes.
func osDoStore(tok gasnet.Token, args []uint64, b []byte) {
	le := binary.LittleEndian
	size, n, final := uintptr(le.Uint64(b)), int(le.Uint32(b[8:])), b[12] != 0
	b = b[16:]
	addrs := make([]uintptr, n)
	for i := range addrs {
		addrs[i] = uintptr(le.Uint64(b))
		b = b[8:]
	}
	if size == 0 {
		// A partial result: presence byte, then the value.
		if len(b) > 0 && b[0] != 0 {
			copy(osNodeMem(tok, addrs[0], uintptr(len(b)-1)), b[1:])
		}
	} else {
		for i, a := range addrs {
			copy(osNodeMem(tok, a, size), b[uintptr(i)*size:uintptr(i+1)*size])
		}
	}
	if final {
		tok.Job().SendFrom(tok.Dst(), int(args[0]), hOSDone, []uint64{args[1]}, nil)
		return
	}
	// The answer goes to the node that asked for the store (args[4]).
	tok.Job().SendFrom(tok.Dst(), int(args[4]), hOSUp, args[:4], nil)
}

func amOSDone(tok gasnet.Token, args []uint64, _ []byte) { tok.Job().Complete(gasnet.OpRef(args[0])) }
