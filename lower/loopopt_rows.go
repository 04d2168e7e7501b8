package lower

import (
	"github.com/upcgo/upcgo/parser/ast"
)

// Rows for local pointers, for the loop pass (loopopt.go). A subscript
// p[e] the pass gives no running address (its index is not affine: NAS
// IS's key count, key_buff_ptr[key_buff2[i]]++) is the element at the C
// address p + e*size, which Go adds to the base of C addresses ahead of
// every access: an LEA, where gcc's access is one memory operand
// (docs/PERFORMANCE.md, set F). A pointer read once before the loop from C
// memory gets a row for that (loopopt_vars.go), a Go pointer to its first
// element, xRow := unsafe.Add(mem, xVal); a private pointer held in a Go
// variable gets the same, pRow := unsafe.Add(mem, p), with no read to
// make, when the row stays right for the whole loop:
//
//   - p is a local whose address is never taken (a Go variable, which no
//     store through a pointer and no call can change) and not volatile;
//   - neither the loop's body nor its condition assigns, increments or
//     decrements p (p++ in the body keeps p's subscripts on C addresses),
//     and the body declares no p of its own;
//   - p points to scalars: a struct's or an array's elements keep a C
//     address each, as their members and rows add to it.
//
// The row is made after the loop's init clause, which may set p, by the
// outermost loop around the subscript that the pass plans for its running
// addresses or reads and where p is invariant: rows are given once every
// loop of the function is planned (OptimizeLoops), so a subscript an inner
// loop walks on a running address gets none, and no loop is planned for a
// row alone. What the pointer points at may change as it likes, since
// every access still reads or writes memory where the C program does.

// localRows are the mentions of local pointers, as the base of a subscript
// of the body or the condition that no loop's running address takes
// (planned), that the loop gives a row (see above), other than those an
// enclosing loop gives one (claimed).
func (lo *loopAnalysis) localRows(claimed map[ast.Expr]bool, planned map[*ast.IndexExpr]bool) []ast.Expr {
	var rows []ast.Expr
	collect := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SizeofExpr:
			return false // not evaluated
		case *ast.IndexExpr:
			if planned[n] {
				return false // its index is computed before the loop that walks it
			}
			if id, ok := n.X.(*ast.Ident); ok && !claimed[id] && lo.info.Types[n.Index].Value == nil && lo.rowPointer(id) {
				rows = append(rows, id)
			}
		}
		return true
	}
	lo.inspect(collect)
	return rows
}

// rowPointer reports whether id names a private pointer to scalars in a Go
// variable that the loop cannot change.
func (lo *loopAnalysis) rowPointer(id *ast.Ident) bool {
	s := lo.info.use(id)
	return s != nil && s.kind == symVar && !s.handsOut && rowElem(s.typ) != nil && !lo.redeclared(id.Name) && lo.unchangedLocal(s)
}
