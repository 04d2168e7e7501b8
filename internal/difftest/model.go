package difftest

import (
	"fmt"
)

// Model prints p as the oracle: a serial C program for gcc, built with
// -DTHREADS=n. Shared arrays are flat C arrays; a private global is an
// array with one element per thread; each phase runs every thread's code
// in turn, MYTHREAD = 0 … THREADS-1, which the phases' race freedom makes
// equivalent to running them in parallel. Which thread holds an element,
// and where, is computed from the layout by the helpers below, written
// from UPC 1.3 §6.5.1.1 and independent of runtime/upc; everything else
// is the same C text as the UPC program, so gcc decides its meaning.
func Model(p *Program) string {
	pr := &printer{dialect: modelDialect{}, prog: p}
	pr.line("/* The serial C model of difftest seed %d: gcc -DTHREADS=n. */", p.Seed)
	for _, h := range []string{"stdio.h", "stdlib.h", "string.h"} {
		pr.line("#include <%s>", h)
	}
	pr.line("")
	pr.line("int MYTHREAD;")
	pr.structDecls()
	pr.storageDecls()
	// A pointer-to-shared is 1 + the index of the element it points to; 0
	// is null, as in the zeroed shared arrays.
	for _, t := range ptrTargets(p) {
		pr.line("typedef long %s;", ptrTypedef(t))
	}
	for _, o := range p.Objects {
		switch o.Kind {
		case Private:
			pr.line("%s %s[THREADS];", o.Elem, o.Name)
		case SharedScalar:
			pr.line("%s %s;", o.Elem, o.Name)
		default:
			pr.line("%s %s[%s];", o.Elem, o.Name, dimsExpr(o))
		}
	}
	pr.line("unsigned long long ck_[THREADS];")
	pr.b.WriteString(helpers)
	pr.b.WriteString(layoutHelpers)
	pr.line("")
	pr.open("int main(void)")
	pr.open("for (MYTHREAD = 0; MYTHREAD < THREADS; MYTHREAD++)")
	for _, o := range p.Objects {
		if o.Kind == Private {
			pr.line("%s[MYTHREAD] = %s;", o.Name, o.Init.C())
		}
	}
	pr.close()
	for _, ph := range p.Phases {
		pr.open("for (MYTHREAD = 0; MYTHREAD < THREADS; MYTHREAD++)")
		for _, t := range ph.Tasks {
			pr.modelTask(t)
		}
		pr.between(ph)
		pr.close()
	}
	pr.modelChecksums()
	pr.line("return 0;")
	pr.close()
	return pr.b.String()
}

// layoutHelpers say where element i of an array with block size b (0:
// indefinite, all on thread home) lives: owner_of its thread, phase_of its
// phase, local_of its index among its thread's elements; global_of is the
// inverse, and count_of counts a thread's elements by asking owner_of of
// each one.
const layoutHelpers = `static long owner_of(long i, long b, long home) {
    return b == 0 ? home : i / b % THREADS;
}
static long phase_of(long i, long b) {
    return b == 0 ? 0 : i % b;
}
static long local_of(long i, long b) {
    return b == 0 ? i : i / (b * THREADS) * b + i % b;
}
static long global_of(long t, long lo, long b) {
    return b == 0 ? lo : (lo / b * THREADS + t) * b + lo % b;
}
static long count_of(long n, long b, long t, long home) {
    long i, c = 0;
    for (i = 0; i < n; i++)
        if (owner_of(i, b, home) == t)
            c++;
    return c;
}
`

type modelDialect struct{}

func (modelDialect) elem(o *Object, lin string) string {
	if o.Kind != SharedArray {
		return o.Name
	}
	return fmt.Sprintf("%s[%s]", o.Name, lin)
}

func (modelDialect) priv(o *Object) string { return o.Name + "[MYTHREAD]" }

func (modelDialect) ptrAt(_ *Object, idx string) string { return fmt.Sprintf("((long)%s + 1)", idx) }
func (modelDialect) ptrOff(_ *Object, p string) string  { return fmt.Sprintf("(%s - 1)", p) }
func (modelDialect) ptrDeref(t *Object, p string) string {
	return fmt.Sprintf("%s[%s - 1]", t.Name, p)
}
func (modelDialect) ptrThread(t *Object, p string) string {
	return fmt.Sprintf("((unsigned long)%s)", modelOwner(t, p+" - 1"))
}
func (modelDialect) ptrPhase(t *Object, p string) string {
	b, _ := layoutArgs(t)
	return fmt.Sprintf("((unsigned long)phase_of(%s - 1, %d))", p, b)
}

func (modelDialect) ptrQuery(q *PtrQuery, idx, idx2 string) string {
	b, home := modelLayout(q.Obj)
	thread := fmt.Sprintf("owner_of(%s, %d, %s)", idx, b, home)
	phase := fmt.Sprintf("phase_of(%s, %d)", idx, b)
	if q.Reblock {
		// The cast gives thread idx, phase 0; adding Add walks blocks of ReB.
		thread, phase = idx, "0"
		if q.ReB > 0 {
			thread = fmt.Sprintf("(%s + %d) %% THREADS", idx, q.Add/q.ReB)
			phase = fmt.Sprint(q.Add % q.ReB)
		}
	}
	switch q.Kind {
	case QThreadOf, QResetThr:
		return fmt.Sprintf("((unsigned long)%s)", thread)
	case QPhaseOf, QVoidPhase:
		return fmt.Sprintf("((unsigned long)%s)", phase)
	case QResetPh:
		return "((unsigned long)0)"
	case QDiff:
		return fmt.Sprintf("((long)%s - (long)%s)", idx, idx2)
	}
	panic("difftest: ptrQuery")
}

func (modelDialect) sizeQuery(q *SizeQuery) string {
	if q.Kind == SzBlock {
		return fmt.Sprintf("((unsigned long)%d)", q.Obj.Layout.blockSize())
	}
	return fmt.Sprintf("sizeof(%s)", storageType(q.Obj.Elem))
}

// storageDecls declares, for sizeof in the model (built with
// -mlong-double-64), types laid out as upcgo lays out long double and the
// structs holding one: 16 bytes aligned to 16, as gcc does by default.
func (pr *printer) storageDecls() {
	pr.line("typedef struct { _Alignas(16) unsigned char b[16]; } ld_storage_;")
	for _, s := range pr.prog.Structs {
		if !hasLongDouble(s) {
			continue
		}
		pr.open("struct %s_storage_", s.Name)
		for f, t := range s.Fields {
			pr.line("%s %s;", storageType(Type{Scalar: t}), fieldName(f))
		}
		pr.indent--
		pr.line("};")
	}
}

// storageType is the model's type of t's size in upcgo.
func storageType(t Type) string {
	switch {
	case t.Struct == nil && t.Scalar == LongDouble:
		return "ld_storage_"
	case t.Struct != nil && hasLongDouble(t.Struct):
		return fmt.Sprintf("struct %s_storage_", t.Struct.Name)
	}
	return t.String()
}

func hasLongDouble(s *Struct) bool {
	for _, t := range s.Fields {
		if t == LongDouble {
			return true
		}
	}
	return false
}

// modelLayout is o's block size and home thread as the helpers take them.
func modelLayout(o *Object) (b int, home string) {
	b, h := layoutArgs(o)
	return b, fmt.Sprintf("%d %% THREADS", h)
}

func modelOwner(o *Object, i string) string {
	b, home := modelLayout(o)
	return fmt.Sprintf("owner_of(%s, %d, %s)", i, b, home)
}

func modelCount(o *Object, w string) string {
	b, home := modelLayout(o)
	return fmt.Sprintf("count_of(%s, %d, %s, %s)", dimsExpr(o), b, w, home)
}

func modelGlobal(o *Object, w, lo string) string {
	return fmt.Sprintf("global_of(%s, %s, %d)", w, lo, o.Layout.blockSize())
}

func (pr *printer) modelTask(t Task) {
	switch t := t.(type) {
	case *Loop:
		pr.modelLoop(t)
	case *Move:
		pr.modelMove(t)
	default:
		panic(fmt.Sprintf("difftest: task %T", t))
	}
}

func (pr *printer) modelLoop(l *Loop) {
	d := modelDialect{}
	pr.open("")
	pr.line("int i, k;")
	pr.line("long ei;")
	pr.line("(void)k; (void)ei;")
	if l.Target != nil {
		pr.curType = l.Target.Elem
	}
	var n string
	if l.Target != nil && l.Target.Kind == SharedArray {
		n = dimsExpr(l.Target)
	}
	switch l.Shape {
	case ShapeForall:
		pr.cur = d.elem(l.Target, "i")
		var exec string
		switch a := l.Aff; a.Kind {
		case AffAddr, AffPtr:
			exec = modelOwner(a.Obj, affIndex(a.Obj, l.Target))
		case AffInt:
			exec = fmt.Sprintf("(i * %d + %d) / %d %% THREADS", a.Mul, a.Add, a.Div)
		case AffContinue:
			exec = modelOwner(l.Target, "i")
		}
		pr.open("for (%s)", forHeader(l, "i", n))
		pr.open("if (%s == MYTHREAD)", exec)
		pr.body(l)
		pr.close()
		pr.close()
	case ShapeForMine:
		pr.cur = d.elem(l.Target, "i")
		step := "THREADS"
		if l.Step2 {
			step = "2 * THREADS"
		}
		pr.open("for (i = MYTHREAD; i < %s; i += %s)", n, step)
		pr.body(l)
		pr.close()
	case ShapePtrWalk:
		pr.cur = d.elem(l.Target, "i")
		if l.Desc {
			pr.open("for (i = %s - 1; i >= 0; i--)", n)
		} else {
			pr.open("for (i = 0; i < %s; i++)", n)
		}
		pr.open("if (%s == MYTHREAD)", modelOwner(l.Target, "i"))
		pr.body(l)
		pr.close()
		pr.close()
	case ShapeLocal, ShapeIndef:
		w := "MYTHREAD"
		if l.Shape == ShapeIndef {
			pr.line("int w = (MYTHREAD + %d) %% THREADS;", l.Rot)
			w = "w"
		}
		pr.line("int cnt = (int)%s;", modelCount(l.Target, w))
		pr.cur = d.elem(l.Target, "ei")
		if l.Desc {
			pr.open("for (k = cnt - 1; k >= 0; k--)")
		} else {
			pr.open("for (k = 0; k < cnt; k++)")
		}
		pr.line("ei = %s;", modelGlobal(l.Target, w, "k"))
		pr.body(l)
		pr.close()
	case ShapeView:
		pr.cur = d.elem(l.Target, "ei")
		pr.open("for (%s)", forHeader(l, "i", n))
		pr.open("if (owner_of(i, %d, 0) == MYTHREAD)", l.ViewB)
		pr.line("ei = %s;", modelGlobal(l.Target, "MYTHREAD", fmt.Sprintf("local_of(i, %d)", l.ViewB)))
		pr.body(l)
		pr.close()
		pr.close()
	case ShapeNested:
		rows, cols := rowsCols(l.Target)
		pr.cur = d.elem(l.Target, "i")
		pr.line("int r, c;")
		pr.open("for (r = 0; r < %s; r++)", rows)
		if l.controlsRows() {
			// The row's thread runs every cell of it.
			exec := modelOwner(l.Target, "r * "+cols)
			if l.Outer == AffInt {
				exec = "r % THREADS"
			}
			pr.open("if (%s == MYTHREAD)", exec)
			pr.open("for (c = 0; c < %s; c++)", cols)
			pr.line("i = r * %s + c;", cols)
		} else {
			// Every thread runs every row; the inner affinity picks the
			// cells.
			pr.open("for (c = 0; c < %s; c++)", cols)
			pr.line("i = r * %s + c;", cols)
			exec := modelOwner(l.Target, "i")
			if l.Inner == AffInt {
				exec = "c % THREADS"
			}
			pr.open("if (%s == MYTHREAD)", exec)
		}
		pr.body(l)
		pr.close()
		pr.close()
		pr.close()
	case ShapeSingle:
		pr.cur = l.Target.Name
		pr.open("if (MYTHREAD == %d %% THREADS)", l.W)
		pr.body(l)
		pr.close()
	case ShapeEvery:
		pr.cur = ""
		pr.body(l)
	}
	pr.close()
}

func (pr *printer) modelMove(m *Move) {
	pr.open("")
	pr.line("int w = (MYTHREAD + %d) %% THREADS, v = (MYTHREAD + %d) %% THREADS, k;", m.DstRot, m.SrcRot)
	pr.line("long nd = %s, ns = 0, n;", modelCount(m.Dst, "w"))
	pr.line("(void)v; (void)ns;")
	pr.moveCount(m, modelCount)
	pr.open("for (k = 0; k < n; k++)")
	dst := fmt.Sprintf("%s[%s]", m.Dst.Name, modelGlobal(m.Dst, "w", fmt.Sprintf("%d + k * %d", m.DstOff, m.DstStride)))
	switch {
	case m.Src == nil:
		pr.line("memset(&%s, %d, sizeof(%s));", dst, m.Byte, m.Dst.Elem)
	case m.Gather != nil:
		pr.line("%s = %s[%s];", dst, m.Src.Name, pr.index(m.Gather, m.Src))
	default:
		pr.line("%s = %s[%s];", dst, m.Src.Name, modelGlobal(m.Src, "v", fmt.Sprintf("%d + k * %d", m.SrcOff, m.SrcStride)))
	}
	pr.close()
	pr.close()
}

func (pr *printer) modelChecksums() {
	pr.open("for (MYTHREAD = 0; MYTHREAD < THREADS; MYTHREAD++)")
	pr.line("unsigned long long h = 14695981039346656037ULL;")
	for _, o := range pr.prog.Objects {
		if o.Kind == Private {
			pr.mixValue(o.Elem, o.Name+"[MYTHREAD]")
		}
	}
	pr.line("ck_[MYTHREAD] = h;")
	pr.close()
	pr.line("MYTHREAD = 0;")
	pr.open("")
	pr.line("unsigned long long h;")
	pr.line("int i;")
	for _, o := range pr.prog.Objects {
		switch o.Kind {
		case SharedScalar:
			pr.line("h = 14695981039346656037ULL;")
			pr.mixValue(o.Elem, o.Name)
		case SharedArray:
			pr.line("h = 14695981039346656037ULL;")
			pr.open("for (i = 0; i < %s; i++)", dimsExpr(o))
			pr.mixValue(o.Elem, o.Name+"[i]")
			pr.close()
		default:
			continue
		}
		pr.line(`printf("%s %%llu\n", h);`, o.Name)
	}
	pr.line("h = 14695981039346656037ULL;")
	pr.line("for (i = 0; i < THREADS; i++)")
	pr.line("    h = mix(h, ck_[i]);")
	pr.line(`printf("private %%llu\n", h);`)
	pr.close()
}
