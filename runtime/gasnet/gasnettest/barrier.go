package gasnettest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// barrierIDs: named barriers match on equal ids and anonymous ones match
// anything; split phases complete by wait and by try; a mismatch is
// reported on every rank, and the next barrier is clean again.
func barrierIDs(r *rank) {
	ep := r.ep
	for i := range 10 {
		ep.BarrierNotify(int32(i), i%2 == 1 && ep.Rank() == 0)
		if err := ep.BarrierWait(); err != nil {
			r.errorf("barrier %d: %v", i, err)
		}
	}
	// Rank 0 names the barrier; every other rank is anonymous with an
	// id of its own.
	if err := ep.Barrier(int32(ep.Rank())+100, ep.Rank() != 0); err != nil {
		r.errorf("a named barrier among anonymous ones: %v", err)
	}
	ep.BarrierNotify(3, false)
	for {
		done, err := ep.BarrierTry()
		if err != nil {
			r.errorf("BarrierTry: %v", err)
		}
		if done {
			break
		}
	}
	if ep.Size() > 1 {
		id := int32(3)
		if ep.Rank() == ep.Size()-1 {
			id = 4
		}
		err := ep.Barrier(id, false)
		var mm *gasnet.BarrierMismatchError
		switch {
		case !errors.As(err, &mm):
			r.errorf("mismatched ids: %v, want a *gasnet.BarrierMismatchError", err)
		case mm.Rank != ep.Rank():
			r.errorf("mismatched ids: the error names rank %d", mm.Rank)
		case !strings.Contains(mm.Detail, fmt.Sprintf("this thread used id %d", id)):
			r.errorf("mismatched ids: %q does not say this thread used id %d", mm.Detail, id)
		}
	}
	if err := ep.Barrier(1, false); err != nil {
		r.errorf("the barrier after a mismatch: %v", err)
	}
	r.panics("BarrierWait without BarrierNotify", "without", func() { ep.BarrierWait() })
	r.barrier()
}
