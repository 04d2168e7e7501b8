package gasnet

import "fmt"

// CheckHandle reports why this rank may not synchronise h: it belongs to
// another rank, it was already synchronised, or it was never issued. It
// returns nil for live handles of this rank and for the zero handle.
// Layers above call it before Wait and Try to report misuse under the
// name of the function the program called; Wait and Try themselves panic
// with their own names.
func (ep *Endpoint) CheckHandle(h Handle) error {
	if h == 0 {
		return nil
	}
	if h.rank() != ep.rank {
		return fmt.Errorf("handle %#x belongs to thread %d, not to the calling thread %d", uint64(h), h.rank(), ep.rank)
	}
	i := h.slot()
	if i >= ep.ops.n {
		return fmt.Errorf("invalid handle %#x", uint64(h))
	}
	s := ep.ops.at(i)
	if !s.busy || s.gen&(1<<genBits-1) != h.gen() {
		return fmt.Errorf("handle %#x was already synchronised", uint64(h))
	}
	if s.isCall {
		return fmt.Errorf("invalid handle %#x", uint64(h))
	}
	return nil
}
