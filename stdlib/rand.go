package stdlib

import "github.com/upcgo/upcgo/runtime/cmem"

// randState is glibc's default random(3) generator, TYPE_3: an additive
// feedback generator r[i] = r[i-3] + r[i-31] over 31 words of state,
// seeded by a Park–Miller LCG and warmed up by 310 discarded outputs.
// rand() returns the sum shifted right by one.
type randState struct {
	seeded bool
	r      [31]int32
	f, b   int // indices of glibc's fptr and rptr
}

const (
	// RandMax is RAND_MAX.
	RandMax   = 2147483647
	randDeg   = 31
	randSep   = 3
	randWarmp = randDeg * 10
)

func (s *randState) seed(seed uint32) {
	if seed == 0 {
		seed = 1
	}
	s.r[0] = int32(seed)
	word := int64(int32(seed)) // glibc keeps the seed in an int32_t
	for i := 1; i < randDeg; i++ {
		// 16807 * word % 2147483647 without overflowing 31 bits (Schrage).
		hi, lo := word/127773, word%127773
		word = 16807*lo - 2836*hi
		if word < 0 {
			word += 2147483647
		}
		s.r[i] = int32(word)
	}
	s.f, s.b = randSep, 0
	s.seeded = true
	for range randWarmp {
		s.next()
	}
}

func (s *randState) next() int32 {
	if !s.seeded {
		s.seed(1)
	}
	s.r[s.f] = int32(uint32(s.r[s.f]) + uint32(s.r[s.b]))
	result := int32(uint32(s.r[s.f]) >> 1)
	s.f = (s.f + 1) % randDeg
	s.b = (s.b + 1) % randDeg
	return result
}

// Rand is rand(): the thread's next value in [0, RAND_MAX], the same
// sequence as glibc for the same seed.
func Rand(st *State) int32 { return st.rand.next() }

// Srand is srand(seed).
func Srand(st *State, seed uint32) { st.rand.seed(seed) }

// Random is POSIX random(): glibc's rand() is random() truncated to int,
// so both draw from the thread's one generator.
func Random(st *State) int64 { return int64(st.rand.next()) }

// RandR is POSIX rand_r(seed) with glibc's algorithm: three steps of the
// LCG next = next*1103515245 + 12345 contribute 11, 10 and 10 bits.
func RandR(seed uintptr) int32 {
	next := cmem.Load[uint32](seed)
	step := func() uint32 {
		next = next*1103515245 + 12345
		return next / 65536
	}
	result := step() % 2048
	result = result<<10 ^ step()%1024
	result = result<<10 ^ step()%1024
	cmem.Store(seed, next)
	return int32(result)
}
