package lower

import (
	"fmt"
	"go/format"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/diag"
)

// TestLoopOptGolden compiles testdata/loopopt/X.upc, one translation unit
// each, and compares its functions' Go, without //line directives, with
// X.golden.go (regenerate with go test ./lower -run LoopOptGolden
// -update). The not_* files are the shapes the loop pass must leave
// alone; that what it does is right is checked by running programs
// against gcc (testsuite/c/loop_subscripts.upc).
func TestLoopOptGolden(t *testing.T) {
	eachGolden(t, "testdata/loopopt/*.upc", func(t *testing.T, name string, src []byte) []byte {
		var errs diag.List
		u := Compile(frontEnd(name, src, &errs), &Config{File: name}, &errs)
		require.False(t, errs.HasErrors(), errs.Error())
		out, err := format.Source([]byte("package p\n\n" + directive.ReplaceAllString(u.Funcs, "")))
		require.NoError(t, err)
		return out
	})
}

// directive matches a //line line.
var directive = regexp.MustCompile(`(?m)^//line .*\n`)

// TestLoopPass runs the loop pass on its own, after check, on each
// testdata/loopopt/X.upc (configured as TestLoopOptGolden compiles it)
// and compares its plans with X.plan: per function, each loop, whether
// the pass planned it and, if so, its running addresses and where each
// subscript's element is, in C terms. Each plan's loop variable is the
// symbol check made for its declaration, which emit uses (Info.Defs).
func TestLoopPass(t *testing.T) {
	files, err := filepath.Glob("testdata/loopopt/*.upc")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			name := filepath.Base(file)
			var errs diag.List
			f := frontEnd(name, readFile(t, file), &errs)
			cfg := &Config{File: name}
			info := Check(f, cfg, &errs)
			require.False(t, errs.HasErrors(), errs.Error())
			defs := definedSymbols(info)
			var b strings.Builder
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				forall := PlanForall(fn, info)
				agg := Aggregate(fn, info, cfg.Aggregate, &errs)
				plans := OptimizeLoops(fn, info, agg, LoopOptions{})
				foralls := OptimizeForall(fn, info, forall, agg)
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					switch n.(type) {
					case *ast.ForStmt, *ast.UpcForallStmt:
					default:
						return true
					}
					s := n.(ast.Stmt)
					fmt.Fprintf(&b, "%s: line %d: ", fn.Name, s.Pos().Line)
					p := plans[s]
					if fp := foralls[s]; fp != nil {
						assert.Nil(t, p, "a upc_forall planned by both parts of the pass")
						assert.True(t, defs[fp.forall.loopVar], "the plan's '%s' is not the symbol of its declaration", fp.forall.loopVar.name)
						b.WriteString(describeForallLoopPlan(fp))
						return true
					}
					if p == nil {
						b.WriteString("no plan\n")
						return true
					}
					assert.True(t, defs[p.iv], "the plan's '%s' is not the symbol of its declaration", p.iv.name)
					b.WriteString(describeLoopPlan(p))
					return true
				})
			}
			checkGolden(t, strings.TrimSuffix(file, ".upc")+".plan", []byte(b.String()))
		})
	}
}

// describeLoopPlan spells a loop plan in C terms, for TestLoopPass.
func describeLoopPlan(p *LoopPlan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "over '%s' by %d", p.iv.name, p.step)
	if tc := p.trips; tc != nil {
		bound := cExpr(tc.bound)
		if tc.load {
			bound += " (read once)"
		}
		left, right := bound, p.iv.name
		if tc.down {
			left, right = right, bound
		}
		fmt.Fprintf(&b, ", counting max(0, (%s - %s + %d) / %d) iterations", left, right, tc.extra, tc.div)
	}
	if p.guard {
		b.WriteString(", set up only when its condition holds")
	}
	b.WriteString("\n")
	number := map[*LoopAddr]int{}
	addr := func(a *LoopAddr) string {
		if a.index == nil {
			return "&" + cExpr(a.base) + "[0]"
		}
		return "&" + cExpr(a.base) + "[" + cExpr(a.index) + "]"
	}
	for i, a := range p.addrs {
		number[a] = i + 1
		switch {
		case a.rows:
			fmt.Fprintf(&b, "\taddress %d: the offset of the rows of %s, %+d bytes an iteration\n", i+1, cExpr(a.base), a.stride)
		case a.of != nil:
			fmt.Fprintf(&b, "\taddress %d: row %s, moved by address %d\n", i+1, addr(a), number[a.of])
		default:
			fmt.Fprintf(&b, "\taddress %d: %s, %+d bytes an iteration\n", i+1, addr(a), a.stride)
		}
	}
	var uses []*ast.IndexExpr
	for ix := range p.uses {
		uses = append(uses, ix)
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].Pos().Before(uses[j].Pos()) })
	for _, ix := range uses {
		u := p.uses[ix]
		if n := number[u.addr]; n > 0 {
			fmt.Fprintf(&b, "\t%s: address %d %+d bytes\n", cExpr(ix), n, u.off)
		} else {
			fmt.Fprintf(&b, "\t%s: %s %+d bytes, fixed\n", cExpr(ix), addr(u.addr), u.off)
		}
	}
	for _, m := range p.reads {
		fmt.Fprintf(&b, "\t%s: read once, line %d\n", cExpr(m), readPos(m).Line)
	}
	rows := map[string]bool{}
	for _, m := range p.rows {
		if x := cExpr(m); !rows[x] {
			rows[x] = true
			fmt.Fprintf(&b, "\t%s: a row\n", x)
		}
	}
	return b.String()
}

// describeForallLoopPlan spells a upc_forall's plan in C terms, for
// TestLoopPass.
func describeForallLoopPlan(p *ForallLoopPlan) string {
	var b strings.Builder
	i := p.forall.loopVar.name
	layout := fmt.Sprintf("[%d] blocks", p.forall.block)
	if p.forall.cyclic {
		layout = "cyclic elements"
	}
	op := "<"
	if p.inclusive {
		op = "<="
	}
	fmt.Fprintf(&b, "upc_forall over '%s', this thread's %s while %s %s %s\n", i, layout, i, op, cExpr(p.bound))
	number := map[*symbol]int{}
	for k, a := range p.arrays {
		number[a] = k + 1
		fmt.Fprintf(&b, "\taddress %d: this thread's &%s[%s], %+d bytes an iteration\n", k+1, a.name, i, a.typ.Elem.Size())
	}
	var uses []*ast.IndexExpr
	for ix := range p.uses {
		uses = append(uses, ix)
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].Pos().Before(uses[j].Pos()) })
	for _, ix := range uses {
		fmt.Fprintf(&b, "\t%s: address %d\n", cExpr(ix), number[p.uses[ix]])
	}
	return b.String()
}

// TestLoopPassInAggregatedBody: the loop pass plans a private loop inside
// an aggregated one (emit writes that body once, its shared accesses
// through the aggregation's buffers), and never the aggregated loop.
func TestLoopPassInAggregatedBody(t *testing.T) {
	f, cfg, info, errs := checkFile(t, "t.upc", readFile(t, "testdata/aggregate/private_inner.upc"))
	var fn *ast.FuncDecl
	for _, d := range f.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Name == "main" {
			fn = d
		}
	}
	require.NotNil(t, fn)
	agg := Aggregate(fn, info, cfg.Aggregate, errs)
	plans := OptimizeLoops(fn, info, agg, LoopOptions{})
	var lines []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.ForStmt); ok {
			switch {
			case agg[s] != nil:
				assert.Nil(t, plans[s], "the loop pass planned the aggregated loop")
				lines = append(lines, "aggregated")
			case plans[s] != nil:
				lines = append(lines, describeLoopPlan(plans[s]))
			}
		}
		return true
	})
	// N is 8: b[k*N + j] moves a row, 64 bytes, an iteration.
	assert.Equal(t, []string{"aggregated", "over 'k' by 1, counting max(0, (8 - k + 0) / 1) iterations\n" +
		"\taddress 1: &a[i*8+k], +8 bytes an iteration\n" +
		"\taddress 2: &b[k*8+j], +64 bytes an iteration\n" +
		"\ta[i*8+k]: address 1 +0 bytes\n" +
		"\tb[k*8+j]: address 2 +0 bytes\n"}, lines)
}
