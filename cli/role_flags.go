package cli

import "github.com/spf13/pflag"

// roleFlags are the flags, shared by stress and programs, that define a
// game by programs: the command line of each program in its role
// (--generator, --referee, --brute, --validator), what the answer is
// (--kind) and the generator's parameter space (--params). register adds
// them to either command, here only.
type roleFlags struct {
	generator, referee, brute, validator string
	kind, params                         string
	tests                                int
}

// roleHelp is what the role flags' help says differently on each command:
// stress judges a solver, and the brute force is optional there; programs
// makes a game, and the brute force is its analyst.
type roleHelp struct {
	brute, validator, params string
}

// The role flags' help on stress and on programs.
var (
	stressRoleHelp = roleHelp{
		brute:     "the brute force's command line, the input on stdin (optional)",
		validator: "the validator's command line, the input on stdin: exit 0 when it is valid (optional)",
		params:    "the generator's parameters: 'n=1..30 k=0..5' (ranges) or 'm=7' (values)",
	}
	programsRoleHelp = roleHelp{
		brute:     "the brute force's command line, the input on stdin: the analyst",
		validator: "the validator's command line, the input on stdin: exit 0 when it is valid; every input read or generated must pass it (optional)",
		params:    "the generator's parameters: 'n=1..30 k=0..5'",
	}
)

// generatorFlag is the generator's command line flag; oldGeneratorFlag its
// former name, still accepted as an alias. The old name is also the
// generator-parameter flag of gen, check and report (genOptions), which
// may follow on a programs command line ('programs --generator ./gen ...
// check --gen n=5'): one name, one meaning, in new command lines.
const (
	generatorFlag    = "generator"
	oldGeneratorFlag = "gen"
)

// register adds the role flags to f, with the help of one command, and
// makes --gen an alias of --generator on f.
func (r *roleFlags) register(f *pflag.FlagSet, help roleHelp) {
	f.StringVar(&r.generator, generatorFlag, "", "the generator's command line, run as CMD SEED name=value ... (split like a shell's: quotes, backslashes; no expansions, pipes or redirections); --gen is its former name")
	f.StringVar(&r.referee, "referee", "", "the referee's command line, run as CMD SEED RUNS with the input on stdin")
	f.StringVar(&r.brute, "brute", "", help.brute)
	f.StringVar(&r.validator, "validator", "", help.validator)
	f.StringVar(&r.kind, "kind", "", "what the answer is: probability or expectation")
	f.StringVar(&r.params, "params", "", help.params)
	f.IntVar(&r.tests, "tests", 1, "cases an input: above 1, the solver and the brute force read a count line t, then t cases (each one the generator printed), and print one answer line a case; up to this many cases are packed an input (docs/programs.md, \"Multi-test inputs\")")
	f.SetNormalizeFunc(generatorAlias)
}

// generatorAlias reads --gen as --generator: the flag set then knows one
// flag, under the new name, whichever name the command line used.
func generatorAlias(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	if name == oldGeneratorFlag {
		return generatorFlag
	}
	return pflag.NormalizedName(name)
}
