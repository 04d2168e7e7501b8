package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/upcgo/upcgo/lower"
	"github.com/upcgo/upcgo/parser/diag"
)

// An object file as FuzzObject takes it: envelope, the object file with
// placeholders for what changes with every upcgo (the version) or follows
// from the unit (its checksum, the unit itself), so that the inputs kept in
// testdata/fuzz stay objects of the upcgo that reads them.
const (
	fuzzVersion  = "$VERSION"
	fuzzSum      = "$SUM"
	fuzzUnit     = "$UNIT"
	fuzzEnvelope = objectMagic + `{"format":2,"upcgo":"` + fuzzVersion + `","dir":"/src","sum":"` + fuzzSum + `","unit":` + fuzzUnit + `}`
)

// fuzzPartner is a unit FuzzObject can link a mutated object with.
type fuzzPartner struct {
	unit *lower.Unit
	json []byte
}

// fuzzPartners are the units of testsuite/link/basic (at most 8: a bit of
// a byte each), compiled once per process.
var fuzzPartners = sync.OnceValues(func() ([]fuzzPartner, error) {
	upc, _ := filepath.Glob("../../testsuite/link/basic/*.upc")
	c, _ := filepath.Glob("../../testsuite/link/basic/*.c")
	paths := append(upc, c...)
	if len(paths) == 0 || len(paths) > 8 {
		return nil, fmt.Errorf("testsuite/link/basic has %d units, not 1 to 8", len(paths))
	}
	var ps []fuzzPartner
	for _, p := range paths {
		u, err := compileForFuzz(p)
		if err != nil {
			return nil, err
		}
		data, err := unitJSON(u)
		if err != nil {
			return nil, err
		}
		ps = append(ps, fuzzPartner{u, data})
	}
	return ps, nil
})

// compileForFuzz compiles the source path to a unit, as -c does.
func compileForFuzz(path string) (*lower.Unit, error) {
	var opts Options
	opts.Stderr = &bytes.Buffer{}
	return opts.unit(path, false)
}

// FuzzObject reads an object file and links it, alone or with units of
// testsuite/link/basic (partners: a bit per unit), and checks what upcgo
// promises of objects, damaged and edited ones included: an error naming
// the file, or a link; never a crash of the link, never an internal error.
// The unit in the object gets its right checksum (see fuzzEnvelope), so a
// mutation of it reaches lower.Unit.Check and the link, the way an object
// edited by a person who also rewrote its checksum would; the Go of such
// a unit may not compile (the checksum is what refuses edited objects),
// but the Go of a unit that upcgo compiled must, whatever the envelope
// says. The seeds are units of the link suite's programs and of some
// single-file ones.
func FuzzObject(f *testing.F) {
	partners, err := fuzzPartners()
	if err != nil {
		f.Fatal(err)
	}
	// Units upcgo compiled, whose Go must compile (see checkObjectLink).
	compiled := map[string]bool{}
	for i, p := range partners {
		compiled[unitSum(p.json)] = true
		f.Add(fuzzEnvelope, p.json, uint8(0xff&^(1<<i)))
	}
	sources, _ := filepath.Glob("../../testsuite/link/errors/*.upc")
	if fuzzing() {
		for _, dir := range []string{"upc", "c"} {
			singles, _ := filepath.Glob("../../testsuite/" + dir + "/*.upc")
			sources = append(sources, singles[:min(len(singles), 40)]...)
		}
	}
	for _, p := range sources {
		u, err := compileForFuzz(p)
		if err != nil {
			continue // a program with errors: no object
		}
		data, err := unitJSON(u)
		if err != nil {
			f.Fatal(err)
		}
		compiled[unitSum(data)] = true
		f.Add(fuzzEnvelope, data, uint8(0))
	}
	if _, err := goChecker(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, envelope string, unit []byte, partnerSet uint8) {
		obj := strings.ReplaceAll(envelope, fuzzVersion, objectVersion())
		obj = strings.ReplaceAll(obj, fuzzSum, unitSum(unit))
		obj = strings.Replace(obj, fuzzUnit, string(unit), 1)
		var units []*lower.Unit
		for i, p := range partners {
			if partnerSet&(1<<i) != 0 {
				units = append(units, p.unit)
			}
		}
		checkObjectLink(t, []byte(obj), units, compiled[unitSum(unit)], envelope == fuzzEnvelope)
	})
}

// unitJSON is u as an object holds it.
func unitJSON(u *lower.Unit) ([]byte, error) { return json.Marshal(u) }

// checkObjectLink reads the object obj as x.o and links its unit with
// partners. compiled says the unit is one upcgo compiled, intact that the
// rest of the object is as upcgo writes it.
func checkObjectLink(t *testing.T, obj []byte, partners []*lower.Unit, compiled, intact bool) {
	u, err := readObject("x.o", obj)
	if err != nil && compiled && intact {
		t.Fatalf("an object as upcgo writes it is refused: %v", err)
	}
	if err != nil {
		var internal *InternalError
		if errors.As(err, &internal) || !strings.HasPrefix(err.Error(), "x.o: ") {
			t.Fatalf("an object's error that does not name it: %v", err)
		}
		return
	}
	units := append([]*lower.Unit{u}, partners...)
	var errs diag.List
	var prog *lower.Program
	if err := guard("the link", func() { prog = link(units, &errs) }); err != nil {
		t.Fatal(err)
	}
	// The messages with their source lines, as the driver prints them.
	var out bytes.Buffer
	source := func(string) ([]byte, bool) { return []byte("int main(void) {\n\treturn 0;\n}\n"), true }
	if err := guard("printing the link's errors", func() { errs.Print(&out, source, MaxErrors) }); err != nil {
		t.Fatal(err)
	}
	if errs.HasErrors() {
		return
	}
	if prog == nil || len(prog.Files) == 0 {
		t.Fatal("the link gave no Go and no error")
	}
	if !compiled || len(prog.Files) != 1 {
		return // several files: gocheck takes one
	}
	checker, err := goChecker()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := checker.Check(prog.Files[0].Name, prog.Files[0].Source); err != nil {
		t.Fatalf("the generated Go does not compile:\n%v\n\n%s", err, prog.Files[0].Source)
	}
}
