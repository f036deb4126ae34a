// Package traps holds the trap maze of SDOI 2011 "迷宫探险" (BZOJ 2246,
// Luogu P2489): its type, the parser and writer of the original input
// format, validation, the published samples (Samples), and the neutral
// vocabulary that analysts, referees and policies share (directions, what is
// revealed about each trap kind, the situation a player is in, and a policy
// as a table).
//
// A maze is an m × n grid of floor '.', walls '#', one start '$', exits '@'
// and traps 'A'…, one letter per kind. Each kind is harmful or harmless; the
// joint state of the K kinds is drawn from a prior of 2^K integer weights
// (bit t of an index set means kind t is harmful). The player starts with H
// lives, learns a kind by stepping on one of its traps, loses a life on every
// step onto a harmful trap, dies at 0, and wants to reach any exit alive.
//
// Nothing here computes probabilities: that is the analyst's job (package
// exact) and the referee's (package montecarlo/referees), which must not share code.
//
// Where the rest of the game lives (one page to start from):
//
//   - analyst: exact/traps.go (TrapSurvival, TrapSurvivalRat: the best
//     survival probability under Bayesian play), exact/traps_policy.go
//     (SolveTraps, the optimal policy as a table), exact/traps_eval.go
//     (EvaluateTrapPolicy, any policy's value) and exact/belief (the
//     posterior over the hidden kinds);
//   - referee: montecarlo/referees/traps.go (TrapsReferee, PlayTraps: the hidden state
//     drawn from the prior and kept from the policy) and the policies it
//     plays in montecarlo/referees/traps_policies.go;
//   - generator: generators/traps.go (Traps, TrapsWith), with
//     generators/traps_maps.go, traps_prior.go and traps_class.go;
//   - definition: props/specs/traps.go (Traps, TrapsSpec), with its
//     properties and invariants in props/specs/traps_props.go and
//     props/specs/traps_invariants.go;
//   - rules: rules/gamerules/traps.go, written from the statement, checked
//     three ways by TrapsThreeWay (props/specs/threeway.go);
//   - a contest-style solver with planted slips, for check's tests:
//     props/specs/testdata/solvers/traps.
package traps
