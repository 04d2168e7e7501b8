package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upcgo/upcgo/lower/ctype"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// declareFunc records a function declaration or definition at file scope.
func (tr *translator) declareFunc(name string, t *ctype.Type, pos token.Pos, storage ast.Storage) *symbol {
	if old := tr.scope.lookup(name); old != nil && old.kind == symFunc {
		if !ctype.SameType(old.typ, t) && !old.typ.Fn.OldStyle && !t.Fn.OldStyle {
			tr.errorf(pos, "conflicting types for '%s' (previous declaration at %s)", name, old.pos)
		}
		if t.Fn.OldStyle {
			return old
		}
		old.typ = t
		return old
	} else if old != nil {
		tr.errorf(pos, "'%s' redeclared as a different kind of symbol (previous declaration at %s)", name, old.pos)
	}
	s := &symbol{name: name, kind: symFunc, typ: t, goName: goIdent(name), pos: pos, internal: storage == ast.Static}
	switch {
	case name == "main":
		s.goName = "main_"
	case s.internal:
		s.goName = private(s.goName)
	}
	if b, ok := builtin(name); ok {
		s.builtin = b
	} else if lc, ok := libcFuncs[name]; ok {
		s.libc = &lc
	}
	tr.scope.insert(s)
	return s
}

func (tr *translator) globalDecl(d *ast.Decl) {
	t := tr.resolveType(d.Type)
	if d.Name == "" {
		return // a struct, union or enum declaration only
	}
	switch {
	case d.Storage == ast.Typedef:
		tr.declareTypedef(d, t)
		return
	case t.Kind == ctype.Func:
		tr.declareFunc(d.Name, t, d.Pos(), d.Storage)
		return
	}
	if t.Kind == ctype.Void && d.Storage != ast.Extern {
		tr.errorf(d.Pos(), "variable '%s' declared void", d.Name)
		return
	}
	if old := tr.scope.syms[d.Name]; old != nil {
		if old.kind != symVar || !ctype.SameType(old.typ.Unqual(), t.Unqual()) && !(old.typ.Kind == ctype.Array && t.Kind == ctype.Array) || !ctype.SameLayout(old.typ, t) {
			tr.errorf(d.Pos(), "conflicting types for '%s' (previous declaration at %s)", d.Name, old.pos)
			return
		}
		switch {
		case d.Storage == ast.Extern || old.defined && d.Init == nil:
			// Another declaration, or a tentative definition (C99 6.9.2),
			// of the object already declared.
			return
		case old.defined && old.hasInit:
			tr.errorf(d.Pos(), "redefinition of '%s' (previous definition at %s)", d.Name, old.pos)
			return
		case old.defined:
			// int x; ... int x = 5;: the tentative definition gets its
			// initialiser.
			old.hasInit = true
			old.object.Def = Defined
			tr.initStatic(old, d)
			return
		}
		// An extern declaration: the definition takes its place.
		delete(tr.scope.syms, d.Name)
	}
	if d.Storage == ast.Extern && d.Init == nil {
		// An extern declaration of something defined later (or nowhere:
		// then any use is an undefined reference, reported at the end).
		tr.scope.insert(tr.define(d, &symbol{name: d.Name, kind: symVar, typ: t, st: tr.storageFor(t), goName: goIdent(d.Name), pos: d.Pos(), inMem: tr.externInMemory(d.Name, t)}))
		return
	}
	tr.defineStatic(d, t, d.Name, goIdent(d.Name))
}

func (tr *translator) storageFor(t *ctype.Type) storage {
	if t.Shared || t.Kind == ctype.Array && t.Base().Shared {
		return stShared
	}
	return stGlobal
}

// inMemory decides whether a variable lives in C memory: a global by the
// file's address-taken names, a local (static ones too) by its
// function's.
func (tr *translator) inMemory(name string, t *ctype.Type) bool {
	taken := tr.fileVars
	if tr.fn != nil {
		taken = tr.fn.taken
	}
	return t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union || taken[name]
}

// externInMemory decides whether a private global with external linkage
// lives in C memory: always when other units may use it (see Unit), else
// when the file takes its address (a block-scope extern declaration
// names the global, so its function's names do not decide).
func (tr *translator) externInMemory(name string, t *ctype.Type) bool {
	return !tr.cfg.WholeProgram || t.Kind == ctype.Array || t.Kind == ctype.Struct || t.Kind == ctype.Union || tr.fileVars[name]
}

func (tr *translator) declareTypedef(d *ast.Decl, t *ctype.Type) {
	if base := t.Base(); base.Star {
		// [*] takes its block size from an array object's dimensions
		// (UPC 1.3 §6.5.1.1; spec issue 71).
		tr.errorf(d.Pos(), "the layout qualifier [*] cannot be used in a typedef ('%s')", d.Name)
		u := *base
		u.Star, u.Block = false, 1
		t = ctype.ReplaceBase(t, &u)
	}
	if t.Kind == ctype.Array && t.Base().Shared {
		tr.checkSharedArray(d.Name, d.Pos(), t, true)
	}
	if old := tr.scope.syms[d.Name]; old != nil {
		if old.kind == symTypedef && ctype.SameType(old.typ, t) {
			return
		}
		tr.errorf(d.Pos(), "conflicting types for '%s'", d.Name)
		return
	}
	tr.scope.insert(&symbol{name: d.Name, kind: symTypedef, typ: t, pos: d.Pos()})
}

// defineStatic defines a variable with static storage: a file-scope
// variable or a static local. Shared ones get a place in every segment;
// private ones a field of the thread struct (or a block of C memory).
// What declares and allocates it goes into its symbol, for Link.
func (tr *translator) defineStatic(d *ast.Decl, t *ctype.Type, cname, goName string) {
	if t.Kind == ctype.Array && t.Len < 0 && d.Init != nil {
		t = tr.completeFromInit(t, d.Init)
	}
	st := tr.storageFor(t)
	internal := d.Storage == ast.Static || tr.fn != nil
	if internal {
		goName = private(goName)
	}
	s := tr.define(d, &symbol{name: cname, kind: symVar, typ: t, st: st, goName: goName, pos: d.Pos(), defined: true, internal: internal})
	if tr.fn != nil && st != stShared {
		s.st = stStaticLocal
	}
	s.hasInit = d.Init != nil
	def := Tentative
	if s.hasInit || internal {
		def = Defined
	}
	if t.Kind == ctype.Void {
		tr.errorf(d.Pos(), "variable '%s' declared void", cname)
		return
	}
	if st == stShared {
		tr.checkSharedDecl(d, t)
		tr.scope.insert(s)
		if t.Size() < 0 && !t.DependsOnTHREADS() {
			tr.errorf(d.Pos(), "storage size of '%s' isn't known", cname)
			return
		}
		tr.sharedVar(s, d, def)
		tr.initStatic(s, d)
		return
	}
	s.inMem = tr.inMemory(cname, t)
	if !internal {
		s.inMem = tr.externInMemory(cname, t)
	}
	tr.scope.insert(s)
	obj := tr.objectSymbol(s, def)
	if t.Size() < 0 && !t.DependsOnTHREADS() {
		tr.errorf(d.Pos(), "storage size of '%s' isn't known", cname)
		return
	}
	// upcgo sizes and initialises private statics per thread at start-up,
	// so THREADS and MYTHREAD work there; C and other UPC compilers need
	// constants.
	if t.DependsOnTHREADS() {
		tr.warnf(d.Pos(), "the size of '%s' depends on THREADS: not portable (other UPC compilers require a constant size for static storage)", cname)
	}
	if d.Init != nil && (mentionsName(d.Init, "THREADS") && tr.cfg.StaticThreads == 0 || mentionsName(d.Init, "MYTHREAD")) {
		tr.warnf(d.Init.Pos(), "initializer of '%s' is not a constant expression: upcgo evaluates it in each thread, other UPC compilers reject it", cname)
	}
	switch {
	case s.inMem && tr.symmetric:
		tr.symmetricVar(s, obj)
	case s.inMem:
		obj.Field = fmt.Sprintf("%s uintptr // %s", goName, declString(cname, t))
		obj.Alloc = fmt.Sprintf("t.%s = cmem.Calloc(1, %s)", goName, tr.sizeCode(t))
	default:
		obj.Field = fmt.Sprintf("%s %s // %s", goName, goType(t), declString(cname, t))
	}
	tr.initStatic(s, d)
}

// objectSymbol enters an object with static storage (or, with Ref, one
// used but declared extern) into the unit's symbols.
func (tr *translator) objectSymbol(s *symbol, def Def) *Symbol {
	check, n := objectCheck(s.typ)
	obj := &Symbol{Name: s.name, GoName: s.goName, Kind: SymVar, Internal: s.internal, Def: def, Pos: s.pos,
		Type: declString(s.name, s.typ), Check: check, Len: n, Shared: s.typ.Base().Shared}
	if s.st == stStaticLocal {
		obj.Name = tr.fn.name + "." + s.name
	}
	s.object = obj
	tr.unit.Symbols = append(tr.unit.Symbols, obj)
	return obj
}

// objectCheck is what every unit must agree on about an object of type t
// (Symbol.Check): its type without const and volatile, a shared object's
// layout included, and the size of its elements; n is the length of its
// outermost array dimension, which an extern declaration may leave out
// ("" then).
func objectCheck(t *ctype.Type) (check, n string) {
	if t.Kind == ctype.Array {
		switch {
		case t.LenTHREADS:
			n = fmt.Sprintf("%d*THREADS", t.Len)
		case t.Len >= 0:
			n = fmt.Sprint(t.Len)
		}
		t = t.Elem
	}
	return fmt.Sprintf("%s (%d bytes)", ctype.WithoutCV(t), t.Size()), n
}

// symmetricVar places a private static in an OpenSHMEM program (see
// symmetricPragma) at one offset of every thread's segment, reserved like
// a static shared object's, so that its address on one PE names every
// PE's copy. Each thread clears its copy before initialising it: segment
// memory is not always fresh (MPI windows).
func (tr *translator) symmetricVar(s *symbol, obj *Symbol) {
	size := tr.sizeCode(s.typ)
	if !s.typ.DependsOnTHREADS() {
		tr.reserveStatic(s, s.pos, s.typ.Size())
	}
	obj.Field = fmt.Sprintf("%s uintptr // %s (symmetric)", s.goName, declString(s.name, s.typ))
	obj.Decl = fmt.Sprintf("// sym_%s is the offset of %s in every PE's segment.\nvar sym_%s uintptr", s.goName, declString(s.name, s.typ), s.goName)
	obj.Setup = fmt.Sprintf("sym_%s = j.AllocStatic(%s, %d)", s.goName, sizeIn(s.typ, "THREADS"), max(s.typ.Align(), 8))
	obj.Alloc = fmt.Sprintf("t.%s = t.LocalAddr() + sym_%s\ncmem.Memset(t.%s, 0, %s)", s.goName, s.goName, s.goName, size)
}

// initStatic emits the initialiser of a variable with static storage:
// run by every thread for a private one, by thread 0 before main for a
// shared one.
func (tr *translator) initStatic(s *symbol, d *ast.Decl) {
	if d.Init == nil {
		return
	}
	t := s.typ
	if s.st == stShared {
		saved := tr.fn
		tr.fn = &funcState{name: "init", result: ctype.VoidType, names: map[string]int{}}
		tr.initShared(fmt.Sprintf("upc.StaticPtr(%s)", s.goName), t, d.Init)
		tr.sharedInit.WriteString(tr.fn.body.text())
		tr.fn = saved
		return
	}
	if s.inMem {
		tr.staticInit(func() { tr.initMemory(primary("t."+s.goName), t, d.Init, false) })
		return
	}
	tr.staticInit(func() {
		v := tr.initScalar(t, d.Init)
		tr.fn.stmt(fmt.Sprintf("t.%s = %s", s.goName, v))
	})
}

// tempSlot allocates an unnamed object of type t (a compound literal, a
// struct value in transit) and returns the Go expression of its address:
// a slot of the current function's frame, or, in an initialiser of a
// variable with static storage, memory each thread allocates at start-up
// and keeps, as C gives such an object static storage (a symbol of the
// unit's own, like a static local's).
func (tr *translator) tempSlot(t *ctype.Type, name string) string {
	if tr.fn.name != "init" {
		return tr.fn.frameSlot(tr, t, name)
	}
	goName := private(name)
	decl := declString("(unnamed)", t)
	tr.unit.Symbols = append(tr.unit.Symbols, &Symbol{Name: name, GoName: goName, Kind: SymVar, Internal: true, Def: Defined, Type: decl,
		Field: fmt.Sprintf("%s uintptr // %s", goName, decl),
		Alloc: fmt.Sprintf("t.%s = cmem.Calloc(1, %s)", goName, tr.sizeCode(t))})
	return "t." + goName
}

// staticInit runs emit with a scratch function state and appends what it
// produced to the threads' initialisation.
func (tr *translator) staticInit(emit func()) {
	saved := tr.fn
	tr.fn = &funcState{name: "init", result: ctype.VoidType, names: map[string]int{}}
	emit()
	if len(tr.fn.frame) > 0 {
		// tempSlot gives initialisers static memory instead.
		panic("an initializer of a static variable allocated a frame slot")
	}
	tr.threadInit.WriteString(tr.fn.body.text())
	tr.fn = saved
}

func declString(name string, t *ctype.Type) string {
	return strings.ReplaceAll(t.Declaration(name), "\n", " ")
}

// checkSharedDecl applies UPC 1.3's constraints on shared declarations.
func (tr *translator) checkSharedDecl(d *ast.Decl, t *ctype.Type) {
	if t.Kind == ctype.Array {
		tr.checkSharedArray(d.Name, d.Pos(), t, false)
	}
}

// checkSharedArray applies UPC 1.3 §6.5.2.1's constraints on THREADS in
// the dimensions of the shared array type t, declared as name (a typedef
// when typedef: it may leave THREADS to the array of it that a
// declaration makes).
func (tr *translator) checkSharedArray(name string, pos token.Pos, t *ctype.Type, typedef bool) {
	dims := 0
	for a := t; a.Kind == ctype.Array; a = a.Elem {
		if a.LenTHREADS {
			dims++
		}
	}
	base := t.Base()
	if tr.cfg.StaticThreads == 0 && base.Block != 0 && dims == 0 && !base.Star && !typedef {
		tr.errorf(pos, "in the dynamic THREADS environment, THREADS must appear exactly once in the declaration of the shared array '%s' (it has a definite block size); build with -T n to fix THREADS at compile time", name)
	}
	if dims > 1 {
		tr.errorf(pos, "THREADS may appear in only one dimension of the shared array '%s'", name)
	}
}

// sharedVar lays out a static shared object and enters it into the
// unit's symbols with the Go that declares and places it.
func (tr *translator) sharedVar(s *symbol, d *ast.Decl, def Def) {
	t := s.typ
	base := t.Base()
	if base.Star {
		// shared [*]: one block per thread, of ceil(total/THREADS) elements.
		total, threads := ctype.ElemCount(t)
		nb := *base
		nb.Star = false
		switch {
		case threads:
			nb.Block = total
		case tr.cfg.StaticThreads > 0:
			nb.Block = (total + int64(tr.cfg.StaticThreads) - 1) / int64(tr.cfg.StaticThreads)
		default:
			tr.errorf(d.Pos(), "shared [*] array '%s' needs THREADS in its dimension in the dynamic THREADS environment; build with -T n to fix THREADS at compile time", d.Name)
			nb.Block = 1
		}
		if nb.Block == 0 {
			nb.Block = 1
		}
		if nb.Block > maxBlockSize {
			tr.errorf(d.Pos(), "the block size %d that [*] gives '%s' exceeds UPC_MAX_BLOCK_SIZE (%d)", nb.Block, d.Name, int64(maxBlockSize))
		}
		s.typ = ctype.ReplaceBase(t, &nb)
		t, base = s.typ, &nb
	}
	total, threads := ctype.ElemCount(t)
	tr.reserveStatic(s, d.Pos(), perThreadAtLeast(total, threads, ctype.BlockOf(t), base.Size(), tr.cfg.StaticThreads))
	totalCode := fmt.Sprint(total)
	if threads {
		totalCode = fmt.Sprintf("%d*uintptr(THREADS)", total)
	}
	obj := tr.objectSymbol(s, def)
	obj.Decl = fmt.Sprintf("// %s is the offset of %s in every thread's segment.\nvar %s uintptr", s.goName, declString(s.name, t), s.goName)
	obj.Setup = fmt.Sprintf("%s = j.AllocStatic(upc.PerThread(%s, %d, %d, THREADS), %d)", s.goName, totalCode, ctype.BlockOf(t), base.Size(), max(base.Align(), 8))
}

// maxSegmentSize is the most a thread's shared segment can span (64 TiB,
// runtime/upc's maxSegment): its static shared data, then its heap. The
// runtime refuses static data beyond it at start-up; where a unit's static
// data alone is known to exceed it, that is a compile error. (What several
// units' static data add up to is checked at start-up only.)
const maxSegmentSize = 1 << 46

// perThreadAtLeast is a lower bound of the bytes a static shared array of
// total elements (total*THREADS if threads) of elemSize bytes, in blocks
// of block elements, takes in the segment of the thread holding the most,
// whatever THREADS is at run time (upc.PerThread is the exact count): with
// THREADS in a dimension each thread holds at least total elements; an
// indefinite array lies on one thread.
func perThreadAtLeast(total int64, threads bool, block, elemSize int64, staticThreads int) int64 {
	switch {
	case block == 0 || threads:
		return total * elemSize
	case staticThreads > 0:
		blocks := (total + block - 1) / block
		return (blocks + int64(staticThreads) - 1) / int64(staticThreads) * block * elemSize
	}
	return min(total, block) * elemSize
}

// reserveStatic counts size bytes per thread of static data in the shared
// segment for s, and reports the declaration that makes the program's
// static shared data larger than any segment: it compiled and then died at
// start-up (issue 12).
func (tr *translator) reserveStatic(s *symbol, pos token.Pos, size int64) {
	if tr.staticSegment > maxSegmentSize {
		return // reported at an earlier declaration
	}
	tr.staticSegment += (size + 7) &^ 7
	if tr.staticSegment > maxSegmentSize {
		tr.errorf(pos, "static shared data needs at least %d bytes per thread with '%s', more than a thread's shared segment can hold (%d bytes)",
			tr.staticSegment, s.name, int64(maxSegmentSize))
	}
}

// completeFromInit gives an array declared with [] its length from the
// initializer.
func (tr *translator) completeFromInit(t *ctype.Type, init ast.Expr) *ctype.Type {
	n := 0
	switch init := init.(type) {
	case *ast.StringLit:
		s, _ := tr.stringValue(init)
		n = len(s) + 1
	case *ast.InitList:
		if len(init.Elems) == 1 && t.Elem.Kind == ctype.Char {
			if sl, ok := init.Elems[0].Value.(*ast.StringLit); ok && len(init.Elems[0].Designators) == 0 {
				s, _ := tr.stringValue(sl)
				n = len(s) + 1
				break
			}
		}
		n = tr.countInit(init)
	default:
		return t
	}
	u := *t
	u.Len = int64(n)
	return &u
}

// countInit counts the elements an initializer list gives an array,
// following index designators.
func (tr *translator) countInit(l *ast.InitList) int {
	n, max := 0, 0
	for _, e := range l.Elems {
		if len(e.Designators) > 0 {
			if id, ok := e.Designators[0].(*ast.IndexDesignator); ok {
				if v, ok := tr.constEval(id.Index); ok {
					n = int(v.Int)
					if id.High != nil {
						if h, ok := tr.constEval(id.High); ok {
							n = int(h.Int)
						}
					}
				}
			}
		}
		n++
		if n > max {
			max = n
		}
	}
	return max
}

// initScalar is the value of a scalar initializer, converted.
func (tr *translator) initScalar(t *ctype.Type, init ast.Expr) goExpr {
	if l, ok := init.(*ast.InitList); ok {
		if len(l.Elems) == 0 {
			return primary(zeroValue(t))
		}
		if len(l.Elems) > 1 {
			tr.warnf(l.Elems[1].Pos(), "excess elements in scalar initializer")
		}
		return tr.initScalar(t, l.Elems[0].Value)
	}
	o := tr.value(init)
	return tr.assignConv(o, t, init.Pos())
}

// initMemory initialises the object of type t at address addr.
func (tr *translator) initMemory(addr goExpr, t *ctype.Type, init ast.Expr, zero bool) {
	fn := tr.fn
	switch t.Kind {
	case ctype.Array:
		if sl := stringInit(t, init); sl != nil {
			s, _ := tr.stringValue(sl)
			n := int64(len(s) + 1)
			if t.Len >= 0 && n > t.Len {
				if n-1 > t.Len {
					tr.warnf(sl.Pos(), "initializer-string for array of chars is too long")
				}
				n = t.Len
			}
			if zero {
				fn.simpleStmt(fmt.Sprintf("cmem.Memset(%s, 0, %s)", addr, tr.sizeCode(t)))
			}
			fn.simpleStmt(fmt.Sprintf("cmem.Memmove(%s, %s, %d)", addr, tr.stringVar(s), n))
			return
		}
		l, ok := init.(*ast.InitList)
		if !ok {
			tr.errorf(init.Pos(), "array initializer must be an initializer list")
			return
		}
		if zero {
			fn.simpleStmt(fmt.Sprintf("cmem.Memset(%s, 0, %s)", addr, tr.sizeCode(t)))
		}
		tr.initList(addr, t, l)
	case ctype.Struct, ctype.Union:
		l, ok := init.(*ast.InitList)
		if !ok {
			o := tr.expr(init)
			if !ctype.SameType(o.t.Unqual(), t.Unqual()) {
				tr.errorf(init.Pos(), "incompatible types when initializing type '%s' using type '%s'", t, o.t)
				return
			}
			fn.simpleStmt(tr.aggregateCopy(operand{kind: aggregate, t: t, goExpr: addr}, o))
			return
		}
		if zero {
			fn.simpleStmt(fmt.Sprintf("cmem.Memset(%s, 0, %s)", addr, tr.sizeCode(t)))
		}
		tr.initList(addr, t, l)
	default:
		v := tr.initScalar(t, init)
		fn.simpleStmt(fmt.Sprintf("*cmem.Ptr[%s](%s) = %s", goType(t), addr, v))
	}
}

func stringInit(t *ctype.Type, init ast.Expr) *ast.StringLit {
	if t.Elem.Kind != ctype.Char && t.Elem.Kind != ctype.UChar && t.Elem.Kind != ctype.SChar {
		return nil
	}
	if sl, ok := init.(*ast.StringLit); ok {
		return sl
	}
	if l, ok := init.(*ast.InitList); ok && len(l.Elems) == 1 && len(l.Elems[0].Designators) == 0 {
		if sl, ok := l.Elems[0].Value.(*ast.StringLit); ok {
			return sl
		}
	}
	return nil
}

// initList walks a braced initializer for an array or struct at addr,
// with designators and brace elision (C99 6.7.8).
func (tr *translator) initList(addr goExpr, t *ctype.Type, l *ast.InitList) {
	elems := l.Elems
	tr.initAggregate(addr, t, &elems, true)
	if len(elems) > 0 {
		tr.warnf(elems[0].Pos(), "excess elements in initializer")
	}
}

// initAggregate consumes initializer elements for the aggregate t; braced
// says the list belongs to t itself (designators allowed at its level).
func (tr *translator) initAggregate(addr goExpr, t *ctype.Type, elems *[]*ast.InitElem, braced bool) {
	index := int64(0)
	fieldIdx := 0
	for len(*elems) > 0 {
		e := (*elems)[0]
		if len(e.Designators) > 0 && !braced {
			return // a designator belongs to an enclosing list
		}
		var sub *ctype.Type
		var off goExpr
		if len(e.Designators) > 0 {
			switch d := e.Designators[0].(type) {
			case *ast.IndexDesignator:
				if t.Kind != ctype.Array {
					tr.errorf(d.Pos(), "array index in non-array initializer")
					*elems = (*elems)[1:]
					continue
				}
				v, ok := tr.constEval(d.Index)
				if !ok || v.IsFloat() {
					tr.errorf(d.Pos(), "array index in initializer is not an integer constant expression")
					*elems = (*elems)[1:]
					continue
				}
				if v.Int < 0 || t.Len >= 0 && v.Int >= t.Len {
					tr.errorf(d.Pos(), "array index in initializer exceeds array bounds")
					*elems = (*elems)[1:]
					continue
				}
				index = v.Int
			case *ast.FieldDesignator:
				if t.Kind != ctype.Struct && t.Kind != ctype.Union {
					tr.errorf(d.Pos(), "field name not in record or union initializer")
					*elems = (*elems)[1:]
					continue
				}
				found := false
				for i, f := range t.Rec.Fields {
					if f.Name == d.Name {
						fieldIdx, found = i, true
					}
				}
				if !found {
					tr.errorf(d.Pos(), "unknown field '%s' specified in initializer", d.Name)
					*elems = (*elems)[1:]
					continue
				}
			}
			// Nested designators (.a.b = 1, [2][3] = 4) descend.
			if len(e.Designators) > 1 {
				rest := &ast.InitElem{Designators: e.Designators[1:], Value: e.Value}
				a, st := tr.elemAddr(addr, t, index, fieldIdx)
				one := []*ast.InitElem{rest}
				tr.initAggregate(a, st, &one, true)
				*elems = (*elems)[1:]
				tr.advance(t, &index, &fieldIdx)
				continue
			}
		}
		if t.Kind == ctype.Array {
			if t.Len >= 0 && index >= t.Len {
				if braced {
					return
				}
				return
			}
		} else if fieldIdx = namedField(t, fieldIdx); fieldIdx >= len(t.Rec.Fields) || (t.Kind == ctype.Union && fieldIdx > namedField(t, 0) && len(e.Designators) == 0) {
			return
		}
		off, sub = tr.elemAddr(addr, t, index, fieldIdx)
		if t.Kind != ctype.Array && t.Rec.Fields[fieldIdx].Name == "" && !t.Rec.Fields[fieldIdx].IsBitField {
			// Anonymous member: initialise it from the same list.
			tr.initAggregate(off, sub, elems, false)
			tr.advance(t, &index, &fieldIdx)
			continue
		}
		if t.Kind != ctype.Array && t.Rec.Fields[fieldIdx].IsBitField {
			f := t.Rec.Fields[fieldIdx]
			v := tr.initScalar(f.Type, e.Value)
			tr.fn.simpleStmt(tr.bitStore(operand{kind: lvBit, addr: binaryOp(addr, "+", intLit(f.Offset)), bit: f}, v))
			*elems = (*elems)[1:]
			tr.advance(t, &index, &fieldIdx)
			continue
		}
		switch v := e.Value.(type) {
		case *ast.InitList:
			tr.initMemory(off, sub, v, false)
			*elems = (*elems)[1:]
		default:
			if (sub.Kind == ctype.Array && stringInit(sub, v) == nil) || ((sub.Kind == ctype.Struct || sub.Kind == ctype.Union) && !tr.isAggregateValue(v, sub)) {
				// Brace elision: the sub-aggregate takes elements from this list.
				tr.initAggregate(off, sub, elems, false)
			} else {
				tr.initMemory(off, sub, v, false)
				*elems = (*elems)[1:]
			}
		}
		tr.advance(t, &index, &fieldIdx)
	}
}

// isAggregateValue says initializer element e may be a whole struct or
// union, so that it initialises the member aggregate itself rather than
// its first scalar (brace elision). A negated constant (-3) or a scalar
// variable is never one: {-3, 4} for an array of structs is elided
// braces, as gcc reads it.
func (tr *translator) isAggregateValue(e ast.Expr, t *ctype.Type) bool {
	switch e := e.(type) {
	case *ast.Ident:
		s := tr.scope.lookup(e.Name)
		return s == nil || s.typ == nil || s.typ.Kind == ctype.Struct || s.typ.Kind == ctype.Union
	case *ast.UnaryExpr:
		return e.Op == "*"
	case *ast.CallExpr, *ast.MemberExpr, *ast.IndexExpr, *ast.CompoundLit:
		return true
	}
	return false
}

func (tr *translator) advance(t *ctype.Type, index *int64, field *int) {
	if t.Kind == ctype.Array {
		*index++
		return
	}
	*field++
	if t.Kind == ctype.Union {
		*field = len(t.Rec.Fields)
	}
}

// namedField is the first member of struct or union t from index i on
// that an initializer's next element goes to: C initialises no unnamed
// bit-field (C11 6.7.9p9), so {1, 2} for {int a : 3; int : 0; int b : 4}
// sets a and b, padding or not between them.
func namedField(t *ctype.Type, i int) int {
	for i < len(t.Rec.Fields) && t.Rec.Fields[i].IsBitField && t.Rec.Fields[i].Name == "" {
		i++
	}
	return i
}

func (tr *translator) elemAddr(addr goExpr, t *ctype.Type, index int64, field int) (goExpr, *ctype.Type) {
	if t.Kind == ctype.Array {
		return plusConst(addr, index*t.Elem.Size()), t.Elem
	}
	f := t.Rec.Fields[field]
	return plusConst(addr, f.Offset), f.Type
}

// initShared initialises a static shared object (run by thread 0): the
// initialiser fills a private copy laid out as C would, and each element
// then goes to its place in shared memory.
func (tr *translator) initShared(ptr string, t *ctype.Type, init ast.Expr) {
	priv := ctype.Unshared(t)
	base := t.Base()
	tmp := tr.tmp("init")
	fn := tr.fn
	fn.stmt("{")
	fn.stmt(fmt.Sprintf("%s := cmem.Calloc(1, %s)", tmp, tr.sizeCode(priv)))
	tr.initMemory(primary(tmp), priv, init, false)
	if t.Kind != ctype.Array {
		fn.stmt(fmt.Sprintf("crt.Memput(t.Thread, %s, %s, %d)", ptr, tmp, base.Size()))
	} else {
		total, threads := ctype.ElemCount(t)
		n := strconv.FormatInt(total, 10)
		if threads {
			n += "*int64(t.Threads)"
		}
		fn.stmt(fmt.Sprintf("for i := int64(0); i < %s; i++ {", n))
		fn.stmt(fmt.Sprintf("crt.Memput(t.Thread, %s.Add(i, %s, t.Threads), %s+uintptr(i)*%d, %d)", ptr, tr.layoutOf(base), tmp, base.Size(), base.Size()))
		fn.stmt("}")
	}
	fn.stmt(fmt.Sprintf("cmem.Free(%s)", tmp))
	fn.stmt("}")
}

// localDecl translates a declaration inside a function.
func (tr *translator) localDecl(d *ast.Decl) {
	fn := tr.fn
	t := tr.resolveType(d.Type)
	if d.Name == "" {
		return
	}
	if old := tr.scope.syms[d.Name]; old != nil && d.Storage != ast.Extern && old.kind != symFunc {
		tr.errorf(d.Pos(), "redeclaration of '%s' (previous declaration at %s)", d.Name, old.pos)
		return
	}
	switch {
	case d.Storage == ast.Typedef:
		tr.declareTypedef(d, t)
		return
	case t.Kind == ctype.Func:
		s := tr.scope.lookup(d.Name)
		if s == nil || s.kind != symFunc {
			outer := tr.scope
			for outer.parent != nil {
				outer = outer.parent
			}
			saved := tr.scope
			tr.scope = outer
			tr.declareFunc(d.Name, t, d.Pos(), d.Storage)
			tr.scope = saved
		}
		return
	case d.Storage == ast.Extern:
		g := tr.fileScope().syms[d.Name]
		if g == nil {
			// An object defined later in the unit, or in another one.
			g = tr.define(d, &symbol{name: d.Name, kind: symVar, typ: t, st: tr.storageFor(t), goName: goIdent(d.Name), pos: d.Pos(), inMem: tr.externInMemory(d.Name, t)})
			tr.fileScope().insert(g)
		}
		tr.scope.insert(g)
		return
	case d.Storage == ast.Static:
		tr.defineStatic(d, t, d.Name, tr.staticLocalName(d.Name))
		return
	}
	if t.Shared || t.Kind == ctype.Array && t.Base().Shared {
		tr.errorf(d.Pos(), "shared variable '%s' must have static storage duration (declare it at file scope or static)", d.Name)
		return
	}
	if t.Kind == ctype.Void {
		tr.errorf(d.Pos(), "variable '%s' declared void", d.Name)
		return
	}
	if t.Kind == ctype.Array && t.Len < 0 && d.Init != nil {
		t = tr.completeFromInit(t, d.Init)
	}
	if t.Size() < 0 && !t.DependsOnTHREADS() {
		tr.errorf(d.Pos(), "storage size of '%s' isn't known", d.Name)
		return
	}
	fn.line(d.Pos())
	s := tr.define(d, &symbol{name: d.Name, kind: symVar, typ: t, st: stLocal, pos: d.Pos(), defined: true, inMem: tr.inMemory(d.Name, t)})
	if s.inMem && t.DependsOnTHREADS() {
		// A variable-length (or THREADS-sized) array: allocated when the
		// declaration is reached, freed when the function returns.
		s.goName = fn.goName(d.Name)
		fn.hoisted = append(fn.hoisted, &symbol{name: s.goName, goName: s.goName, typ: ctype.VoidPtr, used: true})
		fn.simpleStmt(fmt.Sprintf("%s = t.stack.AllocZero(%s, %d)", s.goName, tr.sizeCode(t), t.Align()))
		fn.needFrame = true
		tr.scope.insert(s)
		if d.Init != nil {
			tr.errorf(d.Pos(), "variable-sized object may not be initialized")
		}
		return
	}
	if s.inMem {
		s.goName = fn.frameSlot(tr, t, d.Name)
		tr.scope.insert(s)
		if d.Init != nil {
			tr.initMemory(primary(s.goName), t, d.Init, true)
		}
		return
	}
	s.goName = fn.goName(d.Name)
	fn.hoisted = append(fn.hoisted, s)
	if d.Init != nil {
		// C scope starts at the declarator: int x = x; reads the new x.
		tr.scope.insert(s)
		v := tr.initScalar(t, d.Init)
		fn.simpleStmt(fmt.Sprintf("%s = %s", s.goName, v))
		return
	}
	tr.scope.insert(s)
}

// staticLocalName names a static local of the current function: a field
// of the thread struct, or a package variable if shared, beside the file's
// globals. Two blocks of one function may each declare a static of one
// name, and a global may be called f_x; the later name gets a number.
func (tr *translator) staticLocalName(cname string) string {
	base := goLetters(tr.fn.name) + "_" + goIdent(cname)
	name := base
	for n := 2; tr.fileNames[name]; n++ {
		name = fmt.Sprintf("%s_%d", base, n)
	}
	tr.fileNames[name] = true
	return name
}

func (tr *translator) fileScope() *scope {
	s := tr.scope
	for s.parent != nil {
		s = s.parent
	}
	return s
}

// funcDecl translates a function definition.
func (tr *translator) funcDecl(d *ast.FuncDecl) {
	ft := tr.resolveType(d.Type)
	s := tr.declareFunc(d.Name, ft, d.Pos(), d.Storage)
	if s.defined {
		tr.errorf(d.Pos(), "redefinition of '%s' (previous definition at %s)", d.Name, s.pos)
		return
	}
	s.defined = true
	s.builtin, s.libc = nil, nil
	s.pos = d.Pos()
	sig := ft.Fn
	tr.unit.Symbols = append(tr.unit.Symbols, &Symbol{Name: d.Name, GoName: s.goName, Kind: SymFunc, Internal: s.internal,
		Def: Defined, Pos: s.pos, Type: s.typ.String(), Check: tr.goFuncType(sig)})
	if d.Name == "main" {
		tr.unit.MainParams = len(sig.Params)
		if sig.Result.Kind != ctype.Int && sig.Result.Kind != ctype.Void {
			tr.warnf(d.Pos(), "return type of 'main' is not 'int'")
		}
		// The runtime calls it with a Go int32 and a C address.
		args := sig.Params
		if len(args) == 2 && (goType(args[0]) != "int32" || args[1].Kind != ctype.Ptr || args[1].IsPtrToShared()) || len(args) != 0 && len(args) != 2 {
			tr.errorf(d.Pos(), "'main' takes no arguments or (int argc, char **argv)")
		}
	}
	fn := &funcState{name: d.Name, result: sig.Result, names: map[string]int{}, targets: tr.gotoTargets(d.Body), open: tr.openStatements(d.Body), variadic: sig.Variadic, taken: addressTaken(d)}
	tr.fn = fn
	tr.pushScope()
	var params []string
	var prologue []string
	for i, p := range d.Type.Params {
		pt := sig.Params[i]
		if hasVLA(p.Type) {
			// int m[rows][cols]: now that rows and cols are in scope, the
			// element type gets its run-time length.
			pt = ctype.AdjustParam(tr.resolveType(p.Type))
		}
		if p.Name == "" {
			if !(len(d.Type.Params) == 1 && pt.Kind == ctype.Void) {
				params = append(params, fmt.Sprintf("_ %s", goType(pt)))
			}
			continue
		}
		if pt.Shared {
			tr.errorf(p.Pos(), "parameter '%s' declared with UPC shared qualifier (parameters have automatic storage)", p.Name)
		}
		ps := tr.define(p, &symbol{name: p.Name, kind: symVar, typ: pt, st: stLocal, pos: p.Pos(), defined: true})
		if pt.Kind == ctype.Struct || pt.Kind == ctype.Union || fn.taken[p.Name] {
			in := fn.goName(p.Name + "_in")
			params = append(params, fmt.Sprintf("%s %s", in, goType(pt)))
			ps.goName = fn.frameSlot(tr, pt, p.Name)
			ps.inMem = true
			if pt.Kind == ctype.Struct || pt.Kind == ctype.Union {
				prologue = append(prologue, fmt.Sprintf("crt.Copy(%s, %s, %s)", ps.goName, in, tr.sizeCode(pt)))
			} else {
				prologue = append(prologue, fmt.Sprintf("*cmem.Ptr[%s](%s) = %s", goType(pt), ps.goName, in))
			}
		} else {
			ps.goName = fn.goName(p.Name)
			params = append(params, fmt.Sprintf("%s %s", ps.goName, goType(pt)))
		}
		tr.scope.insert(ps)
	}
	if sig.Variadic {
		params = append(params, "variadic []uint64")
	}
	tr.block(d.Body)
	tr.popScope()
	tr.fn = nil

	res := ""
	if sig.Result.Kind != ctype.Void {
		res = " " + goType(sig.Result)
	}
	retStruct := sig.Result.Kind == ctype.Struct || sig.Result.Kind == ctype.Union
	if d.Name == "main" {
		res = " int32"
	}
	var b strings.Builder
	b.WriteString(lineDirective(d.Pos()))
	fmt.Fprintf(&b, "func %s(%s)%s {\n", s.goName, strings.Join(append([]string{"t *thread"}, params...), ", "), res)
	if retStruct {
		// The result lives below this call's frame, in the caller's.
		fmt.Fprintf(&b, "result := t.stack.Alloc(%s, %d)\n", tr.sizeCode(sig.Result), sig.Result.Align())
	}
	if len(fn.frame) > 0 || fn.needFrame {
		b.WriteString("defer t.stack.Release(t.stack.Mark())\n")
		for _, l := range fn.frame {
			b.WriteString(l + "\n")
		}
	}
	// C only warns about unused variables (or ones used only in sizeof);
	// Go refuses them. The same parse decides the optional declarations,
	// the local copies of THREADS and MYTHREAD (an operand built for a
	// value the code then drops, as in (MYTHREAD, 0), needs none), and
	// whether the body ends in a return.
	facts, body := fn.body.settle(strings.Join(prologue, "\n") + "\n")
	read := facts.read
	if read["THREADS"] {
		b.WriteString("THREADS := int32(t.Threads)\n")
	}
	if read["MYTHREAD"] {
		b.WriteString("MYTHREAD := int32(t.MyThread)\n")
	}
	for _, h := range fn.hoisted {
		fmt.Fprintf(&b, "var %s %s\n", h.goName, goType(h.typ))
	}
	for _, h := range fn.hoisted {
		if !read[h.goName] {
			fmt.Fprintf(&b, "_ = %s\n", h.goName)
		}
	}
	for _, name := range fn.frameNames {
		if !read[name] {
			fmt.Fprintf(&b, "_ = %s\n", name)
		}
	}
	for _, l := range prologue {
		b.WriteString(l + "\n")
	}
	b.WriteString(body)
	if !facts.returns {
		// Falling off the end returns at the closing brace, as gcc's
		// line table has it: without a directive, Go's return would
		// count on from the last statement's line.
		b.WriteString(lineDirective(d.Body.Rbrace))
		switch {
		case d.Name == "main":
			b.WriteString("return 0\n")
		case retStruct:
			b.WriteString("return result\n")
		case sig.Result.Kind != ctype.Void:
			b.WriteString("return " + zeroValue(sig.Result) + "\n")
		}
	}
	b.WriteString("}\n\n")
	tr.funcs.WriteString(b.String())
}

// mentionsName reports whether the identifier name occurs in e.
func mentionsName(e ast.Expr, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// hasVLA reports whether a parameter's declared type has an array
// dimension that is not a constant (a C99 variable-length array).
func hasVLA(t ast.Type) bool {
	for {
		switch a := t.(type) {
		case *ast.ArrayType:
			if a.Len != nil {
				if _, ok := a.Len.(*ast.IntLit); !ok {
					return true
				}
			}
			t = a.Elem
			continue
		case *ast.PointerType:
			t = a.Elem
			continue
		}
		return false
	}
}
