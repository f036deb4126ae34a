// Package solverproc runs someone else's solver as a real process: the
// command line split like a shell would, the input on stdin, stdout captured,
// the tail of stderr kept for crash reports, and a time limit enforced by
// killing the solver's whole process group, so that nothing it started is
// left running.
//
//	argv, _ := solverproc.Split("python3 sol.py --fast")
//	res, err := solverproc.Run(ctx, argv, input, 2*time.Second)
//	// err: the command could not start; res.TimedOut, res.ExitCode,
//	// res.Signal and res.StderrTail describe how it ended.
package solverproc
