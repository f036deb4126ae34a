// Package testenv holds what the module's test binaries share about the
// process they run in, for tests only: the collector's target of a test
// binary whose tests allocate much (BatchGC).
//
//	func TestMain(m *testing.M) {
//		testenv.BatchGC()
//		os.Exit(m.Run())
//	}
package testenv
