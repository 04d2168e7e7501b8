package driver

import (
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/lower"
)

// settingsFile holds what a build bakes into a program besides its
// translation: the network's conduit, which a blank import registers
// (-network mpi), and the defaults of the shared heap (-shared-heap) and
// of the threads per MPI process (-pthreads=N). A build that needs none
// has no settings file.
const settingsFile = "upcgo_settings.go"

// settings returns the program's settings file, or false if it needs none.
func (o *Options) settings() (lower.File, bool) {
	var imports, defaults []string
	if o.network() == "mpi" {
		imports = append(imports, "\t// The mpi conduit registers itself as the program's network.\n\t_ \"github.com/upcgo/upcgo/runtime/gasnet/mpi\"\n")
	}
	if o.SharedHeap > 0 {
		defaults = append(defaults, fmt.Sprintf("SharedHeap: %d", o.SharedHeap))
	}
	if o.ThreadsPerProc > 0 && o.network() == "mpi" {
		defaults = append(defaults, fmt.Sprintf("ThreadsPerProc: %d", o.ThreadsPerProc))
	}
	if len(imports)+len(defaults) == 0 {
		return lower.File{}, false
	}
	if len(defaults) > 0 {
		imports = append(imports, "\t\"github.com/upcgo/upcgo/runtime/upc\"\n")
	}
	var b strings.Builder
	b.WriteString(generatedHeader + " for the build's settings. DO NOT EDIT.\n\npackage main\n\nimport (\n")
	for _, imp := range imports {
		b.WriteString(imp)
	}
	b.WriteString(")\n")
	if len(defaults) > 0 {
		fmt.Fprintf(&b, "\nfunc init() {\n\tupc.SetBuildDefaults(upc.BuildDefaults{%s})\n}\n", strings.Join(defaults, ", "))
	}
	return lower.File{Name: settingsFile, Source: []byte(b.String())}, true
}
