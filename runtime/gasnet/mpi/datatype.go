package mpi

import (
	"math"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The conduit moves a VIS transfer (a gasnet.Side on each side) with MPI
// derived datatypes where MPI can describe it (typeOf, mpi_c.go), else
// packed into an active message that carries the remote side's wire form.

// remoteRuns describes a list of remote runs (window displacements and
// lengths, in order) as compactly as it can: one run, one strided section
// when the runs have one length and one distance between them (a loop's
// fine-grained puts usually do), an indexed list when they have one
// length, else a vector. Merged puts travel in this form, so their
// description costs bytes per transfer instead of per put, and MPI gets a
// vector datatype.
func remoteRuns(offs, lens []uintptr) gasnet.Side {
	n := len(offs)
	same := true
	for _, l := range lens[1:] {
		same = same && l == lens[0]
	}
	switch {
	case n == 1:
		return gasnet.RemoteSection(offs[0], gasnet.Section{Run: lens[0]})
	case !same:
		v := make([]gasnet.RemoteVec, n)
		for i, o := range offs {
			v[i] = gasnet.RemoteVec{Off: o, Len: lens[i]}
		}
		return gasnet.RemoteVecs(v)
	}
	d := int64(offs[1] - offs[0])
	// Runs that overlap stay a list: an MPI datatype's blocks must not.
	regular := d >= int64(lens[0]) || -d >= int64(lens[0])
	for i := 2; i < n && regular; i++ {
		regular = int64(offs[i]-offs[i-1]) == d
	}
	if !regular {
		return gasnet.RemoteIndexed(offs, lens[0])
	}
	return gasnet.RemoteSection(offs[0], gasnet.Section{Run: lens[0], Count: []uintptr{uintptr(n)}, Strides: []int64{d}})
}

// isRun reports whether a side is one contiguous run.
func isRun(s *gasnet.Side) bool {
	sec, ok := s.Section()
	return ok && len(sec.Count) == 0
}

// fitsDatatype reports whether MPI's int counts and lengths can describe
// a side as one derived datatype. Local lists are packed, not described,
// so they always fit.
func fitsDatatype(s *gasnet.Side, remote bool) bool {
	const lim = math.MaxInt32
	if sec, ok := s.Section(); ok {
		if sec.Run > lim {
			return false
		}
		for _, c := range sec.Count {
			if c > lim {
				return false
			}
		}
		return true
	}
	if !remote {
		return true
	}
	if s.RunCount() > lim {
		return false
	}
	fits := true
	s.Offsets(func(_ int64, n uintptr) { fits = fits && n <= lim })
	return fits
}
