// Package testenv holds what the module's test binaries share about the
// process they run in and the programs they start, for tests only: the
// collector's target of a test binary whose tests allocate much (BatchGC),
// how many parallel tests run at once in a package whose parallel tests
// mostly wait (Parallel), and Go programs built once, from go run's
// executable cache, for the tests that run them as solvers (GoPrograms).
//
//	func TestMain(m *testing.M) {
//		testenv.BatchGC()
//		testenv.Parallel(4)
//		os.Exit(m.Run())
//	}
package testenv
