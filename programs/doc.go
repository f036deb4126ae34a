// Package programs is a game defined by programs in any language, and the
// stress run that judges a solver against them: no Go beyond installing
// chancecheck. The programs are those of a problem setter's stress loop,
// in the testlib convention (docs/programs.md is their protocol):
//
//   - a generator, run as `GEN SEED name=value ...`, prints one input; the
//     same arguments must print the same bytes;
//   - a referee, run as `REF SEED RUNS` with the input on stdin, plays the
//     literal rules RUNS times with its own randomness and prints the
//     outcomes, one a line or as `outcome count` lines;
//   - optionally a brute force, the input on stdin, prints the exact answer;
//   - the solver under test, the input on stdin, prints its answer.
//
// Stress draws inputs from the generator over a parameter space, judges the
// solver against the brute force by the judge's rule (props.Tolerance) and
// against the referee statistically: an exact binomial test for a
// probability, a Hoeffding and an empirical Bernstein bound for an
// expectation of outcomes in a stated range, or the DKW inequality against
// the distribution a solver prints beside its answer
// (Stress.SolverDistribution). Every statistical check of a
// run shares one false-alarm budget (Bonferroni), and each states the
// smallest difference it could see. A fault of a program (time limit,
// crash, output format, memory limit, as props.CrossCheck classifies a
// solver's) is reported as that program's: a generator's, a referee's or a
// brute force's fault is never the solver's. A failure is shrunk by
// searching the parameter space toward small values, and other seeds at
// them; a statistical failure is first re-confirmed on fresh referee runs.
//
// Game makes the same programs, with a brute force as the analyst, a
// props.Game, for check, report and every other command.
//
//	s := &programs.Stress{
//		GameSpec: programs.GameSpec{
//			Generator: programs.MustCommand("python3 gen.py"),
//			Referee:   programs.MustCommand("python3 ref.py"),
//			Quantity:  programs.Probability,
//			Params:    []programs.Param{{Name: "w", Lo: 0, Hi: 20}, {Name: "b", Lo: 0, Hi: 20}},
//		},
//		Solver: programs.MustCommand("./sol"),
//		Cases:  50, Runs: 20000, Seed: 1, Alpha: 0.01,
//	}
//	result, err := s.Run(ctx)
package programs
