package lower

import (
	"fmt"
	goast "go/ast"
	goparser "go/parser"
	gotoken "go/token"
	gotypes "go/types"
	"regexp"
	"strings"
)

// goFacts is what the emitter asks of a function's Go statements, answered
// from their syntax tree: one parse per function, of the statements as
// written (goBody.draft).
type goFacts struct {
	// read is the names the statements read (readNames).
	read map[string]bool
	// returns says the last statement is a return, labelled or not: the
	// code after it, the function's closing brace, is not reached.
	returns bool
}

// parseStmts parses Go statements, given in pieces read as one text.
func parseStmts(stmts ...string) goFacts {
	const head, tail = "package p\n\nfunc _() {\n", "\n}\n"
	var src strings.Builder
	n := len(head) + len(tail)
	for _, s := range stmts {
		n += len(s)
	}
	src.Grow(n)
	src.WriteString(head)
	for _, s := range stmts {
		src.WriteString(s)
	}
	src.WriteString(tail)
	f, err := goparser.ParseFile(gotoken.NewFileSet(), "", src.String(), goparser.SkipObjectResolution)
	if err != nil {
		// The generated code is ours: a compiler bug, as in goFile.
		panic(fmt.Sprintf("generated Go does not parse: %v", err))
	}
	body := f.Decls[0].(*goast.FuncDecl).Body
	facts := goFacts{read: readNames(body)}
	if n := len(body.List); n > 0 {
		last := body.List[n-1]
		for {
			l, ok := last.(*goast.LabeledStmt)
			if !ok {
				break
			}
			last = l.Stmt
		}
		_, facts.returns = last.(*goast.ReturnStmt)
	}
	return facts
}

// readNames returns the names that Go statements read, by Go's rule for
// "declared and not used": an identifier counts wherever it occurs except
// as a whole operand on the left of a plain assignment (x = v, x, y = v, w)
// and where it names no variable: a field or method after a dot, a field
// key of a composite literal, a label. C only warns about a local it never
// reads; the function's emitter gives each one Go would refuse a use of
// its own (_ = x). Names are not resolved: a function's Go names are
// unique in it (funcState.goName) except where the emitter re-declares a
// variable from itself (for i := i), which reads it.
func readNames(body *goast.BlockStmt) map[string]bool {
	read := map[string]bool{}
	notRead := map[*goast.Ident]bool{}
	goast.Inspect(body, func(n goast.Node) bool {
		switch n := n.(type) {
		case *goast.AssignStmt:
			if n.Tok == gotoken.ASSIGN || n.Tok == gotoken.DEFINE {
				for _, lhs := range n.Lhs {
					if id, ok := lhs.(*goast.Ident); ok {
						notRead[id] = true
					}
				}
			}
		case *goast.SelectorExpr:
			notRead[n.Sel] = true
		case *goast.CompositeLit:
			for _, elt := range n.Elts {
				if kv, ok := elt.(*goast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*goast.Ident); ok {
						notRead[id] = true
					}
				}
			}
		case *goast.BranchStmt:
			if n.Label != nil {
				notRead[n.Label] = true
			}
		case *goast.LabeledStmt:
			notRead[n.Label] = true
		case *goast.ValueSpec:
			for _, id := range n.Names {
				notRead[id] = true
			}
		case *goast.Field:
			for _, id := range n.Names {
				notRead[id] = true
			}
		case *goast.Ident:
			if !notRead[n] {
				read[n.Name] = true
			}
		}
		return true
	})
	return read
}

// templateForm is the form of the Go that a library lowering's template
// (its table's format, with %s, %d, %t, %q and %[n]s for the arguments)
// makes: formCall when the template is a call of a function, Go's kind of
// expression that may stand as a statement of its own, where its value
// is discarded; formOther for a conversion (int32(x), uintptr(p)) or
// crt.B2I and crt.Bool, which compute a value and nothing else. The
// tables' templates are parsed once, when a lowering is made; the code
// the translator builds says its form as it builds it (callf).
func templateForm(format string) exprForm {
	code := templateArg.ReplaceAllString(strings.ReplaceAll(format, "%%", "%"), "x")
	e, err := goparser.ParseExpr(code)
	if err != nil {
		panic(fmt.Sprintf("a library template does not parse: %q: %v", format, err))
	}
	for {
		p, ok := e.(*goast.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	if call, ok := e.(*goast.CallExpr); ok && !isConversion(call) {
		return formCall
	}
	return formOther
}

// templateArg is an argument's verb in a template.
var templateArg = regexp.MustCompile(`%(\[[0-9]+\])?[sdtqv]`)

// isConversion reports whether call converts to a type: a predeclared
// one (int32, uintptr), unsafe.Pointer, or a type literal ([]byte,
// (*T)); or calls crt.B2I or crt.Bool, conversions in all but name.
func isConversion(call *goast.CallExpr) bool {
	fun := call.Fun
	for {
		p, ok := fun.(*goast.ParenExpr)
		if !ok {
			break
		}
		fun = p.X
	}
	if g, ok := fun.(*goast.IndexExpr); ok {
		fun = g.X // crt.Bool[int32]
	}
	switch f := fun.(type) {
	case *goast.Ident:
		_, isType := gotypes.Universe.Lookup(f.Name).(*gotypes.TypeName)
		return isType
	case *goast.SelectorExpr:
		pkg, ok := f.X.(*goast.Ident)
		return ok && (pkg.Name == "unsafe" && f.Sel.Name == "Pointer" || pkg.Name == "crt" && (f.Sel.Name == "B2I" || f.Sel.Name == "Bool"))
	case *goast.ArrayType, *goast.StarExpr, *goast.MapType, *goast.ChanType, *goast.FuncType, *goast.InterfaceType, *goast.StructType:
		return true
	}
	return false
}
