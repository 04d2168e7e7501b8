package upc

import (
	"cmp"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// BuildDefaults are what "upcgo build" bakes into a program besides its
// translation: the shared heap per thread (-shared-heap) and the UPC
// threads per MPI process (-pthreads=N). The program's leading flags and
// the environment override them.
type BuildDefaults struct {
	SharedHeap     uintptr // bytes per thread; 0: gasnet.DefaultSegmentSize
	ThreadsPerProc int     // 0: 1
}

var buildDefaults BuildDefaults

// SetBuildDefaults records the program's build defaults; the build's
// generated settings file calls it from an init function.
func SetBuildDefaults(d BuildDefaults) { buildDefaults = d }

// startup is the shape of a job as the command line and the environment
// ask for it; zero fields are not given.
type startup struct {
	threads, perProc int
	heap             uintptr
}

// runFlag is a flag a UPC program takes before its own arguments, under
// the spellings of Berkeley UPC and GNU UPC programs and launchers.
type runFlag struct {
	names []string // "-n" takes "-n 4", "-n=4" and "-n4"; a name ending in '-' takes its value glued ("-fupc-threads-4")
	set   func(s *startup, value string) error
}

var runFlags = []runFlag{
	{[]string{"-n", "-np", "-fupc-threads-", "-fupc-threads"}, func(s *startup, v string) (err error) {
		s.threads, err = count(v, "thread count")
		return err
	}},
	{[]string{"-ppn", "-pthreads"}, func(s *startup, v string) (err error) {
		s.perProc, err = count(v, "threads per process")
		return err
	}},
	{[]string{"-shared-heap", "-fupc-heap-", "-fupc-heap", "-heap"}, func(s *startup, v string) (err error) {
		s.heap, err = gasnet.ParseSize(v)
		return err
	}},
}

func count(v, what string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("invalid %s %q", what, v)
	}
	return n, nil
}

// runUsage says what a program takes, for the error about a flag it does
// not.
const runUsage = "a UPC program takes -n N (also -np N, -fupc-threads-N), -ppn P and -shared-heap SIZE before its own arguments, or -- to end them"

// parseStartup takes the run-time flags off the front of args (os.Args
// without the program name) and returns them and the program's own
// arguments. "--" ends the flags and is removed; an unknown flag in GNU
// UPC's run-time namespace (-fupc-...) is an error rather than the
// program's first argument.
func parseStartup(args []string) (s startup, rest []string, err error) {
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			return s, args[1:], nil
		}
		f, name, value, hasValue := lookupRunFlag(a)
		if f == nil {
			if strings.HasPrefix(a, "-fupc-") {
				return s, nil, fmt.Errorf("unknown run-time flag %s: %s", a, runUsage)
			}
			return s, args, nil
		}
		args = args[1:]
		if !hasValue {
			if len(args) == 0 {
				return s, nil, fmt.Errorf("%s needs a value: %s", name, runUsage)
			}
			value, args = args[0], args[1:]
		}
		if err := f.set(&s, value); err != nil {
			return s, nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	return s, args, nil
}

// lookupRunFlag finds the run-time flag arg spells, and its value if it
// carries one.
func lookupRunFlag(arg string) (f *runFlag, name, value string, hasValue bool) {
	for i := range runFlags {
		for _, n := range runFlags[i].names {
			switch {
			case strings.HasSuffix(n, "-"):
				if v, ok := strings.CutPrefix(arg, n); ok && v != "" {
					return &runFlags[i], n, v, true
				}
			case arg == n:
				return &runFlags[i], n, "", false
			case strings.HasPrefix(arg, n+"="):
				return &runFlags[i], n, arg[len(n)+1:], true
			case n == "-n" && len(arg) > 2 && strings.HasPrefix(arg, "-n") && arg[2] >= '0' && arg[2] <= '9':
				return &runFlags[i], n, arg[2:], true
			}
		}
	}
	return nil, "", "", false
}

// jobShape completes the startup flags with the environment and the
// program's compiled settings: THREADS from the flags, else UPC_NTHREADS,
// else the static count (which a different request contradicts), else 0
// (the conduit decides); threads per process from the flags, else
// UPC_THREADS_PER_PROC, else the build default; the shared heap per thread
// from the flags, else UPC_SHARED_HEAP_SIZE, else the build default, else
// gasnet's.
func jobShape(s startup, static int) (startup, error) {
	src := "-n"
	if s.threads == 0 {
		if v := os.Getenv("UPC_NTHREADS"); v != "" {
			n, err := count(v, "UPC_NTHREADS")
			if err != nil {
				return s, err
			}
			s.threads, src = n, "UPC_NTHREADS"
		}
	}
	if s.perProc == 0 {
		if v := os.Getenv("UPC_THREADS_PER_PROC"); v != "" {
			n, err := count(v, "UPC_THREADS_PER_PROC")
			if err != nil {
				return s, err
			}
			s.perProc = n
		}
	}
	if s.perProc == 0 {
		s.perProc = buildDefaults.ThreadsPerProc
	}
	if s.heap == 0 {
		h, err := gasnet.EnvSegmentSize()
		if err != nil {
			return s, err
		}
		s.heap = cmp.Or(h, buildDefaults.SharedHeap, gasnet.DefaultSegmentSize)
	}
	switch {
	case static > 0 && s.threads != 0 && s.threads != static:
		return s, fmt.Errorf("this program was compiled for THREADS=%d (upcgo build -T %d) but %s asks for %d threads", static, static, src, s.threads)
	case static > 0:
		s.threads = static
	}
	return s, nil
}

// describe prints what a launcher (upcgo's upcrun face) needs to know
// about the program: its network, its static THREADS and its default
// threads per process.
func describe(p Program) {
	network, _, ok := gasnet.Network()
	if !ok {
		network = "smp"
	}
	fmt.Printf("upcgo program: network=%s static-threads=%d threads-per-proc=%d\n", network, p.StaticThreads, buildDefaults.ThreadsPerProc)
}
