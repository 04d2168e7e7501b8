package upc

import (
	"fmt"
	"runtime"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Berkeley UPC's semaphores and signalling puts (bupc_sem_t,
// bupc_extensions.h), after Bonachea's "Proposal for Extending the UPC
// Libraries with Explicit Point-to-Point Synchronization Support": a
// semaphore is a counter in shared memory with affinity to the thread
// that allocated it; post adds to it with a remote atomic, wait takes from
// it when it holds enough, and a signalling put posts it once its data
// is in place. Every operation implies a upc_fence.

// The bupc_sem_alloc flags (Berkeley UPC's values); 0 is the most general
// kind, SemInteger|SemMProducer|SemMConsumer.
const (
	SemBoolean   int32 = 1  // the value is 0 or 1
	SemInteger   int32 = 2  // the value counts up to SemMaxValue
	SemSProducer int32 = 4  // one thread posts (a hint)
	SemMProducer int32 = 8  // several threads post
	SemSConsumer int32 = 16 // one thread waits (a hint)
	SemMConsumer int32 = 32 // several threads wait
	semMask            = 63
)

// SemMaxValue is BUPC_SEM_MAXVALUE: the largest value a semaphore holds.
const SemMaxValue = 65535

// A semaphore is two words of shared memory: its value and its flags.
const semSize = 16

// SemAlloc is bupc_sem_alloc: a semaphore with affinity to the calling
// thread, value 0. It is not collective.
func (t *Thread) SemAlloc(flags int32) SharedPtr {
	const name = "bupc_sem_alloc"
	both := func(a, b int32) bool { return flags&a != 0 && flags&b != 0 }
	if flags&^semMask != 0 || both(SemBoolean, SemInteger) || both(SemSProducer, SemMProducer) || both(SemSConsumer, SemMConsumer) {
		panic(fmt.Sprintf("%s: invalid flags %#x (at most one of each pair BUPC_SEM_BOOLEAN/INTEGER, _SPRODUCER/_MPRODUCER, _SCONSUMER/_MCONSUMER)", name, flags))
	}
	if flags&SemBoolean == 0 {
		flags |= SemInteger
	}
	p := t.Alloc(semSize)
	if p.IsNull() {
		t.exhausted(name, semSize)
	}
	t.ep.Atomic(int(p.Thread), p.Addr, gasnet.AtomicSet, gasnet.Uint64, 0, 0)
	t.ep.Atomic(int(p.Thread), p.Addr+8, gasnet.AtomicSet, gasnet.Uint64, uint64(flags), 0)
	return p
}

// SemFree is bupc_sem_free.
func (t *Thread) SemFree(s SharedPtr) {
	t.semFlags("bupc_sem_free", s)
	t.Free(s)
}

// semFlags checks s and returns its flags.
func (t *Thread) semFlags(name string, s SharedPtr) int32 {
	if s.IsNull() {
		panic(name + ": the semaphore is a null pointer")
	}
	t.checkThread(s, name)
	return int32(t.ep.Atomic(int(s.Thread), s.Addr+8, gasnet.AtomicGet, gasnet.Uint64, 0, 0))
}

// semCount checks the count a post, wait or try takes: only integer
// semaphores take more than 1.
func (t *Thread) semCount(name string, s SharedPtr, n uint64) {
	flags := t.semFlags(name, s)
	if n != 1 && flags&SemBoolean != 0 {
		panic(fmt.Sprintf("%s: a count of %d on a BUPC_SEM_BOOLEAN semaphore (only integer semaphores take counts)", name, n))
	}
	if n > SemMaxValue {
		panic(fmt.Sprintf("%s: a count of %d is above BUPC_SEM_MAXVALUE (%d)", name, n, SemMaxValue))
	}
}

// SemPost is bupc_sem_post (n 1) and bupc_sem_postN: it adds n to s's
// value. A boolean semaphore's value becomes 1; an integer one above
// BUPC_SEM_MAXVALUE is a runtime error.
func (t *Thread) SemPost(name string, s SharedPtr, n uint64) {
	t.semCount(name, s, n)
	t.Fence()
	if t.semFlags(name, s)&SemBoolean != 0 {
		t.ep.Atomic(int(s.Thread), s.Addr, gasnet.AtomicSet, gasnet.Uint64, 1, 0)
	} else if old := t.ep.Atomic(int(s.Thread), s.Addr, gasnet.AtomicAdd, gasnet.Uint64, n, 0); old+n > SemMaxValue {
		panic(fmt.Sprintf("%s: the semaphore's value %d would pass BUPC_SEM_MAXVALUE (%d)", name, old+n, SemMaxValue))
	}
	t.Fence()
}

// SemTry is bupc_sem_try (n 1) and bupc_sem_tryN: it takes n from s's
// value if it holds that much, and says whether it did.
func (t *Thread) SemTry(name string, s SharedPtr, n uint64) bool {
	t.semCount(name, s, n)
	t.Fence()
	defer t.Fence()
	return t.semTake(s, n)
}

func (t *Thread) semTake(s SharedPtr, n uint64) bool {
	for {
		v := t.ep.Atomic(int(s.Thread), s.Addr, gasnet.AtomicGet, gasnet.Uint64, 0, 0)
		if v < n {
			return false
		}
		if t.ep.Atomic(int(s.Thread), s.Addr, gasnet.AtomicCAS, gasnet.Uint64, v-n, v) == v {
			return true
		}
	}
}

// SemWait is bupc_sem_wait (n 1) and bupc_sem_waitN: it waits until s's
// value is at least n, then takes n. Waiting threads are served in no
// particular order.
func (t *Thread) SemWait(name string, s SharedPtr, n uint64) {
	t.semCount(name, s, n)
	t.Fence()
	for !t.semTake(s, n) {
		runtime.Gosched()
	}
	t.Fence()
}

// MemputSignal is bupc_memput_signal and bupc_memput_signal_async: it
// copies n bytes from private memory to dst, then adds count to the
// semaphore s, which must have the same affinity as dst: a thread that
// waits on s finds the data in place. The copy is complete when it
// returns, which the _async form allows too.
func (t *Thread) MemputSignal(name string, dst SharedPtr, src unsafe.Pointer, n uintptr, s SharedPtr, count uint64) {
	t.semCount(name, s, count)
	if n > 0 && dst.Thread != s.Thread {
		panic(fmt.Sprintf("%s: the destination (thread %d) and the semaphore (thread %d) must have the same affinity", name, dst.Thread, s.Thread))
	}
	t.Memput(dst, src, n)
	t.SemPost(name, s, count)
}
