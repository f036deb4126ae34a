// Package solvers holds contest-style solutions that the cross-check tests
// build and run as real processes: for each game a correct solution and the
// slips contestants make, selected by the first argument. They read the
// original input format on stdin and print the original output format, and
// share no code with the analyst.
package solvers
