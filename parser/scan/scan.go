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
func Tokenize(file string, src []byte, errs *diag.List) []token.Token {
	s := scanner{file: file, src: src, line: 1, col: 1}
	return s.run(errs)
}

type scanner struct {
	file      string
	src       []byte
	off       int
	line, col int32
}

// peek returns the byte at off+k after skipping line splices, and the
// number of raw bytes up to and including it.
func (s *scanner) at(i int) (byte, int) {
	for i < len(s.src) {
		if s.src[i] == '\\' {
			if i+1 < len(s.src) && s.src[i+1] == '\n' {
				i += 2
				continue
			}
			if i+2 < len(s.src) && s.src[i+1] == '\r' && s.src[i+2] == '\n' {
				i += 3
				continue
			}
		}
		return s.src[i], i
	}
	return 0, len(s.src)
}

// cur returns the current logical byte (0 at end).
func (s *scanner) cur() byte {
	c, i := s.at(s.off)
	s.skipTo(i)
	return c
}

// skipTo moves the raw offset to i, keeping line and column up to date.
func (s *scanner) skipTo(i int) {
	for s.off < i {
		if s.src[s.off] == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
		s.off++
	}
}

// next consumes the current logical byte.
func (s *scanner) next() {
	c, i := s.at(s.off)
	s.skipTo(i)
	if i < len(s.src) {
		if c == '\n' {
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
	_, i := s.at(s.off)
	for ; k > 0; k-- {
		if i >= len(s.src) {
			return 0
		}
		_, i = s.at(i + 1)
	}
	if i >= len(s.src) {
		return 0
	}
	return s.src[i]
}

func (s *scanner) pos() token.Pos { return token.Pos{File: s.file, Line: s.line, Col: s.col} }

func (s *scanner) run(errs *diag.List) []token.Token {
	toks := make([]token.Token, 0, len(s.src)/4)
	flags := token.BOL
	var text strings.Builder
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
		text.Reset()
		kind := token.Punct
		switch {
		case isIdentStart(c):
			for isIdentChar(s.cur()) {
				text.WriteByte(s.cur())
				s.next()
			}
			kind = token.Ident
			// L'x', u"x", U"x", u8"x" are literals, not identifiers.
			if q := s.cur(); (q == '\'' || q == '"') && isLiteralPrefix(text.String()) {
				kind = s.quoted(&text, q, errs, pos)
			}
		case isDigit(c) || (c == '.' && isDigit(s.peekAfter(1))):
			kind = s.ppNumber(&text)
		case c == '\'' || c == '"':
			kind = s.quoted(&text, c, errs, pos)
		default:
			s.punct(&text)
			if text.Len() == 0 {
				text.WriteByte(c)
				s.next()
				errs.Errorf(pos, "stray '%s' in program", printable(c))
			}
		}
		toks = append(toks, token.Token{Kind: kind, Flags: flags, Text: text.String(), Pos: pos})
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
// after e, E, p or P. It decides Int or Float by spelling.
func (s *scanner) ppNumber(text *strings.Builder) token.Kind {
	for {
		c := s.cur()
		if (c == '+' || c == '-') && text.Len() > 0 {
			last := text.String()[text.Len()-1]
			if last == 'e' || last == 'E' || last == 'p' || last == 'P' {
				text.WriteByte(c)
				s.next()
				continue
			}
			break
		}
		if !isIdentChar(c) && c != '.' {
			break
		}
		text.WriteByte(c)
		s.next()
	}
	t := text.String()
	hex := len(t) > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')
	if strings.ContainsRune(t, '.') || (!hex && strings.ContainsAny(t, "eE")) || (hex && strings.ContainsAny(t, "pP")) {
		return token.Float
	}
	return token.Int
}

// quoted scans a character constant or string literal starting at quote q.
func (s *scanner) quoted(text *strings.Builder, q byte, errs *diag.List, pos token.Pos) token.Kind {
	text.WriteByte(q)
	s.next()
	for {
		c := s.cur()
		if s.off >= len(s.src) || c == '\n' {
			if q == '"' {
				errs.Errorf(pos, "missing terminating \" character")
			} else {
				errs.Errorf(pos, "missing terminating ' character")
			}
			break
		}
		text.WriteByte(c)
		s.next()
		if c == '\\' {
			if d := s.cur(); d != '\n' && s.off < len(s.src) {
				text.WriteByte(d)
				s.next()
			}
			continue
		}
		if c == q {
			break
		}
	}
	if q == '"' {
		return token.String
	}
	return token.Char
}

// puncts lists C punctuators longest first, so the first match is the
// longest (C99 6.4p4, "maximal munch"). Digraphs are included.
var puncts = []string{
	"%:%:", "...", "<<=", ">>=",
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
	"<:", ":>", "<%", "%>", "%:",
	"[", "]", "(", ")", "{", "}", ".", "&", "*", "+", "-", "~", "!",
	"/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#",
}

var digraphs = map[string]string{"<:": "[", ":>": "]", "<%": "{", "%>": "}", "%:": "#", "%:%:": "##"}

func (s *scanner) punct(text *strings.Builder) {
	var buf [4]byte
	n := 0
	for n < 4 {
		c := s.peekAfter(n)
		if c == 0 {
			break
		}
		buf[n] = c
		n++
	}
	for _, p := range puncts {
		if len(p) <= n && string(buf[:len(p)]) == p {
			for range len(p) {
				s.next()
			}
			if d, ok := digraphs[p]; ok {
				p = d
			}
			text.WriteString(p)
			return
		}
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80
}
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }
func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
