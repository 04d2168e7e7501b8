package driver

import (
	"bytes"
	"os"
	"path/filepath"
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
			status, err := Run(Options{Source: haloSource, Stderr: &stderr}, RunOptions{Threads: 4, PerProc: tc.perProc, Stdout: &stdout})
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
	status, err := Run(Options{Source: haloSource, Stderr: &stderr}, RunOptions{Threads: 4, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	require.Equal(t, 0, status, stderr.String())
	out := stderr.String()
	assert.Contains(t, out, "upc stats: thread 1 -> 0 (node): gets 81920 (640.0 KiB)\n")
	assert.Contains(t, out, "upc stats: thread 1 -> 2 (node): puts 81920 (640.0 KiB)\n")
	assert.Contains(t, out, "upc stats: thread 0 -> 3 (node): gets 81920 (640.0 KiB)\n")
	assert.NotContains(t, out, "by line", "UPC_STATS=1 has no per-line report")
}
