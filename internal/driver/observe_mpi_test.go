//go:build mpi

package driver

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The halo's hottest line on the mpi network: with PSHM the processes
// load and store each other's segments (node); without it every access
// to a neighbour is a message (remote), and the loops run aggregated.
func TestMPIStatsHottestLine(t *testing.T) {
	t.Setenv("UPC_STATS", "lines")
	for _, tc := range []struct {
		name, pshm, where string
	}{
		{"PSHM", "1", "node"},
		{"no PSHM", "0", "remote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("UPC_MPI_PSHM", tc.pshm)
			var stdout, stderr bytes.Buffer
			status, err := Run(Options{Inputs: []string{haloSource}, Network: "mpi", Stderr: &stderr}, RunOptions{Threads: 2, PerProc: 1, Stdout: &stdout})
			require.NoError(t, err, stderr.String())
			require.Equal(t, 0, status, stderr.String())
			assert.Contains(t, stdout.String(), "(ok)")
			reports := statsReports(t, stderr.String())
			assert.Len(t, reports, 2, "one report per process")
			checkHaloTop(t, stderr.String(), tc.where)
		})
	}
}

// On the mpi network every process writes its own profile, named with
// its process number.
func TestMPICPUProfilePerProcess(t *testing.T) {
	dir := t.TempDir()
	bin, prof := filepath.Join(dir, "ep"), filepath.Join(dir, "cpu.prof")
	t.Setenv("UPC_CPUPROFILE", prof)
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{epSource}, Output: bin, Network: "mpi", Defines: []string{"M=20"}, Stderr: &stderr}, RunOptions{Threads: 2, PerProc: 1, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	require.Equal(t, 0, status, stderr.String())
	assert.NoFileExists(t, prof)
	for _, p := range []string{prof + ".0", prof + ".1"} {
		require.FileExists(t, p)
		found := false
		for _, r := range pprofRows(t, bin, p, "-lines") {
			found = found || strings.HasPrefix(r[5], "main.") && len(r) >= 7 && strings.HasSuffix(strings.TrimRight(r[6], "0123456789"), "ep.upc:")
		}
		assert.True(t, found, "%s has no line of ep.upc", p)
	}
}
