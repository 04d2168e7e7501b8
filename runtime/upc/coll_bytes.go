package upc

import (
	"encoding/binary"
	"fmt"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// A collective over private data, for the libraries built on this
// package's exported API (runtime/upcio): they agree on single-valued
// arguments and combine per-thread results with it, and it doubles as
// their barrier.

// LibCollective is one collective function of such a library, registered
// with gasnet's mailboxes so that threads that reach the same call with
// different functions are reported by name.
type LibCollective struct {
	name string
	kind uint8
}

// NewLibCollective registers the collective name (the function the
// program calls, "upc_all_fopen"). Call it from package initialisation.
func NewLibCollective(name string) LibCollective {
	return LibCollective{name: name, kind: gasnet.RegisterCollective(name, "")}
}

// Name is the function's name.
func (c LibCollective) Name() string { return c.name }

// AllGatherBytes is a collective call of c: every thread passes its bytes
// (any length, nil included) and gets back every thread's, indexed by
// thread. No thread returns before every thread has called it, so it is
// also a barrier; the results share one buffer and must not be modified.
// Like every collective, the threads must call it in the same order as
// the other collectives.
func (t *Thread) AllGatherBytes(c LibCollective, mine []byte) [][]byte {
	cc := t.collBegin(c.name, c.kind, InNoSync|OutNoSync)
	P, me := t.Threads, t.MyThread
	// Gather at thread 0 (positions are threads): every subtree sends its
	// threads' records, each a uvarint length and the bytes, in order.
	buf := binary.AppendUvarint(nil, uint64(len(mine)))
	buf = append(buf, mine...)
	treeChildren(me, P, false, func(ch, _ int) { buf = append(buf, cc.recv(0, ch)...) })
	if me != 0 {
		cc.send(treeParent(me), 0, me, buf)
		buf = cc.recv(1, treeParent(me))
	}
	treeChildren(me, P, true, func(ch, _ int) { cc.send(ch, 1, me, buf) })
	cc.end()
	all := make([][]byte, P)
	for i := range all {
		n, k := binary.Uvarint(buf)
		if k <= 0 || n > uint64(len(buf)-k) {
			panic(fmt.Sprintf("%s: a malformed gathered record from thread %d", c.name, i))
		}
		all[i] = buf[k : k+int(n) : k+int(n)]
		buf = buf[k+int(n):]
	}
	return all
}
