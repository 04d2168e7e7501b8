package upc

import (
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/upcgo/upcgo/runtime/gasnet"
)

// The memcpy extension library (LBNL-56495): non-blocking transfers with
// explicit handles, implicit handles and access regions (this file), and
// vector, indexed and strided transfers (vis.go, vis_ext.go). UPC 1.3's
// upc_nb.h and Berkeley UPC's bupc_ functions are other names for the
// same operations.

// Handle is upc_handle_t: an explicit-handle operation in flight. The zero
// Handle, CompleteHandle, stands for an operation already complete.
type Handle = gasnet.Handle

// CompleteHandle is UPC_COMPLETE_HANDLE.
const CompleteHandle Handle = 0

// MaxAsyncInFlight is UPC_MAX_ASYNC_INFLIGHT: the explicit-handle
// operations a thread may have started and not yet synchronised.
const MaxAsyncInFlight = gasnet.MaxInFlight

// Sync says how a library transfer completes.
type Sync uint8

const (
	// Blocking transfers are complete when the call returns.
	Blocking Sync = iota
	// Async transfers return a Handle to synchronise (…_async, …_nb).
	Async
	// Asynci transfers join the thread's implicit set, or the open access
	// region (…_asynci, …_nbi).
	Asynci
)

// Lib is the library bound to a thread and to the name the program called
// the function by, which every error message starts with: generated code
// calls t.Lib("bupc_memget_vlist").MemgetVlist(…). Go programs call the
// Thread methods instead, which use the spec's names.
type Lib struct {
	t    *Thread
	name string
}

// Lib binds the library to the name of the function being called.
func (t *Thread) Lib(name string) Lib { return Lib{t, name} }

func (o Lib) fail(format string, args ...any) {
	panic(o.name + ": " + fmt.Sprintf(format, args...))
}

// checkShared checks n bytes at p for a transfer: p must name a thread and
// the bytes must lie in its segment.
func (o Lib) checkShared(p SharedPtr, n uintptr, what string) {
	if p.IsNull() {
		o.fail("the %s is a null pointer-to-shared", what)
	}
	if int(p.Thread) >= o.t.Threads {
		o.fail("the %s %v names thread %d, but THREADS is %d", what, p, p.Thread, o.t.Threads)
	}
	if p.Addr > o.t.segSize || n > o.t.segSize-p.Addr {
		o.fail("the %s (%d bytes at %v) is outside thread %d's shared segment of %d bytes", what, n, p, p.Thread, o.t.segSize)
	}
}

func (o Lib) checkPrivate(p unsafe.Pointer, what string) {
	if p == nil {
		o.fail("the %s is a null pointer", what)
	}
}

// seg is the address of p's bytes if this thread can address them.
func (t *Thread) seg(p SharedPtr) unsafe.Pointer {
	if base := t.segs[p.Thread]; base != nil {
		return unsafe.Add(base, p.Addr)
	}
	return nil
}

// Memcpy copies n bytes between two shared regions, each with affinity to
// one thread, completing as s says.
func (o Lib) Memcpy(s Sync, dst, src SharedPtr, n uintptr) Handle {
	if n == 0 {
		return 0
	}
	o.checkShared(dst, n, "destination")
	o.checkShared(src, n, "source")
	t, ep := o.t, o.t.ep
	if p := t.seg(src); p != nil {
		return put(ep, s, dst, p, n)
	}
	if p := t.seg(dst); p != nil {
		return get(ep, s, p, src, n)
	}
	// A third-party copy: neither side is addressable. The bytes come
	// here first (that half blocks), then go out as s says.
	buf := make([]byte, n)
	ep.Get(unsafe.Pointer(&buf[0]), int(src.Thread), src.Addr, n)
	return put(ep, s, dst, unsafe.Pointer(&buf[0]), n)
}

func put(ep *gasnet.Endpoint, s Sync, dst SharedPtr, src unsafe.Pointer, n uintptr) Handle {
	switch s {
	case Async:
		return ep.PutNB(int(dst.Thread), dst.Addr, src, n)
	case Asynci:
		ep.PutNBI(int(dst.Thread), dst.Addr, src, n)
	default:
		ep.Put(int(dst.Thread), dst.Addr, src, n)
	}
	return 0
}

func get(ep *gasnet.Endpoint, s Sync, dst unsafe.Pointer, src SharedPtr, n uintptr) Handle {
	switch s {
	case Async:
		return ep.GetNB(dst, int(src.Thread), src.Addr, n)
	case Asynci:
		ep.GetNBI(dst, int(src.Thread), src.Addr, n)
	default:
		ep.Get(dst, int(src.Thread), src.Addr, n)
	}
	return 0
}

// Memget copies n bytes from a shared region to private memory.
func (o Lib) Memget(s Sync, dst unsafe.Pointer, src SharedPtr, n uintptr) Handle {
	if n == 0 {
		return 0
	}
	o.checkPrivate(dst, "destination")
	o.checkShared(src, n, "source")
	return get(o.t.ep, s, dst, src, n)
}

// Memput copies n bytes from private memory to a shared region.
func (o Lib) Memput(s Sync, dst SharedPtr, src unsafe.Pointer, n uintptr) Handle {
	if n == 0 {
		return 0
	}
	o.checkShared(dst, n, "destination")
	o.checkPrivate(src, "source")
	return put(o.t.ep, s, dst, src, n)
}

// Memset sets n bytes of a shared region to c.
func (o Lib) Memset(s Sync, dst SharedPtr, c byte, n uintptr) Handle {
	if n == 0 {
		return 0
	}
	o.checkShared(dst, n, "destination")
	ep := o.t.ep
	switch s {
	case Async:
		return ep.MemsetNB(int(dst.Thread), dst.Addr, c, n)
	case Asynci:
		ep.MemsetNBI(int(dst.Thread), dst.Addr, c, n)
	default:
		ep.Memset(int(dst.Thread), dst.Addr, c, n)
	}
	return 0
}

// checkHandle reports a handle this thread may not synchronise.
func (o Lib) checkHandle(h Handle) {
	if err := o.t.ep.CheckHandle(h); err != nil {
		o.fail("%v", err)
	}
}

// WaitSync blocks until h's operation is complete; h is dead afterwards.
func (o Lib) WaitSync(h Handle) {
	if h != 0 {
		o.checkHandle(h)
		o.t.ep.Wait(h)
	}
}

// TrySync reports whether h's operation is complete (h is then dead).
func (o Lib) TrySync(h Handle) bool {
	if h == 0 {
		return true
	}
	o.checkHandle(h)
	return o.t.ep.Try(h)
}

func (o Lib) checkHandles(hs []Handle) {
	for _, h := range hs {
		if h != 0 {
			o.checkHandle(h)
		}
	}
}

// WaitSyncAll waits for every operation of hs and sets every entry to
// CompleteHandle.
func (o Lib) WaitSyncAll(hs []Handle) {
	o.checkHandles(hs)
	o.t.ep.WaitAll(hs)
}

// TrySyncAll sets the entries of hs that are complete to CompleteHandle
// and reports whether all are.
func (o Lib) TrySyncAll(hs []Handle) bool {
	o.checkHandles(hs)
	return o.t.ep.TryAll(hs)
}

// WaitSyncSome blocks until at least one live entry of hs is complete (it
// returns at once if none is live), setting complete entries to
// CompleteHandle.
func (o Lib) WaitSyncSome(hs []Handle) {
	o.checkHandles(hs)
	o.t.ep.WaitSome(hs)
}

// TrySyncSome sets the complete entries of hs to CompleteHandle and
// reports whether at least one live entry completed, or none was live.
func (o Lib) TrySyncSome(hs []Handle) bool {
	o.checkHandles(hs)
	return o.t.ep.TrySome(hs)
}

func (o Lib) outsideRegion() {
	if o.t.ep.InRegion() {
		o.fail("implicit-handle synchronisation inside an access region (end the region with upc_end_accessregion and synchronise its handle)")
	}
}

// WaitSynci waits for the thread's implicit-handle operations started
// outside access regions.
func (o Lib) WaitSynci() {
	o.outsideRegion()
	o.t.ep.WaitNBI()
}

// TrySynci reports whether the implicit-handle operations are complete.
func (o Lib) TrySynci() bool {
	o.outsideRegion()
	return o.t.ep.TryNBI()
}

// BeginAccessRegion opens an access region: implicit-handle operations
// started until EndAccessRegion belong to the handle it returns.
func (o Lib) BeginAccessRegion() {
	if o.t.ep.InRegion() {
		o.fail("access regions may not be nested (an access region is already open)")
	}
	o.t.ep.BeginRegion()
}

// EndAccessRegion closes the access region and returns its handle.
func (o Lib) EndAccessRegion() Handle {
	if !o.t.ep.InRegion() {
		o.fail("no access region is open")
	}
	return o.t.ep.EndRegion()
}

// The Go API: the Thread methods use the spec's names in their errors.

// MemcpyAsync is upc_memcpy_async (UPC 1.3: upc_memcpy_nb).
func (t *Thread) MemcpyAsync(dst, src SharedPtr, n uintptr) Handle {
	return t.Lib("upc_memcpy_async").Memcpy(Async, dst, src, n)
}

// MemgetAsync is upc_memget_async (upc_memget_nb).
func (t *Thread) MemgetAsync(dst unsafe.Pointer, src SharedPtr, n uintptr) Handle {
	return t.Lib("upc_memget_async").Memget(Async, dst, src, n)
}

// MemputAsync is upc_memput_async (upc_memput_nb).
func (t *Thread) MemputAsync(dst SharedPtr, src unsafe.Pointer, n uintptr) Handle {
	return t.Lib("upc_memput_async").Memput(Async, dst, src, n)
}

// MemsetAsync is upc_memset_async (upc_memset_nb).
func (t *Thread) MemsetAsync(dst SharedPtr, c byte, n uintptr) Handle {
	return t.Lib("upc_memset_async").Memset(Async, dst, c, n)
}

// MemcpyAsynci is upc_memcpy_asynci (upc_memcpy_nbi).
func (t *Thread) MemcpyAsynci(dst, src SharedPtr, n uintptr) {
	t.Lib("upc_memcpy_asynci").Memcpy(Asynci, dst, src, n)
}

// MemgetAsynci is upc_memget_asynci (upc_memget_nbi).
func (t *Thread) MemgetAsynci(dst unsafe.Pointer, src SharedPtr, n uintptr) {
	t.Lib("upc_memget_asynci").Memget(Asynci, dst, src, n)
}

// MemputAsynci is upc_memput_asynci (upc_memput_nbi).
func (t *Thread) MemputAsynci(dst SharedPtr, src unsafe.Pointer, n uintptr) {
	t.Lib("upc_memput_asynci").Memput(Asynci, dst, src, n)
}

// MemsetAsynci is upc_memset_asynci (upc_memset_nbi).
func (t *Thread) MemsetAsynci(dst SharedPtr, c byte, n uintptr) {
	t.Lib("upc_memset_asynci").Memset(Asynci, dst, c, n)
}

// WaitSync is upc_waitsync (upc_sync).
func (t *Thread) WaitSync(h Handle) { t.Lib("upc_waitsync").WaitSync(h) }

// TrySync is upc_trysync (upc_sync_attempt).
func (t *Thread) TrySync(h Handle) bool { return t.Lib("upc_trysync").TrySync(h) }

// WaitSyncAll is upc_waitsync_all.
func (t *Thread) WaitSyncAll(hs []Handle) { t.Lib("upc_waitsync_all").WaitSyncAll(hs) }

// TrySyncAll is upc_trysync_all.
func (t *Thread) TrySyncAll(hs []Handle) bool { return t.Lib("upc_trysync_all").TrySyncAll(hs) }

// WaitSyncSome is upc_waitsync_some.
func (t *Thread) WaitSyncSome(hs []Handle) { t.Lib("upc_waitsync_some").WaitSyncSome(hs) }

// TrySyncSome is upc_trysync_some.
func (t *Thread) TrySyncSome(hs []Handle) bool { return t.Lib("upc_trysync_some").TrySyncSome(hs) }

// WaitSynci is upc_waitsynci (upc_synci).
func (t *Thread) WaitSynci() { t.Lib("upc_waitsynci").WaitSynci() }

// TrySynci is upc_trysynci (upc_synci_attempt).
func (t *Thread) TrySynci() bool { return t.Lib("upc_trysynci").TrySynci() }

// BeginAccessRegion is upc_begin_accessregion.
func (t *Thread) BeginAccessRegion() { t.Lib("upc_begin_accessregion").BeginAccessRegion() }

// EndAccessRegion is upc_end_accessregion.
func (t *Thread) EndAccessRegion() Handle {
	return t.Lib("upc_end_accessregion").EndAccessRegion()
}

// mulSize is a·b, failing the operation if it overflows; the message
// names what+suffix ("source regions'"), joined only then.
func (o Lib) mulSize(a, b uintptr, what, suffix string) uintptr {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 {
		o.fail("the %s%s total size overflows", what, suffix)
	}
	return uintptr(lo)
}
