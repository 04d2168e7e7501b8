package parser

import (
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/scan"
	"github.com/upcgo/upcgo/parser/token"
)

// Participle token types. Keywords get their own type so that the grammar's
// @Ident never captures "int" or "while"; the grammar matches keywords and
// punctuators by value.
const (
	ttIdent lexer.TokenType = iota + 1
	ttKeyword
	ttInt
	ttFloat
	ttChar
	ttString
	ttPunct
)

var symbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Ident": ttIdent, "Keyword": ttKeyword, "Int": ttInt,
	"Float": ttFloat, "Char": ttChar, "String": ttString, "Punct": ttPunct,
}

// keywords are the C99, UPC and GNU keywords the grammar knows. THREADS,
// MYTHREAD and UPC_MAX_BLOCK_SIZE are not keywords: they are expressions.
var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`auto break case char const continue default do
		double else enum extern float for goto if inline int long register restrict
		return short signed sizeof static struct switch typedef union unsigned void
		volatile while _Bool _Complex _Imaginary _Noreturn
		shared strict relaxed upc_forall upc_barrier upc_notify upc_wait upc_fence
		upc_localsizeof upc_blocksizeof upc_elemsizeof
		__attribute__ asm __builtin_va_arg __builtin_offsetof __builtin_va_list`) {
		keywords[k] = true
	}
}

// gnuSpellings maps GNU alternate keyword spellings, which real headers and
// programs use, to the keyword the grammar matches.
var gnuSpellings = map[string]string{
	"__inline": "inline", "__inline__": "inline",
	"__restrict": "restrict", "__restrict__": "restrict",
	"__const": "const", "__const__": "const",
	"__volatile": "volatile", "__volatile__": "volatile",
	"__signed": "signed", "__signed__": "signed",
	"__asm": "asm", "__asm__": "asm",
	"__attribute": "__attribute__",
	"__complex__": "_Complex", "__complex": "_Complex",
}

// keyword returns the keyword an identifier spells, or "".
func keyword(text string) string {
	if keywords[text] {
		return text
	}
	return gnuSpellings[text]
}

// upcKeywords are the keywords UPC adds to C.
var upcKeywords = map[string]bool{
	"shared": true, "strict": true, "relaxed": true, "upc_forall": true, "upc_barrier": true, "upc_notify": true,
	"upc_wait": true, "upc_fence": true, "upc_localsizeof": true, "upc_blocksizeof": true, "upc_elemsizeof": true,
}

// tokenKeyword is the keyword t spells: none for a UPC keyword in plain C
// code (a "#pragma upc c_code" region, Berkeley UPC's way to include C
// headers that use those words as names).
func tokenKeyword(t token.Token) string {
	k := keyword(t.Text)
	if t.Flags&token.PlainC != 0 && upcKeywords[k] {
		return ""
	}
	return k
}

// dropped reports tokens the parser ignores: __extension__ only silences
// pedantic warnings in gcc and may prefix any declaration or expression.
func dropped(t token.Token) bool { return t.Kind == token.Ident && t.Text == "__extension__" }

// lexToken converts token i of toks for participle. The position's Offset
// is the token's index, so any participle position leads back to the token
// (and to its file, line and column).
func lexToken(t token.Token, i int) lexer.Token {
	lt := lexer.Token{Value: t.Text, Pos: lexer.Position{Filename: t.Pos.File, Offset: i, Line: int(t.Pos.Line), Column: int(t.Pos.Col)}}
	switch t.Kind {
	case token.Ident:
		if k := tokenKeyword(t); k != "" {
			lt.Type, lt.Value = ttKeyword, k
		} else {
			lt.Type = ttIdent
		}
	case token.Int:
		lt.Type = ttInt
	case token.Float:
		lt.Type = ttFloat
	case token.Char:
		lt.Type = ttChar
	case token.String:
		lt.Type = ttString
	default:
		lt.Type = ttPunct
	}
	return lt
}

// tokenLexer feeds tokens [i, end) of a slice to participle, then an EOF
// token whose Offset is end: an error "at end of window" names the token
// that follows.
type tokenLexer struct {
	toks   []token.Token
	i, end int
	eof    lexer.Position
}

func (l *tokenLexer) Next() (lexer.Token, error) {
	if l.i >= l.end {
		return lexer.EOFToken(l.eof), nil
	}
	t := lexToken(l.toks[l.i], l.i)
	l.i++
	return t, nil
}

// definition is the lexer.Definition the grammar is built with. The parser
// itself hands participle a PeekingLexer over preprocessed tokens; Lex is
// there for tools that parse C text directly (it does not preprocess).
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var errs diag.List
	toks := scan.Tokenize(filename, src, &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return &tokenLexer{toks: toks, end: len(toks), eof: eofPosition(toks, len(toks))}, nil
}

// eofPosition is the position of the end of a window ending at token end:
// that of the next token, or just after the last one, where gcc reports
// "at end of input".
func eofPosition(toks []token.Token, end int) lexer.Position {
	if end < len(toks) {
		t := toks[end]
		return lexer.Position{Filename: t.Pos.File, Offset: end, Line: int(t.Pos.Line), Column: int(t.Pos.Col)}
	}
	if len(toks) == 0 {
		return lexer.Position{Line: 1, Column: 1}
	}
	last := toks[len(toks)-1]
	return lexer.Position{Filename: last.Pos.File, Offset: len(toks), Line: int(last.Pos.Line), Column: int(last.Pos.Col) + len(last.Text)}
}

func (p *parser) eofPosition(end int) lexer.Position { return eofPosition(p.toks, end) }
