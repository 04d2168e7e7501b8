package driver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// Networks. A program built for -network mpi imports runtime/gasnet/mpi
// in its settings file (settings.go), whose init registers the mpi conduit
// as the program's network (the generated main.go is the same for every
// network); it is built with the mpi build tag (and mpich for MPICH), which
// compiles the conduit's cgo code against the MPI found by pkg-config; and
// Run starts it under that MPI's mpirun.

// MPI is an MPI implementation upcgo can build against and launch with.
type MPI struct {
	Name      string   // "openmpi" or "mpich", as UPCGO_MPI names it
	pkgConfig string   // its pkg-config module
	tags      []string // the go build tags that select it
	launchers []string // mpirun commands to try, in order
	marker    string   // what a generic mpirun prints for --version
}

var mpis = []MPI{
	{Name: "openmpi", pkgConfig: "ompi-c", tags: []string{"mpi"},
		launchers: []string{"mpirun.openmpi", "mpirun", "mpiexec"}, marker: "Open MPI|OpenRTE"},
	{Name: "mpich", pkgConfig: "mpich", tags: []string{"mpi", "mpich"},
		launchers: []string{"mpirun.mpich", "mpiexec.mpich", "mpiexec.hydra", "mpirun", "mpiexec"}, marker: "HYDRA|MPICH"},
}

// errNoMPI names what to install; both implementations work.
var errNoMPI = errors.New("-network mpi needs an MPI library and pkg-config, and none was found: install Open MPI (apt-get install libopenmpi-dev openmpi-bin pkg-config) or MPICH (apt-get install libmpich-dev mpich pkg-config)")

// lookPath and pkgConfigExists are replaced by tests.
var (
	lookPath        = exec.LookPath
	pkgConfigExists = func(module string) bool {
		return exec.Command("pkg-config", "--exists", module).Run() == nil
	}
)

// FindMPI returns the MPI that -network mpi builds against: the one
// $UPCGO_MPI names, else Open MPI if installed, else MPICH.
func FindMPI() (*MPI, error) {
	if _, err := lookPath("pkg-config"); err != nil {
		return nil, errNoMPI
	}
	want := strings.ToLower(strings.TrimSpace(os.Getenv("UPCGO_MPI")))
	for i := range mpis {
		m := &mpis[i]
		switch {
		case want != "" && want != m.Name:
			continue
		case pkgConfigExists(m.pkgConfig):
			return m, nil
		case want != "":
			return nil, fmt.Errorf("UPCGO_MPI=%s, but pkg-config finds no %s module: install %s, or unset UPCGO_MPI", want, m.pkgConfig, map[string]string{"openmpi": "libopenmpi-dev openmpi-bin", "mpich": "libmpich-dev mpich"}[m.Name])
		}
	}
	if want != "" {
		return nil, &UsageError{Msg: fmt.Sprintf("UPCGO_MPI=%q: want openmpi or mpich", want)}
	}
	return nil, errNoMPI
}

// buildTags returns the go build tags of the network, checking that what
// the build needs is installed.
func (o *Options) buildTags() ([]string, error) {
	if o.network() != "mpi" {
		return nil, nil
	}
	m, err := FindMPI()
	if err != nil {
		return nil, err
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "gcc"
	}
	if _, err := lookPath(strings.Fields(cc)[0]); err != nil {
		return nil, fmt.Errorf("-network mpi compiles the MPI conduit with a C compiler, and %s was not found: install gcc (apt-get install gcc) or set CC", cc)
	}
	return m.tags, nil
}

// Launch describes how Run starts a program.
type Launch struct {
	Network string // "smp" or "mpi"
	Threads int    // THREADS; 0 leaves it to the program
	PerProc int    // UPC threads per process; 0 leaves it to the program
	// TagOutput has mpirun prefix every line a process prints with its
	// rank ("[1,0]<stdout>:" for Open MPI, "[0] " for MPICH), so that the
	// interleaved output of the processes can be told apart.
	TagOutput bool
}

// Command returns the command line that runs the binary bin with args as
// l describes, and the environment variables to add: the binary itself
// for smp; mpirun with as many processes as THREADS/PerProc for mpi. An
// mpi launch needs both counts (see MPILaunch).
func (l Launch) Command(bin string, args []string) (argv, env []string, err error) {
	var prog []string
	if l.Threads > 0 {
		prog = append(prog, "-n", strconv.Itoa(l.Threads))
	}
	if l.PerProc > 0 {
		prog = append(prog, "-ppn", strconv.Itoa(l.PerProc))
	}
	prog = append(prog, args...)
	if l.Network != "mpi" {
		return append([]string{bin}, prog...), nil, nil
	}
	if l.Threads < 1 || l.PerProc < 1 || l.Threads%l.PerProc != 0 {
		return nil, nil, &UsageError{Msg: fmt.Sprintf("-n %d is not a multiple of -ppn %d: every MPI process runs the same number of UPC threads", l.Threads, l.PerProc)}
	}
	m, err := FindMPI()
	if err != nil {
		return nil, nil, err
	}
	launcher, err := m.launcher()
	if err != nil {
		return nil, nil, err
	}
	procs := strconv.Itoa(l.Threads / l.PerProc)
	// UCX reports a fault in its own words unless told not to, hiding
	// the Go runtime's report; MPICH loads UCX before main, so this must
	// be in the environment the processes start with.
	if _, ok := os.LookupEnv("UCX_HANDLE_ERRORS"); !ok {
		env = append(env, "UCX_HANDLE_ERRORS=none")
	}
	switch m.Name {
	case "openmpi":
		// Quiet: no banners when a process exits with a status. Not
		// bound to one core each: a process runs several goroutines.
		// Oversubscribed: the processes may outnumber the cores.
		argv = []string{launcher, "-q", "-n", procs, "--bind-to", "none", "--oversubscribe", "-x", "UCX_HANDLE_ERRORS"}
		// The runtime's variables reach the processes on every node, as
		// GASNet's spawners pass the environment on: Open MPI forwards
		// to other nodes only what -x names (MPICH's Hydra forwards
		// everything).
		for _, name := range runtimeVariables() {
			argv = append(argv, "-x", name)
		}
		if os.Geteuid() == 0 {
			env = append(env, "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
		}
		if l.TagOutput {
			argv = append(argv, "--tag-output")
		}
	default:
		argv = []string{launcher, "-n", procs}
		if l.TagOutput {
			argv = append(argv, "-prepend-rank")
		}
	}
	return append(append(argv, bin), prog...), env, nil
}

// runtimeVariables returns the names of the runtime's variables (UPC_*)
// set in the environment, sorted.
func runtimeVariables() []string {
	var names []string
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "UPC_") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// MPILaunch completes an mpi launch's counts as the program would: THREADS
// from -n, else UPC_NTHREADS, else the compiled -T, else the number of
// CPUs; threads per process from -ppn, else UPC_THREADS_PER_PROC, else the
// compiled default (-pthreads=N), else 1.
func MPILaunch(threads, perProc, static, defaultPerProc int) (Launch, error) {
	l := Launch{Network: "mpi", Threads: threads, PerProc: perProc}
	if l.Threads == 0 {
		if v := os.Getenv("UPC_NTHREADS"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return l, &UsageError{Msg: fmt.Sprintf("invalid UPC_NTHREADS=%q", v)}
			}
			l.Threads = n
		}
	}
	if l.Threads == 0 {
		l.Threads = static
	}
	if l.Threads == 0 {
		l.Threads = runtime.NumCPU()
	}
	if l.PerProc == 0 {
		if v := os.Getenv("UPC_THREADS_PER_PROC"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return l, &UsageError{Msg: fmt.Sprintf("invalid UPC_THREADS_PER_PROC=%q", v)}
			}
			l.PerProc = n
		}
	}
	if l.PerProc == 0 {
		l.PerProc = max(defaultPerProc, 1)
	}
	return l, nil
}

// launcher finds this MPI's mpirun: a name only it installs, else a
// generic one that says it is this MPI.
func (m *MPI) launcher() (string, error) {
	if v := os.Getenv("UPCGO_MPIRUN"); v != "" {
		return v, nil
	}
	for _, name := range m.launchers {
		path, err := lookPath(name)
		if err != nil {
			continue
		}
		if !strings.Contains(name, ".") {
			out, _ := exec.Command(path, "--version").CombinedOutput()
			if !containsAny(out, strings.Split(m.marker, "|")) {
				continue
			}
		}
		return path, nil
	}
	return "", fmt.Errorf("cannot find the mpirun of %s (tried %s): install %s, or name it with UPCGO_MPIRUN", m.Name, strings.Join(m.launchers, ", "), map[string]string{"openmpi": "openmpi-bin", "mpich": "mpich"}[m.Name])
}

func containsAny(b []byte, subs []string) bool {
	for _, s := range subs {
		if bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	return false
}
