// Command upcgo compiles UPC (Unified Parallel C) and C programs into
// ordinary binaries, and runs them.
//
//	upcgo build [-o out] [-T n] [-Dname[=val]] [-Uname] [-Idir] [-emit-go dir] [-network smp|mpi] file.upc
//	upcgo run [-n N] [-ppn P] [build flags] file.upc [args...]
//	upcgo version
//	upcgo help [command]
//
// The command line is parsed here; everything else (the compiler stages,
// the cache of build folders, running the Go toolchain) is
// internal/driver's.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/upcgo/upcgo/internal/driver"
)

func main() {
	os.Exit(upcgo(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// upcgo runs one command line and returns the exit status: 0, 1 when the
// program has errors (or the program run exits 1), 2 for a usage error, 3
// for an internal error; for "upcgo run", the program's own status.
func upcgo(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return driver.StatusUsage
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "build", "run":
		inv, err := parseFlags(cmd, rest)
		if err != nil {
			fmt.Fprintf(stderr, "upcgo %s: %v\n%sRun 'upcgo help %s' for details.\n", cmd, err, commandUsage(cmd), cmd)
			return driver.StatusUsage
		}
		if inv.help {
			fmt.Fprint(stdout, helpText[cmd])
			return 0
		}
		inv.opts.Stderr = stderr
		if cmd == "build" {
			_, err = driver.Build(inv.opts)
			return report(stderr, err)
		}
		status, err := driver.Run(inv.opts, driver.RunOptions{Threads: inv.threads, PerProc: inv.perProc, Args: inv.args, Stdin: stdin, Stdout: stdout})
		if err != nil {
			return report(stderr, err)
		}
		return status
	case "version":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "upcgo version: unexpected arguments %s\nusage: upcgo version\n", strings.Join(rest, " "))
			return driver.StatusUsage
		}
		fmt.Fprintln(stdout, versionLine())
		return 0
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			fmt.Fprint(stdout, mainUsage)
			return 0
		}
		if text, ok := helpText[rest[0]]; ok && len(rest) == 1 {
			fmt.Fprint(stdout, text)
			return 0
		}
		fmt.Fprintf(stderr, "upcgo help: unknown help topic %q; the commands are build, run, version and help\n", strings.Join(rest, " "))
		return driver.StatusUsage
	default:
		fmt.Fprintf(stderr, "upcgo: unknown command %q\nRun 'upcgo help' for usage.\n", cmd)
		return driver.StatusUsage
	}
}

// report prints a driver error and returns the exit status for it. The
// program's own errors were printed as diagnostics already.
func report(stderr io.Writer, err error) int {
	var perr *driver.ProgramError
	if err != nil && !errors.As(err, &perr) {
		fmt.Fprintf(stderr, "upcgo: %v\n", err)
	}
	return driver.ExitStatus(err)
}

// versionLine names this upcgo: its module version (or the VCS revision of
// a development build), the runtime source it carries, and the Go it was
// built with.
func versionLine() string {
	version := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			version = v
		} else {
			rev, dirty := "", false
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				version += " " + rev
				if dirty {
					version += "+dirty"
				}
			}
		}
	}
	return fmt.Sprintf("upcgo version %s (runtime %s) %s %s/%s", version, driver.RuntimeHash(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

func commandUsage(cmd string) string {
	if cmd == "run" {
		return "usage: upcgo run [-n N] [-ppn P] [build flags] file.upc [args...]\n"
	}
	return "usage: upcgo build [-o out] [-T n] [-Dname[=val]] [-Uname] [-Idir] [-emit-go dir] [-network smp|mpi] file.upc\n"
}

const mainUsage = `upcgo compiles UPC (Unified Parallel C) and C programs.

Usage:

	upcgo build [flags] file.upc        compile a program into a binary
	upcgo run [-n N] [-ppn P] [flags] file.upc [args...]
	                                    compile a program and run it
	upcgo version                       print upcgo's version
	upcgo help [command]                print help for a command

A built program takes its number of UPC threads (THREADS) at start-up:
"./prog -n 4", or UPC_NTHREADS=4, or the number of CPUs; "upcgo build -T 4"
fixes it at compile time instead. A program built with -network mpi runs
under mpirun, THREADS/P processes of P UPC threads each:
"upcgo run -network mpi -n 8 -ppn 2 prog.upc", or "mpirun -n 4 ./prog -ppn 2".

Run 'upcgo help build' for the compiler flags.
`

var helpText = map[string]string{
	"build": `usage: upcgo build [-o out] [-T n] [-Dname[=val]] [-Uname] [-Idir] [-emit-go dir] [-network smp|mpi] file.upc

Build compiles one UPC or C source file (.upc or .c) into a binary. Flags
may come before or after the file, as with gcc.

	-o out        write the binary to out (default: the source file's name
	              without its extension, in the current folder; if out is
	              a folder, the binary goes in it under that name)
	-T n          fix THREADS at n at compile time (static THREADS); the
	              program then refuses other thread counts. Also -Tn, -T=n,
	              and GNU UPC's -fupc-threads=n
	-Dname[=val]  define a macro, as #define name val (val defaults to 1);
	              also -D name
	-Uname        undefine a macro (after all -D); also -U name
	-Idir         search dir for #include files, after the including
	              file's own folder and before upcgo's headers; also -I dir
	-emit-go dir  write the generated Go (main.go, go.mod) into dir and
	              build it there, to read or debug it
	-network net  the conduit: smp (the default) runs every UPC thread as a
	              goroutine of one process; mpi runs the program as MPI
	              processes started by mpirun, each running THREADS/P of
	              the UPC threads as goroutines (P from -ppn or
	              UPC_THREADS_PER_PROC, default 1). mpi needs Open MPI
	              (libopenmpi-dev openmpi-bin) or MPICH (libmpich-dev mpich),
	              pkg-config and gcc; UPCGO_MPI=openmpi|mpich chooses
	              between them when both are installed
	-fno-aggregate
	              do not turn loops of fine-grained shared accesses into
	              one bulk transfer per owner thread (docs/aggregation.md)
	-faggregate-limit=BYTES
	              the private buffer one strip of an aggregated loop may
	              use (default 1048576); longer loops are strip-mined
	-Rpass=aggregate
	              print a remark for each loop aggregated, and what it
	              became; -Rpass-missed=aggregate: for each loop that
	              touches shared elements but was not, and why

Errors in the program are printed as file:line:col: error: message, with the
source line and a caret; upcgo then exits with status 1. Status 2 means a
bad command line, status 3 an internal error of upcgo.

Build needs the go command (Go 1.26 or later) on PATH or in $GOROOT/bin.
It keeps build folders in $UPCGO_CACHE, or else in upcgo under the user's
cache folder (~/.cache/upcgo on Linux); the folder can be deleted at any
time. Builds work offline, from any folder.
`,
	"run": `usage: upcgo run [-n N] [-ppn P] [build flags] file.upc [args...]

Run compiles the program as 'upcgo build' does and runs it. The arguments
after the source file are the program's; its standard input, output and
error are upcgo's, and upcgo exits with the program's status (128 plus the
signal number if a signal ended it).

	-n N          run with THREADS = N (passed to the program as "-n N");
	              without it, UPC_NTHREADS, -T or the number of CPUs decides
	-ppn P        run P UPC threads per process (passed as "-ppn P"); with
	              -network mpi, upcgo starts N/P processes with mpirun
	              (--bind-to none --oversubscribe for Open MPI; the mpirun
	              of the MPI the program was built with, or UPCGO_MPIRUN);
	              default UPC_THREADS_PER_PROC, else 1

Every 'upcgo build' flag works too (see 'upcgo help build'). Without -o the
binary stays in upcgo's cache folder, so running an unchanged program again
does not rebuild it.
`,
	"version": `usage: upcgo version

Version prints upcgo's version, the hash of the runtime source it carries,
and the Go version it was built with.
`,
	"help": `usage: upcgo help [command]

Help prints help for a command: build, run, version.
`,
}
