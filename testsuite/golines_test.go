package testsuite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// lineDirective matches the //line directives of generated Go.
var lineDirective = regexp.MustCompile(`(?m)^//line (.+):(\d+)$`)

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
		named[m[1]+":"+m[2]] = true
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
