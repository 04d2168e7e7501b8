package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
//	{"format": 2, "upcgo": "<version>", "dir": "<folder compiled in>", "sum": "<sha256 of unit>", "unit": {...}}
//
// An object holds Go written by the compiler of the upcgo that wrote it
// against that upcgo's runtime, so another upcgo refuses it and asks for a
// recompilation (objectVersion). The unit's Go is linked as it is, so a
// unit that is not what the compiler wrote (a damaged file, an edited one)
// would give Go that does not compile, blamed on upcgo: sum, the unit's
// checksum, refuses those with an error naming the file, and the decoded
// unit is checked for what the link relies on all the same
// (lower.Unit.Check). Positions in it are as the compiler saw them,
// relative to dir; the link's messages show them relative to the folder
// it runs in.

// objectMagic starts every object file.
const objectMagic = "!<upcgo object>\n"

// objectFormat is the version of the layout of object files.
const objectFormat = 2

type objectFile struct {
	Format int    `json:"format"`
	Upcgo  string `json:"upcgo"`
	Dir    string `json:"dir"`
	Sum    string `json:"sum"`
	// Unit is the lower.Unit, kept as its bytes for the checksum.
	Unit json.RawMessage `json:"unit"`
}

// unitSum is the checksum of a unit's encoding.
func unitSum(unit []byte) string {
	sum := sha256.Sum256(unit)
	return hex.EncodeToString(sum[:])
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

// objectVersion identifies the upcgo that writes and reads objects: its
// runtime (RuntimeHash) and its compiler (compilerID).
func objectVersion() string { return RuntimeHash() + "-" + compilerID() }

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
	damaged := func(why any) error {
		return fmt.Errorf("%s: a damaged upcgo object file (%v): compile it again", path, why)
	}
	var obj objectFile
	if err := json.Unmarshal(data[len(objectMagic):], &obj); err != nil {
		return nil, damaged(err)
	}
	// The version first: another upcgo's object may have another layout.
	if obj.Format != objectFormat || obj.Upcgo != objectVersion() {
		return nil, fmt.Errorf("%s: compiled by another version of upcgo (%s; this one is %s): compile it again", path, obj.Upcgo, objectVersion())
	}
	if unitSum(obj.Unit) != obj.Sum {
		return nil, damaged("its contents do not match its checksum")
	}
	var u *lower.Unit
	if err := json.Unmarshal(obj.Unit, &u); err != nil {
		return nil, damaged(err)
	}
	if u == nil {
		return nil, damaged("no unit")
	}
	wd, _ := os.Getwd()
	for _, s := range u.Symbols {
		if s != nil {
			s.Pos.File = relativeTo(wd, obj.Dir, s.Pos.File)
		}
	}
	u.File = relativeTo(wd, obj.Dir, u.File)
	if err := u.Check(); err != nil {
		return nil, damaged(err)
	}
	return u, nil
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
	unit, err := json.Marshal(u)
	if err != nil {
		return &InternalError{Msg: "cannot encode an object file", Detail: err.Error()}
	}
	data, err := json.Marshal(objectFile{Format: objectFormat, Upcgo: objectVersion(), Dir: wd, Sum: unitSum(unit), Unit: unit})
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
