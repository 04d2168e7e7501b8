package upc

import (
	"fmt"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The UPC 1.3 collectives (upc_collective.h): relocalization here,
// reductions in coll_reduce.go, the one-sided collectives of
// upc-one-sided-collectives.txt in coll_onesided.go.
//
// Every algorithm is a tree or recursive doubling over gasnet's
// collective mailboxes: a thread reads only its own source data and writes
// only its own destination data; everything it needs from others arrives
// as a message. That makes UPC_IN_MYSYNC and UPC_OUT_MYSYNC free (a thread
// touches nothing of a thread that has not entered or has already left)
// and keeps a thread that runs ahead into the next collective from
// touching memory the others still use. docs/collectives.md has the
// decisions the specifications leave open.

// Op is upc_op_t: a reduction operator (upc_types.h) or an atomic
// operation (upc_atomic.h). The values are distinct bits, so a set of
// operations is their bitwise or, as upc_all_atomicdomain_alloc takes it.
type Op uint32

// The values must match stdlib/include/upc_types.h and upc_atomic.h.
const (
	OpAdd         Op = 1 << 0
	OpMult        Op = 1 << 1
	OpAnd         Op = 1 << 2
	OpOr          Op = 1 << 3
	OpXor         Op = 1 << 4
	OpLogAnd      Op = 1 << 5
	OpLogOr       Op = 1 << 6
	OpMin         Op = 1 << 7
	OpMax         Op = 1 << 8
	OpGet         Op = 1 << 9
	OpSet         Op = 1 << 10
	OpCSwap       Op = 1 << 11
	OpSub         Op = 1 << 12
	OpInc         Op = 1 << 13
	OpDec         Op = 1 << 14
	OpFunc        Op = 1 << 16
	OpNonCommFunc Op = 1 << 17
)

var opNames = map[Op]string{
	OpAdd: "UPC_ADD", OpMult: "UPC_MULT", OpAnd: "UPC_AND", OpOr: "UPC_OR", OpXor: "UPC_XOR",
	OpLogAnd: "UPC_LOGAND", OpLogOr: "UPC_LOGOR", OpMin: "UPC_MIN", OpMax: "UPC_MAX",
	OpGet: "UPC_GET", OpSet: "UPC_SET", OpCSwap: "UPC_CSWAP", OpSub: "UPC_SUB", OpInc: "UPC_INC",
	OpDec: "UPC_DEC", OpFunc: "UPC_FUNC", OpNonCommFunc: "UPC_NONCOMM_FUNC",
}

func (o Op) String() string {
	if s, ok := opNames[o]; ok {
		return s
	}
	return fmt.Sprintf("upc_op_t(%#x)", uint32(o))
}

// Flag is upc_flag_t, the synchronisation mode of a collective: at most
// one UPC_IN_ value or-ed with at most one UPC_OUT_ value (upc_types.h).
// Every mode is a non-zero bit, as UPC 1.3 requires; a side given no
// value is ALLSYNC, so 0 still means ALLSYNC on both sides.
type Flag int32

// The values must match stdlib/include/upc_types.h. They are Berkeley
// UPC's: the NOSYNC and MYSYNC bits as before UPC 1.3, the ALLSYNC ones
// above them; UPC-IO's UPC_ASYNC (runtime/upcio) is the next bit.
const (
	InNoSync   Flag = 1 << 0
	InMySync   Flag = 1 << 1
	OutNoSync  Flag = 1 << 2
	OutMySync  Flag = 1 << 3
	InAllSync  Flag = 1 << 4
	OutAllSync Flag = 1 << 5

	inMask  = InNoSync | InMySync | InAllSync
	outMask = OutNoSync | OutMySync | OutAllSync
)

// Modes splits f into its entry and exit modes (one of the In and one of
// the Out constants each, ALLSYNC where f names none); ok is false when f
// has a bit of neither mask or two modes on one side.
func (f Flag) Modes() (in, out Flag, ok bool) {
	in, out = f&inMask, f&outMask
	ok = f&^(inMask|outMask) == 0 && in&(in-1) == 0 && out&(out-1) == 0
	if in == 0 {
		in = InAllSync
	}
	if out == 0 {
		out = OutAllSync
	}
	return in, out, ok
}

// TypeCode is upc_type_t (upc_types.h).
type TypeCode int32

const (
	TypeChar TypeCode = iota
	TypeUChar
	TypeShort
	TypeUShort
	TypeInt
	TypeUInt
	TypeLong
	TypeULong
	TypeLLong
	TypeULLong
	TypeInt8
	TypeUInt8
	TypeInt16
	TypeUInt16
	TypeInt32
	TypeUInt32
	TypeInt64
	TypeUInt64
	TypeFloat
	TypeDouble
	TypeLDouble
	TypePTS // a pointer-to-shared (atomics only)
)

var typeNames = [...]string{"UPC_CHAR", "UPC_UCHAR", "UPC_SHORT", "UPC_USHORT", "UPC_INT", "UPC_UINT",
	"UPC_LONG", "UPC_ULONG", "UPC_LLONG", "UPC_ULLONG", "UPC_INT8", "UPC_UINT8", "UPC_INT16",
	"UPC_UINT16", "UPC_INT32", "UPC_UINT32", "UPC_INT64", "UPC_UINT64", "UPC_FLOAT", "UPC_DOUBLE",
	"UPC_LDOUBLE", "UPC_PTS"}

func (c TypeCode) String() string {
	if c >= 0 && int(c) < len(typeNames) {
		return typeNames[c]
	}
	return fmt.Sprintf("upc_type_t(%d)", int32(c))
}

func (f Flag) String() string {
	in := map[Flag]string{InAllSync: "UPC_IN_ALLSYNC", InNoSync: "UPC_IN_NOSYNC", InMySync: "UPC_IN_MYSYNC"}[f&inMask]
	out := map[Flag]string{OutAllSync: "UPC_OUT_ALLSYNC", OutNoSync: "UPC_OUT_NOSYNC", OutMySync: "UPC_OUT_MYSYNC"}[f&outMask]
	if in == "" || out == "" || f&^(inMask|outMask) != 0 {
		return fmt.Sprintf("upc_flag_t(%#x)", int32(f))
	}
	return in + "|" + out
}

// The single-valued arguments of the collectives (UPC 1.3 7.4: all of
// them), as the words of gasnet.CollArgs: sync_mode first, then the rest
// in the order the function takes them. Pointers travel as digests.
var (
	argSyncMode = gasnet.CollArg{Name: "sync_mode", Show: func(v uint64) string { return Flag(v).String() }}
	argOp       = gasnet.CollArg{Name: "op", Show: func(v uint64) string { return Op(v).String() }}
	relocArgs   = []gasnet.CollArg{argSyncMode, {Name: "nbytes"}, {Name: "dst", Digest: true}, {Name: "src", Digest: true}, {Name: "perm", Digest: true}}
	reduceArgs  = []gasnet.CollArg{argSyncMode, argOp, {Name: "nelems"}, {Name: "blk_size"}, {Name: "dst", Digest: true}, {Name: "src", Digest: true}}
)

// ptrArg is a digest of a pointer-to-shared, for CollArgs.
func ptrArg(p SharedPtr) uint64 {
	return uint64(p.Addr) ^ uint64(p.Thread)<<48 ^ uint64(p.Phase)<<32
}

// The collectives as gasnet's mailboxes know them (for mismatch reports).
// Each type of a reduction is a collective of its own, so that threads
// calling upc_all_reduceI and upc_all_reduceD at one point are caught.
var (
	kBroadcast  = gasnet.RegisterCollective("upc_all_broadcast", "", relocArgs[:4]...)
	kScatter    = gasnet.RegisterCollective("upc_all_scatter", "", relocArgs[:4]...)
	kGather     = gasnet.RegisterCollective("upc_all_gather", "", relocArgs[:4]...)
	kGatherAll  = gasnet.RegisterCollective("upc_all_gather_all", "", relocArgs[:4]...)
	kExchange   = gasnet.RegisterCollective("upc_all_exchange", "", relocArgs[:4]...)
	kPermute    = gasnet.RegisterCollective("upc_all_permute", "perm is not a permutation of 0..THREADS-1", relocArgs...)
	reduceKinds = func() map[string]uint8 {
		m := map[string]uint8{}
		for _, f := range []string{"upc_all_reduce", "upc_all_prefix_reduce"} {
			for _, t := range []string{"C", "UC", "S", "US", "I", "UI", "L", "UL", "F", "D", "LD"} {
				m[f+t] = gasnet.RegisterCollective(f+t, "", reduceArgs...)
			}
		}
		return m
	}()
)

// collCall is one thread's part in one collective call.
type collCall struct {
	t       *Thread
	name    string
	port    gasnet.CollPort
	args    gasnet.CollArgs // the call's single-valued arguments
	seq     uint64
	kind    uint8
	in, out Flag
	// compared: the entry synchronisation compared every thread's
	// arguments, so the call's messages need not carry them.
	compared bool
}

// newColl validates flags and describes the call; args are its
// single-valued arguments after sync_mode (see the kind's CollArg list).
// A one-pass collective goes on with onePass, any other with begin.
func (t *Thread) newColl(name string, kind uint8, flags Flag, args ...uint64) collCall {
	in, out := checkFlags(name, flags)
	c := collCall{t: t, name: name, port: t.ep.Coll(), kind: kind, in: in, out: out}
	// The modes, not the bits: 0 and UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC agree.
	c.args[0] = uint64(in | out)
	copy(c.args[1:], args)
	return c
}

// collBegin validates flags, numbers the call and performs its entry
// synchronisation; args are its single-valued arguments after sync_mode.
func (t *Thread) collBegin(name string, kind uint8, flags Flag, args ...uint64) collCall {
	c := t.newColl(name, kind, flags, args...)
	c.begin()
	return c
}

// begin numbers the call and performs its entry synchronisation. Every
// argument is compared with the other threads' once (UPC 1.3 7.4 4: they
// are single-valued): on a job barrier (the smp conduit) every call
// synchronises on entry, and the thread that completes that phase
// compares them all (a thread in another collective, or in a one-pass
// one, waits there too); elsewhere the call's messages carry them and
// every receiver compares (gasnet.CollArgs).
func (c *collCall) begin() {
	c.seq = c.port.Next()
	if c.port.Sync(c.kind, &c.args, nil) {
		c.compared = true
		return
	}
	c.port = c.port.Args(c.args)
	// Without synchronisation a thread could run any number of calls
	// ahead, its messages piling up at a slow receiver; a barrier every
	// collWindow calls bounds that (more synchronisation than the mode
	// asks for is always allowed).
	if c.in == InAllSync || c.seq%collWindow == collWindow-1 {
		c.t.internalBarrier()
	}
}

// onePass runs work as the call's one-pass form (coll_onepass.go), if
// this job allows it, and reports whether it did.
func (c collCall) onePass(work func()) bool {
	return c.t.addressesAll && c.port.Sync(c.kind, &c.args, work)
}

// checkFlags validates a collective's sync_mode and returns its entry and
// exit modes.
func checkFlags(name string, flags Flag) (in, out Flag) {
	in, out, ok := flags.Modes()
	if !ok {
		panic(fmt.Sprintf("%s: invalid sync_mode %#x (want one UPC_IN_*SYNC or-ed with one UPC_OUT_*SYNC)", name, int32(flags)))
	}
	return in, out
}

// collWindow is how many collective calls a thread may run ahead of the
// slowest.
const collWindow = 64

// end performs the exit synchronisation.
func (c collCall) end() {
	c.port.Done(c.seq)
	if c.out == OutAllSync && !c.port.Sync(c.kind, nil, nil) {
		c.t.internalBarrier()
	}
}

func (c collCall) send(dst int, step uint8, from int, payload []byte) {
	c.port.Send(dst, gasnet.CollTag{Seq: c.seq, Kind: c.kind, Step: step, From: int32(from)}, payload)
}

func (c collCall) recv(step uint8, from int) []byte {
	return c.port.Recv(gasnet.CollTag{Seq: c.seq, Kind: c.kind, Step: step, From: int32(from)})
}

// ringStep is the step of ring's messages, which no algorithm uses.
const ringStep = 255

// ring sends an empty message to the next thread and receives one from
// the previous: the messages connect every thread, so that every thread's
// arguments are compared with another's (CollArgs) where the algorithm's
// own messages do not connect them all. Nothing to do where the entry
// synchronisation compared them.
func (c collCall) ring() {
	if c.compared {
		return
	}
	P, me := c.t.Threads, c.t.MyThread
	c.send((me+1)%P, ringStep, me, nil)
	c.recvN(ringStep, (me-1+P)%P, 0)
}

// recvN receives a message that must be n bytes long: a different length
// means the threads passed different sizes (arguments must be
// single-valued).
func (c collCall) recvN(step uint8, from int, n uintptr) []byte {
	p := c.recv(step, from)
	if uintptr(len(p)) != n {
		sender := fmt.Sprintf("thread %d", from)
		if from < 0 {
			sender = "another thread"
		}
		panic(fmt.Sprintf("%s: the threads passed different sizes (thread %d expected %d bytes, %s sent %d); collective arguments must be single-valued",
			c.name, c.t.MyThread, n, sender, len(p)))
	}
	return p
}

// The trees: positions 0..n-1 form a binomial tree rooted at 0 in which
// every subtree is a contiguous range of positions, [v, treeHi(v, n)); the
// children of v are v+1, v+2, v+4, ... below that bound. Depth and the
// number of children of any node are at most ceil(log2 n).

func treeHi(v, n int) int {
	if v == 0 {
		return n
	}
	return min(n, v+v&-v)
}

func treeParent(v int) int { return v - v&-v }

// treeChildren calls f for each child of v (its range [c, chi)), largest
// subtree first when desc (a broadcast starts the longest path first).
func treeChildren(v, n int, desc bool, f func(c, chi int)) {
	hi := treeHi(v, n)
	var steps []int
	for s := 1; v+s < hi; s <<= 1 {
		steps = append(steps, s)
	}
	for i := range steps {
		s := steps[i]
		if desc {
			s = steps[len(steps)-1-i]
		}
		f(v+s, min(hi, v+2*s))
	}
}

// blockOn is the block of thread th in an array `shared [b] char
// [b*THREADS]` that starts at p, taken with phase 0: the spec's layout of
// a collective's per-thread blocks. A p on thread s puts the blocks of
// threads below s in the next row.
func blockOn(p SharedPtr, th int, b uintptr) SharedPtr {
	q := SharedPtr{Thread: uint32(th), Addr: p.Addr}
	if uint32(th) < p.Thread {
		q.Addr += b
	}
	return q
}

// collCheckBlocks validates a pointer to THREADS blocks of b bytes (one per
// thread, as blockOn places them) before any thread moves data.
func (t *Thread) collCheckBlocks(name, what string, p SharedPtr, b uintptr) {
	if p.IsNull() {
		panic(fmt.Sprintf("%s: %s is a null pointer-to-shared", name, what))
	}
	t.checkThread(p, name)
	end := p.Addr + b
	if p.Thread > 0 {
		end += b
	}
	if end < p.Addr || end > t.segSize || p.Addr < headerSize {
		panic(fmt.Sprintf("%s: %s (%v) with %d bytes per thread lies outside the shared segments", name, what, p, b))
	}
}

// collCheckRange validates n contiguous bytes at p on its thread.
func (t *Thread) collCheckRange(name, what string, p SharedPtr, n uintptr) {
	if p.IsNull() {
		panic(fmt.Sprintf("%s: %s is a null pointer-to-shared", name, what))
	}
	t.checkThread(p, name)
	if end := p.Addr + n; end < p.Addr || end > t.segSize || p.Addr < headerSize {
		panic(fmt.Sprintf("%s: %d bytes at %s (%v) lie outside thread %d's shared segment", name, n, what, p, p.Thread))
	}
}

// collOwnBytes is n bytes of the calling thread's own segment at addr, which
// it may always address directly.
func (t *Thread) collOwnBytes(addr, n uintptr) []byte {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Add(t.local, addr)), n)
}

// collReadOwn copies n bytes of the caller's own shared memory into a fresh
// buffer (a message payload the receivers will own).
func (t *Thread) collReadOwn(addr, n uintptr) []byte {
	return append([]byte(nil), t.collOwnBytes(addr, n)...)
}

// treePos and treeRank convert between thread numbers and positions in a tree
// rooted at root.
func treePos(th, root, threads int) int { return (th - root + threads) % threads }
func treeRank(v, root, threads int) int { return (v + root) % threads }

// AllBroadcast is upc_all_broadcast: nbytes at src (on one thread, the
// root) are copied to the block of nbytes of every thread in dst, taken as
// `shared [nbytes] char[nbytes*THREADS]`.
func (t *Thread) AllBroadcast(dst, src SharedPtr, nbytes uintptr, flags Flag) {
	const name = "upc_all_broadcast"
	c := t.newColl(name, kBroadcast, flags, uint64(nbytes), ptrArg(dst), ptrArg(src))
	if nbytes > 0 {
		t.collCheckRange(name, "src", src, nbytes)
		t.collCheckBlocks(name, "dst", dst, nbytes)
	}
	if nbytes <= onePassBytes/uintptr(t.Threads) && c.onePass(func() { t.broadcastOnePass(dst, src, nbytes) }) {
		return
	}
	c.begin()
	if nbytes > 0 {
		root := int(src.Thread)
		var data []byte
		if t.MyThread == root {
			data = t.collReadOwn(src.Addr, nbytes)
		}
		data = c.bcast(0, root, data, nbytes)
		copy(t.collOwnBytes(blockOn(dst, t.MyThread, nbytes).Addr, nbytes), data)
	} else {
		// No data moves, but the arguments are compared all the same.
		c.ring()
	}
	c.end()
}

// bcast spreads data (given on root) down the tree rooted at root and
// returns it on every thread; the buffer is shared, read-only.
func (c collCall) bcast(step uint8, root int, data []byte, n uintptr) []byte {
	P, me := c.t.Threads, c.t.MyThread
	v := treePos(me, root, P)
	if v != 0 {
		data = c.recvN(step, treeRank(treeParent(v), root, P), n)
	}
	treeChildren(v, P, true, func(ch, _ int) { c.send(treeRank(ch, root, P), step, me, data) })
	return data
}

// AllScatter is upc_all_scatter: block i of the nbytes*THREADS bytes at
// src (one thread's) goes to thread i's block of dst.
func (t *Thread) AllScatter(dst, src SharedPtr, nbytes uintptr, flags Flag) {
	const name = "upc_all_scatter"
	c := t.collBegin(name, kScatter, flags, uint64(nbytes), ptrArg(dst), ptrArg(src))
	if nbytes > 0 {
		P, me := t.Threads, t.MyThread
		t.collCheckRange(name, "src", src, nbytes*uintptr(P))
		t.collCheckBlocks(name, "dst", dst, nbytes)
		root := int(src.Thread)
		v := treePos(me, root, P)
		var buf []byte // the blocks of positions [v, treeHi(v)) in position order
		if v == 0 {
			// Position order starts at the root's own block.
			all := t.collOwnBytes(src.Addr, nbytes*uintptr(P))
			cut := uintptr(root) * nbytes
			buf = append(append(make([]byte, 0, len(all)), all[cut:]...), all[:cut]...)
		} else {
			buf = c.recvN(0, treeRank(treeParent(v), root, P), uintptr(treeHi(v, P)-v)*nbytes)
		}
		treeChildren(v, P, true, func(ch, chi int) {
			c.send(treeRank(ch, root, P), 0, me, buf[uintptr(ch-v)*nbytes:uintptr(chi-v)*nbytes])
		})
		copy(t.collOwnBytes(blockOn(dst, me, nbytes).Addr, nbytes), buf[:nbytes])
	} else {
		// No data moves, but the arguments are compared all the same.
		c.ring()
	}
	c.end()
}

// AllGather is upc_all_gather: thread i's block of src goes to block i of
// the nbytes*THREADS bytes at dst (one thread's).
func (t *Thread) AllGather(dst, src SharedPtr, nbytes uintptr, flags Flag) {
	const name = "upc_all_gather"
	c := t.collBegin(name, kGather, flags, uint64(nbytes), ptrArg(dst), ptrArg(src))
	if nbytes > 0 {
		P := t.Threads
		t.collCheckBlocks(name, "src", src, nbytes)
		t.collCheckRange(name, "dst", dst, nbytes*uintptr(P))
		root := int(dst.Thread)
		mine := t.collOwnBytes(blockOn(src, t.MyThread, nbytes).Addr, nbytes)
		if buf := c.gather(0, root, mine, nbytes); buf != nil {
			// buf is in position order, which starts at the root.
			cut := uintptr(P-root) * nbytes
			out := t.collOwnBytes(dst.Addr, nbytes*uintptr(P))
			copy(out[uintptr(root)*nbytes:], buf[:cut])
			copy(out, buf[cut:])
		}
	} else {
		// No data moves, but the arguments are compared all the same.
		c.ring()
	}
	c.end()
}

// gather collects every thread's block of n bytes at root, in position
// order (thread root first); it returns nil on the other threads.
func (c collCall) gather(step uint8, root int, mine []byte, n uintptr) []byte {
	P, me := c.t.Threads, c.t.MyThread
	v := treePos(me, root, P)
	buf := make([]byte, uintptr(treeHi(v, P)-v)*n)
	copy(buf, mine)
	treeChildren(v, P, false, func(ch, chi int) {
		copy(buf[uintptr(ch-v)*n:], c.recvN(step, treeRank(ch, root, P), uintptr(chi-ch)*n))
	})
	if v != 0 {
		c.send(treeRank(treeParent(v), root, P), step, me, buf)
		return nil
	}
	return buf
}

// AllGatherAll is upc_all_gather_all: every thread's dst block of
// nbytes*THREADS bytes receives every thread's src block, in thread order.
func (t *Thread) AllGatherAll(dst, src SharedPtr, nbytes uintptr, flags Flag) {
	const name = "upc_all_gather_all"
	c := t.collBegin(name, kGatherAll, flags, uint64(nbytes), ptrArg(dst), ptrArg(src))
	if nbytes > 0 {
		P, me := t.Threads, t.MyThread
		row := nbytes * uintptr(P)
		t.collCheckBlocks(name, "src", src, nbytes)
		t.collCheckBlocks(name, "dst", dst, row)
		// Gather at thread 0 (position order is thread order), then
		// broadcast the whole row.
		all := c.gather(0, 0, t.collOwnBytes(blockOn(src, me, nbytes).Addr, nbytes), nbytes)
		all = c.bcast(1, 0, all, row)
		copy(t.collOwnBytes(blockOn(dst, me, row).Addr, row), all)
	} else {
		// No data moves, but the arguments are compared all the same.
		c.ring()
	}
	c.end()
}

// AllExchange is upc_all_exchange: block j of thread i's src row (rows of
// nbytes*THREADS bytes) goes to block i of thread j's dst row. It runs
// Bruck's algorithm: ceil(log2 THREADS) rounds, each thread sending one
// message per round, instead of THREADS-1 messages per thread.
func (t *Thread) AllExchange(dst, src SharedPtr, nbytes uintptr, flags Flag) {
	const name = "upc_all_exchange"
	c := t.collBegin(name, kExchange, flags, uint64(nbytes), ptrArg(dst), ptrArg(src))
	if nbytes > 0 {
		P, me := t.Threads, t.MyThread
		row := nbytes * uintptr(P)
		t.collCheckBlocks(name, "src", src, row)
		t.collCheckBlocks(name, "dst", dst, row)
		in := t.collOwnBytes(blockOn(src, me, row).Addr, row)
		// Position k holds the block that must travel k threads onward.
		buf := make([]byte, row)
		for k := range P {
			copy(buf[uintptr(k)*nbytes:], in[uintptr((me+k)%P)*nbytes:uintptr((me+k)%P+1)*nbytes])
		}
		for s, step := 1, uint8(0); s < P; s, step = s<<1, step+1 {
			var out []byte
			count := 0
			for k := range P {
				if k&s != 0 {
					out = append(out, buf[uintptr(k)*nbytes:uintptr(k+1)*nbytes]...)
					count++
				}
			}
			c.send((me+s)%P, step, me, out)
			got := c.recvN(step, (me-s+P)%P, uintptr(count)*nbytes)
			for k := range P {
				if k&s != 0 {
					got = got[copy(buf[uintptr(k)*nbytes:uintptr(k+1)*nbytes], got):]
				}
			}
		}
		// Position k now holds the block from thread me-k.
		out := t.collOwnBytes(blockOn(dst, me, row).Addr, row)
		for j := range P {
			k := uintptr((me - j + P) % P)
			copy(out[uintptr(j)*nbytes:uintptr(j+1)*nbytes], buf[k*nbytes:(k+1)*nbytes])
		}
	} else {
		// No data moves, but the arguments are compared all the same.
		c.ring()
	}
	c.end()
}

// AllPermute is upc_all_permute: thread i's src block goes to thread
// perm[i]'s dst block; perm points to THREADS ints, one per thread (as
// `shared int perm[THREADS]`), that must be a permutation of
// 0..THREADS-1. A perm that is not is reported (as a duplicate arrival).
func (t *Thread) AllPermute(dst, src, perm SharedPtr, nbytes uintptr, flags Flag) {
	const name = "upc_all_permute"
	c := t.collBegin(name, kPermute, flags, uint64(nbytes), ptrArg(dst), ptrArg(src), ptrArg(perm))
	if nbytes > 0 {
		P, me := t.Threads, t.MyThread
		t.collCheckBlocks(name, "src", src, nbytes)
		t.collCheckBlocks(name, "dst", dst, nbytes)
		if perm.IsNull() {
			panic(name + ": perm is a null pointer-to-shared")
		}
		to := Load[int32](t, perm.Add(int64(me), Cyclic(4), P))
		if to < 0 || int(to) >= P {
			panic(fmt.Sprintf("%s: perm[%d] is %d, not a thread number in [0,%d)", name, me, to, P))
		}
		// The receiver does not know the sender: From is -1, any sender.
		c.send(int(to), 0, -1, t.collReadOwn(blockOn(src, me, nbytes).Addr, nbytes))
		// The permutation alone may leave threads unconnected (perm[i]
		// == i): the ring compares every thread's arguments with its
		// neighbour's. It comes first, so that a thread sent two
		// blocks has both when it takes one (Done reports the other).
		c.ring()
		copy(t.collOwnBytes(blockOn(dst, me, nbytes).Addr, nbytes), c.recvN(0, -1, nbytes))
	} else {
		c.ring()
	}
	c.end()
}
