package lower

import (
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// TestLoopOptGolden compiles testdata/loopopt/X.upc, one translation unit
// each, and compares its functions' Go, without //line directives, with
// X.golden.go (regenerate with go test ./lower -run LoopOptGolden
// -update). The not_* files are the shapes the loop pass must leave
// alone; that what it does is right is checked by running programs
// against gcc (testsuite/c/loop_subscripts.upc).
func TestLoopOptGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/loopopt/*.upc")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	directive := regexp.MustCompile(`(?m)^//line .*\n`)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			var errs diag.List
			res := cpp.Preprocess(filepath.Base(f), src, &cpp.Config{SystemFS: stdlib.HeaderFS()}, &errs)
			file := parser.Parse(res.Tokens, &errs, pragmas(res)...)
			u := Compile(file, &Config{File: filepath.Base(f)}, &errs)
			require.False(t, errs.HasErrors(), errs.Error())
			out, err := format.Source([]byte("package p\n\n" + directive.ReplaceAllString(u.Funcs, "")))
			require.NoError(t, err)
			checkGolden(t, strings.TrimSuffix(f, ".upc")+".golden.go", out)
		})
	}
}
