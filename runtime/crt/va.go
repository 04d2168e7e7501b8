package crt

import (
	"math"
	"reflect"
	"strings"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// A C variadic call passes its extra arguments, after the default
// promotions, as 8-byte slots: integers sign- or zero-extended, doubles as
// their bits, pointers as addresses. A va_list is the address of the next
// slot. On a little-endian machine reading a narrower integer from a slot
// gives the value the caller passed.

// VaPack packs variadic arguments into slots. The slice is heap-allocated
// (it escapes by being returned), so a va_list pointing into it stays
// valid while the callee runs. A value of another type (a
// pointer-to-shared, which travels whole) takes as many slots as its size
// needs, its bytes as in memory; it must hold no Go pointer.
func VaPack(args ...any) []uint64 {
	slots := make([]uint64, 0, len(args)+1)
	for _, a := range args {
		switch v := a.(type) {
		case int32:
			slots = append(slots, uint64(int64(v)))
		case uint32:
			slots = append(slots, uint64(v))
		case int64:
			slots = append(slots, uint64(v))
		case uint64:
			slots = append(slots, v)
		case uintptr:
			slots = append(slots, uint64(v))
		case float64:
			slots = append(slots, math.Float64bits(v))
		default:
			slots = append(slots, valueSlots(a)...)
		}
	}
	return append(slots, 0) // va_start's slot when no argument follows
}

// valueSlots is the bytes of a's value in 8-byte slots.
func valueSlots(a any) []uint64 {
	v := reflect.ValueOf(a)
	n := int(v.Type().Size())
	if n == 0 {
		return nil
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	out := make([]uint64, (n+7)/8)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), n), unsafe.Slice((*byte)(p.UnsafePointer()), n))
	return out
}

// VaStart is va_start: a va_list at the first variadic slot.
func VaStart(va []uint64) uintptr { return uintptr(unsafe.Pointer(&va[0])) }

// VaArg is va_arg(*ap, T): it reads the next slot (or slots) as T and
// advances.
func VaArg[T any](ap *uintptr) T {
	v := cmem.Load[T](*ap)
	*ap += (unsafe.Sizeof(v) + 7) &^ 7
	return v
}

// VaFormat turns a va_list into printf's arguments, taking each slot's
// type from the conversion that consumes it (vprintf and friends).
func VaFormat(format uintptr, ap uintptr) []any {
	f := cmem.GoString(format)
	var args []any
	next := func() uint64 {
		v := cmem.Load[uint64](ap)
		ap += 8
		return v
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		long := 0
		for ; i < len(f); i++ {
			c := f[i]
			switch {
			case c == '*':
				args = append(args, int32(next()))
				continue
			case c == 'l' || c == 'j' || c == 'z' || c == 't' || c == 'L' || c == 'q':
				long++
				continue
			case c == 'h' || c == '-' || c == '+' || c == ' ' || c == '#' || c == '.' || c == '\'' || c >= '0' && c <= '9':
				continue
			}
			break
		}
		if i >= len(f) {
			break
		}
		switch f[i] {
		case 'd', 'i', 'c':
			if long > 0 {
				args = append(args, int64(next()))
			} else {
				args = append(args, int32(next()))
			}
		case 'u', 'x', 'X', 'o':
			if long > 0 {
				args = append(args, next())
			} else {
				args = append(args, uint32(next()))
			}
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			args = append(args, math.Float64frombits(next()))
		case 's', 'p', 'n':
			args = append(args, uintptr(next()))
		}
	}
	return args
}

// VaScan turns a va_list into scanf's arguments (vscanf and friends):
// one pointer per conversion that assigns, that is every one but %% and
// those suppressed with *.
func VaScan(format uintptr, ap uintptr) []any {
	f := cmem.GoString(format)
	var args []any
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		assign := true
		if i < len(f) && f[i] == '*' {
			assign = false
			i++
		}
		for i < len(f) && (f[i] >= '0' && f[i] <= '9' || strings.IndexByte("hljztLqm", f[i]) >= 0) {
			i++
		}
		if i >= len(f) {
			break
		}
		if f[i] == '[' {
			// A scanset: ']' right after '[' or "[^" is a member.
			i++
			if i < len(f) && f[i] == '^' {
				i++
			}
			if i < len(f) && f[i] == ']' {
				i++
			}
			for i < len(f) && f[i] != ']' {
				i++
			}
		}
		if assign {
			args = append(args, VaArg[uintptr](&ap))
		}
	}
	return args
}
