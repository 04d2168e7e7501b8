package driver

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"io"
	"os"
	"runtime"
	"sync"
)

// compilerID identifies the compiler built into this upcgo binary, for the
// version object files carry (objectVersion): 16 hex digits of a hash of
// the binary's Go build ID.
//
// The build ID, not a hash of chosen sources (lower's, say) or the module
// version: an object holds what the whole front end wrote (lower.Unit's
// shape, but also the type spellings its link compares and the Go its
// pieces hold), and the build ID changes with any source of the binary,
// while a module version stays "(devel)" across every edit of a working
// tree. Every binary agrees with itself, which is what objects need: the
// upcgo that make runs for upcc -c links the objects too, as a test binary
// reads the objects it wrote. A binary whose ID cannot be read (built with
// -buildid=) is named by a hash of its whole contents instead; one that
// cannot be read at all, by "unknown".
//
// A variable so that tests can play another compiler.
var compilerID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if runtime.GOOS == "linux" {
		// The running binary even if a rebuild replaced it since.
		exe, err = "/proc/self/exe", nil
	}
	if err != nil {
		return "unknown"
	}
	id := goBuildID(exe)
	if id == nil {
		if id, err = os.ReadFile(exe); err != nil {
			return "unknown"
		}
	}
	sum := sha256.Sum256(id)
	return hex.EncodeToString(sum[:8])
})

// goBuildID reads the Go build ID of the executable path: from its ELF
// note (Linux, BSD), or the marked string the Go linker writes at the start
// of the text of other formats (Mach-O, PE). It is nil if there is none.
func goBuildID(path string) []byte {
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			if data, err := s.Data(); err == nil {
				return elfNoteDesc(data, f.ByteOrder)
			}
		}
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 32<<10) // where cmd/internal/buildid looks too
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	const prefix, suffix = "\xff Go build ID: \"", "\"\n \xff"
	i := bytes.Index(head, []byte(prefix))
	if i < 0 {
		return nil
	}
	head = head[i+len(prefix):]
	j := bytes.Index(head, []byte(suffix))
	if j < 0 {
		return nil
	}
	return head[:j]
}

// elfNoteDesc is the descriptor of the ELF note "Go" in data, the contents
// of a note section: namesz, descsz, type, the name and the descriptor,
// each padded to 4 bytes.
func elfNoteDesc(data []byte, order binary.ByteOrder) []byte {
	if len(data) < 12 {
		return nil
	}
	namesz, descsz := order.Uint32(data), order.Uint32(data[4:])
	nameEnd := 12 + (uint64(namesz)+3)&^3
	if uint64(len(data)) < nameEnd+uint64(descsz) || !bytes.HasPrefix(data[12:], []byte("Go\x00")) {
		return nil
	}
	return data[nameEnd : nameEnd+uint64(descsz)]
}
