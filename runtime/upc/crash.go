package upc

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"runtime"
	"strings"
	"syscall"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The crash guard. A fault in a UPC thread is a Go panic the runtime
// recovers and reports (a UPC thread, the operation, the .upc line). Some
// failures cannot be recovered: a stack overflow (unbounded recursion in
// the program), the Go heap exhausted, a fatal error of the Go runtime, a
// signal in C code. Go then prints its own report, a dump of every
// goroutine, to file descriptor 2, and exits with status 2.
//
// So that no such dump reaches a user, Main starts the program's own
// binary again as a filter (the crash guard) reading a pipe that becomes
// the process's file descriptor 2, while the program's standard error
// (os.Stderr: C's stderr, the runtime's messages) moves to a copy of the
// real one. Only the Go runtime, C code and the race detector write to
// descriptor 2 now; the guard passes their output on unchanged, except a
// crash report, which it turns into one clear message at the end:
//
//	prog: UPC thread 1 of 4: fatal error: stack overflow
//	  at prog.upc:12
//
// Each UPC thread tells the guard its goroutine at start, so that the
// crashing goroutine names its thread. UPC_BACKTRACE=1 keeps Go's whole
// report (and starts no guard).

// guardEnv marks the guard's process; its value is the program's name.
const guardEnv = "UPCGO_CRASH_GUARD"

// guardMark starts the lines a program writes only for its guard.
const guardMark = "\x00upcgo-thread "

// guarded says the crash guard reads file descriptor 2.
var guarded bool

// startGuard starts the crash guard for the program name, unless
// UPC_BACKTRACE=1 asks for Go's own reports; without a guard (it could
// not start) the process runs as before.
func startGuard(name string) {
	if os.Getenv("UPC_BACKTRACE") == "1" {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		return
	}
	real, err := syscall.Dup(2)
	if err != nil {
		return
	}
	syscall.CloseOnExec(real)
	stderr := os.NewFile(uintptr(real), "/dev/stderr")
	r, w, err := os.Pipe()
	if err != nil {
		stderr.Close()
		return
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), guardEnv+"="+name)
	cmd.Stdin, cmd.Stderr = r, stderr
	err = cmd.Start()
	r.Close()
	if err == nil {
		err = syscall.Dup3(int(w.Fd()), 2, 0)
	}
	w.Close()
	if err != nil {
		stderr.Close()
		return
	}
	os.Stderr = stderr
	guarded = true
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

// runGuard is the guard's process: it copies its input to its standard
// error until the input ends, turning a Go crash report into a message.
func runGuard(name string) {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	filterCrash(os.Stdin, os.Stderr, name)
	os.Exit(0)
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
