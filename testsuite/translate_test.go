package testsuite

import (
	"bytes"
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
