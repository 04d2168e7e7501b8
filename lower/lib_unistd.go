package lower

// The POSIX headers unistd.h, fcntl.h, sys/stat.h, sys/time.h and
// sys/times.h: package stdlib.

// unistdLib is unistd.h.
var unistdLib = library{
	header: "unistd.h",
	calls: map[string]libcFunc{
		"sleep":       {"stdlib.Sleep", noState},
		"usleep":      {"stdlib.Usleep", noState},
		"getpid":      {"stdlib.Getpid", noState},
		"gethostname": {"stdlib.Gethostname", noState},
		"access":      {"stdlib.Access", withState},
		"read":        {"stdlib.Read", withState},
		"write":       {"stdlib.Write", withState},
		"lseek":       {"stdlib.Lseek", withState},
		"close":       {"stdlib.Close", withState},
		"fsync":       {"stdlib.Fsync", withState},
		"ftruncate":   {"stdlib.Ftruncate", withState},
		"truncate":    {"stdlib.Truncate", withState},
		"unlink":      {"stdlib.Unlink", withState},
		"rmdir":       {"stdlib.Rmdir", withState},
		"getcwd":      {"stdlib.Getcwd", withState},
		"sysconf":     {"stdlib.Sysconf", withState},
		"getpagesize": {"stdlib.Getpagesize", noState},
	},
}

// fcntlLib is fcntl.h.
var fcntlLib = library{
	header: "fcntl.h",
	calls: map[string]libcFunc{
		"open":  {"stdlib.Open", withState},
		"creat": {"stdlib.Creat", withState},
	},
}

// sysStatLib is sys/stat.h.
var sysStatLib = library{
	header: "sys/stat.h",
	calls: map[string]libcFunc{
		"stat":  {"stdlib.Stat", withState},
		"lstat": {"stdlib.Lstat", withState},
		"fstat": {"stdlib.Fstat", withState},
		"mkdir": {"stdlib.Mkdir", withState},
		"chmod": {"stdlib.Chmod", withState},
		"umask": {"stdlib.Umask", noState},
	},
}

// sysTimeLib is sys/time.h.
var sysTimeLib = library{
	header: "sys/time.h",
	calls: map[string]libcFunc{
		"gettimeofday": {"stdlib.Gettimeofday", noState},
	},
}

// sysTimesLib is sys/times.h.
var sysTimesLib = library{
	header: "sys/times.h",
	calls: map[string]libcFunc{
		"times": {"stdlib.Times", withState},
	},
}
