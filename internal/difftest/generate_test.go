package difftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The same seed gives the same program.
func TestGenerateDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		assert.Equal(t, UPC(Generate(seed), ""), UPC(Generate(seed), ""), "seed %d", seed)
		assert.Equal(t, Model(Generate(seed)), Model(Generate(seed)), "seed %d", seed)
	}
}

// Every generated model is valid C: the generator and the printers keep
// to what gcc accepts (a model that does not compile is the tester's
// bug, which TestDifferential would report as such, one seed at a time).
func TestModelsCompile(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the model is checked with gcc")
	}
	dir := t.TempDir()
	n := 60
	if testing.Short() {
		n = 15
	}
	for seed := uint64(1000); seed < uint64(1000+n); seed++ {
		src := filepath.Join(dir, "model.c")
		require.NoError(t, os.WriteFile(src, []byte(Model(Generate(seed))), 0o644))
		out, err := exec.Command(gcc, "-std=gnu11", "-fsyntax-only", "-DTHREADS=3", src).CombinedOutput()
		require.NoError(t, err, "seed %d:\n%s", seed, out)
	}
}
