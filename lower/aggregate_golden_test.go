package lower

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAggregateGolden translates each testdata/aggregate/X.upc with the
// pass on, as upcgo builds by default, and both kinds of remark, and
// compares with X.golden.go: the diagnostics as comments, one a line, then
// the program's functions as generated, without their //line directives
// (the line mapping has tests of its own) and without what every program
// has before them (imports, the thread type, main; TestGolden covers it). Regenerate with go test ./lower -run AggregateGolden
// -update. Every diagnostic must be printed once: the pass emits a loop's
// body, and so its warnings and the remarks of the loops in it, once.
func TestAggregateGolden(t *testing.T) {
	eachGolden(t, "testdata/aggregate/*.upc", func(t *testing.T, _ string, src []byte) []byte {
		out, diags := translateAgg(t, string(src), AggregateOptions{Enable: true, Remarks: true, MissedRemarks: true})
		seen := map[string]bool{}
		for _, d := range diags {
			assert.False(t, seen[d], "printed twice: %s", d)
			seen[d] = true
		}
		var b strings.Builder
		for _, d := range diags {
			b.WriteString("// " + d + "\n")
		}
		b.WriteString(programFunctions(t, lineDirectiveRE.ReplaceAllString(out, "")))
		return []byte(b.String())
	})
}

// lineDirectiveRE matches the line directives the golden files leave
// out (the line mapping has tests of its own, lines_test.go): //line
// lines and inline /*line*/ comments.
var lineDirectiveRE = regexp.MustCompile(`(?m)^//line .*\n| ?/\*line [^*]*\*/ ?`)

// programFunctions is the Go after the generated main function, the
// program's own functions, under a package clause (the golden files are
// .go files: gofmt checks them).
func programFunctions(t *testing.T, out string) string {
	t.Helper()
	start := strings.Index(out, "\nfunc main() {\n")
	require.GreaterOrEqual(t, start, 0, "no main function in %s", out)
	end := strings.Index(out[start:], "\n}\n")
	require.GreaterOrEqual(t, end, 0)
	return "package main\n\n" + strings.TrimLeft(out[start+end+len("\n}\n"):], "\n")
}

// TestAggregateSize holds the pass to issue 15's bound on the code it
// adds: the Go for examples/matmul.upc (four loops aggregated, one with
// a candidate loop nested in it) at most 1.5 times the size of the Go
// without the pass. The former shape, the
// body emitted in both forms, made it 3.1 times.
func TestAggregateSize(t *testing.T) {
	src, err := os.ReadFile("../examples/matmul.upc")
	require.NoError(t, err)
	with, _ := translateAgg(t, string(src), AggregateOptions{Enable: true})
	without, _ := translateAgg(t, string(src), AggregateOptions{})
	require.Contains(t, with, "t.Aggregate(")
	assert.LessOrEqual(t, float64(len(with)), 1.5*float64(len(without)), "%d bytes of Go with the pass, %d without", len(with), len(without))
}
