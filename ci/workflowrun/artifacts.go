package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// artifacts holds a run's artifacts, one directory each, as
// actions/upload-artifact@v4 and download-artifact@v4 see them: names are
// unique in a workflow run (a called workflow's jobs share the caller's run),
// and an upload keeps the files' paths below their least common ancestor.
type artifacts struct {
	dir string
}

// upload copies the files that path's patterns match (relative to
// workspace; a !pattern excludes) into the artifact named name.
func (a *artifacts) upload(workspace string, with map[string]string) (string, error) {
	name := withDefault(with, "name", "artifact")
	if with["path"] == "" {
		return "", errors.New("upload-artifact: path is required")
	}
	if strings.ContainsAny(name, `":<>|*?\/`) {
		return "", fmt.Errorf("upload-artifact: %q is not a valid artifact name", name)
	}
	files, root, err := matchFiles(workspace, with["path"], with["include-hidden-files"] == "true")
	if err != nil {
		return "", fmt.Errorf("upload-artifact: %w", err)
	}
	if len(files) == 0 {
		msg := fmt.Sprintf("no files were found with the provided path: %s. No artifacts will be uploaded.", strings.TrimSpace(with["path"]))
		switch mode := withDefault(with, "if-no-files-found", "warn"); mode {
		case "error":
			return "", fmt.Errorf("upload-artifact: %s", msg)
		case "warn":
			return "warning: " + msg, nil
		case "ignore":
			return msg, nil
		default:
			return "", fmt.Errorf("upload-artifact: if-no-files-found: %q is not warn, error or ignore", mode)
		}
	}
	dst := filepath.Join(a.dir, name)
	if _, err := os.Stat(dst); err == nil {
		if with["overwrite"] != "true" {
			return "", fmt.Errorf("upload-artifact: an artifact named %q is already in this run (v4 artifacts are immutable; name each matrix entry's apart)", name)
		}
		if err := os.RemoveAll(dst); err != nil {
			return "", err
		}
	}
	for _, f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			return "", err
		}
		if err := copyFile(f, filepath.Join(dst, rel)); err != nil {
			return "", fmt.Errorf("upload-artifact: %w", err)
		}
	}
	return fmt.Sprintf("artifact %s: %d file(s) from %s", name, len(files), relTo(workspace, root)), nil
}

// download copies the artifact named name, or those matching pattern (each
// into its own directory unless merge-multiple), into path.
func (a *artifacts) download(workspace string, with map[string]string) (string, error) {
	dst := workspace
	if p := with["path"]; p != "" {
		dst = abs(workspace, p)
	}
	if name := with["name"]; name != "" {
		src := filepath.Join(a.dir, name)
		if _, err := os.Stat(src); err != nil {
			return "", fmt.Errorf("download-artifact: Artifact not found: %s", name)
		}
		if err := copyTree(src, dst); err != nil {
			return "", fmt.Errorf("download-artifact: %w", err)
		}
		return fmt.Sprintf("artifact %s into %s", name, relTo(workspace, dst)), nil
	}
	pattern := withDefault(with, "pattern", "*")
	entries, err := os.ReadDir(a.dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	var names []string
	for _, e := range entries {
		if ok, err := doublestar.Match(pattern, e.Name()); err != nil {
			return "", fmt.Errorf("download-artifact: pattern %q: %w", pattern, err)
		} else if ok {
			names = append(names, e.Name())
		}
	}
	for _, name := range names {
		to := filepath.Join(dst, name)
		if with["merge-multiple"] == "true" {
			to = dst
		}
		if err := copyTree(filepath.Join(a.dir, name), to); err != nil {
			return "", fmt.Errorf("download-artifact: %w", err)
		}
	}
	return fmt.Sprintf("%d artifact(s) matching %s into %s: %s", len(names), pattern, relTo(workspace, dst), strings.Join(names, " ")), nil
}

// matchFiles returns the files that the newline-separated patterns match
// and the directory their artifact paths are relative to: the least common
// ancestor of the patterns' literal prefixes (a single file's directory). A
// pattern that matches a directory takes every file below it; files and
// directories whose names start with a dot are left out unless hidden.
func matchFiles(workspace, patterns string, hidden bool) ([]string, string, error) {
	var include, exclude []string
	for _, line := range strings.Split(patterns, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "!"):
			exclude = append(exclude, abs(workspace, strings.TrimSpace(line[1:])))
		default:
			include = append(include, abs(workspace, line))
		}
	}
	seen := map[string]bool{}
	var files, prefixes []string
	for _, pat := range include {
		prefix := literalPrefix(pat)
		prefixes = append(prefixes, prefix)
		err := filepath.WalkDir(prefix, func(p string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(prefix, p)
			if !hidden && rel != "." && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() || seen[p] || !matchesOrBelow(pat, p, prefix) {
				return nil
			}
			for _, ex := range exclude {
				if matchesOrBelow(ex, p, "/") {
					return nil
				}
			}
			seen[p] = true
			files = append(files, p)
			return nil
		})
		if err != nil {
			return nil, "", err
		}
	}
	sort.Strings(files)
	root := commonAncestor(prefixes)
	if len(prefixes) == 1 {
		if st, err := os.Stat(root); err == nil && !st.IsDir() {
			root = filepath.Dir(root)
		}
	}
	return files, root, nil
}

// matchesOrBelow reports whether pattern matches file or one of its
// directories up to stop.
func matchesOrBelow(pattern, file, stop string) bool {
	pattern = strings.TrimSuffix(pattern, "/")
	for p := file; ; p = filepath.Dir(p) {
		if ok, _ := doublestar.Match(pattern, p); ok {
			return true
		}
		if p == stop || p == filepath.Dir(p) || len(p) < len(stop) {
			return false
		}
	}
}

// literalPrefix is the part of an absolute pattern before its first element
// with a wildcard.
func literalPrefix(pattern string) string {
	parts := strings.Split(filepath.Clean(pattern), string(filepath.Separator))
	for i, part := range parts {
		if strings.ContainsAny(part, "*?[{") {
			return filepath.Join(string(filepath.Separator), filepath.Join(parts[:i]...))
		}
	}
	return filepath.Clean(pattern)
}

func commonAncestor(paths []string) string {
	if len(paths) == 0 {
		return "/"
	}
	common := strings.Split(paths[0], string(filepath.Separator))
	for _, p := range paths[1:] {
		parts := strings.Split(p, string(filepath.Separator))
		n := 0
		for n < len(common) && n < len(parts) && common[n] == parts[n] {
			n++
		}
		common = common[:n]
	}
	return filepath.Join(string(filepath.Separator), filepath.Join(common...))
}

func abs(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

func relTo(base, p string) string {
	if rel, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

func withDefault(with map[string]string, key, def string) string {
	if v := with[key]; v != "" {
		return v
	}
	return def
}

// copyTree copies the directory src into dst, keeping modes and symbolic
// links.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		default:
			return copyFile(p, to)
		}
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
