package parser

// scopes tells typedef names from other identifiers (C99 6.2.1): a name is
// a typedef name if its innermost visible declaration is a typedef. Block
// scopes nest, and an inner variable hides an outer typedef:
//
//	typedef int T;
//	void f(void) { int T = 1; T = 2; }   // "T = 2" is an assignment
//
// Lookups happen for nearly every identifier, so each name maps straight to
// its innermost binding; a binding links to the one it hides.
type scopes struct {
	names    map[string]*binding
	declared [][]string // names bound in each open scope, innermost last
}

type binding struct {
	typedef bool
	depth   int
	hidden  *binding
}

func (s *scopes) reset() {
	clear(s.names)
	if s.names == nil {
		s.names = map[string]*binding{}
	}
	s.declared = s.declared[:0]
}

// push opens a scope, reusing the name list of a scope closed before.
func (s *scopes) push() {
	n := len(s.declared)
	if n < cap(s.declared) {
		s.declared = s.declared[:n+1]
		s.declared[n] = s.declared[n][:0]
		return
	}
	s.declared = append(s.declared, nil)
}

func (s *scopes) pop() {
	last := len(s.declared) - 1
	for _, name := range s.declared[last] {
		if b := s.names[name]; b.hidden != nil {
			s.names[name] = b.hidden
		} else {
			delete(s.names, name)
		}
	}
	s.declared = s.declared[:last]
}

// declare binds name in the innermost scope. Redeclaring a name in the
// same scope (a redundant extern, or an error the checker reports) just
// updates what it is.
func (s *scopes) declare(name string, typedef bool) {
	depth := len(s.declared) - 1
	if depth < 0 {
		return
	}
	b := s.names[name]
	if b != nil && b.depth == depth {
		b.typedef = typedef
		return
	}
	s.names[name] = &binding{typedef: typedef, depth: depth, hidden: b}
	s.declared[depth] = append(s.declared[depth], name)
}

func (s *scopes) isTypedef(name string) bool {
	b := s.names[name]
	return b != nil && b.typedef
}
