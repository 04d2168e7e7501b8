package cpp

import (
	"fmt"
	"strings"
)

// UPCMaxBlockSize is the value of UPC_MAX_BLOCK_SIZE: the largest block
// size a shared array may declare (UPC 1.3 6.4.3 leaves it to the
// implementation). 1 MiB elements, as in GNU UPC's default configuration;
// the runtime's layouts must accept every block size up to it.
const UPCMaxBlockSize = 1048576

// predefined lists the object-like predefined macros (C99 6.10.8, UPC
// 1.3 6.3.1, and the gcc x86-64 Linux macros real code tests). __GNUC__ is
// deliberately absent: upcgo is not gcc, and programs that see __GNUC__
// use gcc builtins and extensions upcgo does not have.
var predefined = [][2]string{
	{"__STDC__", "1"},
	{"__STDC_VERSION__", "199901L"},
	{"__STDC_HOSTED__", "1"},
	{"__UPC__", "1"},
	{"__UPC_VERSION__", "201311L"},
	{"UPC_MAX_BLOCK_SIZE", fmt.Sprint(UPCMaxBlockSize)},
	{"__UPCGO__", "1"},
	{"__UPC_NB__", "1"},
	{"__UPC_COLLECTIVE__", "1"},
	{"__UPC_TICK__", "1"},
	{"__UPC_ATOMIC__", "1"},
	{"__UPC_CASTABLE__", "1"},
	{"__UPC_IO__", "1"}, // UPC-IO, as Berkeley UPC numbers it (upc_io.h)
	{"__x86_64__", "1"},
	{"__x86_64", "1"},
	{"__amd64__", "1"},
	{"__amd64", "1"},
	{"__LP64__", "1"},
	{"_LP64", "1"},
	{"__linux__", "1"},
	{"__linux", "1"},
	{"__unix__", "1"},
	{"__unix", "1"},
	{"__ELF__", "1"},
	{"__CHAR_BIT__", "8"},
	{"__SIZEOF_SHORT__", "2"},
	{"__SIZEOF_INT__", "4"},
	{"__SIZEOF_LONG__", "8"},
	{"__SIZEOF_LONG_LONG__", "8"},
	{"__SIZEOF_POINTER__", "8"},
	{"__SIZEOF_FLOAT__", "4"},
	{"__SIZEOF_DOUBLE__", "8"},
	{"__SIZEOF_LONG_DOUBLE__", "16"},
	{"__SIZEOF_SIZE_T__", "8"},
	{"__SIZEOF_WCHAR_T__", "4"},
	{"__SIZEOF_PTRDIFF_T__", "8"},
	{"__SCHAR_MAX__", "0x7f"},
	{"__SHRT_MAX__", "0x7fff"},
	{"__INT_MAX__", "0x7fffffff"},
	{"__LONG_MAX__", "0x7fffffffffffffffL"},
	{"__LONG_LONG_MAX__", "0x7fffffffffffffffLL"},
	{"__WCHAR_MAX__", "0x7fffffff"},
	{"__WCHAR_MIN__", "(-__WCHAR_MAX__ - 1)"},
	{"__INTMAX_MAX__", "0x7fffffffffffffffL"},
	{"__UINTMAX_MAX__", "0xffffffffffffffffUL"},
	{"__SIZE_MAX__", "0xffffffffffffffffUL"},
	{"__PTRDIFF_MAX__", "0x7fffffffffffffffL"},
	{"__SIZE_TYPE__", "long unsigned int"},
	{"__PTRDIFF_TYPE__", "long int"},
	{"__WCHAR_TYPE__", "int"},
	{"__INTMAX_TYPE__", "long int"},
	{"__UINTMAX_TYPE__", "long unsigned int"},
	{"__ORDER_LITTLE_ENDIAN__", "1234"},
	{"__ORDER_BIG_ENDIAN__", "4321"},
	{"__ORDER_PDP_ENDIAN__", "3412"},
	{"__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__"},
}

// predefinedSource is the "<built-in>" file: the predefined macros as
// #define lines, so they get positions like any other definition.
func predefinedSource(cfg *Config) []byte {
	var b strings.Builder
	for _, d := range predefined {
		fmt.Fprintf(&b, "#define %s %s\n", d[0], d[1])
	}
	if cfg.StaticThreads > 0 {
		fmt.Fprintf(&b, "#define __UPC_STATIC_THREADS__ 1\n#define THREADS %d\n", cfg.StaticThreads)
	} else {
		b.WriteString("#define __UPC_DYNAMIC_THREADS__ 1\n")
	}
	return []byte(b.String())
}

// commandLineSource is the "<command-line>" file: -D options as #define
// (NAME alone means NAME 1; the first '=' separates the value, as in gcc),
// then -U options as #undef.
func commandLineSource(cfg *Config) []byte {
	var b strings.Builder
	oneLine := strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")
	for _, d := range cfg.Defines {
		d = oneLine.Replace(d)
		if name, value, ok := strings.Cut(d, "="); ok {
			fmt.Fprintf(&b, "#define %s %s\n", name, value)
		} else {
			fmt.Fprintf(&b, "#define %s 1\n", d)
		}
	}
	for _, u := range cfg.Undefs {
		fmt.Fprintf(&b, "#undef %s\n", oneLine.Replace(u))
	}
	return []byte(b.String())
}
