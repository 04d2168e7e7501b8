package driver

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
)

// RunOptions describe how Run starts the program once it is built.
type RunOptions struct {
	// Threads > 0 passes "-n Threads" as the program's first arguments,
	// which the runtime takes as THREADS; 0 leaves the choice to
	// UPC_NTHREADS, -T, or the number of CPUs.
	Threads int
	// PerProc > 0 passes "-ppn PerProc": UPC threads per process. With
	// -network mpi, Run starts THREADS/PerProc processes under mpirun;
	// on smp the threads form that many simulated processes.
	PerProc int
	Args    []string  // the program's own arguments
	Stdin   io.Reader // nil means os.Stdin
	Stdout  io.Writer // nil means os.Stdout; stderr is Options.Stderr
}

// Run builds the program as Build does (into its build folder in the cache
// unless opts.Output is set, so an unchanged program is not linked again)
// and runs it. It returns the program's exit status, or 128 + the signal
// number if a signal ended it, as a shell reports it. err is non-nil only
// when the program could not be built or started.
func Run(opts Options, ro RunOptions) (status int, err error) {
	prog, err := opts.program()
	if err != nil {
		return 0, err
	}
	dir, rt, err := opts.prepareBuildDir(prog)
	if err != nil {
		return 0, err
	}
	out := opts.Output
	if out == "" {
		out = filepath.Join(dir, DefaultOutput(opts.Inputs[0]))
	}
	if out, err = opts.outputPath(out); err != nil {
		return 0, err
	}
	launch := Launch{Network: opts.network(), Threads: ro.Threads, PerProc: ro.PerProc}
	if launch.Network == "mpi" {
		if launch, err = MPILaunch(ro.Threads, ro.PerProc, opts.StaticThreads, opts.ThreadsPerProc); err != nil {
			return 0, err
		}
	}
	tags, err := opts.buildTags()
	if err != nil {
		return 0, err
	}
	if err := opts.buildProgram(dir, rt, out, tags); err != nil {
		return 0, err
	}
	return Exec(out, launch, ro, opts.stderr(), opts.Verbose)
}

// Exec runs the program bin as launch says, with ro's arguments and
// standard streams (stderr for its standard error), and returns its exit
// status, or 128 + the signal number if a signal ended it, as a shell
// reports it. verbose, if set, gets the command line. err is non-nil only
// when the program could not be started.
func Exec(bin string, launch Launch, ro RunOptions, stderr, verbose io.Writer) (status int, err error) {
	argv, env, err := launch.Command(bin, ro.Args)
	if err != nil {
		return 0, err
	}
	if verbose != nil {
		fmt.Fprintf(verbose, "upcgo: %s\n", shellQuote(append(env, argv...)))
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = ro.Stdin, ro.Stdout, stderr
	if cmd.Stdin == nil {
		cmd.Stdin = os.Stdin
	}
	if cmd.Stdout == nil {
		cmd.Stdout = os.Stdout
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("cannot start %s: %v", bin, err)
	}
	// Signals meant for the job (kill, ^C, a batch system's SIGTERM) go
	// to the program, which decides how to end; upcgo waits for it.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				cmd.Process.Signal(s)
			case <-done:
				return
			}
		}
	}()
	err = cmd.Wait()
	signal.Stop(sigs)
	close(done)

	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		if err != nil {
			return 0, fmt.Errorf("running %s: %v", bin, err)
		}
		return 0, nil
	}
	if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		fmt.Fprintf(stderr, "upcgo: %s: %v\n", filepath.Base(bin), exitErr)
		return 128 + int(ws.Signal()), nil
	}
	return exitErr.ExitCode(), nil
}
