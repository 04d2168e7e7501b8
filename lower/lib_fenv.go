package lower

// fenv.h: package stdlib.

// fenvLib is fenv.h.
var fenvLib = library{
	header: "fenv.h",
	calls: map[string]libcFunc{
		"feclearexcept":   {"stdlib.Feclearexcept", noState},
		"feraiseexcept":   {"stdlib.Feraiseexcept", noState},
		"fetestexcept":    {"stdlib.Fetestexcept", noState},
		"fegetexceptflag": {"stdlib.Fegetexceptflag", noState},
		"fesetexceptflag": {"stdlib.Fesetexceptflag", noState},
		"fegetround":      {"stdlib.Fegetround", noState},
		"fesetround":      {"stdlib.Fesetround", noState},
		"fegetenv":        {"stdlib.Fegetenv", noState},
		"feholdexcept":    {"stdlib.Feholdexcept", noState},
		"fesetenv":        {"stdlib.Fesetenv", noState},
		"feupdateenv":     {"stdlib.Feupdateenv", noState},
	},
}
