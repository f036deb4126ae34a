package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

func (app App) newGenCommand() *cobra.Command {
	var (
		seed    uint64
		count   int
		out     string
		mix     bool
		answers bool
		genOpts oneGameGenFlags
	)
	cmd := &cobra.Command{
		Use:   "gen GAME",
		Short: "Print random valid boards in the original input format",
		Long: `gen draws --count random valid boards from the game's generator and prints
them in the original input format, like a testlib generator: the same seed
gives the same bytes on every machine. Games whose format holds one case per
file (` + app.namesOf(func(g props.Game) bool { return g.MaxBoardsPerInput() == 1 }) + `) need --out DIR for more than one board;
DIR then gets GAME-0001.in, GAME-0002.in, ...

--answers writes beside each GAME-NNNN.in its GAME-NNNN.ans, the answers of
its boards in the original output format: a problem setter's test set in
one command. It needs --out.

--gen and --limits set the generator's parameters (the boards drawn depend
on them, and on --seed).

` + app.paramsHelp(),
		Args: app.argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, g, err := app.game(args)
			if err != nil {
				return err
			}
			if count < 1 {
				return usagef("--count must be at least 1")
			}
			if answers && out == "" {
				return usagef("--answers needs --out DIR: each .ans goes beside its .in")
			}
			if g, err = genOpts.apply(app, g); err != nil {
				return err
			}
			// Refuse what cannot be written before the boards are drawn,
			// which can take a while.
			perFile := g.MaxBoardsPerInput()
			if out == "" && count > perFile {
				return usagef("%s holds at most %d board(s) per input: use --out DIR for %d", g.Name(), perFile, count)
			}
			if out != "" {
				if err := safefile.CheckDir("--out", out); err != nil {
					return usageError{err}
				}
			}
			gen := g.Generator()
			boards := make([]props.Board, count)
			for i := range boards {
				boards[i] = rapidflags.Example(gen, int(montecarlo.SubSeed(seed, uint64(i))>>1))
			}
			if mix {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: %d boards by kind: %s\n", g.Name(), count, classList(classCounts(g, boards)))
			}
			if out == "" {
				return g.WriteInput(cmd.OutOrStdout(), boards)
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			files := (count + perFile - 1) / perFile
			if stale := staleInputs(out, g.Name(), files); stale > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s holds %d more %s-NNNN.in file(s) from an earlier run, numbered above %04d: left as they were\n",
					g.Name(), out, stale, g.Name(), files)
			}
			for i := 0; i*perFile < count; i++ {
				chunk := boards[i*perFile : min(count, (i+1)*perFile)]
				name := filepath.Join(out, fmt.Sprintf("%s-%04d.in", g.Name(), i+1))
				if err := safefile.Write(name, func(w io.Writer) error { return g.WriteInput(w, chunk) }); err != nil {
					return err
				}
				if answers {
					if err := writeAnswersFile(g, strings.TrimSuffix(name, ".in")+".ans", chunk); err != nil {
						return err
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 1, "generator seed: same seed, same boards")
	cmd.Flags().IntVar(&count, "count", 1, "number of boards")
	cmd.Flags().StringVar(&out, "out", "", "write files into this directory instead of stdout")
	cmd.Flags().BoolVar(&mix, "mix", false, "print how many boards of each kind were generated, on stderr")
	cmd.Flags().BoolVar(&answers, "answers", false, "with --out: also write each input's answers beside it, GAME-NNNN.ans")
	genOpts.register(cmd.Flags())
	return cmd
}

// writeAnswersFile writes the answers of boards, the boards of one input,
// into name in the game's original output format.
func writeAnswersFile(g props.Game, name string, boards []props.Board) error {
	sols := make([]props.Solution, len(boards))
	for i, b := range boards {
		sol, err := g.Answer(b)
		if err != nil {
			return fmt.Errorf("%s: board %d: %w", name, i+1, err)
		}
		sols[i] = sol
	}
	return safefile.Write(name, func(w io.Writer) error { return g.WriteAnswers(w, sols) })
}

// classCounts counts boards per coverage class.
func classCounts(g props.Game, boards []props.Board) map[string]int {
	m := map[string]int{}
	for _, b := range boards {
		m[g.Classify(b)]++
	}
	return m
}

// staleInputs counts the files GAME-NNNN.in in dir numbered above written:
// inputs of an earlier run that this one does not overwrite.
func staleInputs(dir, game string, written int) int {
	names, _ := filepath.Glob(filepath.Join(dir, game+"-*.in"))
	stale := 0
	for _, name := range names {
		var n int
		if _, err := fmt.Sscanf(filepath.Base(name), game+"-%d.in", &n); err == nil && n > written {
			stale++
		}
	}
	return stale
}
