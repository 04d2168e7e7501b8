package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/upcgo/upcgo/lower"
)

// Object files. "upcgo build -c x.upc" (upcc -c, gupc -c) writes x.o: the
// unit lowered to Go with its symbol table (lower.Unit), which a later
// build links with other objects and sources. The format is upcgo's own:
//
//	!<upcgo object>\n
//	{"format": 1, "upcgo": "<runtime hash>", "dir": "<folder compiled in>", "unit": {...}}
//
// An object holds Go written against the runtime of the upcgo that wrote
// it, so another upcgo refuses it and asks for a recompilation. Positions
// in it are as the compiler saw them, relative to dir; the link's
// messages show them relative to the folder it runs in.

// objectMagic starts every object file.
const objectMagic = "!<upcgo object>\n"

// objectFormat is the version of the layout of object files.
const objectFormat = 1

type objectFile struct {
	Format int         `json:"format"`
	Upcgo  string      `json:"upcgo"`
	Dir    string      `json:"dir"`
	Unit   *lower.Unit `json:"unit"`
}

// sourceExts are the file name extensions of the sources upcgo compiles.
// Like upcc and gupc, it compiles .c files as UPC (C is a subset of UPC);
// a .c file that includes <shmem.h> is an OpenSHMEM program.
var sourceExts = []string{".upc", ".c"}

func isSource(path string) bool {
	ext := filepath.Ext(path)
	for _, e := range sourceExts {
		if ext == e {
			return true
		}
	}
	return false
}

// checkInputName rejects inputs upcgo cannot take, by name, before
// reading anything.
func checkInputName(path string) error {
	base := filepath.Base(path)
	switch ext := filepath.Ext(path); {
	case isSource(path) || ext == ".o":
		return nil
	case ext == ".a" || ext == ".so" || ext == ".dylib" || strings.Contains(base, ".so."):
		return &UsageError{Msg: fmt.Sprintf("%s: a library: upcgo cannot link libraries; build the library's sources with upcgo (as .upc or .c files, or objects from upcgo build -c)", path)}
	}
	return &UsageError{Msg: fmt.Sprintf("%s: not a UPC or C source file or an object file (want .upc, .c, or .o from upcgo build -c)", path)}
}

// objectVersion identifies the upcgo that writes and reads objects.
func objectVersion() string { return RuntimeHash() }

// readObject decodes an object file.
func readObject(path string, data []byte) (*lower.Unit, error) {
	switch {
	case bytes.HasPrefix(data, []byte("\x7fELF")):
		return nil, fmt.Errorf("%s: an ELF object file, from a C compiler: upcgo links only its own object files (from upcgo build -c or upcc -c) and UPC and C sources; compile this one's source with upcgo", path)
	case bytes.HasPrefix(data, []byte("!<arch>\n")):
		return nil, fmt.Errorf("%s: an ar archive: upcgo cannot link libraries; build the library's sources with upcgo", path)
	case !bytes.HasPrefix(data, []byte(objectMagic)):
		return nil, fmt.Errorf("%s: not an object file upcgo wrote (upcgo links .upc and .c sources and the objects of upcgo build -c)", path)
	}
	var obj objectFile
	if err := json.Unmarshal(data[len(objectMagic):], &obj); err != nil || obj.Unit == nil {
		return nil, fmt.Errorf("%s: a damaged upcgo object file (%v): compile it again", path, err)
	}
	if obj.Format != objectFormat || obj.Upcgo != objectVersion() {
		return nil, fmt.Errorf("%s: compiled by another version of upcgo (runtime %s; this one is %s): compile it again", path, obj.Upcgo, objectVersion())
	}
	wd, _ := os.Getwd()
	for _, s := range obj.Unit.Symbols {
		s.Pos.File = relativeTo(wd, obj.Dir, s.Pos.File)
	}
	obj.Unit.File = relativeTo(wd, obj.Dir, obj.Unit.File)
	return obj.Unit, nil
}

// relativeTo makes file, relative to folder from, relative to folder wd
// (or absolute if it cannot be).
func relativeTo(wd, from, file string) string {
	if file == "" || filepath.IsAbs(file) || from == "" {
		return file
	}
	abs := filepath.Join(from, file)
	if rel, err := filepath.Rel(wd, abs); err == nil && wd != "" {
		return rel
	}
	return abs
}

// writeObject encodes u into the object file path.
func writeObject(path string, u *lower.Unit) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	data, err := json.Marshal(objectFile{Format: objectFormat, Upcgo: objectVersion(), Dir: wd, Unit: u})
	if err != nil {
		return &InternalError{Msg: "cannot encode an object file", Detail: err.Error()}
	}
	// Always written, even unchanged: make compares its time with the
	// source's.
	return replaceFile(path, append([]byte(objectMagic), data...))
}

// compileObjects compiles each source of opts.Inputs to an object file:
// opts.Output for one source, else the source's base name with .o in the
// current folder, as cc -c does. Objects among the inputs are not linked,
// so they are reported and left alone.
func compileObjects(opts Options) error {
	if err := opts.validate(); err != nil {
		return err
	}
	var sources []string
	for _, in := range opts.Inputs {
		if isSource(in) {
			sources = append(sources, in)
		} else {
			fmt.Fprintf(opts.stderr(), "upcgo: warning: %s: an object file is not used when only compiling (-c)\n", in)
		}
	}
	if opts.Output != "" && len(sources) > 1 {
		return &UsageError{Msg: fmt.Sprintf("-o %s with -c names one object file, but there are %d sources", opts.Output, len(sources))}
	}
	failed := 0
	for _, src := range sources {
		out := opts.Output
		if out == "" {
			out = DefaultOutput(src) + ".o"
		}
		if sameFile(out, src) {
			return &UsageError{Msg: fmt.Sprintf("output file %s is the source file", out)}
		}
		u, err := opts.unit(src, false)
		var perr *ProgramError
		switch {
		case errors.As(err, &perr):
			failed += perr.Errors
			continue
		case err != nil:
			return err
		}
		if err := writeObject(out, u); err != nil {
			return fmt.Errorf("cannot write %s: %v", out, err)
		}
	}
	if failed > 0 {
		return &ProgramError{Errors: failed}
	}
	return nil
}
