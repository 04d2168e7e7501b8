package difftest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Generate returns the program of seed: the same seed gives the same
// program (math/rand/v2's PCG is specified).
func Generate(seed uint64) *Program {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x0d1ff7e57)), p: &Program{Seed: seed}}
	g.structs()
	g.objects()
	g.p.Phases = append(g.p.Phases, g.initPhase())
	nPhases := 2 + g.r.IntN(5)
	for range nPhases {
		g.p.Phases = append(g.p.Phases, g.phase())
	}
	return g.p
}

type gen struct {
	r *rand.Rand
	p *Program
}

func (g *gen) chance(pct int) bool { return g.r.IntN(100) < pct }

func pick[T any](g *gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

func (g *gen) structs() {
	for i := range g.r.IntN(3) {
		s := &Struct{Name: fmt.Sprintf("S%d", i)}
		for range 1 + g.r.IntN(4) {
			s.Fields = append(s.Fields, g.scalar())
		}
		g.p.Structs = append(g.p.Structs, s)
	}
}

// scalar picks a scalar type, every one equally likely.
func (g *gen) scalar() Scalar { return Scalar(g.r.IntN(int(numScalars))) }

// literalType picks the type of a constant: int, the type of most
// literals in real programs, more often than the others.
func (g *gen) literalType() Scalar {
	if g.chance(40) {
		return Int
	}
	return g.scalar()
}

func (g *gen) intScalar() Scalar {
	for {
		if t := g.scalar(); !t.IsFloat() {
			return t
		}
	}
}

func (g *gen) elemType() Type {
	if targets := g.ptrTargets(); len(targets) > 0 && g.chance(15) {
		return Type{Ptr: pick(g, targets)}
	}
	if len(g.p.Structs) > 0 && g.chance(25) {
		return Type{Struct: pick(g, g.p.Structs)}
	}
	return Type{Scalar: g.scalar()}
}

// ptrTargets are the arrays made so far that pointers-to-shared may point
// into: those of scalars and structs.
func (g *gen) ptrTargets() []*Object {
	var ts []*Object
	for _, o := range g.arrays(g.p.Objects) {
		if o.Elem.Ptr == nil {
			ts = append(ts, o)
		}
	}
	return ts
}

func (g *gen) objects() {
	name := func(prefix string) string { return fmt.Sprintf("%s%d", prefix, len(g.p.Objects)) }
	for range 2 + g.r.IntN(4) {
		g.p.Objects = append(g.p.Objects, g.array(name("a"), g.elemType()))
	}
	for range g.r.IntN(3) {
		g.p.Objects = append(g.p.Objects, &Object{Name: name("s"), Kind: SharedScalar, Elem: g.elemType(), Strict: g.chance(20)})
	}
	for range 1 + g.r.IntN(3) {
		t := g.scalar()
		g.p.Objects = append(g.p.Objects, &Object{Name: name("p"), Kind: Private, Elem: Type{Scalar: t}, Init: g.constant(t)})
	}
}

// array makes a shared array of elem. Arrays of pointers are static: the
// spec makes static ones start null, and nothing promises that zeroed
// bytes are a null pointer-to-shared.
func (g *gen) array(name string, elem Type) *Object {
	o := &Object{Name: name, Kind: SharedArray, Elem: elem}
	switch r := g.r.IntN(100); {
	case r < 80 || elem.Ptr != nil:
		o.Storage = Static
	case r < 88:
		o.Storage = AllAlloc
	case r < 94:
		o.Storage = GlobalAlloc
	default:
		o.Storage = LocalAlloc
	}
	if o.Storage != Static {
		o.Home = g.r.IntN(8)
		if o.Storage == LocalAlloc {
			o.Layout = Layout{Kind: Indefinite}
			o.Dims = []Dim{{N: 1 + g.r.IntN(24)}}
			return o
		}
		o.Layout = Layout{Kind: Cyclic, B: 1}
		if g.chance(60) {
			o.Layout = Layout{Kind: Blocked, B: pick(g, []int{1, 2, 3, 4, 5, 8})}
		}
		o.Dims = []Dim{{N: 1 + g.r.IntN(10), Threads: true}}
		return o
	}
	switch r := g.r.IntN(100); {
	case r < 30:
		o.Layout = Layout{Kind: Cyclic, B: 1}
	case r < 65:
		o.Layout = Layout{Kind: Blocked, B: pick(g, []int{1, 2, 3, 4, 5, 8, 16})}
	case r < 80:
		o.Layout = Layout{Kind: Star}
	default:
		o.Layout = Layout{Kind: Indefinite}
	}
	threads := o.Layout.Kind != Indefinite || g.chance(30)
	switch r := g.r.IntN(100); {
	case r < 60:
		o.Dims = []Dim{{N: 1 + g.r.IntN(10), Threads: threads}}
	case r < 75:
		o.Dims = []Dim{{N: 1, Threads: threads}, {N: 1 + g.r.IntN(6)}}
	case r < 90:
		o.Dims = []Dim{{N: 1 + g.r.IntN(4)}, {N: 1 + g.r.IntN(4), Threads: threads}}
	default:
		o.Dims = []Dim{{N: 1 + g.r.IntN(3)}, {N: 1, Threads: threads}, {N: 1 + g.r.IntN(3)}}
	}
	if !threads {
		// Without THREADS the count is the size: make it a useful one.
		o.Dims[0].N += g.r.IntN(12)
	}
	if o.Layout.Kind == Star {
		o.Layout.B = o.perThread()
	}
	return o
}

// constant picks an interesting value of type t.
func (g *gen) constant(t Scalar) Const {
	if t.IsFloat() {
		f := pick(g, []float64{0, 1, -1, 0.5, 2, 3.25, 10, 1e10, 1e-3, 123.456, -7.75, 1e30, 0.1, 65536.5, 1e300, -2.5e-300})
		if g.chance(20) {
			f = math.Copysign(0, -1)
		}
		if t == Float {
			f = float64(float32(f))
			if math.IsInf(f, 0) {
				f = math.Copysign(math.MaxFloat32, f)
			}
		}
		return Const{T: t, F: f}
	}
	v := pick(g, []uint64{0, 1, 2, 3, 5, 7, 10, 100, 127, 128, 255, 256, 1000, 32767, 32768, 65535, 65536,
		1<<31 - 1, 1 << 31, 1<<32 - 1, 1 << 32, 1 << 40, 1<<63 - 1, 1 << 63, 0xdeadbeef, 0x0123456789abcdef})
	if g.chance(25) {
		v = uint64(g.r.IntN(1000))
	}
	if g.chance(30) {
		v = -v
	}
	c := Const{T: t, Bits: truncate(t, v)}
	switch {
	case g.chance(20):
		c.Spelling = 1
	case t == Int && g.chance(15):
		c.Spelling = 2
	}
	return c
}

// initPhase gives every element of every shared object a value of its
// index, as Csmith starts globals at random values: a store that writes
// more than its element, or the wrong one, then changes a value the
// checksums see. (The shared arrays otherwise start at zero, and a stray
// store of a small constant's upper bytes writes zero: 8-byte stores
// into a shared int went unseen in 40 programs of an earlier generator.)
func (g *gen) initPhase() *Phase {
	ph := &Phase{}
	for _, o := range g.p.Objects {
		if o.Kind == Private {
			continue
		}
		l := &Loop{Target: o, Shape: ShapeSingle, W: g.r.IntN(8)}
		value := func() Expr { return g.constant(g.literalType()) }
		if o.Kind == SharedArray {
			l.Shape, l.Aff = ShapeForall, Affinity{Kind: AffAddr, Obj: o}
			value = func() Expr {
				m := intConst(Int, int64(pick(g, []int{1, 3, 7, 97, -5, 1000003})))
				return &Binary{Op: "+", X: &Binary{Op: "*", X: &Var{Name: "i"}, Y: m}, Y: g.constant(g.literalType())}
			}
		}
		switch {
		case o.Elem.Ptr != nil:
			l.Body = []Stmt{&PtrSet{Idx: &Cast{T: Int, X: value()}}}
		case o.Elem.Struct != nil:
			for f := range o.Elem.Struct.Fields {
				l.Body = append(l.Body, &Assign{Field: f, Op: "=", X: value()})
			}
		default:
			l.Body = []Stmt{&Assign{Field: -1, Op: "=", X: value()}}
		}
		ph.Tasks = append(ph.Tasks, l)
	}
	return ph
}

// phase picks the objects the phase writes and a task for each.
func (g *gen) phase() *Phase {
	var shared []*Object
	for _, o := range g.p.Objects {
		if o.Kind != Private {
			shared = append(shared, o)
		}
	}
	g.r.Shuffle(len(shared), func(i, j int) { shared[i], shared[j] = shared[j], shared[i] })
	n := 1 + g.r.IntN(min(3, len(shared)))
	targets, readOnly := shared[:n], shared[n:]
	ph := &Phase{}
	for _, t := range targets {
		switch {
		case t.Kind == SharedScalar:
			ph.Tasks = append(ph.Tasks, g.single(t, readOnly))
		default:
			var task Task = g.loop(t, readOnly)
			if g.chance(30) {
				if m := g.move(t, readOnly); m != nil {
					task = m
				}
			}
			ph.Tasks = append(ph.Tasks, task)
		}
	}
	if g.chance(30) {
		c := &exprCtx{readOnly: readOnly, all: g.p.Objects}
		l := &Loop{Shape: ShapeEvery}
		for range 1 + g.r.IntN(2) {
			l.Body = append(l.Body, g.privAssign(c))
		}
		ph.Tasks = append(ph.Tasks, l)
	}
	g.r.Shuffle(len(ph.Tasks), func(i, j int) { ph.Tasks[i], ph.Tasks[j] = ph.Tasks[j], ph.Tasks[i] })
	g.barrier(ph)
	return ph
}

// barrier picks how ph ends: upc_barrier with or without a value, or
// upc_notify and upc_wait with private work between them that reads no
// shared data (an empty readOnly list keeps Elem leaves out).
func (g *gen) barrier(ph *Phase) {
	switch r := g.r.IntN(100); {
	case r < 60:
	case r < 75:
		ph.Barrier, ph.ID = BarrierID, g.r.IntN(1000)
	default:
		ph.Barrier = BarrierSplit
		if g.chance(50) {
			ph.ID = 1 + g.r.IntN(1000)
		}
		if g.chance(60) {
			c := &exprCtx{all: g.p.Objects}
			for range 1 + g.r.IntN(2) {
				ph.Between = append(ph.Between, g.privAssign(c))
			}
		}
	}
}

// exprCtx is what an expression may refer to.
type exprCtx struct {
	vars     []string
	cur      *Type // nil: no current element
	readOnly []*Object
	all      []*Object
	inIndex  bool // building an index of an array read
}

// index builds the index of an array read or a pointer query. An index
// inside an index reads no shared data: the printers repeat operands in
// their guards, so reads nested without bound made programs of hundreds
// of megabytes.
func (g *gen) index(c *exprCtx) Expr {
	inner := *c
	if c.inIndex {
		inner.readOnly, inner.all = nil, nil
	}
	inner.inIndex = true
	return g.expr(&inner, 1, true)
}

func (g *gen) arrays(objs []*Object) []*Object {
	var as []*Object
	for _, o := range objs {
		if o.Kind == SharedArray {
			as = append(as, o)
		}
	}
	return as
}

func (g *gen) single(t *Object, readOnly []*Object) *Loop {
	l := &Loop{Target: t, Shape: ShapeSingle, W: g.r.IntN(8)}
	g.fillBody(l, &exprCtx{cur: &t.Elem, readOnly: readOnly, all: g.p.Objects})
	return l
}

func (g *gen) loop(t *Object, readOnly []*Object) *Loop {
	l := &Loop{Target: t, InFunc: g.chance(20)}
	shapes := []Shape{ShapeForall, ShapeForall, ShapeForall, ShapeForall, ShapeForMine, ShapePtrWalk, ShapeLocal, ShapeIndef}
	if t.even() {
		shapes = append(shapes, ShapeView)
	}
	if len(t.Dims) > 1 {
		shapes = append(shapes, ShapeNested, ShapeNested)
	}
	l.Shape = pick(g, shapes)
	vars := []string{"i"}
	switch l.Shape {
	case ShapeForall:
		arrays := g.arrays(g.p.Objects)
		switch r := g.r.IntN(100); {
		case r < 30:
			l.Aff = Affinity{Kind: AffAddr, Obj: t}
		case r < 45:
			l.Aff = Affinity{Kind: AffAddr, Obj: pick(g, arrays)}
		case r < 60:
			l.Aff = Affinity{Kind: AffPtr, Obj: pick(g, arrays)}
		case r < 85:
			l.Aff = Affinity{Kind: AffInt, Mul: 1 + g.r.IntN(3), Add: g.r.IntN(6), Div: 1 + g.r.IntN(4)}
		default:
			l.Aff = Affinity{Kind: AffContinue}
		}
		if a := &l.Aff; a.Kind == AffAddr && a.Obj.Elem.Struct != nil && g.chance(40) {
			a.Member, a.Field = true, g.r.IntN(len(a.Obj.Elem.Struct.Fields))
		}
		g.direction(l)
	case ShapeForMine:
		l.Step2 = g.chance(15)
	case ShapePtrWalk:
		l.Desc = g.chance(30)
	case ShapeLocal, ShapeIndef:
		vars = []string{"k"}
		l.Desc = g.chance(30)
		l.Rot = 1 + g.r.IntN(3)
	case ShapeNested:
		l.Outer = pick(g, []AffKind{AffAddr, AffAddr, AffAddr, AffInt, AffInt, AffContinue, AffNone})
		if l.controlsRows() {
			l.Inner = pick(g, []AffKind{AffAddr, AffInt, AffContinue})
		} else {
			l.Inner = pick(g, []AffKind{AffAddr, AffInt})
		}
	case ShapeView:
		var divisors []int
		for d := 1; d <= t.perThread(); d++ {
			if t.perThread()%d == 0 {
				divisors = append(divisors, d)
			}
		}
		l.ViewB = pick(g, divisors)
		g.direction(l)
	}
	g.fillBody(l, &exprCtx{vars: vars, cur: &t.Elem, readOnly: readOnly, all: g.p.Objects})
	return l
}

func (g *gen) direction(l *Loop) {
	l.Desc = g.chance(30)
	if g.chance(20) {
		l.Step2 = true
		l.Start = g.r.IntN(2)
	}
}

var (
	intOps   = []string{"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
	floatOps = []string{"+=", "-=", "*=", "/="}
)

func (g *gen) fillBody(l *Loop, c *exprCtx) {
	if c.cur.Ptr != nil {
		g.ptrBody(l, c)
		return
	}
	for range 1 + g.r.IntN(4) {
		field := -1
		if c.cur.Struct != nil {
			field = g.r.IntN(len(c.cur.Struct.Fields))
		}
		switch r := g.r.IntN(100); {
		case r < 50:
			op := "="
			if g.chance(50) {
				if c.cur.field(field).IsFloat() {
					op = pick(g, floatOps)
				} else {
					op = pick(g, intOps)
				}
			}
			x := g.expr(c, 3, false)
			if op == "=" && g.chance(30) {
				x = g.constant(g.literalType()) // a[i] = 1, the commonest store
			}
			l.Body = append(l.Body, &Assign{Field: field, Op: op, X: x})
		case r < 70:
			s := &IncDec{Field: field, Dec: g.chance(50), Post: g.chance(50)}
			if g.chance(40) {
				s.Into = g.priv()
				s.IntoOp = pick(g, []string{"=", "+="})
			}
			l.Body = append(l.Body, s)
		case r < 88:
			l.Body = append(l.Body, g.privAssign(c))
		default:
			var srcs []*Object
			for _, o := range g.arrays(c.readOnly) {
				if c.cur.Struct != nil && o.Elem == *c.cur {
					srcs = append(srcs, o)
				}
			}
			if len(srcs) == 0 {
				l.Body = append(l.Body, &Assign{Field: field, Op: "=", X: g.expr(c, 2, false)})
				continue
			}
			src := pick(g, srcs)
			s := &StructCopy{Src: src, Idx: g.index(c), Field: -1}
			if g.chance(60) {
				s.Field, s.Op, s.X = field, "=", g.expr(c, 2, false)
			}
			l.Body = append(l.Body, s)
		}
	}
}

// ptrBody fills the body of a loop over pointers-to-shared: point them at
// elements of their target, at null, copy them from another object of
// their type, step them.
func (g *gen) ptrBody(l *Loop, c *exprCtx) {
	var srcs []*Object
	for _, o := range c.readOnly {
		if o.Elem == *c.cur {
			srcs = append(srcs, o)
		}
	}
	for range 1 + g.r.IntN(3) {
		switch r := g.r.IntN(100); {
		case r < 40:
			l.Body = append(l.Body, &PtrSet{Idx: g.expr(c, 2, true)})
		case r < 48:
			l.Body = append(l.Body, &PtrSet{})
		case r < 65 && len(srcs) > 0:
			s := &PtrCopy{Src: pick(g, srcs)}
			if s.Src.Kind == SharedArray {
				s.Idx = g.index(c)
			}
			l.Body = append(l.Body, s)
		case r < 90:
			l.Body = append(l.Body, &PtrStep{K: pick(g, []int{1, 1, -1, -1, 2, -3})})
		default:
			l.Body = append(l.Body, g.privAssign(c))
		}
	}
}

// ptrRead reads the pointer-to-shared in o; it dereferences it only if
// no task of the phase writes its target.
func (g *gen) ptrRead(c *exprCtx, o *Object) *PtrRead {
	e := &PtrRead{Kind: PtrReadKind(g.r.IntN(int(numPtrReads))), Obj: o, Field: -1}
	t := o.Elem.Ptr
	if e.Kind == PDeref && !slices.Contains(c.readOnly, t) {
		e.Kind = PDiff
	}
	if e.Kind == PDeref && t.Elem.Struct != nil {
		e.Field = g.r.IntN(len(t.Elem.Struct.Fields))
	}
	if o.Kind == SharedArray {
		e.Idx = g.index(c)
	}
	return e
}

func (g *gen) priv() *Object {
	var ps []*Object
	for _, o := range g.p.Objects {
		if o.Kind == Private {
			ps = append(ps, o)
		}
	}
	return pick(g, ps)
}

func (g *gen) privAssign(c *exprCtx) *PrivAssign {
	p := g.priv()
	op := "="
	if g.chance(60) {
		if p.Elem.Scalar.IsFloat() {
			op = pick(g, floatOps)
		} else {
			op = pick(g, intOps)
		}
	}
	return &PrivAssign{P: p, Op: op, X: g.expr(c, 3, false)}
}

// move builds a Move into dst from a read-only array of the same element
// type, or a memset; nil for pointers that no array can be copied from.
func (g *gen) move(dst *Object, readOnly []*Object) *Move {
	m := &Move{Dst: dst, DstRot: g.r.IntN(4), DstOff: g.r.IntN(3), DstStride: 1}
	var srcs []*Object
	for _, o := range g.arrays(readOnly) {
		if o.Elem == dst.Elem {
			srcs = append(srcs, o)
		}
	}
	if dst.Elem.Ptr != nil && len(srcs) == 0 {
		return nil // no memset of pointers: their bytes are the implementation's
	}
	if len(srcs) == 0 || (dst.Elem.Ptr == nil && g.chance(15)) {
		m.Byte = pick(g, []int{0, 1, 0x7f, 0x80, 0xff, g.r.IntN(256)})
		m.PutAPI = APIContig
		m.PutSync = Sync(g.r.IntN(int(numSyncs)))
		return m
	}
	m.Src = pick(g, srcs)
	m.SrcRot, m.SrcOff = g.r.IntN(4), g.r.IntN(3)
	if g.chance(40) {
		m.DstStride = 1 + g.r.IntN(3)
	}
	if g.chance(40) {
		m.SrcStride = 1 + g.r.IntN(3)
	} else {
		m.SrcStride = 1
	}
	if g.chance(20) {
		m.Gather = g.expr(&exprCtx{vars: []string{"k"}, readOnly: readOnly, all: g.p.Objects}, 2, true)
	}
	m.Direct = g.chance(50)
	m.DstPerElem = m.DstStride > 1 || g.chance(50)
	m.SrcPerElem = m.SrcStride > 1 || m.Gather != nil || g.chance(50)
	dstAPIs := apisFor(m.DstStride, false)
	srcAPIs := apisFor(m.SrcStride, m.Gather != nil)
	if m.Direct {
		var both []API
		for _, a := range dstAPIs {
			if slices.Contains(srcAPIs, a) {
				both = append(both, a)
			}
		}
		m.PutAPI = pick(g, both)
		m.PutSync = g.sync(m.PutAPI)
		return m
	}
	m.GetAPI, m.PutAPI = pick(g, srcAPIs), pick(g, dstAPIs)
	m.GetSync, m.PutSync = g.sync(m.GetAPI), g.sync(m.PutAPI)
	return m
}

// apisFor lists the APIs that can address one side of a move.
func apisFor(stride int, gather bool) []API {
	switch {
	case gather:
		return []API{APIVlist, APIIlist}
	case stride > 1:
		return []API{APIStrided, APIFstrided, APIVlist, APIIlist}
	}
	return []API{APIContig, APIStrided, APIFstrided, APIVlist, APIIlist}
}

func (g *gen) sync(a API) Sync {
	if a == APIContig {
		return Sync(g.r.IntN(int(numSyncs)))
	}
	return Sync(g.r.IntN(int(SyncNB)))
}

var binaryOps = []string{"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=", "&&", "||"}

// intOnlyOp reports whether op needs integer operands.
func intOnlyOp(op string) bool {
	switch op {
	case "%", "<<", ">>", "&", "|", "^", "~":
		return true
	}
	return false
}

// boolOp reports whether op yields an int whatever its operands.
func boolOp(op string) bool {
	switch op {
	case "==", "!=", "<", "<=", ">", ">=", "&&", "||", "!":
		return true
	}
	return false
}

// expr builds an expression of at most depth levels of operators; with
// intOnly, of an integer type.
func (g *gen) expr(c *exprCtx, depth int, intOnly bool) Expr {
	if depth > 0 && g.chance(65) {
		switch r := g.r.IntN(100); {
		case r < 10:
			op := pick(g, []string{"-", "~", "!"})
			return &Unary{Op: op, X: g.expr(c, depth-1, intOnly || intOnlyOp(op))}
		case r < 75:
			op := pick(g, binaryOps)
			sub := intOnly || intOnlyOp(op)
			if boolOp(op) {
				sub = false
			}
			return &Binary{Op: op, X: g.expr(c, depth-1, sub), Y: g.expr(c, depth-1, sub)}
		case r < 85:
			return &Cond{C: g.expr(c, depth-1, false), X: g.expr(c, depth-1, intOnly), Y: g.expr(c, depth-1, intOnly)}
		default:
			t := g.scalar()
			if intOnly {
				t = g.intScalar()
			}
			return &Cast{T: t, X: g.expr(c, depth-1, false)}
		}
	}
	e := g.leaf(c)
	if intOnly && typeOf(e, derefType(c.cur)).IsFloat() {
		e = &Cast{T: pick(g, []Scalar{Int, LongLong, UInt, Short}), X: e}
	}
	return e
}

func derefType(t *Type) Type {
	if t == nil {
		return Type{}
	}
	return *t
}

func (g *gen) leaf(c *exprCtx) Expr {
	for {
		switch r := g.r.IntN(100); {
		case r < 28:
			return g.constant(g.literalType())
		case r < 43:
			if len(c.vars) > 0 {
				return &Var{Name: pick(g, c.vars)}
			}
		case r < 47:
			return MyThread{}
		case r < 50:
			return Threads{}
		case r < 65:
			if c.cur != nil && c.cur.Ptr == nil {
				f := -1
				if c.cur.Struct != nil {
					f = g.r.IntN(len(c.cur.Struct.Fields))
				}
				return &Cur{Field: f}
			}
		case r < 85:
			if len(c.readOnly) > 0 {
				o := pick(g, c.readOnly)
				if o.Elem.Ptr != nil {
					return g.ptrRead(c, o)
				}
				e := &Elem{Obj: o, Field: -1}
				if o.Elem.Struct != nil {
					e.Field = g.r.IntN(len(o.Elem.Struct.Fields))
				}
				if o.Kind == SharedArray {
					e.Idx = g.index(c)
				}
				return e
			}
		case r < 91:
			return &Priv{P: g.priv()}
		case r < 97:
			arrays := g.arrays(c.all)
			if len(arrays) == 0 {
				continue
			}
			q := &PtrQuery{Kind: PtrKind(g.r.IntN(int(numPtrKinds))), Obj: pick(g, arrays), Idx: g.index(c)}
			if q.Kind == QDiff {
				q.Idx2 = g.index(c)
			} else if q.Obj.even() && g.chance(40) {
				q.Reblock, q.ReB, q.Add = true, pick(g, []int{0, 1, 2, 3, 4, 7}), g.r.IntN(9)
			}
			return q
		default:
			arrays := g.arrays(c.all)
			if len(arrays) == 0 {
				continue
			}
			q := &SizeQuery{Kind: SizeKind(g.r.IntN(int(numSizeKinds))), Obj: pick(g, arrays)}
			if q.Obj.Elem.Ptr != nil {
				q.Kind = SzBlock // the size of a pointer-to-shared is the implementation's
			}
			return q
		}
	}
}
