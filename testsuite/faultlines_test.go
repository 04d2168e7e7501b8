package testsuite

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/driver"
)

// faultsProgram divides by zero on the line marked "FAULT case" for the
// case its first argument names: a statement of an aggregated loop, of a
// upc_forall body (cyclic, and walked block by block), of a one-line if,
// a macro's expansion, and the last line of an expression that spans
// three lines.
const faultsProgram = "lines/faults.upc"

// faultMark finds the FAULT markers of faultsProgram.
var faultMark = regexp.MustCompile(`/\* FAULT (\w+) \*/`)

// TestFaultLines checks that a fault names the .upc line of the
// statement that faulted — the line gcc's debug information gives the
// faulting instruction — through the message the runtime prints and
// through the binary's own line table, in the cases where a C statement
// becomes Go that spans several lines or shares a line with another
// (issue 15): Go numbers the lines after a //line directive on from it,
// so unpinned, each of these named a later line. One build serves every
// case. The aggregated loop runs its aggregated form only where some
// thread is reached by messages, so every case runs with one simulated
// process per thread (-ppn 1) and on plain smp.
func TestFaultLines(t *testing.T) {
	if suiteNetwork.name != "" {
		t.Skip("the smp build covers it; the line mapping does not depend on the conduit")
	}
	src, err := os.ReadFile(faultsProgram)
	require.NoError(t, err)
	want := map[string]int{}
	for n, line := range bytes.Split(src, []byte("\n")) {
		if m := faultMark.FindSubmatch(line); m != nil {
			want[string(m[1])] = n + 1
		}
	}
	require.Len(t, want, 6)

	var stderr bytes.Buffer
	slots <- struct{}{}
	bin, err := driver.Build(driver.Options{Inputs: []string{faultsProgram}, Output: filepath.Join(t.TempDir(), "faults"), Stderr: &stderr})
	<-slots
	require.NoError(t, err, "%s", stderr.String())

	t.Run("line table", func(t *testing.T) {
		checkBinaryLines(t, bin, faultsProgram)
		lines, err := binaryLines(bin, filepath.Base(faultsProgram))
		require.NoError(t, err)
		for c, l := range want {
			assert.Positive(t, lines[l], "no code of case %s at line %d", c, l)
		}
	})
	p := &program{path: faultsProgram, exit: 1}
	for c, l := range want {
		for _, perProc := range []int{0, 1} {
			t.Run(c+"/ppn="+strconv.Itoa(perProc), func(t *testing.T) {
				p := *p
				p.args = []string{c}
				_, stderr, status := run(t, &p, driver.Launch{Threads: 2, PerProc: perProc}, bin)
				assert.Equal(t, 1, status, "stderr:\n%s", stderr)
				assert.Regexp(t, `UPC thread [01] of 2: runtime error: integer divide by zero\n\s+at (\S*/)?faults\.upc:`+strconv.Itoa(l)+`\n`, stderr)
			})
		}
	}
}
