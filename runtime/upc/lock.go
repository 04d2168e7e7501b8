package upc

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// Lock is a upc_lock_t *: a pointer-to-shared to the lock's home, a
// 16-byte object in its thread's local heap holding the lock's index in the
// home process's lock table.
type Lock = SharedPtr

// lockState is a FIFO lock: a waiter is handed the lock by the thread that
// releases it, so no thread can starve (UPC 1.3 only requires eventual
// acquisition; FIFO gives it under any contention).
type lockState struct {
	mu     sync.Mutex
	held   bool
	holder int
	queue  []lockWaiter
	freed  bool
}

// lockWaiter is a thread waiting for the lock: one in this process
// (granted/waiter), or a call from another process to answer.
type lockWaiter struct {
	thread  int
	granted *atomic.Bool
	waiter  *gasnet.Waiter
	remote  gasnet.CallRef
	job     *gasnet.Job
	home    int
}

func (w lockWaiter) grant() {
	if w.granted != nil {
		w.granted.Store(true)
		w.waiter.Wake()
		return
	}
	w.job.Return(w.home, w.remote, []uint64{1}, nil)
}

type lockTable struct {
	mu    sync.Mutex
	locks []*lockState
}

func (lt *lockTable) add(s *lockState) uint64 {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	lt.locks = append(lt.locks, s)
	return uint64(len(lt.locks) - 1)
}

func (lt *lockTable) get(i uint64) *lockState {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	if i >= uint64(len(lt.locks)) {
		return nil
	}
	return lt.locks[i]
}

const lockObjectSize = 16

// lockMagic marks a live lock object, so a pointer that is not a lock
// is reported instead of misread.
const lockMagic = 0x75706c6b << 32

func (t *Thread) newLock() Lock {
	p := t.Alloc(lockObjectSize)
	idx := t.job.locks[t.MyThread-t.job.first()].add(&lockState{})
	Store(t, p, uint64(lockMagic|idx))
	return p
}

func (j *Job) first() int { f, _ := j.gj.Conduit().Local(); return f }

// GlobalLockAlloc is upc_global_lock_alloc: a new lock, called by one
// thread; its home is the calling thread.
func (t *Thread) GlobalLockAlloc() Lock { return t.newLock() }

// AllLockAlloc is upc_all_lock_alloc: collective; every thread gets the
// same lock, homed on thread 0.
func (t *Thread) AllLockAlloc() Lock { return t.BroadcastFrom0("upc_all_lock_alloc", nil, t.newLock) }

// state finds the lock state of l in this process (its home is addressable).
func (t *Thread) state(l Lock, op string) *lockState {
	if l.IsNull() {
		panic(op + ": null lock")
	}
	t.checkThread(l, op)
	word := Load[uint64](t, l)
	if word>>32 != lockMagic>>32 {
		panic(fmt.Sprintf("%s: %v is not a lock (or was freed)", op, l))
	}
	s := t.job.locks[int(l.Thread)-t.job.first()].get(word & 0xffffffff)
	if s == nil {
		panic(fmt.Sprintf("%s: %v is not a lock", op, l))
	}
	return s
}

// Lock is upc_lock: it blocks until the calling thread holds l.
func (t *Thread) Lock(l Lock) {
	if !t.job.gj.IsLocal(int(l.Thread)) {
		t.remoteLock(l, false)
		t.Fence()
		return
	}
	s := t.state(l, "upc_lock")
	s.mu.Lock()
	if s.freed {
		s.mu.Unlock()
		panic(fmt.Sprintf("upc_lock: lock %v was freed", l))
	}
	if !s.held {
		s.held, s.holder = true, t.MyThread
		s.mu.Unlock()
		t.Fence()
		return
	}
	if s.holder == t.MyThread {
		s.mu.Unlock()
		panic("upc_lock: the calling thread already holds this lock")
	}
	var granted atomic.Bool
	s.queue = append(s.queue, lockWaiter{thread: t.MyThread, granted: &granted, waiter: t.ep.LockWaiter()})
	s.mu.Unlock()
	t.ep.LockWaiter().Wait(t.ep, (*lockWait)(s), granted.Load)
	t.Fence()
}

// lockWait is a thread waiting for a lock, for the deadlock report.
type lockWait lockState

func (w *lockWait) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.held {
		return "upc_lock: a lock that is being handed to it"
	}
	return fmt.Sprintf("upc_lock: a lock held by thread %d", w.holder)
}

// remoteLockWait is a thread waiting for a lock homed in another process.
type remoteLockWait struct{ home uint32 }

func (w remoteLockWait) String() string {
	return fmt.Sprintf("upc_lock: a lock (on thread %d) held by another thread", w.home)
}

// LockAttempt is upc_lock_attempt: take l if it is free; report whether
// the calling thread now holds it.
func (t *Thread) LockAttempt(l Lock) bool {
	if !t.job.gj.IsLocal(int(l.Thread)) {
		ok := t.remoteLock(l, true)
		t.Fence()
		return ok
	}
	s := t.state(l, "upc_lock_attempt")
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held || s.freed {
		return false
	}
	s.held, s.holder = true, t.MyThread
	t.Fence()
	return true
}

// Unlock is upc_unlock: it releases l, handing it to the longest waiter.
func (t *Thread) Unlock(l Lock) {
	t.Fence()
	if !t.job.gj.IsLocal(int(l.Thread)) {
		r, _ := t.ep.Call(int(l.Thread), hUnlock, []uint64{uint64(l.Addr), uint64(t.MyThread)}, nil)
		if r[0] != 0 {
			panic("upc_unlock: the calling thread does not hold this lock")
		}
		return
	}
	if err := t.state(l, "upc_unlock").unlock(t.MyThread); err != "" {
		panic("upc_unlock: " + err)
	}
}

func (s *lockState) unlock(thread int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.held || s.holder != thread {
		return "the calling thread does not hold this lock"
	}
	if len(s.queue) == 0 {
		s.held = false
		return ""
	}
	next := s.queue[0]
	s.queue = s.queue[1:]
	s.holder = next.thread
	next.grant()
	return ""
}

// LockFree is upc_lock_free. It succeeds whether the lock is unlocked or
// locked by any thread (UPC 1.3 §7.2.4.2); a thread blocked in upc_lock on
// it would wait forever (undefined by the spec), so that is reported.
func (t *Thread) LockFree(l Lock) {
	if l.IsNull() {
		return
	}
	if t.job.gj.IsLocal(int(l.Thread)) {
		s := t.state(l, "upc_lock_free")
		s.mu.Lock()
		waiters := len(s.queue) > 0
		s.freed = !waiters
		s.mu.Unlock()
		if waiters {
			panic("upc_lock_free: threads are waiting for the lock in upc_lock")
		}
	}
	Store(t, l, uint64(0))
	t.Free(l)
}

// AllLockFree is upc_all_lock_free (UPC 1.3): collective.
func (t *Thread) AllLockFree(l Lock) {
	t.internalBarrier()
	if t.MyThread == 0 {
		t.LockFree(l)
	}
}

var (
	hLock   = gasnet.RegisterHandler("upc-lock", amLock)
	hUnlock = gasnet.RegisterHandler("upc-unlock", amUnlock)
)

// remoteLock acquires (or attempts) a lock homed in another process; the
// home answers when the lock is handed over.
func (t *Thread) remoteLock(l Lock, attempt bool) bool {
	r, _ := t.ep.CallWaiting(remoteLockWait{l.Thread}, int(l.Thread), hLock, []uint64{uint64(l.Addr), uint64(t.MyThread), boolWord(attempt)}, nil)
	switch r[0] {
	case 2:
		panic(fmt.Sprintf("upc_lock: %v is not a lock (or was freed)", l))
	case 3:
		panic("upc_lock: the calling thread already holds this lock")
	}
	return r[0] == 1
}

func homeState(tok gasnet.Token, addr uintptr) *lockState {
	j := jobOf(tok)
	word := *(*uint64)(unsafe.Add(tok.Segment(), addr))
	if word>>32 != lockMagic>>32 {
		return nil
	}
	return j.locks[tok.Dst()-j.first()].get(word & 0xffffffff)
}

func amLock(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	s := homeState(tok, uintptr(a[0]))
	thread, attempt := int(a[1]), a[2] != 0
	answer := func(v uint64) { tok.Job().Return(tok.Dst(), ref, []uint64{v}, nil) }
	if s == nil {
		answer(2)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.freed:
		answer(2)
	case !s.held:
		s.held, s.holder = true, thread
		answer(1)
	case s.holder == thread:
		answer(3)
	case attempt:
		answer(0)
	default:
		s.queue = append(s.queue, lockWaiter{thread: thread, remote: ref, job: tok.Job(), home: tok.Dst()})
	}
}

func amUnlock(tok gasnet.Token, args []uint64, _ []byte) {
	ref, a := gasnet.CallArgs(args)
	var v uint64
	if s := homeState(tok, uintptr(a[0])); s == nil || s.unlock(int(a[1])) != "" {
		v = 1
	}
	tok.Job().Return(tok.Dst(), ref, []uint64{v}, nil)
}
