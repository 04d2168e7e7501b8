package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/upcgo/upcgo/internal/driver"
	"github.com/upcgo/upcgo/runtime/gasnet"
)

// upcrunFlags is a parsed upcrun command line: Berkeley UPC's launcher,
// for programs upcgo built.
type upcrunFlags struct {
	threads, perProc int
	heap             string
	show, verbose    bool
	backtrace        bool
	program          string
	args             []string
}

// upcrunOptions are upcrun's flags that take a value, by every name.
var upcrunOptions = map[string]func(f *upcrunFlags, v string) error{
	"n":  upcrunThreads,
	"np": upcrunThreads,
	"p": func(f *upcrunFlags, v string) (err error) {
		f.perProc, err = threadCount("-pthreads", v)
		return err
	},
	"shared-heap": func(f *upcrunFlags, v string) error {
		if _, err := gasnet.ParseSize(v); err != nil {
			return fmt.Errorf("-shared-heap: %v", err)
		}
		f.heap = v
		return nil
	},
}

func init() { upcrunOptions["pthreads"] = upcrunOptions["p"] }

// upcrunSwitches are upcrun's flags without a value.
var upcrunSwitches = map[string]func(f *upcrunFlags){
	"t":         func(f *upcrunFlags) { f.show = true },
	"show":      func(f *upcrunFlags) { f.show = true },
	"v":         func(f *upcrunFlags) { f.verbose = true },
	"verbose":   func(f *upcrunFlags) { f.verbose = true },
	"q":         func(*upcrunFlags) {}, // upcgo programs print no start-up messages
	"quiet":     func(*upcrunFlags) {},
	"backtrace": func(f *upcrunFlags) { f.backtrace = true },
}

// upcrunUnsupported are upcrun flags upcgo's programs have no use for.
var upcrunUnsupported = map[string]string{
	"N":               "every UPC thread runs on this node, or where mpirun places the MPI processes",
	"nodes":           "every UPC thread runs on this node, or where mpirun places the MPI processes",
	"c":               "every UPC thread runs on this node, or where mpirun places the MPI processes",
	"cpus-per-node":   "every UPC thread runs on this node, or where mpirun places the MPI processes",
	"shared-heap-max": "upcgo has one limit, the shared heap per thread: -shared-heap SIZE",
	"heap-offset":     "upcgo places the shared heap itself",
	"freeze":          "attach a debugger (dlv attach) to the running process instead",
	"trace":           "upcgo has no communication tracing: UPC_STATS=1 prints each thread's communication counts at exit",
	"tv":              "build with -g and debug with dlv",
}

func upcrunThreads(f *upcrunFlags, v string) (err error) {
	f.threads, err = threadCount("-n", v)
	return err
}

// parseUpcrun parses upcrun's flags, then the program and its arguments.
func parseUpcrun(args []string) (*upcrunFlags, bool, error) {
	f := &upcrunFlags{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			f.program, f.args = a, args[i+1:]
			return f, false, nil
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "h", "help", "?":
			return f, true, nil
		case "version":
			return nil, false, errVersion
		}
		if set, ok := upcrunOptions[name]; ok {
			if !hasValue {
				if i+1 >= len(args) {
					return nil, false, fmt.Errorf("%s needs a value", a)
				}
				i++
				value = args[i]
			}
			if err := set(f, value); err != nil {
				return nil, false, err
			}
			continue
		}
		if set, ok := upcrunSwitches[name]; ok && !hasValue {
			set(f)
			continue
		}
		if hint, ok := upcrunUnsupported[name]; ok {
			return nil, false, fmt.Errorf("%s is not supported: %s", a, hint)
		}
		return nil, false, fmt.Errorf("unknown flag %s", a)
	}
	return nil, false, fmt.Errorf("no program to run")
}

// errVersion asks for the version line.
var errVersion = fmt.Errorf("version")

// upcrun runs Berkeley UPC's launcher face: it asks the program what it
// was built for and starts it, under mpirun for -network mpi.
func (c console) upcrun(args []string) int {
	f, help, err := parseUpcrun(args)
	switch {
	case err == errVersion:
		fmt.Fprintln(c.stdout, versionLine())
		return 0
	case err != nil:
		fmt.Fprintf(c.stderr, "upcrun: %v\n%s", err, upcrunUsage)
		return driver.StatusUsage
	case help:
		fmt.Fprint(c.stdout, helpText["upcrun"])
		return 0
	}
	bin := f.program
	if !strings.ContainsRune(bin, filepath.Separator) {
		bin = "." + string(filepath.Separator) + bin // the current folder's, not $PATH's, as upcrun does
	}
	prog, err := driver.Describe(bin)
	if err != nil {
		return report(c.stderr, err)
	}
	if prog.Network != "mpi" {
		f.perProc = 0 // one process: every UPC thread is a goroutine of it
	}
	launch, err := prog.Launch(f.threads, f.perProc)
	if err != nil {
		return report(c.stderr, err)
	}
	var runArgs []string
	if f.heap != "" {
		runArgs = append(runArgs, "-shared-heap", f.heap)
	}
	ro := driver.RunOptions{Args: append(runArgs, f.args...), Stdin: c.stdin, Stdout: c.stdout}
	if f.show {
		argv, env, err := launch.Command(bin, ro.Args)
		if err != nil {
			return report(c.stderr, err)
		}
		fmt.Fprintln(c.stdout, strings.Join(append(env, argv...), " "))
		return 0
	}
	if f.backtrace {
		os.Setenv("UPC_BACKTRACE", "1")
	}
	var verbose io.Writer
	if f.verbose {
		verbose = c.stderr
		os.Setenv("UPC_MPI_VERBOSE", "1") // every process describes its place (docs/mpi.md)
	}
	status, err := driver.Exec(bin, launch, ro, c.stderr, verbose)
	if err != nil {
		return report(c.stderr, err)
	}
	return status
}
