package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ", ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("workflowrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var inputs, skips listFlag
	worktree := fs.Bool("worktree", false, "copy the working tree, uncommitted changes and all, instead of cloning HEAD")
	fs.Var(&inputs, "input", "`NAME=VALUE` for a workflow_call input, over the caller's with: and the default (repeatable)")
	fs.Var(&skips, "skip", "`JOB:STEP` (a step's name or id; JOB as the log names it, caller/job in a called workflow) to leave out (repeatable)")
	reason := fs.String("skip-reason", "left out by -skip", "what the log says of a step left out by -skip")
	dir := fs.String("dir", "", "directory for the dry run (default: a new temporary one, removed when the run passes)")
	keep := fs.Bool("keep", false, "keep the dry run's directory when the run passes")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: workflowrun [flags] WORKFLOW.yml\n"+
			"   or, from the repository's top: go run -C ci/workflowrun . [flags] ../../.github/workflows/ci.yml\n\n"+
			"Runs a GitHub Actions workflow's jobs here, in a fresh clone of HEAD. Exit status:\n"+
			"0 every job passed, 1 a job failed, 2 the workflow cannot be dry-run.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	overrides := map[string]string{}
	for _, kv := range inputs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			fmt.Fprintf(stderr, "workflowrun: -input %q: want NAME=VALUE\n", kv)
			return 2
		}
		overrides[strings.ToLower(k)] = v
	}
	skip := map[string]bool{}
	for _, s := range skips {
		if !strings.Contains(s, ":") {
			fmt.Fprintf(stderr, "workflowrun: -skip %q: want JOB:STEP\n", s)
			return 2
		}
		skip[s] = false
	}

	repo, err := git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		fmt.Fprintf(stderr, "workflowrun: %v\n", err)
		return 2
	}
	wfPath, err := repoPath(repo, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "workflowrun: %v\n", err)
		return 2
	}
	root := *dir
	if root == "" {
		if root, err = os.MkdirTemp("", "workflowrun-"); err != nil {
			fmt.Fprintf(stderr, "workflowrun: %v\n", err)
			return 2
		}
	}
	if root, err = filepath.Abs(root); err != nil {
		fmt.Fprintf(stderr, "workflowrun: %v\n", err)
		return 2
	}
	var src *source
	if *worktree {
		src, err = copyWorktree(repo, filepath.Join(root, "source"))
	} else {
		src, err = cloneHead(repo, filepath.Join(root, "source"))
	}
	if err == nil {
		if _, serr := os.Stat(filepath.Join(src.dir, wfPath)); serr != nil {
			err = fmt.Errorf("%s is not in HEAD %.12s: commit it, or pass -worktree", wfPath, src.sha)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "workflowrun: %v\n", err)
		if *dir == "" {
			os.RemoveAll(root) // nothing has run: nothing to look at
		}
		return 2
	}
	fmt.Fprintf(stdout, "workflowrun: dry run of %s in %s\n", wfPath, src.note)
	fmt.Fprintf(stdout, "workflowrun: in %s; jobs run one at a time on this machine\n", root)

	r := &runner{
		src: src, dir: root, arts: &artifacts{dir: filepath.Join(root, "artifacts")},
		overrides: overrides, used: map[string]bool{}, skips: skip, reason: *reason,
		env: baseEnv(), out: stdout,
	}
	start := time.Now()
	worst, err := r.runWorkflow(wfPath, "", nil, "push")
	if err != nil {
		fmt.Fprintf(stderr, "workflowrun: %v\n", err)
		fmt.Fprintf(stderr, "workflowrun: the dry run is in %s\n", root)
		return 2
	}
	var unused []string
	for k := range overrides {
		if !r.used[k] {
			unused = append(unused, "-input "+k)
		}
	}
	for k, matched := range skip {
		if !matched {
			unused = append(unused, "-skip "+k)
		}
	}
	r.report(stdout, time.Since(start))
	if len(unused) > 0 {
		sort.Strings(unused)
		fmt.Fprintf(stderr, "workflowrun: matched no input or step: %s\n", strings.Join(unused, ", "))
		return 2
	}
	if worst != "success" {
		fmt.Fprintf(stdout, "workflowrun: FAILED (the dry run is in %s)\n", root)
		return 1
	}
	if *dir == "" && !*keep {
		os.RemoveAll(root)
	} else {
		fmt.Fprintf(stdout, "workflowrun: the dry run is in %s\n", root)
	}
	fmt.Fprintf(stdout, "workflowrun: passed\n")
	return 0
}

// repoPath is the workflow file's path relative to the repository.
func repoPath(repo, arg string) (string, error) {
	a, err := filepath.Abs(arg)
	if err != nil {
		return "", err
	}
	// Both sides through EvalSymlinks: git prints the real path.
	if real, err := filepath.EvalSymlinks(a); err == nil {
		a = real
	}
	rel, err := filepath.Rel(repo, a)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("%s is not in the repository %s", arg, repo)
	}
	return rel, nil
}

// report prints every job instance's conclusion and the job summaries.
func (r *runner) report(w io.Writer, elapsed time.Duration) {
	fmt.Fprintf(w, "\n== dry run: %d job(s) in %s\n", len(r.results), elapsed.Round(100*time.Millisecond))
	width := 0
	for _, res := range r.results {
		width = max(width, len(res.job))
	}
	for _, res := range r.results {
		line := fmt.Sprintf("  %-*s  %-9s", width, res.job, res.conclusion)
		if res.elapsed > 0 {
			line += " " + res.elapsed.Round(100*time.Millisecond).String()
		}
		if res.note != "" {
			line += " (" + res.note + ")"
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	for _, s := range r.summaries {
		fmt.Fprintf(w, "\n== job summary of %s ($GITHUB_STEP_SUMMARY, %d bytes):\n", s.job, len(s.text))
		lines := strings.Split(strings.TrimRight(s.text, "\n"), "\n")
		const most = 30
		for i, l := range lines {
			if i == most {
				fmt.Fprintf(w, "   | ... %d more line(s) in %s\n", len(lines)-most, relTo(r.dir, s.file))
				break
			}
			fmt.Fprintf(w, "   | %s\n", l)
		}
	}
}
