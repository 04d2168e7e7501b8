package upc

import (
	"strings"
	"testing"
)

// The run-time flags of Berkeley UPC and GNU UPC programs and launchers,
// each spelling, taken off the front of the arguments; the program's own
// arguments stay.
func TestParseStartup(t *testing.T) {
	tests := []struct {
		args []string
		want startup
		rest string
	}{
		{[]string{"-n", "4", "a"}, startup{threads: 4}, "a"},
		{[]string{"-np", "3"}, startup{threads: 3}, ""},
		{[]string{"-np=5", "x", "-n", "2"}, startup{threads: 5}, "x -n 2"},
		{[]string{"-n6"}, startup{threads: 6}, ""},
		{[]string{"-n=7"}, startup{threads: 7}, ""},
		{[]string{"-fupc-threads-3", "in.dat"}, startup{threads: 3}, "in.dat"},
		{[]string{"-fupc-threads=2"}, startup{threads: 2}, ""},
		{[]string{"-ppn", "2", "-n", "4"}, startup{threads: 4, perProc: 2}, ""},
		{[]string{"-pthreads=2"}, startup{perProc: 2}, ""},
		{[]string{"-shared-heap", "256MB", "-n", "2"}, startup{threads: 2, heap: 256 << 20}, ""},
		{[]string{"-shared-heap=1GB"}, startup{heap: 1 << 30}, ""},
		{[]string{"-fupc-heap-64MB"}, startup{heap: 64 << 20}, ""},
		{[]string{"-n", "2", "--", "-n", "5"}, startup{threads: 2}, "-n 5"},
		{[]string{"--", "-fupc-anything"}, startup{}, "-fupc-anything"},
		{[]string{"-size", "10"}, startup{}, "-size 10"},
	}
	for _, tt := range tests {
		got, rest, err := parseStartup(tt.args)
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if got != tt.want || strings.Join(rest, " ") != tt.rest {
			t.Errorf("%q: got %+v, rest %q; want %+v, rest %q", tt.args, got, rest, tt.want, tt.rest)
		}
	}
}

func TestParseStartupErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-fupc-threeds-4"}, "unknown run-time flag -fupc-threeds-4: a UPC program takes -n N"},
		{[]string{"-np", "x"}, `-np: invalid thread count "x"`},
		{[]string{"-n", "0"}, `-n: invalid thread count "0"`},
		{[]string{"-n"}, "-n needs a value"},
		{[]string{"-shared-heap", "lots"}, `-shared-heap: invalid size "lots"`},
		{[]string{"-ppn=-1"}, `-ppn: invalid threads per process "-1"`},
	}
	for _, tt := range tests {
		_, _, err := parseStartup(tt.args)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.args, err, tt.want)
		}
	}
}

func TestJobShape(t *testing.T) {
	t.Setenv("UPC_NTHREADS", "")
	t.Setenv("UPC_THREADS_PER_PROC", "")
	t.Setenv("UPC_SHARED_HEAP_SIZE", "")
	defer SetBuildDefaults(BuildDefaults{})
	SetBuildDefaults(BuildDefaults{SharedHeap: 100 << 20, ThreadsPerProc: 2})
	s, err := jobShape(startup{threads: 4}, 0)
	if err != nil || s != (startup{threads: 4, perProc: 2, heap: 100 << 20}) {
		t.Errorf("build defaults: %+v, %v", s, err)
	}
	t.Setenv("UPC_SHARED_HEAP_SIZE", "300MB")
	t.Setenv("UPC_THREADS_PER_PROC", "1")
	s, err = jobShape(startup{}, 8)
	if err != nil || s != (startup{threads: 8, perProc: 1, heap: 300 << 20}) {
		t.Errorf("environment over build defaults, static THREADS: %+v, %v", s, err)
	}
	s, err = jobShape(startup{heap: 1 << 30}, 0)
	if err != nil || s.heap != 1<<30 {
		t.Errorf("flag over environment: %+v, %v", s, err)
	}
	if _, err := jobShape(startup{threads: 3}, 4); err == nil || !strings.Contains(err.Error(), "compiled for THREADS=4") {
		t.Errorf("static THREADS contradicted: %v", err)
	}
}

// Static shared data sits below the heap: a segment holds both, so a heap
// smaller than the static data still has all of its room.
func TestStaticDataBelowTheHeap(t *testing.T) {
	var off uintptr
	_, err := RunWith(Options{Threads: 2, SegmentSize: 1 << 20, Setup: func(j *Job) { off = j.AllocStatic(8<<20, 8) }}, func(th *Thread) int {
		if th.segSize < 9<<20 {
			t.Errorf("segment of %d bytes for 8 MiB of static data and a 1 MiB heap", th.segSize)
		}
		if p := th.Alloc(768 << 10); p.Addr < off+8<<20 {
			t.Errorf("heap block at %#x inside the static data [%#x, %#x)", p.Addr, off, off+8<<20)
		}
		return 0
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Static data beyond any segment is a start-up error, not a panic.
func TestStaticDataTooLarge(t *testing.T) {
	_, err := RunWith(Options{Threads: 2, Setup: func(j *Job) { j.AllocStatic(1<<50, 8) }}, func(*Thread) int { return 0 })
	if err == nil || !strings.Contains(err.Error(), "the static shared data needs more than 70368744177664 bytes per thread") {
		t.Errorf("got %v", err)
	}
}
