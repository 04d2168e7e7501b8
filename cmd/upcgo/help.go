package main

import "github.com/upcgo/upcgo/internal/driver"

// commandUsage is the usage line of a face, printed under a usage error.
func commandUsage(face string) string {
	switch face {
	case faceRun:
		return "usage: upcgo run [-n N] [-ppn P] [build flags] file.upc [more files] [args...]\n"
	case faceUpcc:
		return "usage: upcc [options] foo.upc [bar.c someobject.o ...]\n"
	case faceGupc:
		return "usage: gupc [options] file.upc [more files]\n"
	}
	return "usage: upcgo build [-c] [-o out] [-T n] [-Dname[=val]] [-Idir] [-network smp|mpi] file.upc [more.upc util.c obj.o ...]\n"
}

const upcrunUsage = "usage: upcrun [-n N] [-pthreads P] [-shared-heap SIZE] [-t] [-v] program [args...]\n"

const mainUsage = `upcgo compiles UPC (Unified Parallel C) and C programs.

Usage:

	upcgo build [flags] files...        compile a program of one or more
	                                    files (.upc, .c, .o) into a binary;
	                                    -c compiles each source to an object
	upcgo run [-n N] [-ppn P] [flags] files... [args...]
	                                    compile a program and run it
	upcgo upcc [upcc flags] files...    Berkeley UPC's compiler command line
	upcgo gupc [gupc flags] files...    GNU UPC's compiler command line
	upcgo upcrun [-n N] ./prog [args]   Berkeley UPC's launcher
	upcgo version                       print upcgo's version
	upcgo clean                         remove upcgo's cache folder
	upcgo help [command]                print help for a command
	upcgo help env                      list the environment variables

Linked (or copied) under the name upcc, gupc or upcrun, upcgo is that
command: "ln -s $(which upcgo) ~/bin/upcc" and makefiles written for
Berkeley UPC or GNU UPC build unchanged.

A built program takes its number of UPC threads (THREADS) at start-up:
"./prog -n 4" (also -np 4, -fupc-threads-4), or UPC_NTHREADS=4, or the
number of CPUs; "upcgo build -T 4" fixes it at compile time instead. A
program built with -network mpi runs under mpirun, THREADS/P processes of
P UPC threads each: "upcgo run -network mpi -n 8 -ppn 2 prog.upc", or
"upcrun -n 8 -pthreads 2 ./prog", or "mpirun -n 4 ./prog -ppn 2".

Run 'upcgo help build' for the compiler flags, and docs/coming-from.md for
the flags of upcc, upcrun and gupc.
`

const buildFlags = `	-c            compile each source to an object file (x.upc gives x.o in
	              the current folder, or -o's name for one source) instead
	              of building a program; a later build links objects and
	              sources. Objects are upcgo's own: those of a C compiler
	              or a library (.a) cannot be linked
	-o out        write the binary (or, with -c, the object) to out
	-T n          fix THREADS at n at compile time (static THREADS); the
	              program then refuses other thread counts. Also -Tn, -T=n,
	              -fupc-threads=n, -fupc-threads-n (GNU UPC), -fthreads-n.
	              Every unit of a program needs the same -T, or none
	-Dname[=val]  define a macro, as #define name val (val defaults to 1);
	              also -D name
	-Uname        undefine a macro (after all -D); also -U name
	-Idir         search dir for #include files, after the including
	              file's own folder and before upcgo's headers; also -I dir
	-E            write the preprocessed sources to standard output (or -o)
	-network net  the conduit: smp (the default) runs every UPC thread as a
	              goroutine of one process; mpi runs the program as MPI
	              processes started by mpirun, each running THREADS/P of
	              the UPC threads as goroutines (P from -ppn or
	              UPC_THREADS_PER_PROC, default 1). mpi needs Open MPI
	              (libopenmpi-dev openmpi-bin) or MPICH (libmpich-dev mpich),
	              pkg-config and gcc; UPCGO_MPI=openmpi|mpich chooses
	              between them when both are installed
	-shared-heap=SIZE
	              the shared heap per UPC thread the program gets unless
	              it is told otherwise at run time (UPC_SHARED_HEAP_SIZE,
	              or ./prog -shared-heap SIZE): 256MB, 1GB; a bare number
	              means megabytes. Also -fupc-heap=SIZE
	-pthreads=N   with -network mpi: N UPC threads per MPI process unless
	              -ppn or UPC_THREADS_PER_PROC say otherwise; with smp every
	              thread is a goroutine of one process already
	-emit-go dir  write the generated Go files, their go.mod and a copy of
	              the runtime (upcgo-runtime/) into dir and build it
	              there, to read or debug it; "go build" in dir works on
	              its own
	-save-temps   keep the generated Go beside the binary, in out_go
	-trans        write the generated Go into out_go and stop there
	-g, -O0       build for a debugger (dlv): no Go optimisations, no
	              inlining; -O, -O1..-O3 are the default
	-s            leave the symbol table and debug information out
	-Werror       treat warnings as errors; -w: print no warnings
	-v            print what the build does: each stage and its time, the
	              go build command
	-version      print upcgo's version
	-fno-aggregate
	              do not turn loops of fine-grained shared accesses into
	              one bulk transfer per owner thread (docs/aggregation.md)
	-fno-strict-aliasing
	              a store through a pointer of one type may change an
	              object of another, as gcc's flag says: the loop pass
	              then reads no integer once before a loop
	-faggregate-limit=BYTES
	              the private buffer one strip of an aggregated loop may
	              use (default 1048576); longer loops are strip-mined
	-Rpass=aggregate
	              print a remark for each loop aggregated, and what it
	              became; -Rpass-missed=aggregate: for each loop that
	              touches shared elements but was not, and why

gcc's code-generation and warning flags (-O2, -Wall, -std=c99, -fno-...,
-m64, -pthread) are accepted and change nothing; -lm, -lc and -lpthread
name libraries upcgo provides, -L is ignored, and other -l libraries are an
error. Other compilers' flags upcgo does not take are errors that say what
to use instead.
`

var helpText = map[string]string{
	faceBuild: `usage: upcgo build [flags] files...

Build compiles a program of one or more translation units, UPC or C
sources (.upc, .c: C files are compiled as UPC, as upcc and gupc do) and
object files from upcgo build -c, into a binary, linked as a C linker
would: one definition per external name, static names private to their
file. Flags and files may come in any order, as with gcc. Without -o the
binary is the first file's name without its extension, in the current
folder.

` + buildFlags + `
Errors in the program are printed as file:line:col: error: message, with the
source line and a caret; upcgo then exits with status 1. Status 2 means a
bad command line, status 3 an internal error of upcgo.

Build needs the go command (Go 1.26 or later) on PATH or in $GOROOT/bin.
It keeps build folders in $UPCGO_CACHE, or else in upcgo under the user's
cache folder (~/.cache/upcgo on Linux); the folder can be deleted at any
time. Builds work offline, from any folder.
`,
	faceRun: `usage: upcgo run [-n N] [-ppn P] [build flags] files... [args...]

Run compiles the program as 'upcgo build' does and runs it. The arguments
after the source and object files are the program's; its standard input,
output and error are upcgo's, and upcgo exits with the program's status
(128 plus the signal number if a signal ended it).

	-n N          run with THREADS = N (passed to the program as "-n N");
	              without it, UPC_NTHREADS, -T or the number of CPUs
	              decides. Also -np N
	-ppn P        run P UPC threads per process (passed as "-ppn P"); with
	              -network mpi, upcgo starts N/P processes with mpirun
	              (--bind-to none --oversubscribe for Open MPI; the mpirun
	              of the MPI the program was built with, or UPCGO_MPIRUN);
	              default UPC_THREADS_PER_PROC, else 1

Every 'upcgo build' flag works too (see 'upcgo help build'). Without -o the
binary stays in upcgo's cache folder, so running an unchanged program again
does not rebuild it.
`,
	faceUpcc: `usage: upcc [options] foo.upc [bar.c someobject.o ...]

The upcc face of upcgo takes Berkeley UPC's upcc command line: every
'upcgo build' flag, with upcc's defaults: the binary is a.out unless -o
(or -smart-output, for the first file's name), and the flags in the
UPCC_FLAGS environment variable come before the command line's.
-network=smp|mpi, -T=N, -shared-heap=SIZE, -pthreads[=N], -save-temps,
-trans, -E, -c, -v, -version and -opt (upcgo's optimisations are always
on) work as upcc's do.

` + buildFlags,
	faceGupc: `usage: gupc [options] file.upc [more files]

The gupc face of upcgo takes GNU UPC's gupc command line: every 'upcgo
build' flag, with gupc's defaults: the binary is a.out unless -o, and
-fupc-threads=N (or -fupc-threads-N) fixes THREADS at compile time. -x upc
and -x c are accepted: every source is compiled as UPC.

` + buildFlags,
	"upcrun": `usage: upcrun [options] program [args...]

The upcrun face of upcgo starts a program upcgo built, as Berkeley UPC's
upcrun does: the binary itself for -network smp, mpirun for -network mpi.

	-n N, -np N        run with THREADS = N (required unless the program
	                   was built with -T, or UPC_NTHREADS is set)
	-p P, -pthreads P  with -network mpi: P UPC threads per MPI process
	-shared-heap SIZE  the shared heap per UPC thread (256MB, 1GB)
	-backtrace         print the program's frames on a fault
	-t, -show          print the command that would start the program
	-v                 print the command, then start the program; with
	                   -network mpi each process also says where it runs
	                   and which processes it shares memory with
	                   (UPC_MPI_VERBOSE=1)
	-q                 accepted (upcgo programs print no start-up messages)
	-version           print upcgo's version
`,
	"version": `usage: upcgo version

Version prints upcgo's version, the hash of the runtime source it carries,
and the Go version it was built with. Also upcgo --version, upcc -version,
gupc --version.
`,
	"help": `usage: upcgo help [command | env]

Help prints help for a command: build, run, upcc, gupc, upcrun, version,
clean; "upcgo help env" lists the environment variables upcgo and its
programs read.
`,
	"clean": cleanHelp,
}

// helpTopic is the text "upcgo help topic" prints.
func helpTopic(topic string) (string, bool) {
	if topic == "env" {
		return driver.EnvironmentText(), true
	}
	text, ok := helpText[topic]
	return text, ok
}
