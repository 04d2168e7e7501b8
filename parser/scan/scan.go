// Package scan splits C and UPC source text into preprocessing tokens
// (C99 6.4): identifiers, pp-numbers, character constants, string literals
// and punctuators, with their positions and the white-space flags the
// preprocessor needs. Comments become white space; backslash-newline line
// splices are removed (C99 translation phase 2).
//
// The scanner does not know about keywords, macros or typedef names.
package scan

import (
	"fmt"
	"strings"

	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/parser/token"
)

// Tokenize scans src, the contents of file, into tokens. Problems such as an
// unterminated comment or string are reported in errs and scanning goes on.
// A UTF-8 byte-order mark at the start is skipped, as gcc does (editors on
// Windows write one).
func Tokenize(file string, src []byte, errs *diag.List) []token.Token {
	s := scanner{file: file, src: string(src), line: 1, col: 1}
	if strings.HasPrefix(s.src, byteOrderMark) {
		s.off = len(byteOrderMark)
	}
	return s.run(errs)
}

// byteOrderMark is U+FEFF in UTF-8.
const byteOrderMark = "\xef\xbb\xbf"

// scanner walks the source a logical byte at a time; line splices are
// skipped wherever they occur. Token texts are substrings of the source
// (no copy) unless a splice falls inside the token.
type scanner struct {
	file      string
	src       string
	off       int
	line, col int32
}

// spliceLen is the length of a line splice at i, or 0.
func (s *scanner) spliceLen(i int) int {
	if s.src[i] != '\\' || i+1 >= len(s.src) {
		return 0
	}
	if s.src[i+1] == '\n' {
		return 2
	}
	if s.src[i+1] == '\r' && i+2 < len(s.src) && s.src[i+2] == '\n' {
		return 3
	}
	return 0
}

// skipSplices moves past line splices at the current offset.
func (s *scanner) skipSplices() {
	for s.off < len(s.src) && s.src[s.off] == '\\' {
		n := s.spliceLen(s.off)
		if n == 0 {
			return
		}
		s.off += n
		s.line++
		s.col = 1
	}
}

// cur returns the current logical byte, or 0 at the end.
func (s *scanner) cur() byte {
	s.skipSplices()
	if s.off >= len(s.src) {
		return 0
	}
	return s.src[s.off]
}

// next consumes the current logical byte.
func (s *scanner) next() {
	s.skipSplices()
	if s.off < len(s.src) {
		if s.src[s.off] == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
		s.off++
	}
}

// peekAfter returns the logical byte k positions after the current one.
func (s *scanner) peekAfter(k int) byte {
	i := s.off
	for {
		for i < len(s.src) && s.src[i] == '\\' {
			n := s.spliceLen(i)
			if n == 0 {
				break
			}
			i += n
		}
		if i >= len(s.src) {
			return 0
		}
		if k == 0 {
			return s.src[i]
		}
		k--
		i++
	}
}

func (s *scanner) pos() token.Pos { return token.Pos{File: s.file, Line: s.line, Col: s.col} }

// text is the token spelled by src[start:s.off], without line splices.
func (s *scanner) text(start int) string {
	raw := s.src[start:s.off]
	if !strings.Contains(raw, "\\\n") && !strings.Contains(raw, "\\\r\n") {
		return raw
	}
	raw = strings.ReplaceAll(raw, "\\\r\n", "")
	return strings.ReplaceAll(raw, "\\\n", "")
}

func (s *scanner) run(errs *diag.List) []token.Token {
	toks := make([]token.Token, 0, len(s.src)/5)
	flags := token.BOL
	for {
		c := s.cur()
		if s.off >= len(s.src) {
			return toks
		}
		switch {
		case c == '\n':
			s.next()
			flags = token.BOL
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.next()
			flags |= token.Space
			continue
		case c == '/' && s.peekAfter(1) == '/':
			for s.cur() != '\n' && s.off < len(s.src) {
				s.next()
			}
			flags |= token.Space
			continue
		case c == '/' && s.peekAfter(1) == '*':
			start := s.pos()
			s.next()
			s.next()
			for {
				if s.off >= len(s.src) {
					errs.Errorf(start, "unterminated comment")
					break
				}
				if s.cur() == '*' && s.peekAfter(1) == '/' {
					s.next()
					s.next()
					break
				}
				s.next()
			}
			flags |= token.Space
			continue
		}
		pos := s.pos()
		start := s.off
		kind := token.Punct
		var text string
		switch {
		case isIdentStart(c):
			for isIdentChar(s.cur()) {
				s.next()
			}
			kind = token.Ident
			// L'x', u"x", U"x", u8"x" are literals, not identifiers.
			if q := s.cur(); (q == '\'' || q == '"') && isLiteralPrefix(s.text(start)) {
				var closed bool
				kind, closed = s.quoted(q)
				if !closed {
					flags |= token.Unterminated
					errs.Errorf(pos, "%s", token.UnterminatedMessage(token.Token{Kind: kind}))
				}
			}
			text = s.text(start)
		case isDigit(c) || (c == '.' && isDigit(s.peekAfter(1))):
			s.ppNumber()
			text = s.text(start)
			kind = numberKind(text)
		case c == '\'' || c == '"':
			var closed bool
			kind, closed = s.quoted(c)
			if !closed {
				flags |= token.Unterminated
				errs.Errorf(pos, "%s", token.UnterminatedMessage(token.Token{Kind: kind}))
			}
			text = s.text(start)
		default:
			text = s.punct()
			if text == "" {
				s.next()
				text = s.text(start)
				errs.Errorf(pos, "stray '%s' in program", printable(c))
			}
		}
		toks = append(toks, token.Token{Kind: kind, Flags: flags, Text: text, Pos: pos})
		flags = 0
	}
}

func printable(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return string(c)
	}
	return fmt.Sprintf("\\%03o", c)
}

func isLiteralPrefix(s string) bool { return s == "L" || s == "u" || s == "U" || s == "u8" }

// ppNumber scans a C99 pp-number: digits, letters, '_', '.', and the sign
// after e, E, p or P.
func (s *scanner) ppNumber() {
	var last byte
	for {
		c := s.cur()
		if c == '+' || c == '-' {
			if last == 'e' || last == 'E' || last == 'p' || last == 'P' {
				s.next()
				last = c
				continue
			}
			return
		}
		if !isIdentChar(c) && c != '.' {
			return
		}
		s.next()
		last = c
	}
}

// numberKind decides Int or Float by spelling.
func numberKind(t string) token.Kind {
	hex := len(t) > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')
	if strings.IndexByte(t, '.') >= 0 || (!hex && strings.ContainsAny(t, "eE")) || (hex && strings.ContainsAny(t, "pP")) {
		return token.Float
	}
	return token.Int
}

// quoted scans a character constant or string literal starting at quote q.
// closed is false when the line ends first; the caller reports that (the
// preprocessor downgrades it to a warning where gcc does) and flags the
// token Unterminated so that the parser reports it if it gets that far.
func (s *scanner) quoted(q byte) (kind token.Kind, closed bool) {
	kind = token.Char
	if q == '"' {
		kind = token.String
	}
	s.next()
	for {
		c := s.cur()
		if s.off >= len(s.src) || c == '\n' {
			return kind, false
		}
		s.next()
		if c == '\\' {
			if d := s.cur(); d != '\n' && s.off < len(s.src) {
				s.next()
			}
			continue
		}
		if c == q {
			return kind, true
		}
	}
}

// punct scans the longest punctuator at the current position (C99 6.4p4,
// "maximal munch"), mapping digraphs to what they stand for. It returns ""
// if there is none.
func (s *scanner) punct() string {
	c0, c1 := s.peekAfter(0), s.peekAfter(1)
	take := func(n int, text string) string {
		for range n {
			s.next()
		}
		return text
	}
	switch c0 {
	case '[', ']', '(', ')', '{', '}', '~', '?', ';', ',':
		return take(1, punct1[c0])
	case '.':
		if c1 == '.' && s.peekAfter(2) == '.' {
			return take(3, "...")
		}
		return take(1, ".")
	case '-':
		switch c1 {
		case '>':
			return take(2, "->")
		case '-':
			return take(2, "--")
		case '=':
			return take(2, "-=")
		}
		return take(1, "-")
	case '+':
		switch c1 {
		case '+':
			return take(2, "++")
		case '=':
			return take(2, "+=")
		}
		return take(1, "+")
	case '<':
		switch c1 {
		case '<':
			if s.peekAfter(2) == '=' {
				return take(3, "<<=")
			}
			return take(2, "<<")
		case '=':
			return take(2, "<=")
		case ':':
			return take(2, "[")
		case '%':
			return take(2, "{")
		}
		return take(1, "<")
	case '>':
		switch c1 {
		case '>':
			if s.peekAfter(2) == '=' {
				return take(3, ">>=")
			}
			return take(2, ">>")
		case '=':
			return take(2, ">=")
		}
		return take(1, ">")
	case '%':
		switch c1 {
		case ':':
			if s.peekAfter(2) == '%' && s.peekAfter(3) == ':' {
				return take(4, "##")
			}
			return take(2, "#")
		case '>':
			return take(2, "}")
		case '=':
			return take(2, "%=")
		}
		return take(1, "%")
	case ':':
		if c1 == '>' {
			return take(2, "]")
		}
		return take(1, ":")
	case '#':
		if c1 == '#' {
			return take(2, "##")
		}
		return take(1, "#")
	case '&', '|':
		if c1 == c0 {
			return take(2, punct2[c0])
		}
		if c1 == '=' {
			return take(2, punctEq[c0])
		}
		return take(1, punct1[c0])
	case '*', '/', '^', '=', '!':
		if c1 == '=' {
			return take(2, punctEq[c0])
		}
		return take(1, punct1[c0])
	}
	return ""
}

var (
	punct1  = [256]string{'[': "[", ']': "]", '(': "(", ')': ")", '{': "{", '}': "}", '~': "~", '?': "?", ';': ";", ',': ",", '&': "&", '|': "|", '*': "*", '/': "/", '^': "^", '=': "=", '!': "!"}
	punct2  = [256]string{'&': "&&", '|': "||"}
	punctEq = [256]string{'&': "&=", '|': "|=", '*': "*=", '/': "/=", '^': "^=", '=': "==", '!': "!="}
)

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80
}
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }
func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
