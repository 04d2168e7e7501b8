package upc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The crash guard. A fault in a UPC thread is a Go panic the runtime
// recovers and reports (a UPC thread, the operation, the .upc line). Some
// failures cannot be recovered: a stack overflow (unbounded recursion in
// the program), the Go heap exhausted, a fatal error of the Go runtime, a
// signal in C code. Go then prints its own report, a dump of every
// goroutine, to file descriptor 2 and exits with status 2; no setting
// stops the dump (GOTRACEBACK=none does not apply to a stack overflow),
// and debug.SetCrashOutput only copies it elsewhere. Turning it into a
// message therefore takes a process that outlives the crash.
//
// Main makes the process the program's guard: it starts the program's
// binary again as its child, which runs the job, and stays the process
// that the shell, mpirun or a batch system started. The child's
// descriptor 2 is a pipe to the guard, where only the Go runtime, C code
// and the race detector now write; the program's own standard error
// (os.Stderr: C's stderr, the runtime's messages) goes straight to the
// real one, which the child gets as another descriptor. The guard passes
// what arrives on the pipe on unchanged, except a crash report, which it
// turns into one message:
//
//	prog: UPC thread 1 of 4: fatal error: stack overflow
//	  at prog.upc:12
//
// Each UPC thread tells the guard its goroutine at start, so that the
// crashing goroutine names its thread. The guard prints the message
// before it exits, with the child's status, so the message is there when
// whoever waits for the process sees it end (a guard that was the child
// wrote after the program had exited, and under mpirun the message was
// lost). It forwards the signals a process is sent (SIGINT, SIGTERM,
// SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2), ends by the same signal as the
// child, and the child dies with it (PR_SET_PDEATHSIG). The child keeps
// every descriptor the guard inherited, at the same number (MPICH's
// launcher hands each process its PMI connection as one), and its
// standard input and output.
//
// No guard is started when UPC_BACKTRACE=1 or GOTRACEBACK is set (the
// user asks for Go's report), under a debugger or tracer (it debugs the
// process it started), or when the child cannot be started (the program
// then runs unguarded, as with UPC_BACKTRACE=1).

// guardEnv, in the child's environment, says that a guard reads the
// child's descriptor 2; its value is the descriptor of the real standard
// error.
const guardEnv = "UPCGO_CRASH_GUARD"

// guardMark starts the lines a program writes only for its guard.
const guardMark = "\x00upcgo-thread "

// guarded says the crash guard reads file descriptor 2.
var guarded bool

// guardSignals are the signals the guard passes on to the program.
var guardSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2}

// crashGuard makes this process the crash guard of the program name, or,
// in the program under a guard, takes the real standard error back. In
// the guard it does not return; it returns where the program runs.
func crashGuard(name string) {
	if v, ok := os.LookupEnv(guardEnv); ok {
		os.Unsetenv(guardEnv) // not for the program's own children
		if fd, err := strconv.Atoi(v); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
			os.Stderr = os.NewFile(uintptr(fd), "/dev/stderr")
			guarded = true
		}
		return
	}
	if os.Getenv("UPC_BACKTRACE") == "1" || os.Getenv("GOTRACEBACK") != "" || traced() {
		return
	}
	child, pipe, err := startGuarded()
	if err != nil {
		return
	}
	os.Exit(superviseChild(child, pipe, name))
}

// traced reports whether a debugger or tracer is attached to the process.
func traced() bool {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false
	}
	_, rest, ok := strings.Cut(string(b), "\nTracerPid:")
	pid, _, _ := strings.Cut(rest, "\n")
	return ok && strings.TrimSpace(pid) != "0"
}

// startGuarded starts the program's binary as the guarded child, with the
// same arguments and descriptors except 2, and returns it with the read
// end of its descriptor 2.
func startGuarded() (*os.Process, *os.File, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	files := []*os.File{os.Stdin, os.Stdout, nil}
	for _, fd := range inheritedFDs() {
		for len(files) <= fd {
			files = append(files, nil)
		}
		files[fd] = os.NewFile(uintptr(fd), "")
	}
	// The real standard error goes to the first free descriptor.
	stderrFD := 3
	for stderrFD < len(files) && files[stderrFD] != nil {
		stderrFD++
	}
	for len(files) <= stderrFD {
		files = append(files, nil)
	}
	files[stderrFD] = os.Stderr
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	files[2] = w
	// Pdeathsig is tied to the thread that starts the child; this one
	// never ends before the guard.
	runtime.LockOSThread()
	p, err := os.StartProcess(exe, os.Args, &os.ProcAttr{
		Env:   append(os.Environ(), guardEnv+"="+strconv.Itoa(stderrFD)),
		Files: files,
		Sys:   &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	})
	w.Close()
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	return p, r, nil
}

// inheritedFDs are the descriptors above 2 that this process inherited
// to pass on: those open without close-on-exec (everything Go opens has
// it).
func inheritedFDs() []int {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return nil
	}
	var fds []int
	for _, e := range entries {
		fd, err := strconv.Atoi(e.Name())
		if err != nil || fd <= 2 {
			continue
		}
		flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFD, 0)
		if errno == 0 && flags&syscall.FD_CLOEXEC == 0 {
			fds = append(fds, fd)
		}
	}
	return fds
}

// superviseChild is the guard: it passes signals on to child, copies the
// child's descriptor 2 from pipe to its own standard error, turning a crash
// report into a message, and returns the status to exit with once the
// child has ended (for a child killed by a signal it kills itself with the
// same signal first).
func superviseChild(child *os.Process, pipe *os.File, name string) int {
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, guardSignals...)
	filtered := make(chan struct{})
	go func() {
		filterCrash(&childStderr{f: pipe}, os.Stderr, name)
		close(filtered)
	}()
	exited := make(chan *os.ProcessState, 1)
	go func() {
		st, _ := child.Wait()
		exited <- st
	}()
	var st *os.ProcessState
	for st == nil {
		select {
		case s := <-sigs:
			child.Signal(s)
		case st = <-exited:
		}
	}
	// Everything the child wrote is in the pipe now, but a process it
	// started (Open MPI's orted) may hold the pipe open: end the waiting
	// read, and childStderr reads what is there and no more.
	pipe.SetReadDeadline(time.Now())
	<-filtered
	ws, _ := st.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		sig := ws.Signal()
		signal.Reset(sig)
		// The child has dumped core if it was going to; this process
		// must not dump another.
		syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{})
		syscall.Kill(os.Getpid(), sig)
		time.Sleep(time.Second) // the signal is on its way
		return 128 + int(sig)
	}
	return ws.ExitStatus()
}

// childStderr reads the child's descriptor 2 until its end, or, once a
// read has timed out (the guard sets the deadline when the child has
// ended), until what is in the pipe has been read.
type childStderr struct {
	f     *os.File
	ended bool
}

func (c *childStderr) Read(b []byte) (int, error) {
	if !c.ended {
		n, err := c.f.Read(b)
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			return n, err
		}
		c.ended = true
		if n > 0 {
			return n, nil
		}
	}
	// A read past the deadline would fail before reading: read the
	// (non-blocking) descriptor directly.
	rc, err := c.f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var n int
	rc.Control(func(fd uintptr) {
		for {
			n, err = syscall.Read(int(fd), b)
			if err != syscall.EINTR {
				return
			}
		}
	})
	if n <= 0 {
		return 0, io.EOF
	}
	return n, nil
}

// announceThread tells the guard which goroutine runs UPC thread t.
func announceThread(t, n int) {
	if !guarded {
		return
	}
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	g, _, _ := strings.Cut(strings.TrimPrefix(string(buf), "goroutine "), " ")
	syscall.Write(2, []byte(fmt.Sprintf("%s%d %d %s\n", guardMark, t, n, g)))
}

// crashStart matches the first line of a Go runtime report.
var crashStart = regexp.MustCompile(`^(panic: |fatal error: |runtime: |unexpected fault address |SIG[A-Z]+: |\[signal )`)

// filterCrash copies in to out, holding back what follows the start of a
// crash report and writing a message for it at the end of the input.
func filterCrash(in io.Reader, out io.Writer, name string) {
	threads := map[string][2]int{} // goroutine -> UPC thread, THREADS
	var report []string
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, guardMark); ok {
			var t, n int
			var g string
			if _, err := fmt.Sscan(rest, &t, &n, &g); err == nil {
				threads[g] = [2]int{t, n}
			}
			continue
		}
		if report == nil && !crashStart.MatchString(line) {
			fmt.Fprintln(out, line)
			continue
		}
		report = append(report, line)
	}
	if report != nil {
		io.WriteString(out, crashMessage(report, threads, name))
	}
}

var (
	goroutineLine = regexp.MustCompile(`^goroutine (\d+)( gp=\S+)?( m=\d+)?( mp=\S+)? \[`)
	frameFile     = regexp.MustCompile(`^\t(\S+):(\d+)`)
)

// crashMessage turns a Go runtime report into the runtime's kind of
// message: the UPC thread, what failed, and the innermost line of the
// program on that thread's stack. A report it does not understand is
// passed on as it is.
func crashMessage(report []string, threads map[string][2]int, name string) string {
	what := ""
	for _, l := range report {
		if v, ok := strings.CutPrefix(l, "fatal error: "); ok {
			what = "fatal error: " + v
			break
		}
		if v, ok := strings.CutPrefix(l, "panic: "); ok && what == "" {
			what = "panic: " + v
		}
	}
	if what == "" {
		return strings.Join(report, "\n") + "\n"
	}
	// The failing goroutine is the first of the report; its frames are
	// a function line and a file line each.
	var g, pos string
	for i, l := range report {
		m := goroutineLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		g = m[1]
		for k := i + 1; k+1 < len(report) && report[k] != "" && pos == ""; k += 2 {
			fn, _, _ := strings.Cut(report[k], "(")
			if f := frameFile.FindStringSubmatch(report[k+1]); f != nil && gasnet.UserFrame(runtime.Frame{Function: fn, File: f[1]}) {
				pos = f[1] + ":" + f[2]
			}
		}
		break
	}
	var b strings.Builder
	if th, ok := threads[g]; ok {
		fmt.Fprintf(&b, "%s: UPC thread %d of %d: %s\n", name, th[0], th[1], what)
	} else {
		fmt.Fprintf(&b, "%s: %s\n", name, what)
	}
	if pos != "" {
		fmt.Fprintf(&b, "  at %s\n", pos)
	}
	return b.String()
}
