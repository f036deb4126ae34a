package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

func (app App) newSimulateCommand() *cobra.Command {
	var (
		runs    int64
		seed    uint64
		alpha   float64
		workers int
		eng     engineFlags
	)
	cmd := &cobra.Command{
		Use:   "simulate GAME [FILE]",
		Short: "Play boards with the Monte Carlo referee and compare with the exact answer",
		Long: `simulate plays every board of FILE (or stdin) --runs times with the referee,
which follows the literal rules with its own randomness, and prints each
estimate with its confidence interval beside the exact answer. The whole
file shares one false-alarm budget --alpha (Bonferroni over the boards).

One run counts an outcome of at most ` + fmt.Sprint(montecarlo.MaxOutcome) + ` (a limit of the referee): a count
board whose chance of a longer game is above 1e-12, by the analyst's
distribution, is not played, and its line says so and why. Where that
chance is the distribution's cut tail (a game defined by rules whose
distribution stopped at --engine-pmf-steps), a larger --engine-pmf-steps
may show the board playable.

Exits 1 when a board disagrees, 2 when no board could be played.`,
		Args: app.argsBetween(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			args, g, err := app.game(args)
			if err != nil {
				return err
			}
			if g, err = eng.apply(g); err != nil {
				return err
			}
			if runs <= 0 || !(alpha > 0 && alpha < 1) || workers < 0 {
				return usagef("need --runs > 0, 0 < --alpha < 1 and --workers ≥ 0")
			}
			boards, err := readBoards(cmd, g, args, false)
			if err != nil {
				return err
			}
			per := estimate.Bonferroni{Alpha: alpha, Checks: len(boards)}.PerCheck()
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "# %s: %d board(s), %d runs each, seed %d, false-alarm budget α = %g (%.3g per board)\n",
				g.Name(), len(boards), runs, seed, alpha, per)
			allPass, notPlayed := true, 0
			for i, b := range boards {
				sol, err := g.SolveContext(cmd.Context(), b)
				if err != nil && cmd.Context().Err() != nil {
					return interrupted(cmd, "%s: case %d of %d: interrupted while solving: %v", inputName(args), i+1, len(boards), context.Cause(cmd.Context()))
				}
				if err != nil {
					return fmt.Errorf("%s: case %d: the analyst failed: %w", inputName(args), i+1, err)
				}
				h, err := g.Simulate(cmd.Context(), b, sol, montecarlo.Config{
					Runs: runs, Seed: montecarlo.SubSeed(seed, uint64(i)), Workers: workers})
				if errors.Is(err, props.ErrTooLongToPlay) {
					// Said first on its line, with what could change it.
					fmt.Fprintf(out, "Case %d: NOT PLAYED: %v%s\n", i+1, err, tooLongHint(sol))
					notPlayed++
					continue
				}
				if err != nil && cmd.Context().Err() != nil {
					// The interrupt stopped the referee: nobody failed.
					return interrupted(cmd, "%s: case %d of %d: interrupted while simulating: %v", inputName(args), i+1, len(boards), context.Cause(cmd.Context()))
				}
				if err != nil {
					return fmt.Errorf("%s: case %d: the referee failed: %w", inputName(args), i+1, err)
				}
				a := props.Agree(g, sol, h.Counts, per)
				verdict := "agree"
				if !a.Pass {
					verdict, allPass = "DISAGREE", false
				}
				fmt.Fprintf(out, "Case %d: simulated %.6f  interval [%.6f, %.6f]  exact %.10f  %s test p = %.3g  z = %s  smallest detectable shift %.3g  %s\n",
					i+1, a.SimMean, a.CILow, a.CIHigh, sol.Value, a.Test, a.PValue, zSigned(a.Z), a.MinDetectable, verdict)
			}
			if !allPass {
				return errCheckFailed
			}
			if notPlayed == len(boards) && notPlayed > 0 {
				return programError{fmt.Errorf("%s: no board could be played to the end by the referee: nothing judged", inputName(args))}
			}
			return nil
		},
	}
	eng.register(cmd.Flags(), app.rulesGames())
	cmd.Flags().Int64Var(&runs, "runs", 100000, "simulated games per board")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the referee's random streams")
	cmd.Flags().Float64Var(&alpha, "alpha", 1e-6, "false-alarm budget for the whole file")
	cmd.Flags().IntVar(&workers, "workers", runtime.GOMAXPROCS(0), "parallel workers (results do not depend on it)")
	return cmd
}

// tooLongHint says what could make a board not played for too long a game
// playable: where the analyst's distribution was cut with more mass left
// out than a playable board may have above the limit, the cut (and its
// flag) is what refuses it; otherwise the game is really that long.
func tooLongHint(sol props.Solution) string {
	if sol.PMFTail > props.UnplayableMass {
		return fmt.Sprintf("; %.3g of it is the mass the analyst's distribution left out where it was cut, counted as too long: a larger --engine-pmf-steps (a game defined by rules) may show the board playable", sol.PMFTail)
	}
	return fmt.Sprintf("; no flag raises the limit of %d a run", montecarlo.MaxOutcome)
}

// zSigned writes a z-score with its sign, or "none (σ = 0)" for a board
// whose outcome never varies (estimate.Agreement.Z is NaN).
func zSigned(z float64) string {
	if math.IsNaN(z) {
		return "none (σ = 0)"
	}
	return fmt.Sprintf("%+.2f", z)
}
