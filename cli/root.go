package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

func (app App) newRootCommand(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   app.Name,
		Short: "Prove solvers for games of chance right",
		Long: app.Name + ` solves games of chance exactly, plays them with an independent
Monte Carlo referee, generates random valid boards, and checks that the exact
answers and the simulations agree within confidence bounds that hold by a
theorem, under one false-alarm budget for the whole run.

Games: ` + app.gameNames() + `.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		app.newSolveCommand(),
		app.newSimulateCommand(),
		app.newGenCommand(),
		app.newValidateCommand(),
		app.newReportCommand(),
		app.newCheckCommand(),
		app.newStressCommand(),
		app.newProgramsCommand(),
	)
	markArgErrors(root)
	return root
}

// markArgErrors makes the argument checks of cmd and its subcommands return
// usage errors (exit 2), as the flags' do.
func markArgErrors(cmd *cobra.Command) {
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			if err := check(c, args); err != nil {
				return usageError{err}
			}
			return nil
		}
	}
	for _, sub := range cmd.Commands() {
		markArgErrors(sub)
	}
}

func (app App) gameNames() string {
	names := make([]string, len(app.Games))
	for i, g := range app.Games {
		names[i] = g.Name()
	}
	return strings.Join(names, ", ")
}

// lookup returns the game called name, or an error listing the known ones.
func (app App) lookup(name string) (props.Game, error) {
	for _, g := range app.Games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, app.gameNames())
}

// withGame puts the one game of a one-game App in front of args when
// the command line left it out: `bagofmice check --solver X` means
// `bagofmice check bagofmice --solver X`, and `bagofmice solve in.txt`
// solves in.txt. With one game, the first argument is the game only when
// it is the game's name. An App of several games needs GAME.
func (app App) withGame(args []string) []string {
	if len(app.Games) != 1 || len(args) > 0 && args[0] == app.Games[0].Name() {
		return args
	}
	return append([]string{app.Games[0].Name()}, args...)
}

// game is withGame then gameArg: the arguments with the game in front, and
// the game.
func (app App) game(args []string) ([]string, props.Game, error) {
	args = app.withGame(args)
	g, err := app.gameArg(args)
	return args, g, err
}

// gameArg checks the GAME argument and returns the game.
func (app App) gameArg(args []string) (props.Game, error) {
	if len(args) == 0 {
		return nil, usagef("missing GAME (one of %s)", app.gameNames())
	}
	g, err := app.lookup(args[0])
	if err != nil {
		return nil, usageError{err}
	}
	return g, nil
}

// argsBetween is cobra's RangeArgs with a usage error.
func (app App) argsBetween(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		typed := len(args)
		if lo > 0 {
			args = app.withGame(args)
		}
		if len(args) == 0 && lo > 0 {
			return usagef("%s: missing GAME (one of %s)", cmd.CommandPath(), app.gameNames())
		}
		if len(args) < lo || len(args) > hi {
			if implied := len(args) - typed; implied > 0 {
				// The game was left out: count what the user typed.
				return usagef("%s takes at most %d argument(s) after the game, got %d", cmd.CommandPath(), hi-1, typed)
			}
			if lo == hi {
				return usagef("%s takes %d argument(s), got %d (usage: %s)", cmd.CommandPath(), lo, len(args), cmd.UseLine())
			}
			return usagef("%s takes %d to %d arguments, got %d (usage: %s)", cmd.CommandPath(), lo, hi, len(args), cmd.UseLine())
		}
		return nil
	}
}

// inputName names the input of a command's args, as readBoards reads it.
func inputName(args []string) string {
	if len(args) < 2 || args[1] == "-" {
		return "<stdin>"
	}
	return args[1]
}

// readBoards parses the file named by args[1], or stdin when absent or "-".
// relaxed asks for the game's relaxed limits (a usage error if it has none).
func readBoards(cmd *cobra.Command, g props.Game, args []string, relaxed bool) ([]props.Board, error) {
	parse := g.Parse
	if relaxed {
		parse = func(r io.Reader, file string) ([]props.Board, error) {
			boards, err := g.ParseRelaxed(r, file)
			if props.IsUnsupported(err) {
				return nil, usagef("%s has no relaxed limits", g.Name())
			}
			return boards, err
		}
	}
	if len(args) < 2 || args[1] == "-" {
		// stdin goes to the parser as a file does, not read whole first:
		// the parser reads what it takes (a game defined by programs, no
		// more than its cap: issue 29, a 100 MB input took 600 MB).
		return parseOrInterrupt(cmd, cmd.InOrStdin(), "<stdin>", parse)
	}
	f, err := os.Open(args[1])
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A named file may be a pipe (/dev/stdin, a FIFO) that an interrupt
	// must not wait on.
	return parseOrInterrupt(cmd, f, args[1], parse)
}

// parseOrInterrupt parses r, named file, until cmd's context ends; an
// interruption is said on stderr and returned as errInterrupted (exit 130).
func parseOrInterrupt(cmd *cobra.Command, r io.Reader, file string, parse func(io.Reader, string) ([]props.Board, error)) ([]props.Board, error) {
	boards, err := parseUntilDone(cmd.Context(), r, file, parse)
	if errors.Is(err, errInterrupted) {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: %v\n", file, err)
	}
	return boards, err
}

// namesOf lists the games for which has holds, or "none".
func (app App) namesOf(has func(props.Game) bool) string {
	var names []string
	for _, g := range app.Games {
		if has(g) {
			names = append(names, g.Name())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// gamesWith lists "name value" for every game.
func (app App) gamesWith(value func(props.Game) string) string {
	var parts []string
	for _, g := range app.Games {
		parts = append(parts, g.Name()+" "+value(g))
	}
	return strings.Join(parts, ", ")
}

func (app App) gamesHelp() string {
	var b strings.Builder
	if len(app.Games) == 1 {
		fmt.Fprintf(&b, "  (GAME may be left out: %s has one game)\n", app.Name)
	}
	for _, g := range app.Games {
		fmt.Fprintf(&b, "  %-9s %s\n", g.Name(), g.Title())
	}
	return b.String()
}

// parseUntilDone parses r (named file) until the parser is done or ctx is
// (an interrupt, SIGTERM): a read of a terminal or a pipe that never ends
// must not hold the program. The parse goes on in the background after ctx
// is done; the program is ending then.
func parseUntilDone(ctx context.Context, r io.Reader, file string, parse func(io.Reader, string) ([]props.Board, error)) ([]props.Board, error) {
	if ctx == nil {
		return parse(r, file)
	}
	type result struct {
		boards []props.Board
		err    error
	}
	done := make(chan result, 1)
	go func() {
		boards, err := parse(r, file)
		done <- result{boards, err}
	}()
	select {
	case res := <-done:
		return res.boards, res.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%w while reading: %v", errInterrupted, context.Cause(ctx))
	}
}
