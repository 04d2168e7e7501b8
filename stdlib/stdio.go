package stdlib

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/upcgo/upcgo/runtime/cmem"
)

// Buffering modes for Setvbuf, with glibc's values.
const (
	IOFBF int32 = 0 // _IOFBF: fully buffered
	IOLBF int32 = 1 // _IOLBF: line buffered
	IONBF int32 = 2 // _IONBF: unbuffered
)

// EOF is C's EOF.
const EOF int32 = -1

// Whence values for Fseek.
const (
	SeekSet int32 = 0
	SeekCur int32 = 1
	SeekEnd int32 = 2
)

// bufSize is glibc's buffer size for a stream: st_blksize, which is 4096
// for pipes, terminals and the common Linux file systems.
const bufSize = 4096

// stream is a FILE. Its handle (the FILE* value) is the address of a small
// immortal C-memory cell, so it is a real, unique pointer; the Go state
// lives in the streams table. One mutex per stream makes every stdio call
// atomic with respect to other threads, as POSIX requires of FILE locking.
type stream struct {
	mu     sync.Mutex
	handle uintptr
	name   string

	r      io.Reader
	w      io.Writer
	seeker io.Seeker
	closer io.Closer

	mode  int32 // IOFBF, IOLBF or IONBF
	wbuf  []byte
	rbuf  []byte
	rpos  int
	unget []byte // ungetc pushback; the last byte is read first

	eof, err bool
	output   bool // set once at creation: the stream was opened for writing
}

var streams struct {
	sync.RWMutex
	byHandle    map[uintptr]*stream
	freeHandles []uintptr
}

var stdin, stdout, stderr *stream

func init() {
	streams.byHandle = make(map[uintptr]*stream)
	stdin = register(&stream{name: "stdin", r: os.Stdin, seeker: os.Stdin, closer: os.Stdin, mode: IOFBF})
	outMode := IOFBF
	if isTerminal(os.Stdout) {
		outMode = IOLBF
	}
	stdout = register(&stream{name: "stdout", w: os.Stdout, seeker: os.Stdout, closer: os.Stdout, mode: outMode})
	stderr = register(&stream{name: "stderr", w: osStderr{}, closer: osStderr{}, mode: IONBF})
}

// osStderr is whatever os.Stderr is when it is used: upc.Main moves the
// program's standard error off file descriptor 2, which its crash guard
// reads (runtime/upc/crash.go), after this package is initialised.
type osStderr struct{}

func (osStderr) Write(p []byte) (int, error) { return os.Stderr.Write(p) }
func (osStderr) Close() error                { return os.Stderr.Close() }

// isTerminal approximates isatty with the standard library: a character
// device. /dev/null is one too, which only changes when its (discarded)
// output is flushed.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func register(s *stream) *stream {
	streams.Lock()
	defer streams.Unlock()
	if n := len(streams.freeHandles); n > 0 {
		s.handle = streams.freeHandles[n-1]
		streams.freeHandles = streams.freeHandles[:n-1]
	} else {
		s.handle = cmem.StaticAlloc(16)
	}
	s.output = s.w != nil
	streams.byHandle[s.handle] = s
	return s
}

// Stdin, Stdout and Stderr are the values of C's stdin, stdout and stderr.
func Stdin() uintptr  { return stdin.handle }
func Stdout() uintptr { return stdout.handle }
func Stderr() uintptr { return stderr.handle }

// lookup finds the stream for a FILE*. A NULL or stale FILE* crashes in C,
// so it panics here with the function's name, which the runtime reports
// with the thread and source line.
func lookup(fn string, f uintptr) *stream {
	if f == stdout.handle {
		return stdout
	}
	streams.RLock()
	s := streams.byHandle[f]
	streams.RUnlock()
	if s == nil {
		if f == 0 {
			panic(fn + "(): FILE* is NULL")
		}
		panic(fmt.Sprintf("%s(): invalid FILE* %#x (closed, or not from fopen)", fn, f))
	}
	return s
}

// NewStream makes a FILE* reading from r and/or writing to w (either may
// be nil) with the given buffering, for the runtime and for tests. If r or
// w also implement io.Seeker or io.Closer, fseek and fclose use them.
func NewStream(r io.Reader, w io.Writer, mode int32) uintptr {
	s := &stream{name: "stream", r: r, w: w, mode: mode}
	for _, x := range []any{w, r} {
		if sk, ok := x.(io.Seeker); ok && s.seeker == nil {
			s.seeker = sk
		}
		if c, ok := x.(io.Closer); ok && s.closer == nil {
			s.closer = c
		}
	}
	return register(s).handle
}

// flushLocked writes out pending output.
func (s *stream) flushLocked() bool {
	if len(s.wbuf) == 0 {
		return true
	}
	_, err := s.w.Write(s.wbuf)
	s.wbuf = s.wbuf[:0]
	if err != nil {
		s.err = true
		return false
	}
	return true
}

// dropReadAhead gives back buffered input before writing or seeking, so
// the file position is where the program thinks it is.
func (s *stream) dropReadAhead() {
	unread := len(s.rbuf) - s.rpos + len(s.unget)
	if unread > 0 && s.seeker != nil {
		_, _ = s.seeker.Seek(int64(-unread), io.SeekCurrent)
	}
	s.rbuf, s.rpos, s.unget = s.rbuf[:0], 0, s.unget[:0]
}

// writeLocked is every output path: it applies the buffering mode.
func (s *stream) writeLocked(p []byte) bool {
	if s.w == nil {
		s.err = true
		return false
	}
	if len(s.rbuf) > s.rpos || len(s.unget) > 0 {
		s.dropReadAhead()
	}
	if s.mode == IONBF {
		if !s.flushLocked() {
			return false
		}
		if _, err := s.w.Write(p); err != nil {
			s.err = true
			return false
		}
		return true
	}
	if len(s.wbuf)+len(p) > bufSize {
		if !s.flushLocked() {
			return false
		}
		if len(p) >= bufSize {
			if _, err := s.w.Write(p); err != nil {
				s.err = true
				return false
			}
			return true
		}
	}
	if s.wbuf == nil {
		s.wbuf = make([]byte, 0, bufSize)
	}
	s.wbuf = append(s.wbuf, p...)
	if s.mode == IOLBF && bytes.IndexByte(p, '\n') >= 0 {
		return s.flushLocked()
	}
	return true
}

// fill reads more input into rbuf. As in glibc, reading from a stream
// first flushes line-buffered output, so a prompt appears before input
// is awaited.
func (s *stream) fill() bool {
	if s.r == nil {
		s.err = true
		return false
	}
	if len(s.wbuf) > 0 && !s.flushLocked() {
		return false
	}
	if s == stdin && stdout.mode != IOFBF {
		// Like glibc, make a prompt visible before waiting for input.
		// Only stdin does this, so locks are taken in one order
		// (stdin, then stdout) and cannot deadlock.
		stdout.mu.Lock()
		stdout.flushLocked()
		stdout.mu.Unlock()
	}
	if s.rbuf == nil {
		s.rbuf = make([]byte, bufSize)
	}
	s.rbuf = s.rbuf[:cap(s.rbuf)]
	for tries := 0; ; tries++ {
		n, err := s.r.Read(s.rbuf)
		if n > 0 {
			s.rbuf, s.rpos = s.rbuf[:n], 0
			return true
		}
		if err != nil || tries > 100 {
			s.rbuf, s.rpos = s.rbuf[:0], 0
			if err == nil || errors.Is(err, io.EOF) {
				s.eof = true
			} else {
				s.err = true
			}
			return false
		}
	}
}

// getc returns the next byte or -1.
func (s *stream) getc() int {
	if n := len(s.unget); n > 0 {
		c := s.unget[n-1]
		s.unget = s.unget[:n-1]
		return int(c)
	}
	if s.rpos >= len(s.rbuf) && !s.fill() {
		return -1
	}
	c := s.rbuf[s.rpos]
	s.rpos++
	return int(c)
}

func (s *stream) ungetc(c byte) {
	if s.rpos > 0 && len(s.unget) == 0 && s.rbuf[s.rpos-1] == c {
		s.rpos--
		return
	}
	s.unget = append(s.unget, c)
}

func allStreams() []*stream {
	streams.RLock()
	defer streams.RUnlock()
	list := make([]*stream, 0, len(streams.byHandle))
	for _, s := range streams.byHandle {
		list = append(list, s)
	}
	return list
}

// FlushAll flushes every output stream, as exit() does. Input-only
// streams are skipped so a thread blocked reading stdin cannot hold up
// exit.
func FlushAll() {
	for _, s := range allStreams() {
		if !s.output {
			continue
		}
		s.mu.Lock()
		s.flushLocked()
		s.mu.Unlock()
	}
}

// Fflush flushes f, or every stream when f is NULL. It returns 0 or EOF.
func Fflush(f uintptr) int32 {
	if f == 0 {
		FlushAll()
		return 0
	}
	s := lookup("fflush", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.flushLocked() {
		return EOF
	}
	return 0
}

// Setvbuf sets the buffering mode of f; buf and size are ignored (the
// buffer is always managed here). It returns 0, or nonzero for a bad mode.
func Setvbuf(f, buf uintptr, mode int32, size uint64) int32 {
	s := lookup("setvbuf", f)
	if mode != IOFBF && mode != IOLBF && mode != IONBF {
		return -1
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	s.mode = mode
	return 0
}

// Setbuf is setvbuf(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ).
func Setbuf(f, buf uintptr) {
	mode := IOFBF
	if buf == 0 {
		mode = IONBF
	}
	Setvbuf(f, buf, mode, bufSize)
}

// Fopen opens path with a C mode string ("r", "w+", "ab", "wx", ...).
// It returns NULL and sets errno on failure.
func Fopen(st *State, path, mode uintptr) uintptr {
	m := cmem.GoString(mode)
	if len(m) == 0 {
		st.Errno = EINVAL
		return 0
	}
	var flags int
	readable, writable := false, false
	switch m[0] {
	case 'r':
		flags, readable = os.O_RDONLY, true
	case 'w':
		flags, writable = os.O_WRONLY|os.O_CREATE|os.O_TRUNC, true
	case 'a':
		flags, writable = os.O_WRONLY|os.O_CREATE|os.O_APPEND, true
	default:
		st.Errno = EINVAL
		return 0
	}
	for _, c := range m[1:] {
		switch c {
		case '+':
			flags = flags&^(os.O_RDONLY|os.O_WRONLY) | os.O_RDWR
			readable, writable = true, true
		case 'x':
			flags |= os.O_EXCL
		case 'e':
			// O_CLOEXEC: Go sets it on every file already.
		}
	}
	file, err := os.OpenFile(cmem.GoString(path), flags, 0o666)
	if err != nil {
		st.setErr(err)
		return 0
	}
	s := &stream{name: file.Name(), seeker: file, closer: file, mode: IOFBF}
	if readable {
		s.r = file
	}
	if writable {
		s.w = file
	}
	return register(s).handle
}

// Fclose flushes and closes f and frees its FILE*. It returns 0 or EOF
// (setting errno).
func Fclose(st *State, f uintptr) int32 {
	s := lookup("fclose", f)
	s.mu.Lock()
	ok := s.flushLocked()
	var err error
	if s.closer != nil {
		err = s.closer.Close()
	}
	s.r, s.w, s.seeker, s.closer = nil, nil, nil, nil
	s.mu.Unlock()
	if s != stdin && s != stdout && s != stderr {
		streams.Lock()
		delete(streams.byHandle, f)
		streams.freeHandles = append(streams.freeHandles, f)
		streams.Unlock()
	}
	if err != nil {
		st.setErr(err)
		return EOF
	}
	if !ok {
		st.Errno = EIO
		return EOF
	}
	return 0
}

// Fwrite writes n objects of size bytes from p and returns how many were
// written completely.
func Fwrite(p uintptr, size, n uint64, f uintptr) uint64 {
	s := lookup("fwrite", f)
	total := size * n
	if size == 0 || n == 0 {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.writeLocked(cmem.Bytes(p, uintptr(total))) {
		return 0
	}
	return n
}

// Fread reads up to n objects of size bytes into p and returns how many
// were read completely; a trailing partial object is consumed, like glibc.
func Fread(p uintptr, size, n uint64, f uintptr) uint64 {
	s := lookup("fread", f)
	total := size * n
	if size == 0 || n == 0 {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	dst := cmem.Bytes(p, uintptr(total))
	got := 0
	for got < len(dst) && len(s.unget) > 0 {
		dst[got] = s.unget[len(s.unget)-1]
		s.unget = s.unget[:len(s.unget)-1]
		got++
	}
	for got < len(dst) {
		if s.rpos < len(s.rbuf) {
			k := copy(dst[got:], s.rbuf[s.rpos:])
			s.rpos += k
			got += k
			continue
		}
		if len(dst)-got >= bufSize && s.r != nil {
			// Large reads go straight to the destination.
			if len(s.wbuf) > 0 && !s.flushLocked() {
				break
			}
			k, err := s.r.Read(dst[got:])
			got += k
			if k == 0 {
				if err == nil || errors.Is(err, io.EOF) {
					s.eof = true
				} else {
					s.err = true
				}
				break
			}
			continue
		}
		if !s.fill() {
			break
		}
	}
	return uint64(got) / size
}

// Fputc writes the byte c and returns it as an unsigned char, or EOF.
func Fputc(c int32, f uintptr) int32 {
	s := lookup("fputc", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.writeLocked([]byte{byte(c)}) {
		return EOF
	}
	return int32(byte(c))
}

// Putc is Fputc.
func Putc(c int32, f uintptr) int32 { return Fputc(c, f) }

// Putchar is putc(c, stdout).
func Putchar(c int32) int32 { return Fputc(c, stdout.handle) }

// Fputs writes the C string str without a newline; it returns 1 (glibc's
// nonnegative value) or EOF.
func Fputs(str, f uintptr) int32 {
	s := lookup("fputs", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.writeLocked(cmem.Bytes(str, cmem.Strlen(str))) {
		return EOF
	}
	return 1
}

// Puts writes str and a newline to stdout in one call; it returns the
// number of bytes written, as glibc does, or EOF.
func Puts(str uintptr) int32 {
	n := cmem.Strlen(str)
	line := make([]byte, n+1)
	copy(line, cmem.Bytes(str, n))
	line[n] = '\n'
	stdout.mu.Lock()
	defer stdout.mu.Unlock()
	if !stdout.writeLocked(line) {
		return EOF
	}
	return int32(min(n+1, 1<<31-1))
}

// Fgetc reads one byte as an unsigned char, or returns EOF.
func Fgetc(f uintptr) int32 {
	s := lookup("fgetc", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	return int32(s.getc())
}

// Getc is Fgetc.
func Getc(f uintptr) int32 { return Fgetc(f) }

// Getchar is getc(stdin).
func Getchar() int32 { return Fgetc(stdin.handle) }

// Ungetc pushes c back onto f and clears its end-of-file flag; pushing
// EOF fails and returns EOF.
func Ungetc(c int32, f uintptr) int32 {
	s := lookup("ungetc", f)
	if c == EOF {
		return EOF
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ungetc(byte(c))
	s.eof = false
	return int32(byte(c))
}

// Fgets reads at most n-1 bytes into buf, stopping after a newline, and
// NUL-terminates. It returns buf, or NULL when end of file or an error
// comes before any byte.
func Fgets(buf uintptr, n int32, f uintptr) uintptr {
	s := lookup("fgets", f)
	if n <= 0 {
		return 0
	}
	if n == 1 {
		cmem.Store[byte](buf, 0)
		return buf
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	dst := cmem.Bytes(buf, uintptr(n))
	i := 0
	for i < int(n)-1 {
		c := s.getc()
		if c < 0 {
			if i == 0 || s.err {
				return 0
			}
			break
		}
		dst[i] = byte(c)
		i++
		if c == '\n' {
			break
		}
	}
	dst[i] = 0
	return buf
}

// Feof reports f's end-of-file flag.
func Feof(f uintptr) int32 {
	s := lookup("feof", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	return boolInt(s.eof)
}

// Ferror reports f's error flag.
func Ferror(f uintptr) int32 {
	s := lookup("ferror", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	return boolInt(s.err)
}

// Clearerr clears f's end-of-file and error flags.
func Clearerr(f uintptr) {
	s := lookup("clearerr", f)
	s.mu.Lock()
	s.eof, s.err = false, false
	s.mu.Unlock()
}

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Fseek moves f's position; it returns 0, or -1 and sets errno (ESPIPE
// for pipes and terminals).
func Fseek(st *State, f uintptr, offset int64, whence int32) int32 {
	s := lookup("fseek", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if whence < SeekSet || whence > SeekEnd {
		st.Errno = EINVAL
		return -1
	}
	if s.seeker == nil {
		st.Errno = ESPIPE
		return -1
	}
	if !s.flushLocked() {
		st.Errno = EIO
		return -1
	}
	if whence == SeekCur {
		offset -= int64(len(s.rbuf) - s.rpos + len(s.unget))
	}
	s.rbuf, s.rpos, s.unget = s.rbuf[:0], 0, s.unget[:0]
	if _, err := s.seeker.Seek(offset, int(whence)); err != nil {
		st.setErr(err)
		return -1
	}
	s.eof = false
	return 0
}

// Ftell returns f's position, or -1 and sets errno.
func Ftell(st *State, f uintptr) int64 {
	s := lookup("ftell", f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seeker == nil {
		st.Errno = ESPIPE
		return -1
	}
	pos, err := s.seeker.Seek(0, io.SeekCurrent)
	if err != nil {
		st.setErr(err)
		return -1
	}
	return pos - int64(len(s.rbuf)-s.rpos+len(s.unget)) + int64(len(s.wbuf))
}

// Rewind is fseek(f, 0, SEEK_SET) that also clears the error flag.
func Rewind(st *State, f uintptr) {
	saved := st.Errno
	if Fseek(st, f, 0, SeekSet) == 0 {
		st.Errno = saved
	}
	Clearerr(f)
}

// Perror writes "s: message for errno\n" (or just the message when s is
// NULL or empty) to stderr.
func Perror(st *State, s uintptr) {
	msg := StrerrorText(st.Errno) + "\n"
	if prefix := cmem.GoString(s); prefix != "" {
		msg = prefix + ": " + msg
	}
	stderr.mu.Lock()
	defer stderr.mu.Unlock()
	stderr.writeLocked([]byte(msg))
}

// Remove deletes a file or an empty directory; 0 or -1 with errno.
func Remove(st *State, path uintptr) int32 {
	if err := os.Remove(cmem.GoString(path)); err != nil {
		st.setErr(unwrapPathError(err))
		return -1
	}
	return 0
}

// Rename renames oldpath to newpath; 0 or -1 with errno.
func Rename(st *State, oldpath, newpath uintptr) int32 {
	if err := os.Rename(cmem.GoString(oldpath), cmem.GoString(newpath)); err != nil {
		st.setErr(err)
		return -1
	}
	return 0
}

// unwrapPathError picks the more telling errno of os.Remove, which tries
// unlink and then rmdir and reports the rmdir error for a missing file.
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
