package archtest

// The rules language of depsRules and the check of an import graph against
// it. The language is that of Go's internal/dag (which a module cannot
// import), with one addition: a name ending in "/..." stands for a package and
// every package under it.
//
//	a, b < c, d;     c and d may import a and b, and whatever a and b may
//	a < b < c;       is a < b; b < c;
//	a !< b;          b must not be able to import a, even transitively
//	# comment
//
// Each name is defined once, on the right of a "<", after every name on its
// left: the rules read bottom-up, and a cycle cannot be written. NONE is the
// bottom, below every package. ALL-CAPS names are pseudo-names for a group,
// standing for no package. A name is a module package relative to the module
// root ("games/textio"), or, when its first element holds a dot, a package
// outside the module ("pgregory.net/rapid"). In a "!<" rule, "..." means
// every name.

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// A policy is the transitive closure of a set of rules: may[b][a] when
// package b may import package a.
type policy struct {
	names []string // in order of definition
	may   map[string]map[string]bool
}

// parsePolicy parses rules and checks their negative assertions against the
// closure of the positive ones.
func parsePolicy(rules string) (*policy, error) {
	p := &policy{may: map[string]map[string]bool{}}
	var negative [][2][]string // {less, def}: def must not reach less
	var errs []string
	for _, stmt := range statements(rules) {
		lists, ops, err := splitRule(stmt)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		for i, op := range ops {
			less, def := lists[i], lists[i+1]
			if op == "!<" {
				negative = append(negative, [2][]string{less, def})
				continue
			}
			for _, d := range def {
				if err := p.define(d, less); err != nil {
					errs = append(errs, fmt.Sprintf("in %q: %v", stmt, err))
				}
			}
		}
	}
	for _, n := range negative {
		if err := p.assertNot(n[0], n[1]); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("depsRules:\n%s", strings.Join(errs, "\n"))
	}
	return p, nil
}

// statements strips comments and splits rules at semicolons.
func statements(rules string) []string {
	var b strings.Builder
	for line := range strings.Lines(rules) {
		line, _, _ = strings.Cut(line, "#")
		b.WriteString(line)
		b.WriteByte(' ')
	}
	var out []string
	for stmt := range strings.SplitSeq(b.String(), ";") {
		if stmt = strings.Join(strings.Fields(stmt), " "); stmt != "" {
			out = append(out, stmt)
		}
	}
	return out
}

// splitRule splits "a, b < c !< d" into its lists {a b} {c} {d} and the
// operators between them {< !<}.
func splitRule(stmt string) (lists [][]string, ops []string, err error) {
	rest := stmt
	for {
		i := strings.Index(rest, "<")
		if i < 0 {
			break
		}
		op, end := "<", i
		if i > 0 && rest[i-1] == '!' {
			op, end = "!<", i-1
		}
		lists = append(lists, names(rest[:end]))
		ops = append(ops, op)
		rest = rest[i+1:]
	}
	lists = append(lists, names(rest))
	if len(ops) == 0 {
		return nil, nil, fmt.Errorf("in %q: no < in the rule", stmt)
	}
	for _, l := range lists {
		if slices.Contains(l, "") {
			return nil, nil, fmt.Errorf("in %q: a name is missing", stmt)
		}
	}
	return lists, ops, nil
}

func names(list string) []string {
	var out []string
	for n := range strings.SplitSeq(list, ",") {
		out = append(out, strings.TrimSpace(n))
	}
	return out
}

// define adds name, which may import the names in less and all they may.
func (p *policy) define(name string, less []string) error {
	if name == "NONE" {
		return fmt.Errorf("NONE cannot import anything")
	}
	if _, ok := p.may[name]; ok {
		return fmt.Errorf("%s is defined twice", name)
	}
	may := map[string]bool{}
	for _, l := range less {
		if l == "NONE" {
			continue
		}
		below, ok := p.may[l]
		if !ok {
			return fmt.Errorf("%s is used before its definition", l)
		}
		may[l] = true
		for b := range below {
			may[b] = true
		}
	}
	p.may[name] = may
	p.names = append(p.names, name)
	return nil
}

// assertNot checks that no name matching a pattern in def may import one
// matching a pattern in less.
func (p *policy) assertNot(less, def []string) error {
	var errs []string
	expand := func(patterns []string) []string {
		var out []string
		for _, pattern := range patterns {
			n := len(out)
			for _, name := range p.names {
				if matches(pattern, name) {
					out = append(out, name)
				}
			}
			if len(out) == n {
				errs = append(errs, fmt.Sprintf("%s names nothing in the policy", pattern))
			}
		}
		return out
	}
	rule := strings.Join(less, ", ") + " !< " + strings.Join(def, ", ")
	lower, upper := expand(less), expand(def)
	for _, d := range upper {
		for _, l := range lower {
			if p.may[d][l] {
				errs = append(errs, fmt.Sprintf("%s fails: %s may import %s", rule, d, l))
			}
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// matches reports whether a name of the policy is covered by pattern: itself,
// or, for "x/...", x or anything under it.
func matches(pattern, name string) bool {
	if pattern == "..." {
		return true
	}
	base, isTree := strings.CutSuffix(pattern, "/...")
	if !isTree {
		return pattern == name
	}
	name = strings.TrimSuffix(name, "/...")
	return name == base || strings.HasPrefix(name, base+"/")
}

// nameOf returns the policy's name for a package path (relative to the module
// root for the module's own): the path itself, or else the longest "x/..."
// covering it.
func (p *policy) nameOf(path string) (string, bool) {
	if _, ok := p.may[path]; ok {
		return path, true
	}
	best := ""
	for _, n := range p.names {
		if strings.HasSuffix(n, "/...") && matches(n, path) && len(n) > len(best) {
			best = n
		}
	}
	return best, best != ""
}

// A goPackage is what the check needs of one package of `go list`.
type goPackage struct {
	ImportPath string
	Imports    []string // non-test imports, of files for any platform
	Deps       []string // all non-test dependencies, direct and indirect
}

// check returns a line for each import in pkgs, the packages of module, that
// the policy does not allow, and for each package the policy does not list.
// Imports within the module are checked as written; a package outside it that
// the policy names is checked among all dependencies, so that it cannot arrive
// through another module. Other packages outside the module, and the
// standard library, are not the policy's concern. A package the policy lists
// but pkgs lacks is no error: the tree may be mid-move.
func (p *policy) check(module string, pkgs []goPackage) []string {
	inModule := func(path string) (string, bool) {
		return strings.CutPrefix(path, module+"/")
	}
	present := map[string]bool{}
	for _, pkg := range pkgs {
		present[pkg.ImportPath] = true
	}
	var problems []string
	for _, pkg := range pkgs {
		rel, ok := inModule(pkg.ImportPath)
		if !ok {
			continue
		}
		from, ok := p.nameOf(rel)
		if !ok {
			problems = append(problems, fmt.Sprintf(
				"package %s is not listed in depsRules: add it to the policy in internal/archtest/deps_test.go, above what it may import, saying why", rel))
			continue
		}
		for _, imp := range pkg.Imports {
			relImp, ok := inModule(imp)
			if !ok {
				continue
			}
			to, listed := p.nameOf(relImp)
			switch {
			case !listed && present[imp]:
				// Reported as not listed, on its own.
			case !listed:
				problems = append(problems, fmt.Sprintf(
					"%s imports %s, which is neither in the module nor in depsRules", rel, relImp))
			case to != from && !p.may[from][to]:
				problems = append(problems, fmt.Sprintf("unexpected dependency: %s imports %s", rel, relImp))
			}
		}
		reported := map[string]bool{}
		for _, dep := range slices.Concat(pkg.Imports, pkg.Deps) {
			first, _, _ := strings.Cut(dep, "/")
			if _, ours := inModule(dep); ours || !strings.Contains(first, ".") {
				continue
			}
			to, named := p.nameOf(dep)
			if !named || reported[to] || p.may[from][to] {
				continue
			}
			reported[to] = true
			how := "imports " + dep
			if !slices.Contains(pkg.Imports, dep) {
				how = "depends on " + dep + " indirectly"
			}
			problems = append(problems, fmt.Sprintf("unexpected dependency: %s %s", rel, how))
		}
	}
	return problems
}
