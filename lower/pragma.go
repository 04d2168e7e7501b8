package lower

import (
	"github.com/upcgo/upcgo/parser/ast"
)

// upcPragmas are the parameters "#pragma upc" takes: the consistency
// modes of UPC 1.3 §6.6.1 and Berkeley UPC's plain-C regions.
var upcPragmas = map[string]bool{"strict": true, "relaxed": true, "c_code": true, "upc_code": true}

// checkUpcPragma warns about a malformed "#pragma upc" as GNU UPC does
// (-Wpragmas): no parameter, an unknown one, tokens after it, or a
// consistency mode that is not the first thing in its block, which UPC
// 1.3 §6.6.1 requires ("first" is false then). Other pragmas are not
// upcgo's concern. It reports whether the pragma may take effect.
func (tr *translator) checkUpcPragma(p *ast.Pragma, first bool) bool {
	toks := p.Tokens
	if len(toks) == 0 || toks[0].Text != "upc" {
		return true
	}
	switch {
	case len(toks) == 1:
		tr.warnf(p.Pos, "missing parameter after #pragma upc")
		return false
	case !upcPragmas[toks[1].Text]:
		tr.warnf(toks[1].Pos, "unknown #pragma upc '%s' (upcgo knows strict, relaxed, c_code and upc_code): ignored", toks[1].Text)
		return false
	case len(toks) > 2:
		tr.warnf(toks[2].Pos, "junk at end of #pragma upc: ignored")
		return false
	case !first && p.Consistency != ast.NoConsistency:
		tr.warnf(p.Pos, "#pragma upc %s not allowed here: it must come before the first declaration or statement of a block (UPC 1.3 §6.6.1); ignored", toks[1].Text)
		return false
	}
	return true
}
