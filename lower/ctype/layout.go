package ctype

// Sizes, alignments and record layout as gcc gives them on x86-64 (System V
// ABI), bit-fields included.

// Size is sizeof(t) in bytes for types whose size does not depend on
// THREADS; -1 if incomplete.
func (t *Type) Size() int64 {
	switch t.Kind {
	case Void:
		return 1 // gcc's extension: sizeof(void) == 1, for void* arithmetic
	case Bool, Char, SChar, UChar:
		return 1
	case Short, UShort:
		return 2
	case Enum:
		if t.Rec != nil && !t.Rec.Complete {
			return -1 // declared "enum E;" and not defined yet
		}
		return 4
	case Int, UInt, Float:
		return 4
	case Long, ULong, LLong, ULLong, Double:
		return 8
	case LDouble:
		return 16
	case Ptr:
		if t.Elem.Shared {
			return 16 // a pointer-to-shared: address, thread, phase
		}
		return 8
	case Array:
		if t.Len < 0 {
			return -1
		}
		return t.Len * t.Elem.Size()
	case Struct, Union:
		if !t.Rec.Complete {
			return -1
		}
		return t.Rec.Size
	case Func:
		return 1
	}
	return -1
}

// Align is t's alignment in bytes.
func (t *Type) Align() int64 {
	switch t.Kind {
	case Array:
		return t.Elem.Align()
	case Struct, Union:
		if t.Rec.Align == 0 {
			return 1
		}
		return t.Rec.Align
	case Ptr:
		return 8
	}
	if s := t.Size(); s > 0 {
		return s
	}
	return 1
}

// LayoutRecord computes field offsets, size and alignment as gcc does on
// x86-64 (System V ABI), including bit-fields packed into storage units
// of their declared type.
func LayoutRecord(r *Record) {
	var off, align int64 = 0, 1
	var bitPos int64 // bit offset from the record start, for bit-fields
	for _, f := range r.Fields {
		fa := f.Type.Align()
		fs := f.Type.Size()
		if f.IsBitField {
			unitBits := fs * 8
			if r.Union {
				f.Offset, f.BitOff = 0, 0
				align = max(align, fa)
				off = max(off, fs)
				continue
			}
			if f.BitWidth == 0 {
				// A zero-width bit-field pads to the next unit of its type.
				bitPos = (bitPos + unitBits - 1) / unitBits * unitBits
				continue
			}
			// Start a new unit if the field would straddle one.
			if bitPos/unitBits != (bitPos+f.BitWidth-1)/unitBits {
				bitPos = (bitPos + unitBits - 1) / unitBits * unitBits
			}
			unitStart := bitPos / unitBits * unitBits
			f.Offset = unitStart / 8
			f.BitOff = bitPos - unitStart
			bitPos += f.BitWidth
			align = max(align, fa)
			off = max(off, (bitPos+7)/8)
			continue
		}
		if r.Union {
			f.Offset = 0
			off = max(off, fs)
		} else {
			start := max(off, (bitPos+7)/8)
			start = (start + fa - 1) / fa * fa
			f.Offset = start
			off = start + fs
			bitPos = off * 8
		}
		align = max(align, fa)
	}
	r.Size = (off + align - 1) / align * align
	r.Align = align
	r.Complete = true
}

// FindField looks a member up, through anonymous struct and union members.
func (r *Record) FindField(name string) (*Field, int64, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f, f.Offset, true
		}
		if f.Name == "" && (f.Type.Kind == Struct || f.Type.Kind == Union) {
			if g, off, ok := f.Type.Rec.FindField(name); ok {
				return g, f.Offset + off, true
			}
		}
	}
	return nil, 0, false
}
