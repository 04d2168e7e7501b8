package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseGoBench(t *testing.T) {
	b, err := parseGoBench(strings.NewReader(`goos: linux
BenchmarkBandwidth/put/8B-2          	16952049	        29.13 ns/op	 274.65 MB/s
BenchmarkBandwidth/put/8B-2          	17944687	        21.58 ns/op	 370.67 MB/s
BenchmarkBandwidth/put/8B-2          	19671085	        27.03 ns/op	 295.93 MB/s
BenchmarkCollBarrier/threads=4-2     	    2000	      1234 ns/op
PASS
`))
	require.NoError(t, err)
	ns, ok := b.ns("BenchmarkBandwidth/put/8B")
	assert.True(t, ok)
	assert.Equal(t, 27.03, ns, "the median of three")
	mb, _ := b.mbps("BenchmarkBandwidth/put/8B")
	assert.Equal(t, 295.93, mb)
	ns, ok = b.ns("BenchmarkCollBarrier/threads=4")
	assert.True(t, ok)
	assert.Equal(t, 1234.0, ns)
	_, ok = b.ns("BenchmarkNone")
	assert.False(t, ok)
}

func TestParseMPIRun(t *testing.T) {
	m, err := parseMPIRun(strings.NewReader(`## openmpi-shm: mpirun.openmpi -q --bind-to none -n 2
# Open MPI v4.1.4
measurement                       raw MPI        upcgo  unit
put8_latency                        0.017        0.005  us
put_bw_8                              620         1389  MB/s
fetch_add_latency                       -        0.011  us

# raw run 1 failed or timed out
# raw run 2 failed or timed out
## openmpi-tcp: mpirun.openmpi
measurement                       raw MPI        upcgo  unit
put_lat_4096                         40.1         52.3  us
`))
	require.NoError(t, err)
	assert.Equal(t, []string{"openmpi-shm", "openmpi-tcp"}, m.configs)
	assert.Equal(t, rawUpcgo{0.017, 0.005}, m.values["openmpi-shm"]["put8_latency"])
	assert.Equal(t, rawUpcgo{0, 0.011}, m.values["openmpi-shm"]["fetch_add_latency"])
	assert.Equal(t, rawUpcgo{40.1, 52.3}, m.values["openmpi-tcp"]["put_lat_4096"])
	assert.Equal(t, map[string]int{"raw": 2}, m.failed["openmpi-tcp"])
	assert.Empty(t, m.failed["openmpi-shm"])
}

func TestParseAggRun(t *testing.T) {
	a, err := parseAggRun(strings.NewReader(`smp      n=2 aggregate     halo 2 threads: 0.751 ms per exchange of 2x16384 elements (ok) | puts 0 (0 B) gets 0 (0 B)
mpi-tcp  n=4 no-aggregate  colsum 4 threads: 2600.700 ms per column of 4096 (sum ok) | puts 0
# failed: mpi-tcp 4 gups aggregate
`))
	require.NoError(t, err)
	assert.Equal(t, aggRun{
		{"smp", 2, "aggregate", "halo"}:          0.751,
		{"mpi-tcp", 4, "no-aggregate", "colsum"}: 2600.7,
	}, a)
}

// The committed figures are what the committed data draws (make figures).
func TestFiguresUpToDate(t *testing.T) {
	root := filepath.Join("..", "..", "docs")
	out := t.TempDir()
	require.NoError(t, drawAll(filepath.Join(root, "data"), out))
	for _, f := range figures {
		got, err := os.ReadFile(filepath.Join(out, f.file))
		require.NoError(t, err)
		want, err := os.ReadFile(filepath.Join(root, "figures", f.file))
		require.NoError(t, err, "make figures")
		assert.True(t, string(got) == string(want), "docs/figures/%s is not what docs/data draws: make figures", f.file)
	}
}
