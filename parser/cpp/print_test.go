package cpp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/upcgo/upcgo/parser/diag"
)

// The -E output: tokens on their source lines, macros expanded, a
// linemarker where the file changes and after a pragma, which keeps its
// place.
func TestPrint(t *testing.T) {
	dir := t.TempDir()
	assert.NoError(t, os.WriteFile(filepath.Join(dir, "h.h"), []byte("#define N 42\nint helper(int);\n"), 0o644))
	src := "#include \"h.h\"\n#define SQ(x) ((x)*(x))\nint main(void) {\n  int a = SQ(3) + N;\n#pragma upc strict\n  return a;\n}\n"
	var errs diag.List
	r := Preprocess(filepath.Join(dir, "t.upc"), []byte(src), &Config{}, &errs)
	assert.False(t, errs.HasErrors(), errs.Error())
	var b strings.Builder
	assert.NoError(t, r.Print(&b))
	assert.Equal(t, strings.ReplaceAll(`# 2 "DIR/h.h"
int helper(int);
# 3 "DIR/t.upc"
int main(void) {
  int a = ((3)*(3)) + 42;
#pragma upc strict
# 6 "DIR/t.upc"
  return a;
}
`, "DIR", dir), b.String())
}
