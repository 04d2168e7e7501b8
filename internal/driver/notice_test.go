package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The first build against a runtime says, once, that it compiles the
// runtime; the next one says nothing.
func TestRuntimeNotice(t *testing.T) {
	useTranslation(t, fixedTranslation(testProgram, nil))
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"prog.upc": trivialUPC})
	cache, err := CacheDir()
	require.NoError(t, err)
	rt, err := runtimeDir(cache)
	require.NoError(t, err)
	marker := builtMarker(rt, nil)
	require.NoError(t, os.Remove(marker))
	for i, want := range []string{runtimeNotice + "\n", ""} {
		var stderr bytes.Buffer
		_, err := Build(Options{Inputs: []string{filepath.Join(dir, "prog.upc")}, Output: filepath.Join(dir, "prog"), Stderr: &stderr})
		require.NoError(t, err, stderr.String())
		assert.Equal(t, want, stderr.String(), "build %d", i+1)
	}
	assert.FileExists(t, marker)
}
