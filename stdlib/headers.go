package stdlib

import (
	"embed"
	"io/fs"
)

// Headers holds the C and UPC headers that translated programs include
// (stdio.h, upc.h, ...), under the folder name "include".
//
//go:embed include
var Headers embed.FS

// HeaderFS returns the headers with "include/" stripped, the form the
// preprocessor's SystemFS takes: HeaderFS() opens "stdio.h" directly.
func HeaderFS() fs.FS {
	sub, err := fs.Sub(Headers, "include")
	if err != nil {
		// fs.Sub fails only for an invalid path name, and "include" is valid.
		panic(err)
	}
	return sub
}
