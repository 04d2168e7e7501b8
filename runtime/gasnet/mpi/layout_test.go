package mpi

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

func TestResolveLayout(t *testing.T) {
	for _, tc := range []struct {
		name            string
		threads, per    int
		procs           int
		wantPer         int
		wantErrContains string
	}{
		{name: "default one per process", procs: 4, wantPer: 1},
		{name: "threads divided", threads: 8, procs: 4, wantPer: 2},
		{name: "per process given", per: 3, procs: 2, wantPer: 3},
		{name: "both consistent", threads: 8, per: 2, procs: 4, wantPer: 2},
		{name: "both inconsistent", threads: 8, per: 3, procs: 4, wantErrContains: "does not match 4 MPI processes × 3"},
		{name: "not a multiple", threads: 6, procs: 4, wantErrContains: "not a multiple of the 4 MPI processes"},
		{name: "singleton", threads: 4, procs: 1, wantPer: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := resolveLayout(gasnet.ConduitRequest{Threads: tc.threads, PerProc: tc.per}, tc.procs, 0)
			if tc.wantErrContains != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErrContains)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.wantPer, l.perProc)
			assert.Equal(t, tc.procs*tc.wantPer, l.threads())
		})
	}
}

func TestLayoutRanks(t *testing.T) {
	l := layout{procs: 3, perProc: 2, me: 1}
	assert.Equal(t, 2, l.first())
	assert.Equal(t, []int{0, 0, 1, 1, 2, 2}, []int{l.proc(0), l.proc(1), l.proc(2), l.proc(3), l.proc(4), l.proc(5)})
	assert.True(t, l.local(3))
	assert.False(t, l.local(4))
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{}
	envLookup = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	t.Cleanup(func() { envLookup = os.LookupEnv })

	c, err := ConfigFromEnv()
	require.NoError(t, err)
	assert.Equal(t, DefaultConfig(), c)

	env["UPC_MPI_SLOTS"] = "7"
	env["UPC_MPI_AGG_BYTES"] = "0"
	env["UPC_MPI_AGG_HOLD"] = "1ms"
	env["UPC_MPI_VIS"] = "Pack"
	env["UPC_MPI_PSHM"] = "0"
	env["UPC_MPI_VERBOSE"] = "yes"
	c, err = ConfigFromEnv()
	require.NoError(t, err)
	assert.False(t, c.PSHM)
	assert.True(t, c.Verbose)
	assert.Equal(t, 7, c.Slots)
	assert.Equal(t, uintptr(0), c.AggBytes)
	assert.Equal(t, time.Millisecond, c.AggHold)
	assert.Equal(t, "pack", c.VIS)

	for name, bad := range map[string]string{
		"UPC_MPI_SLOTS":     "0",
		"UPC_MPI_OPS_LOCAL": "many",
		"UPC_MPI_AGG_HOLD":  "-1s",
		"UPC_MPI_THREADS":   "single",
		"UPC_MPI_AGG_BYTES": "-5",
		"UPC_MPI_PSHM":      "maybe",
		"UPC_MPI_VERBOSE":   "2",
	} {
		env := map[string]string{name: bad}
		envLookup = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		_, err := ConfigFromEnv()
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), name)
	}
}

func TestResolveAuto(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		lib                  Library
		pshm, split, oneNode bool
		osc                  string
		vis, window, atomics string
		mode                 windowMode
		presetWindow         string
	}{
		{name: "Open MPI on one node: osc/sm", lib: OpenMPI, oneNode: true, osc: "sm,ucx,pt2pt", vis: "datatype", window: "allocate", atomics: "mpi", mode: winAllocate},
		{name: "Open MPI across nodes: osc/ucx", lib: OpenMPI, osc: "sm,ucx,pt2pt", vis: "pack", window: "allocate", atomics: "mpi", mode: winAllocate},
		{name: "Open MPI forced to osc/ucx", lib: OpenMPI, oneNode: true, osc: "ucx", vis: "pack", window: "allocate", atomics: "mpi", mode: winAllocate},
		{name: "Open MPI with MPI_Win_create", lib: OpenMPI, oneNode: true, presetWindow: "create", vis: "pack", window: "create", atomics: "mpi", mode: winCreate},
		{name: "MPICH", lib: MPICH, vis: "datatype", window: "create", atomics: "mpi", mode: winCreate},
		{name: "PSHM, one node: CPU atomics", lib: OpenMPI, pshm: true, oneNode: true, vis: "datatype", window: "allocate", atomics: "am", mode: winShared},
		{name: "PSHM across nodes: MPI atomics", lib: OpenMPI, pshm: true, vis: "pack", window: "allocate", atomics: "mpi", mode: winSharedSplit},
		{name: "PSHM, one node, split windows", lib: OpenMPI, pshm: true, split: true, oneNode: true, vis: "pack", window: "allocate", atomics: "am", mode: winSharedSplit},
		{name: "MPICH PSHM across nodes", lib: MPICH, pshm: true, vis: "datatype", window: "create", atomics: "mpi", mode: winSharedSplit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			c.PSHM, c.pshmSplit = tc.pshm, tc.split
			if tc.presetWindow != "" {
				c.Window = tc.presetWindow
			}
			c.resolve(tc.lib, tc.oneNode, tc.osc)
			assert.Equal(t, tc.vis, c.VIS)
			assert.Equal(t, tc.window, c.Window)
			assert.Equal(t, tc.atomics, c.Atomics)
			assert.Equal(t, tc.mode, c.windowMode(tc.oneNode))
		})
	}
	assert.Equal(t, MPICH, libraryOf("MPICH Version:\t4.0.2"))
	assert.Equal(t, OpenMPI, libraryOf("Open MPI v4.1.4, package: Debian OpenMPI"))
}
