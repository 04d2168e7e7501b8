package lower

import "github.com/upcgo/upcgo/lower/ctype"

// stdio.h: package stdlib's streams; the va_list forms of printf and scanf
// decode the va_list (crt.VaFormat, crt.VaScan: one pointer per assigning
// conversion) and call the variadic stdlib function.

// stdioLib is stdio.h.
var stdioLib = library{
	header: "stdio.h",
	calls: map[string]libcFunc{
		"__stdin":  {"stdlib.Stdin", noState},
		"__stdout": {"stdlib.Stdout", noState},
		"__stderr": {"stdlib.Stderr", noState},
		"fopen":    {"stdlib.Fopen", withState},
		"fclose":   {"stdlib.Fclose", withState},
		"fflush":   {"stdlib.Fflush", noState},
		"setbuf":   {"stdlib.Setbuf", noState},
		"setvbuf":  {"stdlib.Setvbuf", noState},
		"remove":   {"stdlib.Remove", withState},
		"rename":   {"stdlib.Rename", withState},
		"printf":   {"stdlib.Printf", noState},
		"fprintf":  {"stdlib.Fprintf", noState},
		"sprintf":  {"stdlib.Sprintf", noState},
		"snprintf": {"stdlib.Snprintf", noState},
		"scanf":    {"stdlib.Scanf", noState},
		"fscanf":   {"stdlib.Fscanf", noState},
		"sscanf":   {"stdlib.Sscanf", noState},
		"fgetc":    {"stdlib.Fgetc", noState},
		"getc":     {"stdlib.Getc", noState},
		"getchar":  {"stdlib.Getchar", noState},
		"ungetc":   {"stdlib.Ungetc", noState},
		"fgets":    {"stdlib.Fgets", noState},
		"fputc":    {"stdlib.Fputc", noState},
		"putc":     {"stdlib.Putc", noState},
		"putchar":  {"stdlib.Putchar", noState},
		"fputs":    {"stdlib.Fputs", noState},
		"puts":     {"stdlib.Puts", noState},
		"fread":    {"stdlib.Fread", noState},
		"fwrite":   {"stdlib.Fwrite", noState},
		"fseek":    {"stdlib.Fseek", withState},
		"ftell":    {"stdlib.Ftell", withState},
		"rewind":   {"stdlib.Rewind", withState},
		"clearerr": {"stdlib.Clearerr", noState},
		"feof":     {"stdlib.Feof", noState},
		"ferror":   {"stdlib.Ferror", noState},
		"perror":   {"stdlib.Perror", withState},
	},
	lowered: map[string]*builtinFunc{
		"vprintf":   simple("stdlib.Printf(%[1]s, crt.VaFormat(%[1]s, %[2]s)...)", ctype.IntType),
		"vfprintf":  simple("stdlib.Fprintf(%[1]s, %[2]s, crt.VaFormat(%[2]s, %[3]s)...)", ctype.IntType),
		"vsprintf":  simple("stdlib.Sprintf(%[1]s, %[2]s, crt.VaFormat(%[2]s, %[3]s)...)", ctype.IntType),
		"vsnprintf": simple("stdlib.Snprintf(%[1]s, %[2]s, %[3]s, crt.VaFormat(%[3]s, %[4]s)...)", ctype.IntType),
		"vscanf":    simple("stdlib.Scanf(%[1]s, crt.VaScan(%[1]s, %[2]s)...)", ctype.IntType),
		"vfscanf":   simple("stdlib.Fscanf(%[1]s, %[2]s, crt.VaScan(%[2]s, %[3]s)...)", ctype.IntType),
		"vsscanf":   simple("stdlib.Sscanf(%[1]s, %[2]s, crt.VaScan(%[2]s, %[3]s)...)", ctype.IntType),
	},
}
