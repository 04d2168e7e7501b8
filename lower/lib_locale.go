package lower

// locale.h: package stdlib (the C locale only).

// localeLib is locale.h.
var localeLib = library{
	header: "locale.h",
	calls: map[string]libcFunc{
		"setlocale":  {"stdlib.Setlocale", noState},
		"localeconv": {"stdlib.Localeconv", noState},
	},
}
