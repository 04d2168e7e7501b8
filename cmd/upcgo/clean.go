package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/upcgo/upcgo/internal/driver"
)

// clean runs "upcgo clean": it removes upcgo's cache folder.
func clean(args []string, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "upcgo clean: unexpected arguments %s\nusage: upcgo clean\n", strings.Join(args, " "))
		return driver.StatusUsage
	}
	if err := driver.Clean(); err != nil {
		fmt.Fprintf(stderr, "upcgo clean: %v\n", err)
		return 1
	}
	return 0
}

const cleanHelp = `usage: upcgo clean

Clean removes upcgo's cache folder ($UPCGO_CACHE, else upcgo under the
user's cache folder): the runtime source extracted from upcgo and the build
folder of every program built. The next build extracts the runtime again.
Builds also remove, at most once a day, the folders no build has used for
five days. The go command's own build cache, which holds the compiled
runtime, is "go clean -cache"'s. Folders written with -emit-go hold a copy
of the runtime and keep building.
`
