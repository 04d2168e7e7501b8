package stdlib

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// TestMain lets a test re-run this binary as a small C-like program that
// uses the real stdin, stdout and stderr.
func TestMain(m *testing.M) {
	if os.Getenv("UPCGO_STDLIB_CHILD") == "1" {
		childProgram()
		return
	}
	os.Exit(m.Run())
}

// childProgram reads two numbers with scanf, prints to stdout (a pipe:
// fully buffered) and stderr (unbuffered), and exits through exit().
func childProgram() {
	a, b := cmem.Calloc(1, 8), cmem.Calloc(1, 8)
	n := Scanf(cmem.StaticString("%d %d"), a, b)
	Printf(cmem.StaticString("read %d: %d+%d=%d"), n, cmem.Load[int32](a), cmem.Load[int32](b),
		cmem.Load[int32](a)+cmem.Load[int32](b))
	Fputs(cmem.StaticString("to stderr\n"), Stderr())
	Atexit(func() { Puts(cmem.StaticString(" (atexit)")) })
	Exit(7)
}

func TestRealStdio(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "UPCGO_STDLIB_CHILD=1")
	cmd.Stdin = strings.NewReader("20 22\n")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 7, ee.ExitCode())
	assert.Equal(t, "read 2: 20+22=42 (atexit)\n", stdout.String(), "flushed at exit, after the handler")
	assert.Equal(t, "to stderr\n", stderr.String())
}
