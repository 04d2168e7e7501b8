package lower

// string.h: package stdlib.

// stringLib is string.h.
var stringLib = library{
	header: "string.h",
	calls: map[string]libcFunc{
		"memcpy":   {"stdlib.Memcpy", noState},
		"memmove":  {"stdlib.Memmove", noState},
		"memset":   {"stdlib.Memset", noState},
		"memcmp":   {"stdlib.Memcmp", noState},
		"memchr":   {"stdlib.Memchr", noState},
		"strcpy":   {"stdlib.Strcpy", noState},
		"strncpy":  {"stdlib.Strncpy", noState},
		"strcat":   {"stdlib.Strcat", noState},
		"strncat":  {"stdlib.Strncat", noState},
		"strcmp":   {"stdlib.Strcmp", noState},
		"strncmp":  {"stdlib.Strncmp", noState},
		"strchr":   {"stdlib.Strchr", noState},
		"strrchr":  {"stdlib.Strrchr", noState},
		"strstr":   {"stdlib.Strstr", noState},
		"strspn":   {"stdlib.Strspn", noState},
		"strcspn":  {"stdlib.Strcspn", noState},
		"strpbrk":  {"stdlib.Strpbrk", noState},
		"strtok":   {"stdlib.Strtok", withState},
		"strtok_r": {"stdlib.StrtokR", noState},
		"strlen":   {"stdlib.Strlen", noState},
		"strnlen":  {"stdlib.Strnlen", noState},
		"strdup":   {"stdlib.Strdup", noState},
		"strndup":  {"stdlib.Strndup", noState},
		"strerror": {"stdlib.Strerror", noState},
		"strcoll":  {"stdlib.Strcmp", noState}, // the C locale collates bytes
		"strxfrm":  {"stdlib.Strxfrm", noState},
	},
}
