package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The command line habits of Berkeley UPC and GNU UPC users, one script
// per habit in testdata/script: upcgo, upcc, gupc and upcrun are this
// test binary under those names (testscript runs it by name, so argv[0]
// picks the face, as a symbolic link to upcgo does).
//
// testscript (github.com/rogpeppe/go-internal) rather than rsc.io/script:
// its Main installs in-process commands under any name on the scripts'
// PATH, which is exactly how the faces are chosen, and its scripts need no
// engine of ours.
func TestMain(m *testing.M) {
	face := func() { os.Exit(upcgo(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
	testscript.Main(m, map[string]func(){"upcgo": face, "upcc": face, "gupc": face, "upcrun": face})
}

func TestScripts(t *testing.T) {
	env := goEnv(t, "GOCACHE", "GOPATH", "GOMODCACHE", "GOROOT")
	// One extracted runtime for every script.
	cache := t.TempDir()
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			e.Vars = append(e.Vars, env...)
			e.Vars = append(e.Vars, "UPCGO_CACHE="+cache, "UPCC_FLAGS=")
			for _, v := range []string{"UPCGO_MPI", "UCX_HANDLE_ERRORS"} {
				if val, ok := os.LookupEnv(v); ok {
					e.Vars = append(e.Vars, v+"="+val)
				}
			}
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "mpi":
				// The scripts that build for -network mpi run with make
				// test-mpi, where an MPI is installed.
				return os.Getenv("UPCGO_SCRIPT_MPI") == "1", nil
			}
			return false, nil
		},
	})
}

// goEnv returns the go command's settings the scripts' builds need (the
// scripts run without $HOME).
func goEnv(t *testing.T, names ...string) []string {
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	var env []string
	for i, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		env = append(env, names[i]+"="+v)
	}
	return env
}
