package lower

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/internal/gocheck"
	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// TestLibraryCallsWithConstants calls every function the shipped headers
// declare that the translation lowers itself (the UPC, OpenSHMEM and C
// library), with constants at the edges of their parameter types for
// arguments: -1, 300 and 2^32+1 for integers. C converts them to the
// parameter types; the lowering then hands them to the runtime's Go
// functions, where a constant that does not fit the Go parameter is a Go
// compile error (a negative one for a uintptr, 300 for a byte) and an
// untyped one picks Go's default type. Every call must give Go that
// type-checks, or an error at its line.
func TestLibraryCallsWithConstants(t *testing.T) {
	checker, err := gocheck.New(".")
	require.NoError(t, err)
	for _, h := range headerNames(t) {
		funcs := libraryFuncs(t, h)
		for _, v := range []string{"-1", "300", "4294967297"} {
			var calls []string
			for _, f := range funcs {
				if c := callWith(f, v); c != "" {
					calls = append(calls, c)
				}
			}
			checkCalls(t, checker, h, calls)
		}
	}
}

// checkCalls translates a program of header h making the calls and checks
// that its Go type-checks. A call may be rejected, with an error at its
// line (upc_op_t -1 is not an operation): the calls with an error on
// their line are set aside and the others translated again; an error on
// no call's line halves the calls until the rejected ones stand alone.
// (Halving alone translated the header hundreds of times: ten minutes of
// make test under the race detector.)
func checkCalls(t *testing.T, checker *gocheck.Checker, h string, calls []string) {
	src := fmt.Sprintf("#include <%s>\nint main(void) {\n%s\treturn 0;\n}\n", h, strings.Join(calls, ""))
	var errs diag.List
	res := cpp.Preprocess("t.upc", []byte(src), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	file := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	out := Translate(file, &Config{File: "t.upc"}, &errs)
	if errs.HasErrors() {
		if len(calls) == 1 {
			for _, d := range errs.Items {
				if d.Severity == diag.Error && !d.Pos.IsValid() {
					t.Errorf("%s: an error without a position: %v", strings.TrimSpace(calls[0]), d)
				}
			}
			return
		}
		// Call i stands on line i+3.
		rejected := map[int]bool{}
		for _, d := range errs.Items {
			if i := int(d.Pos.Line) - 3; d.Severity == diag.Error && d.Pos.File == "t.upc" && i >= 0 && i < len(calls) {
				rejected[i] = true
			}
		}
		if len(rejected) == 0 || len(rejected) == len(calls) {
			checkCalls(t, checker, h, calls[:len(calls)/2])
			checkCalls(t, checker, h, calls[len(calls)/2:])
			return
		}
		var rest []string
		for i, c := range calls {
			if !rejected[i] {
				rest = append(rest, c)
			}
		}
		checkCalls(t, checker, h, rest)
		return
	}
	prog, err := checker.Check("main.go", out)
	if err != nil {
		t.Errorf("<%s>: the generated Go does not compile:\n%v\nfor\n%s", h, err, strings.Join(calls, ""))
		return
	}
	for _, u := range prog.UntypedConstants() {
		t.Errorf("%v", u)
	}
}

// libraryFuncs are the functions header h declares that the translation
// lowers, by name.
func libraryFuncs(t *testing.T, h string) []*symbol {
	var errs diag.List
	res := cpp.Preprocess("t.upc", []byte("#include <"+h+">\nint main(void) { return 0; }\n"), &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
	file := parser.Parse(res.Tokens, &errs, pragmas(res)...)
	tr := newTranslator(&Config{File: "t.upc"}, &errs)
	tr.file(file)
	require.False(t, errs.HasErrors(), "%s: %v", h, errs.Error())
	var out []*symbol
	for _, name := range tr.scope.order {
		s := tr.scope.syms[name]
		if s.kind == symFunc && (s.builtin != nil || s.libc != nil) && !s.defined {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// callWith is a call of f as a statement, v for every integer argument.
func callWith(f *symbol, v string) string {
	var args []string
	for _, p := range f.typ.Fn.Params {
		switch {
		case p.IsInteger():
			args = append(args, v)
		case p.IsFloat():
			args = append(args, v+".5")
		case p.Kind == ctype.Ptr:
			args = append(args, "0")
		default:
			return "" // a struct argument: no constant
		}
	}
	return fmt.Sprintf("\t%s(%s);\n", f.name, strings.Join(args, ", "))
}
