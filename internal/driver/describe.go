package driver

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Program is what a launcher needs to know about a built program.
type Program struct {
	Network        string // "smp" or "mpi"
	StaticThreads  int    // -T n, or 0
	ThreadsPerProc int    // the compiled default (-pthreads=N), or 0
}

// Describe asks the program bin what it was built for: run with
// UPCGO_DESCRIBE=1, a program upcgo built prints one line and exits before
// starting any thread (runtime/upc's Main).
func Describe(bin string) (Program, error) {
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "UPCGO_DESCRIBE=1")
	out, err := cmd.Output()
	line, ok := bytes.CutPrefix(out, []byte("upcgo program: "))
	if err != nil || !ok {
		if _, statErr := os.Stat(bin); statErr != nil {
			return Program{}, fmt.Errorf("%s: no such program", bin)
		}
		return Program{}, fmt.Errorf("%s is not a program upcgo built (upcrun starts those only)", bin)
	}
	var p Program
	for _, field := range strings.Fields(string(line)) {
		key, value, _ := strings.Cut(field, "=")
		switch key {
		case "network":
			p.Network = value
		case "static-threads":
			p.StaticThreads, _ = strconv.Atoi(value)
		case "threads-per-proc":
			p.ThreadsPerProc, _ = strconv.Atoi(value)
		}
	}
	return p, nil
}

// Launch returns how to start the program with the given counts (0: not
// given), as Run would.
func (p Program) Launch(threads, perProc int) (Launch, error) {
	if p.Network == "mpi" {
		return MPILaunch(threads, perProc, p.StaticThreads, p.ThreadsPerProc)
	}
	return Launch{Network: p.Network, Threads: threads, PerProc: perProc}, nil
}
