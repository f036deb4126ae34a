package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// source is the tree every checkout copies: a fresh clone of the
// repository's HEAD, or a copy of its working tree.
type source struct {
	dir  string // the tree
	sha  string // HEAD's commit
	note string // what the tree is, for the log
}

// cloneHead clones repo's HEAD into dst. Uncommitted changes are not in it:
// this is what GitHub checks out for a pushed commit.
func cloneHead(repo, dst string) (*source, error) {
	sha, err := git(repo, "rev-parse", "HEAD")
	if err != nil {
		return nil, err
	}
	if _, err := git("", "clone", "--quiet", "--no-checkout", repo, dst); err != nil {
		return nil, err
	}
	if _, err := git(dst, "checkout", "--quiet", "--detach", sha); err != nil {
		return nil, err
	}
	note := fmt.Sprintf("a fresh clone of HEAD %.12s", sha)
	if dirty, _ := git(repo, "status", "--porcelain"); dirty != "" {
		n := strings.Count(dirty, "\n") + 1
		note += fmt.Sprintf(" (the working tree has %d uncommitted change(s), which are not in it: commit them, or pass -worktree)", n)
	}
	return &source{dir: dst, sha: sha, note: note}, nil
}

// copyWorktree copies repo's working tree as git sees it, tracked and
// untracked files but not ignored ones, into dst; without .git.
func copyWorktree(repo, dst string) (*source, error) {
	sha, err := git(repo, "rev-parse", "HEAD")
	if err != nil {
		return nil, err
	}
	list, err := git(repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	n := 0
	for _, f := range strings.Split(list, "\x00") {
		if f == "" {
			continue
		}
		src := filepath.Join(repo, f)
		st, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // deleted, not yet committed
		} else if err != nil {
			return nil, err
		}
		to := filepath.Join(dst, f)
		if st.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(src)
			if err != nil {
				return nil, err
			}
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return nil, err
			}
			if err := os.Symlink(target, to); err != nil {
				return nil, err
			}
		} else if err := copyFile(src, to); err != nil {
			return nil, err
		}
		n++
	}
	note := fmt.Sprintf("a copy of the working tree (%d files, uncommitted changes included; no .git) on HEAD %.12s", n, sha)
	return &source{dir: dst, sha: sha, note: note}, nil
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
