package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/programs"
	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

// programsOptions are the flags of `chancecheck programs`: a game defined by
// programs, for any command.
type programsOptions struct {
	roleFlags
	name              string
	classes           []string
	tolerance         float64
	programTimeout    time.Duration
	answer            answerOptions
	bruteDistribution bool
}

func (app App) newProgramsCommand() *cobra.Command {
	var o programsOptions
	cmd := &cobra.Command{
		Use:   "programs --generator 'CMD' --referee 'CMD' --brute 'CMD' [--validator 'CMD'] --kind probability|expectation [--params '...'] COMMAND [ARGS...]",
		Short: "Run any command (check, report, solve, simulate, gen) on a game defined by programs",
		Long: `programs makes a game of programs in any language, with the protocol of
'stress' (docs/programs.md), and runs COMMAND on it as on a built-in game:
the brute force is the analyst, the referee the referee, the generator the
generator (rapid draws its SEED and each parameter from its low end up to
the value in force, and shrinks toward them). For example

  ` + app.Name + ` programs --generator ./gen --referee ./ref --brute ./brute --kind probability \
      --params 'n=0..12' check --solver ./sol --cases 200
  ` + app.Name + ` programs --generator ./gen --referee ./ref --brute ./brute --kind probability report --boards 50

check judges the solver against the brute force, and shrinks with rapid;
report tests the referee against the brute force under its false-alarm
budget and writes its JSON, Markdown and HTML. A parameter's value in force
is set as for any game: 'check --gen n=5' (before COMMAND, --gen is the
former name of --generator, still accepted).

validate needs --validator: it runs the validator on each FILE.

--class NAME:PARAM=RANGE[:SHARE] declares a coverage class by a parameter's
value, as a Go game's Classify and Coverage do: 'one-column:cols=1:5%' puts
every input the generator printed with cols=1 in the class one-column, and
asks that at least 5% of the generated inputs be in it. Inputs are drawn
in such a class on purpose, twice its share (all the classes' together at
most 90% of the draws), and check and report test each goal by the same
one-sided exact binomial test as for any game, within their false-alarm
budget: a rare shape is drawn, and its count shown, rather than left to
chance. The first class whose range holds an input's value names it; an
input in none, or read from a file, is in "all".

An expectation's brute force prints its answer only, not the distribution
of outcomes that report's and simulate's tests of a count need: both are
refused for --kind expectation, and check, solve and gen work. 'stress'
judges an expectation against the referee with a bound on the outcomes
instead.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return errors.New("COMMAND is missing after the game's flags: check, report, solve, simulate or gen")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.answer.toleranceSet = cmd.Flags().Changed("tolerance")
			return runPrograms(cmd, app, o, args)
		},
	}
	cmd.Flags().SetInterspersed(false) // the flags after COMMAND are COMMAND's
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return usagef("%v (the game's flags go before COMMAND, and COMMAND's, such as check's --solver, after it)", err)
	})
	f := cmd.Flags()
	o.roleFlags.register(f, programsRoleHelp)
	f.StringVar(&o.name, "name", "programs", "the game's name in the commands' output")
	f.StringArrayVar(&o.classes, "class", nil, "a coverage class by a parameter's value, NAME:PARAM=RANGE[:SHARE], as one-column:cols=1:5% (repeatable; see above)")
	f.Float64Var(&o.tolerance, "tolerance", props.DefaultTolerance, "the judge's rule: absolute or relative error allowed")
	f.DurationVar(&o.programTimeout, "program-timeout", time.Minute, "CPU time limit of one generator, referee or brute-force run (its idleness limit: 5 times it)")
	o.answer.register(f, false)
	f.BoolVar(&o.bruteDistribution, "brute-distribution", false, "expectation: the brute force prints its distribution of outcomes after its answer (\"outcome probability\" lines), which report tests the referee against")
	return cmd
}

// programsFlags are the flags of `programs` itself, which go before
// COMMAND; --gen among them is --generator's former name, and after
// COMMAND it is misplaced only when no generator was given before it
// (after it, it is COMMAND's generator parameter flag).
var programsFlags = []string{"--generator", "--gen", "--referee", "--brute", "--validator", "--kind", "--params", "--name", "--class", "--tolerance", "--program-timeout", "--answer", "--modulus", "--brute-distribution"}

func runPrograms(cmd *cobra.Command, app App, o programsOptions, args []string) error {
	misplaced := ""
	for _, a := range args[1:] {
		name, _, _ := strings.Cut(a, "=")
		if slices.Contains(programsFlags, name) && (name != "--gen" || o.generator == "") {
			misplaced = name
			break
		}
	}
	if slices.Contains(args[1:], "--help") || slices.Contains(args[1:], "-h") {
		if o.brute == "" {
			fmt.Fprintf(cmd.OutOrStdout(), "%s programs: the game's flags go before COMMAND, and COMMAND's after it; "+
				"COMMAND's flags are those of '%s %s --help' on any game.\n", app.Name, app.Name, args[0])
			return nil
		}
	}
	// stressSetup checks the shared flags; the brute force is required here.
	if strings.TrimSpace(o.brute) == "" {
		if misplaced != "" {
			return usagef("--brute is required: it is the game's analyst (%s was given after %s: the game's flags go before COMMAND, COMMAND's after it)", misplaced, args[0])
		}
		return usagef("--brute is required: it is the game's analyst")
	}
	s, err := stressSetup(stressOptions{roleFlags: o.roleFlags, solver: o.brute, cases: 1, runs: 1, alpha: defaultStressAlpha, tolerance: o.tolerance, maxOutcome: 1,
		programTimeout: o.programTimeout, bruteTimeout: o.programTimeout, timeout: o.programTimeout, jobs: 1, answer: o.answer})
	if err != nil {
		return err
	}
	if s.Quantity == programs.Expectation && !o.bruteDistribution && (args[0] == "report" || args[0] == "simulate") {
		return usagef("%s tests the referee against the outcome distribution, which an expectation's brute force does not give: "+
			"have it print one (--brute-distribution), use check here, or '%s stress --kind expectation' (a stated bound on the outcomes)", args[0], app.Name)
	}
	if args[0] == "validate" && s.Validator == nil {
		return usagef("validate needs --validator: without one nothing checks an input against the statement " +
			"(a game defined by programs takes any non-empty input as it is)")
	}
	var classes []programs.Class
	for _, c := range o.classes {
		class, err := programs.ParseClass(c)
		if err != nil {
			return usagef("--class: %v", err)
		}
		classes = append(classes, class)
	}
	spec := s.GameSpec // the brute force as the solver of stress's set-up, whose checks are the same
	spec.Name, spec.Classes, spec.BruteDistribution = o.name, classes, o.bruteDistribution
	g, err := programs.GameContext(cmd.Context(), spec)
	if err != nil {
		return usageError{err}
	}
	inner := App{Name: app.Name + " programs", Games: []props.Game{g}, lookupEnv: app.lookupEnv}
	code := inner.Run(cmd.Context(), args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr())
	switch code {
	case exitOK:
		return nil
	case exitUsage:
		return errUsageSaid
	case exitInterrupted:
		return errInterrupted
	}
	return errCheckFailed // the command has printed its findings
}
