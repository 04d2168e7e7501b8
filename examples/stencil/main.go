// Command stencil is a 1-d Jacobi stencil with halo exchange, written
// against upcgo's Go API (runtime/upc) rather than in UPC: each thread owns
// one block of the grid, reads its neighbours' edge cells each step, and
// the result is checked against a sequential run.
//
//	go run ./examples/stencil -n 4 -cells 1000 -steps 100
package main

import (
	"flag"
	"fmt"
	"math"
	"os"

	"github.com/upcgo/upcgo/runtime/upc"
)

// stencil runs steps Jacobi steps on cells cells per thread with fixed
// boundary values 1 (left) and 0 (right) and returns the final grid as
// thread 0 sees it.
func stencil(threads, cells, steps int) ([]float64, error) {
	var result []float64
	err := upc.Run(threads, func(t *upc.Thread) {
		n := cells * t.Threads
		// shared [cells] double grid[2][n]: two generations, one block per thread.
		grids := [2]*upc.Array[float64]{upc.AllocArray[float64](t, cells, n), upc.AllocArray[float64](t, cells, n)}
		lo := t.MyThread * cells
		for step := range steps {
			cur, next := grids[step%2], grids[(step+1)%2]
			mine, out := cur.Local(t), next.Local(t)
			// Halo exchange: one remote read per neighbour per step.
			left, right := 1.0, 0.0
			if lo > 0 {
				left = cur.Get(t, lo-1)
			}
			if lo+cells < n {
				right = cur.Get(t, lo+cells)
			}
			for i := range cells {
				l, r := left, right
				if i > 0 {
					l = mine[i-1]
				}
				if i < cells-1 {
					r = mine[i+1]
				}
				out[i] = (l + mine[i] + r) / 3
			}
			t.Barrier()
		}
		if t.MyThread == 0 {
			final := grids[steps%2]
			result = make([]float64, n)
			for i := range n {
				result[i] = final.Get(t, i)
			}
		}
		t.Barrier()
	})
	return result, err
}

// sequential is the reference: the same computation on one Go slice.
func sequential(n, steps int) []float64 {
	cur, next := make([]float64, n), make([]float64, n)
	for range steps {
		for i := range n {
			l, r := 1.0, 0.0
			if i > 0 {
				l = cur[i-1]
			}
			if i < n-1 {
				r = cur[i+1]
			}
			next[i] = (l + cur[i] + r) / 3
		}
		cur, next = next, cur
	}
	return cur
}

func main() {
	threads := flag.Int("n", 4, "UPC threads")
	cells := flag.Int("cells", 1000, "cells per thread")
	steps := flag.Int("steps", 100, "time steps")
	flag.Parse()
	got, err := stencil(*threads, *cells, *steps)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stencil:", err)
		os.Exit(1)
	}
	want := sequential(*threads**cells, *steps)
	maxErr, sum := 0.0, 0.0
	for i := range got {
		maxErr = math.Max(maxErr, math.Abs(got[i]-want[i]))
		sum += got[i]
	}
	fmt.Printf("stencil: %d threads x %d cells, %d steps: sum %.6f, max difference from sequential %g\n", *threads, *cells, *steps, sum, maxErr)
	if maxErr != 0 {
		os.Exit(1)
	}
}
