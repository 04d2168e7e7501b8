package difftest

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// markerCompiler fails to build any program whose text contains marker,
// as a compiler with a bug in one construct would.
type markerCompiler struct{ marker string }

func (c markerCompiler) Build(src, out, network string) error {
	text, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if strings.Contains(string(text), c.marker) {
		return errors.New("prog.upc:7: cannot handle " + c.marker)
	}
	return os.WriteFile(out, []byte("#!/bin/sh\nexit 0\n"), 0o755)
}

// The reducer keeps only what the failure needs: one phase, one task, and
// the construct the compiler fails on (here a fixed-stride copy).
func TestReduce(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the reducer checks each candidate's model")
	}
	var p *Program
	for seed := uint64(1); p == nil; seed++ {
		if q := Generate(seed); strings.Contains(UPC(q, ""), "_fstrided(") && len(q.Phases) > 2 {
			p = q
		}
	}
	c := &Checker{Compiler: markerCompiler{"_fstrided("}, GCC: gcc, Dir: t.TempDir(), Timeout: time.Minute}
	f, err := c.Check(p, []Run{{Network: "smp", Threads: 2}})
	require.NoError(t, err)
	require.NotNil(t, f)
	require.Equal(t, BuildFailed, f.Kind)

	p, f = Reduce(c, p, f, t.Logf)
	assert.Equal(t, BuildFailed, f.Kind)
	text := UPC(p, "")
	assert.Contains(t, text, "_fstrided(")
	require.Len(t, p.Phases, 1, text)
	require.Len(t, p.Phases[0].Tasks, 1, text)
	m, ok := p.Phases[0].Tasks[0].(*Move)
	require.True(t, ok, text)
	assert.Zero(t, m.DstOff)
	assert.Zero(t, m.DstRot)
	assert.Nil(t, m.Gather)
	assert.Len(t, p.Objects, 2, "only the move's arrays: %s", text)
}
