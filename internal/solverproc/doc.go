// Package solverproc runs someone else's solver as a real process: the
// command line split like a shell would, the input on stdin, stdout captured,
// the tail of stderr kept for crash reports, a time limit enforced by
// killing the solver's whole process group, so that nothing it started is
// left running, and on Linux a memory limit (memory.go says how it is set
// and judged).
//
//	argv, _ := solverproc.Split("python3 sol.py --fast")
//	res, err := solverproc.Run(ctx, argv, input, solverproc.Limits{Time: 2 * time.Second, Memory: 256 << 20})
//	// err: the command could not start; res.TimedOut, res.ExitCode,
//	// res.Signal, res.OverMemory and res.StderrTail describe how it ended.
//
// A memory limit is set by starting the solver through the running program
// itself, which sets the limit and execs the solver (limit_linux.go): the
// package's init does that when it finds its environment variable, so any
// program linking this package can limit its solvers, with no outside tool.
package solverproc
