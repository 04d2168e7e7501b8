package lower

import (
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/upcgo/upcgo/parser"
	"github.com/upcgo/upcgo/parser/ast"
	"github.com/upcgo/upcgo/parser/cpp"
	"github.com/upcgo/upcgo/parser/diag"
	"github.com/upcgo/upcgo/stdlib"
)

// The C library and the UPC libraries, as the lowering sees them: one
// table per header (lib_*.go), each saying what the header declares and
// the Go that a call of each function becomes. The tables are package
// data; builtins, libcFuncs and specialFuncs merge them once, when the
// package is initialised. libc_test.go checks them against the headers
// (every prototype in exactly one table, each in the table of the header
// that declares it) and the stdlib calls against their Go signatures.

// library is what one header declares, as the lowering sees it.
type library struct {
	// header is the header's name as #include names it ("sys/stat.h"),
	// or "" for the compiler's builtins, which no header declares.
	header string
	// calls are the functions that are plain calls into package stdlib.
	// Arguments convert to Go types as package stdlib's doc says
	// (pointers to uintptr, int to int32, size_t to uint64, ...); the
	// variadic ones take ...any after C's default argument promotions.
	calls map[string]libcFunc
	// lowered are the functions (and the builtins the header's macros
	// call) whose Go is not a plain call: the UPC library, which needs the
	// thread, and C functions whose Go form differs.
	lowered map[string]*builtinFunc
	// elsewhere are the ones the translation handles by name outside the
	// tables (errno's __errno_location, va_start's builtins).
	elsewhere []string
}

// libcFunc is a C function that is a plain call of its Go implementation
// in package stdlib.
type libcFunc struct {
	goName string // "stdlib.Printf"
	state  bool   // takes the thread's *stdlib.State first
}

// Whether a libcFunc takes the thread's *stdlib.State, for the tables.
const (
	withState = true
	noState   = false
)

// libraries are the tables, upcgo's headers and the compiler's builtins.
var libraries = []*library{
	&stdioLib, &stdlibLib, &stringLib, &ctypeLib, &mathLib, &timeLib, &sysTimeLib, &sysTimesLib,
	&unistdLib, &fcntlLib, &sysStatLib, &localeLib, &fenvLib, &errnoLib, &assertLib, &stdargLib,
	&allocaLib, &endianLib, &compilerBuiltins,
	&upcLib, &upcTickLib, &upcCollectiveLib, &upcAtomicLib, &upcNBLib, &bupcExtensionsLib,
	&bupcCollectivevLib, &upcIOLib, &upcNotificationLib, &upcMatrixLib, &upcCastableLib,
}

// builtins are the functions lowered specially, by name: every table's
// lowered functions (OpenSHMEM's are shmem.go's own table: builtin looks
// in both).
var builtins = func() map[string]*builtinFunc {
	m := map[string]*builtinFunc{}
	for _, l := range libraries {
		for name, b := range l.lowered {
			m[name] = b
		}
	}
	return m
}()

// libcFuncs are the functions that are plain calls into package stdlib.
var libcFuncs = func() map[string]libcFunc {
	m := map[string]libcFunc{}
	for _, l := range libraries {
		for name, f := range l.calls {
			m[name] = f
		}
	}
	return m
}()

// specialFuncs are the functions the headers declare or their macros call
// that are not plain calls into package stdlib (OpenSHMEM's are
// shmemIndex and shmemGenericIndex).
var specialFuncs = func() []string {
	var names []string
	for _, l := range libraries {
		if l.header == "" {
			continue
		}
		for name := range l.lowered {
			names = append(names, name)
		}
		names = append(names, l.elsewhere...)
	}
	sort.Strings(names)
	return names
}()

// headerProto is a function prototype in one of upcgo's headers, with the
// declarations before it in that header, which its types may name.
type headerProto struct {
	header string
	decls  []ast.ExternalDecl // the header's declarations up to the prototype
	proto  *ast.Decl
}

// headerProtos maps every function that upcgo's headers declare to its
// prototype; it is read once, the first time a program calls a library
// function without including its header.
var headerProtos = sync.OnceValue(func() map[string]headerProto {
	hfs := stdlib.HeaderFS()
	var names []string
	_ = fs.WalkDir(hfs, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".h") {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	protos := map[string]headerProto{}
	for _, name := range names {
		src, err := fs.ReadFile(hfs, name)
		if err != nil {
			continue
		}
		// The headers are ours and preprocess and parse without errors
		// (libc_test.go parses every one); errs only keeps a broken one
		// from contributing prototypes.
		var errs diag.List
		res := cpp.Preprocess(name, src, &cpp.Config{SystemFS: hfs}, &errs)
		file := parser.Parse(res.Tokens, &errs)
		if errs.HasErrors() {
			continue
		}
		for i, d := range file.Decls {
			d, ok := d.(*ast.Decl)
			if !ok || d.Storage == ast.Typedef {
				continue
			}
			if _, isFunc := d.Type.(*ast.FuncType); !isFunc {
				continue
			}
			if _, seen := protos[d.Name]; !seen {
				protos[d.Name] = headerProto{header: name, decls: file.Decls[:i], proto: d}
			}
		}
	}
	return protos
})

// implicitLibcDecl handles a call to an undeclared function that upcgo's
// C library provides: C89 compilers, and so Berkeley UPC and GNU UPC,
// accept such a call with a warning, and old UPC programs rely on it
// (atoi without <stdlib.h>, fabs without <math.h>). The function gets its
// real prototype from its header, declared at file scope as if the
// program had declared it, so the call converts its arguments and result
// exactly; C89's implicit "int f()" would have truncated a long or double
// result. Other undeclared functions stay an error (nil result).
func (tr *translator) implicitLibcDecl(id *ast.Ident) *symbol {
	hp, ok := headerProtos()[id.Name]
	if !ok {
		return nil
	}
	saved := tr.scope
	// The header's typedefs and tags live in a scope of their own, so they
	// cannot clash with the program's names.
	tr.scope = newScope(tr.fileScope())
	for _, d := range hp.decls {
		if d, ok := d.(*ast.Decl); ok && (d.Storage == ast.Typedef || d.Name == "") {
			tr.globalDecl(d)
		}
	}
	t := tr.resolveType(hp.proto.Type)
	tr.scope = tr.fileScope()
	s := tr.declareFunc(id.Name, t, id.Pos(), ast.Extern)
	tr.scope = saved
	tr.warnf(id.Pos(), "implicit declaration of function '%s'; using its declaration in <%s> (include <%s> to declare it)", id.Name, hp.header, hp.header)
	return s
}
