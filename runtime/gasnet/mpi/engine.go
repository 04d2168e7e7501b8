//go:build mpi

package mpi

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// engine is the process's MPI thread: a goroutine locked to the OS thread
// that initialised MPI. It runs the progress loop of the attached conduit
// (active messages, barriers, the operation table's issuing and flushing)
// and every MPI call other goroutines may not make themselves: all of them
// under MPI_THREAD_FUNNELED, the two-sided and collective ones always.
//
// It keeps MPI progressing while the ranks compute: over transports that
// need the target's help (TCP), a remote flush would otherwise wait until
// the target next entered MPI. It polls without pause while there is
// traffic, yields the processor for a while when there is none, then
// sleeps with a growing interval up to Config.PollMax, so an idle process
// costs little and still answers within PollMax.
type engine struct {
	rank, size int
	oneNode    bool // every process runs on this node
	tagUB      int  // the largest MPI tag
	lib        Library
	version    string
	multiple   bool // MPI_THREAD_MULTIPLE was granted and asked for

	calls chan func()
	kicks atomic.Int32 // wake-ups asked for since the engine last slept
	wfd   int          // the eventfd the engine sleeps on

	mu  sync.Mutex
	cur *Conduit
}

var (
	engineOnce sync.Once
	theEngine  *engine
	engineErr  error
)

// envDefaults are set before MPI initialises unless the user set them.
// (UCX_HANDLE_ERRORS=none is the launcher's: UCX linked into MPICH reads it
// before main runs. Go's signal handlers survive UCX's either way: see
// upc_init.)
var envDefaults = [][2]string{
	// Open MPI 4.1's osc/rdma component crashes on compare-and-swap to
	// the calling process over shared memory (btl/vader): use osc/sm on
	// one node, osc/ucx across nodes.
	{"OMPI_MCA_osc", "sm,ucx,pt2pt"},
}

func startEngine(threads string) (*engine, error) {
	engineOnce.Do(func() {
		for _, kv := range envDefaults {
			if _, ok := os.LookupEnv(kv[0]); !ok {
				os.Setenv(kv[0], kv[1])
			}
		}
		fd, _, errno := syscall.RawSyscall(syscall.SYS_EVENTFD2, 0, syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if errno != 0 {
			engineErr = fmt.Errorf("eventfd: %v", errno)
			return
		}
		e := &engine{calls: make(chan func(), 1), wfd: int(fd)}
		ready := make(chan error)
		go e.loop(threads, ready)
		if engineErr = <-ready; engineErr == nil {
			theEngine = e
		}
	})
	return theEngine, engineErr
}

// call runs f on the engine's thread and returns its error. It must not
// be called from the engine itself (a handler).
func (e *engine) call(f func() error) error {
	done := make(chan error, 1)
	e.calls <- func() { done <- f() }
	e.wake()
	return <-done
}

// wake interrupts the engine's sleep, if it sleeps.
func (e *engine) wake() {
	if e.kicks.Add(1) == 1 {
		one := uint64(1)
		syscall.Write(e.wfd, (*[8]byte)(unsafe.Pointer(&one))[:])
	}
}

// sleep blocks the engine's thread for at most d, or until wake. It is a
// system call rather than a Go timer: the runtime's timers wake a process
// with nothing else to do at millisecond granularity, which would put a
// millisecond into every round trip with an idle peer.
func (e *engine) sleep(d time.Duration) {
	if e.kicks.Load() == 0 {
		fds := [1]pollfd{{fd: int32(e.wfd), events: pollIn}}
		ts := syscall.NsecToTimespec(int64(d))
		syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
	}
	e.clearKicks()
}

// clearKicks forgets the wake-ups asked for so far. The eventfd is
// drained whatever the count says: a waker may have written it after the
// count was reset.
func (e *engine) clearKicks() {
	e.kicks.Store(0)
	var buf [8]byte
	syscall.Read(e.wfd, buf[:])
}

// pollfd is struct pollfd of poll(2).
type pollfd struct {
	fd      int32
	events  int16
	revents int16
}

const pollIn = 0x1

func (e *engine) attach(c *Conduit) {
	e.mu.Lock()
	e.cur = c
	e.mu.Unlock()
	e.wake()
}

func (e *engine) detach(c *Conduit) {
	e.mu.Lock()
	if e.cur == c {
		e.cur = nil
	}
	e.mu.Unlock()
}

func (e *engine) current() *Conduit {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.cur
}

// Polling. While a local rank waits in a barrier the engine polls without
// pause (yielding the processor every yieldEvery polls, for processes
// that share cores): the rank does not compute, so
// the core is free, and the other processes' operations on this one's
// window may need its MPI library to make progress, as MPI_Barrier would
// give them. Otherwise, after the last piece of work it keeps polling so for
// Config.SpinIdle, or Config.SpinBusy while something is in flight
// (messages, operations): the answer to a message is typically back within
// tens of microseconds, and a sleeping engine would add its sleep to every
// round trip. Then it sleeps, from minSleep doubling to busySleep while
// something is in flight, or to Config.PollMax when nothing is.
const (
	yieldEvery = 16
	minSleep   = 5 * time.Microsecond
	busySleep  = 20 * time.Microsecond
	inMPISleep = 50 * time.Microsecond  // while ranks are inside long MPI calls or the engine has messages in flight
	shortCall  = 200 * time.Microsecond // the sleep while ranks' MPI calls keep returning
)

func (e *engine) loop(threads string, ready chan<- error) {
	runtime.LockOSThread()
	// A stray address in a handler panics (Job.Deliver reports it)
	// instead of crashing the process.
	debug.SetPanicOnFault(true)
	// Sleeps of microseconds, not the default 50 µs timer slack.
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetTimerSlack, 1000, 0)
	want := levelMultiple()
	if threads == "funneled" {
		want = levelFunneled()
	}
	info, err := mpiInit(want)
	if err != nil {
		ready <- err
		return
	}
	e.rank, e.size, e.oneNode, e.tagUB = info.rank, info.size, info.nodeSize == info.size, info.tagUB
	e.version, e.lib = info.version, libraryOf(info.version)
	e.multiple = info.provided >= levelMultiple() && threads != "funneled"
	ready <- nil

	lastWork, sleep, polls, seenCalls := nanotime(), time.Duration(0), 0, uint64(0)
	for {
		work := 0
	drain:
		for {
			select {
			case f := <-e.calls:
				f()
				work++
			default:
				break drain
			}
		}
		c := e.current()
		if c != nil && work == 0 {
			// Ranks in MPI calls, or whose calls returned since the
			// engine last looked (a loop posting puts), make progress;
			// let them have the library and the processor. While
			// their calls keep returning (an 8-byte put and its flush
			// over TCP take tens of µs) the engine sleeps shortCall
			// unless it has messages, replies or a barrier in flight:
			// waking every inMPISleep took a core from the rank
			// spinning in MPI_Win_flush or from the peer that must
			// answer it (8-byte latency over TCP 41–47 → 34–38 µs).
			// Within one long call (a flush of megabytes) it wakes
			// every inMPISleep, which measured up to twice the TCP
			// bandwidth of sleeping longer.
			calls := c.mpiCalls.Load()
			if c.inMPI.Load() > 0 || calls != seenCalls {
				d := inMPISleep
				if calls != seenCalls && !c.engineBusy() {
					d = shortCall
				}
				seenCalls = calls
				e.sleep(d)
				continue
			}
		}
		if c != nil {
			work += c.poll()
		}
		now := nanotime()
		if c != nil {
			seenCalls = c.mpiCalls.Load() // the engine's own calls
		}
		if work > 0 {
			lastWork, sleep = now, 0
			continue
		}
		busy := c != nil && c.busy()
		quiet := time.Duration(now - lastWork)
		if c != nil && (quiet < c.cfg.SpinIdle || busy && quiet < c.cfg.SpinBusy || c.bar.arrivedAny()) {
			// A yield costs microseconds of latency when nothing else
			// wants the processor, so only every yieldEvery polls.
			if polls++; polls%yieldEvery == 0 {
				osyield()
			}
			continue
		}
		limit := time.Hour
		if c != nil {
			limit = c.cfg.PollMax
			if busy {
				limit = min(limit, busySleep)
			}
			if d := c.tab.deadline(); d != 0 {
				limit = max(min(limit, time.Duration(d-now)), 0)
			}
		}
		sleep = min(max(2*sleep, minSleep), limit)
		if e.kicks.Load() != 0 {
			// Woken since the last round: go round again at once.
			e.clearKicks()
			lastWork, sleep = nanotime(), 0
			continue
		}
		e.sleep(sleep)
	}
}

// prSetTimerSlack is prctl's PR_SET_TIMERSLACK.
const prSetTimerSlack = 29

// osyield gives the processor to another runnable thread, of this or
// another process: with more processes than cores, the rank this process
// waits for may be waiting for the core.
func osyield() { syscall.Syscall(syscall.SYS_SCHED_YIELD, 0, 0, 0) }
