package stdlib

import (
	"errors"
	"math"
	"strconv"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// The conversions read C memory one byte at a time rather than measuring
// the string first, so a loop that walks a large buffer with strtol and
// endptr stays linear.

func isSpaceByte(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// parseUint scans C's strtol syntax at p: spaces, a sign, a base prefix,
// digits. It returns the magnitude (saturated at MaxUint64 with overflow
// set), the sign, and where parsing stopped (p itself when there are no
// digits).
func parseUint(p uintptr, base int) (mag uint64, neg, overflow bool, end uintptr) {
	s := p
	for isSpaceByte(cmem.Load[byte](s)) {
		s++
	}
	switch cmem.Load[byte](s) {
	case '-':
		neg = true
		s++
	case '+':
		s++
	}
	if (base == 0 || base == 16) && cmem.Load[byte](s) == '0' &&
		cmem.Load[byte](s+1)|0x20 == 'x' && digitVal(cmem.Load[byte](s+2)) < 16 {
		base = 16
		s += 2
	} else if base == 0 {
		base = 10
		if cmem.Load[byte](s) == '0' {
			base = 8
		}
	}
	end = p
	for ; ; s++ {
		d := digitVal(cmem.Load[byte](s))
		if d >= base {
			break
		}
		end = s + 1
		if !overflow {
			hi, lo := mulAdd(mag, uint64(base), uint64(d))
			if hi != 0 {
				overflow, mag = true, math.MaxUint64
			} else {
				mag = lo
			}
		}
	}
	return mag, neg, overflow, end
}

func mulAdd(x, m, a uint64) (hi, lo uint64) {
	if x > (math.MaxUint64-a)/m {
		return 1, 0
	}
	return 0, x*m + a
}

func storeEnd(endptr, end uintptr) {
	if endptr != 0 {
		cmem.Store(endptr, end)
	}
}

func validBase(st *State, base int32) bool {
	if base < 0 || base == 1 || base > 36 {
		st.Errno = EINVAL // glibc leaves *endptr alone here
		return false
	}
	return true
}

// Strtol is strtol (long is 64-bit): out-of-range values clamp to
// LONG_MIN/LONG_MAX with errno ERANGE; a bad base gives 0 and EINVAL.
func Strtol(st *State, s, endptr uintptr, base int32) int64 {
	if !validBase(st, base) {
		return 0
	}
	mag, neg, overflow, end := parseUint(s, int(base))
	storeEnd(endptr, end)
	switch {
	case neg && (overflow || mag > 1<<63):
		st.Errno = ERANGE
		return math.MinInt64
	case !neg && (overflow || mag > math.MaxInt64):
		st.Errno = ERANGE
		return math.MaxInt64
	case neg:
		return -int64(mag)
	}
	return int64(mag)
}

// Strtoll is strtoll, the same as Strtol on LP64.
func Strtoll(st *State, s, endptr uintptr, base int32) int64 { return Strtol(st, s, endptr, base) }

// Strtoul is strtoul: a leading minus negates in unsigned arithmetic, and
// overflow clamps to ULONG_MAX with ERANGE.
func Strtoul(st *State, s, endptr uintptr, base int32) uint64 {
	if !validBase(st, base) {
		return 0
	}
	mag, neg, overflow, end := parseUint(s, int(base))
	storeEnd(endptr, end)
	if overflow {
		st.Errno = ERANGE
		return math.MaxUint64
	}
	if neg {
		return -mag
	}
	return mag
}

// Strtoull is strtoull, the same as Strtoul on LP64.
func Strtoull(st *State, s, endptr uintptr, base int32) uint64 { return Strtoul(st, s, endptr, base) }

// Atoi is atoi: (int)strtol(s, NULL, 10), truncating like glibc.
func Atoi(s uintptr) int32 { return int32(Atol(s)) }

// Atol is atol.
func Atol(s uintptr) int64 {
	var st State
	return Strtol(&st, s, 0, 10)
}

// Atoll is atoll.
func Atoll(s uintptr) int64 { return Atol(s) }

// Atof is atof: strtod without errno.
func Atof(s uintptr) float64 {
	var st State
	return Strtod(&st, s, 0)
}

// Strtod is strtod: decimal and hexadecimal floating constants, inf,
// infinity, nan and nan(chars), any case. Overflow gives ±HUGE_VAL and
// underflow to zero or a subnormal gives the rounded result; both set
// errno to ERANGE, as glibc does.
func Strtod(st *State, s, endptr uintptr) float64 {
	text, end := scanFloat(func(i int) byte { return cmem.Load[byte](s + uintptr(i)) }, -1, true)
	if end == 0 {
		storeEnd(endptr, s)
		return 0
	}
	storeEnd(endptr, s+uintptr(end))
	v, rangeErr := convertFloat(text, 64)
	if rangeErr {
		st.Errno = ERANGE
	}
	return v
}

// Strtof is strtof, rounding once, directly to float.
func Strtof(st *State, s, endptr uintptr) float32 {
	text, end := scanFloat(func(i int) byte { return cmem.Load[byte](s + uintptr(i)) }, -1, true)
	if end == 0 {
		storeEnd(endptr, s)
		return 0
	}
	storeEnd(endptr, s+uintptr(end))
	v, rangeErr := convertFloat(text, 32)
	if rangeErr {
		st.Errno = ERANGE
	}
	return float32(v)
}

// Strtold is strtold; long double is double here.
func Strtold(st *State, s, endptr uintptr) float64 { return Strtod(st, s, endptr) }

func lower(c byte) byte { return c | 0x20 }

// scanFloat finds the longest prefix of C floating-constant syntax. at(i)
// returns byte i (0 past the end); limit caps the bytes examined (scanf
// widths; -1 for none). It returns the number text without leading
// spaces, and the count of bytes consumed including them (0: no number).
func scanFloat(at func(int) byte, limit int, skipSpace bool) (text []byte, end int) {
	get := func(i int) byte {
		if limit >= 0 && i >= limit {
			return 0
		}
		return at(i)
	}
	i := 0
	if skipSpace {
		for isSpaceByte(get(i)) {
			i++
		}
	}
	start := i
	if c := get(i); c == '+' || c == '-' {
		i++
	}
	matchWord := func(at int, w string) bool {
		for k := range len(w) {
			if lower(get(at+k)) != w[k] {
				return false
			}
		}
		return true
	}
	switch {
	case matchWord(i, "infinity"):
		i += 8
		return collect(get, start, i), i
	case matchWord(i, "inf"):
		i += 3
		return collect(get, start, i), i
	case matchWord(i, "nan"):
		i += 3
		if get(i) == '(' {
			k := i + 1
			for c := get(k); c == '_' || digitVal(c) < 36; c = get(k) {
				k++
			}
			if get(k) == ')' {
				i = k + 1
			}
		}
		return collect(get, start, i), i
	}
	isHex := get(i) == '0' && lower(get(i+1)) == 'x' &&
		(digitVal(get(i+2)) < 16 || (get(i+2) == '.' && digitVal(get(i+3)) < 16))
	base, expChar := 10, byte('e')
	if isHex {
		i += 2
		base, expChar = 16, 'p'
	}
	digits := 0
	for digitVal(get(i)) < base {
		i++
		digits++
	}
	if get(i) == '.' {
		i++
		for digitVal(get(i)) < base {
			i++
			digits++
		}
	}
	if digits == 0 {
		return nil, 0
	}
	if lower(get(i)) == expChar {
		k := i + 1
		if c := get(k); c == '+' || c == '-' {
			k++
		}
		if get(k) >= '0' && get(k) <= '9' {
			for get(k) >= '0' && get(k) <= '9' {
				k++
			}
			i = k
		}
	}
	return collect(get, start, i), i
}

func collect(get func(int) byte, from, to int) []byte {
	b := make([]byte, 0, to-from+2)
	for i := from; i < to; i++ {
		b = append(b, get(i))
	}
	return b
}

// convertFloat converts text accepted by scanFloat, reporting C's ERANGE
// condition: overflow to infinity, or a nonzero value that rounds to zero
// or to a subnormal.
func convertFloat(text []byte, bitSize int) (float64, bool) {
	neg := len(text) > 0 && text[0] == '-'
	body := text
	if len(body) > 0 && (body[0] == '-' || body[0] == '+') {
		body = body[1:]
	}
	if len(body) >= 3 && lower(body[0]) == 'n' {
		return math.Copysign(math.NaN(), signOf(neg)), false
	}
	if len(body) >= 3 && lower(body[0]) == 'i' {
		return math.Inf(int(signOf(neg))), false
	}
	s := string(text)
	if len(body) > 1 && lower(body[1]) == 'x' && !containsByteFold(body, 'p') {
		s += "p0" // C allows a hex constant without an exponent; Go does not
	}
	v, err := strconv.ParseFloat(s, bitSize)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	if math.IsInf(v, 0) {
		return v, true
	}
	smallest := 0x1p-1022
	if bitSize == 32 {
		smallest = 0x1p-126
	}
	if math.Abs(v) < smallest && (v != 0 || hasNonzeroDigit(body)) {
		return v, true
	}
	return v, false
}

func signOf(neg bool) float64 {
	if neg {
		return -1
	}
	return 1
}

func containsByteFold(b []byte, c byte) bool {
	for _, x := range b {
		if lower(x) == c {
			return true
		}
	}
	return false
}

// hasNonzeroDigit reports whether the mantissa of a numeric constant has a
// nonzero digit, i.e. whether a zero result is an underflow.
func hasNonzeroDigit(body []byte) bool {
	hex := len(body) > 1 && lower(body[1]) == 'x'
	if hex {
		body = body[2:]
	}
	for _, c := range body {
		if (!hex && lower(c) == 'e') || (hex && lower(c) == 'p') {
			break
		}
		if c != '0' && c != '.' {
			return true
		}
	}
	return false
}
