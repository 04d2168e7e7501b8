// Package token defines the C/UPC tokens and source positions shared by the
// preprocessor (parser/cpp), the parser and the checker.
//
// The preprocessor turns source files into a flat slice of Tokens whose
// positions point into the original files (after #line), so every later
// stage reports errors against what the user wrote.
package token

import "fmt"

// Pos is a position in a source file. Line and Col are 1-based; Col counts
// bytes. The zero Pos means "no position".
type Pos struct {
	File string
	Line int32
	Col  int32
}

// IsValid reports whether the position refers to a source location.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:col, the form gcc prints.
func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return p.File
		}
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Before reports whether p sorts before q (by file, line, column).
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Kind classifies a token.
type Kind uint8

const (
	EOF    Kind = iota
	Ident       // identifiers and keywords (the parser tells them apart)
	Int         // integer constant, with suffix: 42, 0x2AUL, 017
	Float       // floating constant, with suffix: 1.5, 1e-3f, 0x1p3
	Char        // character constant with quotes and prefix: 'a', L'\n'
	String      // one string literal with quotes and prefix: "a\n", L"x"
	Punct       // operator or punctuator: + ->  <<= ... # ##
)

var kindNames = [...]string{EOF: "EOF", Ident: "Ident", Int: "Int", Float: "Float", Char: "Char", String: "String", Punct: "Punct"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Token is one preprocessed token. Text is the exact spelling (string and
// character literals keep their quotes and escapes; adjacent string literals
// are NOT concatenated here: that is the parser's job, as in C translation
// phase 6).
type Token struct {
	Kind  Kind
	Flags Flags
	Text  string
	Pos   Pos
}

// Flags record the white space around a token, which the preprocessor needs
// (a '#' first on a line starts a directive; "f(" and "f (" differ in a
// #define; '#' stringification keeps one space where there was any).
type Flags uint8

const (
	BOL      Flags = 1 << iota // first token on its line
	Space                      // white space or a comment came before it
	NoExpand                   // an identifier that must not be macro-expanded again (C99 6.10.3.4p2)
	// Unterminated marks a string or character literal cut off by the end
	// of its line. As in gcc it is only a warning in a skipped #if group,
	// an #error line or a #define (a macro that is never used is no
	// error), and an error when the literal reaches the parser.
	Unterminated
	// PlainC marks a token in a "#pragma upc c_code" region (up to
	// "#pragma upc upc_code"), where the parser reads the UPC keywords
	// (shared, strict, upc_forall, ...) as ordinary identifiers.
	PlainC
)

func (t Token) String() string { return fmt.Sprintf("%s %s %q", t.Pos, t.Kind, t.Text) }

// UnterminatedMessage is the diagnostic for a literal flagged Unterminated,
// worded as gcc words it.
func UnterminatedMessage(t Token) string {
	if t.Kind == String {
		return `missing terminating " character`
	}
	return "missing terminating ' character"
}
