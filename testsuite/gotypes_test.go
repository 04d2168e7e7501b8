package testsuite

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/gocheck"
)

// TestGeneratedGoTypes type-checks the generated Go of every program that
// compiles (with the aggregation pass and without it) against the runtime
// packages, and fails on any call of a runtime function where an untyped
// constant decides a Go type: a generic function's type argument inferred
// from it, or a constant passed as an interface value (printf's ...any).
// Such a call compiles and runs, with the constant's default Go type (int,
// float64) in place of the C type: upc.Store(t, p, 1) into a shared int
// stored 8 bytes and overwrote the next element (issue 12). The lowering
// must name the C type's Go type, by a type argument or a typed
// conversion. It also checks the Go's line mapping (checkGoLines).
// (gocheck reads the runtime from the go command's export
// data, so this takes seconds, not a go build per program.)
func TestGeneratedGoTypes(t *testing.T) {
	checker, err := gocheck.New(".")
	require.NoError(t, err)
	for _, p := range findPrograms(t) {
		if !selected(p.path) || len(p.wantErrors) > 0 {
			continue
		}
		t.Run(strings.TrimPrefix(p.path, "../"), func(t *testing.T) {
			for _, noAggregate := range []bool{false, true} {
				src, stderr, err := translate(p, suiteNetwork.name, noAggregate)
				require.NoError(t, err, "%s", stderr)
				if !noAggregate {
					checkGoLines(t, src)
				}
				prog, err := checker.Check("main.go", src)
				require.NoError(t, err, "the generated Go does not type-check")
				for _, u := range prog.UntypedConstants() {
					t.Errorf("-fno-aggregate=%v: %v", noAggregate, u)
				}
			}
		})
	}
}
