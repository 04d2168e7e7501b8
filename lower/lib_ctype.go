package lower

// ctype.h: package stdlib.

// ctypeLib is ctype.h.
var ctypeLib = library{
	header: "ctype.h",
	calls: map[string]libcFunc{
		"isalnum":  {"stdlib.Isalnum", noState},
		"isalpha":  {"stdlib.Isalpha", noState},
		"isblank":  {"stdlib.Isblank", noState},
		"iscntrl":  {"stdlib.Iscntrl", noState},
		"isdigit":  {"stdlib.Isdigit", noState},
		"isgraph":  {"stdlib.Isgraph", noState},
		"islower":  {"stdlib.Islower", noState},
		"isprint":  {"stdlib.Isprint", noState},
		"ispunct":  {"stdlib.Ispunct", noState},
		"isspace":  {"stdlib.Isspace", noState},
		"isupper":  {"stdlib.Isupper", noState},
		"isxdigit": {"stdlib.Isxdigit", noState},
		"tolower":  {"stdlib.Tolower", noState},
		"toupper":  {"stdlib.Toupper", noState},
	},
}
