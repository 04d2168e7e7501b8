package upc

import (
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary be its own crash guard, as a program is
// (Main starts os.Executable() as the guard).
func TestMain(m *testing.M) {
	if name := os.Getenv(guardEnv); name != "" {
		runGuard(name)
	}
	os.Exit(m.Run())
}

// recurse never returns: a stack overflow, which Go cannot recover.
func recurse(n int) int {
	var a [64]byte
	a[n%64] = byte(n)
	//lint:ignore SA5007 the overflow is the point
	return recurse(n+1) + int(a[n%32])
}

// TestCrashHelper is the program TestCrashGuard runs: thread 1 recurses
// without end.
func TestCrashHelper(t *testing.T) {
	if os.Getenv("UPCGO_TEST_CRASH") == "" {
		t.Skip("run by TestCrashGuard")
	}
	debug.SetMaxStack(8 << 20)
	os.Args = os.Args[:1]
	Main(Program{Name: "crashy", Main: func(t *Thread) int {
		if t.MyThread == 1 {
			recurse(0)
		}
		t.Barrier()
		return 0
	}})
}

// A failure Go cannot recover (here a stack overflow) reaches the user as
// one message naming the UPC thread and the line, never as Go's dump of
// every goroutine; UPC_BACKTRACE=1 keeps the dump.
func TestCrashGuard(t *testing.T) {
	run := func(env ...string) (string, int) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
		cmd.Env = append(os.Environ(), append([]string{"UPCGO_TEST_CRASH=1", "UPC_NTHREADS=2"}, env...)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, stderr.String())
		return stderr.String(), ee.ExitCode()
	}
	out, status := run()
	assert.Equal(t, 2, status)
	assert.Regexp(t, `^crashy: UPC thread 1 of 2: fatal error: stack overflow\n  at .*crash_test\.go:24\n$`, out)

	out, _ = run("UPC_BACKTRACE=1")
	assert.Contains(t, out, "goroutine ")
	assert.Contains(t, out, "fatal error: stack overflow")
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
