package lower

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
)

// checkFile runs the front end and the check phase on src, with the
// aggregation pass configured as upcgo builds.
func checkFile(t *testing.T, name string, src []byte) (*ast.File, *Config, *Info, *diag.List) {
	t.Helper()
	var errs diag.List
	f := frontEnd(name, src, &errs)
	require.False(t, errs.HasErrors(), "front end: %v", errs.Error())
	cfg := &Config{File: name, WholeProgram: true, Aggregate: AggregateOptions{Enable: true}}
	info := Check(f, cfg, &errs)
	require.False(t, errs.HasErrors(), "check: %v", errs.Error())
	return f, cfg, info, &errs
}

// definedSymbols is the set of symbols check made for declarations
// (Info.Defs): a pass's plan must name these, the symbols emit uses.
func definedSymbols(info *Info) map[*symbol]bool {
	defs := map[*symbol]bool{}
	for _, s := range info.Defs {
		defs[s] = true
	}
	return defs
}

// TestAggregatePass runs the aggregation pass on its own, after check,
// on each testdata/aggregate/X.upc and compares its plans with X.plan:
// per function, each loop it transforms, its induction variable and the
// accesses it aggregates. With the remarks off it reports nothing, and
// each plan's induction variable is the symbol check made for its
// declaration, which emit uses (Info.Defs).
func TestAggregatePass(t *testing.T) {
	files, err := filepath.Glob("testdata/aggregate/*.upc")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f, cfg, info, _ := checkFile(t, "t.upc", readFile(t, file))
			defs := definedSymbols(info)
			var b strings.Builder
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				var errs diag.List
				plans := Aggregate(fn, info, cfg.Aggregate, &errs)
				assert.Empty(t, errs.Items, "remarks off, yet the pass reported")
				var loops []ast.Stmt
				for s := range plans {
					loops = append(loops, s)
				}
				sort.Slice(loops, func(i, j int) bool { return loops[i].Pos().Before(loops[j].Pos()) })
				for _, s := range loops {
					p := plans[s]
					assert.True(t, defs[p.loopVar], "the plan's '%s' is not the symbol of its declaration", p.loopVar.name)
					fmt.Fprintf(&b, "%s: line %d: over '%s'", fn.Name, s.Pos().Line, p.loopVar.name)
					if p.forall != nil {
						fmt.Fprintf(&b, ", this thread's [%d] blocks", p.forall.block)
					}
					b.WriteString("\n")
					for _, a := range p.accesses {
						b.WriteString("\t" + a.describe() + "\n")
					}
				}
			}
			checkGolden(t, strings.TrimSuffix(file, ".upc")+".plan", []byte(b.String()))
		})
	}
}

// TestEmitReportsNothingNew holds emit to having no diagnostics of its
// own: everything its walk finds again, check reported.
func TestEmitReportsNothingNew(t *testing.T) {
	var files []string
	for _, glob := range []string{"testdata/*.upc", "testdata/*/*.upc", "../examples/*.upc"} {
		m, err := filepath.Glob(glob)
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			f, cfg, info, errs := checkFile(t, file, readFile(t, file))
			plans := runPasses(f, info, cfg, errs)
			reported := map[string]bool{}
			for _, d := range errs.Items {
				reported[d.Error()] = true
			}
			var again diag.List
			require.NotNil(t, emit(f, cfg, info, plans, &again))
			for _, d := range again.Items {
				assert.True(t, reported[d.Error()], "emit reports what check did not: %s", d.Error())
			}
		})
	}
}

// TestCheckInfo: what check records for the passes.
func TestCheckInfo(t *testing.T) {
	src := `#include <upc.h>
enum { K = 3 };
shared [4] double v[4*THREADS];
double w[8];
int main(void) {
  long n = 2;
  for (int i = 0; i < 4; i++)
    w[i] = v[i*K] + (double)n;
  return 0;
}
`
	f, _, info, _ := checkFile(t, "t.upc", []byte(src))
	var vIndex, wIndex, mul *ast.Expr
	var cast *ast.CastExpr
	var uses []*ast.Ident
	ast.InspectFile(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			e := ast.Expr(n)
			if id, _ := n.X.(*ast.Ident); id != nil && id.Name == "v" {
				vIndex = &e
			} else if id != nil && id.Name == "w" {
				wIndex = &e
			}
		case *ast.BinaryExpr:
			if n.Op == "*" {
				e := ast.Expr(n.Y)
				mul = &e
			}
		case *ast.CastExpr:
			cast = n
		case *ast.Ident:
			uses = append(uses, n)
		}
		return true
	})
	require.NotNil(t, vIndex)
	require.NotNil(t, wIndex)
	require.NotNil(t, mul)
	require.NotNil(t, cast)

	v := info.Types[*vIndex]
	assert.Equal(t, lvShared, v.Mode, "v[i*K] is a shared element")
	assert.Equal(t, "double", v.Type.Unqual().String())
	assert.False(t, v.Strict)
	assert.Equal(t, lvGo, info.Types[*wIndex].Mode, "w[i] is a private element")
	require.NotNil(t, info.Types[*mul].Value, "K is a constant")
	assert.Equal(t, int64(3), info.Types[*mul].Value.Int)
	assert.Equal(t, "double", info.TypeExprs[cast.Type].String())

	// Every use of a variable resolves to the symbol of its declaration.
	byName := map[string]*symbol{}
	for d, s := range info.Defs {
		if decl, ok := d.(*ast.Decl); ok {
			byName[decl.Name] = s
		}
	}
	for _, id := range uses {
		if def := byName[id.Name]; def != nil {
			assert.Same(t, def, info.Uses[id], "use of '%s' at %s", id.Name, id.Pos())
		}
	}
	for _, name := range []string{"v", "w", "n", "i"} {
		require.NotNil(t, byName[name], name)
	}
	assert.Equal(t, stShared, byName["v"].st)
	assert.Len(t, info.Loops, 1)
}

// TestAggregateNoSilentLeftovers: the pass types nothing again, so a
// variable-length array declared in a candidate loop's body gets one
// hoisted length, not a dead second one from typing the body silently.
func TestAggregateNoSilentLeftovers(t *testing.T) {
	src := `#include <stdio.h>
int main(void) {
  for (int k = 1; k <= 3; k++) {
    char buf[k * 2];
    printf("%zu ", sizeof buf);
  }
  return 0;
}
`
	out, _ := translateAgg(t, src, AggregateOptions{Enable: true, Remarks: true, MissedRemarks: true})
	assert.Equal(t, 1, strings.Count(out, "var vlaLen"), "%s", out)
	assert.NotContains(t, out, "_ = vlaLen")
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(name)
	require.NoError(t, err)
	return src
}
