package gasnet

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The active-message path of the VIS operations, for targets this process
// cannot address and conduits without native support (GASNet's AM
// pipelining). A put packs the local side into messages of at most
// visChunk bytes, each carrying the target-side metadata of the bytes it
// holds; the target unpacks into its segment and acknowledges. A get sends
// the metadata of each chunk; the target packs and replies, and the
// initiator unpacks into its own memory. Chunks travel independently, so
// packing the next overlaps delivering the last.

// visChunk bounds one message's payload (metadata and data): GASNet's
// medium-message size, small enough that a chunk in flight does not hold
// much memory, large enough that per-message costs vanish.
const visChunk = 64 << 10

var (
	hVISPut      = RegisterHandler("vis-put", amVISPut)
	hVISGet      = RegisterHandler("vis-get", amVISGet)
	hVISGetReply = RegisterHandler("vis-get-reply", amVISGetReply)
)

// chunk is the part of a transfer one message covers: the encoded remote
// side of its bytes, where they start in that side's byte stream (skip)
// and how many there are.
type chunk struct {
	meta    []byte
	skip, n uintptr
}

// chunks cuts the remote side of x into messages. A put's payload holds
// metadata and data; a get's request holds the metadata and its reply the
// data, so each is bounded separately.
func (x *xfer) chunks() []chunk {
	room := func(meta, data uintptr) uintptr {
		if x.put {
			if meta+data >= visChunk {
				return 0
			}
			return visChunk - meta - data
		}
		if meta >= visChunk || data >= visChunk {
			return 0
		}
		return visChunk - data
	}
	encode := func(s Side) []byte { return s.AppendEncoding(make([]byte, 0, s.EncodedSize())) }
	r := x.remote
	var out []chunk
	switch r.kind {
	case vecSide:
		i, within := 0, uintptr(0)
		// One list serves every chunk: each is encoded before the next.
		entries := make([]RemoteVec, 0, min(len(r.rvec), visChunk/(2*sideWord)))
		for i < len(r.rvec) {
			entries = entries[:0]
			var data uintptr
			for i < len(r.rvec) {
				v := r.rvec[i]
				if v.Len == within {
					i, within = i+1, 0
					continue
				}
				room := room(sideHeader+sideWord+2*sideWord*uintptr(len(entries)+1), data)
				if room == 0 && len(entries) > 0 {
					break
				}
				take := min(v.Len-within, max(room, 1))
				entries = append(entries, RemoteVec{Off: v.Off + within, Len: take})
				data += take
				if within += take; within < v.Len {
					break
				}
				i, within = i+1, 0
			}
			if data > 0 {
				out = append(out, chunk{meta: encode(RemoteVecs(entries)), n: data})
			}
		}
	case idxSide:
		i, within := 0, uintptr(0) // the next byte: entry i, within bytes in
		for i < len(r.offs) {
			first, skip := i, within
			var data uintptr
			partial := false
			for i < len(r.offs) {
				room := room(sideHeader+2*sideWord+uintptr(i-first+1)*sideWord, data)
				if room == 0 && i > first {
					break
				}
				take := min(r.size-within, max(room, 1))
				data += take
				if within += take; within < r.size {
					partial = true // the next chunk starts inside entry i
					break
				}
				i, within = i+1, 0
			}
			last := i
			if partial {
				last++
			}
			out = append(out, chunk{meta: encode(RemoteIndexed(r.offs[first:last], r.size)), skip: skip, n: data})
		}
	default:
		meta := encode(*r)
		step := room(uintptr(len(meta)), 0)
		if step == 0 {
			// Absurdly many levels: let the metadata overfill the chunk.
			step = visChunk
		}
		for off := uintptr(0); off < x.total; off += step {
			out = append(out, chunk{meta: meta, skip: off, n: min(step, x.total-off)})
		}
	}
	return out
}

func (ep *Endpoint) visAM(x *xfer, ref OpRef) {
	chunks := x.chunks()
	if x.put {
		// Every chunk is acknowledged on its own; the last one completes ref.
		if len(chunks) > 1 {
			ep.addPieces(ref, int32(len(chunks)-1))
		}
		local := x.local.Runs(nil)
		for _, c := range chunks {
			payload := make([]byte, uintptr(len(c.meta))+c.n)
			copy(payload, c.meta)
			data := unsafe.Pointer(&payload[len(c.meta)])
			local.left = c.n
			if !local.packWhole(data, c.n, true) {
				gather(data, &local)
			}
			ep.sendOwned(x.rank, hVISPut, []uint64{uint64(ref), uint64(c.skip), uint64(c.n)}, payload)
		}
		return
	}
	st := &visGet{ref: ref, local: x.local.clone()}
	st.remaining.Store(int32(len(chunks)))
	if len(chunks) > 1 {
		st.staging = make([]byte, x.total)
	}
	id := park(st)
	stream := uintptr(0)
	for _, c := range chunks {
		ep.sendOwned(x.rank, hVISGet, []uint64{id, uint64(stream), uint64(c.skip), uint64(c.n)}, c.meta)
		stream += c.n
	}
}

// addPieces adds n pieces to the operation ref while the caller still
// holds one of its pieces, so it cannot complete in between.
func (ep *Endpoint) addPieces(ref OpRef, n int32) {
	if slot, ok := ref.slot(); ok {
		ep.ops.at(slot).pending.Add(n)
		return
	}
	ep.nbiPending.Add(int64(n))
}

// sendOwned sends a request whose payload the message may keep (no copy).
func (ep *Endpoint) sendOwned(dst int, h HandlerID, args []uint64, payload []byte) {
	ep.Stats.AMs++
	m := &Message{Src: ep.rank, Dst: dst, Handler: h, NArgs: uint8(len(args)), Payload: payload}
	copy(m.Args[:], args)
	ep.job.conduit.Send(m)
}

// chunkSide decodes a chunk's remote side, which the initiator checked:
// a failure here is a damaged message.
func chunkSide(tok Token, payload []byte) (Side, []byte) {
	s, rest, err := DecodeSide(payload, tok.job.segSize)
	if err != nil {
		panic(fmt.Sprintf("gasnet: VIS message from rank %d: %v", tok.src, err))
	}
	return s, rest
}

func amVISPut(tok Token, args []uint64, payload []byte) {
	ref, skip, n := OpRef(args[0]), uintptr(args[1]), uintptr(args[2])
	s, data := chunkSide(tok, payload)
	it := s.Runs(tok.Segment())
	if skip != 0 || !it.packWhole(unsafe.Pointer(&data[0]), n, false) {
		it.window(skip, n)
		scatter(&it, unsafe.Pointer(&data[0]))
	}
	tok.Reply(hAck, []uint64{uint64(ref)}, nil)
}

func amVISGet(tok Token, args []uint64, meta []byte) {
	id, stream, skip, n := args[0], args[1], uintptr(args[2]), uintptr(args[3])
	s, _ := chunkSide(tok, meta)
	data := make([]byte, n)
	it := s.Runs(tok.Segment())
	if skip != 0 || !it.packWhole(unsafe.Pointer(&data[0]), n, true) {
		it.window(skip, n)
		gather(unsafe.Pointer(&data[0]), &it)
	}
	m := &Message{Src: tok.dst, Dst: tok.src, Handler: hVISGetReply | replyBit, NArgs: 2, Payload: data}
	m.Args[0], m.Args[1] = id, stream
	tok.job.conduit.Send(m)
}

// visGet is a get in flight on the active-message path: where its bytes
// go, and the chunks still to arrive.
type visGet struct {
	ref       OpRef
	local     Side
	staging   []byte // the whole stream, when it comes in several chunks
	remaining atomic.Int32
}

func amVISGetReply(tok Token, args []uint64, data []byte) {
	id, stream := args[0], uintptr(args[1])
	st := parkedValue(id).(*visGet)
	if st.staging != nil {
		copy(st.staging[stream:], data)
		if st.remaining.Add(-1) != 0 {
			return
		}
		data = st.staging
	}
	st.local.Scatter(nil, unsafe.Pointer(&data[0]))
	unpark(id)
	tok.job.complete(st.ref)
}

// The parking lot holds Go values that messages in flight refer to by
// number: a message carries no pointers (a conduit may cross processes),
// and turning an address back into a pointer when the reply arrives is
// what the garbage collector and checkptr forbid.
var (
	parked  sync.Map // uint64 → any
	parkSeq atomic.Uint64
)

func park(v any) uint64 {
	id := parkSeq.Add(1)
	parked.Store(id, v)
	return id
}

func parkedValue(id uint64) any {
	v, _ := parked.Load(id)
	return v
}

func unpark(id uint64) any {
	v, _ := parked.LoadAndDelete(id)
	return v
}
