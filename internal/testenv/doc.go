// Package testenv holds what the module's test binaries share about the
// process they run in, for tests only: the collector's target of a test
// binary whose tests allocate much (BatchGC), and how many parallel tests
// run at once in a package whose parallel tests mostly wait (Parallel).
//
//	func TestMain(m *testing.M) {
//		testenv.BatchGC()
//		testenv.Parallel(4)
//		os.Exit(m.Run())
//	}
package testenv
