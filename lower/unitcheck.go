package lower

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Check reports, as an error, a unit that breaks what Link relies on: a
// unit read back from an object file another program wrote or a person
// edited, which the driver checks before linking it, so that such a file
// gets an error naming it rather than a crash of the link. Compile's units
// always pass. Check does not type-check the unit's Go: an object file's
// checksum (internal/driver) already refuses every unit that Compile did
// not write, and Check covers what reaches Link all the same.
func (u *Unit) Check() error {
	if err := checkName("the source file name", u.File); err != nil {
		return err
	}
	switch {
	case u.File == "":
		return fmt.Errorf("no source file name")
	case u.StaticThreads < 0:
		return fmt.Errorf("THREADS=%d", u.StaticThreads)
	case u.MainParams != -1 && u.MainParams != 0 && u.MainParams != 2:
		return fmt.Errorf("a main with %d parameters", u.MainParams)
	}
	pieces := []struct {
		what, code string
		check      func(string) error
	}{
		{"declarations", u.Decls, goDecls},
		{"functions", u.Funcs, goDecls},
		{"initialisation", u.Init, goStatements},
		{"shared initialisation", u.SharedInit, goStatements},
	}
	for _, p := range pieces {
		if err := p.check(p.code); err != nil {
			return fmt.Errorf("the Go of its %s %v", p.what, err)
		}
	}
	for _, f := range u.FuncPtrs {
		if !goIdentifier(f) {
			return fmt.Errorf("a function pointer to %q", f)
		}
	}
	for i, s := range u.Symbols {
		if s == nil {
			return fmt.Errorf("symbol %d is missing", i+1)
		}
		if err := s.check(); err != nil {
			return fmt.Errorf("symbol %d (%q): %v", i+1, s.Name, err)
		}
	}
	return nil
}

func (s *Symbol) check() error {
	switch {
	case s.Name == "":
		return fmt.Errorf("no name")
	case s.Kind > SymLibc:
		return fmt.Errorf("kind %d", s.Kind)
	case s.Def > Defined:
		return fmt.Errorf("definition %d", s.Def)
	}
	if err := checkName("its file name", s.Pos.File); err != nil {
		return err
	}
	pieces := []struct {
		what, code string
		check      func(string) error
	}{
		{"declaration", s.Decl, goDecls},
		{"field", s.Field, goField},
		{"setup", s.Setup, goStatements},
		{"allocation", s.Alloc, goStatements},
	}
	for _, p := range pieces {
		if err := p.check(p.code); err != nil {
			return fmt.Errorf("the Go of its %s %v", p.what, err)
		}
	}
	return nil
}

// checkName requires a file name that Link can write in a Go comment.
func checkName(what, name string) error {
	if !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || r == '\uFEFF' }) {
		return fmt.Errorf("%s %q", what, name)
	}
	return nil
}

// goIdentifier reports whether s is a Go identifier once Link replaces
// TagMark (a letter) with a unit's tag (see untagged).
func goIdentifier(s string) bool {
	for _, s := range untagged(s) {
		if !token.IsIdentifier(s) {
			return false
		}
	}
	return true
}

// untagged is the Go s can become in a link: TagMark replaced with the tag
// of a lone unit (nothing) and with one of a unit of several ("_" and
// letters), which may make other tokens of it ("goᵁ" is "go").
func untagged(s string) []string {
	return []string{strings.ReplaceAll(s, TagMark, ""), strings.ReplaceAll(s, TagMark, "_u")}
}

// goDecls requires Go declarations, or nothing.
func goDecls(code string) error {
	return parseGo("package main\n\n" + code + "\n")
}

// goStatements requires Go statements, or nothing.
func goStatements(code string) error {
	return parseGo("package main\n\nfunc _() {\n" + code + "\n}\n")
}

// goField requires a field of a Go struct, or nothing.
func goField(code string) error {
	return parseGo("package main\n\ntype _ struct {\n" + code + "\n}\n")
}

func parseGo(src string) error {
	for _, src := range untagged(src) {
		if _, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution); err != nil {
			return fmt.Errorf("does not parse: %v", err)
		}
	}
	return nil
}
