package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/rhysd/actionlint"
)

// instance is one job, or one entry of its matrix, while it runs.
type instance struct {
	name      string
	job       *actionlint.Job
	wf        *actionlint.Workflow
	workspace string
	temp      string
	sc        *scope
	env       map[string]string // workflow and job env, and $GITHUB_ENV's
	path      []string          // $GITHUB_PATH's, first first
	steps     map[string]any    // the steps context
	summary   strings.Builder
	files     int // the runner files made so far
}

// runInstance runs a job's steps in a fresh workspace, with the contexts
// the job sees (r.contexts) and its matrix entry's. ok is false when a step
// failed.
func (r *runner) runInstance(wf *actionlint.Workflow, job *actionlint.Job, name string, contexts, matrix, strategy map[string]any) (bool, map[string]any, error) {
	start := time.Now()
	dir, workspace, temp, keep, err := r.instanceDir(name)
	if err != nil {
		return false, nil, err
	}
	in := &instance{
		name: name, job: job, wf: wf, workspace: workspace, temp: temp,
		env: map[string]string{}, steps: map[string]any{},
	}
	in.sc = &scope{status: status{success: true}, contexts: map[string]any{}}
	for k, v := range contexts {
		in.sc.contexts[k] = v
	}
	in.sc.contexts["github"] = with(contexts["github"], "workspace", in.workspace)
	in.sc.contexts["runner"] = with(contexts["runner"], "temp", in.temp)
	in.sc.contexts["matrix"] = matrix
	in.sc.contexts["strategy"] = strategy
	in.sc.contexts["steps"] = in.steps
	fmt.Fprintf(r.out, "\n== %s   [%s]\n", name, relTo(r.dir, dir))
	for _, env := range []*actionlint.Env{wf.Env, job.Env} {
		if err := in.addEnv(env, in.env); err != nil {
			return false, nil, cannotRun("job %s: env: %v", name, err)
		}
	}
	failed := false
	for i, step := range job.Steps {
		ok, err := r.runStep(in, i+1, step, failed)
		if err != nil {
			return false, nil, err
		}
		if !ok {
			failed = true
		}
	}
	outputs := map[string]any{}
	for id, o := range job.Outputs {
		v, err := in.sc.interpolate(o.Value.Value)
		if err != nil {
			return false, nil, cannotRun("job %s: outputs: %s: %v", name, id, err)
		}
		outputs[id] = v
	}
	if err := keep(); err != nil {
		return false, nil, err
	}
	conclusion := "success"
	if failed {
		conclusion = "failure"
	}
	if text := in.summary.String(); text != "" {
		file := filepath.Join(r.dir, "summaries", filepath.Base(dir)+".md")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return false, nil, err
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			return false, nil, err
		}
		r.summaries = append(r.summaries, summary{job: name, file: file, text: text})
	}
	fmt.Fprintf(r.out, "== %s: %s in %s\n", name, conclusion, time.Since(start).Round(100*time.Millisecond))
	r.results = append(r.results, result{job: name, conclusion: conclusion, elapsed: time.Since(start)})
	return !failed, outputs, nil
}

// runStep decides whether a step runs and runs it. ok is false when it
// failed (and continue-on-error does not excuse it).
func (r *runner) runStep(in *instance, n int, step *actionlint.Step, failed bool) (bool, error) {
	in.sc.status = status{success: !failed, failure: failed}
	env := map[string]string{}
	for k, v := range in.env {
		env[k] = v
	}
	in.sc.contexts["env"] = stringMap(env)
	title := stepTitle(in, step)
	id := ""
	if step.ID != nil {
		id = step.ID.Value
	}
	record := func(outcome, conclusion string, outputs map[string]string) {
		if id != "" {
			in.steps[id] = map[string]any{"outcome": outcome, "conclusion": conclusion, "outputs": stringMap(outputs)}
		}
	}
	cond := ""
	if step.If != nil {
		cond = step.If.Value
	}
	run, err := in.sc.condition(cond)
	if err != nil {
		return false, cannotRun("job %s: step %d: %v", in.name, n, err)
	}
	if !run {
		fmt.Fprintf(r.out, "-- step %d: %s: skipped (if: %s)\n", n, title, orDefault(cond, "success()"))
		record("skipped", "skipped", nil)
		return true, nil
	}
	if r.skipped(in.name, step, title) {
		fmt.Fprintf(r.out, "-- step %d: %s: skipped: %s\n", n, title, r.reason)
		record("success", "success", nil)
		return true, nil
	}
	if err := in.addEnv(step.Env, env); err != nil {
		return false, cannotRun("job %s: step %d: env: %v", in.name, n, err)
	}
	fmt.Fprintf(r.out, "-- step %d: %s\n", n, title)
	if step.Env != nil {
		names := make([]string, 0, len(step.Env.Vars))
		for _, v := range step.Env.Vars {
			names = append(names, v.Name.Value)
		}
		sort.Strings(names)
		for _, k := range names {
			fmt.Fprintf(r.out, "   env %s=%s\n", k, env[k])
		}
	}
	var ok bool
	var outputs map[string]string
	switch exec := step.Exec.(type) {
	case *actionlint.ExecRun:
		ok, outputs, err = r.runScript(in, n, exec, env)
	case *actionlint.ExecAction:
		ok, err = r.runAction(in, exec)
	default:
		err = cannotRun("job %s: step %d: neither run: nor uses:", in.name, n)
	}
	if err != nil {
		return false, err
	}
	if !ok {
		if step.ContinueOnError != nil && step.ContinueOnError.Value {
			fmt.Fprintf(r.out, "   (failed; continue-on-error)\n")
			record("failure", "success", outputs)
			return true, nil
		}
		fmt.Fprintf(r.out, "   step %d failed\n", n)
		record("failure", "failure", outputs)
		return false, nil
	}
	record("success", "success", outputs)
	return true, nil
}

// skipped reports whether -skip names this step, by its id or its name.
func (r *runner) skipped(job string, step *actionlint.Step, title string) bool {
	base := job
	if i := strings.Index(base, " ("); i >= 0 {
		base = base[:i] // a matrix entry: the job's name
	}
	keys := []string{base + ":" + title}
	if step.ID != nil {
		keys = append(keys, base+":"+step.ID.Value)
	}
	for _, k := range keys {
		if _, ok := r.skips[k]; ok {
			r.skips[k] = true
			return true
		}
	}
	return false
}

func stepTitle(in *instance, step *actionlint.Step) string {
	if step.Name != nil {
		if t, err := in.sc.interpolate(step.Name.Value); err == nil {
			return t
		}
		return step.Name.Value
	}
	switch exec := step.Exec.(type) {
	case *actionlint.ExecAction:
		return exec.Uses.Value
	case *actionlint.ExecRun:
		line, _, _ := strings.Cut(strings.TrimSpace(exec.Run.Value), "\n")
		return "Run " + line
	}
	return "step"
}

// addEnv evaluates an env: block into dst, each value seeing the env before it.
func (in *instance) addEnv(env *actionlint.Env, dst map[string]string) error {
	if env == nil {
		return nil
	}
	if env.Expression != nil {
		return fmt.Errorf("an env: given by an expression is not emulated")
	}
	in.sc.contexts["env"] = stringMap(dst)
	for _, v := range env.Vars {
		val, err := in.sc.interpolate(v.Value.Value)
		if err != nil {
			return fmt.Errorf("%s: %w", v.Name.Value, err)
		}
		dst[v.Name.Value] = val
	}
	in.sc.contexts["env"] = stringMap(dst)
	return nil
}

// with is a copy of the object obj with key set to v.
func with(obj any, key string, v any) map[string]any {
	out := map[string]any{key: v}
	for k, e := range obj.(map[string]any) {
		if k != key {
			out[k] = e
		}
	}
	return out
}

func stringMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
