//go:build !race

package solverproc

// raceBuild: see race_test.go.
const raceBuild = false
