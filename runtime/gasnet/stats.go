package gasnet

import (
	"bytes"
	"fmt"
	"io"
)

// Stats counts one rank's communication. Only the rank's own goroutine
// writes it; read it after the rank is done.
type Stats struct {
	Puts, PutBytes uint64
	Gets, GetBytes uint64
	Atomics        uint64
	Barriers       uint64
	AMs            uint64 // active messages sent (requests and calls)
	Waits          uint64 // synchronisations that had to wait
}

// PrintStats writes, as UPC_STATS asks at exit, one line per local rank
// with its operation totals, then (if the job keeps a profile) one line
// per peer the rank touched and, with ProfileLines, the per-line report
// of this process's ranks. The report goes to w in one write: on the mpi
// network every process writes its own to a standard error that mpirun
// merges, and a report written line by line could come out with another
// process's lines inside it.
func (j *Job) PrintStats(w io.Writer) {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	var b bytes.Buffer
	j.writeStats(&b)
	w.Write(b.Bytes())
}

// writeStats writes PrintStats's report.
func (j *Job) writeStats(w io.Writer) {
	sc, _ := j.conduit.(StatsConduit)
	for _, ep := range j.endpoints {
		s := ep.Stats
		if ep.prof != nil {
			// The profile counts what the endpoint counts and the
			// layers' direct loads and stores besides.
			s.Puts, s.PutBytes, s.Gets, s.GetBytes, s.Atomics = ep.prof.totals()
		}
		fmt.Fprintf(w, "upc stats: thread %d: puts %d (%d B) gets %d (%d B) atomics %d barriers %d AMs %d waits %d\n",
			ep.rank, s.Puts, s.PutBytes, s.Gets, s.GetBytes, s.Atomics, s.Barriers, s.AMs, s.Waits)
		if sc != nil {
			sc.WriteStats(w, ep.rank)
		}
		if ep.prof != nil {
			ep.writePeers(w)
		}
	}
	if j.profile == ProfileLines {
		j.writeLines(w)
	}
}
