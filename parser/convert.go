package parser

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upcgo/upcgo/parser/ast"
)

// Conversion from the participle parse tree to package ast. It runs once
// per item that parsed, and reports the errors the grammar cannot express
// (specifier combinations, storage classes where none may be).

// resolvedSpecs is what declaration specifiers mean. base is shared by all
// declarators of the declaration.
type resolvedSpecs struct {
	base     ast.Type
	storage  ast.Storage
	inline   bool
	implicit bool // no type specifier: C90 implicit int
}

func (p *parser) implicitInt(start int) *resolvedSpecs {
	return &resolvedSpecs{base: &ast.BasicType{TypePos: p.pos(start), Kind: ast.Int}, implicit: true}
}

func (p *parser) resolveSpecs(d *declSpecs) *resolvedSpecs {
	if d.resolved != nil {
		return d.resolved
	}
	r := &resolvedSpecs{inline: d.inline}
	for k, i := range d.storage {
		s := storageWords[p.kw(i)]
		switch {
		case k == 0:
			r.storage = s
		case s == r.storage:
			p.errorAt(i, "duplicate '%s'", p.kw(i))
		default:
			p.errorAt(i, "multiple storage classes in declaration specifiers")
		}
	}
	q := d.quals.Quals
	switch {
	case d.strct != nil:
		st := p.structType(d.strct)
		st.Quals = q
		r.base = st
	case d.enum != nil:
		et := p.enumType(d.enum)
		et.Quals = q
		r.base = et
	case d.typedef >= 0:
		r.base = &ast.TypedefName{NamePos: p.pos(d.typedef), Name: p.tok(d.typedef).Text, Quals: q}
	}
	// A struct, enum or typedef name admits no other type specifier.
	if r.base != nil && len(d.types) > 1 {
		p.errorAt(d.types[1], "two or more data types in declaration specifiers")
	}
	if r.base == nil {
		bt := &ast.BasicType{TypePos: p.pos(d.start), Kind: ast.Int, Quals: q}
		if len(d.words) > 0 {
			bt.TypePos = p.pos(d.words[0])
			bt.Kind = p.basicKind(d.words)
			for _, i := range d.words {
				bt.Words = append(bt.Words, p.kw(i))
			}
		} else {
			r.implicit = true
		}
		r.base = bt
	}
	d.resolved = r
	return r
}

// basicKind works out what a list of basic type specifiers means, in any
// order ("long unsigned long int"), reporting bad combinations at the word
// that makes them bad, in gcc's words.
func (p *parser) basicKind(words []int) ast.BasicKind {
	var (
		base                             string // void char int float double _Bool __builtin_va_list
		short, signed, unsigned, complex bool
		long                             int
	)
	both := func(i int, a, b string) { p.errorAt(i, "both '%s' and '%s' in declaration specifiers", a, b) }
	longName := func() string {
		if long == 2 {
			return "long long"
		}
		return "long"
	}
	for _, i := range words {
		w := p.kw(i)
		switch w {
		case "short":
			switch {
			case short:
				p.errorAt(i, "duplicate 'short'")
			case long > 0:
				both(i, longName(), "short")
			case base != "" && base != "int":
				both(i, "short", base)
			default:
				short = true
			}
		case "long":
			switch {
			case short:
				both(i, "long", "short")
			case long == 2:
				p.errorAt(i, "'long long long' is too long for GCC")
			case base == "double" && long == 1:
				both(i, "long long", "double")
			case base != "" && base != "int" && base != "double":
				both(i, "long", base)
			default:
				long++
			}
		case "signed", "unsigned":
			dup := signed
			if w == "unsigned" {
				dup = unsigned
			}
			switch {
			case dup:
				p.errorAt(i, "duplicate '%s'", w)
			case signed || unsigned:
				both(i, "signed", "unsigned")
			case base != "" && base != "int" && base != "char":
				both(i, w, base)
			default:
				signed, unsigned = signed || w == "signed", unsigned || w == "unsigned"
			}
		case "_Complex", "_Imaginary":
			if !complex {
				p.errorAt(i, "'%s' types are not supported", w)
			}
			complex = true
		default:
			switch {
			case base != "":
				p.errorAt(i, "two or more data types in declaration specifiers")
			case short && w != "int":
				both(i, "short", w)
			case long > 0 && w != "int" && !(w == "double" && long == 1):
				both(i, longName(), w)
			case (signed || unsigned) && w != "int" && w != "char":
				if signed {
					both(i, "signed", w)
				} else {
					both(i, "unsigned", w)
				}
			default:
				base = w
			}
		}
	}
	switch base {
	case "void":
		return ast.Void
	case "_Bool":
		return ast.Bool
	case "__builtin_va_list":
		return ast.VaList
	case "float":
		return ast.Float
	case "double":
		if long > 0 {
			return ast.LongDouble
		}
		return ast.Double
	case "char":
		switch {
		case signed:
			return ast.SChar
		case unsigned:
			return ast.UChar
		}
		return ast.Char
	}
	if base == "" && complex && !short && long == 0 && !signed && !unsigned {
		return ast.Double // "_Complex" alone; already reported
	}
	kinds := [3][2]ast.BasicKind{{ast.Int, ast.UInt}, {ast.Long, ast.ULong}, {ast.LongLong, ast.ULongLong}}
	u := 0
	if unsigned {
		u = 1
	}
	if short {
		return [2]ast.BasicKind{ast.Short, ast.UShort}[u]
	}
	return kinds[long][u]
}

// initDeclarators converts the declarators of a declaration. hasSpecs is
// false at file scope when the specifiers were left out entirely (that was
// already warned about).
func (p *parser) initDeclarators(r *resolvedSpecs, ds []*gInitDeclarator, start int, hasSpecs bool) []*ast.Decl {
	if len(ds) == 0 {
		return []*ast.Decl{{SpecPos: p.pos(start), Type: r.base, Storage: r.storage, Inline: r.inline}}
	}
	out := make([]*ast.Decl, 0, len(ds))
	for _, id := range ds {
		name, t := p.declType(r.base, declOf(id.Decl))
		d := &ast.Decl{SpecPos: p.pos(start), Type: t, Storage: r.storage, Inline: r.inline}
		if name != nil {
			d.Name, d.NamePos = name.Value, p.lpos(name.Pos)
			if r.implicit && hasSpecs {
				p.errs.Warnf(d.NamePos, "type defaults to 'int' in declaration of '%s'", d.Name)
			}
		}
		if id.Init != nil {
			d.Init = p.initializer(id.Init)
		}
		out = append(out, d)
	}
	return out
}

// declParts is the common shape of the three declarator productions.
type declParts struct {
	ptrs     []*gPointer
	name     *lexer.Token
	inner    *declParts
	suffixes []*gSuffix
}

func declOf(d *gDeclarator) *declParts {
	if d == nil {
		return nil
	}
	return &declParts{ptrs: d.Ptrs, name: d.Name, inner: declOf(d.Inner), suffixes: d.Suffixes}
}

// paramDeclOf and absDeclOf return nil for a missing declarator, which
// participle hands over as an empty one.
func paramDeclOf(d *gParamDeclarator) *declParts {
	if d == nil || (len(d.Ptrs) == 0 && d.Name == nil && d.Inner == nil && len(d.Suffixes) == 0) {
		return nil
	}
	return &declParts{ptrs: d.Ptrs, name: d.Name, inner: paramDeclOf(d.Inner), suffixes: d.Suffixes}
}

func absDeclOf(d *gAbsDeclarator) *declParts {
	if d == nil || (len(d.Ptrs) == 0 && d.Inner == nil && len(d.Suffixes) == 0) {
		return nil
	}
	return &declParts{ptrs: d.Ptrs, inner: absDeclOf(d.Inner), suffixes: d.Suffixes}
}

// declType applies a declarator to the type its specifiers give, and
// returns the declared name (nil if abstract) and type. A declarator reads
// inside out: in "*(*a[3])[4]" the pointers and suffixes of the outer
// level apply first, then the parenthesised inner declarator's, so
// a is "array 3 of pointer to array 4 of pointer to T".
func (p *parser) declType(t ast.Type, d *declParts) (*lexer.Token, ast.Type) {
	for d != nil {
		for _, ptr := range d.ptrs {
			pt := &ast.PointerType{Star: p.lpos(ptr.Pos), Elem: t}
			if ptr.Quals != nil {
				pt.Quals = ptr.Quals.quals().Quals
			}
			t = pt
		}
		for k := len(d.suffixes) - 1; k >= 0; k-- {
			t = p.suffix(t, d.suffixes[k])
		}
		if d.inner == nil {
			return d.name, t
		}
		d = d.inner
	}
	return nil, t
}

func (p *parser) suffix(t ast.Type, s *gSuffix) ast.Type {
	if a := s.Array; a != nil {
		at := &ast.ArrayType{Lbrack: p.lpos(a.Pos), Elem: t, Star: a.Star != nil, Static: a.Static1 || a.Static2}
		if a.Quals != nil {
			at.Quals = a.Quals.quals().Quals
		}
		if a.Len != nil {
			at.Len = a.Len
		}
		return at
	}
	f := s.Func
	ft := &ast.FuncType{Lparen: p.lpos(f.Pos), Result: t}
	if len(f.Params) == 0 {
		ft.OldStyle = true
		return ft
	}
	for k, it := range f.Params {
		if !it.Ellipsis {
			ft.Params = append(ft.Params, p.param(it.Decl))
			continue
		}
		if k != len(f.Params)-1 {
			p.errorAt(f.Params[k+1].Pos.Offset-1, "%s", p.expected(f.Params[k+1].Pos.Offset-1, "')'").msg)
		}
		ft.Variadic = true
	}
	// "(void)" declares no parameters.
	if len(f.Params) == 1 && !f.Params[0].Ellipsis && ft.Params[0].Name == "" &&
		ft.Params[0].Storage == ast.NoStorage && paramDeclOf(f.Params[0].Decl.Decl) == nil {
		if bt, ok := ft.Params[0].Type.(*ast.BasicType); ok && bt.Kind == ast.Void && bt.Quals.IsZero() {
			ft.Params = nil
		}
	}
	return ft
}

func (p *parser) param(gp *gParamDecl) *ast.Param {
	r := p.resolveSpecs(gp.Specs.specs())
	name, t := p.declType(r.base, paramDeclOf(gp.Decl))
	prm := &ast.Param{SpecPos: p.lpos(gp.Pos), Type: t}
	if name != nil {
		prm.Name, prm.NamePos = name.Value, p.lpos(name.Pos)
	}
	switch r.storage {
	case ast.NoStorage, ast.Register:
		prm.Storage = r.storage
	default:
		what := "unnamed parameter"
		if prm.Name != "" {
			what = "parameter '" + prm.Name + "'"
		}
		p.errs.Errorf(prm.Pos(), "storage class specified for %s", what)
	}
	if r.implicit && prm.Name != "" {
		p.errs.Warnf(prm.NamePos, "type defaults to 'int' in declaration of '%s'", prm.Name)
	}
	return prm
}

// typeName converts the type name of a cast, sizeof or compound literal.
func (p *parser) typeName(tn *gTypeName) ast.Type {
	r := p.resolveSpecs(tn.Specs.specs())
	if r.storage != ast.NoStorage {
		p.errs.Errorf(p.pos(tn.Specs.specs().storage[0]), "storage class specified in a type name")
	}
	_, t := p.declType(r.base, absDeclOf(tn.Decl))
	return t
}

func (p *parser) structType(s *gStructSpec) *ast.StructType {
	st := &ast.StructType{Keyword: p.lpos(s.Pos), Union: s.Kind == "union"}
	if s.Tag != nil {
		st.Tag, st.TagPos = s.Tag.Value, p.lpos(s.Tag.Pos)
	}
	if s.Body == nil {
		if s.Tag == nil {
			p.errorAt(s.EndPos.Offset, "%s", p.expected(s.EndPos.Offset, "'{'").msg)
		}
		return st
	}
	st.HasBody = true
	for _, fd := range s.Body.Fields {
		if fd.Semi {
			continue
		}
		specs := fd.Specs.specs()
		r := p.resolveSpecs(specs)
		if len(specs.storage) > 0 {
			p.errorAt(specs.storage[0], "expected specifier-qualifier-list before '%s'", p.kw(specs.storage[0]))
		}
		if len(fd.Decls) == 1 && fd.Decls[0].Decl == nil && fd.Decls[0].Width == nil {
			fd.Decls = nil // "int;" or an anonymous struct member
		}
		if len(fd.Decls) == 0 {
			st.Fields = append(st.Fields, &ast.Field{SpecPos: p.lpos(fd.Pos), Type: r.base})
			continue
		}
		for _, fdc := range fd.Decls {
			if fdc.Decl == nil && fdc.Width == nil {
				p.errorAt(fdc.Pos.Offset, "%s", p.expected(fdc.Pos.Offset, "identifier or '('").msg)
				continue
			}
			name, t := p.declType(r.base, declOf(fdc.Decl))
			f := &ast.Field{SpecPos: p.lpos(fd.Pos), Type: t, BitWidth: fdc.Width}
			if name != nil {
				f.Name, f.NamePos = name.Value, p.lpos(name.Pos)
			}
			st.Fields = append(st.Fields, f)
		}
	}
	return st
}

// enumType converts an enum specifier. Its constants are ordinary
// identifiers in the current scope, hiding typedef names.
func (p *parser) enumType(e *gEnumSpec) *ast.EnumType {
	et := &ast.EnumType{Keyword: p.lpos(e.Pos)}
	if e.Tag != nil {
		et.Tag, et.TagPos = e.Tag.Value, p.lpos(e.Tag.Pos)
	}
	if e.Body == nil {
		if e.Tag == nil {
			p.errorAt(e.EndPos.Offset, "%s", p.expected(e.EndPos.Offset, "'{'").msg)
		}
		return et
	}
	et.HasBody = true
	for k, slot := range e.Body.Slots {
		it := slot.Item
		if it == nil {
			if k == 0 || k < len(e.Body.Slots)-1 {
				p.errorAt(slot.Pos.Offset, "%s", p.expected(slot.Pos.Offset, "identifier").msg)
			}
			continue
		}
		et.Items = append(et.Items, &ast.Enumerator{NamePos: p.lpos(it.Name.Pos), Name: it.Name.Value, Value: it.Value})
		p.scope.declare(it.Name.Value, false)
	}
	return et
}

func (p *parser) initializer(in *gInitializer) ast.Expr {
	if in.List != nil {
		return p.initList(in.List)
	}
	return in.Expr
}

func (p *parser) initList(l *gInitList) *ast.InitList {
	il := &ast.InitList{Lbrace: p.lpos(l.Pos), Rbrace: p.lpos(l.Rbrace.Pos)}
	for k, slot := range l.Slots {
		e := slot.Elem
		if e == nil {
			// "{}" and a trailing comma are fine, "{,}" and "{1,,2}" are not.
			if k > 0 && k < len(l.Slots)-1 || k == 0 && len(l.Slots) > 1 {
				p.errorAt(slot.Pos.Offset, "%s", p.expected(slot.Pos.Offset, "expression").msg)
			}
			continue
		}
		el := &ast.InitElem{Value: p.initializer(e.Value)}
		for _, d := range e.Desig {
			el.Designators = append(el.Designators, p.designator(d))
		}
		il.Elems = append(il.Elems, el)
	}
	return il
}

func (p *parser) designator(d *gDesignator) ast.Designator {
	if d.Field != nil {
		return &ast.FieldDesignator{Dot: p.lpos(d.Pos), NamePos: p.lpos(d.Field.Pos), Name: d.Field.Value}
	}
	return &ast.IndexDesignator{Lbrack: p.lpos(d.Pos), Index: d.Index, High: d.High}
}

// declaration converts a block-scope declaration.
func (p *parser) declaration(g *gDeclaration) *ast.DeclStmt {
	r := p.resolveSpecs(g.Specs.specs())
	return &ast.DeclStmt{Decls: p.initDeclarators(r, g.Decls, g.Pos.Offset, true)}
}
