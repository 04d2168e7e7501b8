package driver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The communication profile (UPC_STATS=lines, docs/observability.md)
// must lead a user to the loop that communicates most. In
// bench/aggregate/halo.upc every thread reads its left neighbour's block
// element by element, then writes its right neighbour's ghost block: the
// read loop and the write loop move the same bytes, and the read comes
// first.

var haloSource = filepath.Join("..", "..", "bench", "aggregate", "halo.upc")

// sourceLine is the line number of the first line of file containing text.
func sourceLine(t *testing.T, file, text string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line containing %q", file, text)
	return 0
}

// statsReports returns the per-line reports in a program's standard
// error (one per process), each as its rows' fields: line, op, where,
// count, bytes and unit.
func statsReports(t *testing.T, stderr string) [][][]string {
	t.Helper()
	var reports [][][]string
	in := false
	for l := range strings.Lines(stderr) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(l), "upc stats: ")
		switch {
		case !ok:
			in = false
		case strings.HasPrefix(rest, "by line"):
			in = true
			reports = append(reports, nil)
		case in && !strings.HasPrefix(rest, "line "):
			reports[len(reports)-1] = append(reports[len(reports)-1], strings.Fields(rest))
		}
	}
	require.NotEmpty(t, reports, "no per-line report in:\n%s", stderr)
	return reports
}

// checkHaloTop checks that every process's report puts the halo's read
// loop first, with where (node or remote) for its memory.
func checkHaloTop(t *testing.T, stderr, where string) {
	t.Helper()
	read := "halo.upc:" + strconv.Itoa(sourceLine(t, haloSource, "in[k] = u[left*B + k]"))
	write := "halo.upc:" + strconv.Itoa(sourceLine(t, haloSource, "ghost[right*B + k] = out[k]"))
	for _, rows := range statsReports(t, stderr) {
		require.GreaterOrEqual(t, len(rows), 2, stderr)
		require.Len(t, rows[0], 6, "line op where count bytes unit")
		assert.True(t, strings.HasSuffix(rows[0][0], read), "the top line is %s, want the halo's read loop %s\n%s", rows[0][0], read, stderr)
		assert.Equal(t, []string{"get", where}, rows[0][1:3])
		// The write loop comes second, with as much traffic.
		assert.True(t, strings.HasSuffix(rows[1][0], write), "the second line is %s, want the halo's write loop %s", rows[1][0], write)
		assert.Equal(t, []string{"put", where}, rows[1][1:3])
		assert.Equal(t, rows[0][3:], rows[1][3:])
	}
}

func TestStatsHottestLineSMP(t *testing.T) {
	t.Setenv("UPC_STATS", "lines")
	for _, tc := range []struct {
		name    string
		perProc int
		where   string
	}{
		// One process: every thread loads and stores its neighbours'
		// memory directly, element by element.
		{"one process", 0, "node"},
		// Simulated processes of one thread each: the neighbours are
		// reached by messages, so the loops run aggregated.
		{"simulated processes", 1, "remote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status, err := Run(Options{Inputs: []string{haloSource}, Stderr: &stderr}, RunOptions{Threads: 4, PerProc: tc.perProc, Stdout: &stdout})
			require.NoError(t, err, stderr.String())
			require.Equal(t, 0, status, stderr.String())
			assert.Contains(t, stdout.String(), "(ok)")
			checkHaloTop(t, stderr.String(), tc.where)
		})
	}
}

// UPC_STATS=1 counts the direct loads and stores of the smp conduit per
// thread and peer: each thread of the halo reads 5 blocks of 16384
// doubles from its left neighbour and writes as many to its right one.
func TestStatsPerPeerSMP(t *testing.T) {
	t.Setenv("UPC_STATS", "1")
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{haloSource}, Stderr: &stderr}, RunOptions{Threads: 4, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	require.Equal(t, 0, status, stderr.String())
	out := stderr.String()
	assert.Contains(t, out, "upc stats: thread 1 -> 0 (node): gets 81920 (640.0 KiB)\n")
	assert.Contains(t, out, "upc stats: thread 1 -> 2 (node): puts 81920 (640.0 KiB)\n")
	assert.Contains(t, out, "upc stats: thread 0 -> 3 (node): gets 81920 (640.0 KiB)\n")
	assert.NotContains(t, out, "by line", "UPC_STATS=1 has no per-line report")
}

// epSource is the NPB-style kernel the profile walk-through uses.
var epSource = filepath.Join("..", "..", "bench", "kernels", "ep.upc")

// pprofRows runs go tool pprof -top with extra flags on a CPU profile and
// returns its rows' fields: flat, flat%, sum%, cum, cum%, then the
// function and, with -lines, the file:line.
func pprofRows(t *testing.T, bin, prof string, flags ...string) [][]string {
	t.Helper()
	gocmd, err := goCommand()
	require.NoError(t, err)
	out, err := exec.Command(gocmd, append(append([]string{"tool", "pprof", "-top"}, flags...), bin, prof)...).CombinedOutput()
	require.NoError(t, err, string(out))
	var rows [][]string
	header := true
	for l := range strings.Lines(string(out)) {
		f := strings.Fields(l)
		if header {
			header = len(f) == 0 || f[0] != "flat"
			continue
		}
		if len(f) >= 6 {
			rows = append(rows, f)
		}
	}
	require.NotEmpty(t, rows, string(out))
	return rows
}

// UPC_CPUPROFILE writes a CPU profile whose frames are .upc lines: the
// program's functions lead it (the Go scheduler's preemption may rank
// above them on a loaded machine), and every line of theirs is one of
// ep.upc's.
func TestCPUProfileNamesUPCLines(t *testing.T) {
	dir := t.TempDir()
	bin, prof := filepath.Join(dir, "ep"), filepath.Join(dir, "cpu.prof")
	t.Setenv("UPC_CPUPROFILE", prof)
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{epSource}, Output: bin, Defines: []string{"M=22"}, Stderr: &stderr}, RunOptions{Threads: 2, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	require.Equal(t, 0, status, stderr.String())
	assert.Contains(t, stdout.String(), "EP M=22 THREADS=2")

	var top string
	for _, r := range pprofRows(t, bin, prof) {
		if !strings.HasPrefix(r[5], "runtime.") {
			top = r[5]
			break
		}
	}
	assert.True(t, strings.HasPrefix(top, "main."), "the busiest function outside the Go runtime is %s, not the program's", top)
	lines := 0
	for _, r := range pprofRows(t, bin, prof, "-lines") {
		// (main.main and its closures are the generated start-up code.)
		if strings.HasPrefix(r[5], "main.") && r[5] != "main.main" && !strings.HasPrefix(r[5], "main.main.") && len(r) >= 7 {
			assert.Regexp(t, `ep\.upc:\d+$`, r[6], "%s's frame", r[5])
			lines++
		}
	}
	assert.NotZero(t, lines, "no line of the program in the profile")
	// Each UPC thread's samples carry its number.
	tagged := pprofRows(t, bin, prof, "-tagfocus=thread=^1$")
	assert.NotEmpty(t, tagged)
}

// UPC_TRACE writes an execution trace with a task per UPC thread.
func TestTraceHasATaskPerThread(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ep.trace")
	t.Setenv("UPC_TRACE", file)
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{epSource}, Output: filepath.Join(dir, "ep"), Defines: []string{"M=17"}, Stderr: &stderr}, RunOptions{Threads: 2, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	require.Equal(t, 0, status, stderr.String())
	gocmd, err := goCommand()
	require.NoError(t, err)
	out, err := exec.Command(gocmd, "tool", "trace", "-d=parsed", file).CombinedOutput()
	require.NoError(t, err, string(out))
	for _, task := range []string{`Type="UPC thread 0"`, `Type="UPC thread 1"`} {
		assert.True(t, strings.Contains(string(out), "TaskBegin ") && strings.Contains(string(out), task), "no task %s in the trace", task)
	}
	assert.True(t, regexp.MustCompile(`ep\.upc:\d+`).Match(out), "the trace's stacks name no .upc line")
}
