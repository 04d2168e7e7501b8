package mpi

import (
	"encoding/binary"
	"fmt"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Active messages and control messages travel as two-sided MPI messages on
// a communicator of their own. Every message starts with a fixed header;
// an eager message carries its payload right after it, a bulk message's
// payload follows as a second MPI message whose tag the header names.
//
// Active messages from one process to another are delivered in the order
// they were sent, as on the smp conduit: each carries a sequence number
// per destination process, because several receives are kept posted and
// MPI may complete them in any order.

// msgKind says what a header is.
type msgKind uint8

const (
	kindAM    msgKind = 1 + iota // an active message for a rank of the target process
	kindAbort                    // the job aborted: args[0] is the exit status
	kindReady                    // an aborting process has flushed its output and waits to be ended
)

// Header flags.
const flagBulk = 1 // the payload follows in a tagBulk message

// headerSize is the encoded header: kind, flags, handler, nargs, padding,
// source and destination rank, payload length, sequence number, bulk tag,
// and the arguments.
const headerSize = 32 + 8*gasnet.MaxArgs

// header is a decoded message header.
type header struct {
	kind    msgKind
	flags   uint8
	handler gasnet.HandlerID
	nargs   uint8
	src     uint32
	dst     uint32
	length  uint64
	seq     uint32 // the message's number among those from its process to the destination's
	tag     uint32 // the bulk payload's tag
	args    [gasnet.MaxArgs]uint64
}

func (h *header) encode(b []byte) {
	_ = b[headerSize-1]
	b[0], b[1] = byte(h.kind), h.flags
	binary.LittleEndian.PutUint16(b[2:], uint16(h.handler))
	b[4], b[5], b[6], b[7] = h.nargs, 0, 0, 0
	binary.LittleEndian.PutUint32(b[8:], h.src)
	binary.LittleEndian.PutUint32(b[12:], h.dst)
	binary.LittleEndian.PutUint64(b[16:], h.length)
	binary.LittleEndian.PutUint32(b[24:], h.seq)
	binary.LittleEndian.PutUint32(b[28:], h.tag)
	for i, a := range h.args {
		binary.LittleEndian.PutUint64(b[32+8*i:], a)
	}
}

func (h *header) decode(b []byte) error {
	if len(b) < headerSize {
		return fmt.Errorf("message of %d bytes is shorter than a header (%d)", len(b), headerSize)
	}
	h.kind, h.flags = msgKind(b[0]), b[1]
	h.handler = gasnet.HandlerID(binary.LittleEndian.Uint16(b[2:]))
	h.nargs = b[4]
	h.src = binary.LittleEndian.Uint32(b[8:])
	h.dst = binary.LittleEndian.Uint32(b[12:])
	h.length = binary.LittleEndian.Uint64(b[16:])
	h.seq = binary.LittleEndian.Uint32(b[24:])
	h.tag = binary.LittleEndian.Uint32(b[28:])
	for i := range h.args {
		h.args[i] = binary.LittleEndian.Uint64(b[32+8*i:])
	}
	switch {
	case h.kind < kindAM || h.kind > kindReady:
		return fmt.Errorf("message of unknown kind %d", h.kind)
	case h.nargs > gasnet.MaxArgs:
		return fmt.Errorf("message with %d arguments (at most %d)", h.nargs, gasnet.MaxArgs)
	case h.flags&flagBulk == 0 && uint64(len(b)-headerSize) != h.length:
		return fmt.Errorf("message says %d payload bytes but carries %d", h.length, len(b)-headerSize)
	}
	return nil
}

// headerOf builds the header of an active message.
func headerOf(m *gasnet.Message, eager int) header {
	h := header{kind: kindAM, handler: m.Handler, nargs: m.NArgs, src: uint32(m.Src), dst: uint32(m.Dst), length: uint64(len(m.Payload)), args: m.Args}
	if headerSize+len(m.Payload) > eager {
		h.flags = flagBulk
	}
	return h
}

// message turns a decoded active-message header and its payload back into
// the message the sender sent.
func (h *header) message(payload []byte) *gasnet.Message {
	m := &gasnet.Message{Src: int(h.src), Dst: int(h.dst), Handler: h.handler, NArgs: h.nargs, Args: h.args}
	if len(payload) > 0 {
		m.Payload = payload
	}
	return m
}
