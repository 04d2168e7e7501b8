package testsuite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMakefiles builds the programs of linkDir that come with a Makefile
// with that Makefile, unchanged, as their users would: make with UPCC
// pointed at upcgo's upcc face (a link named upcc), compiling each file
// with -c and linking the objects, with a helper compiled for the host
// (HOST_CC) along the way; then runs them at each thread count they were
// built for. npbstyle is written as the NAS Parallel Benchmarks' UPC
// makefiles are; it checks its result against a value its host-compiled
// setparams computed. UPCGO_MAKEFILE_FULL=1 (make test-long) builds every
// class and thread count, else one.
func TestMakefiles(t *testing.T) {
	bin, upcc := makeTools(t)
	builds := []struct {
		class string
		np    int
	}{{"S", 2}}
	if os.Getenv("UPCGO_MAKEFILE_FULL") == "1" {
		builds = []struct {
			class string
			np    int
		}{{"S", 1}, {"S", 2}, {"S", 4}, {"W", 1}, {"W", 2}, {"W", 4}}
	}
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(linkDir, "npbstyle"))))
	for i, b := range builds {
		name := b.class + "." + strconv.Itoa(b.np)
		t.Run(name, func(t *testing.T) {
			slots <- struct{}{}
			out, err := makeIn(dir, bin, "CLASS="+b.class, "NP="+strconv.Itoa(b.np), "UPCC="+upcc, "HOST_CC=gcc")
			<-slots
			require.NoError(t, err, "make:\n%s", out)
			// The kernel and the helpers are compiled with -c and linked.
			assert.Contains(t, out, "-c -Icommon -O2 -T"+strconv.Itoa(b.np)+" -o kernel/sum.o kernel/sum.upc")
			assert.Regexp(t, `-T`+strconv.Itoa(b.np)+` -o bin/sum\.`+name+` kernel/sum\.o common/randdp\.o`, out)

			stdout := runBuilt(t, filepath.Join(dir, "bin", "sum."+name), b.np)
			assert.Contains(t, string(stdout), "Threads         = "+strconv.Itoa(b.np)+"\n")
			assert.Contains(t, string(stdout), "Verification    = SUCCESSFUL\n")

			if i == 0 {
				// Editing one helper recompiles it alone and relinks.
				later := timeAfter(t, filepath.Join(dir, "common", "timers.o"))
				require.NoError(t, os.Chtimes(filepath.Join(dir, "common", "timers.c"), later, later))
				out, err := makeIn(dir, bin, "CLASS="+b.class, "NP="+strconv.Itoa(b.np), "UPCC="+upcc, "HOST_CC=gcc")
				require.NoError(t, err, "make:\n%s", out)
				assert.Contains(t, out, "-c timers.c")
				assert.NotContains(t, out, "sum.upc")
				assert.NotContains(t, out, "randdp.c")
				assert.Contains(t, out, "-o bin/sum."+name)
			}
		})
	}
}

// makeTools skips the test without make and gcc, and returns the folder
// holding the upcc face and the UPCC a makefile is given for the suite's
// network.
func makeTools(t *testing.T) (bin, upcc string) {
	for _, tool := range []string{"make", "gcc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	bin = upccFace(t)
	upcc = filepath.Join(bin, "upcc")
	if suiteNetwork.name == "mpi" {
		upcc += " -network=mpi"
	}
	return bin, upcc
}

// runBuilt starts exe, built for np static threads, on the suite's
// network from exe's folder and returns what it printed; it must exit 0.
func runBuilt(t *testing.T, exe string, np int) []byte {
	perProc := 0 // smp: one process
	if suiteNetwork.name == "mpi" {
		perProc = 1
	}
	launch := suiteNetwork.launch(&program{static: np}, layout{threads: np, perProc: perProc})
	argv, env, err := launch.Command(exe, nil)
	require.NoError(t, err)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = filepath.Dir(exe)
	cmd.Env = append(os.Environ(), env...)
	stdout, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", stdout)
	return stdout
}

// makeIn runs make in dir with bin first on PATH, as a user would: not
// as a sub-make of the make that may have started go test (make test runs
// it under make -j2 -O, whose flags would otherwise reach this make
// through MAKEFLAGS).
func makeIn(dir, bin string, args ...string) (string, error) {
	cmd := exec.Command("make", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "MAKEFLAGS=", "MAKELEVEL=")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// upccFace builds upcgo into a folder of its own, linked as upcc there.
func upccFace(t *testing.T) string {
	bin := t.TempDir()
	out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "upcgo"), "../cmd/upcgo").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NoError(t, os.Symlink("upcgo", filepath.Join(bin, "upcc")))
	return bin
}

// timeAfter returns a modification time later than path's.
func timeAfter(t *testing.T, path string) (later time.Time) {
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.ModTime().Add(2 * time.Second)
}
