package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// The cache grows by a build folder per program version built and a
// runtime folder per upcgo version used. As Go trims its build cache,
// upcgo removes, at most once a day, the folders no build has used for
// cacheMaxAge; a folder's modification time records its last use (renewed
// at most once an hour, so that builds do not write for nothing). Clean
// removes the whole cache.

// cacheMaxAge is how long an unused cache folder is kept.
const cacheMaxAge = 5 * 24 * time.Hour

// trimInterval is how often the cache is trimmed; trimStamp records when
// it last was.
const (
	trimInterval = 24 * time.Hour
	trimStamp    = "trim.txt"
)

// markUsed renews the last-use time of a cache folder.
func markUsed(path string) {
	now := time.Now()
	if fi, err := os.Stat(path); err == nil && now.Sub(fi.ModTime()) > time.Hour {
		os.Chtimes(path, now, now)
	}
}

// trimCache removes the build and runtime folders of cache unused for
// cacheMaxAge, if it was not trimmed within trimInterval of now. It is
// best effort: a folder it cannot remove stays for the next time.
func trimCache(cache string, now time.Time) {
	stamp := filepath.Join(cache, trimStamp)
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < trimInterval {
		return
	} else if os.IsNotExist(err) {
		// A new cache: nothing is old yet.
		if os.MkdirAll(cache, 0o755) == nil {
			os.WriteFile(stamp, nil, 0o644)
		}
		return
	}
	current := embedded().hash
	for _, kind := range []string{"build", "runtime"} {
		entries, _ := os.ReadDir(filepath.Join(cache, kind))
		for _, e := range entries {
			if kind == "runtime" && e.Name() == current {
				continue
			}
			path := filepath.Join(cache, kind, e.Name())
			if fi, err := os.Stat(path); err == nil && now.Sub(fi.ModTime()) > cacheMaxAge {
				os.RemoveAll(path)
			}
		}
	}
	os.Chtimes(stamp, now, now)
}

// Clean removes upcgo's cache folder: the extracted runtimes and every
// build folder. (The go command's own build cache, which holds the
// compiled runtime, is go clean -cache's.)
func Clean() error {
	cache, err := CacheDir()
	if err != nil {
		return err
	}
	if err := os.RemoveAll(cache); err != nil {
		return fmt.Errorf("cannot remove the cache folder: %v", err)
	}
	return nil
}
