package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
)

// runAction emulates one of the four actions a chancecheck workflow uses.
// Any other is an error: a step left out would make the dry run a lie.
func (r *runner) runAction(in *instance, exec *actionlint.ExecAction) (bool, error) {
	uses := exec.Uses.Value
	action, ref, _ := strings.Cut(uses, "@")
	with := map[string]string{}
	keys := make([]string, 0, len(exec.Inputs))
	for k := range exec.Inputs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, err := in.sc.interpolate(exec.Inputs[k].Value.Value)
		if err != nil {
			return false, cannotRun("job %s: %s: with: %s: %v", in.name, uses, k, err)
		}
		with[k] = v
		fmt.Fprintf(r.out, "   with %s: %s\n", k, strings.ReplaceAll(strings.TrimSpace(v), "\n", " | "))
	}
	var msg string
	var err error
	switch strings.ToLower(action) {
	case "actions/checkout":
		msg, err = r.checkout(in, with)
	case "actions/setup-go":
		msg, err = setupGo(in, with)
	case "actions/upload-artifact", "actions/download-artifact":
		if ref != "v4" {
			return false, cannotRun("job %s: %s: only @v4 is emulated", in.name, uses)
		}
		if strings.HasSuffix(action, "upload-artifact") {
			msg, err = r.arts.upload(in.workspace, with)
		} else {
			msg, err = r.arts.download(in.workspace, with)
		}
	default:
		return false, cannotRun("job %s: the action %s is not emulated", in.name, uses)
	}
	if err != nil {
		fmt.Fprintf(r.out, "   error: %v\n", err)
		return false, nil
	}
	fmt.Fprintf(r.out, "   (emulated) %s\n", msg)
	return true, nil
}

// checkout copies the source tree into the workspace (or with: path), as a
// fresh runner's checkout of the commit would be.
func (r *runner) checkout(in *instance, with map[string]string) (string, error) {
	for k := range with {
		switch k {
		case "path", "fetch-depth", "persist-credentials", "clean":
		default:
			return "", cannotRun("job %s: actions/checkout: with: %s is not emulated", in.name, k)
		}
	}
	dst := in.workspace
	if p := with["path"]; p != "" {
		dst = abs(in.workspace, p)
	}
	if err := copyTree(r.src.dir, dst); err != nil {
		return "", err
	}
	return fmt.Sprintf("checked out %.12s into %s (a copy of %s)", r.src.sha, relTo(in.workspace, dst), filepath.Base(r.src.dir)), nil
}

// setupGo uses this machine's go, and says whether it is the version the
// step asks for: a dry run cannot install another.
func setupGo(in *instance, with map[string]string) (string, error) {
	have := strings.TrimPrefix(runtime.Version(), "go")
	if v := with["go-version"]; v != "" {
		if !versionMatches(have, v) {
			return fmt.Sprintf("warning: setup-go would install go %s; this dry run uses the machine's go %s", v, have), nil
		}
		return fmt.Sprintf("go %s, as go-version %s asks", have, v), nil
	}
	file := with["go-version-file"]
	if file == "" {
		return fmt.Sprintf("warning: neither go-version nor go-version-file: setup-go would use the runner's go; this dry run uses go %s", have), nil
	}
	b, err := os.ReadFile(abs(in.workspace, file))
	if err != nil {
		return "", fmt.Errorf("setup-go: the go-version-file %s: %w", file, err)
	}
	want := goDirective(string(b))
	if base := filepath.Base(file); base != "go.mod" && base != "go.work" {
		want = strings.TrimPrefix(strings.TrimSpace(string(b)), "go") // .go-version
	}
	if want == "" {
		return "", fmt.Errorf("setup-go: %s names no go version", file)
	}
	if compareVersions(have, want) < 0 {
		return fmt.Sprintf("warning: %s asks for go %s; this machine has go %s", file, want, have), nil
	}
	return fmt.Sprintf("go %s, at least the %s that %s asks for", have, want, file), nil
}

// goDirective is the version of a go.mod's or go.work's go line.
func goDirective(mod string) string {
	for _, line := range strings.Split(mod, "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "go" {
			return f[1]
		}
	}
	return ""
}

// versionMatches reports whether version have is what setup-go's spec
// selects: "1.26" any 1.26.x, "1.26.3" exactly, "stable" anything.
func versionMatches(have, spec string) bool {
	spec = strings.TrimPrefix(strings.TrimPrefix(spec, "^"), "~")
	if spec == "stable" || spec == "oldstable" || spec == "1.x" {
		return true
	}
	spec = strings.TrimSuffix(spec, ".x")
	return have == spec || strings.HasPrefix(have, spec+".")
}

// compareVersions compares Go versions like 1.26.0 numerically.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(strings.TrimLeft(pa[i], "abcdefghijklmnopqrstuvwxyz"))
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(strings.TrimLeft(pb[i], "abcdefghijklmnopqrstuvwxyz"))
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}
