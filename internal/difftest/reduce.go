package difftest

import (
	"regexp"
)

// Reduce minimises a failing program, in the spirit of delta debugging
// over the abstract program: it tries deleting phases, tasks and
// statements, then simplifying what is left (loop shapes and directions,
// move APIs, expressions replaced by a constant or an operand, objects
// nobody uses, array sizes), and keeps each change after which the
// program still fails the same way in the same run. It edits p in place
// and returns it with its last failure. Each try builds the program, so a
// reduction takes minutes; logf reports progress.
func Reduce(c *Checker, p *Program, f *Failure, logf func(string, ...any)) (*Program, *Failure) {
	r := &reducer{c: c, p: p, f: f, sig: signature(f), seen: map[string]bool{}, logf: logf}
	if r.c.Repeat < 5 && f.Kind == Mismatch {
		// A race may show in one run of several: ask for more.
		saved := r.c.Repeat
		r.c.Repeat = 5
		defer func() { r.c.Repeat = saved }()
	}
	for changed := true; changed; {
		changed = false
		for _, pass := range []func() bool{r.phases, r.tasks, r.stmts, r.loops, r.moves, r.exprs, r.objects} {
			if pass() {
				changed = true
			}
		}
	}
	logf("reduced in %d tries", r.tries)
	return r.p, r.f
}

type reducer struct {
	c     *Checker
	p     *Program
	f     *Failure
	sig   string
	seen  map[string]bool // programs already tried (as printed)
	tries int
	logf  func(string, ...any)
}

// compileErrRE matches a Go compiler message about the generated code; its
// text without the position is what a build failure is recognised by.
var compileErrRE = regexp.MustCompile(`(?m)^\S+:\d+(?::\d+)?: (.*)$`)

// signature is what must stay the same for a smaller program to count as
// failing the same way.
func signature(f *Failure) string {
	if f.Kind == BuildFailed {
		if m := compileErrRE.FindStringSubmatch(f.Detail); m != nil {
			return f.Kind.String() + ": " + m[1]
		}
	}
	return f.Kind.String()
}

// try keeps the change apply made if the program is still valid and still
// fails the same way, and undoes it otherwise.
func (r *reducer) try(apply, undo func()) bool {
	apply()
	if !valid(r.p) {
		undo()
		return false
	}
	text := UPC(r.p, "")
	if r.seen[text] {
		undo()
		return false
	}
	r.seen[text] = true
	r.tries++
	f, err := r.c.Check(r.p, []Run{r.f.Run})
	if err != nil || f == nil || signature(f) != r.sig {
		undo()
		return false
	}
	r.f = f
	return true
}

// removeEach tries deleting each element of *list, last first.
func removeEach[T any](r *reducer, list *[]T) bool {
	changed := false
	for i := len(*list) - 1; i >= 0; i-- {
		saved := *list
		if r.try(func() {
			next := append([]T{}, saved[:i]...)
			*list = append(next, saved[i+1:]...)
		}, func() { *list = saved }) {
			changed = true
		}
	}
	return changed
}

// phases deletes phases and makes each barrier a plain upc_barrier.
func (r *reducer) phases() bool {
	changed := removeEach(r, &r.p.Phases)
	for _, ph := range r.p.Phases {
		changed = removeEach(r, &ph.Between) || changed
		if ph.Barrier != BarrierPlain && len(ph.Between) == 0 {
			kind, id := ph.Barrier, ph.ID
			changed = r.try(func() { ph.Barrier, ph.ID = BarrierPlain, 0 }, func() { ph.Barrier, ph.ID = kind, id }) || changed
		}
	}
	return changed
}

func (r *reducer) tasks() bool {
	changed := false
	for _, ph := range r.p.Phases {
		changed = removeEach(r, &ph.Tasks) || changed
	}
	return changed
}

func (r *reducer) stmts() bool {
	changed := false
	for _, l := range r.loopsOf() {
		changed = removeEach(r, &l.Body) || changed
	}
	return changed
}

func (r *reducer) loopsOf() []*Loop {
	var ls []*Loop
	for _, ph := range r.p.Phases {
		for _, t := range ph.Tasks {
			if l, ok := t.(*Loop); ok {
				ls = append(ls, l)
			}
		}
	}
	return ls
}

// set tries *field = v.
func set[T comparable](r *reducer, field *T, v T) bool {
	old := *field
	if old == v {
		return false
	}
	return r.try(func() { *field = v }, func() { *field = old })
}

// loops simplifies loop shapes toward the plainest upc_forall.
func (r *reducer) loops() bool {
	changed := false
	for _, l := range r.loopsOf() {
		changed = set(r, &l.InFunc, false) || changed
		changed = set(r, &l.Desc, false) || changed
		changed = set(r, &l.Step2, false) || changed
		changed = set(r, &l.Start, 0) || changed
		switch l.Shape {
		case ShapeForMine, ShapePtrWalk, ShapeView, ShapeNested:
			shape, aff := l.Shape, l.Aff
			changed = r.try(func() { l.Shape, l.Aff = ShapeForall, Affinity{Kind: AffAddr, Obj: l.Target} },
				func() { l.Shape, l.Aff = shape, aff }) || changed
		case ShapeIndef:
			changed = set(r, &l.Shape, ShapeLocal) || changed
		case ShapeForall:
			changed = set(r, &l.Aff, Affinity{Kind: AffAddr, Obj: l.Target}) || changed
		}
	}
	return changed
}

// moves simplifies moves toward one blocking contiguous copy.
func (r *reducer) moves() bool {
	changed := false
	for _, ph := range r.p.Phases {
		for _, t := range ph.Tasks {
			m, ok := t.(*Move)
			if !ok {
				continue
			}
			for _, f := range []*int{&m.DstRot, &m.DstOff, &m.SrcRot, &m.SrcOff} {
				changed = set(r, f, 0) || changed
			}
			changed = set(r, &m.DstStride, 1) || changed
			changed = set(r, &m.SrcStride, 1) || changed
			changed = set(r, &m.GetSync, SyncBlocking) || changed
			changed = set(r, &m.PutSync, SyncBlocking) || changed
			changed = set(r, &m.Direct, true) || changed
			if m.Gather != nil {
				g := m.Gather
				changed = r.try(func() { m.Gather = nil }, func() { m.Gather = g }) || changed
			}
			changed = set(r, &m.PutAPI, APIContig) || changed
			changed = set(r, &m.GetAPI, APIContig) || changed
		}
	}
	return changed
}

// exprs replaces each expression by a zero of its type or by one of its
// operands.
func (r *reducer) exprs() bool {
	changed := false
	for _, s := range exprSlots(r.p) {
		orig := *s.e
		t := typeOf(orig, s.cur)
		var cands []Expr
		if c, ok := orig.(Const); !ok || c.Bits != 0 || c.F != 0 {
			cands = append(cands, Const{T: t})
		}
		cands = append(cands, operands(orig)...)
		for _, cand := range cands {
			if !t.IsFloat() && typeOf(cand, s.cur).IsFloat() {
				continue // an integer is needed where an integer was
			}
			if r.try(func() { *s.e = cand }, func() { *s.e = orig }) {
				changed = true
				break
			}
		}
	}
	return changed
}

func operands(e Expr) []Expr {
	switch e := e.(type) {
	case *Unary:
		return []Expr{e.X}
	case *Binary:
		return []Expr{e.X, e.Y}
	case *Cond:
		return []Expr{e.X, e.Y}
	case *Cast:
		return []Expr{e.X}
	case *Elem:
		if e.Idx != nil {
			return []Expr{e.Idx}
		}
	case *PtrQuery:
		return []Expr{e.Idx}
	case *PtrRead:
		if e.Idx != nil {
			return []Expr{e.Idx}
		}
	}
	return nil
}

// slot is a place holding an expression, and the type of Cur there.
type slot struct {
	e   *Expr
	cur Type
}

// exprSlots lists every expression slot of p, outermost first.
func exprSlots(p *Program) []slot {
	var slots []slot
	var walk func(e *Expr, cur Type)
	walk = func(e *Expr, cur Type) {
		if *e == nil {
			return
		}
		slots = append(slots, slot{e, cur})
		switch x := (*e).(type) {
		case *Unary:
			walk(&x.X, cur)
		case *Binary:
			walk(&x.X, cur)
			walk(&x.Y, cur)
		case *Cond:
			walk(&x.C, cur)
			walk(&x.X, cur)
			walk(&x.Y, cur)
		case *Cast:
			walk(&x.X, cur)
		case *Elem:
			walk(&x.Idx, cur)
		case *PtrQuery:
			walk(&x.Idx, cur)
			walk(&x.Idx2, cur)
		case *PtrRead:
			walk(&x.Idx, cur)
		}
	}
	for _, ph := range p.Phases {
		for _, s := range ph.Between {
			walk(&s.X, Type{})
		}
		for _, t := range ph.Tasks {
			switch t := t.(type) {
			case *Move:
				walk(&t.Gather, Type{})
			case *Loop:
				var cur Type
				if t.Target != nil {
					cur = t.Target.Elem
				}
				for _, s := range t.Body {
					switch s := s.(type) {
					case *Assign:
						walk(&s.X, cur)
					case *PrivAssign:
						walk(&s.X, cur)
					case *StructCopy:
						walk(&s.Idx, cur)
						walk(&s.X, cur)
					case *PtrSet:
						walk(&s.Idx, cur)
					case *PtrCopy:
						walk(&s.Idx, cur)
					}
				}
			}
		}
	}
	return slots
}

// objects deletes objects nothing refers to and shrinks arrays.
func (r *reducer) objects() bool {
	changed := false
	for i := len(r.p.Structs) - 1; i >= 0; i-- {
		if structUsed(r.p, r.p.Structs[i]) {
			continue
		}
		saved := r.p.Structs
		changed = r.try(func() {
			r.p.Structs = append(append([]*Struct{}, saved[:i]...), saved[i+1:]...)
		}, func() { r.p.Structs = saved }) || changed
	}
	for i := len(r.p.Objects) - 1; i >= 0; i-- {
		o := r.p.Objects[i]
		if refersTo(r.p, o) {
			continue
		}
		saved := r.p.Objects
		changed = r.try(func() {
			r.p.Objects = append(append([]*Object{}, saved[:i]...), saved[i+1:]...)
		}, func() { r.p.Objects = saved }) || changed
	}
	for _, o := range r.p.Objects {
		if o.Kind == Private {
			changed = set(r, &o.Init, Const{T: o.Elem.Scalar}) || changed
		}
		if o.Kind != SharedArray {
			continue
		}
		if len(o.Dims) > 1 {
			saved, savedB := o.Dims, o.Layout.B
			n := Dim{N: o.perThread(), Threads: o.hasThreads()}
			changed = r.try(func() { o.Dims = []Dim{n}; fixStar(o) }, func() { o.Dims, o.Layout.B = saved, savedB }) || changed
		}
		for d := range o.Dims {
			for _, n := range []int{1, o.Dims[d].N / 2} {
				if n < 1 || n >= o.Dims[d].N {
					continue
				}
				saved, savedB := o.Dims[d].N, o.Layout.B
				changed = r.try(func() { o.Dims[d].N = n; fixStar(o) }, func() { o.Dims[d].N, o.Layout.B = saved, savedB }) || changed
			}
		}
		if o.Layout.Kind == Blocked {
			saved := o.Layout
			changed = r.try(func() { o.Layout = Layout{Kind: Cyclic, B: 1} }, func() { o.Layout = saved }) || changed
		}
	}
	return changed
}

func fixStar(o *Object) {
	if o.Layout.Kind == Star {
		o.Layout.B = o.perThread()
	}
}

func structUsed(p *Program, s *Struct) bool {
	for _, o := range p.Objects {
		if o.Elem.Struct == s {
			return true
		}
	}
	return false
}

// refersTo reports whether any task of p names o, or any object's type.
func refersTo(p *Program, o *Object) bool {
	for _, x := range p.Objects {
		if x.Elem.Ptr == o {
			return true
		}
	}
	for _, s := range exprSlots(p) {
		switch x := (*s.e).(type) {
		case *Elem:
			if x.Obj == o {
				return true
			}
		case *Priv:
			if x.P == o {
				return true
			}
		case *PtrQuery:
			if x.Obj == o {
				return true
			}
		case *SizeQuery:
			if x.Obj == o {
				return true
			}
		case *PtrRead:
			if x.Obj == o {
				return true
			}
		}
	}
	for _, ph := range p.Phases {
		for _, s := range ph.Between {
			if s.P == o {
				return true
			}
		}
		for _, t := range ph.Tasks {
			switch t := t.(type) {
			case *Move:
				if t.Dst == o || t.Src == o {
					return true
				}
			case *Loop:
				if t.Target == o || t.Aff.Obj == o {
					return true
				}
				for _, s := range t.Body {
					switch s := s.(type) {
					case *PrivAssign:
						if s.P == o {
							return true
						}
					case *IncDec:
						if s.Into == o {
							return true
						}
					case *StructCopy:
						if s.Src == o {
							return true
						}
					case *PtrCopy:
						if s.Src == o {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// valid checks the constraints that make a program's model and UPC text
// agree, which a reduction may break: views and reblocking casts need
// arrays whose threads hold equal whole blocks, nested loops need rows,
// and a [*] array's block size follows its dimensions.
func valid(p *Program) bool {
	for _, o := range p.Objects {
		if o.Kind == SharedArray && o.Layout.Kind == Star && o.Layout.B != o.perThread() {
			return false
		}
	}
	for _, s := range exprSlots(p) {
		if q, isQuery := (*s.e).(*PtrQuery); isQuery && q.Reblock && !q.Obj.even() {
			return false
		}
	}
	for _, ph := range p.Phases {
		for _, t := range ph.Tasks {
			l, isLoop := t.(*Loop)
			switch {
			case !isLoop:
			case l.Shape == ShapeView && (!l.Target.even() || l.Target.perThread()%l.ViewB != 0):
				return false
			case l.Shape == ShapeNested && len(l.Target.Dims) < 2:
				return false
			}
		}
	}
	return true
}
