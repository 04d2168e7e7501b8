package difftest

import (
	"fmt"
	"slices"
)

// Features names what a program exercises: its objects' layouts, storage
// and element types, the loop shapes and affinity kinds, the statements,
// the memcpy-family calls and how they complete, the expressions, the
// barriers. It is how the fixed seeds that every go test run checks are
// chosen (coverSeeds): a few programs that between them exercise what
// many would, since each program costs a build.
func Features(p *Program) map[string]bool {
	f := map[string]bool{}
	add := func(format string, args ...any) { f[fmt.Sprintf(format, args...)] = true }
	for _, o := range p.Objects {
		switch {
		case o.Elem.Ptr != nil:
			add("elem pointer-to-shared in %s", objKindNames[o.Kind])
		case o.Elem.Struct != nil:
			add("elem struct in %s", objKindNames[o.Kind])
		default:
			add("elem %v", o.Elem.Scalar)
		}
		if o.Strict {
			add("strict")
		}
		if o.Kind != SharedArray {
			add("object %s", objKindNames[o.Kind])
			continue
		}
		add("layout %s", layoutNames[o.Layout.Kind])
		add("storage %s", storageNames[o.Storage])
		add("dims %d", len(o.Dims))
		if !o.hasThreads() {
			add("dims without THREADS")
		}
	}
	for _, ph := range p.Phases {
		add("barrier %s", barrierNames[ph.Barrier])
		for _, t := range ph.Tasks {
			switch t := t.(type) {
			case *Loop:
				loopFeatures(t, add)
			case *Move:
				moveFeatures(t, add)
			}
		}
	}
	for _, s := range exprSlots(p) {
		switch e := (*s.e).(type) {
		case *PtrQuery:
			add("expr %s", ptrKindNames[e.Kind])
			if e.Reblock {
				add("expr pointer cast to another block size")
			}
		case *SizeQuery:
			add("expr %s", sizeKindNames[e.Kind])
		case *PtrRead:
			add("expr pointer read %s", ptrReadNames[e.Kind])
		default:
			add("expr %T", e)
		}
	}
	return f
}

// Names of the program's kinds, for Features.
var (
	objKindNames = [...]string{SharedArray: "shared array", SharedScalar: "shared scalar", Private: "private global"}
	layoutNames  = [...]string{Cyclic: "cyclic", Blocked: "[B]", Star: "[*]", Indefinite: "[]"}
	storageNames = [...]string{Static: "static", AllAlloc: "upc_all_alloc", GlobalAlloc: "upc_global_alloc", LocalAlloc: "upc_alloc"}
	barrierNames = [...]string{BarrierPlain: "upc_barrier", BarrierID: "upc_barrier ID", BarrierSplit: "upc_notify/upc_wait"}
	shapeNames   = [...]string{ShapeForall: "upc_forall", ShapeForMine: "for from MYTHREAD", ShapePtrWalk: "pointer walk",
		ShapeLocal: "local pointer", ShapeIndef: "shared [] pointer", ShapeView: "reblocked view", ShapeNested: "nested upc_forall",
		ShapeSingle: "single writer", ShapeEvery: "every thread"}
	affNames     = [...]string{AffAddr: "&a[i]", AffPtr: "p + i", AffInt: "integer", AffContinue: "continue"}
	apiNames     = [numAPIs]string{APIContig: "contiguous", APIStrided: "strided", APIFstrided: "fstrided", APIVlist: "vlist", APIIlist: "ilist"}
	syncNames    = [numSyncs]string{SyncBlocking: "blocking", SyncAsync: "async", SyncAsynci: "asynci", SyncNB: "nb", SyncNBI: "nbi"}
	ptrKindNames = [numPtrKinds]string{QThreadOf: "upc_threadof", QPhaseOf: "upc_phaseof", QDiff: "pointer difference",
		QResetThr: "upc_threadof(upc_resetphase)", QResetPh: "upc_phaseof(upc_resetphase)", QVoidPhase: "upc_phaseof(shared void *)"}
	sizeKindNames = [numSizeKinds]string{SzSizeof: "sizeof", SzBlock: "upc_blocksizeof", SzElem: "upc_elemsizeof"}
	ptrReadNames  = [numPtrReads]string{PDeref: "*p", PThread: "upc_threadof(p)", PPhase: "upc_phaseof(p)", PDiff: "p - base"}
)

func loopFeatures(l *Loop, add func(string, ...any)) {
	add("loop %s", shapeNames[l.Shape])
	switch l.Shape {
	case ShapeForall:
		add("upc_forall affinity %s", affNames[l.Aff.Kind])
		if l.Aff.Member {
			add("upc_forall affinity of a struct member")
		}
	case ShapeNested:
		add("nested upc_forall: inner affinity %s", affNames[l.Inner])
	}
	if l.Desc {
		add("loop descending")
	}
	if l.Step2 {
		add("loop every other")
	}
	if l.InFunc {
		add("loop in a function")
	}
	for _, s := range l.Body {
		switch s := s.(type) {
		case *Assign:
			if s.Op == "=" {
				add("stmt =")
			} else {
				add("stmt compound assignment")
			}
		case *IncDec:
			add("stmt ++/--")
			if s.Into != nil {
				add("stmt ++/-- as a value")
			}
		default:
			add("stmt %T", s)
		}
	}
}

func moveFeatures(m *Move, add func(string, ...any)) {
	switch {
	case m.Src == nil:
		add("move memset")
	case m.Direct:
		add("move direct")
		add("move %s", apiNames[m.PutAPI])
		add("move %s", syncNames[m.PutSync])
	default:
		add("move through a private buffer")
		add("move %s", apiNames[m.GetAPI])
		add("move %s", syncNames[m.GetSync])
		add("move %s", apiNames[m.PutAPI])
		add("move %s", syncNames[m.PutSync])
	}
	if m.Gather != nil {
		add("move gather")
	}
	if m.DstPerElem || m.SrcPerElem {
		add("move list per element")
	}
}

// CoreFeatures are the features the fixed seeds of a default go test run
// must have between them: every layout, storage, loop shape, upc_forall
// affinity kind, barrier, memcpy-family API and completion, and moves of
// each kind.
func CoreFeatures() []string {
	var fs []string
	add := func(format string, names []string) {
		for _, n := range names {
			fs = append(fs, fmt.Sprintf(format, n))
		}
	}
	add("layout %s", layoutNames[:])
	add("storage %s", storageNames[:])
	add("loop %s", shapeNames[:])
	add("upc_forall affinity %s", affNames[:])
	add("barrier %s", barrierNames[:])
	add("move %s", apiNames[:])
	add("move %s", syncNames[:])
	add("move %s", []string{"memset", "direct", "through a private buffer", "gather"})
	return fs
}

// coverSeeds picks, greedily, seeds among candidates whose programs
// between them have every feature of want: the seed adding the most of
// them first (the lowest on ties). It stops when no candidate adds one.
func coverSeeds(candidates []uint64, want []string) []uint64 {
	left := map[string]bool{}
	for _, f := range want {
		left[f] = true
	}
	feats := map[uint64]map[string]bool{}
	for _, s := range candidates {
		feats[s] = Features(Generate(s))
	}
	var picked []uint64
	for len(left) > 0 {
		best, gain := uint64(0), 0
		for _, s := range candidates {
			n := 0
			for f := range feats[s] {
				if left[f] {
					n++
				}
			}
			if n > gain {
				best, gain = s, n
			}
		}
		if gain == 0 {
			break
		}
		picked = append(picked, best)
		for f := range feats[best] {
			delete(left, f)
		}
	}
	slices.Sort(picked)
	return picked
}
