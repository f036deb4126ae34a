package props

import (
	"context"
	"errors"
	"fmt"
)

// An oracle — a game's analyst, a programs game's brute force, stress's
// brute force — is trusted only when it is consistent: a program that
// reads uninitialised memory or seeds its random numbers from the clock
// can give a wrong answer on some runs and the right one on others, and a
// repeated wrong answer must not pass as the truth (issue 29).
//
//   - Before a solver is blamed on an input against an oracle's answer, the
//     oracle is run there again until it has answered OracleRuns times in
//     all, every time the same (within the judge's strict rule; exactly for
//     an exact kind of answer).
//   - Before the verdict, the input it rests on (the failure shrunk, or as
//     found) is run again until the oracle has answered it TrustRuns times
//     in all, every time the same.
//   - A different answer anywhere in the run, while searching or while
//     shrinking, withdraws the blame: the verdict names the oracle
//     (ErrInconsistentOracle; stress: the brute force's fault), exit 2.
//
// An oracle that gives its wrong answer on a share q of its runs, and the
// right one otherwise, passes the first rule with chance q² and the second
// with q¹¹ (a share q = ½: 1 in 4, then 1 in 2048), and every candidate
// shrinking judges gives it another chance to show itself. A deterministic
// analyst costs TrustRuns solves of the failing board, once, and
// OracleRuns−1 of each board that fails while shrinking.

// OracleRuns is how many runs in all an oracle must answer an input the
// same on before a solver is blamed there against that answer.
const OracleRuns = 3

// TrustRuns is how many runs in all the oracle must answer the same on the
// input a failing verdict rests on, before the verdict is given.
const TrustRuns = 12

// ErrInconsistentOracle is wrapped by the error of a check whose oracle
// (a game's analyst, a programs game's brute force) gave two answers to the
// same board, or whose analyst another oracle (the rules engine)
// contradicts: it cannot judge the solver there, and it, not the solver,
// is at fault.
var ErrInconsistentOracle = errors.New("the oracle is inconsistent")

// oracleAgain solves b again, OracleRuns−1 times, after the solver's answer
// disagreed with first, the analyst's, and has a game that can confirm it
// (Confirmer) confirm it: the confirmed answer when the analyst gives the
// same answer every time (within the judge's strict rule; exactly for an
// exact kind) and the confirmation holds, else an error that names the
// oracle at fault. A brute force that changes its answer (issues 21, 29),
// or an analyst the rules engine contradicts (issue 28), is caught before
// the solver is blamed. When ctx ends (--time, an interrupt), it stops
// the oracle and returns an error wrapping ctx's cause: nobody is blamed.
func (c *CrossCheck) oracleAgain(ctx context.Context, b Board, first Solution) (Solution, error) {
	if err := c.sameAnswers(ctx, b, first, OracleRuns-1); err != nil {
		return Solution{}, err
	}
	cg, ok := c.Game.(Confirmer)
	if !ok {
		return first, nil
	}
	confirmed, err := cg.Confirm(ctx, b, first)
	if ctx.Err() != nil {
		return Solution{}, fmt.Errorf("confirming the analyst: %w", context.Cause(ctx))
	}
	if err != nil {
		return Solution{}, err
	}
	return confirmed, nil
}

// sameAnswers solves b again, runs times: nil when every answer is first's.
func (c *CrossCheck) sameAnswers(ctx context.Context, b Board, first Solution, runs int) error {
	for range runs {
		if err := c.sameAnswer(ctx, b, first); err != nil {
			return err
		}
	}
	return nil
}

// sameAnswer solves b once more: nil when the answer is first's; an error
// wrapping ctx's cause when ctx ends first.
func (c *CrossCheck) sameAnswer(ctx context.Context, b Board, first Solution) error {
	again, err := AnswerWithin(ctx, c.Game, b)
	if ctx.Err() != nil {
		return fmt.Errorf("solving the board again: %w", context.Cause(ctx))
	}
	if err != nil {
		return fmt.Errorf("%w: %s: it answered %v on a board, then failed on the same board: %v", ErrInconsistentOracle, c.oracleName(first), first.Value, err)
	}
	if j := c.Game.answerJudge(); !j.Agrees(first, again.value(), true) {
		return fmt.Errorf("%w: %s answered %s on a board, then %s on the same board, so it cannot judge the solver there",
			ErrInconsistentOracle, c.oracleName(first), j.show(first), j.show(again))
	}
	return nil
}

// trust re-checks the oracle on the board a wrong answer f rests on,
// before the verdict: TrustRuns in all, counting the OracleRuns it gave
// when f was found. Other verdicts rest on no oracle's answer. When ctx
// ends, an error wrapping its cause.
func (c *CrossCheck) trust(ctx context.Context, f *Failure) error {
	if f == nil || f.Verdict != WrongAnswer || f.Index < 0 || f.Index >= len(f.Boards) || f.Index >= len(f.Ours) {
		return nil
	}
	if err := c.sameAnswers(ctx, f.Boards[f.Index], f.Ours[f.Index], TrustRuns-OracleRuns); err != nil {
		return fmt.Errorf("%w (re-checked before the verdict on %s)", err, f.Source)
	}
	return nil
}
