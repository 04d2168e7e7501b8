package driver

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/upcgo/upcgo/internal/gocheck"
	"github.com/upcgo/upcgo/lower"
	"github.com/upcgo/upcgo/parser/diag"
)

// goChecker type-checks generated Go against the working tree's runtime;
// one per process (each fuzzing worker makes its own).
var goChecker = sync.OnceValues(func() (*gocheck.Checker, error) { return gocheck.New(".") })

// FuzzTranslate runs the front end (preprocess, parse, translate) on any
// input as Compile does, with THREADS dynamic or fixed by -T, and checks
// what upcgo promises: every input gets diagnostics with positions or Go
// that compiles, never a crash of a stage, never "generated Go does not
// compile". The Go is type-checked in process (gocheck), not built, and
// must not let an untyped constant choose a Go type either. The seeds are
// the regression suite's programs and the examples; testdata/fuzz holds
// what fuzzing found, minimised (each also a program in ../../testsuite).
func FuzzTranslate(f *testing.F) {
	// Under plain go test only testdata/fuzz runs: the suite translates
	// and type-checks every one of its programs already
	// (testsuite/gotypes_test.go), so as seeds they matter only as
	// starting points for mutation.
	if fuzzing() {
		paths, _ := filepath.Glob("../../testsuite/*/*.upc")
		examples, _ := filepath.Glob("../../examples/*.upc")
		for _, p := range append(paths, examples...) {
			src, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(src), uint8(0))
		}
	}
	// Before fuzzing, once per process: the go command may have to compile
	// the runtime for its export data, and the stages build their tables
	// on first use, while a fuzzing worker gives one input 10 seconds.
	if _, err := goChecker(); err != nil {
		f.Fatal(err)
	}
	var warm Options
	if _, _, _, err := warm.frontEnd("warm.upc", []byte("#include <upc.h>\n#include <stdio.h>\nint main(void) { return 0; }\n"), true); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string, threads uint8) {
		checkTranslation(t, src, int(threads%5))
	})
}

// fuzzing reports whether go test runs with -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

func checkTranslation(t *testing.T, src string, staticThreads int) {
	opts := Options{StaticThreads: staticThreads}
	unit, errs, _, err := opts.frontEnd("fuzz.upc", []byte(src), true)
	if err != nil {
		t.Fatal(err) // a stage crashed: the error holds its stack
	}
	checkPositioned(t, errs)
	if errs.HasErrors() {
		return
	}
	if unit == nil {
		t.Fatal("no unit and no error")
	}
	var prog *lower.Program
	if err := guard("the link", func() { prog = link([]*lower.Unit{unit}, errs) }); err != nil {
		t.Fatal(err)
	}
	checkPositioned(t, errs)
	if errs.HasErrors() {
		return
	}
	if prog == nil || len(prog.Files) != 1 {
		t.Fatalf("the link of one unit gave %v, not one Go file", prog)
	}
	checker, err := goChecker()
	if err != nil {
		t.Fatal(err)
	}
	goSrc := prog.Files[0].Source
	checked, err := checker.Check(prog.Files[0].Name, goSrc)
	if err != nil {
		t.Fatalf("the generated Go does not compile:\n%v\n\n%s", err, goSrc)
	}
	for _, u := range checked.UntypedConstants() {
		t.Errorf("%v", u)
	}
}

// checkPositioned fails on an error without a position or one that is
// upcgo's own failure reported as the program's.
func checkPositioned(t *testing.T, errs *diag.List) {
	for _, d := range errs.Items {
		if d.Severity != diag.Error {
			continue
		}
		// "no main function" is the one error about the whole file, as
		// ld's "undefined reference to main" is.
		if d.Pos.File == "" || !d.Pos.IsValid() && !strings.HasPrefix(d.Msg, "no main function") {
			t.Errorf("an error without a position: %v", d)
		}
		if strings.Contains(d.Msg, "internal") {
			t.Errorf("an internal error reported as the program's: %v", d)
		}
	}
}
