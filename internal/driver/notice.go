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
// A marker in the runtime folder records that a build for a set of build
// tags succeeded; the go command's own cache then holds the runtime
// compiled from that folder. (Clearing only Go's cache makes the next
// build slow without the notice; clearing upcgo's brings both back. An
// -emit-go folder has a runtime copy of its own, compiled once per
// folder.)

// runtimeNotice is what upcgo prints before the first build.
const runtimeNotice = "upcgo: compiling the runtime once (~20 s); later builds reuse it"

// builtMarker is the file in the runtime folder rt that records a
// successful build with the given build tags.
func builtMarker(rt string, tags []string) string {
	return filepath.Join(rt, ".upcgo-built-"+strings.Join(append([]string{"go"}, tags...), "-"))
}

// buildProgram runs goBuild against the runtime in rt, first telling the
// user if this build will compile the runtime.
func (o *Options) buildProgram(dir, rt, out string, tags []string) error {
	marker := builtMarker(rt, tags)
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
