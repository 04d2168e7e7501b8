// Package vismodel is the brute-force model that the runtime's tests check
// vector, indexed and strided (VIS) transfers against: a transfer is "the
// bytes of the source regions, in order, land in the destination regions,
// in order", and a strided section is the list of its runs, enumerated
// index by index. It is written for obviousness, not speed, and shares no
// code with the transfers it checks.
package vismodel

import "unsafe"

// Span is the region [Off, Off+N) of a buffer.
type Span struct{ Off, N int }

// Size is the span's length.
func (s Span) Size() int { return s.N }

// Stream is the reference gather: the bytes of spans of mem, in order.
func Stream(mem []byte, spans []Span) []byte {
	var out []byte
	for _, s := range spans {
		out = append(out, mem[s.Off:s.Off+s.N]...)
	}
	return out
}

// Place is the reference scatter: data into spans of mem, in order.
func Place(mem []byte, spans []Span, data []byte) {
	for _, s := range spans {
		copy(mem[s.Off:s.Off+s.N], data[:s.N])
		data = data[s.N:]
	}
}

// Section lists the runs of a section whose origin is at base: run bytes
// each, count[k] along dimension k (innermost first), strides[k] bytes
// apart along dimension k, in index order.
func Section(base, run int, count []uintptr, strides []int64) []Span {
	var out []Span
	idx := make([]int, len(count))
	for {
		off := base
		for k := range count {
			off += idx[k] * int(strides[k])
		}
		out = append(out, Span{off, run})
		k := 0
		for ; k < len(count); k++ {
			if idx[k]++; idx[k] < int(count[k]) {
				break
			}
			idx[k] = 0
		}
		if k == len(count) {
			return out
		}
	}
}

// Signed converts spec-style (unsigned) strides to a section's strides.
func Signed(s []uintptr) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}

// Addrs returns the address in buf of every span (nil for empty ones).
func Addrs(buf []byte, spans []Span) []unsafe.Pointer {
	out := make([]unsafe.Pointer, len(spans))
	for i, s := range spans {
		if s.N > 0 {
			out[i] = unsafe.Pointer(&buf[s.Off])
		}
	}
	return out
}

// Offsets returns base plus the offset of every span.
func Offsets(base int, spans []Span) []uintptr {
	out := make([]uintptr, len(spans))
	for i, s := range spans {
		out[i] = uintptr(base + s.Off)
	}
	return out
}
