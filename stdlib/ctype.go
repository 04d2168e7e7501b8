package stdlib

// The ctype.h classes of the C locale. Like glibc's macros, a true result
// is the class's bit in glibc's table (isalpha('a') is 1024), not 1, so
// programs that print the value see what they see with gcc. EOF and
// values outside unsigned char are in no class.
const (
	ctUpper  int32 = 1 << 8
	ctLower  int32 = 1 << 9
	ctAlpha  int32 = 1 << 10
	ctDigit  int32 = 1 << 11
	ctXdigit int32 = 1 << 12
	ctSpace  int32 = 1 << 13
	ctPrint  int32 = 1 << 14
	ctGraph  int32 = 1 << 15
	ctBlank  int32 = 1 << 0
	ctCntrl  int32 = 1 << 1
	ctPunct  int32 = 1 << 2
	ctAlnum  int32 = 1 << 3
)

var ctypeTable = func() (t [256]int32) {
	for c := range 128 {
		var m int32
		switch {
		case c >= 'A' && c <= 'Z':
			m |= ctUpper | ctAlpha | ctAlnum
		case c >= 'a' && c <= 'z':
			m |= ctLower | ctAlpha | ctAlnum
		case c >= '0' && c <= '9':
			m |= ctDigit | ctAlnum
		}
		if (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') {
			m |= ctXdigit
		}
		if c == ' ' || (c >= '\t' && c <= '\r') {
			m |= ctSpace
		}
		if c == ' ' || c == '\t' {
			m |= ctBlank
		}
		if c < 32 || c == 127 {
			m |= ctCntrl
		}
		if c >= 32 && c < 127 {
			m |= ctPrint
			if c != ' ' {
				m |= ctGraph
				if m&ctAlnum == 0 {
					m |= ctPunct
				}
			}
		}
		t[c] = m
	}
	return t
}()

func ctype(c, class int32) int32 {
	if c < 0 || c > 255 {
		return 0
	}
	return ctypeTable[c] & class
}

// Isalpha is isalpha.
func Isalpha(c int32) int32 { return ctype(c, ctAlpha) }

// Isdigit is isdigit.
func Isdigit(c int32) int32 { return ctype(c, ctDigit) }

// Isalnum is isalnum.
func Isalnum(c int32) int32 { return ctype(c, ctAlnum) }

// Isspace is isspace.
func Isspace(c int32) int32 { return ctype(c, ctSpace) }

// Isupper is isupper.
func Isupper(c int32) int32 { return ctype(c, ctUpper) }

// Islower is islower.
func Islower(c int32) int32 { return ctype(c, ctLower) }

// Isxdigit is isxdigit.
func Isxdigit(c int32) int32 { return ctype(c, ctXdigit) }

// Ispunct is ispunct.
func Ispunct(c int32) int32 { return ctype(c, ctPunct) }

// Isprint is isprint.
func Isprint(c int32) int32 { return ctype(c, ctPrint) }

// Iscntrl is iscntrl.
func Iscntrl(c int32) int32 { return ctype(c, ctCntrl) }

// Isgraph is isgraph.
func Isgraph(c int32) int32 { return ctype(c, ctGraph) }

// Isblank is isblank.
func Isblank(c int32) int32 { return ctype(c, ctBlank) }

// Toupper is toupper; anything but a lower-case letter (EOF included)
// comes back unchanged.
func Toupper(c int32) int32 {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// Tolower is tolower.
func Tolower(c int32) int32 {
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}
