package gasnet_test

import (
	"fmt"
	"testing"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/gasnettest"
)

// TestConformance runs the conduit conformance suite on the smp conduit:
// one rank; several in one process (every segment addressable); every
// rank a simulated process of its own (everything by active message); and
// simulated processes of two ranks each (both paths in one job).
func TestConformance(t *testing.T) {
	for _, shape := range []struct{ ranks, procs int }{{1, 1}, {4, 1}, {4, 4}, {6, 3}} {
		t.Run(fmt.Sprintf("ranks=%d,procs=%d", shape.ranks, shape.procs), func(t *testing.T) {
			gasnettest.Run(t, func() (gasnet.Conduit, error) { return gasnet.NewSMP(shape.ranks, shape.procs), nil })
		})
	}
}
