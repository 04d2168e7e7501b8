package gasnet

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// The communication profile (UPC_STATS): every access a rank makes to a
// segment, its own included, counted per peer and, when asked, per source
// line. The endpoint's operations count themselves; layers above that
// load and store addressable segments directly (upc's element accesses
// and vector transfers) call Profile.Count. A job without a profile pays
// one nil test per endpoint operation and per direct path of the layers;
// upc's inline element access pays nothing (see upc.Thread.direct).

// ProfileMode selects what a job counts.
type ProfileMode uint8

const (
	ProfileOff   ProfileMode = iota
	ProfilePeers             // per rank and per peer
	ProfileLines             // per peer and per source line (runtime.Callers on every access)
)

// Access is the kind of a counted access.
type Access uint8

const (
	AccessGet Access = iota
	AccessPut
	AccessAtomic
	numAccess
)

func (a Access) String() string { return [...]string{"get", "put", "atomic"}[a] }

// locality says whose memory an access touched, seen from the rank making
// it.
type locality uint8

const (
	local  locality = iota // the rank's own segment
	node                   // another rank's segment, loaded and stored directly (same process, or PSHM)
	remote                 // another rank's segment, reached by messages
)

func (l locality) String() string { return [...]string{"local", "node", "remote"}[l] }

// peerCount is what one rank did to one peer's segment.
type peerCount struct {
	ops, bytes [numAccess]uint64
}

// Profile counts one rank's accesses. Only the rank's goroutine writes it;
// read it after the rank is done.
type Profile struct {
	rank int
	segs []unsafe.Pointer
	// peers holds the counts of the peers touched, by rank: a map, as a
	// rank touches few of many (nothing here is O(THREADS) per rank);
	// last is the most recent peer's, which the next access usually
	// touches again.
	peers    map[int]*peerCount
	last     *peerCount
	lastPeer int
	lines    bool
	sites    map[siteKey]*siteCount
}

// siteDepth is how many return addresses identify a call site: enough to
// get from the counting call through the runtime's layers (vector
// transfers are the deepest) into the program's own frame.
const siteDepth = 12

type siteKey struct {
	pcs    [siteDepth]uintptr
	access Access
	where  locality
}

type siteCount struct{ ops, bytes uint64 }

func newProfile(ep *Endpoint, mode ProfileMode) *Profile {
	if mode == ProfileOff {
		return nil
	}
	p := &Profile{rank: ep.rank, segs: ep.segs, peers: map[int]*peerCount{}, lastPeer: -1, lines: mode == ProfileLines}
	if p.lines {
		p.sites = map[siteKey]*siteCount{}
	}
	return p
}

// Profile returns the rank's profile, nil when the job counts nothing.
func (ep *Endpoint) Profile() *Profile { return ep.prof }

// where classifies an access by this rank to peer's segment.
func (p *Profile) where(peer int) locality {
	switch {
	case peer == p.rank:
		return local
	case p.segs[peer] != nil:
		return node
	}
	return remote
}

// Count records an access of n bytes to peer's segment. It is not inlined,
// so that the frames above it are the same whichever layer calls it.
//
//go:noinline
func (p *Profile) Count(a Access, peer int, n uintptr) {
	c := p.last
	if peer != p.lastPeer {
		if c = p.peers[peer]; c == nil {
			c = &peerCount{}
			p.peers[peer] = c
		}
		p.last, p.lastPeer = c, peer
	}
	c.ops[a]++
	c.bytes[a] += uint64(n)
	if p.lines {
		k := siteKey{access: a, where: p.where(peer)}
		// Skip runtime.Callers and Count itself.
		runtime.Callers(2, k.pcs[:])
		s := p.sites[k]
		if s == nil {
			s = &siteCount{}
			p.sites[k] = s
		}
		s.ops++
		s.bytes += uint64(n)
	}
}

// totals sums the counts over the peers.
func (p *Profile) totals() (puts, putBytes, gets, getBytes, atomics uint64) {
	for _, c := range p.peers {
		puts, putBytes = puts+c.ops[AccessPut], putBytes+c.bytes[AccessPut]
		gets, getBytes = gets+c.ops[AccessGet], getBytes+c.bytes[AccessGet]
		atomics += c.ops[AccessAtomic]
	}
	return
}

// count is the endpoint's own accounting of an operation: the totals of
// Stats, and the profile if the job keeps one.
func (ep *Endpoint) count(a Access, peer int, n uintptr) {
	switch a {
	case AccessGet:
		ep.Stats.Gets++
		ep.Stats.GetBytes += uint64(n)
	case AccessPut:
		ep.Stats.Puts++
		ep.Stats.PutBytes += uint64(n)
	default:
		ep.Stats.Atomics++
	}
	if ep.prof != nil {
		ep.prof.Count(a, peer, n)
	}
}

// runtimePrefixes are the functions that are not the program's: the Go
// runtime, upcgo's runtime and C library, and the test harness.
var runtimePrefixes = []string{"runtime.", "github.com/upcgo/upcgo/runtime/", "github.com/upcgo/upcgo/stdlib", "testing.", "sync."}

// UserFrame reports whether fr belongs to the program rather than to the
// runtime. Generated code's frames name the .upc file through //line
// directives; the runtime's own tests play the program's part.
func UserFrame(fr runtime.Frame) bool {
	if fr.Function == "" || fr.File == "" {
		return false
	}
	if strings.HasSuffix(fr.File, "_test.go") {
		return true
	}
	for _, p := range runtimePrefixes {
		if strings.HasPrefix(fr.Function, p) {
			return false
		}
	}
	return true
}

// userLine is the file:line of the innermost program frame of pcs, or the
// outermost runtime function's name when no frame is the program's.
func userLine(pcs []uintptr) string {
	frames := runtime.CallersFrames(pcs)
	last := ""
	for {
		fr, more := frames.Next()
		if UserFrame(fr) {
			return fr.File + ":" + strconv.Itoa(fr.Line)
		}
		if fr.Function != "" {
			last = fr.Function
		}
		if !more {
			return "(" + last + ")"
		}
	}
}

// lineCount is one row of the per-line report: the accesses of one kind
// that one source line made to memory of one kind, over this process's
// ranks.
type lineCount struct {
	line       string // file:line
	access     Access
	where      locality
	ops, bytes uint64
}

// lineCounts returns the per-line counts of this process's ranks, the
// line that communicates most first: rows touching other ranks' memory
// before rows touching the rank's own, then by bytes, then by operations,
// then by line.
func (j *Job) lineCounts() []lineCount {
	type key struct {
		line   string
		access Access
		where  locality
	}
	sum := map[key]*lineCount{}
	resolved := map[[siteDepth]uintptr]string{}
	for _, ep := range j.endpoints {
		if ep.prof == nil {
			continue
		}
		for k, s := range ep.prof.sites {
			line, ok := resolved[k.pcs]
			if !ok {
				n := len(k.pcs)
				for n > 0 && k.pcs[n-1] == 0 {
					n--
				}
				line = userLine(k.pcs[:n])
				resolved[k.pcs] = line
			}
			lk := key{line, k.access, k.where}
			c := sum[lk]
			if c == nil {
				c = &lineCount{line: line, access: k.access, where: k.where}
				sum[lk] = c
			}
			c.ops += s.ops
			c.bytes += s.bytes
		}
	}
	rows := make([]lineCount, 0, len(sum))
	for _, c := range sum {
		rows = append(rows, *c)
	}
	slices.SortFunc(rows, func(a, b lineCount) int {
		if c := cmp.Compare(ownLast(a.where), ownLast(b.where)); c != 0 {
			return c
		}
		if c := cmp.Compare(b.bytes, a.bytes); c != 0 {
			return c
		}
		if c := cmp.Compare(b.ops, a.ops); c != 0 {
			return c
		}
		if c := cmp.Compare(a.line, b.line); c != 0 {
			return c
		}
		if c := cmp.Compare(a.access, b.access); c != 0 {
			return c
		}
		return cmp.Compare(a.where, b.where)
	})
	return rows
}

// ownLast orders the rank's own memory after the others'.
func ownLast(l locality) int {
	if l == local {
		return 1
	}
	return 0
}

// writePeers prints what ep did to each peer it touched.
func (ep *Endpoint) writePeers(w io.Writer) {
	p := ep.prof
	for _, peer := range slices.Sorted(maps.Keys(p.peers)) {
		c := p.peers[peer]
		var parts []string
		for a := range numAccess {
			if c.ops[a] != 0 {
				parts = append(parts, fmt.Sprintf("%ss %d (%s)", a, c.ops[a], byteCount(c.bytes[a])))
			}
		}
		if parts != nil {
			fmt.Fprintf(w, "upc stats: thread %d -> %d (%s): %s\n", ep.rank, peer, p.where(peer), strings.Join(parts, " "))
		}
	}
}

// writeLines prints the per-line report of this process's ranks.
func (j *Job) writeLines(w io.Writer) {
	rows := j.lineCounts()
	first, _ := j.conduit.Local()
	fmt.Fprintf(w, "upc stats: by line, threads %d-%d, most traffic first (local: the thread's own memory; node: another thread's, loaded and stored directly; remote: by messages)\n",
		first, first+len(j.endpoints)-1)
	width := len("line")
	for _, r := range rows {
		width = max(width, len(r.line))
	}
	fmt.Fprintf(w, "upc stats: %-*s  %-6s  %-6s  %12s  %10s\n", width, "line", "op", "where", "count", "bytes")
	for _, r := range rows {
		fmt.Fprintf(w, "upc stats: %-*s  %-6s  %-6s  %12d  %10s\n", width, r.line, r.access, r.where, r.ops, byteCount(r.bytes))
	}
}

// byteCount writes n bytes with a binary unit.
func byteCount(n uint64) string {
	const units = "KMGTPE"
	if n < 1024 {
		return strconv.FormatUint(n, 10) + " B"
	}
	v, i := float64(n)/1024, 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[i:i+1] + "iB"
}
