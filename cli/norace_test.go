//go:build !race

package cli

// raceBuild: see race_test.go.
const raceBuild = false
