package upc

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A []byte stored in shared memory by one thread and read back by another
// after a garbage collection: the collector cannot see the copy in the
// segment, so the bytes it points to are freed and reused (the reader saw
// zeros where "xxx…" was). The allocation now fails, naming the type.
func TestGoPointersUseAfterFree(t *testing.T) {
	want := strings.Repeat("x", 1<<16)
	var got string
	err := Run(2, func(th *Thread) {
		a := AllocArray[[]byte](th, 1, 2)
		if th.MyThread == 0 {
			a.Set(th, 1, []byte(want))
		}
		th.Barrier()
		if th.MyThread == 1 {
			for range 5 {
				runtime.GC()
				_ = make([]byte, len(want))
			}
			got = string(a.Get(th, 1))
		}
		th.Barrier()
	})
	var f *Fault
	require.True(t, errors.As(err, &f), "the program ran: thread 1 read back %d bytes, %d of them 'x' (want %d)", len(got), strings.Count(got, "x"), len(want))
	assert.Contains(t, fmt.Sprint(f.Value), "upc.AllocArray: element type []uint8 holds Go pointers (a slice), which the garbage collector cannot see in shared memory")
}

// Every way a Go pointer could reach a segment is refused, with the
// operation and where in the type the pointer is.
func TestGoPointersRejected(t *testing.T) {
	type named struct {
		X    float64
		Name string
	}
	for _, tc := range []struct {
		name string
		body func(th *Thread, p SharedPtr)
		want string
	}{
		{"AllocArray string", func(th *Thread, _ SharedPtr) { AllocArray[string](th, 1, 2) }, "upc.AllocArray: element type string holds Go pointers (a string)"},
		{"AllocArray struct", func(th *Thread, _ SharedPtr) { AllocArray[named](th, 1, 2) }, "holds Go pointers (field Name: a string)"},
		{"AllocArray array of maps", func(th *Thread, _ SharedPtr) { AllocArray[[2]map[int]int](th, 1, 2) }, "holds Go pointers (its elements: a map)"},
		{"Load", func(th *Thread, p SharedPtr) { Load[*int](th, p) }, "shared read: element type *int holds Go pointers (a ptr)"},
		{"Store", func(th *Thread, p SharedPtr) { Store(th, p, any(1)) }, "shared write: element type interface {} holds Go pointers (a interface)"},
		{"StoreStrict", func(th *Thread, p SharedPtr) { StoreStrict(th, p, func() {}) }, "strict shared write: element type func() holds Go pointers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Run(1, func(th *Thread) {
				a := AllocArray[[4]int64](th, 1, 1)
				tc.body(th, a.Ptr(0))
			})
			var f *Fault
			require.True(t, errors.As(err, &f), "no fault: %v", err)
			assert.Contains(t, fmt.Sprint(f.Value), tc.want)
		})
	}
}

// Plain data of every shape is fine, and a thread alternating types checks
// each against the cache, not by walking it again.
func TestScalarTypesAccepted(t *testing.T) {
	type particle struct {
		X, Y, Z float64
		Kind    [4]int32
		Next    SharedPtr
	}
	err := Run(2, func(th *Thread) {
		a := AllocArray[particle](th, 1, 2)
		b := AllocArray[complex128](th, 1, 2)
		a.Set(th, 1-th.MyThread, particle{X: 1, Kind: [4]int32{int32(th.MyThread)}})
		b.Set(th, 1-th.MyThread, complex(float64(th.MyThread), 1))
		th.Barrier()
		if p := a.Get(th, th.MyThread); p.X != 1 || p.Kind[0] != int32(1-th.MyThread) {
			panic(fmt.Sprint("read back ", p))
		}
		if c := b.Get(th, th.MyThread); real(c) != float64(1-th.MyThread) {
			panic(fmt.Sprint("read back ", c))
		}
		th.Barrier()
	})
	require.NoError(t, err)
}
