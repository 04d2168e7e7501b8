package stdlib

// argList hands out printf/scanf variadic arguments either in order or by
// position (%2$d), as glibc allows.
type argList struct {
	args []any
	next int
}

func (a *argList) take(pos int) any {
	i := a.next
	if pos > 0 {
		i = pos - 1
	} else {
		a.next++
	}
	if i < 0 || i >= len(a.args) {
		// C reads garbage for a missing argument; zero is the kind choice.
		return int32(0)
	}
	return a.args[i]
}

// intBits returns an integer argument as 64 bits, sign-extending signed
// types so that %ld of an int32 works; the length modifier then decides
// how many of the bits count. Floats passed where an integer is expected
// are converted by value.
func intBits(v any) uint64 {
	switch x := v.(type) {
	case int32:
		return uint64(int64(x))
	case uint32:
		return uint64(x)
	case int64:
		return uint64(x)
	case uint64:
		return x
	case uintptr:
		return uint64(x)
	case int:
		return uint64(x)
	case uint:
		return uint64(x)
	case int8:
		return uint64(int64(x))
	case uint8:
		return uint64(x)
	case int16:
		return uint64(int64(x))
	case uint16:
		return uint64(x)
	case bool:
		if x {
			return 1
		}
		return 0
	case float64:
		return uint64(int64(x))
	case float32:
		return uint64(int64(x))
	}
	return 0
}

// floatArg returns a floating argument; integers are converted by value.
func floatArg(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	case uint32, uint64, uintptr, uint, uint8, uint16:
		return float64(intBits(v))
	}
	return float64(int64(intBits(v)))
}
