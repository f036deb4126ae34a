// Command workflowrun dry-runs a GitHub Actions workflow on this machine, so
// that the commands a workflow runs are known to work on a clean checkout
// without GitHub. From the repository's top:
//
//	go run -C ci/workflowrun . [flags] ../../.github/workflows/ci.yml
//
// It is a module of its own (ci/workflowrun/go.mod), apart from chancecheck's:
// it is a tool of chancecheck's CI, not part of the product, and its
// dependencies (actionlint's parser, doublestar) are not the product's. So
// the root's go test ./... and go vet ./... leave it out; .ci/run vets and
// tests it in its own directory. The workflow's path is taken relative to the
// current directory (ci/workflowrun under go run -C), and must lie inside the
// git repository that directory belongs to.
//
// It clones the repository's HEAD into a temporary directory (-worktree
// copies the working tree instead, uncommitted changes and all), reads the
// workflow from there with actionlint's parser, and runs its jobs in the
// order their needs allow, one at a time: each job and matrix entry in a
// fresh copy of the clone, every run: step through the shell GitHub would
// use, with ${{ }} expressions evaluated over inputs, matrix, needs, steps,
// env, github, runner and strategy, and $GITHUB_OUTPUT, $GITHUB_ENV,
// $GITHUB_PATH and $GITHUB_STEP_SUMMARY as files. A job that calls a local
// reusable workflow (uses: ./.github/workflows/x.yml) runs that workflow's
// jobs with the inputs it is given.
//
// Four actions are emulated, and any other is an error rather than a step
// silently left out: actions/checkout (a fresh copy of the clone),
// actions/setup-go (the machine's go, checked against the version asked for),
// actions/upload-artifact and actions/download-artifact (artifacts are
// directories under DIR/artifacts, with the v4 actions' names, paths and
// immutability).
//
// Not emulated: runners and containers (every job runs on this machine),
// parallel jobs, timeouts, caches, secrets, concurrency, a matrix's include
// and exclude, and actions other than the four. The exit status is 1 when a
// job failed, 2 when the workflow cannot be run here.
package main
