package gasnet

import (
	"encoding/binary"
	"math"
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

// chunk is the part of a transfer one message covers: the target-side
// metadata of its bytes, where they start in that metadata's byte stream
// (skip) and how many there are.
type chunk struct {
	meta    []byte
	skip, n uintptr
}

// Metadata words, little-endian uint64s:
//
//	vector:  0, n, then n (offset, length) pairs
//	indexed: 1, n, length, then n offsets
//	strided: 2, levels, origin, run, then levels counts and levels strides
const metaWord = 8

func putWords(b []byte, words ...uint64) []byte {
	for _, w := range words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
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
	var out []chunk
	switch x.kind {
	case vecSide:
		i, within := 0, uintptr(0)
		entries := make([]uint64, 0, 2*min(len(x.rvec), visChunk/metaWord/2))
		for i < len(x.rvec) {
			entries = entries[:0]
			var data uintptr
			for i < len(x.rvec) {
				v := x.rvec[i]
				if v.Len == within {
					i, within = i+1, 0
					continue
				}
				r := room(2*metaWord+uintptr(len(entries)+2)*metaWord, data)
				if r == 0 && len(entries) > 0 {
					break
				}
				take := min(v.Len-within, max(r, 1))
				entries = append(entries, uint64(v.Off+within), uint64(take))
				data += take
				if within += take; within < v.Len {
					break
				}
				i, within = i+1, 0
			}
			if data > 0 {
				meta := make([]byte, (2+len(entries))*metaWord)
				binary.LittleEndian.PutUint64(meta, uint64(vecSide))
				binary.LittleEndian.PutUint64(meta[metaWord:], uint64(len(entries)/2))
				for k, w := range entries {
					binary.LittleEndian.PutUint64(meta[(2+k)*metaWord:], w)
				}
				out = append(out, chunk{meta: meta, n: data})
			}
		}
	case idxSide:
		i, within := 0, uintptr(0) // the next byte: entry i, within bytes in
		for i < len(x.roff) {
			first, skip := i, within
			var data uintptr
			partial := false
			for i < len(x.roff) {
				r := room(3*metaWord+uintptr(i-first+1)*metaWord, data)
				if r == 0 && i > first {
					break
				}
				take := min(x.rlen-within, max(r, 1))
				data += take
				if within += take; within < x.rlen {
					partial = true // the next chunk starts inside entry i
					break
				}
				i, within = i+1, 0
			}
			last := i
			if partial {
				last++
			}
			meta := make([]byte, (3+last-first)*metaWord)
			binary.LittleEndian.PutUint64(meta, uint64(idxSide))
			binary.LittleEndian.PutUint64(meta[metaWord:], uint64(last-first))
			binary.LittleEndian.PutUint64(meta[2*metaWord:], uint64(x.rlen))
			for k, off := range x.roff[first:last] {
				binary.LittleEndian.PutUint64(meta[(3+k)*metaWord:], uint64(off))
			}
			out = append(out, chunk{meta: meta, skip: skip, n: data})
		}
	default:
		levels := len(x.sec.count)
		meta := putWords(make([]byte, 0, (4+2*levels)*metaWord), uint64(stridedSide), uint64(levels), uint64(x.roff0), uint64(x.sec.run))
		for _, c := range x.sec.count {
			meta = putWords(meta, uint64(c))
		}
		for _, s := range x.rstride {
			meta = putWords(meta, uint64(s))
		}
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

// decodeMeta rebuilds a remote side in seg from a chunk's metadata.
func decodeMeta(seg unsafe.Pointer, meta []byte) runIter {
	word := func(i int) uint64 { return binary.LittleEndian.Uint64(meta[i*metaWord:]) }
	it := runIter{kind: sideKind(word(0)), base: seg, left: math.MaxUint64}
	n := int(word(1))
	switch it.kind {
	case vecSide:
		it.rvec = make([]RemoteVec, n)
		for i := range it.rvec {
			it.rvec[i] = RemoteVec{Off: uintptr(word(2 + 2*i)), Len: uintptr(word(3 + 2*i))}
		}
	case idxSide:
		it.ilen = uintptr(word(2))
		it.roff = make([]uintptr, n)
		for i := range it.roff {
			it.roff[i] = uintptr(word(3 + i))
		}
	default:
		sec := section{run: uintptr(word(3)), count: make([]uintptr, n)}
		stride := make([]int64, n)
		for k := range n {
			sec.count[k] = uintptr(word(4 + k))
			stride[k] = int64(word(4 + n + k))
		}
		it.initStrided(sec, stride, int64(word(2)))
	}
	return it
}

func (ep *Endpoint) visAM(x *xfer, ref OpRef) {
	chunks := x.chunks()
	if x.put {
		// Every chunk is acknowledged on its own; the last one completes ref.
		if len(chunks) > 1 {
			ep.addPieces(ref, int32(len(chunks)-1))
		}
		local := x.localRuns()
		for _, c := range chunks {
			payload := make([]byte, uintptr(len(c.meta))+c.n)
			copy(payload, c.meta)
			local.left = c.n
			if !local.packWhole(unsafe.Pointer(&payload[len(c.meta)]), c.skip, c.n, true) {
				gather(unsafe.Pointer(&payload[len(c.meta)]), &local)
			}
			ep.sendOwned(x.rank, hVISPut, []uint64{uint64(ref), uint64(c.skip), uint64(c.n), uint64(len(c.meta))}, payload)
		}
		return
	}
	st := &visGet{ref: ref, local: x.localCopy()}
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

// localCopy is x's local side with private copies of its lists, so that
// the unpacking of a reply does not depend on the caller's arrays.
func (x *xfer) localCopy() runIter {
	it := x.localRuns()
	switch x.kind {
	case vecSide:
		it.lvec = append([]LocalVec{}, x.lvec...)
	case idxSide:
		it.lptr = append([]unsafe.Pointer{}, x.lptr...)
	default:
		sec := section{run: x.sec.run, count: append([]uintptr(nil), x.sec.count...)}
		it.initStrided(sec, append([]int64(nil), x.lstride...), 0)
	}
	return it
}

func amVISPut(tok Token, args []uint64, payload []byte) {
	ref, skip, n, metaLen := OpRef(args[0]), uintptr(args[1]), uintptr(args[2]), int(args[3])
	it := decodeMeta(tok.Segment(), payload[:metaLen])
	if !it.packWhole(unsafe.Pointer(&payload[metaLen]), skip, n, false) {
		it.seek(skip)
		it.left = n
		scatter(&it, unsafe.Pointer(&payload[metaLen]))
	}
	tok.Reply(hAck, []uint64{uint64(ref)}, nil)
}

func amVISGet(tok Token, args []uint64, meta []byte) {
	id, stream, skip, n := args[0], args[1], uintptr(args[2]), uintptr(args[3])
	it := decodeMeta(tok.Segment(), meta)
	data := make([]byte, n)
	if !it.packWhole(unsafe.Pointer(&data[0]), skip, n, true) {
		it.seek(skip)
		it.left = n
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
	local     runIter
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
	if !st.local.packWhole(unsafe.Pointer(&data[0]), 0, uintptr(len(data)), false) {
		scatter(&st.local, unsafe.Pointer(&data[0]))
	}
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
