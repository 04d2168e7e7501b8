package upcio

import (
	"os"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/upcgo/upcgo/runtime/upc"
)

// Flags are upc_all_fopen's flags; the values are upc_io.h's (Berkeley
// UPC's).
type Flags int32

const (
	RdOnly        Flags = 1 << 0 // UPC_RDONLY
	WrOnly        Flags = 1 << 1 // UPC_WRONLY
	RdWr          Flags = 1 << 2 // UPC_RDWR
	IndividualFP  Flags = 1 << 3 // UPC_INDIVIDUAL_FP
	CommonFP      Flags = 1 << 4 // UPC_COMMON_FP
	Append        Flags = 1 << 5 // UPC_APPEND: the file pointers start at the end
	Create        Flags = 1 << 6 // UPC_CREATE
	Excl          Flags = 1 << 7 // UPC_EXCL: with Create, fail if the file exists
	StrongCA      Flags = 1 << 8 // UPC_STRONG_CA: strong consistency and atomicity
	Trunc         Flags = 1 << 9 // UPC_TRUNC
	DeleteOnClose Flags = 1 << 10
)

// Async in a data call's flags (UPC_ASYNC, the next upc_flag_t bit after
// the sync modes) starts it asynchronously: Wait or Test completes it.
// The _async C functions are the synchronous ones with this bit.
const Async upc.Flag = 1 << 6

// Whence is upc_all_fseek's origin.
type Whence int32

const (
	SeekSet Whence = 1 << 0 // UPC_SEEK_SET
	SeekCur Whence = 1 << 1 // UPC_SEEK_CUR
	SeekEnd Whence = 1 << 2 // UPC_SEEK_END
)

// Hint is struct upc_hint: a key and a value, both strings. upcgo keeps
// the hints a file was opened or given with (Hints) and acts on none.
type Hint struct {
	Key, Value string
}

// File is one thread's handle on a file that every thread opened
// together; a thread must use only its own. Its methods are the upc_all_
// functions: collective, so every thread calls each of them, in the same
// order as the other collectives.
type File struct {
	t     *upc.Thread
	id    uint64 // the same on every thread: the fd's single value
	name  string
	flags Flags
	f     *os.File
	pos   int64 // this thread's file pointer (the common one is the same everywhere)
	hints []Hint
	async *pending // the outstanding asynchronous operation, if any
}

// pending is the result of an asynchronous operation, kept for Wait.
type pending struct {
	op  string
	n   int64
	err error
}

// nextID numbers the files thread 0 of this process opens; the other
// threads take thread 0's number, so it is single-valued.
var nextID atomic.Uint64

// ID is the file's number, the same on every thread (runtime/crt makes the
// C upc_file_t * from it).
func (f *File) ID() uint64 { return f.id }

// Name is the file name it was opened with.
func (f *File) Name() string { return f.name }

// Flags are the flags it was opened with, as upc_all_fcntl changed them.
func (f *File) Flags() Flags { return f.flags }

// Hints are the hints it was opened or given with.
func (f *File) Hints() []Hint { return f.hints }

// AsyncOutstanding reports whether an asynchronous operation is
// outstanding (started, not yet completed by Wait or Test).
func (f *File) AsyncOutstanding() bool { return f.async != nil }

// Thread is the UPC thread the handle belongs to.
func (f *File) Thread() *upc.Thread { return f.t }

// checkOpenFlags says what is wrong with flags, if anything (UPC-IO
// 1.2 7.4.4.1: exactly one access mode and one file pointer kind).
func checkOpenFlags(flags Flags) string {
	count := func(fs ...Flags) int {
		n := 0
		for _, b := range fs {
			if flags&b != 0 {
				n++
			}
		}
		return n
	}
	all := RdOnly | WrOnly | RdWr | IndividualFP | CommonFP | Append | Create | Excl | StrongCA | Trunc | DeleteOnClose
	switch {
	case flags&^all != 0:
		return "unknown flags"
	case count(RdOnly, WrOnly, RdWr) != 1:
		return "the flags must name exactly one of UPC_RDONLY, UPC_WRONLY and UPC_RDWR"
	case count(IndividualFP, CommonFP) != 1:
		return "the flags must name exactly one of UPC_INDIVIDUAL_FP and UPC_COMMON_FP"
	case flags&Excl != 0 && flags&Create == 0:
		return "UPC_EXCL needs UPC_CREATE"
	case flags&Trunc != 0 && flags&RdOnly != 0:
		return "UPC_TRUNC needs write access"
	}
	return ""
}

// osFlags are the open(2) flags for flags; creating ones only for the
// thread that creates the file.
func osFlags(flags Flags, creator bool) int {
	var o int
	switch {
	case flags&RdOnly != 0:
		o = os.O_RDONLY
	case flags&WrOnly != 0:
		o = os.O_WRONLY
	default:
		o = os.O_RDWR
	}
	if creator {
		if flags&Create != 0 {
			o |= os.O_CREATE
		}
		if flags&Excl != 0 {
			o |= os.O_EXCL
		}
		if flags&Trunc != 0 {
			o |= os.O_TRUNC
		}
	}
	return o
}

// Open is upc_all_fopen: every thread opens name with flags and hints
// (all single-valued). Thread 0 opens first, creating or truncating the
// file as the flags say; then the others open it. If any thread fails,
// every thread gets the error (the first failing thread's, in thread
// order) and no handle.
func Open(t *upc.Thread, name string, flags Flags, hints []Hint) (*File, error) {
	const op = "upc_all_fopen"
	var keys []string
	for _, h := range hints {
		keys = append(keys, h.Key+"\x00"+h.Value)
	}
	args := []single{str("the file name", name), num("flags", int64(flags)), str("the hints", strings.Join(keys, "\x00\x00"))}
	bad := checkOpenFlags(flags)
	if bad == "" && name == "" {
		bad = "an empty file name"
	}
	var mine []byte
	var file *os.File
	if t.MyThread == 0 {
		var err error
		if bad == "" {
			file, err = os.OpenFile(name, osFlags(flags, true), 0o666)
		}
		mine = appendInts(nil, int64(errnoOf(err)), int64(nextID.Add(1)))
	}
	all := round(t, op, args, mine)
	if bad != "" {
		return nil, fail(op, syscall.EINVAL, "%s", bad)
	}
	first := ints(all[0])
	if first[0] != 0 {
		return nil, &Error{Op: op, Errno: syscall.Errno(first[0]), Msg: name}
	}
	var err error
	if t.MyThread != 0 {
		file, err = os.OpenFile(name, osFlags(flags, false), 0)
	}
	if err := agree(op, round(t, op, args, appendInts(nil, int64(errnoOf(err))))); err != nil {
		if file != nil {
			file.Close()
		}
		return nil, err
	}
	f := &File{t: t, id: uint64(first[1]), name: name, flags: flags, f: file, hints: append([]Hint(nil), hints...)}
	if flags&Append != 0 {
		// Every thread's writes are complete (the rounds are barriers),
		// so every thread sees the same size.
		st, err := file.Stat()
		if err != nil {
			file.Close()
			return nil, wrap(op, err)
		}
		f.pos = st.Size()
	}
	return f, nil
}

// InvalidHandle is a upc_all_ call with a handle that names no open file
// (null, closed, or never opened): it takes its part in the collective
// round with no file, so that threads whose handles differ are reported,
// and fails with EBADF.
func InvalidHandle(t *upc.Thread, op string) error {
	round(t, op, []single{num("the file handle", 0)}, nil)
	return &Error{Op: op, Errno: syscall.EBADF, Msg: "not an open UPC-IO file"}
}

// handleArg is the single-valued file handle every call sends.
func (f *File) handleArg() single { return num("the file handle", int64(f.id)) }

// busy fails the calls that may not run while an asynchronous operation
// is outstanding (the specification allows one at a time, completed by
// upc_all_fwait_async or upc_all_ftest_async). The outstanding operation
// is single-valued, so every thread fails alike.
func (f *File) busy(op string) error {
	if f.async != nil {
		return fail(op, syscall.EINPROGRESS, "%s is outstanding on this file (complete it with upc_all_fwait_async or upc_all_ftest_async)", f.async.op)
	}
	return nil
}

// Close is upc_all_fclose. The handle is gone afterwards even if closing
// failed, except while an asynchronous operation is outstanding.
func (f *File) Close() error {
	const op = "upc_all_fclose"
	if err := f.busy(op); err != nil {
		round(f.t, op, []single{f.handleArg()}, nil)
		return err
	}
	err := errnoOf(f.f.Close())
	cerr := agree(op, round(f.t, op, []single{f.handleArg()}, appendInts(nil, int64(err))))
	if f.flags&DeleteOnClose != 0 {
		// Every thread has closed the file.
		var rerr error
		if f.t.MyThread == 0 {
			rerr = os.Remove(f.name)
		}
		if err := agree(op, round(f.t, op, []single{f.handleArg()}, appendInts(nil, int64(errnoOf(rerr))))); cerr == nil {
			cerr = err
		}
	}
	return cerr
}

// Sync is upc_all_fsync: once every thread has entered, each thread
// flushes what it wrote to the storage device (fsync(2)).
func (f *File) Sync() error {
	const op = "upc_all_fsync"
	args := []single{f.handleArg()}
	if err := f.busy(op); err != nil {
		round(f.t, op, args, nil)
		return err
	}
	round(f.t, op, args, nil)
	var err error
	if f.flags&RdOnly == 0 {
		err = f.f.Sync()
	}
	return agree(op, round(f.t, op, args, appendInts(nil, int64(errnoOf(err)))))
}

// SeekFP is upc_all_fseek: it sets this thread's file pointer (with
// UPC_COMMON_FP, offset and whence are single-valued and the common
// pointer moves) and returns the new position. A position before the
// start of the file is EINVAL; one after its end is allowed, as in POSIX.
func (f *File) SeekFP(offset int64, whence Whence) (int64, error) {
	const op = "upc_all_fseek"
	args := []single{f.handleArg()}
	if f.flags&CommonFP != 0 {
		args = append(args, num("the offset (UPC_COMMON_FP)", offset), num("the origin (UPC_COMMON_FP)", int64(whence)))
	}
	round(f.t, op, args, nil)
	if err := f.busy(op); err != nil {
		return -1, err
	}
	var base int64
	switch whence {
	case SeekSet:
	case SeekCur:
		base = f.pos
	case SeekEnd:
		st, err := f.f.Stat()
		if err != nil {
			return -1, wrap(op, err)
		}
		base = st.Size()
	default:
		return -1, fail(op, syscall.EINVAL, "origin %d is not UPC_SEEK_SET, UPC_SEEK_CUR or UPC_SEEK_END", whence)
	}
	pos := base + offset
	if (offset > 0 && pos < base) || pos < 0 {
		return -1, fail(op, syscall.EINVAL, "the position %d+%d is outside the file", base, offset)
	}
	f.pos = pos
	return pos, nil
}

// SetSize is upc_all_fset_size: thread 0 truncates or extends the file to
// size bytes (single-valued) once every thread has entered; the file
// pointers stay where they are. Extended bytes read as zeros.
func (f *File) SetSize(size int64) error {
	return f.resize("upc_all_fset_size", size, false)
}

// Preallocate is upc_all_fpreallocate: it makes the file at least size
// bytes (single-valued) and never shrinks it. The new bytes read as zeros;
// the file system may store them sparsely.
func (f *File) Preallocate(size int64) error {
	return f.resize("upc_all_fpreallocate", size, true)
}

func (f *File) resize(op string, size int64, grow bool) error {
	args := []single{f.handleArg(), num("the size", size)}
	round(f.t, op, args, nil)
	err := f.busy(op)
	if err == nil && f.flags&RdOnly != 0 {
		err = fail(op, syscall.EBADF, "the file is open UPC_RDONLY")
	}
	if err == nil && size < 0 {
		err = fail(op, syscall.EINVAL, "a negative size %d", size)
	}
	if err != nil {
		return err
	}
	var ferr error
	if f.t.MyThread == 0 {
		st, err := f.f.Stat()
		switch {
		case err != nil:
			ferr = err
		case !grow || size > st.Size():
			ferr = f.f.Truncate(size)
		}
	}
	return agree(op, round(f.t, op, args, appendInts(nil, int64(errnoOf(ferr)))))
}

// Size is upc_all_fget_size: the file's size once every thread has
// entered (so every thread's earlier writes count).
func (f *File) Size() (int64, error) {
	const op = "upc_all_fget_size"
	round(f.t, op, []single{f.handleArg()}, nil)
	if err := f.busy(op); err != nil {
		return -1, err
	}
	st, err := f.f.Stat()
	if err != nil {
		return -1, wrap(op, err)
	}
	return st.Size(), nil
}

// Command is upc_all_fcntl's cmd; the values are upc_io.h's.
type Command int32

const (
	GetCASemantics       Command = 1 << 0 // UPC_GET_CA_SEMANTICS
	SetWeakCASemantics   Command = 1 << 1 // UPC_SET_WEAK_CA_SEMANTICS
	SetStrongCASemantics Command = 1 << 2 // UPC_SET_STRONG_CA_SEMANTICS
	GetFP                Command = 1 << 3 // UPC_GET_FP
	SetCommonFP          Command = 1 << 4 // UPC_SET_COMMON_FP
	SetIndividualFP      Command = 1 << 5 // UPC_SET_INDIVIDUAL_FP
	GetFL                Command = 1 << 6 // UPC_GET_FL
	GetFN                Command = 1 << 7 // UPC_GET_FN
	GetHints             Command = 1 << 8 // UPC_GET_HINTS
	SetHint              Command = 1 << 9 // UPC_SET_HINT
	AsyncOutstanding     Command = 1 << 10
)

// Control is upc_all_fcntl, with cmd and the hint of SetHint
// single-valued. It returns what the C function returns: UPC_STRONG_CA or
// 0 for GetCASemantics, UPC_COMMON_FP or UPC_INDIVIDUAL_FP for GetFP, the
// flags for GetFL, the number of hints for GetHints and SetHint, 1 or 0
// for AsyncOutstanding, and 0 for the rest. GetFN and GetHints leave the
// name and the hints to Name and Hints. Switching the file pointer kind
// moves every file pointer to the start of the file. Only
// AsyncOutstanding may be asked while an asynchronous operation is
// outstanding.
func (f *File) Control(cmd Command, hint Hint) (int64, error) {
	const op = "upc_all_fcntl"
	args := []single{f.handleArg(), num("cmd", int64(cmd))}
	if cmd == SetHint {
		args = append(args, str("the hint key", hint.Key), str("the hint value", hint.Value))
	}
	round(f.t, op, args, nil)
	if cmd == AsyncOutstanding {
		if f.async != nil {
			return 1, nil
		}
		return 0, nil
	}
	if err := f.busy(op); err != nil {
		return -1, err
	}
	switch cmd {
	case GetCASemantics:
		return int64(f.flags & StrongCA), nil
	case SetWeakCASemantics:
		f.flags &^= StrongCA
	case SetStrongCASemantics:
		f.flags |= StrongCA
	case GetFP:
		return int64(f.flags & (CommonFP | IndividualFP)), nil
	case SetCommonFP:
		f.flags = f.flags&^IndividualFP | CommonFP
		f.pos = 0
	case SetIndividualFP:
		f.flags = f.flags&^CommonFP | IndividualFP
		f.pos = 0
	case GetFL:
		return int64(f.flags), nil
	case GetFN:
	case GetHints:
		return int64(len(f.hints)), nil
	case SetHint:
		for i, h := range f.hints {
			if h.Key == hint.Key {
				f.hints[i] = hint
				return int64(len(f.hints)), nil
			}
		}
		f.hints = append(f.hints, hint)
		return int64(len(f.hints)), nil
	default:
		return -1, fail(op, syscall.EINVAL, "unknown command %#x", int32(cmd))
	}
	return 0, nil
}
