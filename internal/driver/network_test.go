package driver

import (
	"bytes"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeSystem makes FindMPI see the given commands on PATH and pkg-config
// modules installed.
func fakeSystem(t *testing.T, commands []string, modules ...string) {
	t.Helper()
	oldLook, oldPkg := lookPath, pkgConfigExists
	t.Cleanup(func() { lookPath, pkgConfigExists = oldLook, oldPkg })
	lookPath = func(name string) (string, error) {
		for _, c := range commands {
			if c == name {
				return "/usr/bin/" + name, nil
			}
		}
		return "", errors.New("not found")
	}
	pkgConfigExists = func(m string) bool {
		for _, x := range modules {
			if x == m {
				return true
			}
		}
		return false
	}
}

func TestFindMPI(t *testing.T) {
	tools := []string{"pkg-config", "gcc", "mpirun.openmpi", "mpirun.mpich"}
	for _, tc := range []struct {
		name     string
		commands []string
		modules  []string
		env      string
		want     string // the MPI found, or a regexp of the error
		status   int
	}{
		{name: "both installed: Open MPI", commands: tools, modules: []string{"ompi-c", "mpich"}, want: "openmpi"},
		{name: "only MPICH", commands: tools, modules: []string{"mpich"}, want: "mpich"},
		{name: "UPCGO_MPI chooses", commands: tools, modules: []string{"ompi-c", "mpich"}, env: "MPICH", want: "mpich"},
		{name: "none", commands: tools, want: `needs an MPI library.*libopenmpi-dev openmpi-bin.*libmpich-dev mpich`, status: StatusError},
		{name: "no pkg-config", commands: []string{"gcc"}, modules: []string{"ompi-c"}, want: `and pkg-config`, status: StatusError},
		{name: "chosen one missing", commands: tools, modules: []string{"mpich"}, env: "openmpi", want: `UPCGO_MPI=openmpi, but pkg-config finds no ompi-c.*libopenmpi-dev`, status: StatusError},
		{name: "unknown choice", commands: tools, modules: []string{"mpich"}, env: "lam", want: `UPCGO_MPI="lam": want openmpi or mpich`, status: StatusUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fakeSystem(t, tc.commands, tc.modules...)
			t.Setenv("UPCGO_MPI", tc.env)
			m, err := FindMPI()
			if tc.status != 0 {
				require.Error(t, err)
				assert.Regexp(t, tc.want, err.Error())
				assert.Equal(t, tc.status, ExitStatus(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, m.Name)
		})
	}
}

func TestBuildWithoutMPI(t *testing.T) {
	fakeSystem(t, []string{"pkg-config", "gcc"})
	t.Setenv("UPCGO_MPI", "")
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
	var stderr bytes.Buffer
	_, err := Build(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Output: filepath.Join(dir, "p"), Network: "mpi", Stderr: &stderr})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "apt-get install libopenmpi-dev openmpi-bin pkg-config")
	assert.Equal(t, StatusError, ExitStatus(err))
	assert.NoFileExists(t, filepath.Join(dir, "p"))
}

func TestBuildTagsNeedACompiler(t *testing.T) {
	fakeSystem(t, []string{"pkg-config"}, "ompi-c")
	t.Setenv("UPCGO_MPI", "")
	t.Setenv("CC", "")
	_, err := (&Options{Network: "mpi"}).buildTags()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gcc was not found")
	tags, err := (&Options{Network: "smp"}).buildTags()
	require.NoError(t, err)
	assert.Empty(t, tags)
}

func TestLaunchCommand(t *testing.T) {
	fakeSystem(t, []string{"pkg-config", "gcc", "mpirun.openmpi", "mpirun.mpich"}, "ompi-c", "mpich")
	t.Setenv("UPCGO_MPIRUN", "")
	t.Setenv("UCX_HANDLE_ERRORS", "")
	os.Unsetenv("UCX_HANDLE_ERRORS")
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "UPC_") {
			t.Setenv(name, "")
			os.Unsetenv(name)
		}
	}
	t.Setenv("UPC_MPI_PSHM", "0") // reaches the processes on other nodes
	root := os.Geteuid() == 0
	for _, tc := range []struct {
		name     string
		mpi      string
		l        Launch
		argv     []string
		env      []string
		errMatch string
	}{
		{name: "smp", l: Launch{Threads: 4}, argv: []string{"bin", "-n", "4", "a"}},
		{name: "smp default", l: Launch{}, argv: []string{"bin", "a"}},
		{name: "smp simulated processes", l: Launch{Threads: 4, PerProc: 2}, argv: []string{"bin", "-n", "4", "-ppn", "2", "a"}},
		{name: "Open MPI", mpi: "openmpi", l: Launch{Network: "mpi", Threads: 8, PerProc: 2},
			argv: []string{"/usr/bin/mpirun.openmpi", "-q", "-n", "4", "--bind-to", "none", "--oversubscribe", "-x", "UCX_HANDLE_ERRORS", "-x", "UPC_MPI_PSHM", "bin", "-n", "8", "-ppn", "2", "a"},
			env:  append([]string{"UCX_HANDLE_ERRORS=none"}, map[bool][]string{true: {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"}}[root]...)},
		{name: "Open MPI tagged", mpi: "openmpi", l: Launch{Network: "mpi", Threads: 2, PerProc: 1, TagOutput: true},
			argv: []string{"/usr/bin/mpirun.openmpi", "-q", "-n", "2", "--bind-to", "none", "--oversubscribe", "-x", "UCX_HANDLE_ERRORS", "-x", "UPC_MPI_PSHM", "--tag-output", "bin", "-n", "2", "-ppn", "1", "a"},
			env:  append([]string{"UCX_HANDLE_ERRORS=none"}, map[bool][]string{true: {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"}}[root]...)},
		{name: "MPICH", mpi: "mpich", l: Launch{Network: "mpi", Threads: 4, PerProc: 1, TagOutput: true},
			argv: []string{"/usr/bin/mpirun.mpich", "-n", "4", "-prepend-rank", "bin", "-n", "4", "-ppn", "1", "a"},
			env:  []string{"UCX_HANDLE_ERRORS=none"}},
		{name: "uneven", mpi: "openmpi", l: Launch{Network: "mpi", Threads: 6, PerProc: 4}, errMatch: "-n 6 is not a multiple of -ppn 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("UPCGO_MPI", tc.mpi)
			argv, env, err := tc.l.Command("bin", []string{"a"})
			if tc.errMatch != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.errMatch)
				assert.Equal(t, StatusUsage, ExitStatus(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.argv, argv)
			assert.Equal(t, tc.env, env)
		})
	}
}

func TestMPILaunchDefaults(t *testing.T) {
	t.Setenv("UPC_NTHREADS", "")
	t.Setenv("UPC_THREADS_PER_PROC", "")
	os.Unsetenv("UPC_NTHREADS")
	os.Unsetenv("UPC_THREADS_PER_PROC")
	l, err := MPILaunch(0, 0, 6, 0)
	require.NoError(t, err)
	assert.Equal(t, Launch{Network: "mpi", Threads: 6, PerProc: 1}, l)
	t.Setenv("UPC_NTHREADS", "8")
	t.Setenv("UPC_THREADS_PER_PROC", "4")
	l, err = MPILaunch(0, 0, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, Launch{Network: "mpi", Threads: 8, PerProc: 4}, l)
	l, err = MPILaunch(2, 1, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, Launch{Network: "mpi", Threads: 2, PerProc: 1}, l)
	t.Setenv("UPC_THREADS_PER_PROC", "x")
	_, err = MPILaunch(2, 0, 0, 0)
	assert.ErrorContains(t, err, `invalid UPC_THREADS_PER_PROC="x"`)
}

// The settings file imports the mpi conduit for -network mpi and sets the
// defaults -shared-heap and -pthreads=N bake in; a build that needs none
// has none, and reusing an -emit-go folder removes an earlier one.
func TestSettingsFile(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	emit := filepath.Join(dir, "gen")
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
	opts := Options{Inputs: []string{filepath.Join(dir, "p.upc")}, EmitGo: emit, Network: "mpi", SharedHeap: 256 << 20, ThreadsPerProc: 4}
	prog, err := opts.program()
	require.NoError(t, err)
	_, _, err = opts.prepareBuildDir(prog)
	require.NoError(t, err)
	src, err := os.ReadFile(filepath.Join(emit, settingsFile))
	require.NoError(t, err)
	assert.Contains(t, string(src), `_ "github.com/upcgo/upcgo/runtime/gasnet/mpi"`)
	assert.Contains(t, string(src), "upc.SetBuildDefaults(upc.BuildDefaults{SharedHeap: 268435456, ThreadsPerProc: 4})")
	_, err = parser.ParseFile(token.NewFileSet(), settingsFile, src, 0)
	assert.NoError(t, err)

	// smp: -pthreads=N changes nothing (threads are goroutines already).
	opts.Network = "smp"
	_, _, err = opts.prepareBuildDir(prog)
	require.NoError(t, err)
	src, err = os.ReadFile(filepath.Join(emit, settingsFile))
	require.NoError(t, err)
	assert.NotContains(t, string(src), "gasnet/mpi")
	assert.Contains(t, string(src), "upc.BuildDefaults{SharedHeap: 268435456})")

	opts.SharedHeap = 0
	assert.NoError(t, checkEmitDir(emit))
	_, _, err = opts.prepareBuildDir(prog)
	require.NoError(t, err)
	assert.NoFileExists(t, filepath.Join(emit, settingsFile))
}

// On smp, -ppn groups the threads into simulated processes; the program
// sees neither -n nor -ppn among its arguments.
func TestRunSimulatedProcesses(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p.upc": trivialUPC})
	var stdout, stderr bytes.Buffer
	status, err := Run(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Stderr: &stderr},
		RunOptions{Threads: 4, PerProc: 2, Args: []string{"x"}, Stdout: &stdout})
	require.NoError(t, err, stderr.String())
	assert.Equal(t, 0, status, stderr.String())
	assert.Equal(t, "U THREADS=4 sum=10 args=x\n", stdout.String())

	stdout.Reset()
	status, err = Run(Options{Inputs: []string{filepath.Join(dir, "p.upc")}, Stderr: &stderr},
		RunOptions{Threads: 3, PerProc: 2, Stdout: &stdout})
	require.NoError(t, err)
	assert.Equal(t, 2, status)
	assert.Contains(t, stderr.String(), "THREADS=3 is not a multiple of 2 threads per process")
}
