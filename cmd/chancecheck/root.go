package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

func newRootCommand(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "chancecheck",
		Short: "Prove solvers for games of chance right",
		Long: `chancecheck solves games of chance exactly, plays them with an independent
Monte Carlo referee, generates random valid boards, and checks that the exact
answers and the simulations agree within confidence bounds that hold by a
theorem, under one false-alarm budget for the whole run.

Games: ` + gameNames() + `.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newSolveCommand(),
		newSimulateCommand(),
		newGenCommand(),
		newValidateCommand(),
		newReportCommand(),
		newCheckCommand(),
	)
	return root
}

func gameNames() string {
	var names []string
	for _, g := range props.Games() {
		names = append(names, g.Name())
	}
	return strings.Join(names, ", ")
}

// gameArg checks the GAME argument and returns the game.
func gameArg(args []string) (props.Game, error) {
	if len(args) == 0 {
		return nil, usagef("missing GAME (one of %s)", gameNames())
	}
	g, err := props.Lookup(args[0])
	if err != nil {
		return nil, usageError{err}
	}
	return g, nil
}

// argsBetween is cobra's RangeArgs with a usage error.
func argsBetween(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 && lo > 0 {
			return usagef("%s: missing GAME (one of %s)", cmd.CommandPath(), gameNames())
		}
		if len(args) < lo || len(args) > hi {
			return usagef("%s takes %d to %d arguments, got %d", cmd.CommandPath(), lo, hi, len(args))
		}
		return nil
	}
}

// readBoards parses the file named by args[1], or stdin when absent or "-".
// relaxed asks for the game's relaxed limits (a usage error if it has none).
func readBoards(cmd *cobra.Command, g props.Game, args []string, relaxed bool) ([]props.Board, error) {
	parse := g.Parse
	if relaxed {
		rp, ok := g.(props.RelaxedParser)
		if !ok {
			return nil, usagef("%s has no relaxed limits", g.Name())
		}
		parse = rp.ParseRelaxed
	}
	if len(args) < 2 || args[1] == "-" {
		return parse(cmd.InOrStdin(), "<stdin>")
	}
	f, err := os.Open(args[1])
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parse(f, args[1])
}

func gamesHelp() string {
	var b strings.Builder
	for _, g := range props.Games() {
		fmt.Fprintf(&b, "  %-9s %s\n", g.Name(), g.Title())
	}
	return b.String()
}
