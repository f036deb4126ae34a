package cli

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// shardAuto is the --shard value that takes the worker's slice from the
// environment a batch system gives it.
const shardAuto = "auto"

// The environment --shard auto reads. A GitHub Actions matrix hands a
// worker nothing of its own accord, so the reusable workflow (and any
// other system that can set a variable per worker) sets shardEnv; a
// Kubernetes Indexed Job sets its pods' index and says nothing of their
// count, which the manifest gives in shardCountEnv; a Slurm job array sets
// its tasks' ids, which may start anywhere and step by more than one.
const (
	shardEnv      = "CHANCECHECK_SHARD"
	shardCountEnv = "CHANCECHECK_SHARD_COUNT"
	k8sIndexEnv   = "JOB_COMPLETION_INDEX"
	slurmIDEnv    = "SLURM_ARRAY_TASK_ID"
	slurmCountEnv = "SLURM_ARRAY_TASK_COUNT"
	slurmMinEnv   = "SLURM_ARRAY_TASK_MIN"
	slurmMaxEnv   = "SLURM_ARRAY_TASK_MAX"
	slurmStepEnv  = "SLURM_ARRAY_TASK_STEP"
)

// shardFlagHelp is the --shard flag's help after "i/n", the same for check
// and report.
const shardFlagHelp = `or "auto": from $` + shardEnv + `, a Kubernetes Indexed Job or a Slurm job array`

// shardAutoHelp says in a command's help where --shard auto looks.
const shardAutoHelp = `--shard auto takes i and n from the environment a batch system gives each
worker: ` + shardEnv + `=i/n (a GitHub Actions matrix, as the reusable
workflow sets it, or any system), ` + k8sIndexEnv + ` (from 0) with
` + shardCountEnv + ` (a Kubernetes Indexed Job), or ` + slurmIDEnv + `
and ` + slurmCountEnv + ` (a Slurm job array, counted from ` + slurmMinEnv + `).`

// parseShard reads the value of --shard: "i/n", or "auto" for the slice
// the environment names, looked up by lookup (nil: the process's).
func parseShard(value string, lookup func(string) (string, bool)) (props.Shard, error) {
	if value != shardAuto {
		return props.ParseShard(value)
	}
	if lookup == nil {
		lookup = os.LookupEnv
	}
	return shardFromEnv(lookup)
}

// shardSource is one batch system's say on the worker's slice.
type shardSource struct {
	name  string // what said it, for messages: "CHANCECHECK_SHARD=2/3"
	shard props.Shard
}

// shardFromEnv is --shard auto: the slice each batch system whose variables
// are set names, which must be one and the same slice. A system whose
// variables are set only in part, or to nonsense, is an error, never a
// guess: a worker that took the wrong slice would check boards twice and
// others never.
func shardFromEnv(lookup func(string) (string, bool)) (props.Shard, error) {
	var found []shardSource
	for _, read := range []func(func(string) (string, bool)) (*shardSource, error){
		explicitShard, kubernetesShard, slurmShard,
	} {
		src, err := read(lookup)
		if err != nil {
			return props.Shard{}, fmt.Errorf("shard auto: %w", err)
		}
		if src != nil {
			found = append(found, *src)
		}
	}
	if len(found) == 0 {
		return props.Shard{}, fmt.Errorf("shard auto: no batch system's shard in the environment: "+
			"set %s=i/n, run as a Kubernetes Indexed Job (%s, with %s set to its completions) "+
			"or a Slurm job array (%s, %s), or give --shard i/n",
			shardEnv, k8sIndexEnv, shardCountEnv, slurmIDEnv, slurmCountEnv)
	}
	for _, src := range found[1:] {
		if src.shard != found[0].shard {
			return props.Shard{}, fmt.Errorf("shard auto: %s says shard %v but %s says %v: unset one, or give --shard i/n",
				found[0].name, found[0].shard, src.name, src.shard)
		}
	}
	return found[0].shard, nil
}

// explicitShard reads CHANCECHECK_SHARD=i/n.
func explicitShard(lookup func(string) (string, bool)) (*shardSource, error) {
	v, ok := lookup(shardEnv)
	if !ok {
		return nil, nil
	}
	sh, err := props.ParseShard(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shardEnv, err)
	}
	return &shardSource{shardEnv + "=" + v, sh}, nil
}

// kubernetesShard reads an Indexed Job's JOB_COMPLETION_INDEX (0 to
// completions−1) and the count CHANCECHECK_SHARD_COUNT beside it.
func kubernetesShard(lookup func(string) (string, bool)) (*shardSource, error) {
	v, ok := lookup(k8sIndexEnv)
	if !ok {
		return nil, nil
	}
	index, err := envInt(k8sIndexEnv, v)
	if err != nil {
		return nil, err
	}
	c, ok := lookup(shardCountEnv)
	if !ok {
		return nil, fmt.Errorf("%s is set (a Kubernetes Indexed Job) but %s is not: set it to the Job's completions", k8sIndexEnv, shardCountEnv)
	}
	count, err := envInt(shardCountEnv, c)
	if err != nil {
		return nil, err
	}
	if count < 1 || index < 0 || index >= count {
		return nil, fmt.Errorf("%s=%d with %s=%d: want 0 ≤ index < count", k8sIndexEnv, index, shardCountEnv, count)
	}
	return &shardSource{fmt.Sprintf("%s=%d of %s=%d", k8sIndexEnv, index, shardCountEnv, count),
		props.Shard{Index: index + 1, Count: count}}, nil
}

// slurmShard reads a job array's task id, counting from the array's least
// id (SLURM_ARRAY_TASK_MIN: --array=5-7 runs tasks 5, 6 and 7) in steps of
// SLURM_ARRAY_TASK_STEP (--array=0-8:4). An array whose ids are not evenly
// spaced (--array=1,2,7) has no slice number per task, and is refused.
func slurmShard(lookup func(string) (string, bool)) (*shardSource, error) {
	v, ok := lookup(slurmIDEnv)
	if !ok {
		return nil, nil
	}
	get := func(name string, need bool, fallback int) (int, error) {
		s, ok := lookup(name)
		if !ok {
			if need {
				return 0, fmt.Errorf("%s is set (a Slurm job array) but %s is not", slurmIDEnv, name)
			}
			return fallback, nil
		}
		return envInt(name, s)
	}
	id, err := envInt(slurmIDEnv, v)
	if err != nil {
		return nil, err
	}
	count, err := get(slurmCountEnv, true, 0)
	if err != nil {
		return nil, err
	}
	least, err := get(slurmMinEnv, true, 0)
	if err != nil {
		return nil, err
	}
	step, err := get(slurmStepEnv, false, 1)
	if err != nil {
		return nil, err
	}
	most, err := get(slurmMaxEnv, false, least+(count-1)*step)
	if err != nil {
		return nil, err
	}
	switch {
	case count < 1 || step < 1:
		return nil, fmt.Errorf("%s=%d, %s=%d: want both at least 1", slurmCountEnv, count, slurmStepEnv, step)
	case most != least+(count-1)*step:
		return nil, fmt.Errorf("the Slurm array's %d task ids from %d to %d are not evenly spaced by %d: give the array as a range (--array=1-%d) or --shard i/n",
			count, least, most, step, count)
	case id < least || id > most || (id-least)%step != 0:
		return nil, fmt.Errorf("%s=%d is not one of the array's task ids (%s)", slurmIDEnv, id, arrayIDs(least, step, count))
	}
	return &shardSource{fmt.Sprintf("%s=%d of %d from %d", slurmIDEnv, id, count, least),
		props.Shard{Index: (id-least)/step + 1, Count: count}}, nil
}

// envInt reads variable name's value v as a whole number.
func envInt(name, v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("%s=%q: want a whole number", name, v)
	}
	return n, nil
}

// arrayIDs lists a Slurm array's task ids as a reader takes them in: all
// of a short array, the first two and the last of a long one.
func arrayIDs(least, step, count int) string {
	if count <= 4 {
		ids := make([]string, count)
		for i := range ids {
			ids[i] = fmt.Sprint(least + i*step)
		}
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%d, %d, ..., %d", least, least+step, least+(count-1)*step)
}
