package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The first build against a runtime compiles the runtime packages, which
// takes tens of seconds where every later build takes one or two: upcgo
// says so once, on standard error, so that the wait is not a mystery.
// A marker beside the extracted runtime records that a build for a set of
// build tags succeeded; the go command's own cache then holds the compiled
// runtime. (Clearing only Go's cache makes the next build slow without the
// notice; clearing upcgo's brings both back.)

// runtimeNotice is what upcgo prints before the first build.
const runtimeNotice = "upcgo: compiling the runtime once (~20 s); later builds reuse it"

// builtMarker is the file that records a successful build against the
// runtime embedded in this upcgo, for the given build tags.
func builtMarker(tags []string) (string, error) {
	cache, err := CacheDir()
	if err != nil {
		return "", err
	}
	name := embedded().hash + ".built"
	if len(tags) > 0 {
		name += "-" + strings.Join(tags, "-")
	}
	return filepath.Join(cache, "runtime", name), nil
}

// buildProgram runs goBuild, first telling the user if this build will
// compile the runtime.
func (o *Options) buildProgram(dir, out string, tags []string) error {
	marker, err := builtMarker(tags)
	if err != nil {
		return err
	}
	if _, err := os.Stat(marker); err != nil {
		fmt.Fprintln(o.stderr(), runtimeNotice)
	}
	if err := o.goBuild(dir, out, tags); err != nil {
		return err
	}
	// Best effort: without the marker the notice is printed again.
	os.WriteFile(marker, nil, 0o644)
	return nil
}
