package driver

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTrimCache(t *testing.T) {
	cache := t.TempDir()
	now := time.Now()
	age := func(path string, d time.Duration) {
		require.NoError(t, os.MkdirAll(path, 0o755))
		require.NoError(t, os.Chtimes(path, now.Add(-d), now.Add(-d)))
	}
	oldBuild, newBuild := filepath.Join(cache, "build", "old"), filepath.Join(cache, "build", "new")
	oldRuntime, current := filepath.Join(cache, "runtime", "0123456789abcdef"), filepath.Join(cache, "runtime", embedded().hash)
	age(oldBuild, cacheMaxAge+time.Hour)
	age(newBuild, cacheMaxAge-2*trimInterval)
	age(oldRuntime, cacheMaxAge+time.Hour)
	age(current, cacheMaxAge+time.Hour)

	// A cache never trimmed gets its stamp: nothing is removed yet.
	trimCache(cache, now)
	assert.FileExists(t, filepath.Join(cache, trimStamp))
	assert.DirExists(t, oldBuild)

	// A day later, what nobody used for cacheMaxAge goes, except the
	// runtime of this upcgo.
	later := now.Add(trimInterval + time.Minute)
	trimCache(cache, later)
	assert.NoDirExists(t, oldBuild)
	assert.NoDirExists(t, oldRuntime)
	assert.DirExists(t, newBuild)
	assert.DirExists(t, current)

	// Not again within the day.
	age(oldBuild, cacheMaxAge+time.Hour)
	trimCache(cache, later.Add(time.Hour))
	assert.DirExists(t, oldBuild)
}

// A build renews its folder's last use, so that trimming keeps what is
// in use.
func TestMarkUsed(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-48 * time.Hour)
	require.NoError(t, os.Chtimes(dir, old, old))
	markUsed(dir)
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), fi.ModTime(), time.Minute)
}

func TestClean(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "cache")
	t.Setenv("UPCGO_CACHE", cache)
	_, err := runtimeDir(cache) // read-only files, as extracted
	require.NoError(t, err)
	require.NoError(t, Clean())
	assert.NoDirExists(t, cache)
	require.NoError(t, Clean(), "an absent cache is clean")
}
