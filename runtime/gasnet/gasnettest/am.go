package gasnettest

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// order is what hOrder saw: messages from one rank to another must run
// in the order they were sent, with their payloads intact.
var order struct {
	sync.Mutex
	next map[[2]int]uint64 // by (source, target): the next message's number
	bad  map[int]string    // by target: the first message out of order or damaged
}

// The suite's handlers; every process registers them in the same order
// (at initialisation), so their ids agree across processes.
var (
	// hOrder records message args[0] from its source; its payload is
	// pattern(args[0], len).
	hOrder = gasnet.RegisterHandler("gasnettest-order", func(tok gasnet.Token, args []uint64, payload []byte) {
		order.Lock()
		defer order.Unlock()
		k := [2]int{tok.Src(), tok.Dst()}
		switch {
		case order.bad[tok.Dst()] != "":
		case args[0] != order.next[k]:
			order.bad[tok.Dst()] = fmt.Sprintf("message %d from rank %d arrived when %d was due", args[0], tok.Src(), order.next[k])
		case !bytes.Equal(payload, pattern(int(args[0]), len(payload))):
			order.bad[tok.Dst()] = fmt.Sprintf("the %d-byte payload of message %d from rank %d is damaged", len(payload), args[0], tok.Src())
		}
		order.next[k] = args[0] + 1
	})
	// hEcho answers a call with the sum of its two arguments and its
	// payload with "!" appended.
	hEcho = gasnet.RegisterHandler("gasnettest-echo", func(tok gasnet.Token, args []uint64, payload []byte) {
		ref, a := gasnet.CallArgs(args)
		tok.Job().Return(tok.Dst(), ref, []uint64{a[0] + a[1]}, append(payload, '!'))
	})
)

// activeMessages: 300 messages to the peer, some with payloads (a few
// bytes, a page and a bit, 200 000 bytes, and around each threshold), run
// in order; calls return their answer and payload, small and 1 MiB.
func (s *suite) activeMessages(r *rank) {
	ep := r.ep
	if ep.Rank() == ep.Job().Local()[0].Rank() {
		// The first local rank resets what hOrder saw; nothing is sent
		// before the barrier below.
		order.Lock()
		order.next, order.bad = map[[2]int]uint64{}, map[int]string{}
		order.Unlock()
	}
	r.barrier()
	const n = 300
	payloads := append([]int{1, 4097, 200000}, s.thresholds...)
	for i := range n {
		var payload []byte
		if k := i / 20; i%20 == 7 && k < len(payloads) {
			payload = append([]byte(nil), pattern(i, payloads[k])...)
		}
		ep.Send(r.peer, hOrder, []uint64{uint64(i)}, payload)
	}
	res, back := ep.Call(r.peer, hEcho, []uint64{uint64(ep.Rank()), 5}, []byte("hi"))
	if len(res) != 1 || res[0] != uint64(ep.Rank()+5) || string(back) != "hi!" {
		r.errorf("a call to rank %d returned %v, %q; want [%d], \"hi!\"", r.peer, res, back, ep.Rank()+5)
	}
	big := make([]byte, 1<<20)
	big[12345] = 42
	res, back = ep.Call(r.peer, hEcho, []uint64{9, 1}, big)
	if len(res) != 1 || res[0] != 10 || len(back) != len(big)+1 || back[12345] != 42 || back[len(big)] != '!' {
		r.errorf("a call with a 1 MiB payload returned %v and %d bytes", res, len(back))
	}
	r.barrier()
	// The previous rank's messages have all run here: its calls, which
	// returned before the barrier, ran after them.
	order.Lock()
	if msg := order.bad[ep.Rank()]; msg != "" {
		r.errorf("%s", msg)
	} else if got := order.next[[2]int{r.prev, ep.Rank()}]; got != n {
		r.errorf("%d of %d messages from rank %d ran", got, n, r.prev)
	}
	order.Unlock()
	r.barrier()
}
