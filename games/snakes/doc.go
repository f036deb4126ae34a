// Package snakes holds the Snakes and Ladders board (LightOJ 1151): its type,
// the parser and writer of the original input format, validation, and the
// published sample (Samples).
//
// A board is a set of jumps between cells 1..100. The player starts on 1,
// throws a fair die, follows a jump where a move ends on its start, loses a
// throw that would overshoot 100, and finishes on 100. Validate rejects
// boards whose expected number of throws is infinite, naming a cell from
// which 100 cannot be reached.
//
// Where the rest of the game lives (one page to start from):
//
//   - analyst: exact/snakes.go (ExpectedThrows, the structured sweep of the
//     first-step equations; ExpectedThrowsRat, the exact fraction by another
//     route; ThrowDistribution, the law of the number of throws), with
//     exact/snakes_dense.go and exact/snakes_doomed.go beside it;
//   - referee: montecarlo/referees/snakes.go (SnakesReferee throws a real die and
//     walks the board);
//   - generator: generators/snakes.go (Snakes, SnakesWith) and its coverage
//     classes in generators/snakes_class.go;
//   - definition: props/specs/snakes.go (Snakes, SnakesSpec: the game as the
//     harness and the CLI see it, with its invariants, simplifiers and
//     judge);
//   - rules: rules/gamerules/snakes.go, written from the statement, checked
//     three ways against the analyst and the referee by SnakesThreeWay
//     (props/specs/threeway.go);
//   - a contest-style solver with planted slips, for check's tests:
//     props/specs/testdata/solvers/snakes.
package snakes
