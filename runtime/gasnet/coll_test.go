package gasnet

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	testCollA = RegisterCollective("test_coll_a", "")
	testCollB = RegisterCollective("test_coll_b", "the test sent one too many")
)

// Messages wait under their tags, whatever order they arrive in, and a
// rank may run several calls ahead of its receiver.
func TestCollMailboxOrder(t *testing.T) {
	for _, ranks := range []int{1, 2, 5} {
		both(t, ranks, func(ep *Endpoint) {
			c := ep.Coll()
			P, me := ep.Size(), ep.Rank()
			const calls = 20
			for range calls {
				seq := c.Next()
				// Everyone sends to everyone, steps in reverse.
				for step := 2; step >= 0; step-- {
					for dst := range P {
						c.Send(dst, CollTag{Seq: seq, Kind: testCollA, Step: uint8(step), From: int32(me)}, []byte(fmt.Sprintf("%d:%d:%d", seq, step, me)))
					}
				}
				for step := range 3 {
					for src := P - 1; src >= 0; src-- {
						got := c.Recv(CollTag{Seq: seq, Kind: testCollA, Step: uint8(step), From: int32(src)})
						require.Equal(t, fmt.Sprintf("%d:%d:%d", seq, step, src), string(got))
					}
				}
				c.Done(seq)
			}
		})
	}
}

func TestCollMismatchAndDuplicates(t *testing.T) {
	for _, tc := range []struct {
		name string
		body func(ep *Endpoint, c CollPort)
		want string
	}{
		{"different collectives", func(ep *Endpoint, c CollPort) {
			seq := c.Next()
			kind := testCollA
			if ep.Rank() == 1 {
				kind = testCollB
			}
			c.Send(1-ep.Rank(), CollTag{Seq: seq, Kind: kind}, nil)
			c.Recv(CollTag{Seq: seq, Kind: kind})
		}, "collective mismatch: thread"},
		{"two for one tag", func(ep *Endpoint, c CollPort) {
			seq := c.Next()
			if ep.Rank() == 1 {
				c.Send(0, CollTag{Seq: seq, Kind: testCollB}, nil)
				c.Send(0, CollTag{Seq: seq, Kind: testCollB}, nil)
				ep.Barrier(0, true)
				return
			}
			c.Recv(CollTag{Seq: seq, Kind: testCollB})
			// The second arrives before or after Done: either way it is
			// reported.
			c.Done(seq)
			ep.Barrier(0, true)
		}, "test_coll_b: thread 0 received a message it does not expect: the test sent one too many"},
	} {
		for _, procs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/procs=%d", tc.name, procs), func(t *testing.T) {
				err := runErr(t, 2, procs, func(ep *Endpoint) { tc.body(ep, ep.Coll()) })
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
			})
		}
	}
}
