//go:build mpi

package driver

// End-to-end runs on the mpi network: go test -tags mpi ./internal/driver
// (make test-mpi; UPCGO_MPI=mpich for MPICH). Each program is built with
// -network mpi and started under mpirun with the command line Run uses
// (TestMPIHybridRun also goes through Run itself).

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runMPI builds src and runs it under mpirun at threads UPC threads,
// perProc per process, as Run does, and returns its status, stdout and
// stderr, failing if the run takes longer than limit (a hang). The build
// is not timed: on a loaded machine with a cold cache it takes minutes.
func runMPI(t *testing.T, src string, threads, perProc int, limit time.Duration, args ...string) (int, string, string) {
	t.Helper()
	bin := buildMPI(t, src)
	argv, env, err := Launch{Network: "mpi", Threads: threads, PerProc: perProc}.Command(bin, args)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	// A job of its own temporary folder: Open MPI's mpirun keeps its
	// session directory under it, and jobs side by side sharing one race
	// (the first to end removes the folder the next is creating in).
	cmd.Env = append(append(os.Environ(), env...), "TMPDIR="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("no exit after %v: stderr:\n%s", limit, stderr.String())
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), stdout.String(), stderr.String()
	}
	require.NoError(t, err, stderr.String())
	return 0, stdout.String(), stderr.String()
}

// mpiBuilt holds the binaries buildMPI built in this test process, by
// source: a test repeated with -count runs the binary again instead of
// building it again (a link under load takes longer than the run).
var mpiBuilt sync.Map

// buildMPI builds src for the mpi network, once per test process, into
// the process's cache folder (testCache), which goes when the tests end.
func buildMPI(t *testing.T, src string) string {
	t.Helper()
	bin := filepath.Join(testCache, "mpi-test-bin", fmt.Sprintf("prog-%x", sha256.Sum256([]byte(src))))
	if _, ok := mpiBuilt.Load(bin); ok {
		return bin
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(bin), 0o755))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"prog.upc": src})
	var buildErr bytes.Buffer
	_, err := Build(Options{Inputs: []string{filepath.Join(dir, "prog.upc")}, Network: "mpi", Output: bin, Stderr: &buildErr})
	require.NoError(t, err, buildErr.String())
	mpiBuilt.Store(bin, true)
	return bin
}

// lockedBuffer is a bytes.Buffer a test may read while the job that
// writes it still runs (a failure message, a timeout).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func sortedLines(s string) []string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	sort.Strings(l)
	return l
}

// sumSrc has every thread sum an array written by all threads.
const sumSrc = `#include <stdio.h>
#include <upc.h>
shared int a[THREADS];
int main(int argc, char **argv) {
	int i, sum = 0;
	a[MYTHREAD] = MYTHREAD + 1;
	upc_barrier;
	for (i = 0; i < THREADS; i++)
		sum += a[(MYTHREAD + i) % THREADS];
	printf("thread %d of %d: sum %d, %s\n", MYTHREAD, THREADS, sum, argv[1]);
	return 0;
}
`

var sumOut = []string{
	"thread 0 of 4: sum 10, arg", "thread 1 of 4: sum 10, arg",
	"thread 2 of 4: sum 10, arg", "thread 3 of 4: sum 10, arg",
}

func TestMPIHybridRun(t *testing.T) {
	status, out, errOut := runMPI(t, sumSrc, 4, 2, 30*time.Second, "arg")
	assert.Equal(t, 0, status, errOut)
	assert.Equal(t, sumOut, sortedLines(out))
	assert.Empty(t, errOut)

	// The same through Run, as upcgo run -network mpi does.
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"prog.upc": sumSrc})
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{filepath.Join(dir, "prog.upc")}, Network: "mpi", Stderr: &stderr},
		RunOptions{Threads: 4, PerProc: 2, Args: []string{"arg"}, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, 0, status, stderr.String())
	assert.Equal(t, sumOut, sortedLines(stdout.String()))
}

// Where MPI has no shared windows (Open MPI with OMPI_MCA_osc naming no
// osc/sm), the job runs without PSHM and says so once; UPC_MPI_VERBOSE
// has every process describe itself.
func TestMPISharedWindowsUnavailable(t *testing.T) {
	if m, err := FindMPI(); err != nil || m.Name != "openmpi" {
		t.Skip("needs Open MPI, whose OMPI_MCA_osc can leave out shared windows")
	}
	for _, tc := range []struct{ osc, threads string }{
		{"ucx", "multiple"},
		{"pt2pt", "funneled"}, // osc/pt2pt refuses MPI_THREAD_MULTIPLE
	} {
		t.Run(tc.osc, func(t *testing.T) {
			t.Setenv("OMPI_MCA_osc", tc.osc)
			t.Setenv("UPC_MPI_THREADS", tc.threads)
			t.Setenv("UPC_MPI_VERBOSE", "1")
			status, out, errOut := runMPI(t, sumSrc, 4, 2, 30*time.Second, "arg")
			assert.Equal(t, 0, status, errOut)
			assert.Equal(t, sumOut, sortedLines(out))
			assert.Equal(t, 1, strings.Count(errOut, "shared windows are unavailable (MPI_Win_allocate_shared: "), errOut)
			assert.Equal(t, 2, strings.Count(errOut, ", no PSHM, "), errOut)
			assert.Equal(t, 3, strings.Count(errOut, "\n"), errOut)
		})
	}
	// osc/pt2pt alone cannot serve this process at all: the job ends
	// with a line that says why.
	t.Setenv("OMPI_MCA_osc", "pt2pt")
	t.Setenv("UPC_MPI_THREADS", "multiple")
	status, _, errOut := runMPI(t, sumSrc, 4, 2, 30*time.Second, "arg")
	assert.Equal(t, 1, status, errOut)
	assert.Contains(t, errOut, "osc/pt2pt serves no process with MPI_THREAD_MULTIPLE")
}

// threadLine is a line of a report that names threads.
var threadLine = regexp.MustCompile(`UPC threads? \d`)

// A failing thread ends the whole job with its status, never a hang, even
// when the other threads compute without calling the runtime.
func TestMPIFailuresEndTheJob(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     string
		status  int
		stderr  string
		reports int // lines naming threads: a fault's one, from the faulting thread's process
	}{
		{"fault", `#include <stdio.h>
#include <upc.h>
int main(void) {
	int zero = MYTHREAD - MYTHREAD;
	if (MYTHREAD == THREADS - 1)
		printf("%d\n", 10 / zero);
	upc_barrier;
	return 0;
}
`, 1, `UPC thread 3 of 4: runtime error: integer divide by zero\n  at .*prog.upc:6`, 1},
		{"global exit while others compute", `#include <upc.h>
int main(void) {
	volatile long x = 0;
	if (MYTHREAD == 1)
		upc_global_exit(5);
	for (;;)
		x++;
	return 0;
}
`, 5, ``, 0},
		{"thread returns before a barrier", `#include <upc.h>
int main(void) {
	if (MYTHREAD == 0)
		return 0;
	upc_barrier;
	return 0;
}
`, 1, `deadlock: 3 thread\(s\) wait in a barrier that 1 thread\(s\) which already finished can never reach`, 0},
		{"nil dereference", `#include <upc.h>
int main(void) {
	int *p = 0;
	upc_barrier;
	if (MYTHREAD == 2)
		*p = 1;
	upc_barrier;
	return 0;
}
`, 1, `UPC thread 2 of 4: runtime error: invalid memory address or nil pointer dereference`, 1},
		// One report, gathered at process 0, naming every thread: two
		// lines for the lock cycle (one per process), one for the barrier.
		{"lock deadlock across processes", `#include <upc.h>
upc_lock_t *a, *b;
int main(void) {
	a = upc_all_lock_alloc();
	b = upc_all_lock_alloc();
	if (MYTHREAD == 0) upc_lock(a);
	if (MYTHREAD == 3) upc_lock(b);
	upc_barrier;
	if (MYTHREAD == 0) upc_lock(b);
	if (MYTHREAD == 3) upc_lock(a);
	upc_barrier;
	return 0;
}
`, 1, `deadlock: every UPC thread waits for another \(or has returned\):
  UPC thread 0 of 4 waits for upc_lock: a lock held by thread 3, at .*prog.upc:9
  UPC threads 1-2 of 4 wait for a barrier, at .*prog.upc:11
  UPC thread 3 of 4 waits for upc_lock: .*, at .*prog.upc:10
`, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Each case is a build (a cgo link) and a job of its own:
			// side by side, one case's link overlaps another's run.
			t.Parallel()
			start := time.Now()
			status, _, errOut := runMPI(t, tc.src, 4, 2, 2*time.Minute)
			assert.Equal(t, tc.status, status, errOut)
			assert.Regexp(t, tc.stderr, errOut)
			assert.Len(t, threadLine.FindAllString(errOut, -1), tc.reports, errOut)
			assert.LessOrEqual(t, strings.Count(errOut, "deadlock:"), 1, errOut, "one report")
			t.Logf("%s: %v", tc.name, time.Since(start))
		})
	}
}

// examples/gompi, a UPC program written in Go (docs/go.md), built with the
// mpi tag as its comment says and started under mpirun: 2 processes of 2
// threads. Thread r's block holds 4r .. 4r+3, so it sums to 16r+6.
func TestMPIGoProgram(t *testing.T) {
	m, err := FindMPI()
	require.NoError(t, err)
	gocmd, err := goCommand()
	require.NoError(t, err)
	bin := filepath.Join(t.TempDir(), "gompi")
	out, err := exec.Command(gocmd, "build", "-tags", strings.Join(m.tags, ","), "-o", bin, "github.com/upcgo/upcgo/examples/gompi").CombinedOutput()
	require.NoError(t, err, string(out))
	argv, env, err := Launch{Network: "mpi", Threads: 4, PerProc: 2}.Command(bin, nil)
	require.NoError(t, err)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	var want []string
	for r := range 4 {
		right := (r + 1) % 4
		want = append(want, fmt.Sprintf("thread %d of 4: thread %d's block sums to %d", r, right, 16*right+6))
	}
	assert.Equal(t, want, sortedLines(stdout.String()))
}

// A process killed by a signal (a node's out-of-memory killer, a crash in
// the MPI library) ends the job on every node within seconds, and leaves
// no process of it running. In the multi-node test (testsuite/multinode)
// the killed process is on the second node; the log names the hosts.
func TestMPIKilledProcessEndsTheJob(t *testing.T) {
	src := `#include <stdio.h>
#include <unistd.h>
#include <upc.h>
int main(void) {
	char host[64];
	gethostname(host, sizeof host);
	printf("thread %d: pid %d on %s\n", MYTHREAD, (int)getpid(), host);
	fflush(stdout);
	for (;;)
		upc_barrier;
	return 0;
}
`
	bin := buildMPI(t, src)
	launch, err := MPILaunch(4, 1, 0, 0)
	require.NoError(t, err)
	pr, pw := io.Pipe()
	var stderr lockedBuffer
	type result struct {
		status int
		err    error
	}
	done := make(chan result, 1)
	go func() {
		status, err := Exec(bin, launch, RunOptions{Stdout: pw}, &stderr, nil)
		pw.Close()
		done <- result{status, err}
	}()
	// Each thread's line, as the processes print them.
	re := regexp.MustCompile(`^thread (\d): pid (\d+) on (\S+)$`)
	pids := map[int]int{}
	hosts := map[int]string{}
	lines := bufio.NewScanner(pr)
	for len(pids) < 4 && lines.Scan() {
		m := re.FindStringSubmatch(lines.Text())
		require.NotNil(t, m, "unexpected output %q", lines.Text())
		th, _ := strconv.Atoi(m[1])
		pid, _ := strconv.Atoi(m[2])
		pids[th], hosts[th] = pid, m[3]
	}
	require.Len(t, pids, 4, "the job ended before every thread started: %s", stderr.String())
	go io.Copy(io.Discard, pr)

	require.NoError(t, syscall.Kill(pids[3], syscall.SIGKILL))
	killed := time.Now()
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("the job did not end within 30 s of killing thread 3's process; stderr:\n%s", stderr.String())
	}
	took := time.Since(killed)
	require.NoError(t, r.err)
	assert.NotZero(t, r.status, stderr.String())
	assert.Less(t, took, 10*time.Second, "the job took %v to end", took)
	// Every process of the job is gone (mpirun reaps its own, and the
	// other node's daemon reaps the rest before mpirun exits).
	for th, pid := range pids {
		for i := 0; syscall.Kill(pid, 0) == nil; i++ {
			require.Less(t, i, 50, "thread %d's process %d still runs after the job ended", th, pid)
			time.Sleep(100 * time.Millisecond)
		}
	}
	t.Logf("killed thread 3's process on %s (thread 0 on %s); the job ended after %v with status %d",
		hosts[3], hosts[0], took.Round(time.Millisecond), r.status)
}
