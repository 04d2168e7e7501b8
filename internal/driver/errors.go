package driver

import (
	"errors"
	"fmt"
)

// Exit statuses of the upcgo command, by kind of failure.
const (
	// StatusError: the program has errors (already printed as
	// diagnostics), or a file could not be read or written.
	StatusError = 1
	// StatusUsage: the command line is wrong.
	StatusUsage = 2
	// StatusInternal: upcgo itself failed (a crash in a compiler stage,
	// or generated Go that does not compile).
	StatusInternal = 3
)

// ProgramError reports that the program has errors. The diagnostics have
// already been printed to Options.Stderr, so callers print nothing more.
type ProgramError struct {
	Errors int // how many errors were found (before the print limit)
}

func (e *ProgramError) Error() string {
	if e.Errors == 1 {
		return "1 error"
	}
	return fmt.Sprintf("%d errors", e.Errors)
}

// UsageError reports options that cannot work together or name something
// upcgo does not have (an unknown network, a bad source file name).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// InternalError reports a failure of upcgo itself: a user's program, however
// wrong, must never cause one.
type InternalError struct {
	Msg string
	// Detail is what helps a bug report: the Go compiler's errors and the
	// path of the kept Go source, or a panic's stack.
	Detail string
}

func (e *InternalError) Error() string {
	if e.Detail == "" {
		return "internal error: " + e.Msg
	}
	return "internal error: " + e.Msg + "\n" + e.Detail
}

// ExitStatus maps an error returned by Build or Run to the status the
// upcgo command exits with: 0 for nil, StatusUsage, StatusInternal, or
// StatusError for everything else.
func ExitStatus(err error) int {
	var usage *UsageError
	var internal *InternalError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &usage):
		return StatusUsage
	case errors.As(err, &internal):
		return StatusInternal
	}
	return StatusError
}
