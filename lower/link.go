package lower

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/upcgo/upcgo/parser/diag"
	ctoken "github.com/upcgo/upcgo/parser/token"
)

// A Program is the Go main package Link makes of a program's units.
type Program struct {
	Files []File
}

// A File is one Go source file of a Program, formatted.
type File struct {
	Name   string // "main.go", or for a unit of a program of several, its source's base name + ".go"
	Source []byte
}

// Link joins units into a program, as a C linker joins object files, and
// reports what spans units as errors at the C source: a name with
// external linkage defined twice ("multiple definition of"), used but
// defined nowhere ("undefined reference to"), used with another type than
// its definition's (a shared array with another layout, a function called
// through an old-style or implicit declaration with other arguments), no
// main, units compiled for different static THREADS. Tentative
// definitions (int x; in several units) become one object.
//
// The program is one Go file for one unit (the unit's Go and the program's
// main); for several, main.go holds what is the program's (the per-thread
// context, the function table, main) and each unit has a file of its own.
// Link panics if the Go it assembles does not parse: a compiler bug, which
// the driver reports as an internal error.
func Link(units []*Unit, errs *diag.List) *Program {
	l := &linker{units: units, errs: errs, chosen: map[*Symbol]bool{}}
	l.tags()
	l.checkThreads()
	l.resolve()
	if errs.HasErrors() {
		return nil
	}
	return l.emit()
}

type linker struct {
	units []*Unit
	errs  *diag.List
	tag   []string // per unit: what replaces TagMark
	file  []string // per unit: its Go file's name
	// chosen marks the object definitions whose Go pieces the program
	// gets: every private one, and one per external name.
	chosen map[*Symbol]bool
	main   *Unit
}

// tags names each unit's private declarations and its Go file: nothing
// and main.go for a lone unit, else "_" and its source's base name, made
// unique, and that name with the source's extension and .go ("ep.upc.go").
func (l *linker) tags() {
	seen := map[string]bool{}
	for _, u := range l.units {
		if len(l.units) == 1 {
			l.tag = append(l.tag, "")
			l.file = append(l.file, "main.go")
			continue
		}
		tag := unitTag(u.File)
		for i := 2; seen[tag]; i++ {
			tag = fmt.Sprintf("%s_%d", unitTag(u.File), i)
		}
		seen[tag] = true
		l.tag = append(l.tag, "_"+tag)
		l.file = append(l.file, tag+filepath.Ext(u.File)+".go")
	}
}

// checkThreads requires the units compiled with a static THREADS (-T n) to
// agree on it; units compiled for a dynamic THREADS work with any.
func (l *linker) checkThreads() {
	var first *Unit
	for _, u := range l.units {
		switch {
		case u.StaticThreads == 0:
		case first == nil:
			first = u
		case u.StaticThreads != first.StaticThreads:
			l.errs.Errorf(ctoken.Pos{File: u.File}, "compiled for THREADS=%d (-T %d), but %s was compiled for THREADS=%d: every unit of a program needs the same -T, or none",
				u.StaticThreads, u.StaticThreads, first.File, first.StaticThreads)
		}
	}
}

// external is what the units say about one name with external linkage.
type external struct {
	def        *Symbol // the definition whose pieces the program gets
	tentatives []*Symbol
	refs       []*Symbol
	libc       []*Symbol // calls to the C library function of that name
}

func (l *linker) resolve() {
	names := map[string]*external{}
	var order []string
	get := func(name string) *external {
		e := names[name]
		if e == nil {
			e = &external{}
			names[name] = e
			order = append(order, name)
		}
		return e
	}
	for _, u := range l.units {
		if u.MainParams >= 0 && l.main == nil {
			l.main = u
		}
		for _, s := range u.Symbols {
			if s.Internal {
				l.chosen[s] = true
				continue
			}
			e := get(s.Name)
			switch {
			case s.Kind == SymLibc:
				e.libc = append(e.libc, s)
			case s.Def == Ref || s.Def == Declared:
				e.refs = append(e.refs, s)
			case s.Def == Tentative:
				e.tentatives = append(e.tentatives, s)
			case e.def != nil && e.def.Def == Defined:
				l.errs.Errorf(s.Pos, "multiple definition of '%s' (first defined at %s)", s.Name, e.def.Pos)
			default:
				e.def = s
			}
		}
	}
	for _, name := range order {
		l.resolveName(name, names[name])
	}
	if l.main == nil {
		l.errs.Errorf(ctoken.Pos{File: l.units[0].File}, "no main function: a UPC program needs int main(void) or int main(int argc, char **argv)")
	}
}

// resolveName checks one external name across the units and chooses the
// definition the program gets.
func (l *linker) resolveName(name string, e *external) {
	if e.def == nil && len(e.tentatives) > 0 {
		e.def = e.tentatives[0]
	}
	if e.def == nil {
		for _, r := range e.refs {
			if r.Def == Ref {
				l.errs.Errorf(r.Pos, "undefined reference to '%s'", name)
			}
		}
		return
	}
	l.chosen[e.def] = true
	if len(e.libc) > 0 && e.def.Kind == SymFunc {
		l.errs.Errorf(e.def.Pos, "'%s' is also a C library function, which %s calls: upcgo cannot replace a library function in other units; rename this one",
			name, e.libc[0].Pos)
	}
	for _, s := range append(slices.Clone(e.tentatives), e.refs...) {
		if s == e.def {
			continue
		}
		l.checkSame(e.def, s)
	}
}

// checkSame reports a use or another definition s of def's name that does
// not agree with def.
func (l *linker) checkSame(def, s *Symbol) {
	switch {
	case s.Kind != def.Kind:
		l.errs.Errorf(s.Pos, "'%s' redeclared as a different kind of symbol (defined at %s as '%s')", s.Name, def.Pos, def.Type)
	case s.Kind == SymFunc && s.Check != def.Check && s.Unprototyped:
		l.errs.Errorf(s.Pos, "the arguments of this call of '%s', declared without a prototype, do not match its definition at %s ('%s'); declare it with a prototype",
			s.Name, def.Pos, def.Type)
	case s.Kind == SymFunc && s.Check != def.Check:
		l.errs.Errorf(s.Pos, "conflicting types for '%s': '%s' here, '%s' in its definition at %s", s.Name, s.Type, def.Type, def.Pos)
	case s.Kind == SymVar && (s.Check != def.Check || s.Len != "" && def.Len != "" && s.Len != def.Len):
		what := "conflicting types for"
		if s.Shared || def.Shared {
			what = "conflicting layouts of the shared object"
		}
		l.errs.Errorf(s.Pos, "%s '%s': '%s' here, '%s' in its definition at %s", what, s.Name, s.Type, def.Type, def.Pos)
	}
}

// emit assembles the Go files.
func (l *linker) emit() *Program {
	var fields, setup, alloc, inits, sharedInits []string
	unitDecls := make([]string, len(l.units))
	var funcPtrs []string
	seenPtr := map[string]bool{}
	for i, u := range l.units {
		var ud []string
		for _, s := range u.Symbols {
			if !l.chosen[s] {
				continue
			}
			fields = appendPiece(fields, l.untag(i, s.Field))
			ud = appendPiece(ud, l.untag(i, s.Decl))
			setup = appendPiece(setup, l.untag(i, s.Setup))
			alloc = appendPiece(alloc, l.untag(i, s.Alloc))
		}
		init, sharedInit := l.untag(i, u.Init), l.untag(i, u.SharedInit)
		if len(l.units) > 1 {
			// Each unit's initialisers in a block of their own: their
			// temporaries are named per unit.
			init, sharedInit = block(u.File, init), block(u.File, sharedInit)
		}
		inits = appendPiece(inits, init)
		sharedInits = appendPiece(sharedInits, sharedInit)
		unitDecls[i] = endLine(l.untag(i, u.Decls)) + joinDecls(ud)
		for _, f := range u.FuncPtrs {
			f = l.untag(i, f)
			if !seenPtr[f] {
				seenPtr[f] = true
				funcPtrs = append(funcPtrs, f)
			}
		}
	}

	var b strings.Builder
	b.WriteString("// thread is one UPC thread's context: the runtime's, the C library's, and\n// this program's private (per-thread) globals.\n")
	b.WriteString("type thread struct {\n\t*upc.Thread\n\tlibc  stdlib.State\n\tstack cmem.Stack\n")
	for _, f := range fields {
		b.WriteString(f + "\n")
	}
	b.WriteString("}\n\n")
	if len(l.units) == 1 {
		b.WriteString(unitDecls[0])
	}
	usesTable := len(funcPtrs) > 0
	for _, u := range l.units {
		usesTable = usesTable || u.CallsPointers
	}
	if usesTable {
		b.WriteString(funcTable(funcPtrs))
	}
	b.WriteString("func main() {\n\tupc.AtExit(stdlib.Shutdown)\n\tupc.Main(upc.Program{\n")
	fmt.Fprintf(&b, "Name: %q,\n", strings.TrimSuffix(baseName(l.main.File), ".upc"))
	if n := l.staticThreads(); n > 0 {
		fmt.Fprintf(&b, "StaticThreads: %d,\n", n)
	}
	b.WriteString("Setup: func(j *upc.Job) {\nTHREADS := j.Threads()\n_ = THREADS\n")
	writeLines(&b, setup)
	b.WriteString("},\nMain: func(ut *upc.Thread) int {\nt := &thread{Thread: ut}\ndefer t.stack.Close()\n")
	writeLines(&b, alloc)
	writeLines(&b, inits)
	if len(sharedInits) > 0 {
		b.WriteString("if t.MyThread == 0 {\n")
		writeLines(&b, sharedInits)
		b.WriteString("}\nt.Barrier()\n")
	}
	if l.main.MainParams == 0 {
		b.WriteString("return int(main_(t))\n")
	} else {
		b.WriteString("argc, argv := crt.Args()\nreturn int(main_(t, argc, argv))\n")
	}
	b.WriteString("},\n})\n}\n\n")

	if len(l.units) == 1 {
		b.WriteString(l.untag(0, l.units[0].Funcs))
		return &Program{Files: []File{{Name: "main.go", Source: goFile(l.units[0].File, b.String())}}}
	}
	if !l.distinctGoNames() {
		return nil
	}
	var sources []string
	for _, u := range l.units {
		sources = append(sources, baseName(u.File))
	}
	files := []File{{Name: "main.go", Source: goFile(strings.Join(sources, ", "), b.String())}}
	for i, u := range l.units {
		files = append(files, File{Name: l.file[i], Source: goFile(u.File, unitDecls[i]+l.untag(i, u.Funcs))})
	}
	return &Program{Files: files}
}

// distinctGoNames reports, as errors, two names of the program that have
// the same Go name once private names carry their unit's tag: a static
// helper in a.c is helper_a in Go, which a function helper_a of b.c would
// meet. Go's own names (thread, funcs, ...) are kept apart by goIdent.
func (l *linker) distinctGoNames() bool {
	type named struct {
		sym  *Symbol
		unit int
	}
	seen := map[string]named{}
	ok := true
	for i, u := range l.units {
		for _, s := range u.Symbols {
			if s.Def == Ref || s.Def == Declared || !l.chosen[s] && s.Kind != SymFunc {
				continue
			}
			name := l.untag(i, s.GoName)
			if s.Kind == SymVar && s.Decl == "" {
				name = "t." + name // a field of the thread context
			}
			if prev, dup := seen[name]; dup && prev.sym != s {
				l.errs.Errorf(s.Pos, "'%s' and '%s' of %s (at %s) are both '%s' in the generated Go: rename one",
					s.Name, prev.sym.Name, baseName(l.units[prev.unit].File), prev.sym.Pos, strings.TrimPrefix(name, "t."))
				ok = false
			}
			seen[name] = named{s, i}
		}
	}
	return ok
}

// staticThreads is the program's static THREADS: the units' -T, or 0.
func (l *linker) staticThreads() int {
	for _, u := range l.units {
		if u.StaticThreads > 0 {
			return u.StaticThreads
		}
	}
	return 0
}

// untag replaces TagMark in unit i's Go with its tag.
func (l *linker) untag(i int, s string) string {
	return strings.ReplaceAll(s, TagMark, l.tag[i])
}

// goFile completes a Go file: a header naming its C sources, the package
// clause, the imports its body uses; formatted, and every line of code
// pinned to its C line.
func goFile(from, body string) []byte {
	body = goSourceText(body)
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by upcgo from %s. DO NOT EDIT.\n\npackage main\n\n", goSourceText(baseName(from)))
	b.WriteString(importsOf(body))
	b.WriteString(body)
	out, err := format.Source(dropRepeatedLines(b.Bytes()))
	if err != nil {
		// The generated code is ours: failing to parse it is a compiler
		// bug, not the user's error; the driver reports a panic of a stage
		// as an internal error.
		panic(fmt.Sprintf("generated Go does not parse: %v", err))
	}
	return pinLines(out)
}

// goSourceText spells what Go does not take anywhere in a source file, not
// even in a comment, as Go's escapes: a byte that is not UTF-8 (\x97) and
// the byte-order mark (\ufeff). A C identifier may hold both (the scanner
// takes any byte from 0x80 up), as may a file name, and the translation
// writes them into comments ("// int café", "//line f.upc:3"); in Go
// names goLetters spells them and in strings goQuote does, so comments are
// the one place they remain.
func goSourceText(s string) string {
	if utf8.ValidString(s) && !strings.ContainsRune(s, '\uFEFF') {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\uFEFF':
			b.WriteString(`\ufeff`)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func appendPiece(list []string, piece string) []string {
	piece = strings.TrimRight(piece, "\n")
	if strings.TrimSpace(piece) == "" {
		return list
	}
	return append(list, piece)
}

func writeLines(b *strings.Builder, pieces []string) {
	for _, p := range pieces {
		b.WriteString(p)
		if !strings.HasSuffix(p, "\n") {
			b.WriteByte('\n')
		}
	}
}

// endLine ends code, if any, with a newline, so that what follows starts a
// line of its own.
func endLine(code string) string {
	if code != "" && !strings.HasSuffix(code, "\n") {
		return code + "\n"
	}
	return code
}

func joinDecls(decls []string) string {
	var b strings.Builder
	for _, d := range decls {
		b.WriteString(d + "\n\n")
	}
	return b.String()
}

// block puts a unit's initialisation code in a block of its own.
func block(file, code string) string {
	if strings.TrimSpace(code) == "" {
		return ""
	}
	return fmt.Sprintf("{ // %s\n%s\n}", baseName(file), strings.TrimRight(code, "\n"))
}

// funcTable declares the program's function table and the C function
// pointer value of each function in it (see funcPointer).
func funcTable(funcPtrs []string) string {
	var b strings.Builder
	b.WriteString("// funcs holds the functions whose address the program takes; a C\n// function pointer is an index into it, plus one: fnptr.f for f.\nvar funcs crt.Funcs\n\n")
	if len(funcPtrs) > 0 {
		b.WriteString("// fnptr holds the function pointer values.\nvar fnptr = struct {\n")
		for _, f := range funcPtrs {
			fmt.Fprintf(&b, "%s uintptr\n", f)
		}
		b.WriteString("}{")
		for i := range funcPtrs {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(i + 1))
		}
		b.WriteString("}\n\n")
	}
	b.WriteString("func init() {\n\tfuncs = crt.Funcs{")
	for _, f := range funcPtrs {
		b.WriteString(f + ", ")
	}
	b.WriteString("}\n}\n\n")
	return b.String()
}

// packages are the packages generated code may use, by the name it uses.
var packages = []struct{ name, path string }{
	{"math", "math"},
	{"unsafe", "unsafe"},
	{"cmem", "github.com/upcgo/upcgo/runtime/cmem"},
	{"crt", "github.com/upcgo/upcgo/runtime/crt"},
	{"upc", "github.com/upcgo/upcgo/runtime/upc"},
	{"shmem", "github.com/upcgo/upcgo/runtime/shmem"},
	{"stdlib", "github.com/upcgo/upcgo/stdlib"},
}

// importsOf is the import declaration for the packages body (Go
// declarations without a package clause) refers to.
func importsOf(body string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package main\n\n"+body, parser.SkipObjectResolution)
	if err != nil {
		panic(fmt.Sprintf("generated Go does not parse: %v", err))
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	var std, own []string
	for _, p := range packages {
		switch {
		case !used[p.name]:
		case strings.Contains(p.path, "."):
			own = append(own, p.path)
		default:
			std = append(std, p.path)
		}
	}
	if len(std)+len(own) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("import (\n")
	for _, p := range std {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	if len(std) > 0 && len(own) > 0 {
		b.WriteString("\n")
	}
	for _, p := range own {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	b.WriteString(")\n\n")
	return b.String()
}
