package upcio

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// Error is a failed UPC-IO call: what the C function reports by returning
// -1 (or NULL) and setting errno to Errno.
type Error struct {
	Op    string // the function, "upc_all_fopen"
	Errno syscall.Errno
	Msg   string // what went wrong, when errno alone does not say
}

func (e *Error) Error() string {
	if e.Msg != "" && strings.Contains(e.Msg, e.Errno.Error()) {
		return e.Op + ": " + e.Msg
	}
	if e.Msg != "" {
		return fmt.Sprintf("%s: %s (%v)", e.Op, e.Msg, e.Errno)
	}
	return fmt.Sprintf("%s: %v", e.Op, e.Errno)
}

func (e *Error) Unwrap() error { return e.Errno }

func fail(op string, errno syscall.Errno, format string, args ...any) *Error {
	return &Error{Op: op, Errno: errno, Msg: fmt.Sprintf(format, args...)}
}

// errnoOf is the errno behind err (EIO if it carries none), 0 for nil.
func errnoOf(err error) syscall.Errno {
	if err == nil {
		return 0
	}
	var en syscall.Errno
	if errors.As(err, &en) {
		return en
	}
	return syscall.EIO
}

// ErrnoOf is the errno a C caller sees for err: 0 for nil, the Errno of
// an *Error or of the system call behind err, EIO otherwise.
func ErrnoOf(err error) int32 { return int32(errnoOf(err)) }

// wrap makes err, an operating-system error of op, an *Error.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Op: op, Errno: errnoOf(err), Msg: err.Error()}
}

// agree turns every thread's errno (payload of a round) into one error
// for all: the first thread's failure in thread order, so that a call
// whose outcome must be single-valued fails or succeeds everywhere.
func agree(op string, all [][]byte) error {
	for i, p := range all {
		if v := ints(p); len(v) > 0 && v[0] != 0 {
			return &Error{Op: op, Errno: syscall.Errno(v[0]), Msg: fmt.Sprintf("failed on thread %d", i)}
		}
	}
	return nil
}
