package shmem

import (
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// OpenSHMEM's distributed locks and the multi-variable waits.

// A lock is a symmetric long, 0 on every PE before first use. One PE's
// copy holds the lock's state, chosen by the lock's offset so that
// different locks spread over the PEs: a ticket lock, the next ticket in
// the high 32 bits and the ticket being served in the low 32. Tickets are
// served in the order taken, so no PE waits forever under contention.

const ticketLow = 1<<32 - 1

// lockWord is the PE and offset of the state of the lock at addr.
func (s Lib) lockWord(addr uintptr) (int, uintptr) {
	p := atomicTarget[int64](s, addr, int32(s.t.MyThread))
	return int(p.Addr/8) % s.t.Threads, p.Addr
}

// SetLock is shmem_set_lock: takes a ticket and waits until it is served.
func (s Lib) SetLock(lock uintptr) {
	pe, off := s.lockWord(lock)
	ep := s.ep()
	ticket := uint32(ep.Atomic(pe, off, gasnet.AtomicAdd, gasnet.Uint64, 1<<32, 0) >> 32)
	s.poll("a lock held by another PE", func() bool {
		return uint32(ep.Atomic(pe, off, gasnet.AtomicGet, gasnet.Uint64, 0, 0)) == ticket
	})
}

// poll waits until cond holds: a wait that no one wakes, since other PEs
// store to this PE's memory directly. what says what it waits for, for
// the deadlock report.
func (s Lib) poll(what string, cond func() bool) {
	if !cond() {
		s.ep().Poll(shmemWait{s.name, what}, cond)
	}
}

// whyStore is a PE waiting for another PE to store a value.
const whyStore = "a store by another PE that makes the comparison hold"

// shmemWait is a PE waiting in the OpenSHMEM function name.
type shmemWait struct{ name, what string }

func (w shmemWait) String() string { return w.name + ": " + w.what }

// ClearLock is shmem_clear_lock: completes this PE's transfers (as the
// specification says), then serves the next ticket. The low half wraps
// without carrying into the high half.
func (s Lib) ClearLock(lock uintptr) {
	s.Quiet()
	pe, off := s.lockWord(lock)
	ep := s.ep()
	for {
		old := ep.Atomic(pe, off, gasnet.AtomicGet, gasnet.Uint64, 0, 0)
		if uint32(old>>32) == uint32(old) {
			s.fail("the lock %#x is not set", lock)
		}
		next := old&^ticketLow | uint64(uint32(old)+1)
		if ep.Atomic(pe, off, gasnet.AtomicCAS, gasnet.Uint64, next, old) == old {
			return
		}
	}
}

// TestLock is shmem_test_lock: takes the lock and returns 0 if it is free,
// else returns 1 without waiting.
func (s Lib) TestLock(lock uintptr) int32 {
	pe, off := s.lockWord(lock)
	ep := s.ep()
	for {
		old := ep.Atomic(pe, off, gasnet.AtomicGet, gasnet.Uint64, 0, 0)
		if uint32(old>>32) != uint32(old) {
			return 1
		}
		if ep.Atomic(pe, off, gasnet.AtomicCAS, gasnet.Uint64, old+1<<32, old) == old {
			return 0
		}
	}
}

// The forms of WaitVector.
const (
	WaitAll  = iota // wait_until_all, test_all
	WaitAny         // wait_until_any, test_any
	WaitSome        // wait_until_some, test_some
)

// NoIndex is SIZE_MAX, what wait_until_any and test_any return when no
// variable qualifies.
const NoIndex = ^uint64(0)

// WaitVector is the shmem_<T>_{wait_until,test}_{all,any,some} family
// (and its _vector forms) on this PE's n variables at ivars. status (or
// nil) excludes the variables whose entry is non-zero; each compares
// with v, or with values[i] if values is not nil. wait says whether to
// wait until the form is satisfied. Results: all: 1 if every included
// variable compares (wait: always); any: the index of one that does, or
// NoIndex; some: how many do, their indices written to indices.
func WaitVector[T Ordered](s Lib, form int, wait bool, ivars, n uintptr, indices, status unsafe.Pointer, cmp int32, v T, values unsafe.Pointer) uint64 {
	var z T
	es := unsafe.Sizeof(z)
	s.symmetricOffset(ivars, s.mulSize(n, es, "array"), "ivars")
	included := func(i uintptr) bool {
		return status == nil || *(*int32)(unsafe.Add(status, i*4)) == 0
	}
	holds := func(i uintptr) bool {
		with := v
		if values != nil {
			with = *(*T)(unsafe.Add(values, i*es))
		}
		return compare(s, cmp, loadLocal[T](s, ivars+i*es), with)
	}
	eligible := false
	for i := range n {
		eligible = eligible || included(i)
	}
	var result uint64
	test := func() bool {
		switch form {
		case WaitAll:
			all := true
			for i := uintptr(0); i < n && all; i++ {
				all = !included(i) || holds(i)
			}
			if all {
				result = 1
				return true
			}
		case WaitAny:
			if !eligible {
				result = NoIndex
				return true
			}
			for i := range n {
				if included(i) && holds(i) {
					result = uint64(i)
					return true
				}
			}
		case WaitSome:
			if !eligible {
				result = 0
				return true
			}
			var k uint64
			for i := range n {
				if included(i) && holds(i) {
					*(*uint64)(unsafe.Add(indices, k*8)) = uint64(i)
					k++
				}
			}
			if k > 0 {
				result = k
				return true
			}
		default:
			s.fail("unknown wait form %d", form)
		}
		return false
	}
	if !wait {
		if test() {
			return result
		}
		if form == WaitAny {
			return NoIndex
		}
		return 0
	}
	s.poll(whyStore, test)
	return result
}
