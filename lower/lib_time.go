package lower

// time.h: package stdlib.

// timeLib is time.h.
var timeLib = library{
	header: "time.h",
	calls: map[string]libcFunc{
		"time":          {"stdlib.Time", noState},
		"clock":         {"stdlib.Clock", noState},
		"difftime":      {"stdlib.Difftime", noState},
		"mktime":        {"stdlib.Mktime", noState},
		"gmtime":        {"stdlib.Gmtime", withState},
		"localtime":     {"stdlib.Localtime", withState},
		"gmtime_r":      {"stdlib.GmtimeR", noState},
		"localtime_r":   {"stdlib.LocaltimeR", noState},
		"asctime":       {"stdlib.Asctime", withState},
		"ctime":         {"stdlib.Ctime", withState},
		"strftime":      {"stdlib.Strftime", noState},
		"tzset":         {"stdlib.Tzset", noState},
		"clock_gettime": {"stdlib.ClockGettime", withState},
		"clock_getres":  {"stdlib.ClockGetres", withState},
		"nanosleep":     {"stdlib.Nanosleep", withState},
	},
}
