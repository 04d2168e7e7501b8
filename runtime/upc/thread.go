package upc

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// Thread is one UPC thread's context: generated functions take it first,
// like a TLS pointer.
type Thread struct {
	MyThread int // MYTHREAD
	Threads  int // THREADS

	ep   *gasnet.Endpoint
	job  *Job
	segs []unsafe.Pointer // the PSHM table: segs[t] non-nil if addressable
	// addressesAll: every segs[t] is non-nil (smp with one process), so
	// lists and collectives need no per-region addressability test.
	addressesAll bool
	local        unsafe.Pointer // this thread's own segment
	segSize      uintptr
	// direct is the table Load and Store take their inline path through:
	// segs, or nothing when the job counts accesses (UPC_STATS), so that
	// every access then takes the slow path, which counts it. The inline
	// path pays nothing for the profile.
	direct []unsafe.Pointer
	// scalarOK is the type word of the last type Load or Store checked
	// for Go pointers (scalar.go).
	scalarOK unsafe.Pointer
	// prof is the endpoint's communication profile, nil when off: the
	// runtime's other direct paths count their loads and stores in it.
	prof *gasnet.Profile

	collectives uint64 // collective calls so far, identical on every thread
	fenceWord   atomic.Uint64
	status      int
	exited      bool
}

// Job is one process's part of a running UPC program.
type Job struct {
	gj       *gasnet.Job
	threads  int
	staticHi uintptr // end of the static shared data, in every segment
	sym      *symHeap
	heaps    []*localHeap // the local heaps of this process's threads
	locks    []*lockTable // per local thread
	status   atomic.Int64 // first non-zero main status, +1 (0: none yet)
}

// Options configure a job started with RunWith.
type Options struct {
	Threads     int            // THREADS (the smp conduit's rank count)
	Conduit     gasnet.Conduit // nil: smp
	SegmentSize uintptr        // per thread; 0: UPC_SHARED_HEAP_SIZE or the default
	// Setup runs once per process before any thread starts, to lay out the
	// static shared data (AllocStatic); THREADS is known by then.
	Setup func(j *Job)
	// Stats is the communication profile printed when the job ends
	// (docs/observability.md); StatsUnset reads UPC_STATS.
	Stats Stats
	// StatsOutput receives it; nil means standard error.
	StatsOutput io.Writer
}

// headerSize is the runtime's own area at the start of every segment
// (broadcast slots for collective allocation and lock allocation).
const headerSize = 4096

// Threads is THREADS.
func (j *Job) Threads() int { return j.threads }

// maxSegment bounds a thread's segment (64 TiB): static shared data
// beyond it cannot be mapped on any machine upcgo runs on.
const maxSegment = 1 << 46

// AllocStatic reserves size bytes, aligned, at the same offset of every
// thread's segment and returns that offset: the home of one static shared
// object's per-thread part. Call it from Options.Setup only, in the same
// order in every process. The static data is laid out before the segments
// exist, which then hold it and the shared heap above it.
func (j *Job) AllocStatic(size, align uintptr) uintptr {
	if align == 0 {
		align = 1
	}
	off := (j.staticHi + align - 1) &^ (align - 1)
	if size > maxSegment || off+size > maxSegment {
		panic(staticTooLarge{})
	}
	j.staticHi = off + size
	return off
}

// staticTooLarge is AllocStatic's panic, which layout turns into an error.
type staticTooLarge struct{}

// layout runs the program's Setup, which places its static shared data.
func (j *Job) layout(setup func(j *Job)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(staticTooLarge); !ok {
				panic(r)
			}
			err = fmt.Errorf("the static shared data needs more than %d bytes per thread, more than a UPC thread's segment can hold: make the shared arrays smaller or allocate them with upc_all_alloc", uintptr(maxSegment))
		}
	}()
	setup(j)
	return nil
}

// Run runs body as THREADS = n UPC threads and returns when all are done:
// nil, or a *Fault, or an *ExitError carrying a non-zero status.
func Run(n int, body func(t *Thread)) error {
	_, err := RunWith(Options{Threads: n}, func(t *Thread) int { body(t); return 0 })
	return err
}

// RunWith starts a job and runs main on every thread of this process. The
// status is that of upc_global_exit if called, else the first non-zero
// return of main, else 0. err is a *Fault if a thread faulted, a
// *Deadlock if no thread could go on, an *ExitError if the status is
// non-zero, else nil.
//
// Each thread's segment is opts.SegmentSize bytes (else
// UPC_SHARED_HEAP_SIZE, else gasnet.DefaultSegmentSize) for the runtime's
// header and the shared heap, plus the static shared data Setup lays out,
// which so never takes room from the heap.
func RunWith(opts Options, main func(t *Thread) int) (status int, err error) {
	return run(opts, main, nil)
}

// run is RunWith; end, if not nil, is called with the outcome once the
// threads are done but before the network is released, so that what it
// prints leaves the process while every process is still there.
func run(opts Options, main func(t *Thread) int, end func(status int, err error)) (status int, err error) {
	if opts.Stats == StatsUnset {
		if opts.Stats, err = statsFromEnv(); err != nil {
			return 2, err
		}
	}
	j := &Job{threads: opts.Threads, staticHi: headerSize}
	if opts.Conduit != nil {
		j.threads = opts.Conduit.Size()
	}
	if opts.Setup != nil {
		if err := j.layout(opts.Setup); err != nil {
			return 1, err
		}
	}
	heap := opts.SegmentSize
	if heap == 0 {
		env, err := gasnet.EnvSegmentSize()
		if err != nil {
			return 1, err
		}
		heap = cmp.Or(env, gasnet.DefaultSegmentSize)
	}
	static := roundUp(j.staticHi, allocAlign) - headerSize
	conduit := opts.Conduit
	if conduit == nil {
		conduit = smp.New(opts.Threads, 1)
	}
	gj, err := gasnet.NewJob(gasnet.Config{SegmentSize: static + heap, Conduit: conduit, Profile: opts.Stats.profile()})
	if err != nil {
		if static > 0 {
			err = fmt.Errorf("%v: a segment holds the static shared data (%d bytes per thread) and the shared heap (%d)", err, static, heap)
		}
		return 1, err
	}
	defer gj.Conduit().Close()
	obs, err := startObserving(gj)
	if err != nil {
		return 2, err
	}
	j.gj = gj
	j.initHeaps()
	// Threads share their process's segment table; look at each table once.
	addressesAll := map[*unsafe.Pointer]bool{}
	for _, ep := range gj.Local() {
		segs := ep.Segments()
		if _, seen := addressesAll[&segs[0]]; !seen {
			addressesAll[&segs[0]] = !slices.Contains(segs, nil)
		}
	}
	runErr := gj.Run(func(ep *gasnet.Endpoint) {
		t := &Thread{MyThread: ep.Rank(), Threads: j.threads, ep: ep, job: j, segs: ep.Segments()}
		t.addressesAll = addressesAll[&t.segs[0]]
		t.local = t.segs[t.MyThread]
		t.segSize = ep.SegmentSize()
		t.prof = ep.Profile()
		if t.prof == nil {
			t.direct = t.segs
		}
		// A stray pointer becomes a panic we report, not a crash.
		debug.SetPanicOnFault(true)
		announceThread(t.MyThread, t.Threads)
		defer func() {
			// Only Exit's own panic is recovered here; faults go on to gasnet.
			if t.exited {
				recover()
				j.recordStatus(t.status)
			}
		}()
		obs.thread(t.MyThread, func() { j.recordStatus(main(t)) })
	})
	obs.stop()
	if opts.Stats != StatsOff {
		w := opts.StatsOutput
		if w == nil {
			w = os.Stderr
		}
		gj.PrintStats(w)
	}
	status, err = j.outcome(runErr)
	if end != nil {
		end(status, err)
	}
	return status, err
}

// outcome turns the job's end into RunWith's results.
func (j *Job) outcome(runErr error) (int, error) {
	var rp *gasnet.RankPanic
	var ee *gasnet.ExitError
	var dl *gasnet.DeadlockError
	switch {
	case errors.As(runErr, &ee):
		if ee.Status == 0 {
			return 0, nil
		}
		return ee.Status, &ExitError{Status: ee.Status}
	case errors.As(runErr, &rp):
		return 1, newFault(rp)
	case errors.As(runErr, &dl):
		if d := j.gatherDeadlock(dl); d != nil {
			return 1, d
		}
		return 1, &ExitError{Status: 1}
	case runErr != nil:
		return 1, runErr
	}
	if s := j.status.Load(); s != 0 {
		return int(s - 1), &ExitError{Status: int(s - 1)}
	}
	return 0, nil
}

// ExitError is a job's non-zero exit status.
type ExitError struct{ Status int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Status) }

// Fault is a runtime error in one UPC thread: a Go panic (a trap such as
// a division by zero, or a runtime check such as a bad handle), with the
// source position of the UPC code that caused it.
type Fault struct {
	Thread int
	Value  any
	Pos    string // file:line of the innermost frame of the user's program, if known
	Stack  string // the user's frames, innermost first
}

func (f *Fault) Error() string {
	msg := fmt.Sprint(f.Value)
	if e, ok := f.Value.(error); ok {
		msg = e.Error()
	}
	if f.Pos != "" {
		return fmt.Sprintf("thread %d: %s (at %s)", f.Thread, msg, f.Pos)
	}
	return fmt.Sprintf("thread %d: %s", f.Thread, msg)
}

func newFault(rp *gasnet.RankPanic) *Fault {
	f := &Fault{Thread: rp.Rank, Value: rp.Value}
	f.Pos, f.Stack = userFrames(rp.PCs)
	return f
}

// userFrames finds the user's program in a stack: the position
// (file:line) of its innermost frame, and all its frames, innermost first.
func userFrames(pcs []uintptr) (pos, stack string) {
	frames := runtime.CallersFrames(pcs)
	var b strings.Builder
	for {
		fr, more := frames.Next()
		if gasnet.UserFrame(fr) {
			at := fr.File + ":" + strconv.Itoa(fr.Line)
			if pos == "" {
				pos = at
			}
			fmt.Fprintf(&b, "  %s\n\t%s\n", fr.Function, at)
		}
		if !more {
			break
		}
	}
	return pos, b.String()
}

func (j *Job) recordStatus(s int) {
	if s != 0 {
		j.status.CompareAndSwap(0, int64(s)+1)
	}
}

// threadExit unwinds a thread that called Exit.
type threadExit struct{}

// Exit ends the calling thread as if main had returned status (C's exit
// called by one UPC thread).
func (t *Thread) Exit(status int) {
	t.status, t.exited = status, true
	panic(threadExit{})
}

// GlobalExit is upc_global_exit: it ends every thread of the job with
// status, flushing what AtExit registered.
func (t *Thread) GlobalExit(status int) {
	panic(&gasnet.ExitError{Status: status})
}

var (
	exitHooksMu sync.Mutex
	exitHooks   []func()
)

// AtExit registers f to run once before Main exits the process (stdio
// flushes its buffers here).
func AtExit(f func()) {
	exitHooksMu.Lock()
	exitHooks = append(exitHooks, f)
	exitHooksMu.Unlock()
}

func runExitHooks() {
	exitHooksMu.Lock()
	hooks := exitHooks
	exitHooks = nil
	exitHooksMu.Unlock()
	for i := len(hooks) - 1; i >= 0; i-- {
		hooks[i]()
	}
}

// Program is what a generated main package hands to Main.
type Program struct {
	Name          string // for messages
	StaticThreads int    // THREADS fixed at compile time (-T), or 0
	Setup         func(j *Job)
	Main          func(t *Thread) int
}

// maxStack bounds a UPC thread's stack. A C thread gets 8 MiB (ulimit -s,
// pthreads' default); Go's own bound of 1 GiB let a recursion without
// end run for ten seconds and take 1 GiB of memory per thread before
// the overflow was reported. 256 MiB leaves deep recursion 32 times C's
// room.
const maxStack = 256 << 20

// Main runs a UPC program as the process: it takes the job's shape from
// the flags before the program's own arguments (-n N, -ppn P,
// -shared-heap SIZE and their Berkeley UPC and GNU UPC spellings; see
// startup.go), removed from os.Args before main sees it, else from the
// environment (UPC_NTHREADS, UPC_THREADS_PER_PROC, UPC_SHARED_HEAP_SIZE)
// and the build's defaults; runs the job on the network the program was
// built for (the smp conduit unless a network conduit registered itself);
// prints a fault with its thread and source line; and exits with the
// job's status. A start-up error is one line. The process is the
// program's crash guard and runs the job in a child (crash.go). It does
// not return.
func Main(p Program) {
	if os.Getenv("UPCGO_DESCRIBE") == "1" {
		describe(p)
		os.Exit(0)
	}
	crashGuard(progName(p))
	debug.SetMaxStack(maxStack)
	flags, rest, err := parseStartup(os.Args[1:])
	if err == nil {
		os.Args = append(os.Args[:1], rest...)
		flags, err = jobShape(flags, p.StaticThreads)
	}
	var conduit gasnet.Conduit
	if err == nil {
		conduit, err = startConduit(flags)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progName(p), err)
		os.Exit(2)
	}
	n := conduit.Size()
	ended := false
	status, err := run(Options{Threads: n, Conduit: conduit, SegmentSize: flags.heap, Setup: p.Setup}, p.Main, func(_ int, err error) {
		ended = true
		runExitHooks()
		report(p, n, err)
	})
	if !ended {
		// The job never started (its static data or its segments could
		// not be laid out): run's end was not called.
		runExitHooks()
		report(p, n, err)
	}
	if ec, ok := conduit.(gasnet.ExitConduit); ok {
		// A network ends the process itself (MPI_Finalize or MPI_Abort).
		ec.Exit(status)
	}
	os.Exit(status)
}

// report prints how the job failed, if it did (an exit status alone is
// no failure to report).
func report(p Program, n int, err error) {
	var f *Fault
	var d *Deadlock
	var ee *ExitError
	backtrace := os.Getenv("UPC_BACKTRACE") == "1"
	switch {
	case errors.As(err, &d):
		writeDeadlock(os.Stderr, progName(p), n, d.parts, backtrace)
	case errors.As(err, &f):
		fmt.Fprintf(os.Stderr, "%s: UPC thread %d of %d: %v\n", progName(p), f.Thread, n, faultMessage(f))
		if f.Pos != "" {
			fmt.Fprintf(os.Stderr, "  at %s\n", f.Pos)
		}
		if backtrace {
			fmt.Fprint(os.Stderr, f.Stack)
		}
	case err != nil && !errors.As(err, &ee):
		fmt.Fprintf(os.Stderr, "%s: %v\n", progName(p), err)
	}
}

// startConduit opens the network the program was built for: a registered
// network conduit, else the smp conduit (whose simulated processes -ppn
// selects, for testing the message paths).
func startConduit(s startup) (gasnet.Conduit, error) {
	if _, open, ok := gasnet.Network(); ok {
		return open(gasnet.ConduitRequest{Threads: s.threads, PerProc: s.perProc})
	}
	n := s.threads
	if n == 0 {
		n = runtime.NumCPU()
	}
	procs := 1
	if s.perProc > 0 {
		if n%s.perProc != 0 {
			return nil, fmt.Errorf("THREADS=%d is not a multiple of %d threads per process (-ppn, UPC_THREADS_PER_PROC)", n, s.perProc)
		}
		procs = n / s.perProc
	}
	return smp.New(n, procs), nil
}

func faultMessage(f *Fault) string {
	if e, ok := f.Value.(error); ok {
		return e.Error()
	}
	return fmt.Sprint(f.Value)
}

// progName names the program in its messages as Unix programs do: by the
// name it was started under (the binary's, which -o chose), else by its
// source's.
func progName(p Program) string {
	if len(os.Args) > 0 && os.Args[0] != "" {
		return filepath.Base(os.Args[0])
	}
	return p.Name
}
