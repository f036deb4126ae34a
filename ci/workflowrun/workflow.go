package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
)

// errCannotRun marks a workflow this program cannot run as written: a
// syntax error, an action or expression it does not emulate. It ends the dry
// run at once, with exit status 2.
var errCannotRun = errors.New("cannot be dry-run")

func cannotRun(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errCannotRun, fmt.Sprintf(format, args...))
}

// load parses the workflow file at path, relative to the source tree.
func load(root, path string) (*actionlint.Workflow, error) {
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		return nil, cannotRun("%v", err)
	}
	wf, errs := actionlint.Parse(b)
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = fmt.Sprintf("%s:%d:%d: %s", path, e.Line, e.Column, e.Message)
		}
		return nil, cannotRun("%s", strings.Join(msgs, "\n"))
	}
	return wf, nil
}

// callInputs returns a workflow_call workflow's inputs: the given ones (a
// caller's with:), then the -input overrides, then the defaults, each
// converted to its declared type.
func callInputs(wf *actionlint.Workflow, path string, given map[string]any, overrides map[string]string, used map[string]bool) (map[string]any, error) {
	call, ok := wf.FindWorkflowCallEvent()
	if !ok {
		if len(given) > 0 {
			return nil, cannotRun("%s is called with inputs but has no workflow_call event", path)
		}
		return map[string]any{}, nil
	}
	declared := map[string]*actionlint.WorkflowCallEventInput{}
	for _, in := range call.Inputs {
		declared[in.ID] = in
	}
	for name := range given {
		if declared[name] == nil {
			return nil, cannotRun("%s has no input %q", path, name)
		}
	}
	inputs := map[string]any{}
	for _, in := range call.Inputs {
		var v any
		switch {
		case hasKey(overrides, in.ID):
			v = overrides[in.ID]
			used[in.ID] = true
		case given[in.ID] != nil:
			v = given[in.ID]
		case in.Default != nil:
			v = in.Default.Value
		case in.IsRequired():
			return nil, cannotRun("%s: the input %s is required (give it with -input %s=VALUE)", path, in.ID, in.ID)
		}
		typed, err := typed(in, v)
		if err != nil {
			return nil, cannotRun("%s: input %s: %v", path, in.ID, err)
		}
		inputs[in.ID] = typed
	}
	return inputs, nil
}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// typed converts an input's value to its declared type, as GitHub does
// before the called workflow sees it.
func typed(in *actionlint.WorkflowCallEventInput, v any) (any, error) {
	s, isString := v.(string)
	switch in.Type {
	case actionlint.WorkflowCallEventInputTypeBoolean:
		switch {
		case v == nil:
			return false, nil
		case isString && (s == "true" || s == "false"):
			return s == "true", nil
		}
		if b, ok := v.(bool); ok {
			return b, nil
		}
		return nil, fmt.Errorf("%v is not a boolean", v)
	case actionlint.WorkflowCallEventInputTypeNumber:
		switch {
		case v == nil:
			return float64(0), nil
		case isString:
			f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil {
				return nil, fmt.Errorf("%q is not a number", s)
			}
			return f, nil
		}
		if f, ok := v.(float64); ok {
			return f, nil
		}
		return nil, fmt.Errorf("%v is not a number", v)
	default:
		t, err := text(v)
		if err != nil {
			return nil, err
		}
		return t, nil
	}
}

// order returns the job IDs in an order their needs allow: among the jobs
// ready at once, the one written first.
func order(wf *actionlint.Workflow, path string) ([]string, error) {
	ids := make([]string, 0, len(wf.Jobs))
	for id := range wf.Jobs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return wf.Jobs[ids[i]].Pos.IsBefore(wf.Jobs[ids[j]].Pos) })
	done := map[string]bool{}
	var out []string
	for len(out) < len(ids) {
		progress := false
		for _, id := range ids {
			if done[id] {
				continue
			}
			ready := true
			for _, n := range wf.Jobs[id].Needs {
				need := strings.ToLower(n.Value)
				if wf.Jobs[need] == nil {
					return nil, cannotRun("%s: job %s needs %s, which is not in the workflow", path, id, n.Value)
				}
				ready = ready && done[need]
			}
			if ready {
				done[id] = true
				out = append(out, id)
				progress = true
				break
			}
		}
		if !progress {
			return nil, cannotRun("%s: the jobs' needs form a cycle", path)
		}
	}
	return out, nil
}
