// Command gompi is a UPC program written in Go, for MPI: every thread fills
// its block of a blocked shared array, then reads its right neighbour's
// block element by element and prints the sum. A neighbour in another
// process is read through MPI; one in the same process by plain loads.
//
// Built with the mpi tag, the blank import below links the mpi network
// (Open MPI; add the mpich tag for MPICH), and upc.Main runs this
// process's share of the threads under mpirun:
//
//	go build -tags mpi -o gompi ./examples/gompi
//	mpirun -n 2 ./gompi -ppn 2        # THREADS = 4: 2 processes of 2 threads
//
// Without the tag the same program runs every thread as a goroutine of one
// process (go run ./examples/gompi -n 4). docs/go.md walks through it.
package main

import (
	"fmt"

	_ "github.com/upcgo/upcgo/runtime/gasnet/mpi" // the mpi network, with -tags mpi
	"github.com/upcgo/upcgo/runtime/upc"
)

const block = 4

func main() {
	upc.Main(upc.Program{Name: "gompi", Main: func(t *upc.Thread) int {
		// shared [4] float64 x[4*THREADS]: thread i owns x[4i .. 4i+3].
		x := upc.AllocArray[float64](t, block, block*t.Threads)
		for i := range x.Len() {
			if x.ThreadOf(i) == t.MyThread {
				x.Set(t, i, float64(i))
			}
		}
		t.Barrier()
		right := (t.MyThread + 1) % t.Threads
		sum := 0.0
		for k := range block {
			sum += x.Get(t, block*right+k)
		}
		fmt.Printf("thread %d of %d: thread %d's block sums to %g\n", t.MyThread, t.Threads, right, sum)
		return 0
	}})
}
