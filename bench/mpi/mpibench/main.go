//go:build mpi

// Command mpibench measures upcgo's mpi conduit on the patterns ../rma.c
// measures with raw MPI: UPC thread 0 (process 0) targets thread 1
// (process 1) through runtime/gasnet's extended API, as generated code
// does through runtime/upc.
//
//	go build -tags mpi -o mpibench ./bench/mpi/mpibench && mpirun -n 2 ./mpibench
//
// (-tags mpi,mpich for MPICH.) Lines are "name value unit", in rma.c's
// names where the pattern is the same.
package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
	"github.com/upcgo/upcgo/runtime/gasnet/mpi"
)

// loopScale repeats the loops more (MPIBENCH_LOOPPROF profiles them).
var loopScale = map[bool]int{true: 20, false: 1}[os.Getenv("MPIBENCH_LOOPPROF") != ""]

const (
	nStrided = 10000
	stride   = 16
	reps     = 15
)

func main() {
	if f := os.Getenv("MPIBENCH_CPUPROFILE"); f != "" {
		// One profile per process: the name gets the process id.
		out, err := os.Create(fmt.Sprintf("%s.%d", f, os.Getpid()))
		check(err)
		check(pprof.StartCPUProfile(out))
		defer pprof.StopCPUProfile()
	}
	base, err := mpi.ConfigFromEnv()
	check(err)
	defer mpi.Finalize()
	run(base, func(ep *gasnet.Endpoint, c *mpi.Conduit) {
		window := c.Config().Window
		if c.Config().PSHM {
			window = fmt.Sprintf("pshm (%d processes share memory)", c.Shared())
		}
		fmt.Printf("# %s, %s, threads %s, vis %s, atomics %s\n", c.Library(), window, map[bool]string{true: "multiple", false: "funneled"}[c.Multiple()], c.Config().VIS, c.Config().Atomics)
		if want("latency") {
			latency(ep)
		}
		if want("bandwidth") {
			bandwidth(ep)
		}
		if want("strided") {
			strided(ep)
		}
		if want("loop") {
			loop(ep, "agg_on_put_loop")
		}
	})
	if want("loop") {
		off := base
		off.AggBytes = 0
		run(off, func(ep *gasnet.Endpoint, _ *mpi.Conduit) { loop(ep, "agg_off_put_loop") })
	}
	if want("progress") {
		progress(base)
	}
	if want("barrier") {
		for _, perProc := range []int{1, 2} {
			barrier(base, perProc)
		}
	}
}

// want reports whether MPIBENCH_ONLY (a comma-separated list of latency,
// bandwidth, strided, loop, progress, barrier) selects the part; unset
// selects all.
func want(part string) bool {
	only := os.Getenv("MPIBENCH_ONLY")
	return only == "" || slices.Contains(strings.Split(only, ","), part)
}

// progress: thread 1 computes for 300 ms without calling the runtime while
// thread 0 puts 8 bytes to it and waits for the put to complete (the
// anchor progress.c measures the same with raw MPI).
func progress(cfg mpi.Config) {
	c, err := mpi.New(gasnet.ConduitRequest{PerProc: 1}, cfg)
	check(err)
	j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: 1 << 20})
	check(err)
	check(j.Run(func(ep *gasnet.Endpoint) {
		x := buffer(8)
		var worst time.Duration
		for range 3 {
			check(ep.Barrier(0, true))
			t0 := time.Now()
			if ep.Rank() == 1 {
				for n := 0; time.Since(t0) < 300*time.Millisecond; n++ {
				}
				continue
			}
			for time.Since(t0) < 50*time.Millisecond {
			}
			t1 := time.Now()
			ep.Put(1, 0, ptr(x), 8)
			worst = max(worst, time.Since(t1))
		}
		if ep.Rank() == 0 {
			fmt.Printf("put8_while_target_computes %.1f us\n", float64(worst.Nanoseconds())/1e3)
		}
		check(ep.Barrier(0, true))
	}))
	check(c.Close())
}

// barrier: every thread of a job of perProc threads per process runs
// anonymous barriers back to back (rma.c's MPI_Barrier loop is the
// one-thread line's raw figure).
func barrier(cfg mpi.Config, perProc int) {
	c, err := mpi.New(gasnet.ConduitRequest{PerProc: perProc}, cfg)
	check(err)
	j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: 1 << 20})
	check(err)
	const it = 20000
	check(j.Run(func(ep *gasnet.Endpoint) {
		for range 1000 {
			check(ep.Barrier(0, true))
		}
		t0 := time.Now()
		for range it {
			check(ep.Barrier(0, true))
		}
		if ep.Rank() == 0 {
			fmt.Printf("barrier_%dx%d %.3f us\n", c.Procs(), perProc, float64(time.Since(t0).Nanoseconds())/1e3/it)
		}
	}))
	check(c.Close())
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "mpibench:", err)
		os.Exit(1)
	}
}

// run runs body on thread 0 of a two-process job while thread 1 waits.
func run(cfg mpi.Config, body func(ep *gasnet.Endpoint, c *mpi.Conduit)) {
	c, err := mpi.New(gasnet.ConduitRequest{PerProc: 1}, cfg)
	check(err)
	if c.Procs() != 2 {
		check(fmt.Errorf("run with 2 processes, not %d", c.Procs()))
	}
	j, err := gasnet.NewJob(gasnet.Config{Conduit: c, SegmentSize: 64 << 20})
	check(err)
	check(j.Run(func(ep *gasnet.Endpoint) {
		if ep.Rank() == 0 {
			body(ep, c)
		}
		check(ep.Barrier(0, true))
	}))
	check(c.Close())
}

func ptr(b []byte) unsafe.Pointer { return unsafe.Pointer(&b[0]) }

// buffer returns n bytes outside the Go heap, as a UPC program's private
// memory is (runtime/cmem), so the conduit's handling of Go memory
// (pinning) does not count.
func buffer(n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS)
	check(err)
	for i := range b {
		b[i] = 1 // touched, as rma.c's memset does
	}
	return b
}

func median(v []time.Duration) time.Duration {
	slices.Sort(v)
	return v[len(v)/2]
}

func latency(ep *gasnet.Endpoint) {
	x := buffer(8)
	const it = 20000
	for range 1000 {
		ep.Put(1, 0, ptr(x), 8)
	}
	if f := os.Getenv("MPIBENCH_TRACE"); f != "" {
		out, err := os.Create(f + ".latency")
		check(err)
		check(trace.Start(out))
		for range 2000 {
			ep.Put(1, 0, ptr(x), 8)
		}
		trace.Stop()
	}
	t0 := time.Now()
	for range it {
		ep.Put(1, 0, ptr(x), 8)
	}
	fmt.Printf("put8_latency %.3f us\n", float64(time.Since(t0).Microseconds())/it)
	t0 = time.Now()
	for range it {
		ep.Get(ptr(x), 1, 0, 8)
	}
	fmt.Printf("get8_latency %.3f us\n", float64(time.Since(t0).Microseconds())/it)
	t0 = time.Now()
	for range it {
		ep.Atomic(1, 64, gasnet.AtomicAdd, gasnet.Int64, 1, 0)
	}
	fmt.Printf("fetch_add_latency %.3f us\n", float64(time.Since(t0).Microseconds())/it)
	// Against the size: one blocking put at a time, as rma.c's MPI_Put
	// and MPI_Win_flush.
	buf := buffer(4 << 20)
	for size := uintptr(8); size <= 4<<20; size *= 8 {
		n := min(max(int((64<<20)/size), 16), 2000)
		t0 := time.Now()
		for range n {
			ep.Put(1, 0, ptr(buf), size)
		}
		fmt.Printf("put_lat_%d %.3f us\n", size, float64(time.Since(t0).Nanoseconds())/1e3/float64(n))
	}
}

// bandwidth: a window of non-blocking puts, then one synchronisation.
func bandwidth(ep *gasnet.Endpoint) {
	buf := buffer(4 << 20)
	seg := ep.SegmentSize()
	for size := uintptr(8); size <= 4<<20; size *= 8 {
		n := min(max(int((64<<20)/size), 16), 20000)
		var v []time.Duration
		for range 5 {
			t0 := time.Now()
			for i := range n {
				ep.PutNBI(1, (uintptr(i)*size)%(seg-size), ptr(buf), size)
			}
			ep.WaitNBI()
			v = append(v, time.Since(t0))
		}
		fmt.Printf("put_bw_%d %.1f MB/s\n", size, float64(size)*float64(n)/median(v).Seconds()/1e6)
	}
}

// strided: 10 000 8-byte elements stride bytes apart at the target, as
// one strided put.
func strided(ep *gasnet.Endpoint) {
	src := buffer(8 * nStrided)
	var v []time.Duration
	for r := -1; r < reps; r++ {
		t0 := time.Now()
		ep.PutS(1, 0, []uintptr{stride}, ptr(src), []uintptr{8}, []uintptr{8, nStrided})
		if r >= 0 {
			v = append(v, time.Since(t0))
		}
	}
	fmt.Printf("strided_vector_put %.1f us\n", float64(median(v).Nanoseconds())/1e3)
}

// loop: the same elements as 10 000 fine-grained non-blocking puts and one
// synchronisation (with aggregation off, 10 000 separate RMA puts).
func loop(ep *gasnet.Endpoint, name string) {
	src := buffer(8 * nStrided)
	var v []time.Duration
	if f := os.Getenv("MPIBENCH_LOOPPROF"); f != "" && name == "agg_on_put_loop" {
		out, err := os.Create(f)
		check(err)
		check(pprof.StartCPUProfile(out))
		defer pprof.StopCPUProfile()
	}
	if f := os.Getenv("MPIBENCH_TRACE"); f != "" {
		out, err := os.Create(f + "." + name)
		check(err)
		check(trace.Start(out))
		defer trace.Stop()
	}
	var post []time.Duration
	for r := -1; r < reps*int(max(1, loopScale)); r++ {
		t0 := time.Now()
		reg := trace.StartRegion(context.Background(), "post")
		for i := range nStrided {
			ep.PutNBI(1, uintptr(i)*stride, ptr(src[8*i:]), 8)
		}
		reg.End()
		t1 := time.Now()
		reg = trace.StartRegion(context.Background(), "wait")
		ep.WaitNBI()
		reg.End()
		if r >= 0 {
			v = append(v, time.Since(t0))
			post = append(post, t1.Sub(t0))
		}
	}
	fmt.Printf("%s %.1f us\n", name, float64(median(v).Nanoseconds())/1e3)
	if os.Getenv("MPIBENCH_DETAIL") != "" {
		fmt.Printf("%s_posting %.1f us\n", name, float64(median(post).Nanoseconds())/1e3)
	}
}
