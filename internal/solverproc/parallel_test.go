package solverproc

// Which of solverproc's tests run in parallel (t.Parallel), and why not the
// rest. go test runs a package's parallel tests together after its serial
// ones have ended, so a parallel test overlaps only the other parallel ones.
//
// Most tests here stay serial: a test that runs its case in both modes
// (modes) sets CHANCECHECK_NO_CGROUP with t.Setenv, which every Run reads,
// and the helper-process tests set their helper's variable the same way;
// the CPU-time tests burn both cores on purpose (TestRunCPUTimeUnderLoad)
// or measure CPU time a neighbour could take from them.
//
// What runs in parallel are the tests that mostly wait and set nothing
// process-wide: TestGateAlone (solvers that sleep 0.3 s, their order read
// from the events they write, not from a clock) and TestIdleIsTimeWithoutWork,
// whose three cases run in parallel too: two sleep until the idleness limit
// stops them, and the busy loop needs 10 ms of CPU time in each 1 s window,
// which it got (40 ms) at load 19 on two cores, far more load than two
// sleepers and a shell beside it. TestRunKillsTheGroup (an idleness limit
// of 300 ms, then a child's death awaited for up to 2 s) and TestRun
// (plain runs, and a time limit that is CPU time) run beside them too:
// neither sets anything, and what they assert is CPU time, exit status and
// output, not a clock. TestMain lets four parallel tests run at once, not
// one per core: all but TestRun's time limit mostly wait.
//
// Within a mode, the cases of TestRunKillsEscapedDescendants and
// TestLeftoversOnlyWhenTheSolverExits run in parallel with each other: the
// mode's subtest sets the variable and holds it until its parallel cases
// have ended (a parallel subtest of a serial test runs before its parent
// ends, beside its siblings alone), so no case runs under the other mode.
// Their runs are a check's runs under --jobs: each run's tree is its own
// (TestSweepSparesOtherRuns), each case asserts on its own run's children,
// and the waits that remain are idleness limits and sleeps.
