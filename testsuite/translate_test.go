package testsuite

import (
	"bytes"
	"io"
	"strings"
	"sync"

	"github.com/upcgo/upcgo/internal/driver"
)

// translations holds the generated Go of the programs that
// TestGeneratedGoTypes and TestAggregateDifferential both read, with the
// aggregation pass and without it: each is translated once per test
// process, not once per test (under -race a translation costs a fifth of
// a second, and the suite has hundreds).
var translations sync.Map // translationKey -> *translation

type translationKey struct {
	path, network string
	static        int
	noAggregate   bool
}

type translation struct {
	src    []byte
	stderr string
	err    error
}

// translate is driver.Compile of p for network, remembered.
func translate(p *program, network string, noAggregate bool) (src []byte, stderr string, err error) {
	k := translationKey{p.path, network, p.static, noAggregate}
	if v, ok := translations.Load(k); ok {
		tr := v.(*translation)
		return tr.src, tr.stderr, tr.err
	}
	var buf bytes.Buffer
	src, err = driver.Compile(driver.Options{Inputs: []string{p.path}, StaticThreads: p.static, Network: network, NoAggregate: noAggregate, Stderr: &buf})
	translations.Store(k, &translation{src, buf.String(), err})
	return src, buf.String(), err
}

// builds holds the binaries built in this test process, by what was
// built: TestAggregateDifferential builds the default binary of every
// program the pass changes, and TestPrograms then takes that build, its
// diagnostics included, instead of calling driver.Build again (a
// translation under -race and a go build that finds the binary up to
// date: half a second of CPU for each of about 70 programs).
var builds sync.Map // buildKey -> *suiteBuild

type buildKey struct {
	inputs, output, network string
	static                  int
	noAggregate             bool
}

type suiteBuild struct {
	once   sync.Once
	bin    string
	stderr string
	err    error
}

// build is driver.Build of opts, once per test process for the same
// inputs, output and options; the build's diagnostics go to opts.Stderr
// each time.
//
// The builds no test reads the line table of (on a network, and without
// the aggregation pass) are made as "upcgo build -s" makes them, without
// the symbol table and DWARF: links are most of the suite's time, and one
// without DWARF takes 15-20 % less CPU (cgo's on mpi too). A fault's
// thread, operation and .upc line come from the line table Go keeps in
// every binary, so the runs check the same. TestPrograms reads the DWARF
// line table of every default smp build (checkBinaryLines); the line
// mapping does not depend on the network.
func build(opts driver.Options) (string, error) {
	opts.Strip = opts.Network != "" || opts.NoAggregate
	k := buildKey{strings.Join(opts.Inputs, "\x00"), opts.Output, opts.Network, opts.StaticThreads, opts.NoAggregate}
	v, _ := builds.LoadOrStore(k, &suiteBuild{})
	b := v.(*suiteBuild)
	b.once.Do(func() {
		var stderr bytes.Buffer
		o := opts
		o.Stderr = &stderr
		b.bin, b.err = driver.Build(o)
		b.stderr = stderr.String()
	})
	if opts.Stderr != nil {
		io.WriteString(opts.Stderr, b.stderr)
	}
	return b.bin, b.err
}
