package docstest

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// job is the part of a Kubernetes Job manifest the checks read.
type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    *int   `yaml:"completions"`
		Template       struct {
			Spec struct {
				RestartPolicy string      `yaml:"restartPolicy"`
				Containers    []container `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// container is the part of a Job's container the checks read.
type container struct {
	Name    string   `yaml:"name"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Env     []envVar `yaml:"env"`
}

// envVar is one variable of a container's environment.
type envVar struct {
	Name  string `yaml:"name"`
	Value string `yaml:"value"`
}

// scripts are the shell scripts the Job's containers run through sh -c.
func (j job) scripts() []string {
	var out []string
	for _, c := range j.Spec.Template.Spec.Containers {
		if len(c.Command) == 2 && c.Command[0] == "sh" && c.Command[1] == "-c" && len(c.Args) == 1 {
			out = append(out, c.Args[0])
		}
	}
	return out
}

// jobProblems says what is wrong with a documented Job: not a batch/v1 Job
// that never restarts a pod (a shard run twice would write its directory
// twice); an Indexed Job whose CHANCECHECK_SHARD_COUNT is not its
// completions (its shards would not cover the run) or that does not run
// --shard auto. shellCheck, if not nil, checks each sh -c script.
func jobProblems(j job, shellCheck func(string) error) []string {
	var bad []string
	name := j.Metadata.Name
	if j.APIVersion != "batch/v1" || j.Kind != "Job" {
		bad = append(bad, fmt.Sprintf("%s: %s %s, want a batch/v1 Job", name, j.APIVersion, j.Kind))
	}
	if j.Spec.Template.Spec.RestartPolicy != "Never" {
		bad = append(bad, fmt.Sprintf("%s: restartPolicy %q, want Never", name, j.Spec.Template.Spec.RestartPolicy))
	}
	scripts := j.scripts()
	if len(scripts) == 0 {
		bad = append(bad, fmt.Sprintf("%s: no container runs an sh -c script", name))
	}
	for _, s := range scripts {
		if shellCheck != nil {
			if err := shellCheck(s); err != nil {
				bad = append(bad, fmt.Sprintf("%s: sh -n: %v", name, err))
			}
		}
	}
	if j.Spec.CompletionMode != "Indexed" {
		return bad
	}
	if j.Spec.Completions == nil {
		return append(bad, fmt.Sprintf("%s: an Indexed Job without completions", name))
	}
	count := ""
	for _, c := range j.Spec.Template.Spec.Containers {
		for _, e := range c.Env {
			if e.Name == "CHANCECHECK_SHARD_COUNT" {
				count = e.Value
			}
		}
	}
	if count != strconv.Itoa(*j.Spec.Completions) {
		bad = append(bad, fmt.Sprintf("%s: CHANCECHECK_SHARD_COUNT %q, want the completions, %d", name, count, *j.Spec.Completions))
	}
	if !strings.Contains(strings.Join(scripts, "\n"), "--shard auto") {
		bad = append(bad, fmt.Sprintf("%s: an Indexed Job whose pods do not run --shard auto", name))
	}
	return bad
}

// documentedJobs reads the Kubernetes manifests of docs/ci.md.
func documentedJobs(t *testing.T) []job {
	t.Helper()
	p, err := readPage("docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	var jobs []job
	for _, b := range p.blocks {
		if b.lang != "yaml" || !strings.Contains(b.body, "apiVersion:") {
			continue
		}
		var j job
		if err := yaml.Unmarshal([]byte(b.body), &j); err != nil {
			t.Fatalf("docs/ci.md:%d: %v", b.line, err)
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// TestKubernetesManifests: docs/ci.md shows an Indexed Job whose pods run
// shards by --shard auto and a Job that merges them, each well-formed
// (jobProblems; its scripts pass sh -n where there is a sh).
func TestKubernetesManifests(t *testing.T) {
	var shellCheck func(string) error
	if sh, err := exec.LookPath("sh"); err == nil {
		shellCheck = func(s string) error {
			msg, err := shellSyntax(sh, s)
			if err != nil {
				return fmt.Errorf("%v: %s", err, msg)
			}
			return nil
		}
	}
	var indexed, merge int
	for _, j := range documentedJobs(t) {
		for _, bad := range jobProblems(j, shellCheck) {
			t.Error(bad)
		}
		if j.Spec.CompletionMode == "Indexed" {
			indexed++
		}
		if all := strings.Join(j.scripts(), "\n"); strings.Contains(all, "report merge") || strings.Contains(all, "check merge") {
			merge++
		}
	}
	if indexed != 1 || merge != 1 {
		t.Errorf("docs/ci.md shows %d Indexed Jobs and %d merging Jobs, want one of each", indexed, merge)
	}

	// Planted faults: each is caught.
	completions := 4
	var planted job
	planted.APIVersion, planted.Kind, planted.Metadata.Name = "batch/v1", "Job", "planted"
	planted.Spec.CompletionMode, planted.Spec.Completions = "Indexed", &completions
	planted.Spec.Template.Spec.RestartPolicy = "OnFailure"
	planted.Spec.Template.Spec.Containers = []container{{Name: "report", Command: []string{"sh", "-c"},
		Args: []string{"chancecheck report --shard 1/4"}, Env: []envVar{{"CHANCECHECK_SHARD_COUNT", "3"}}}}
	got := strings.Join(jobProblems(planted, func(string) error { return fmt.Errorf("planted syntax error") }), "\n")
	for _, want := range []string{"restartPolicy \"OnFailure\"", "CHANCECHECK_SHARD_COUNT \"3\", want the completions, 4", "do not run --shard auto", "planted syntax error"} {
		if !strings.Contains(got, want) {
			t.Errorf("a planted fault went unseen: want %q in\n%s", want, got)
		}
	}
}

// TestSlurmScript: docs/ci.md shows an sbatch script of a job array whose
// tasks run --shard auto, and its submission with a merge that waits for
// every task; bash -n of each is TestShellBlocksParse's.
func TestSlurmScript(t *testing.T) {
	p, err := readPage("docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	var array, merge bool
	for _, b := range p.blocks {
		if b.lang != "bash" {
			continue
		}
		if strings.HasPrefix(b.body, "#!/bin/bash\n") && strings.Contains(b.body, "#SBATCH --array=") {
			array = true
			if !strings.Contains(b.body, "--shard auto") {
				t.Errorf("docs/ci.md:%d: the job array's script does not run --shard auto", b.line)
			}
		}
		if strings.Contains(b.body, "--dependency=afterany:") && strings.Contains(b.body, "check merge") {
			merge = true
		}
	}
	if !array || !merge {
		t.Errorf("docs/ci.md: sbatch script of a job array %v, its merge after every task %v; want both", array, merge)
	}
}
