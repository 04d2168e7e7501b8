package testsuite

import (
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// lineDirective matches the line directives of generated Go: //line at
// the start of a line, /*line*/ inline.
var lineDirective = regexp.MustCompile(`(?m)^//line (.+):(\d+)$|/\*line ([^*]+):(\d+)\*/`)

// checkGoLines checks the line mapping of a program's generated Go (the
// regression suite's TestGeneratedGoTypes calls it on every program, so
// each is translated once for both): each Go node must map, through the
// //line directives, to a .upc line the translation named. A directive
// positions the Go line after it, and the Go lines after that count on
// from it, so a C statement that becomes several Go lines, unless each is
// pinned, maps its later lines to later .upc lines: a fault on line 8 of
// a program was reported at line 34, and profiles and backtraces drifted
// the same way (issue 15).
func checkGoLines(t *testing.T, src []byte) {
	t.Helper()
	named := map[string]bool{}
	for _, m := range lineDirective.FindAllStringSubmatch(string(src), -1) {
		named[m[1]+m[3]+":"+m[2]+m[4]] = true
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, 0)
	require.NoError(t, err)
	bad := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || bad > 5 {
			return false
		}
		switch n := n.(type) {
		case *ast.BlockStmt:
			return true // a brace runs nothing
		case *ast.EmptyStmt:
			if n.Implicit {
				return true // the closing brace after a label
			}
		}
		pos := fset.Position(n.Pos())
		if pos.Filename == "main.go" {
			return true // Go of no C line (the file's frame)
		}
		if at := pos.Filename + ":" + itoa(pos.Line); !named[at] {
			t.Errorf("Go line %d maps to %s, a line no directive names", fset.PositionFor(n.Pos(), false).Line, at)
			bad++
		}
		return true
	})
}

func itoa(i int) string { return strconv.Itoa(i) }

// binaryLines returns the lines of the source file named base that the
// line table of the binary's main package names (what a fault message, a
// backtrace, a debugger or a profiler reports for its code), with how
// many line-table rows name each. A binary with no DWARF (built with -s)
// gives an error.
func binaryLines(bin, base string) (map[int]int, error) {
	f, err := elf.Open(bin)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, err := f.DWARF()
	if err != nil {
		return nil, err
	}
	lines := map[int]int{}
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			return lines, err
		}
		if e.Tag != dwarf.TagCompileUnit {
			continue
		}
		r.SkipChildren()
		if e.Val(dwarf.AttrName) != "main" {
			continue
		}
		lr, err := d.LineReader(e)
		if err != nil {
			return nil, err
		}
		var le dwarf.LineEntry
		for lr.Next(&le) == nil {
			if le.File != nil && filepath.Base(le.File.Name) == base {
				lines[le.Line]++
			}
		}
	}
}

// checkBinaryLines checks the line table of a program's binary against
// its source: every line it names for the source's main package must be
// a line of the file with code on it, not blank, not only a comment, not
// part of a preprocessing directive (a macro's replacement list maps to
// the line that uses the macro, as gcc maps it). Lines counted on past a
// //line directive show up here as lines past the end of the file, or
// comments and blank lines.
func checkBinaryLines(t *testing.T, bin, source string) {
	t.Helper()
	src, err := os.ReadFile(source)
	require.NoError(t, err)
	lines, err := binaryLines(bin, filepath.Base(source))
	require.NoError(t, err)
	code := codeLines(src)
	for l := range lines {
		if !code[l] {
			t.Errorf("the binary's line table names %s:%d, a line with no code (the file has %d lines)", source, l, bytes.Count(src, []byte("\n")))
		}
	}
}

// codeLines returns the 1-based lines of a C source that hold code: a
// token outside comments and preprocessing directives.
func codeLines(src []byte) map[int]bool {
	code := map[int]bool{}
	line, inComment, inDirective, lineStart := 1, false, false, true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			if !(inDirective && i > 0 && src[i-1] == '\\') {
				inDirective = false
			}
			line, lineStart = line+1, true
			continue
		case inComment:
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				inComment = false
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			inComment = true
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\\':
			continue
		case c == '#' && lineStart:
			inDirective = true
		case c == '"' || c == '\'':
			if !inDirective {
				code[line] = true
			}
			for i+1 < len(src) && src[i+1] != c && src[i+1] != '\n' {
				if src[i+1] == '\\' {
					i++
				}
				i++
			}
			i++
		default:
			if !inDirective {
				code[line] = true
			}
		}
		lineStart = false
	}
	return code
}
