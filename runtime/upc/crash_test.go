package upc

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recurse never returns: a stack overflow, which Go cannot recover.
func recurse(n int) int {
	var a [64]byte
	a[n%64] = byte(n)
	//lint:ignore SA5007 the overflow is the point
	return recurse(n+1) + int(a[n%32])
}

// TestCrashHelper is the program the crash guard's tests run through
// Main, at 2 threads; UPCGO_TEST_CRASH says what it does.
func TestCrashHelper(t *testing.T) {
	mode := os.Getenv("UPCGO_TEST_CRASH")
	if mode == "" {
		t.Skip("run by TestCrashGuard")
	}
	debug.SetMaxStack(8 << 20)
	// The guard starts the binary again with these arguments.
	os.Args = []string{os.Args[0], "-test.run=^TestCrashHelper$"}
	Main(Program{Name: "crashy", Main: func(t *Thread) int {
		switch {
		case mode == "overflow" && t.MyThread == 1:
			recurse(0)
		case mode == "exit3":
			return 3
		case mode == "wait" && t.MyThread == 0:
			// The program's pid, then a wait that only a signal ends.
			fmt.Printf("%d\n", os.Getpid())
			select {}
		case mode == "fd3" && t.MyThread == 0:
			// A descriptor the launcher handed down (MPICH's PMI_FD).
			f := os.NewFile(3, "inherited")
			fmt.Fprint(f, "through fd 3")
			f.Close()
		}
		t.Barrier()
		return 0
	}})
}

// guarded runs TestCrashHelper in mode, as a program is run, with
// standard error a file (so that what it holds when the process has
// ended is all there will be); extra are its descriptors from 3 on.
func runGuarded(t *testing.T, mode string, extra []*os.File, env ...string) (cmd *exec.Cmd, stderr func() string) {
	cmd = exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
	cmd.Env = append(os.Environ(), append([]string{"UPCGO_TEST_CRASH=" + mode, "UPC_NTHREADS=2"}, env...)...)
	cmd.ExtraFiles = extra
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	cmd.Stderr = f
	return cmd, func() string {
		b, err := os.ReadFile(f.Name())
		require.NoError(t, err)
		return string(b)
	}
}

// A failure Go cannot recover (here a stack overflow) reaches the user as
// one message naming the UPC thread and the line, never as Go's dump of
// every goroutine, and it is there when the process has ended, with Go's
// status; UPC_BACKTRACE=1 keeps the dump.
func TestCrashGuard(t *testing.T) {
	cmd, stderr := runGuarded(t, "overflow", nil)
	var ee *exec.ExitError
	require.ErrorAs(t, cmd.Run(), &ee, stderr())
	assert.Equal(t, 2, ee.ExitCode())
	assert.Regexp(t, `^\S+: UPC thread 1 of 2: fatal error: stack overflow\n  at .*crash_test\.go:\d+\n$`, stderr())

	cmd, stderr = runGuarded(t, "overflow", nil, "UPC_BACKTRACE=1")
	require.ErrorAs(t, cmd.Run(), &ee, stderr())
	assert.Equal(t, 2, ee.ExitCode())
	assert.Contains(t, stderr(), "goroutine ")
	assert.Contains(t, stderr(), "fatal error: stack overflow")
}

// The guard ends with the program's status, and by the signal that ended
// the program; a signal sent to the guard reaches the program, which is
// gone when the guard has ended.
func TestCrashGuardStatusAndSignals(t *testing.T) {
	cmd, stderr := runGuarded(t, "exit3", nil)
	var ee *exec.ExitError
	require.ErrorAs(t, cmd.Run(), &ee, stderr())
	assert.Equal(t, 3, ee.ExitCode())
	assert.Empty(t, stderr())

	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		cmd, stderr = runGuarded(t, "wait", nil)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		var pid int
		_, err = fmt.Fscan(bufio.NewReader(out), &pid)
		require.NoError(t, err, stderr())
		assert.NotEqual(t, cmd.Process.Pid, pid, "the program runs in a child")
		require.NoError(t, cmd.Process.Signal(sig))
		err = cmd.Wait()
		require.ErrorAs(t, err, &ee, stderr())
		ws := ee.Sys().(syscall.WaitStatus)
		assert.True(t, ws.Signaled() && ws.Signal() == sig, "%v: %v", sig, ws)
		assert.True(t, errors.Is(syscall.Kill(pid, 0), syscall.ESRCH), "the program outlived its guard")
	}
}

// Descriptors the guard inherited reach the program at the same number
// (MPICH's launcher passes each process its PMI connection so).
func TestCrashGuardPassesDescriptors(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	cmd, stderr := runGuarded(t, "fd3", []*os.File{w})
	require.NoError(t, cmd.Start())
	w.Close()
	b := make([]byte, 64)
	n, _ := r.Read(b)
	require.NoError(t, cmd.Wait(), stderr())
	assert.Equal(t, "through fd 3", string(b[:n]))
}

// The guard passes everything but a crash report on unchanged: output of
// C code and of the race detector, and reports it does not understand.
func TestCrashFilter(t *testing.T) {
	var out strings.Builder
	in := "WARNING: DATA RACE\nsome line\n" + guardMark + "3 4 17\n" +
		"panic: boom [recovered]\n\tpanic: boom\n\ngoroutine 17 [running]:\nruntime.gopanic(...)\n\t/usr/local/go/src/runtime/panic.go:1\nmain.f(0x1)\n\tprog.upc:7 +0x25\n"
	filterCrash(strings.NewReader(in), &out, "prog")
	assert.Equal(t, "WARNING: DATA RACE\nsome line\nprog: UPC thread 3 of 4: panic: boom [recovered]\n  at prog.upc:7\n", out.String())

	out.Reset()
	filterCrash(strings.NewReader("runtime: a warning only\nmore\n"), &out, "prog")
	assert.Equal(t, "runtime: a warning only\nmore\n", out.String())
}
