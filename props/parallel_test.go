package props

// Which of props' tests run in parallel (t.Parallel), and why not the rest:
// the reasons of props/specs/parallel_test.go, which has most of the long
// tests. A test that fixes rapid's seed, or a CrossCheck that may shrink,
// stays serial (rapid's flags are process-wide, and two shrinks at once
// would eat each other's time budget); what is left is the long pure
// computation of a distribution followed for 2^22 throws (TestTooLongToPlay)
// and the checks that wait out a time budget (Time, BoardTime) with
// nothing failing and nothing to shrink: TestCrossCheckBoardTime,
// TestCrossCheckStuckOracleStopped, TestCrossCheckTimeEndsRunsInProgress and
// TestCrossCheckRunsTheWholeTime. None asserts a count that the load could
// change, only what ended the runs, so a neighbour's CPU cannot turn them.
