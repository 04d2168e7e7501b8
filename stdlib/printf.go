package stdlib

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// lengthMod is a printf/scanf length modifier.
type lengthMod uint8

const (
	lenNone lengthMod = iota
	lenHH
	lenH
	lenL    // l, and also ll, j, z, t, q on LP64: all 64-bit
	lenLong // L (long double, which is double here)
)

// spec is one parsed conversion specification.
type spec struct {
	minus, plus, space, alt, zero bool
	width, prec                   int // prec < 0: none
	length                        lengthMod
	verb                          byte
}

// Format appends the output of C's printf for format and args to dst.
// format is a C string's bytes (without the NUL). Output is exactly glibc's
// for the C locale.
func Format(dst []byte, format []byte, args ...any) []byte {
	al := argList{args: args}
	start := len(dst)
	for i := 0; i < len(format); {
		j := i
		for j < len(format) && format[j] != '%' {
			j++
		}
		dst = append(dst, format[i:j]...)
		if j >= len(format) {
			break
		}
		i = j + 1
		var sp spec
		var ok bool
		var argPos int
		sp, argPos, i, ok = parseSpec(format, i, &al)
		if !ok {
			// glibc prints an unknown conversion as written.
			dst = append(dst, format[j:i]...)
			continue
		}
		if sp.verb == '%' {
			dst = append(dst, '%')
			continue
		}
		if sp.verb == 'n' {
			storeCount(al.take(argPos), sp.length, len(dst)-start)
			continue
		}
		dst = formatOne(dst, &sp, al.take(argPos))
	}
	return dst
}

// parseSpec parses the specification after a '%' at format[i:]. It
// returns the index after it and ok=false for an unknown conversion.
func parseSpec(format []byte, i int, al *argList) (sp spec, argPos, next int, ok bool) {
	sp.prec = -1
	num := func() (n int, digits bool) {
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			n = min(n*10+int(format[i]-'0'), math.MaxInt32)
			digits = true
			i++
		}
		return n, digits
	}
	// positional: "%N$"
	if save := i; true {
		if n, d := num(); d && i < len(format) && format[i] == '$' && n > 0 {
			argPos = n
			i++
		} else {
			i = save
		}
	}
	for ; i < len(format); i++ {
		switch format[i] {
		case '-':
			sp.minus = true
			continue
		case '+':
			sp.plus = true
			continue
		case ' ':
			sp.space = true
			continue
		case '#':
			sp.alt = true
			continue
		case '0':
			sp.zero = true
			continue
		case '\'', 'I': // thousands grouping / locale digits: no-ops in the C locale
			continue
		}
		break
	}
	starArg := func() int {
		i++ // the '*'
		pos, save := 0, i
		if n, d := num(); d && i < len(format) && format[i] == '$' {
			pos = n
			i++
		} else {
			i = save
		}
		return int(int32(intBits(al.take(pos))))
	}
	if i < len(format) && format[i] == '*' {
		w := starArg()
		if w < 0 {
			sp.minus = true
			w = -w
		}
		sp.width = w
	} else {
		sp.width, _ = num()
	}
	if i < len(format) && format[i] == '.' {
		i++
		if i < len(format) && format[i] == '*' {
			sp.prec = starArg()
			if sp.prec < 0 {
				sp.prec = -1
			}
		} else {
			sp.prec, _ = num()
		}
	}
	sp.length, i = parseLength(format, i)
	if i >= len(format) {
		return sp, argPos, i, false
	}
	sp.verb = format[i]
	i++
	switch sp.verb {
	case 'd', 'i', 'u', 'o', 'x', 'X', 'c', 's', 'p', 'n', '%',
		'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A', 'C', 'S':
		return sp, argPos, i, true
	}
	return sp, argPos, i, false
}

func parseLength(format []byte, i int) (lengthMod, int) {
	if i >= len(format) {
		return lenNone, i
	}
	switch format[i] {
	case 'h':
		if i+1 < len(format) && format[i+1] == 'h' {
			return lenHH, i + 2
		}
		return lenH, i + 1
	case 'l':
		if i+1 < len(format) && format[i+1] == 'l' {
			return lenL, i + 2
		}
		return lenL, i + 1
	case 'j', 'z', 't', 'q', 'Z':
		return lenL, i + 1
	case 'L':
		return lenLong, i + 1
	}
	return lenNone, i
}

// storeCount implements %n: the count goes to an object of the size the
// length modifier names.
func storeCount(arg any, length lengthMod, n int) {
	p := uintptr(intBits(arg))
	if p == 0 {
		return
	}
	switch length {
	case lenHH:
		cmem.Store(p, int8(n))
	case lenH:
		cmem.Store(p, int16(n))
	case lenL, lenLong:
		cmem.Store(p, int64(n))
	default:
		cmem.Store(p, int32(n))
	}
}

func formatOne(dst []byte, sp *spec, arg any) []byte {
	switch sp.verb {
	case 'd', 'i':
		v := int64(intBits(arg))
		switch sp.length {
		case lenHH:
			v = int64(int8(v))
		case lenH:
			v = int64(int16(v))
		case lenNone:
			v = int64(int32(v))
		}
		sign := ""
		mag := uint64(v)
		if v < 0 {
			sign, mag = "-", -uint64(v)
		} else if sp.plus {
			sign = "+"
		} else if sp.space {
			sign = " "
		}
		return formatInt(dst, sp, sign, mag, 10)
	case 'u', 'o', 'x', 'X':
		v := intBits(arg)
		switch sp.length {
		case lenHH:
			v = uint64(uint8(v))
		case lenH:
			v = uint64(uint16(v))
		case lenNone:
			v = uint64(uint32(v))
		}
		base := 10
		switch sp.verb {
		case 'o':
			base = 8
		case 'x', 'X':
			base = 16
		}
		return formatInt(dst, sp, "", v, base)
	case 'p':
		v := intBits(arg)
		if v == 0 {
			sp.zero = false
			return pad(dst, sp, "", []byte("(nil)"))
		}
		sp.alt = true
		sp.verb = 'x'
		sign := ""
		if sp.plus {
			sign = "+"
		} else if sp.space {
			sign = " "
		}
		return formatInt(dst, sp, sign, v, 16)
	case 'c', 'C':
		v := intBits(arg)
		sp.zero = false
		if sp.length == lenL || sp.verb == 'C' {
			return pad(dst, sp, "", utf8.AppendRune(nil, rune(int32(v))))
		}
		return pad(dst, sp, "", []byte{byte(v)})
	case 's', 'S':
		sp.zero = false
		return pad(dst, sp, "", stringArg(sp, uintptr(intBits(arg))))
	default: // f F e E g G a A
		return formatFloat(dst, sp, floatArg(arg))
	}
}

var nullString = []byte("(null)")

// stringArg reads %s's argument, never more than the precision allows.
func stringArg(sp *spec, p uintptr) []byte {
	wide := sp.length == lenL || sp.verb == 'S'
	if p == 0 {
		// glibc prints "(null)" only when it fits the precision.
		if sp.prec < 0 || sp.prec >= len(nullString) {
			return nullString
		}
		return nil
	}
	if wide {
		// wchar_t is a 32-bit code point; encode as UTF-8 and cut at
		// the precision in bytes without splitting a character.
		var out []byte
		for ; ; p += 4 {
			r := cmem.Load[int32](p)
			if r == 0 {
				break
			}
			n := utf8.RuneLen(rune(r))
			if sp.prec >= 0 && len(out)+max(n, 1) > sp.prec {
				break
			}
			out = utf8.AppendRune(out, rune(r))
		}
		return out
	}
	if sp.prec >= 0 {
		return cmem.Bytes(p, cmem.Strnlen(p, uintptr(sp.prec)))
	}
	return cmem.Bytes(p, cmem.Strlen(p))
}

const (
	digitsLower = "0123456789abcdef"
	digitsUpper = "0123456789ABCDEF"
)

// formatInt renders an unsigned magnitude with C's precision, '#' and
// zero-padding rules; sign is "", "-", "+" or " ".
func formatInt(dst []byte, sp *spec, sign string, v uint64, base int) []byte {
	digits := digitsLower
	if sp.verb == 'X' {
		digits = digitsUpper
	}
	var buf [64]byte
	i := len(buf)
	for x := v; x != 0; x /= uint64(base) {
		i--
		buf[i] = digits[x%uint64(base)]
	}
	if v == 0 && sp.prec != 0 {
		i--
		buf[i] = '0'
	}
	body := buf[i:]
	prefix := sign
	switch {
	case sp.alt && base == 8:
		// '#' makes the first digit a zero (and prints "0" for 0 at
		// precision 0).
		if len(body) == 0 || body[0] != '0' {
			sp.prec = max(sp.prec, len(body)+1)
		}
	case sp.alt && base == 16 && v != 0:
		if sp.verb == 'X' {
			prefix += "0X"
		} else {
			prefix += "0x"
		}
	}
	if sp.prec > len(body) {
		zeros := make([]byte, sp.prec-len(body), sp.prec)
		for k := range zeros {
			zeros[k] = '0'
		}
		body = append(zeros, body...)
	}
	if sp.prec >= 0 {
		sp.zero = false // a precision overrides the 0 flag for integers
	}
	return pad(dst, sp, prefix, body)
}

// pad writes prefix+body into a field of sp.width: spaces on the left by
// default, on the right with '-', zeros between prefix and body with '0'.
func pad(dst []byte, sp *spec, prefix string, body []byte) []byte {
	fill := sp.width - len(prefix) - len(body)
	if fill <= 0 {
		dst = append(dst, prefix...)
		return append(dst, body...)
	}
	switch {
	case sp.minus:
		dst = append(dst, prefix...)
		dst = append(dst, body...)
		return appendRepeat(dst, ' ', fill)
	case sp.zero:
		dst = append(dst, prefix...)
		dst = appendRepeat(dst, '0', fill)
		return append(dst, body...)
	}
	dst = appendRepeat(dst, ' ', fill)
	dst = append(dst, prefix...)
	return append(dst, body...)
}

func appendRepeat(dst []byte, c byte, n int) []byte {
	for range n {
		dst = append(dst, c)
	}
	return dst
}

func formatFloat(dst []byte, sp *spec, v float64) []byte {
	upper := sp.verb == 'F' || sp.verb == 'E' || sp.verb == 'G' || sp.verb == 'A'
	sign := ""
	if math.Signbit(v) {
		sign = "-"
	} else if sp.plus {
		sign = "+"
	} else if sp.space {
		sign = " "
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		var word string
		switch {
		case math.IsNaN(v) && upper:
			word = "NAN"
		case math.IsNaN(v):
			word = "nan"
		case upper:
			word = "INF"
		default:
			word = "inf"
		}
		sp.zero = false
		return pad(dst, sp, sign, []byte(word))
	}
	v = math.Abs(v)
	var body []byte
	switch sp.verb {
	case 'f', 'F':
		var tmp [64]byte // most numbers fit: no allocation
		body = strconv.AppendFloat(tmp[:0], v, 'f', precOr(sp.prec, 6), 64)
		if sp.alt && sp.prec == 0 {
			body = append(body, '.')
		}
	case 'e', 'E':
		body = formatE(v, precOr(sp.prec, 6), sp.alt, upper)
	case 'g', 'G':
		body = formatG(v, sp.prec, sp.alt, upper)
	case 'a', 'A':
		body = formatHexFloat(v, sp.prec, sp.alt, upper)
		prefix := "0x"
		if upper {
			prefix = "0X"
		}
		return pad(dst, sp, sign+prefix, body)
	}
	return pad(dst, sp, sign, body)
}

func precOr(prec, def int) int {
	if prec < 0 {
		return def
	}
	return prec
}

// formatE is %e: Go's 'e' format already has C's two-digit minimum
// exponent; '#' keeps the point at precision 0.
func formatE(v float64, prec int, alt, upper bool) []byte {
	b := strconv.AppendFloat(nil, v, 'e', prec, 64)
	if alt && prec == 0 {
		b = append(b[:1], append([]byte{'.'}, b[1:]...)...)
	}
	if upper {
		for i, c := range b {
			if c == 'e' {
				b[i] = 'E'
			}
		}
	}
	return b
}

// formatG is %g by C's rule: with P the precision (default 6, 0 means 1)
// and X the exponent %e would print, use %f with precision P-1-X when
// P > X >= -4 and %e with precision P-1 otherwise; then, unless '#', drop
// trailing zeros and a trailing point.
func formatG(v float64, prec int, alt, upper bool) []byte {
	p := precOr(prec, 6)
	if p == 0 {
		p = 1
	}
	e := strconv.AppendFloat(nil, v, 'e', p-1, 64)
	x, _ := strconv.Atoi(string(e[len(e)-exponentLen(e):]))
	var b []byte
	if p > x && x >= -4 {
		b = strconv.AppendFloat(nil, v, 'f', p-1-x, 64)
		if !alt {
			b = trimFraction(b)
		} else if p-1-x == 0 {
			b = append(b, '.')
		}
	} else {
		b = formatE(v, p-1, alt, upper)
		if !alt {
			mant := len(b) - exponentLen(b) - 1
			b = append(trimFraction(b[:mant:mant]), b[mant:]...)
		}
	}
	return b
}

// exponentLen is the length of the signed exponent at the end of an
// e-format number ("+05" in "1.2e+05").
func exponentLen(b []byte) int {
	i := len(b) - 1
	for b[i] != '+' && b[i] != '-' {
		i--
	}
	return len(b) - i
}

func trimFraction(b []byte) []byte {
	for _, c := range b {
		if c == '.' {
			for b[len(b)-1] == '0' {
				b = b[:len(b)-1]
			}
			if b[len(b)-1] == '.' {
				b = b[:len(b)-1]
			}
			return b
		}
	}
	return b
}

// formatHexFloat is %a after the "0x": glibc writes normal numbers as
// 1.hhh and subnormals as 0.hhh with exponent -1022, drops trailing zero
// digits when no precision is given, and rounds ties to even.
func formatHexFloat(v float64, prec int, alt, upper bool) []byte {
	bits := math.Float64bits(v)
	biased := int(bits >> 52 & 0x7FF)
	mant := bits & (1<<52 - 1)
	lead := uint64(1)
	exp := biased - 1023
	if biased == 0 {
		lead, exp = 0, -1022
		if mant == 0 {
			exp = 0
		}
	}
	ndigits := 13
	if prec < 0 {
		for ndigits > 0 && mant&0xF == 0 {
			mant >>= 4
			ndigits--
		}
	} else if prec < 13 {
		shift := uint(4 * (13 - prec))
		rem := mant & (1<<shift - 1)
		mant >>= shift
		half := uint64(1) << (shift - 1)
		last := mant // the digit that decides a tie is the lead digit at precision 0
		if prec == 0 {
			last = lead
		}
		if rem > half || (rem == half && last&1 == 1) {
			mant++
			if mant == 1<<(4*uint(prec)) {
				mant = 0
				lead++ // glibc prints 0x2p+0, not 0x1p+1
			}
		}
		ndigits = prec
	}
	digits := digitsLower
	if upper {
		digits = digitsUpper
	}
	b := []byte{digits[lead]}
	if ndigits > 0 || alt || prec > 0 {
		b = append(b, '.')
	}
	for i := ndigits - 1; i >= 0; i-- {
		b = append(b, digits[mant>>(4*uint(i))&0xF])
	}
	for i := ndigits; i < prec; i++ {
		b = append(b, '0')
	}
	if upper {
		b = append(b, 'P')
	} else {
		b = append(b, 'p')
	}
	if exp >= 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, int64(exp), 10)
}
