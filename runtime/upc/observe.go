package upc

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// What a job reports about itself (docs/observability.md): the
// communication profile (UPC_STATS), a CPU profile (UPC_CPUPROFILE) and an
// execution trace (UPC_TRACE). Generated code carries //line directives,
// so the frames of all three name .upc lines.
//
// Go profiles and traces are per process: one file per process, named as
// asked when the job has one process, else with ".N" appended, N the
// process's number (its first UPC thread divided by the threads per
// process). Every UPC thread's goroutine carries the pprof label
// thread=MYTHREAD, so one thread's samples can be picked out
// (go tool pprof -tagfocus thread=3); in a trace each UPC thread is a task.

// Stats selects what a job counts and prints when it ends.
type Stats uint8

const (
	StatsUnset Stats = iota // as UPC_STATS says
	StatsOff
	StatsPeers // UPC_STATS=1: totals per thread, and accesses per thread and peer
	StatsLines // UPC_STATS=lines: also accesses per source line, the busiest first
)

// statsFromEnv reads UPC_STATS.
func statsFromEnv() (Stats, error) {
	switch v := os.Getenv("UPC_STATS"); strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "off":
		return StatsOff, nil
	case "1", "on":
		return StatsPeers, nil
	case "lines":
		return StatsLines, nil
	default:
		return StatsOff, fmt.Errorf("UPC_STATS=%q: want 1 (counts per thread and peer) or lines (also per source line)", v)
	}
}

func (s Stats) profile() gasnet.ProfileMode {
	switch s {
	case StatsPeers:
		return gasnet.ProfilePeers
	case StatsLines:
		return gasnet.ProfileLines
	}
	return gasnet.ProfileOff
}

// observer holds what a job records while it runs.
type observer struct {
	cpu, trace *os.File
}

// startObserving starts the CPU profile and execution trace the
// environment asks for; stop ends them once the job is done.
func startObserving(gj *gasnet.Job) (*observer, error) {
	o := &observer{}
	var err error
	if o.cpu, err = profileFile(gj, "UPC_CPUPROFILE", os.Getenv("UPC_CPUPROFILE")); err != nil {
		return nil, err
	}
	if o.cpu != nil {
		if err := pprof.StartCPUProfile(o.cpu); err != nil {
			o.cpu.Close()
			return nil, fmt.Errorf("UPC_CPUPROFILE: %v", err)
		}
	}
	if o.trace, err = profileFile(gj, "UPC_TRACE", os.Getenv("UPC_TRACE")); err != nil {
		o.stop()
		return nil, err
	}
	if o.trace != nil {
		if err := trace.Start(o.trace); err != nil {
			o.trace.Close()
			o.trace = nil
			o.stop()
			return nil, fmt.Errorf("UPC_TRACE: %v", err)
		}
	}
	return o, nil
}

// profileFile creates the file name, which the variable env set, for
// this process, or returns nil if name is empty.
func profileFile(gj *gasnet.Job, env, name string) (*os.File, error) {
	if name == "" {
		return nil, nil
	}
	if first, count := gj.Conduit().Local(); count < gj.Size() {
		name += "." + strconv.Itoa(first/count)
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", env, err)
	}
	return f, nil
}

// thread runs one UPC thread's main under the label and trace task that
// name it, when the job records a profile or trace.
func (o *observer) thread(rank int, run func()) {
	if o.cpu == nil && o.trace == nil {
		run()
		return
	}
	ctx := context.Background()
	if o.trace != nil {
		var task *trace.Task
		ctx, task = trace.NewTask(ctx, "UPC thread "+strconv.Itoa(rank))
		defer task.End()
	}
	pprof.Do(ctx, pprof.Labels("thread", strconv.Itoa(rank)), func(context.Context) { run() })
}

// stop ends the profile and the trace and closes their files.
func (o *observer) stop() {
	if o.cpu != nil {
		pprof.StopCPUProfile()
		o.cpu.Close()
	}
	if o.trace != nil {
		trace.Stop()
		o.trace.Close()
	}
}
