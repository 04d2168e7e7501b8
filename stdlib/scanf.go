package stdlib

import (
	"math"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// scanInput is where scanf reads from: a C string or a locked stream.
// get returns -1 at end of input; unget pushes back the last byte read.
type scanInput interface {
	get() int
	unget(c int)
}

type stringInput struct {
	p   uintptr
	pos uintptr
}

func (s *stringInput) get() int {
	c := cmem.Load[byte](s.p + s.pos)
	if c == 0 {
		return -1
	}
	s.pos++
	return int(c)
}

func (s *stringInput) unget(c int) {
	if c >= 0 {
		s.pos--
	}
}

type streamInput struct{ s *stream }

func (in streamInput) get() int { return in.s.getc() }

func (in streamInput) unget(c int) {
	if c >= 0 {
		in.s.ungetc(byte(c))
	}
}

// scanner runs one scanf call.
type scanner struct {
	in       scanInput
	consumed int // bytes read so far, for %n
	args     argList
	assigned int32
}

func (sc *scanner) get() int {
	c := sc.in.get()
	if c >= 0 {
		sc.consumed++
	}
	return c
}

func (sc *scanner) unget(c int) {
	if c >= 0 {
		sc.in.unget(c)
		sc.consumed--
	}
}

// skipSpace consumes white space and reports whether input remains.
func (sc *scanner) skipSpace() bool {
	for {
		c := sc.get()
		if c < 0 {
			return false
		}
		if !isSpaceByte(byte(c)) {
			sc.unget(c)
			return true
		}
	}
}

// run executes C's scanf over in and returns the number of assigned items,
// or EOF when input ends before the first assignment, as glibc does.
func (sc *scanner) run(format []byte) int32 {
	for i := 0; i < len(format); {
		fc := format[i]
		if isSpaceByte(fc) {
			sc.skipSpace()
			i++
			continue
		}
		if fc != '%' || (i+1 < len(format) && format[i+1] == '%') {
			if fc == '%' {
				i++ // "%%" matches one '%' after optional white space
				if !sc.skipSpace() {
					return sc.inputFailure()
				}
			}
			c := sc.get()
			if c < 0 {
				return sc.inputFailure()
			}
			if c != int(fc) {
				sc.unget(c)
				return sc.assigned
			}
			i++
			continue
		}
		i++
		suppress := false
		argPos := 0
		if save := i; true {
			n := 0
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				n = n*10 + int(format[i]-'0')
				i++
			}
			if i < len(format) && format[i] == '$' && n > 0 {
				argPos = n
				i++
			} else {
				i = save
			}
		}
		if i < len(format) && format[i] == '*' {
			suppress = true
			i++
		}
		width := -1
		if i < len(format) && format[i] >= '1' && format[i] <= '9' {
			width = 0
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				width = min(width*10+int(format[i]-'0'), math.MaxInt32)
				i++
			}
		}
		var length lengthMod
		length, i = parseLength(format, i)
		if i >= len(format) {
			return sc.assigned
		}
		verb := format[i]
		i++
		dest := func() uintptr {
			if suppress {
				return 0
			}
			return uintptr(intBits(sc.args.take(argPos)))
		}
		switch verb {
		case 'n':
			if p := dest(); p != 0 {
				storeCount(p, length, sc.consumed)
			}
			continue
		case 'c':
			if width < 0 {
				width = 1
			}
			p := dest()
			for k := range width {
				c := sc.get()
				if c < 0 {
					if k == 0 {
						return sc.inputFailure()
					}
					break
				}
				if p != 0 {
					cmem.Store(p+uintptr(k), byte(c))
				}
			}
		case 's':
			if !sc.skipSpace() {
				return sc.inputFailure()
			}
			p := dest()
			k := uintptr(0)
			for ; width < 0 || int(k) < width; k++ {
				c := sc.get()
				if c < 0 || isSpaceByte(byte(c)) {
					sc.unget(c)
					break
				}
				if p != 0 {
					cmem.Store(p+k, byte(c))
				}
			}
			if p != 0 {
				cmem.Store[byte](p+k, 0)
			}
		case '[':
			set, next, ok := parseScanSet(format, i)
			if !ok {
				return sc.assigned
			}
			i = next
			p := dest()
			k := uintptr(0)
			for ; width < 0 || int(k) < width; k++ {
				c := sc.get()
				if c < 0 || !set.has(byte(c)) {
					sc.unget(c)
					if c < 0 && k == 0 {
						return sc.inputFailure()
					}
					break
				}
				if p != 0 {
					cmem.Store(p+k, byte(c))
				}
			}
			if k == 0 {
				return sc.assigned
			}
			if p != 0 {
				cmem.Store[byte](p+k, 0)
			}
		case 'd', 'i', 'u', 'o', 'x', 'X', 'p':
			if !sc.skipSpace() {
				return sc.inputFailure()
			}
			base := 10
			switch verb {
			case 'i':
				base = 0
			case 'o':
				base = 8
			case 'x', 'X', 'p':
				base = 16
			}
			v, ok := sc.scanInt(width, base, verb == 'd' || verb == 'i')
			if !ok {
				return sc.assigned
			}
			if verb == 'p' {
				length = lenL
			}
			if p := dest(); p != 0 {
				storeInt(p, length, v)
			}
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			if !sc.skipSpace() {
				return sc.inputFailure()
			}
			v, ok := sc.scanFloat(width, length == lenNone)
			if !ok {
				return sc.assigned
			}
			if p := dest(); p != 0 {
				if length == lenNone {
					cmem.Store(p, float32(v))
				} else {
					cmem.Store(p, v)
				}
			}
		default:
			return sc.assigned // an unknown conversion is a matching failure
		}
		if !suppress {
			sc.assigned++
		}
	}
	return sc.assigned
}

func (sc *scanner) inputFailure() int32 {
	if sc.assigned == 0 {
		return EOF
	}
	return sc.assigned
}

// scanInt reads an integer in strtol syntax, at most width bytes.
// Signed conversions clamp to the long range and unsigned ones to the
// unsigned long range, as glibc's use of strtol/strtoul does; the store
// then truncates to the length modifier's size.
func (sc *scanner) scanInt(width, base int, signed bool) (uint64, bool) {
	if width < 0 {
		width = math.MaxInt32
	}
	n := 0
	next := func() int {
		if n >= width {
			return -1
		}
		c := sc.get()
		if c >= 0 {
			n++
		}
		return c
	}
	back := func(c int) {
		if c >= 0 {
			sc.unget(c)
			n--
		}
	}
	c := next()
	neg := false
	if c == '-' || c == '+' {
		neg = c == '-'
		c = next()
	}
	digits := 0
	if c == '0' && (base == 0 || base == 16) {
		digits = 1
		c = next()
		if c == 'x' || c == 'X' {
			base = 16
			c = next()
		} else if base == 0 {
			base = 8
		}
	} else if base == 0 {
		base = 10
	}
	var mag uint64
	overflow := false
	for c >= 0 && digitVal(byte(c)) < base {
		digits++
		hi, lo := mulAdd(mag, uint64(base), uint64(digitVal(byte(c))))
		if hi != 0 {
			overflow = true
		}
		mag = lo
		c = next()
	}
	back(c)
	if digits == 0 {
		return 0, false
	}
	switch {
	case !signed && overflow:
		return math.MaxUint64, true
	case !signed && neg:
		return -mag, true
	case !signed:
		return mag, true
	case neg && (overflow || mag > 1<<63):
		return 1 << 63, true
	case !neg && (overflow || mag > math.MaxInt64):
		return math.MaxInt64, true
	case neg:
		return -mag, true
	}
	return mag, true
}

// scanFloat reads a floating constant of at most width bytes. Input is
// read ahead only as far as the number's syntax allows, with one byte of
// pushback.
func (sc *scanner) scanFloat(width int, single bool) (float64, bool) {
	var buf []byte
	hitEnd := false // the scan ran into end of input or the width
	text, _ := scanFloat(func(i int) byte {
		if width >= 0 && i >= width {
			hitEnd = true
			return 0
		}
		for len(buf) <= i {
			c := sc.get()
			if c < 0 {
				hitEnd = true
				return 0
			}
			buf = append(buf, byte(c))
		}
		return buf[i]
	}, -1, false)
	// Like glibc, give back only the byte that ended the number; anything
	// read between the number and it (the "e" of "1e" at end of input) is
	// consumed, since C guarantees just one byte of pushback.
	if !hitEnd && len(buf) > len(text) {
		sc.unget(int(buf[len(buf)-1]))
	}
	if len(text) == 0 {
		return 0, false
	}
	bits := 64
	if single {
		bits = 32
	}
	v, _ := convertFloat(text, bits)
	return v, true
}

func storeInt(p uintptr, length lengthMod, v uint64) {
	switch length {
	case lenHH:
		cmem.Store(p, uint8(v))
	case lenH:
		cmem.Store(p, uint16(v))
	case lenL, lenLong:
		cmem.Store(p, v)
	default:
		cmem.Store(p, uint32(v))
	}
}

// parseScanSet parses a %[ set starting after the '['; a ']' right after
// '[' or '[^' is a member, and a-b is a range.
func parseScanSet(format []byte, i int) (*byteSet, int, bool) {
	var set byteSet
	negate := false
	if i < len(format) && format[i] == '^' {
		negate = true
		i++
	}
	first := true
	for ; i < len(format); i++ {
		c := format[i]
		if c == ']' && !first {
			if negate {
				for k := range set {
					set[k] = ^set[k]
				}
			}
			return &set, i + 1, true
		}
		first = false
		if i+2 < len(format) && format[i+1] == '-' && format[i+2] != ']' && format[i+2] >= c {
			for x := int(c); x <= int(format[i+2]); x++ {
				set[x/64] |= 1 << (x % 64)
			}
			i += 2
			continue
		}
		set[c/64] |= 1 << (c % 64)
	}
	return nil, i, false
}

// Sscanf is sscanf.
func Sscanf(str, format uintptr, args ...any) int32 {
	sc := scanner{in: &stringInput{p: str}, args: argList{args: args}}
	return sc.run(cstring(format))
}

// Fscanf is fscanf; the stream stays locked for the whole call.
func Fscanf(f, format uintptr, args ...any) int32 {
	s := lookup("fscanf", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := scanner{in: streamInput{s}, args: argList{args: args}}
	return sc.run(cstring(format))
}

// Scanf is scanf: fscanf from stdin.
func Scanf(format uintptr, args ...any) int32 { return Fscanf(stdin.handle, format, args...) }
