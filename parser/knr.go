package parser

import (
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/token"
)

// rewriteKnR turns old-style (K&R) function definitions, which C99 still
// accepts (6.9.1),
//
//	int add(a, b) int a; int b; { ... }
//
// into prototype form, int add(int a, int b) { ... }, before parsing: the
// grammar then needs no identifier-list rule, whose ambiguity with
// parameter types the typedef-aware grammar cannot resolve without the
// declaration list that follows. A parameter without a declaration is int.
// Pragma indices after a rewritten definition are shifted to match.
func rewriteKnR(toks []token.Token, pragmas []*ast.Pragma) []token.Token {
	var out []token.Token
	depth := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind == token.Punct {
			switch t.Text {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				depth--
			}
		}
		if depth != 0 || t.Kind != token.Ident || i+1 >= len(toks) || toks[i+1].Text != "(" {
			out = append(out, t)
			continue
		}
		names, close, ok := identList(toks, i+2)
		if !ok {
			out = append(out, t)
			continue
		}
		body, decls, ok := declList(toks, close+1)
		if !ok {
			out = append(out, t)
			continue
		}
		params := knrParams(names, decls, toks[i+1].Pos)
		if params == nil {
			out = append(out, t)
			continue
		}
		// name ( params ) then the body's '{' is copied by the loop.
		start := len(out)
		out = append(out, t, toks[i+1])
		out = append(out, params...)
		out = append(out, toks[close])
		delta := (len(out) - start) - (body - i)
		for _, p := range pragmas {
			if p.Index >= body {
				p.Index += delta
			}
		}
		i = body - 1
	}
	return out
}

// identList matches "a, b, c )" starting at i and returns the names and
// the index of ')'.
func identList(toks []token.Token, i int) ([]token.Token, int, bool) {
	var names []token.Token
	for i < len(toks) {
		if toks[i].Kind != token.Ident || isKeyword(toks[i].Text) {
			return nil, 0, false
		}
		names = append(names, toks[i])
		i++
		if i >= len(toks) {
			return nil, 0, false
		}
		switch toks[i].Text {
		case ")":
			return names, i, true
		case ",":
			i++
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// declList matches the parameter declarations between ')' and the body's
// '{' and returns the index of '{' and the declarations, each split at ';'.
func declList(toks []token.Token, i int) (int, [][]token.Token, bool) {
	if i >= len(toks) || toks[i].Kind != token.Ident {
		return 0, nil, false // ";" , "=" "{" etc.: not a K&R definition
	}
	var decls [][]token.Token
	var cur []token.Token
	depth := 0
	for ; i < len(toks); i++ {
		t := toks[i]
		switch t.Text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case "{":
			if depth == 0 && len(cur) == 0 && len(decls) > 0 {
				return i, decls, true
			}
			return 0, nil, false
		case ";":
			if depth == 0 {
				decls = append(decls, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, t)
	}
	return 0, nil, false
}

// knrParams builds a prototype parameter list: for each name, the
// specifiers and the declarator that declare it, or int.
func knrParams(names []token.Token, decls [][]token.Token, pos token.Pos) []token.Token {
	declOf := map[string][]token.Token{}
	for _, d := range decls {
		specs, declarators := splitDecl(d)
		if specs == nil {
			return nil
		}
		for _, dr := range declarators {
			name := declaredName(dr)
			if name == "" {
				return nil
			}
			declOf[name] = append(append([]token.Token(nil), specs...), dr...)
		}
	}
	var out []token.Token
	for k, n := range names {
		if k > 0 {
			out = append(out, token.Token{Kind: token.Punct, Text: ",", Pos: n.Pos, Flags: token.Space})
		}
		if d, ok := declOf[n.Text]; ok {
			out = append(out, d...)
			delete(declOf, n.Text)
			continue
		}
		out = append(out, token.Token{Kind: token.Ident, Text: "int", Pos: n.Pos}, n)
	}
	if len(declOf) > 0 {
		return nil // a declaration of something not in the list: leave it to the parser's error
	}
	return out
}

// splitDecl splits "unsigned long *p, q[3]" into its specifiers and its
// declarators: the specifiers end where the first declarator begins (a
// '*', a '(', or the last identifier before one of those or a comma).
func splitDecl(d []token.Token) ([]token.Token, [][]token.Token) {
	end := -1
	for i, t := range d {
		if t.Text == "*" || t.Text == "(" {
			end = i
			break
		}
		if t.Kind == token.Ident && !isKeyword(t.Text) && (i+1 == len(d) || d[i+1].Text == "," || d[i+1].Text == "[") && i > 0 {
			end = i
			break
		}
	}
	if end <= 0 {
		return nil, nil
	}
	var decls [][]token.Token
	var cur []token.Token
	depth := 0
	for _, t := range d[end:] {
		switch t.Text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ",":
			if depth == 0 {
				decls = append(decls, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, t)
	}
	return d[:end], append(decls, cur)
}

// declaredName is the identifier a declarator declares.
func declaredName(dr []token.Token) string {
	for _, t := range dr {
		if t.Kind == token.Ident && !isKeyword(t.Text) {
			return t.Text
		}
	}
	return ""
}

var cKeywords = map[string]bool{}

func init() {
	for _, k := range []string{"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
		"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
		"short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile",
		"while", "_Bool", "shared", "strict", "relaxed", "upc_forall"} {
		cKeywords[k] = true
	}
}

func isKeyword(s string) bool { return cKeywords[s] }
