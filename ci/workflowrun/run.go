package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/rhysd/actionlint"
)

// runner runs one dry run: a workflow, and the local workflows it calls,
// over one source tree.
type runner struct {
	src       *source
	dir       string // the dry run's directory: jobs/, artifacts/, summaries/
	arts      *artifacts
	overrides map[string]string // -input NAME=VALUE
	used      map[string]bool   // the overrides some workflow took
	skips     map[string]bool   // -skip JOB:STEP, true once matched
	reason    string            // -skip-reason
	env       []string          // the environment every step starts from
	out       io.Writer
	seq       int // job instances run so far, for their directories
	results   []result
	summaries []summary
}

// result is one job instance's outcome, for the closing table.
type result struct {
	job, conclusion string
	elapsed         time.Duration
	note            string
}

// summary is one job's $GITHUB_STEP_SUMMARY, all its steps' together.
type summary struct {
	job, file string
	text      string
}

// jobResult is what a job leaves for those that need it.
type jobResult struct {
	result  string // success, failure, cancelled or skipped
	outputs map[string]any
}

// runWorkflow runs the workflow at path (relative to the source tree) with
// the given inputs; prefix names its jobs in the log ("caller/" when
// called). It returns the worst of its jobs' results.
func (r *runner) runWorkflow(path, prefix string, inputs map[string]any, event string) (string, error) {
	wf, err := load(r.src.dir, path)
	if err != nil {
		return "", err
	}
	if inputs == nil { // the workflow the dry run was given
		if inputs, err = callInputs(wf, path, nil, r.overrides, r.used); err != nil {
			return "", err
		}
		if _, ok := wf.FindWorkflowCallEvent(); ok {
			event = "workflow_call"
		}
	}
	ids, err := order(wf, path)
	if err != nil {
		return "", err
	}
	results := map[string]*jobResult{}
	worst := "success"
	for _, id := range ids {
		job := wf.Jobs[id]
		res, err := r.runJob(wf, path, job, prefix+id, inputs, results, event)
		if err != nil {
			return "", err
		}
		results[id] = res
		if res.result == "failure" || (res.result == "cancelled" && worst != "failure") {
			worst = res.result
		}
	}
	return worst, nil
}

// runJob decides whether a job runs, expands its matrix and runs each
// entry, or the workflow it calls.
func (r *runner) runJob(wf *actionlint.Workflow, path string, job *actionlint.Job, name string, inputs map[string]any, done map[string]*jobResult, event string) (*jobResult, error) {
	needs := map[string]any{}
	st := status{success: true}
	for _, n := range job.Needs {
		id := strings.ToLower(n.Value)
		res := done[id]
		needs[id] = map[string]any{"result": res.result, "outputs": res.outputs}
		switch res.result {
		case "failure":
			st.success, st.failure = false, true
		case "success":
		default:
			st.success = false
		}
	}
	contexts := r.contexts(inputs, needs, event, job.ID.Value)
	sc := &scope{status: st, contexts: contexts}
	cond := ""
	if job.If != nil {
		cond = job.If.Value
	}
	run, err := sc.condition(cond)
	if err != nil {
		return nil, cannotRun("%s: job %s: %v", path, name, err)
	}
	if !run {
		why := "its if: is false"
		if cond == "" {
			why = "a job it needs did not succeed"
		}
		fmt.Fprintf(r.out, "\n== %s: skipped (%s)\n", name, why)
		r.results = append(r.results, result{job: name, conclusion: "skipped", note: why})
		return &jobResult{result: "skipped", outputs: map[string]any{}}, nil
	}
	if job.WorkflowCall != nil {
		return r.callWorkflow(job, name, sc)
	}
	var matrix *actionlint.Matrix
	failFast := true
	if job.Strategy != nil {
		matrix = job.Strategy.Matrix
		if job.Strategy.FailFast != nil && job.Strategy.FailFast.Expression == nil {
			failFast = job.Strategy.FailFast.Value
		}
	}
	entries, err := expand(matrix, sc)
	if err != nil {
		return nil, cannotRun("%s: job %s: %v", path, name, err)
	}
	res := &jobResult{result: "success", outputs: map[string]any{}}
	for i, entry := range entries {
		instance := name
		if l := label(entry); l != "" {
			instance += " (" + l + ")"
		}
		if res.result == "failure" && failFast {
			fmt.Fprintf(r.out, "\n== %s: cancelled (fail-fast: an earlier entry failed)\n", instance)
			r.results = append(r.results, result{job: instance, conclusion: "cancelled", note: "fail-fast"})
			continue
		}
		strategy := map[string]any{"fail-fast": failFast, "job-index": float64(i), "job-total": float64(len(entries)), "max-parallel": float64(len(entries))}
		ok, outputs, err := r.runInstance(wf, job, instance, contexts, entry, strategy)
		if err != nil {
			return nil, err
		}
		if !ok {
			res.result = "failure"
		}
		for k, v := range outputs {
			res.outputs[k] = v // as on GitHub, the last entry to set one wins
		}
	}
	return res, nil
}

// callWorkflow runs a job's uses: ./.github/workflows/x.yml with its with:.
func (r *runner) callWorkflow(job *actionlint.Job, name string, sc *scope) (*jobResult, error) {
	uses := job.WorkflowCall.Uses.Value
	if !strings.HasPrefix(uses, "./") {
		return nil, cannotRun("job %s: uses: %s: only local workflows (./...) are emulated", name, uses)
	}
	path := filepath.Clean(uses)
	wf, err := load(r.src.dir, path)
	if err != nil {
		return nil, err
	}
	given := map[string]any{}
	for id, in := range job.WorkflowCall.Inputs {
		v, err := sc.value(in.Value.Value)
		if err != nil {
			return nil, cannotRun("job %s: with: %s: %v", name, id, err)
		}
		given[id] = v
	}
	inputs, err := callInputs(wf, path, given, r.overrides, r.used)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(r.out, "\n== %s: calls %s\n", name, path)
	result, err := r.runWorkflow(path, name+"/", inputs, "workflow_call")
	if err != nil {
		return nil, err
	}
	return &jobResult{result: result, outputs: map[string]any{}}, nil
}

// contexts are the expression contexts a job sees before its steps run.
func (r *runner) contexts(inputs, needs map[string]any, event, job string) map[string]any {
	return map[string]any{
		"inputs": inputs,
		"needs":  needs,
		"matrix": map[string]any{},
		"github": map[string]any{
			"event_name": event, "sha": r.src.sha, "ref": "refs/heads/main", "ref_name": "main",
			"repository": "local/dry-run", "repository_owner": "local", "run_id": "1", "run_number": "1",
			"run_attempt": "1", "actor": "workflowrun", "server_url": "https://github.com",
			"workspace": "", "job": job, "event": map[string]any{},
		},
		"runner":   map[string]any{"os": "Linux", "arch": runnerArch(), "name": "workflowrun", "environment": "github-hosted"},
		"strategy": map[string]any{},
		"env":      map[string]any{},
		"steps":    map[string]any{},
		"job":      map[string]any{"status": "success"},
		"secrets":  map[string]any{},
		"vars":     map[string]any{},
	}
}

func runnerArch() string {
	switch runtime.GOARCH {
	case "arm64":
		return "ARM64"
	case "386":
		return "X86"
	}
	return "X64"
}

// baseEnv is the environment steps start from: this process's, less what
// would not be on a fresh runner (GitHub's own variables, rapid's settings
// from a calling script).
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GITHUB_") || strings.HasPrefix(k, "RUNNER_") || strings.HasPrefix(k, "ACTIONS_") || strings.HasPrefix(k, "RAPID_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// instanceDir makes a new directory for a job instance's record, and an
// empty workspace and temp at the same paths every job has, as on GitHub
// (/home/runner/work/REPO/REPO): the Go build cache keys a package by its
// directory, so a path of its own per job would compile everything anew.
// keep moves them into the record when the job is done.
func (r *runner) instanceDir(name string) (dir, workspace, temp string, keep func() error, err error) {
	r.seq++
	slug := strings.Map(func(c rune) rune {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			return c
		}
		return '-'
	}, name)
	dir = filepath.Join(r.dir, "jobs", fmt.Sprintf("%02d-%s", r.seq, strings.Trim(slug, "-")))
	workspace = filepath.Join(r.dir, "work", "workspace")
	temp = filepath.Join(r.dir, "work", "_temp")
	for _, d := range []string{dir, workspace, temp} {
		if err := os.RemoveAll(d); err != nil {
			return "", "", "", nil, err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", "", "", nil, err
		}
	}
	keep = func() error {
		if err := os.Rename(workspace, filepath.Join(dir, "workspace")); err != nil {
			return err
		}
		return os.Rename(temp, filepath.Join(dir, "temp"))
	}
	return dir, workspace, temp, keep, nil
}
