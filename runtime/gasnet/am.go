package gasnet

import "unsafe"

// The built-in handlers implement the extended API on active messages, for
// targets this process cannot address (GASNet's reference implementation).
var (
	hPut      = RegisterHandler("put", amPut)
	hGet      = RegisterHandler("get", amGet)
	hGetReply = RegisterHandler("get-reply", amGetReply)
	hMemset   = RegisterHandler("memset", amMemset)
	hAck      = RegisterHandler("ack", amAck)
	hReturn   = RegisterHandler("return", amReturn)
	hAtomic   = RegisterHandler("atomic", amAtomic)
)

func amPut(tok Token, args []uint64, payload []byte) {
	off, ref := uintptr(args[0]), args[1]
	copy(bytesAt(unsafe.Add(tok.Segment(), off), uintptr(len(payload))), payload)
	tok.Reply(hAck, []uint64{ref}, nil)
}

func amGet(tok Token, args []uint64, _ []byte) {
	off, n := uintptr(args[0]), uintptr(args[1])
	tok.Reply(hGetReply, args[2:4], bytesAt(unsafe.Add(tok.Segment(), off), n))
}

func amGetReply(tok Token, args []uint64, payload []byte) {
	// The destination travels as a parking-lot number (vis_am.go): an
	// address turned back into a pointer is what checkptr rejects.
	ref, dst := OpRef(args[0]), unpark(args[1]).(unsafe.Pointer)
	copy(bytesAt(dst, uintptr(len(payload))), payload)
	tok.job.complete(ref)
}

func amMemset(tok Token, args []uint64, _ []byte) {
	off, n, c, ref := uintptr(args[0]), uintptr(args[1]), byte(args[2]), args[3]
	b := bytesAt(unsafe.Add(tok.Segment(), off), n)
	for i := range b {
		b[i] = c
	}
	tok.Reply(hAck, []uint64{ref}, nil)
}

func amAck(tok Token, args []uint64, _ []byte) { tok.job.complete(OpRef(args[0])) }

// amReturn stores a call's answer in its slot, then completes it; the
// completion's atomic decrement publishes the result to the caller.
func amReturn(tok Token, args []uint64, payload []byte) {
	ref := OpRef(args[0])
	ep := tok.job.endpoints[ref.rank()-tok.job.first]
	slot, _ := ref.slot()
	s := ep.ops.at(slot)
	s.result.nargs = uint8(copy(s.result.args[:], args[1:]))
	s.result.payload = payload
	tok.job.complete(ref)
}

func amAtomic(tok Token, args []uint64, _ []byte) {
	ref, off, op, kind, a, b := CallRef(args[0]), uintptr(args[1]), AtomicOp(args[2]), AtomicKind(args[3]), args[4], args[5]
	old := applyAtomic(unsafe.Add(tok.Segment(), off), op, kind, a, b)
	tok.job.Return(tok.dst, ref, []uint64{old}, nil)
}
