// Package jenga holds the Colored Jenga tower (Codeforces 424E): its type,
// the parser and writer of the original input format, validation, and the
// published sample (Samples).
//
// A tower is a stack of levels of three blocks (left, middle, right), each
// red, green or blue; the last level is the top. During play the top level
// may be partly built and lower levels may have lost blocks, so a Level can
// hold Empty positions. The package knows the shape of a tower and nothing
// of the rules of play: the analyst (package exact) and the referee (package
// montecarlo/referees) each implement those on their own, so that a mistake in one is
// caught by the other.
//
// The input format is n on the first line, then n lines of three letters
// from R, G, B, bottom to top (the last line is the top, as every accepted
// solution and the published sample answer read it).
//
// Where the rest of the game lives (one page to start from):
//
//   - analyst: exact/jenga.go (SolveJenga: the optimal expected throws over
//     the canonical towers, with its policy and the law of the throws) and
//     the files beside it (jenga_canon.go, jenga_sweep.go, ...);
//     exact/jenga_eval.go (EvaluateJenga, any player's value);
//   - referee: montecarlo/referees/jenga.go (JengaReferee, PlayJenga: the real tower,
//     every move checked against the rules) and the policies it plays in
//     montecarlo/referees/jenga_policies.go;
//   - generator: generators/jenga.go (Jenga, JengaWith) and its coverage
//     classes in generators/jenga_class.go;
//   - definition: props/specs/jenga.go (Jenga, JengaSpec), with its
//     properties, invariants and transformations in props/specs/jenga_props.go,
//     props/specs/jenga_invariants.go and props/specs/jenga_transform.go;
//   - rules: rules/gamerules/jenga.go, written from the statement, checked
//     three ways by JengaThreeWay (props/specs/threeway.go);
//   - a contest-style solver with planted slips, for check's tests:
//     props/specs/testdata/solvers/jenga.
package jenga
