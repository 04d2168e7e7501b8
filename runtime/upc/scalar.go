package upc

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"
)

// Shared memory lies outside the Go heap: the garbage collector does not
// see a Go pointer stored there, so what it points to may be freed (and
// reused) while another thread still reads the pointer. A type that holds
// Go pointers (a pointer, slice, string, map, channel, function or
// interface, directly or in an array or struct) cannot be an element of
// shared memory; AllocArray, Load and Store panic on one. Each type is
// walked once; the types generated code uses are recognised without a
// walk.

// Scalar is a type that can live in shared memory: plain data without Go
// pointers (numbers, arrays and structs of them, SharedPtr).
type Scalar any

// scalarErrs caches, per type, nil or why it cannot live in shared memory.
var scalarErrs sync.Map // reflect.Type → error

// typeWord identifies T at run time (the type word of a nil *T in an
// interface): one load from the instantiation's dictionary.
func typeWord[T any]() unsafe.Pointer {
	e := any((*T)(nil))
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&e))[0]
}

// checkScalar panics if T holds Go pointers; op names the operation.
// Load and Store call it when T is not the last type the thread checked
// (t.scalarOK), so that a loop of accesses to one type pays a comparison.
func checkScalar[T any](t *Thread, op string) {
	if err := scalarErr(reflect.TypeFor[T]()); err != nil {
		panic(fmt.Sprintf("%s: %v", op, err))
	}
	t.scalarOK = typeWord[T]()
}

func scalarErr(t reflect.Type) error {
	if err, ok := scalarErrs.Load(t); ok {
		e, _ := err.(error)
		return e
	}
	var err error
	if where := goPointerIn(t); where != "" {
		err = fmt.Errorf("element type %s holds Go pointers (%s), which the garbage collector cannot see in shared memory: use plain data (numbers, arrays and structs of them, upc.SharedPtr)", t, where)
	}
	scalarErrs.Store(t, err)
	return err
}

// goPointerIn says where t holds a Go pointer, or "" if it holds none.
func goPointerIn(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return ""
	case reflect.Array:
		if t.Len() == 0 {
			return ""
		}
		if w := goPointerIn(t.Elem()); w != "" {
			return "its elements: " + w
		}
		return ""
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if w := goPointerIn(f.Type); w != "" {
				return "field " + f.Name + ": " + w
			}
		}
		return ""
	}
	return "a " + t.Kind().String()
}
