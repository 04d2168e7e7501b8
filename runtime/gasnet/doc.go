// Package gasnet is upcgo's communication layer, shaped after GASNet-EX: a
// job of ranks, each owning a registered segment; one-sided put and get
// (blocking, non-blocking with explicit handles, implicit "nbi" with access
// regions); remote atomics; split-phase barriers with ids; active messages;
// and per-rank statistics. It knows nothing of UPC.
//
// The layer has two levels, as GASNet does. A Conduit is the small core a
// network must provide: the set of ranks, which segments this process can
// address directly (the PSHM query), active-message delivery, and a
// barrier. The extended API on Endpoint (put, get, atomics, completion) is
// built on that core: a target whose segment is addressable gets direct
// loads and stores; any other target is reached by active messages, exactly
// as GASNet's reference extended API does, unless the conduit offers the
// operation natively (see RMAConduit). Nothing above this package may assume
// another rank's memory is addressable without asking Endpoint.Segment.
//
// Conduits are packages above this one, built on its exported interface:
// runtime/gasnet/smp runs every rank as a goroutine of one process (its
// simulated processes cannot address each other's segments, which
// exercises the message paths without a network); runtime/gasnet/mpi
// spans processes over MPI. Every conduit passes the conformance suite in
// runtime/gasnet/gasnettest.
//
// An Endpoint belongs to one rank and is used by one goroutine at a time.
// Active-message handlers run on a progress goroutine of the target's
// process, concurrently with the target rank's own goroutine, so they touch
// only memory that is safe to share (segments, atomics, locked tables).
package gasnet
