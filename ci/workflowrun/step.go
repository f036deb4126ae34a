package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rhysd/actionlint"
)

// maxSummary is the most a step's summary may hold on GitHub (1 MiB).
const maxSummary = 1 << 20

// runScript runs a run: step as GitHub's runner does on Linux: the script
// in a file, through the step's shell, in the workspace, with the runner's
// variables and files. It returns the step's outputs ($GITHUB_OUTPUT) and
// keeps what it wrote to $GITHUB_ENV, $GITHUB_PATH and $GITHUB_STEP_SUMMARY.
func (r *runner) runScript(in *instance, n int, run *actionlint.ExecRun, env map[string]string) (bool, map[string]string, error) {
	script, err := in.sc.interpolate(run.Run.Value)
	if err != nil {
		return false, nil, cannotRun("job %s: step %d: %v", in.name, n, err)
	}
	for _, line := range strings.Split(strings.TrimRight(script, "\n"), "\n") {
		fmt.Fprintf(r.out, "   $ %s\n", line)
	}
	shell, dir := in.defaults()
	if run.Shell != nil {
		shell = run.Shell.Value
	}
	if run.WorkingDirectory != nil {
		dir = run.WorkingDirectory.Value
	}
	argv, err := shellCommand(shell)
	if err != nil {
		return false, nil, cannotRun("job %s: step %d: %v", in.name, n, err)
	}
	in.files++
	base := filepath.Join(in.temp, fmt.Sprintf("_step%d", in.files))
	if err := os.MkdirAll(base, 0o755); err != nil {
		return false, nil, err
	}
	file := func(name string) string { return filepath.Join(base, name) }
	scriptFile := file("script.sh")
	if err := os.WriteFile(scriptFile, []byte(script), 0o755); err != nil {
		return false, nil, err
	}
	for _, f := range []string{"output", "env", "path", "summary"} {
		if err := os.WriteFile(file(f), nil, 0o644); err != nil {
			return false, nil, err
		}
	}
	for i, a := range argv {
		argv[i] = strings.ReplaceAll(a, "{0}", scriptFile)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = abs(in.workspace, dir)
	cmd.Stdout, cmd.Stderr = r.out, r.out
	vars := map[string]string{
		"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": in.workspace,
		"GITHUB_OUTPUT": file("output"), "GITHUB_ENV": file("env"), "GITHUB_PATH": file("path"),
		"GITHUB_STEP_SUMMARY": file("summary"), "RUNNER_TEMP": in.temp, "RUNNER_OS": "Linux",
		"RUNNER_ARCH": runnerArch(), "GITHUB_SHA": r.src.sha, "GITHUB_RUN_ID": "1", "GITHUB_RUN_NUMBER": "1",
		"GITHUB_REPOSITORY": "local/dry-run", "GITHUB_REF": "refs/heads/main",
		"GITHUB_EVENT_NAME": in.sc.contexts["github"].(map[string]any)["event_name"].(string),
		"GITHUB_JOB":        in.sc.contexts["github"].(map[string]any)["job"].(string),
	}
	for k, v := range env {
		vars[k] = v
	}
	cmd.Env = append([]string(nil), r.env...)
	if len(in.path) > 0 {
		cmd.Env = append(cmd.Env, "PATH="+strings.Join(in.path, string(os.PathListSeparator))+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	keys := make([]string, 0, len(vars))
	for k := range vars {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		cmd.Env = append(cmd.Env, k+"="+vars[k])
	}
	runErr := cmd.Run()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return false, nil, cannotRun("job %s: step %d: %v", in.name, n, runErr)
	}
	outputs, err := readKeyValues(file("output"))
	if err != nil {
		return false, nil, fmt.Errorf("job %s: step %d: $GITHUB_OUTPUT: %w", in.name, n, err)
	}
	envs, err := readKeyValues(file("env"))
	if err != nil {
		return false, nil, fmt.Errorf("job %s: step %d: $GITHUB_ENV: %w", in.name, n, err)
	}
	for k, v := range envs {
		in.env[k] = v
	}
	if b, err := os.ReadFile(file("path")); err == nil {
		for _, p := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if p = strings.TrimSpace(p); p != "" {
				in.path = append([]string{p}, in.path...)
			}
		}
	}
	if b, err := os.ReadFile(file("summary")); err == nil {
		if len(b) > maxSummary {
			fmt.Fprintf(r.out, "   warning: $GITHUB_STEP_SUMMARY is %d bytes; GitHub shows none over %d\n", len(b), maxSummary)
		}
		in.summary.Write(b)
	}
	if exit != nil {
		fmt.Fprintf(r.out, "   exit status %d\n", exit.ExitCode())
		return false, outputs, nil
	}
	return true, outputs, nil
}

// defaults are the job's, else the workflow's, defaults.run.
func (in *instance) defaults() (shell, dir string) {
	for _, d := range []*actionlint.Defaults{in.wf.Defaults, in.job.Defaults} {
		if d == nil || d.Run == nil {
			continue
		}
		if d.Run.Shell != nil {
			shell = d.Run.Shell.Value
		}
		if d.Run.WorkingDirectory != nil {
			dir = d.Run.WorkingDirectory.Value
		}
	}
	return shell, dir
}

// shellCommand is the command line GitHub's Linux runner uses for a shell:
// https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax#jobsjob_idstepsshell
func shellCommand(shell string) ([]string, error) {
	switch shell {
	case "":
		return []string{"bash", "-e", "{0}"}, nil
	case "bash":
		return []string{"bash", "--noprofile", "--norc", "-eo", "pipefail", "{0}"}, nil
	case "sh":
		return []string{"sh", "-e", "{0}"}, nil
	}
	if strings.Contains(shell, "{0}") {
		return strings.Fields(shell), nil
	}
	return nil, fmt.Errorf("shell %q is not emulated", shell)
}

// readKeyValues reads a runner file of NAME=VALUE lines and
// NAME<<DELIMITER blocks.
func readKeyValues(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		if name, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(name, "=") {
			var val []string
			closed := false
			for sc.Scan() {
				if sc.Text() == delim {
					closed = true
					break
				}
				val = append(val, sc.Text())
			}
			if !closed {
				return nil, fmt.Errorf("%s: no closing %s", name, delim)
			}
			out[name] = strings.Join(val, "\n")
			continue
		}
		name, val, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("%q is neither NAME=VALUE nor NAME<<DELIMITER", line)
		}
		out[name] = val
	}
	return out, sc.Err()
}
