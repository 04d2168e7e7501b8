package upc

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet/smp"
)

// nextLine is the file:line after its caller's.
func nextLine() string {
	_, file, line, _ := runtime.Caller(1)
	return fmt.Sprintf("%s:%d", file, line+1)
}

// The communication profile counts direct loads and stores (one process)
// as well as messages (a process per thread), per peer and per line.
func TestStatsCountsEveryAccess(t *testing.T) {
	for _, tc := range []struct {
		procs int
		where string
	}{{1, "node"}, {2, "remote"}} {
		t.Run(tc.where, func(t *testing.T) {
			var out bytes.Buffer
			var readLine, writeLine, ownLine string
			_, err := RunWith(Options{Threads: 2, Conduit: smp.New(2, tc.procs), SegmentSize: 1 << 20, Stats: StatsLines, StatsOutput: &out},
				func(th *Thread) int {
					a := AllocArray[int64](th, 1, 2*th.Threads)
					if th.MyThread == 0 {
						for range 10 {
							readLine = nextLine()
							_ = a.Get(th, 1)
						}
						for range 3 {
							writeLine = nextLine()
							a.Set(th, 3, 7)
						}
						ownLine = nextLine()
						a.Set(th, 0, 1) // its own element
					}
					th.Barrier()
					return 0
				})
			require.NoError(t, err)
			s := out.String()
			assert.Contains(t, s, fmt.Sprintf("upc stats: thread 0 -> 1 (%s): gets 10 (80 B) puts 3 (24 B)\n", tc.where))
			var rows []string
			for l := range strings.Lines(s) {
				if f := strings.Fields(strings.TrimPrefix(l, "upc stats: ")); len(f) == 6 && strings.Contains(f[0], ".go:") {
					rows = append(rows, strings.Join(f[:4], " "))
				}
			}
			// (The collective allocation's own traffic counts at the
			// allocating line: its check of thread 0's arguments and,
			// with a process per thread, its messages.)
			require.GreaterOrEqual(t, len(rows), 3, s)
			assert.Equal(t, readLine+" get "+tc.where+" 10", rows[0], "the line that moves most bytes comes first")
			assert.Contains(t, rows, writeLine+" put "+tc.where+" 3")
			assert.Equal(t, ownLine+" put local 1", rows[len(rows)-1], "the thread's own memory comes last")
		})
	}
}

func TestStatsFromEnv(t *testing.T) {
	for v, want := range map[string]Stats{"": StatsOff, "0": StatsOff, "1": StatsPeers, "lines": StatsLines, "LINES": StatsLines} {
		t.Setenv("UPC_STATS", v)
		got, err := statsFromEnv()
		require.NoError(t, err, v)
		assert.Equal(t, want, got, v)
	}
	t.Setenv("UPC_STATS", "yes please")
	_, err := RunWith(Options{Threads: 1}, func(*Thread) int { return 0 })
	require.Error(t, err)
	assert.Contains(t, err.Error(), `UPC_STATS="yes please": want 1`)
}

// Without UPC_STATS the job keeps no profile at all.
func TestStatsOffKeepsNoProfile(t *testing.T) {
	t.Setenv("UPC_STATS", "")
	_, err := RunWith(Options{Threads: 2}, func(th *Thread) int {
		if th.prof != nil || th.ep.Profile() != nil {
			panic("a profile without UPC_STATS")
		}
		return 0
	})
	require.NoError(t, err)
}

// BenchmarkStatsLoad8 is BenchmarkSharedLoad8 with the communication
// profile on: what UPC_STATS costs an element access.
func BenchmarkStatsLoad8(b *testing.B) {
	for _, mode := range []struct {
		name  string
		stats Stats
	}{{"off", StatsOff}, {"peers", StatsPeers}, {"lines", StatsLines}} {
		b.Run(mode.name, func(b *testing.B) {
			body := sharedLoad8(b)
			_, err := RunWith(Options{Threads: 2, Stats: mode.stats, StatsOutput: io.Discard}, func(t *Thread) int { body(t); return 0 })
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}

// writeCounter counts the writes made to it.
type writeCounter struct {
	bytes.Buffer
	writes int
}

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// A process's report reaches its output in one write: on the mpi network
// mpirun merges the processes' standard errors, and a report written line
// by line came out with another process's lines inside it.
func TestStatsReportIsOneWrite(t *testing.T) {
	var out writeCounter
	_, err := RunWith(Options{Threads: 2, Stats: StatsLines, StatsOutput: &out}, func(th *Thread) int {
		a := AllocArray[int64](th, 1, 2*th.Threads)
		a.Set(th, (th.MyThread+1)%th.Threads, 1)
		th.Barrier()
		return 0
	})
	require.NoError(t, err)
	assert.Contains(t, out.String(), "upc stats: by line")
	assert.Equal(t, 1, out.writes, "the report in %d writes:\n%s", out.writes, out.String())
}
