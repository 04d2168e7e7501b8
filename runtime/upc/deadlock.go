package upc

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The deadlock report: when no thread can go on (gasnet's deadlock
// detection, docs/runtime.md), the job ends with one line per thread
// saying what it waits for and at which line of the program, threads in
// the same wait at the same line sharing one:
//
//	prog: deadlock: every UPC thread waits for another (or has returned):
//	  UPC thread 0 of 4 waits for upc_lock: a lock held by thread 1, at prog.upc:10
//	  UPC thread 1 of 4 waits for upc_lock: a lock held by thread 0, at prog.upc:11
//	  UPC threads 2-3 of 4 wait for a barrier, at prog.upc:14

// Deadlock is the end of a job in which no thread could go on. On a
// network of several processes only process 0 returns it, with every
// thread's part; the others end with an *ExitError of status 1.
type Deadlock struct {
	parts []threadWait
}

func (d *Deadlock) Error() string {
	var b strings.Builder
	b.WriteString("deadlock:")
	for _, p := range d.parts {
		fmt.Fprintf(&b, " thread %d %s;", p.Thread, p.What)
	}
	return strings.TrimSuffix(b.String(), ";")
}

// gatherDeadlock describes this process's threads of a deadlock and, on
// a network, collects every process's description at process 0; it
// returns nil on the other processes.
func (j *Job) gatherDeadlock(d *gasnet.DeadlockError) *Deadlock {
	parts := deadlockParts(d)
	gc, ok := j.gj.Conduit().(gasnet.GatherConduit)
	if !ok {
		return &Deadlock{parts}
	}
	all := gc.Gather(encodeParts(parts))
	if all == nil {
		return nil
	}
	var merged []threadWait
	for _, b := range all {
		merged = append(merged, decodeParts(b)...)
	}
	return &Deadlock{merged}
}

// encodeParts and decodeParts carry the parts between processes: three
// NUL-terminated fields per thread.
func encodeParts(parts []threadWait) []byte {
	var b []byte
	for _, p := range parts {
		b = fmt.Appendf(b, "%d\x00%s\x00%s\x00", p.Thread, p.What, p.Stack)
	}
	return b
}

func decodeParts(b []byte) []threadWait {
	f := strings.Split(string(b), "\x00")
	var parts []threadWait
	for i := 0; i+2 < len(f); i += 3 {
		var th int
		if _, err := fmt.Sscan(f[i], &th); err == nil {
			parts = append(parts, threadWait{Thread: th, What: f[i+1], Stack: f[i+2]})
		}
	}
	return parts
}

// threadWait is one thread's part of the report, as text.
type threadWait struct {
	Thread int
	What   string // "waits for …, at file:line" or "has returned"
	Stack  string // the user's frames (UPC_BACKTRACE=1)
}

// deadlockParts describes this process's threads of a deadlock.
func deadlockParts(d *gasnet.DeadlockError) []threadWait {
	var parts []threadWait
	for _, r := range d.Ranks() {
		tw := threadWait{Thread: r.Rank}
		switch {
		case r.Finished:
			tw.What = "has returned from main"
		case r.Why == "":
			tw.What = "was stopped before it said what it waits for"
		default:
			pos, stack := userFrames(r.PCs)
			tw.What = "waits for " + r.Why
			if pos != "" {
				tw.What += ", at " + pos
			}
			tw.Stack = stack
		}
		parts = append(parts, tw)
	}
	return parts
}

// writeDeadlock prints the report of a deadlock among n threads from the
// parts of every thread (in any order).
func writeDeadlock(w io.Writer, prog string, n int, parts []threadWait, backtrace bool) {
	sort.Slice(parts, func(i, j int) bool { return parts[i].Thread < parts[j].Thread })
	var b strings.Builder
	fmt.Fprintf(&b, "%s: deadlock: every UPC thread waits for another (or has returned):\n", prog)
	for i := 0; i < len(parts); {
		j := i + 1
		for !backtrace && j < len(parts) && parts[j].What == parts[i].What && parts[j].Thread == parts[j-1].Thread+1 {
			j++
		}
		if j == i+1 {
			fmt.Fprintf(&b, "  UPC thread %d of %d %s\n", parts[i].Thread, n, parts[i].What)
		} else {
			fmt.Fprintf(&b, "  UPC threads %d-%d of %d %s\n", parts[i].Thread, parts[j-1].Thread, n, plural(parts[i].What))
		}
		if backtrace {
			b.WriteString(parts[i].Stack)
		}
		i = j
	}
	io.WriteString(w, b.String())
}

// plural turns "waits for …" and "has returned …" into the verbs of
// several threads.
func plural(what string) string {
	for _, v := range [][2]string{{"waits ", "wait "}, {"has ", "have "}, {"was ", "were "}} {
		if s, ok := strings.CutPrefix(what, v[0]); ok {
			return v[1] + s
		}
	}
	return what
}
