package upc_test

import (
	"fmt"

	"github.com/upcgo/upcgo/runtime/upc"
)

// Every thread writes its block of a blocked shared array; thread 0 reads
// the whole array after a barrier.
func ExampleRun() {
	err := upc.Run(4, func(t *upc.Thread) {
		a := upc.AllocArray[int](t, 3, 3*t.Threads) // shared [3] int a[3*THREADS]
		for i := range a.Len() {
			if a.ThreadOf(i) == t.MyThread {
				a.Set(t, i, 10*t.MyThread+i%3)
			}
		}
		t.Barrier()
		if t.MyThread == 0 {
			vals := make([]int, a.Len())
			for i := range vals {
				vals[i] = a.Get(t, i)
			}
			fmt.Println(vals)
		}
	})
	fmt.Println("error:", err)
	// Output:
	// [0 1 2 10 11 12 20 21 22 30 31 32]
	// error: <nil>
}

// A lock makes a read-modify-write of a shared counter safe.
func ExampleThread_Lock() {
	upc.Run(8, func(t *upc.Thread) {
		counter := upc.AllocArray[int64](t, 1, 1) // shared int64 counter
		l := t.AllLockAlloc()
		for range 100 {
			t.Lock(l)
			counter.Set(t, 0, counter.Get(t, 0)+1)
			t.Unlock(l)
		}
		t.Barrier()
		if t.MyThread == 0 {
			fmt.Println(counter.Get(t, 0))
		}
	})
	// Output: 800
}

// Pointer-to-shared arithmetic follows the layout: stepping through a
// `shared [2]` array visits two elements per thread in turn.
func ExampleSharedPtr_Add() {
	l := upc.Layout{Block: 2, ElemSize: 8}
	p := upc.SharedPtr{Addr: 4096}
	for i := range 5 {
		q := p.Add(int64(i), l, 2)
		fmt.Printf("a[%d]: thread %d phase %d addr %d\n", i, q.Thread, q.Phase, q.Addr)
	}
	// Output:
	// a[0]: thread 0 phase 0 addr 4096
	// a[1]: thread 0 phase 1 addr 4104
	// a[2]: thread 1 phase 0 addr 4096
	// a[3]: thread 1 phase 1 addr 4104
	// a[4]: thread 0 phase 0 addr 4112
}

// A fault in one thread stops the job and names the thread.
func ExampleRun_fault() {
	err := upc.Run(2, func(t *upc.Thread) {
		if t.MyThread == 1 {
			var p upc.SharedPtr
			upc.Store(t, p, 1) // null pointer-to-shared
		}
		t.Barrier()
	})
	fmt.Println(err.(*upc.Fault).Value)
	// Output: shared write: dereference of a null pointer-to-shared
}
