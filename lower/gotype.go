package lower

import "github.com/upcgo/upcgo/lower/ctype"

// goType is the Go type a C value of type t is held in.
func goType(t *ctype.Type) string {
	switch t.Kind {
	case ctype.Bool, ctype.UChar:
		return "uint8"
	case ctype.Char, ctype.SChar:
		return "int8"
	case ctype.Short:
		return "int16"
	case ctype.UShort:
		return "uint16"
	case ctype.Int, ctype.Enum:
		return "int32"
	case ctype.UInt:
		return "uint32"
	case ctype.Long, ctype.LLong:
		return "int64"
	case ctype.ULong, ctype.ULLong:
		return "uint64"
	case ctype.Float:
		return "float32"
	case ctype.Double, ctype.LDouble:
		return "float64"
	case ctype.Ptr:
		if t.Elem.Shared {
			return "upc.SharedPtr"
		}
		return "uintptr"
	}
	// Arrays, structs, unions and functions are handled by address.
	return "uintptr"
}
