package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// depsRules is the module's architecture: which package may import which.
// It is a statement of policy.
//
// DO NOT CHANGE IT TO FIX A BUILD. Change the import; relax a rule only when
// the architecture itself changes (the README's Layout section and docs/contributing.md
// say what it is), and say why beside it.
// Negative assertions (!<) should almost never be removed.
//
// "a < b" means package b may import package a; see policy_test.go for the
// language. Only non-test imports count. The standard library, and packages
// outside the module that are not named here, are not policed.
const depsRules = `
	# The games: each knows its board, its text formats and Validate, and
	# nothing of how it is solved, played or tested. textio is their shared
	# line reader, the bottom of the module.
	NONE
	< games/textio
	< games/jenga, games/patience, games/snakes, games/traps
	< GAMES;

	# A game imports no other game, and nothing of the module but textio.
	games/jenga, games/patience, games/snakes, games/traps !< games/...;
	generators, exact/..., montecarlo/..., rules/..., internal/..., props, reports,
	  gametest, cli, answer !< games/...;

	# Packages outside the module that mark a layer: rapid is for checking,
	# cobra for command lines, plot for drawing. Each is checked among all
	# dependencies, so that it cannot arrive through another module either.
	NONE < pgregory.net/rapid, github.com/spf13/cobra, gonum.org/v1/plot/...;

	# Not yet policed: "testing" in non-test files. Only internal/rapidflags
	# (rapid.Check calls testing.Short), internal/rapidtest,
	# internal/longtest, gametest and examples import it directly; rapid
	# itself imports testing, so that rule must look at direct imports
	# only, which the language cannot say yet.

	# generators: rapid generators of valid boards. The one layer below props
	# that uses rapid: shrinking toward small boards is rapid's work.
	GAMES, pgregory.net/rapid < generators;

	# exact: the analysts. belief is the traps analyst's posterior over the
	# hidden digits.
	games/traps < exact/belief;
	GAMES, exact/belief < exact;

	# montecarlo: the runner of referees (seeded, parallel, counting
	# outcomes), which knows no game: the harness runs a user's referee with
	# it. montecarlo/referees: the referees of the built-in games, playing
	# the literal rules. estimate turns tallies into estimates with
	# confidence bounds and knows no game.
	NONE < montecarlo/estimate;
	montecarlo/estimate < montecarlo;
	GAMES, montecarlo < montecarlo/referees;
	GAMES !< montecarlo, montecarlo/estimate;

	# The three sides of a check stay apart. The referee cannot borrow the
	# analyst's arithmetic, nor the analyst the referee's dice: a policy
	# reaches the referee as data or a small interface. Generators make
	# boards; they neither solve nor play.
	exact/... !< montecarlo/..., generators;
	montecarlo/... !< exact/..., generators;
	generators !< exact/..., montecarlo/...;

	# The games, analysts and referees are what a user's solver is measured
	# against, and what the CLI's solve and simulate run: none depends on a
	# test engine, directly or through another package.
	pgregory.net/rapid !< games/..., exact/..., montecarlo/...;

	# rules: a game's rules written once as a step function over states,
	# read by two sides that stay apart: the exact engine (explore and solve
	# the state graph) and the generic referee (sample the same rules). Like
	# exact/ and montecarlo/, neither may borrow the other's arithmetic or
	# dice, nor the hand-written analysts' and referees' code (the built-in
	# games' rules are written apart from them, so that a three-way check
	# means something). rules/gamerules holds the built-in games' rules, over
	# their board types.
	NONE < rules;
	rules < rules/engine, rules/referee;
	GAMES, rules < rules/gamerules;
	rules/engine !< rules/referee;
	rules/referee !< rules/engine;
	exact/..., montecarlo/..., generators !< rules/...;
	rules/... !< exact/..., montecarlo/..., generators;
	pgregory.net/rapid !< rules/...;

	# answer: the kinds of answer a problem asks for (a float, an exact
	# integer, a fraction, a residue modulo a prime), their parsing, exact
	# comparison and printing, and rational reconstruction. I/O and exact
	# arithmetic only: every layer that reads a solver's answers may use it.
	NONE < answer;

	# enginebench solves the engine's benchmark boards in a whole process,
	# for paired timings (BENCHMARKS.md): the engine and the rules alone.
	rules/engine < internal/enginebench;

	# solverproc runs a user's solver as a child process, for props'
	# cross-checks.
	NONE < internal/solverproc;

	# ci/throughput times check against the solver alone (BENCHMARKS.md):
	# a command of its own that runs chancecheck as a process, splitting
	# the solver's command line as check does.
	internal/solverproc < ci/throughput;

	# inorder: the in-order parallel scheduler (items run at once, results
	# taken in order) shared by props' search and programs' stress run, so
	# that both report the same first failure whatever their Jobs. It knows
	# no game, solver or program.
	NONE < internal/inorder;

	# climb: the climber shared by props' search and programs' stress run
	# (issue 31): which inputs climb, toward which target, from which of
	# the best so far. What an input near a parent is stays the search's:
	# it knows no game, board, solver or program.
	NONE < internal/climb;

	# safefile: output files written whole, never through a planted link,
	# and output directories checked before a run.
	NONE < internal/safefile;

	# longtest: whether the long tests run (CHANCECHECK_LONG), for tests
	# only.
	NONE < internal/longtest;

	# testenv: what the test binaries share about their own process (the
	# collector's target, how many parallel tests at once) and the Go
	# programs they start, for tests only.
	NONE < internal/testenv;

	# rapidtest: fixed seeds, recorded failures and the quick suite's
	# count of checks for tests of rapid properties.
	pgregory.net/rapid, internal/longtest < internal/rapidtest;

	# rapidflags: rapid.Check outside go test, under settings of its own,
	# for props' shrinking; the one non-test package that imports testing
	# (rapid.Check calls testing.Short).
	pgregory.net/rapid < internal/rapidflags;

	# props: the harness: the game API (Define, Spec), the properties and
	# the solver cross-checks, over whatever games it is given. It runs a
	# game's referee with montecarlo's runner and judges agreement with
	# estimate's bounds, both of which know no game; games/textio is the
	# Sample type every game's samples share.
	games/textio, montecarlo, internal/solverproc, internal/rapidflags,
	  internal/inorder, internal/climb, rules/engine, rules/referee, answer < props;

	# The harness imports no game, analyst, referee or generator, directly
	# or through another package: what it knows of a game comes through the
	# Game a Spec defines, as for a user's game (issue 24). The layers over
	# it (reports, programs, the conformance kit, the CLI) know no game by
	# name either.
	games/jenga, games/patience, games/snakes, games/traps, exact/...,
	  montecarlo/referees, generators, rules/gamerules, props/specs
	  !< props, reports, programs, gametest, cli;

	# props/specs: the four built-in games, defined through props' API as
	# a user's game is; the one place where a generator, an analyst, a
	# referee and a game's rules meet.
	props, generators, exact, montecarlo/referees, rules/gamerules < props/specs;

	# reports: JSON, Markdown and HTML+SVG agreement reports of props' runs;
	# the one layer that draws.
	props, internal/safefile, gonum.org/v1/plot/... < reports;

	# gametest: the conformance kit a user's game passes, as the built-in
	# games do; test code shipped as a library.
	props, internal/rapidtest < gametest;

	# programs: a game defined by programs in any language (a generator, a
	# referee, a brute force) and the stress run of a solver against them:
	# props' judge rule, verdicts and process running, estimate's tests. It
	# runs the user's programs and knows no built-in game.
	props, internal/climb < programs;

	# cli: the program over whatever games it is given: commands and flags,
	# progress, calls into props, programs and reports, output.
	reports, programs, github.com/spf13/cobra < cli;

	# cli/internal/helpersolver: the cli tests' helper solver, a small
	# program of the standard library alone (cheap to start), which asks
	# the test binary for its answers.
	NONE < cli/internal/helpersolver;

	# The library below the CLI neither parses command lines nor draws, and
	# never calls up into a report or the CLI.
	github.com/spf13/cobra !< props, programs, reports, gametest;
	gonum.org/v1/plot/... !< props, generators, exact/..., montecarlo/..., rules/...;
	props, programs, reports, cli, gametest !< generators, exact/..., montecarlo/..., rules/...;
	programs, reports, cli !< props, gametest;

	# cmd/chancecheck: main, cli over the built-in games.
	cli, props/specs < cmd/chancecheck;

	# examples: a user's programs and games, which may use whatever a user
	# may, and their own packages.
	cli, gametest < examples/...;

	# Nothing imports a command or an example (an example's own packages
	# aside).
	cmd/..., examples/... !< ...;

	# This package: only tests, reading the tree.
	NONE < internal/archtest;

	# The documentation's checks: only tests, reading README.md and docs/.
	NONE < internal/docstest;
`

// module is the path the rules' names are relative to.
const module = "github.com/chancecheck/chancecheck"

func TestDependencies(t *testing.T) {
	p, err := parsePolicy(depsRules)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := listModule(t)
	problems := p.check(module, pkgs)
	for _, problem := range problems {
		t.Error(problem)
	}
	if len(problems) > 0 {
		t.Log("depsRules is a statement of policy: change the import, not the rules, unless the architecture itself changes")
	}
	for _, name := range absent(p, pkgs) {
		t.Logf("listed in depsRules but not in the module (yet, or any more): %s", name)
	}
}

// listModule returns the module's packages as `go list` sees them, their
// imports completed with those of files built only on other platforms.
func listModule(t *testing.T) []goPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-e",
		"-json=ImportPath,Name,Dir,Imports,Deps,IgnoredGoFiles,Error", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []goPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var l struct {
			goPackage
			Name, Dir      string
			IgnoredGoFiles []string
			Error          *struct{ Err string }
		}
		if err := dec.Decode(&l); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list: %v", err)
		}
		if l.Error != nil {
			// A half-moved tree: its imports may be incomplete. Building it is
			// go build's concern; this test checks what it can read.
			t.Logf("go list: %s: %s", l.ImportPath, l.Error.Err)
		}
		for _, f := range l.IgnoredGoFiles {
			imports, err := otherPlatformImports(filepath.Join(l.Dir, f), l.Name)
			if err != nil {
				t.Errorf("%s: %v", l.ImportPath, err)
			}
			for _, imp := range imports {
				if !slices.Contains(l.Imports, imp) {
					l.Imports = append(l.Imports, imp)
				}
			}
		}
		pkgs = append(pkgs, l.goPackage)
	}
	return pkgs
}

// otherPlatformImports returns the imports of a file that build constraints
// leave out here, as go/build's deps_test reads every file: an import that is
// wrong on one platform is wrong. Test files, files of another package and
// //go:build ignore files (generators run by hand) do not count.
func otherPlatformImports(file, pkgName string) ([]string, error) {
	if strings.HasSuffix(file, "_test.go") {
		return nil, nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	if f.Name.Name != pkgName {
		return nil, nil
	}
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if strings.TrimSpace(c.Text) == "//go:build ignore" {
				return nil, nil
			}
		}
	}
	var imports []string
	for _, spec := range f.Imports {
		imports = append(imports, strings.Trim(spec.Path.Value, `"`))
	}
	return imports, nil
}

// absent returns the module packages the policy names that pkgs lacks.
func absent(p *policy, pkgs []goPackage) []string {
	var out []string
	for _, name := range p.names {
		first, _, _ := strings.Cut(name, "/")
		if strings.Contains(first, ".") || strings.HasSuffix(name, "/...") || strings.ToUpper(name) == name {
			continue // outside the module, a tree, or a pseudo-name
		}
		if !slices.ContainsFunc(pkgs, func(pkg goPackage) bool { return pkg.ImportPath == module+"/"+name }) {
			out = append(out, name)
		}
	}
	return out
}

// TestCheckReportsViolations shows that the check can fail: each fabricated
// graph breaks one rule of depsRules, and the check reports it, and only it.
func TestCheckReportsViolations(t *testing.T) {
	p, err := parsePolicy(depsRules)
	if err != nil {
		t.Fatal(err)
	}
	const (
		M     = module + "/"
		rapid = "pgregory.net/rapid"
	)
	tests := []struct {
		name string
		pkgs []goPackage
		want string // in the one problem reported; "" for none
	}{
		{"the arrows as the tree has them", []goPackage{
			{ImportPath: M + "cmd/chancecheck", Imports: []string{"os", M + "cli", M + "props/specs"}, Deps: []string{rapid, "github.com/spf13/cobra"}},
			{ImportPath: M + "cli", Imports: []string{M + "reports", M + "montecarlo/estimate", "github.com/spf13/cobra"}},
			{ImportPath: M + "reports", Imports: []string{M + "props", "gonum.org/v1/plot/vg/vgsvg"}},
			{ImportPath: M + "props", Imports: []string{M + "montecarlo", M + "internal/solverproc", rapid, "testing"}},
			{ImportPath: M + "props/specs", Imports: []string{M + "props", M + "exact", M + "montecarlo/referees", M + "generators", M + "rules/gamerules"}},
			{ImportPath: M + "gametest", Imports: []string{M + "props", M + "internal/rapidtest", "testing"}},
			{ImportPath: M + "generators", Imports: []string{M + "games/snakes", rapid}},
			{ImportPath: M + "exact", Imports: []string{M + "exact/belief", M + "games/jenga"}},
			{ImportPath: M + "montecarlo", Imports: []string{M + "montecarlo/estimate"}, Deps: []string{"gonum.org/v1/gonum/mat"}},
			{ImportPath: M + "montecarlo/referees", Imports: []string{M + "montecarlo", M + "games/traps"}},
			{ImportPath: M + "games/snakes", Imports: []string{"bufio", M + "games/textio"}},
			{ImportPath: M + "examples/bagofmice", Imports: []string{M + "examples/bagofmice/mice", M + "cli", M + "gametest"}},
			{ImportPath: M + "examples/bagofmice/mice", Imports: []string{M + "props", M + "games/textio", M + "montecarlo"}},
		}, ""},
		{"referee imports analyst", []goPackage{
			{ImportPath: M + "montecarlo", Imports: []string{M + "exact"}},
		}, "montecarlo imports exact"},
		{"referee's statistics import analyst's belief", []goPackage{
			{ImportPath: M + "montecarlo/estimate", Imports: []string{M + "exact/belief"}},
		}, "montecarlo/estimate imports exact/belief"},
		{"analyst imports referee", []goPackage{
			{ImportPath: M + "exact", Imports: []string{M + "montecarlo"}},
		}, "exact imports montecarlo"},
		{"game imports rapid", []goPackage{
			{ImportPath: M + "games/snakes", Imports: []string{rapid}},
		}, "games/snakes imports pgregory.net/rapid"},
		{"game depends on rapid through another module", []goPackage{
			{ImportPath: M + "games/jenga", Imports: []string{"example.com/shuffle"}, Deps: []string{"example.com/shuffle", "testing", rapid}},
		}, "games/jenga depends on pgregory.net/rapid indirectly"},
		{"game imports another game", []goPackage{
			{ImportPath: M + "games/traps", Imports: []string{M + "games/snakes"}},
		}, "games/traps imports games/snakes"},
		{"text format imports a game", []goPackage{
			{ImportPath: M + "games/textio", Imports: []string{M + "games/patience"}},
		}, "games/textio imports games/patience"},
		{"game imports its analyst", []goPackage{
			{ImportPath: M + "games/patience", Imports: []string{M + "exact"}},
		}, "games/patience imports exact"},
		{"generator solves", []goPackage{
			{ImportPath: M + "generators", Imports: []string{M + "exact"}},
		}, "generators imports exact"},
		{"analyst imports props", []goPackage{
			{ImportPath: M + "exact", Imports: []string{M + "props"}},
		}, "exact imports props"},
		{"referee imports reports", []goPackage{
			{ImportPath: M + "montecarlo", Imports: []string{M + "reports"}},
		}, "montecarlo imports reports"},
		{"the harness imports a game", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "games/snakes"}},
		}, "props imports games/snakes"},
		{"the harness imports an analyst", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "exact"}},
		}, "props imports exact"},
		{"the harness imports a built-in referee", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "montecarlo/referees"}},
		}, "props imports montecarlo/referees"},
		{"the harness imports a generator", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "generators"}},
		}, "props imports generators"},
		{"the harness imports the built-in rules", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "rules/gamerules"}},
		}, "props imports rules/gamerules"},
		{"the CLI imports the built-in games", []goPackage{
			{ImportPath: M + "cli", Imports: []string{M + "props/specs"}},
		}, "cli imports props/specs"},
		{"the runner imports a game", []goPackage{
			{ImportPath: M + "montecarlo", Imports: []string{M + "games/jenga"}},
		}, "montecarlo imports games/jenga"},
		{"props imports cli", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "cli"}},
		}, "props imports cli"},
		{"props parses command lines", []goPackage{
			{ImportPath: M + "props", Imports: []string{"github.com/spf13/cobra"}},
		}, "props imports github.com/spf13/cobra"},
		{"analyst draws", []goPackage{
			{ImportPath: M + "exact", Imports: []string{"gonum.org/v1/plot/plotter"}},
		}, "exact imports gonum.org/v1/plot/plotter"},
		{"cli imports a command", []goPackage{
			{ImportPath: M + "cli", Imports: []string{M + "cmd/chancecheck"}},
		}, "cli imports cmd/chancecheck"},
		{"props imports an example", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "examples/bagofmice/mice"}},
		}, "props imports examples/bagofmice/mice"},
		{"the program links the test kit", []goPackage{
			{ImportPath: M + "cli", Imports: []string{M + "gametest"}},
		}, "cli imports gametest"},
		{"package not in the policy", []goPackage{
			{ImportPath: M + "montecarlo/parallel", Imports: []string{M + "games/snakes"}},
			{ImportPath: M + "montecarlo", Imports: []string{M + "montecarlo/parallel"}},
		}, "package montecarlo/parallel is not listed in depsRules: add it to the policy"},
		{"import of a package in neither the module nor the policy", []goPackage{
			{ImportPath: M + "props", Imports: []string{M + "props/internal/gone"}},
		}, "props imports props/internal/gone, which is neither in the module nor in depsRules"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			problems := p.check(module, tt.pkgs)
			switch {
			case tt.want == "" && len(problems) > 0:
				t.Errorf("check reported %q, want nothing", problems)
			case tt.want != "" && (len(problems) != 1 || !strings.Contains(problems[0], tt.want)):
				t.Errorf("check reported %q, want one problem saying %q", problems, tt.want)
			}
		})
	}
}

// TestParsePolicyRejects shows that the rules check themselves: a rule out of
// order or a negative assertion that the positive rules break is an error.
func TestParsePolicyRejects(t *testing.T) {
	tests := []struct {
		name, rules, want string
	}{
		{"use before definition", "NONE < a; b < c;", "b is used before its definition"},
		{"cycle", "NONE < a; a < b; b < a;", "a is defined twice"},
		{"negative assertion", "NONE < a < b; a !< b;", "a !< b fails: b may import a"},
		{"negative assertion, transitively", "NONE < a < b < c; a !< c;", "a !< c fails: c may import a"},
		{"negative assertion over a tree", "NONE < x/a; x/a < y/b; x/... !< y/...;", "x/... !< y/... fails: y/b may import x/a"},
		{"negative assertion naming nothing", "NONE < a; tpyo/... !< a;", "tpyo/... names nothing in the policy"},
		{"missing name", "NONE < a, ;", "a name is missing"},
		{"no arrow", "NONE < a; a b;", "no < in the rule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parsePolicy(tt.rules)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parsePolicy(%q) = %v, want an error saying %q", tt.rules, err, tt.want)
			}
		})
	}
}
