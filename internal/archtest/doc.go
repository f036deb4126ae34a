// Package archtest holds the module's architecture as a test: depsRules in
// deps_test.go writes down which package may import which, and
// TestDependencies fails when an import in the tree breaks it.
// It is modelled on $GOROOT/src/go/build/deps_test.go.
//
// The policy is the arrows of the README's Layout section (the whole tree is in
// docs/contributing.md), pointing one way:
//
//	cmd, examples → cli → reports → props → generators, exact, montecarlo → games
//	      examples → gametest → props
//
// with exact and montecarlo never importing each other, and no game depending
// on rapid. Only non-test imports count: a test may reach across the layers to
// check one against another (exact's tests generate boards, for instance).
//
// A package that is not in the policy fails the test until it is added, with
// the packages it may import and why. The package has no code of its own to
// import; run it with
//
//	go test ./internal/archtest/
package archtest
