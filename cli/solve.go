package cli

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

func (app App) newSolveCommand() *cobra.Command {
	var withFraction, relaxed, policy, explain bool
	var digits int
	var eng engineFlags
	cmd := &cobra.Command{
		Use:   "solve GAME [FILE]",
		Short: "Solve boards exactly and print answers like an accepted solution",
		Long: `solve reads FILE (or stdin) in the game's original input format and prints
the answers in the original output format, exactly as an accepted contest
solution would. Invalid input exits 1 with FILE:LINE: what is wrong; an
interrupt (Ctrl-C) or SIGTERM while it waits for stdin or solves exits 130.

--exact prints each answer's exact fraction after the answers, asking the
rules engine for exactness whatever it costs (past its cost model; --time
and Ctrl-C still bound it); where a board has none (the engine solved it
in float64: a graph or cycle past its size limits), the line says why,
with the float and the error bound the engine proved for it. It exits 1
only when some board has neither a fraction nor a proved bound.

--explain prints, after the answers, how each board was solved: for a game
defined by rules, the states, the components and the method of each
(induction, exact elimination, the hub or sparse float64 methods, interval
iteration), the proved error bound; for every game, the time and the memory
allocated. The boards are then solved one at a time, so that each one's
time and memory are its own.

Games:
` + app.gamesHelp(),
		Args: app.argsBetween(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			args, g, err := app.game(args)
			if err != nil {
				return err
			}
			// --exact checks the analyst by the engine on every board: the
			// fractions printed are then three-way.
			eng.checkEvery = withFraction
			eng.exact = withFraction // and asks the engine for fractions whatever they cost
			if g, err = eng.apply(g); err != nil {
				return err
			}
			if g, err = withDigits(g, digits); err != nil {
				return err
			}
			if app.ownsProcess {
				batchGC()
			}
			boards, err := readBoards(cmd, g, args, relaxed)
			if err != nil {
				return err
			}
			var sols []props.Solution
			var costs []boardCost
			var bad int
			if explain {
				sols, costs, bad, err = answerMeasured(cmd.Context(), g, boards)
			} else {
				sols, bad, err = answerAllContext(cmd.Context(), g, boards)
			}
			if errors.Is(err, errInterrupted) {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: %v\n", inputName(args), err)
				return err // exit 130
			}
			if errors.Is(err, props.ErrInconsistentOracle) {
				return programError{fmt.Errorf("%s: case %d: %w", inputName(args), bad+1, err)}
			}
			if err != nil {
				return fmt.Errorf("%s: case %d: the analyst failed: %w", inputName(args), bad+1, err)
			}
			if err := floatHoldsDigits(sols, digits); err != nil {
				return err
			}
			if err := g.WriteAnswers(cmd.OutOrStdout(), sols); err != nil {
				return err
			}
			if withFraction {
				// A game may have a fraction for some boards only (where it
				// is cheap); one with none for any board has none at all.
				lines := make([]string, len(boards))
				unproved := atomic.Int64{}
				unproved.Store(-1)
				bad, err := forEachIndex(len(boards), runtime.GOMAXPROCS(0), func(i int) error {
					r, err := g.Fraction(boards[i], sols[i])
					if err != nil {
						return err
					}
					switch p := sols[i].Proof; {
					case r != nil:
						lines[i] = fmt.Sprintf("exact %d: %s", i+1, r.RatString())
					case p != nil:
						// No fraction, but a proved bound: the answer is
						// as good as asked, and the line says how good.
						lines[i] = fmt.Sprintf("exact %d: none: %s; float %.17g within %.3g (proved)", i+1, p.NoFraction, sols[i].Value, p.Bound)
					default:
						lines[i] = fmt.Sprintf("exact %d: none: %s", i+1, noFractionReason(sols[i]))
						unproved.CompareAndSwap(-1, int64(i))
					}
					return nil
				})
				if err != nil {
					return fmt.Errorf("%s: case %d: the exact fraction failed: %w", inputName(args), bad+1, err)
				}
				fmt.Fprintln(cmd.OutOrStdout(), strings.Join(lines, "\n"))
				if i := unproved.Load(); i >= 0 {
					// The command line was right; the answer asked for
					// cannot be given: exit 1 with the reason, no usage hint.
					return fmt.Errorf("%s: %s has neither an exact fraction nor a proved bound for case %d: %s", inputName(args), g.Name(), i+1, noFractionReason(sols[i]))
				}
			}
			if explain {
				writeExplain(cmd.OutOrStdout(), sols, costs)
			}
			if policy {
				return writePolicies(cmd.OutOrStdout(), g, boards)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&withFraction, "exact", false, "also print each answer as an exact fraction, after the normal output (where there is none, why, and the float's proved bound)")
	cmd.Flags().BoolVar(&explain, "explain", false, "also print how each board was solved: states, components, the method of each, the proved bound, time and memory")
	cmd.Flags().IntVar(&digits, "digits", 0, "print answers with this many decimals instead of the game's own ("+app.gamesWith(func(g props.Game) string { return fmt.Sprint(g.Digits()) })+"); at most what a float64 holds at the answer, 15 significant digits (--exact gives the fraction)")
	// A program whose games have no policy or no relaxed limits does not
	// offer the flags at all.
	if games := app.namesOf(props.Game.HasPolicy); games != "none" {
		cmd.Flags().BoolVar(&policy, "policy", false, "also print the optimal policy, after the normal output (games with one: "+games+")")
	}
	eng.register(cmd.Flags(), app.rulesGames())
	if games := app.namesOf(props.Game.HasRelaxedLimits); games != "none" {
		cmd.Flags().BoolVar(&relaxed, "relax-limits", false, "accept inputs beyond the statement's limits, for benchmarks (games with relaxed limits: "+games+")")
	}
	return cmd
}

// noFractionReason says in plain words why a board's answer has no exact
// fraction: what gave the answer, when the game says (a board too large for
// the rules engine), else that the game has no exact route at this size.
func noFractionReason(sol props.Solution) string {
	if sol.Oracle != "" {
		return "the answer is a float from " + sol.Oracle
	}
	return "the game has no exact route at this size"
}
