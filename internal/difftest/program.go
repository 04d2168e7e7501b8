package difftest

// The abstract program: plain data that the generator builds, the two
// printers print (as UPC for upcgo, as a serial C model for gcc) and the
// reducer shrinks. Any part of a valid program may be deleted or
// simplified and the rest stays valid and race-free: every index is
// reduced modulo its bound when printed, every count is computed at run
// time, and the guards against undefined behaviour (division by zero,
// shift counts, float-to-integer conversions out of range) are added by
// the printers from the operand types, not stored here.

// Program is one generated UPC program.
type Program struct {
	Seed    uint64
	Structs []*Struct
	Objects []*Object
	Phases  []*Phase // each ends in a barrier
}

// ObjKind says what an object is.
type ObjKind uint8

const (
	SharedArray  ObjKind = iota
	SharedScalar         // on thread 0
	Private              // a private global: one per UPC thread
)

// LayoutKind is a shared array's layout qualifier.
type LayoutKind uint8

const (
	Cyclic     LayoutKind = iota // no qualifier, or [1]
	Blocked                      // [B]
	Star                         // [*]: one block per thread
	Indefinite                   // []: every element on one thread
)

// Layout is a shared array's blocking. For Star, B is the block size the
// qualifier works out to, which the generator keeps independent of
// THREADS (the array has THREADS as a factor of exactly one dimension).
type Layout struct {
	Kind LayoutKind
	B    int
}

// blockSize is the block size in elements as upc_blocksizeof gives it: 0
// for an indefinite layout.
func (l Layout) blockSize() int {
	if l.Kind == Indefinite {
		return 0
	}
	return l.B
}

// Dim is one dimension of an array: N, times THREADS when Threads is set.
type Dim struct {
	N       int
	Threads bool
}

// Storage says where a shared array comes from.
type Storage uint8

const (
	Static      Storage = iota // a file-scope declaration
	AllAlloc                   // upc_all_alloc, called by every thread
	GlobalAlloc                // upc_global_alloc, called by thread Home
	LocalAlloc                 // upc_alloc by thread Home: indefinite, on Home
)

// Object is a shared array, a shared scalar or a private global.
type Object struct {
	Name    string
	Kind    ObjKind
	Elem    Type
	Layout  Layout // SharedArray
	Dims    []Dim  // SharedArray; allocated arrays have one
	Storage Storage
	Home    int // Indefinite layout: the thread (mod THREADS) holding it
	Strict  bool
	Init    Const // Private scalars: the initial value
}

// Phase is the code every thread runs between two barriers. Within a
// phase each shared object is written by at most one task, and a task
// reads only objects no task of the phase writes, and the element it is
// writing; so running the threads one after another (the model) gives the
// same result as running them in parallel.
type Phase struct {
	Tasks   []Task
	Barrier BarrierKind // how the phase ends
	ID      int         // BarrierID, BarrierSplit: the barrier's value, the same on every thread (split: 0 is none)
	// Between runs between upc_notify and upc_wait (BarrierSplit): private
	// assignments that read no shared data, since the threads that have
	// left upc_wait may already be writing the next phase's objects.
	Between []*PrivAssign
}

// BarrierKind is the barrier that ends a phase.
type BarrierKind uint8

const (
	BarrierPlain BarrierKind = iota // upc_barrier;
	BarrierID                       // upc_barrier ID;
	BarrierSplit                    // upc_notify [ID]; Between; upc_wait [ID];
)

// Task is a Loop or a Move.
type Task interface{ isTask() }

// Shape is how a Loop hands out the elements of its target to threads.
type Shape uint8

const (
	// upc_forall (i = ...; ...; ...; Aff): iteration i runs where Aff
	// says, and writes element i.
	ShapeForall Shape = iota
	// for (i = MYTHREAD; i < N; i += THREADS): element i.
	ShapeForMine
	// A pointer-to-shared p walks the array from &X[0] (or is set to
	// &X[0] + i); the element *p is written by upc_threadof(p).
	ShapePtrWalk
	// (T *)&X[first of MYTHREAD]: each thread walks its own elements
	// through a private pointer, by local index k.
	ShapeLocal
	// (shared [] T *)&X[first of W], W = (MYTHREAD + Rot) % THREADS: each
	// thread walks another thread's elements by local index k.
	ShapeIndef
	// upc_forall through (shared [ViewB] T *)&X[0]: a view of the array
	// with another block size over the same storage (only for arrays
	// where every thread holds the same whole number of both blocks).
	ShapeView
	// upc_forall over the rows of a multi-dimensional array around a
	// upc_forall over the columns. An outer affinity &X[r][0] (or the
	// integer r) controls: the inner one runs every iteration whatever its
	// affinity, so a row belongs to the thread of its first element. An
	// outer continue (or no affinity) controls nothing: the inner
	// affinity hands out the cells (UPC 1.3 §6.6.2).
	ShapeNested
	// One thread, W % THREADS, writes a shared scalar.
	ShapeSingle
	// Every thread runs the body once, writing only private globals.
	ShapeEvery
)

// AffKind is the affinity expression of a ShapeForall loop.
type AffKind uint8

const (
	AffAddr     AffKind = iota // &Obj[i % N], or &Obj[i % N].f<Field> of a struct
	AffPtr                     // p + i % N, p a pointer-to-shared to Obj's first element
	AffInt                     // (i * Mul + Add) / Div, an integer
	AffContinue                // continue: every thread runs every iteration; the body is guarded by upc_threadof(&X[i]) == MYTHREAD
	AffNone                    // no affinity expression, as continue (ShapeNested's outer loop only)
)

// Affinity is a ShapeForall loop's affinity expression.
type Affinity struct {
	Kind          AffKind
	Obj           *Object // AffAddr, AffPtr
	Member        bool    // AffAddr: the address of field Field of the element
	Field         int
	Mul, Add, Div int // AffInt
}

// Loop writes elements of Target (a shared array or scalar; nil for
// ShapeEvery) one at a time: for each element the thread that the shape
// gives it to runs Body, where Cur is that element.
type Loop struct {
	Target *Object
	Shape  Shape
	Aff    Affinity // ShapeForall
	Desc   bool     // iterate from the last element down
	Step2  bool     // ShapeForall, ShapeForMine: only every other i (from Start)
	Start  int      // 0 or 1, with Step2
	Rot    int      // ShapeIndef: W = (MYTHREAD + Rot) % THREADS
	ViewB  int      // ShapeView
	W      int      // ShapeSingle
	// ShapeNested: the outer affinity is Outer (AffAddr: &X[r][0], AffInt:
	// r, AffContinue, AffNone), the inner one Inner (AffAddr: the element,
	// AffInt: c, AffContinue); an outer loop that controls nothing has an
	// inner one that does (AffAddr or AffInt).
	Outer, Inner AffKind
	// InFunc puts the loop in a function of its own, which reaches the
	// target through a pointer-to-shared parameter (UPC program only:
	// what the model computes does not change).
	InFunc bool
	Body   []Stmt
}

func (*Loop) isTask() {}

// controlsRows reports whether a ShapeNested loop's outer upc_forall hands
// out the rows (UPC 1.3 §6.6.2: an affinity other than continue).
func (l *Loop) controlsRows() bool { return l.Outer == AffAddr || l.Outer == AffInt }

// API is the family of library calls a Move uses.
type API uint8

const (
	APIContig   API = iota // upc_memcpy, upc_memget, upc_memput, upc_memset
	APIStrided             // upc_mem{cpy,get,put}_strided
	APIFstrided            // upc_mem{cpy,get,put}_fstrided
	APIVlist               // upc_mem{cpy,get,put}_vlist
	APIIlist               // upc_mem{cpy,get,put}_ilist
	numAPIs
)

// Sync is how a Move's transfers complete.
type Sync uint8

const (
	SyncBlocking Sync = iota
	SyncAsync         // _async + upc_waitsync (explicit handle)
	SyncAsynci        // _asynci + upc_waitsynci (implicit handle)
	SyncNB            // UPC 1.3: _nb + upc_sync (contiguous calls only)
	SyncNBI           // UPC 1.3: _nbi + upc_synci (contiguous calls only)
	numSyncs
)

// Move copies elements with the memcpy family. Thread t writes elements of
// Dst held by W = (t + DstRot) % THREADS: those at local indices
// DstOff + k*DstStride. They come from Src's elements held by V = (t +
// SrcRot) % THREADS at local indices SrcOff + k*SrcStride or, when Gather
// is set, from Src[Gather(k) % N] wherever they are; with Src nil the
// bytes are set to Byte (upc_memset). Direct moves copy shared to shared
// in one call; the others get the source into a private buffer, then put
// the buffer. Dst and Src have the same element type.
type Move struct {
	Dst                       *Object
	DstRot, DstOff, DstStride int
	Src                       *Object
	SrcRot, SrcOff, SrcStride int
	Gather                    Expr // over k, MYTHREAD
	Byte                      int
	Direct                    bool
	GetAPI, PutAPI            API // PutAPI is the API of a direct move
	GetSync, PutSync          Sync
	DstPerElem, SrcPerElem    bool // vlist/ilist: one region per element, else one run
}

func (*Move) isTask() {}

// Stmt is a statement in a Loop's body.
type Stmt interface{ isStmt() }

// Assign is `Cur[.field] op= X` (Op "=", "+=", …, "<<=").
type Assign struct {
	Field int // -1: the element itself (a scalar)
	Op    string
	X     Expr
}

// IncDec is ++ or -- of Cur[.field]; with Into set, the expression's value
// is also combined into a private global: `Into op= Cur++`.
type IncDec struct {
	Field  int
	Dec    bool
	Post   bool
	Into   *Object
	IntoOp string
}

// PrivAssign is `P op= X` for a private global P.
type PrivAssign struct {
	P  *Object
	Op string
	X  Expr
}

// StructCopy copies a whole struct element through a private temporary:
// `{ struct S tmp = Src[Idx]; tmp.fField op= X; Cur = tmp; }` (Field < 0:
// no change on the way).
type StructCopy struct {
	Src   *Object
	Idx   Expr
	Field int
	Op    string
	X     Expr
}

// PtrSet points the current element, a pointer-to-shared, at
// T[Idx % N] of its target array T (Idx nil: sets it to null).
type PtrSet struct{ Idx Expr }

// PtrCopy copies a pointer-to-shared from Src[Idx % N] (or the shared
// scalar Src), which has the current element's type.
type PtrCopy struct {
	Src *Object
	Idx Expr
}

// PtrStep moves the current element, a pointer-to-shared, by K elements
// (++ and -- when K is 1 or -1) if it is not null and stays inside its
// target array.
type PtrStep struct{ K int }

func (*PtrSet) isStmt()     {}
func (*PtrCopy) isStmt()    {}
func (*PtrStep) isStmt()    {}
func (*Assign) isStmt()     {}
func (*IncDec) isStmt()     {}
func (*PrivAssign) isStmt() {}
func (*StructCopy) isStmt() {}

// Expr is an expression. Expressions have no side effects, so the
// printers may evaluate one more than once (in the guards).
type Expr interface{ isExpr() }

// Var is a loop variable of the enclosing Loop: "i" (the element's index
// in the array, or the view) or "k" (its local index); type int.
type Var struct{ Name string }

// MyThread and Threads are MYTHREAD and THREADS (int).
type MyThread struct{}
type Threads struct{}

// Cur reads the element (field) the enclosing Loop is writing.
type Cur struct{ Field int }

// Elem reads Obj[Idx % N][.field], or the shared scalar Obj.
type Elem struct {
	Obj   *Object
	Idx   Expr // an integer expression; nil for a scalar
	Field int
}

// Priv reads a private global.
type Priv struct{ P *Object }

// Unary is -X, ~X or !X.
type Unary struct {
	Op string
	X  Expr
}

// Binary is X op Y for the arithmetic, bitwise, shift, relational and
// logical operators.
type Binary struct {
	Op   string
	X, Y Expr
}

// Cond is C ? X : Y.
type Cond struct{ C, X, Y Expr }

// Cast is (T)X.
type Cast struct {
	T Scalar
	X Expr
}

// PtrKind says what a PtrQuery asks of pointers-to-shared.
type PtrKind uint8

const (
	QThreadOf  PtrKind = iota // upc_threadof(P)
	QPhaseOf                  // upc_phaseof(P)
	QDiff                     // P - &Obj[Idx2 % N] (ptrdiff_t)
	QResetThr                 // upc_threadof(upc_resetphase(P))
	QResetPh                  // upc_phaseof(upc_resetphase(P))
	QVoidPhase                // upc_phaseof((shared void *)P)
	numPtrKinds
)

// PtrQuery asks about P = &Obj[Idx % N] (+ Add, the sum kept inside the
// array), or, when Reblock is set, about (shared [ReB] T *)&Obj[first
// element of thread Idx % THREADS] + Add: a cast to another block size
// gives phase 0 (UPC 1.3 §6.4.3), and Add then walks in the new layout.
type PtrQuery struct {
	Kind    PtrKind
	Obj     *Object
	Idx     Expr
	Add     int
	Idx2    Expr // QDiff
	Reblock bool
	ReB     int // the new block size; 0 is indefinite (shared [])
}

// SizeKind is a size operator.
type SizeKind uint8

const (
	SzSizeof SizeKind = iota // sizeof(T) of the element type
	SzBlock                  // upc_blocksizeof(Obj)
	SzElem                   // upc_elemsizeof(Obj)
	numSizeKinds
	// upc_localsizeof is left out: UPC 1.3 §6.4.1 lets it include padding.
)

// SizeQuery is a size operator applied to a shared array.
type SizeQuery struct {
	Kind SizeKind
	Obj  *Object
}

// PtrReadKind is what a PtrRead asks of a pointer-to-shared value.
type PtrReadKind uint8

const (
	PDeref  PtrReadKind = iota // *p, or p->f<Field>: its target must be read-only in the phase
	PThread                    // upc_threadof(p)
	PPhase                     // upc_phaseof(p)
	PDiff                      // p - &T[0]
	numPtrReads
)

// PtrRead reads a pointer-to-shared value from Obj[Idx % N] (or the shared
// scalar Obj) and asks Kind of it; a null pointer gives 0 (-1 for PDiff).
type PtrRead struct {
	Kind  PtrReadKind
	Obj   *Object
	Idx   Expr
	Field int // PDeref of a struct target
}

func (Const) isExpr()      {}
func (*PtrRead) isExpr()   {}
func (*Var) isExpr()       {}
func (MyThread) isExpr()   {}
func (Threads) isExpr()    {}
func (*Cur) isExpr()       {}
func (*Elem) isExpr()      {}
func (*Priv) isExpr()      {}
func (*Unary) isExpr()     {}
func (*Binary) isExpr()    {}
func (*Cond) isExpr()      {}
func (*Cast) isExpr()      {}
func (*PtrQuery) isExpr()  {}
func (*SizeQuery) isExpr() {}

// perThread is the element count without the THREADS factor.
func (o *Object) perThread() int {
	e := 1
	for _, d := range o.Dims {
		e *= d.N
	}
	return e
}

// hasThreads reports whether a dimension scales with THREADS.
func (o *Object) hasThreads() bool {
	for _, d := range o.Dims {
		if d.Threads {
			return true
		}
	}
	return false
}

// even reports whether every thread holds the same whole number of blocks
// of o at every THREADS: N = K*THREADS with B dividing K. Then a view with
// any block size dividing K covers the same storage.
func (o *Object) even() bool {
	return o.Kind == SharedArray && o.Layout.Kind != Indefinite && o.hasThreads() && o.perThread()%o.Layout.B == 0
}
