// Package cmem owns the private C memory of a translated program: the
// heap behind malloc/free, the frames holding C locals whose address is
// taken, immortal storage for string literals, and typed loads and stores.
//
// A C pointer is a uintptr holding a real virtual address in memory the Go
// runtime does not manage: every byte comes from anonymous private mmap, so
// the garbage collector never scans or moves it, and -race / checkptr accept
// the accesses (checkptr only checks pointers into the Go heap). Go pointers
// never flow into C memory, which is what makes storing addresses as plain
// integers sound.
//
// Everything except Stack is safe for concurrent use by many goroutines
// (UPC threads). A Stack belongs to one UPC thread.
package cmem
