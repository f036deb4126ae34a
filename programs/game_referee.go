package programs

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/chancecheck/chancecheck/montecarlo"
)

// referee plays in by the referee program.
func (g *programGame) referee(in Input) (func() montecarlo.Player, error) {
	if err := g.drawnFault(in); err != nil {
		return nil, err
	}
	return batchPlayers(g.ctx, g.Referee, in), nil
}

// batchPlayers adapts a referee program to montecarlo's players, which
// play one game per call: a player runs the referee for a whole block of
// montecarlo.BlockRuns games at once, seeded by the block's stream, and
// hands the outcomes out in a random order drawn from the same stream.
// montecarlo.Run gives each
// worker's player whole blocks, BlockRuns games each but the last, which
// only the last block's player leaves unfinished; so the block's outcomes
// depend on the block's stream alone, whatever the number of workers.
func batchPlayers(ctx context.Context, referee Program, in Input) func() montecarlo.Player {
	return func() montecarlo.Player {
		var buf []int
		return func(rng *rand.Rand) (int, error) {
			if len(buf) == 0 {
				seed := int64(rng.Uint64()%maxSeed) + 1
				args := []string{strconv.FormatInt(seed, 10), strconv.Itoa(montecarlo.BlockRuns)}
				out, fault, err := run(ctx, RoleReferee, referee, args, []byte(in.Text))
				if err == nil && saysNothing(fault) {
					// Too big to simulate, or one the referee says it cannot
					// judge: the board is not played, which is nobody's
					// fault (as in stress).
					return 0, sayNothingError("the referee "+commandLine(referee, args), fault)
				}
				if err == nil && fault != nil {
					err = fault
				}
				if err != nil {
					return 0, err
				}
				if buf, err = outcomeList(out, montecarlo.BlockRuns); err != nil {
					return 0, fmt.Errorf("the referee %s: %w", commandLine(referee, args), err)
				}
				// The last block takes a prefix of the list, and a histogram
				// lists its outcomes in order: shuffled, a prefix of iid
				// outcomes is iid (they are exchangeable).
				rng.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
			}
			o := buf[0]
			buf = buf[1:]
			return o, nil
		}
	}
}

// outcomeList reads a referee's output as integer outcomes in the order
// printed, each "outcome count" line expanded; there must be runs of them.
func outcomeList(out []byte, runs int) ([]int, error) {
	list := make([]int, 0, runs)
	if _, err := integerOutcomes(out, int64(runs), "a count", func(x int, count int64) {
		for range count {
			list = append(list, x)
		}
	}); err != nil {
		return nil, err
	}
	return list, nil
}
