package lower

import (
	"fmt"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// Jumps into blocks. C lets a goto enter a block, an if or else branch, a
// loop body or a switch clause from outside, and a switch jump to a case
// label inside a loop of its body (Duff's device); Go does not let a goto
// enter any block. The statements a goto enters are "opened": emitted in the
// block around them, with labels and gotos for their control flow, so the
// label lands in a block the goto is in or leaves. Only what a goto
// enters is opened; everything else keeps its structured form.
//
// Go also forbids a forward goto over a variable declaration. Locals are
// hoisted to the function's top and temporaries live in blocks of their
// own, so opened code declares nothing at its level.

// openStatements finds the statements of a function body that gotos
// enter, and those between a switch and a case label inside a statement of
// its body (the switch is a jump to each case label); it reports a jump
// into the scope of a variable-length array (C99 6.8.6.1p1).
func (tr *translator) openStatements(body *ast.CompoundStmt) map[ast.Stmt]bool {
	labels := map[string][]pathStep{}
	type jump struct {
		from, to []pathStep
		label    string // the goto's label, whose path is found after the walk
		pos      token.Pos
	}
	var jumps []jump
	within := func(path []pathStep, s ast.Stmt, branch int) []pathStep {
		return append(path[:len(path):len(path)], pathStep{stmt: s, branch: branch})
	}
	// switchPath is where the innermost switch stands; its case labels
	// deeper than its clauses are jumps from there.
	var walk func(s ast.Stmt, path, switchPath []pathStep)
	walk = func(s ast.Stmt, path, switchPath []pathStep) {
		switch s := s.(type) {
		case *ast.CompoundStmt:
			for i, it := range s.Items {
				p := within(path, s, 0)
				p[len(p)-1].item = i
				walk(it, p, switchPath)
			}
		case *ast.LabeledStmt:
			labels[s.Label] = path
			walk(s.Stmt, path, switchPath)
		case *ast.CaseStmt, *ast.DefaultStmt:
			if switchPath != nil && len(path) > len(switchPath)+1 {
				jumps = append(jumps, jump{from: switchPath, to: path, pos: s.Pos()})
			}
			if c, ok := s.(*ast.CaseStmt); ok {
				walk(c.Stmt, path, switchPath)
			} else {
				walk(s.(*ast.DefaultStmt).Stmt, path, switchPath)
			}
		case *ast.GotoStmt:
			jumps = append(jumps, jump{from: path, label: s.Label, pos: s.Pos()})
		case *ast.IfStmt:
			walk(s.Then, within(path, s, 0), switchPath)
			if s.Else != nil {
				walk(s.Else, within(path, s, 1), switchPath)
			}
		case *ast.WhileStmt:
			walk(s.Body, within(path, s, 0), switchPath)
		case *ast.DoStmt:
			walk(s.Body, within(path, s, 0), switchPath)
		case *ast.ForStmt:
			walk(s.Body, within(path, s, 0), switchPath)
		case *ast.UpcForallStmt:
			walk(s.Body, within(path, s, 0), switchPath)
		case *ast.SwitchStmt:
			// Each case clause is a Go block of its own.
			here := within(path, s, 0)[:len(path)]
			clause := 0
			for _, it := range switchItems(s) {
				if startsClause(it) {
					clause++
				}
				walk(it, within(path, s, clause), here)
			}
		}
	}
	walk(body, nil, nil)
	open := map[ast.Stmt]bool{}
	for _, j := range jumps {
		to := j.to
		if j.label != "" {
			var ok bool
			if to, ok = labels[j.label]; !ok {
				continue // gotoTargets reports it
			}
		}
		from, common := j.from, 0
		for common < len(to) && common < len(from) && to[common].stmt == from[common].stmt && to[common].branch == from[common].branch {
			common++
		}
		if common > 0 {
			// In the innermost block both are in, a forward jump skips
			// the items between them.
			if c, ok := to[common-1].stmt.(*ast.CompoundStmt); ok && from[common-1].item < to[common-1].item {
				tr.checkSkippedVLA(c.Items[from[common-1].item+1:to[common-1].item], j.pos)
			}
		}
		for _, step := range to[common:] {
			open[step.stmt] = true
			if c, ok := step.stmt.(*ast.CompoundStmt); ok {
				tr.checkSkippedVLA(c.Items[:step.item], j.pos) // entering skips what comes before
			}
		}
	}
	return open
}

// pathStep is one block on the way from a function's body to a statement:
// an item of a compound statement, or a branch of a control statement (if:
// 0 then, 1 else; switch: the case clause).
type pathStep struct {
	stmt   ast.Stmt
	branch int
	item   int
}

// checkSkippedVLA reports a jump (a goto at pos, or a case label there)
// past the declaration of a variable-length array into its scope: the
// array would not exist.
func (tr *translator) checkSkippedVLA(skipped []ast.Stmt, pos token.Pos) {
	for _, s := range skipped {
		d, ok := s.(*ast.DeclStmt)
		if !ok {
			continue
		}
		for _, decl := range d.Decls {
			if decl.Storage != ast.Static && decl.Storage != ast.Extern && hasVLA(decl.Type) {
				tr.errorf(pos, "jump into scope of identifier with variably modified type ('%s' at line %d)", decl.Name, decl.Pos().Line)
				return
			}
		}
	}
}

// switchItems is a switch body's items as the switch emits them.
func switchItems(s *ast.SwitchStmt) []ast.Stmt {
	body, ok := s.Body.(*ast.CompoundStmt)
	if !ok {
		return []ast.Stmt{s.Body}
	}
	return flattenCases(body.Items)
}

// jumpTarget is an enclosing loop or switch, for break and continue: a Go
// for or switch, where they stay break and continue, or an opened one,
// where they become gotos to its labels.
type jumpTarget struct {
	loop              bool
	brk, cont         string // the opened statement's labels; "" when not opened
	brkUsed, contUsed bool
}

// pushJump enters a loop or switch; popJump leaves it.
func (f *funcState) pushJump(j *jumpTarget) { f.jumps = append(f.jumps, j) }
func (f *funcState) popJump()               { f.jumps = f.jumps[:len(f.jumps)-1] }

// breakStmt is C's break: Go's, or a goto out of an opened loop or switch.
func (tr *translator) breakStmt(s *ast.BreakStmt) {
	fn := tr.fn
	if len(fn.jumps) == 0 {
		tr.errorf(s.Pos(), "break statement not within loop or switch")
		return
	}
	j := fn.jumps[len(fn.jumps)-1]
	if j.brk == "" {
		fn.stmt("break")
		return
	}
	j.brkUsed = true
	fn.stmt("goto " + j.brk)
}

// continueStmt is C's continue: Go's, or a goto to the condition of an
// opened loop.
func (tr *translator) continueStmt(s *ast.ContinueStmt) {
	fn := tr.fn
	for i := len(fn.jumps) - 1; i >= 0; i-- {
		j := fn.jumps[i]
		if !j.loop {
			continue
		}
		if j.cont == "" {
			fn.stmt("continue")
			return
		}
		j.contUsed = true
		fn.stmt("goto " + j.cont)
		return
	}
	tr.errorf(s.Pos(), "continue statement not within a loop")
}

// label writes a Go label of an opened statement. The empty statement
// after it lets a case clause or the end of a block follow.
func (f *funcState) label(name string) { f.stmt(name + ":\n;") }

// flat translates s into the current Go block: a compound statement's
// items without braces (its C scope kept).
func (tr *translator) flat(s ast.Stmt) {
	if c, ok := s.(*ast.CompoundStmt); ok {
		tr.block(c)
		return
	}
	tr.scoped(s)
}

// openIf is an if statement a goto enters.
func (tr *translator) openIf(s *ast.IfStmt) {
	fn := tr.fn
	fn.line(s.Pos())
	n := tr.nextLabel()
	els, end := "else"+n, "endif"+n
	skip := end
	if s.Else != nil {
		skip = els
	}
	fn.stmt(fmt.Sprintf("if !(%s) {\ngoto %s\n}", tr.cond(s.Cond), skip))
	tr.flat(s.Then)
	if s.Else != nil {
		fn.stmt("goto " + end)
		fn.label(els)
		tr.flat(s.Else)
	}
	fn.label(end)
}

// openLoop is a while, do, for or upc_forall loop whose body a goto
// enters: the condition at the top (at the bottom for do), the post
// clause at the continue label.
func (tr *translator) openLoop(pos token.Pos, init ast.Stmt, cond, post, aff ast.Expr, isDo bool, body ast.Stmt) {
	fn := tr.fn
	controlling := aff != nil && fn.forall == 0 // as in forStmt
	tr.pushScope()
	fn.line(pos)
	n := tr.nextLabel()
	j := &jumpTarget{loop: true, brk: "brk" + n, cont: "cont" + n}
	top := "top" + n
	if init != nil {
		tr.stmt(init)
	}
	fn.label(top)
	if cond != nil && !isDo {
		j.brkUsed = true
		fn.stmt(fmt.Sprintf("if !(%s) {\ngoto %s\n}", tr.cond(cond), j.brk))
	}
	if aff != nil {
		// Iterations whose affinity is another thread's are skipped (a
		// jump into the body runs the rest of it wherever it lands); a
		// upc_forall inside a controlling one runs every iteration.
		a := tr.value(aff)
		switch {
		case !controlling:
		case a.t.IsPtrToShared():
			j.contUsed = true
			fn.stmt(fmt.Sprintf("if int(%s.Thread) != t.MyThread {\ngoto %s\n}", a.paren(), j.cont))
		case a.t.IsInteger():
			j.contUsed = true
			fn.stmt(fmt.Sprintf("if upc.ForallOwner(int64(%s), t.Threads) != t.MyThread {\ngoto %s\n}", tr.conv(a, ctype.LongType), j.cont))
		default:
			tr.errorf(aff.Pos(), "upc_forall affinity must be an integer or a pointer-to-shared, not '%s'", a.t)
		}
	}
	if controlling {
		fn.forall++
		defer func() { fn.forall-- }()
	}
	fn.pushJump(j)
	tr.flat(body)
	fn.popJump()
	if j.contUsed {
		fn.label(j.cont)
	}
	if post != nil {
		fn.stmt(tr.capture(func() { tr.exprStmt(post) }).code)
	}
	if isDo {
		fn.stmt(fmt.Sprintf("if %s {\ngoto %s\n}", tr.cond(cond), top))
	} else {
		fn.stmt("goto " + top)
	}
	if j.brkUsed {
		fn.label(j.brk)
	}
	tr.popScope()
}

// nextLabel numbers the labels of one opened statement.
func (tr *translator) nextLabel() string {
	tr.nextID++
	return fmt.Sprint(tr.nextID)
}

// openSwitch is a switch a goto enters, or whose case labels stand inside
// a statement of its body (Duff's device): a Go switch on the tag that
// only dispatches, to a label at each case label, wherever it stands; the
// body in order, falling through as C does.
func (tr *translator) openSwitch(s *ast.SwitchStmt, j *jumpTarget, st *switchState, tag string) {
	fn := tr.fn
	n := tr.nextLabel()
	j.brk = "brk" + n
	v := tr.tmp("sw")
	fn.hoisted = append(fn.hoisted, &symbol{name: v, goName: v, typ: st.tag, used: true})
	fn.stmt(fmt.Sprintf("%s = %s", v, tag))
	fn.stmt("switch " + v + " {")
	st.labels = map[ast.Stmt]string{}
	hasDefault := false
	for _, c := range caseLabels(s.Body) {
		label := fmt.Sprintf("case%s_%d", n, len(st.labels))
		st.labels[c] = label
		switch c := c.(type) {
		case *ast.CaseStmt:
			if value, ok := tr.caseValue(st, c); ok {
				fn.stmt(fmt.Sprintf("case %s:\ngoto %s", value, label))
			}
		case *ast.DefaultStmt:
			hasDefault = true
			fn.stmt("default:\ngoto " + label)
		}
	}
	fn.stmt("}")
	if !hasDefault {
		j.brkUsed = true
		fn.stmt("goto " + j.brk)
	}
	tr.flat(s.Body)
	if j.brkUsed {
		fn.label(j.brk)
	}
}

// caseLabels are the case and default labels of a switch body, in order,
// at any depth but not inside a nested switch.
func caseLabels(body ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SwitchStmt:
			return false
		case *ast.CaseStmt, *ast.DefaultStmt:
			out = append(out, n.(ast.Stmt))
		}
		return true
	})
	return out
}
