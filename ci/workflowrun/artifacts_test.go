package main

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// tree writes files (path: content) under a new directory.
func tree(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// listing is every file under dir, relative to it.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func TestUpload(t *testing.T) {
	ws := tree(t,
		"props/testdata/rapid/TestA/TestA-1.fail", "games/snakes/testdata/rapid/TestB/x.fail",
		"props/props.go", "report/report.md", "report/report.html", "report/.hidden",
		"shard/a.json", "shard/sub/b.json", "test-results.xml")
	tests := []struct {
		name, path string
		want       []string
	}{
		// Paths stay below the least common ancestor of the patterns' literal parts.
		{"rapid's fail files", "**/testdata/rapid/**",
			[]string{"games/snakes/testdata/rapid/TestB/x.fail", "props/testdata/rapid/TestA/TestA-1.fail"}},
		{"a directory", "shard/", []string{"a.json", "sub/b.json"}},
		{"one file", "test-results.xml", []string{"test-results.xml"}},
		{"files of one directory", "report/report.html\nreport/report.md", []string{"report.html", "report.md"}},
		{"a directory, hidden files left out", "report/", []string{"report.html", "report.md"}},
		{"an exclusion", "shard/\n!shard/sub/**", []string{"a.json"}},
	}
	for _, tt := range tests {
		arts := &artifacts{dir: t.TempDir()}
		if _, err := arts.upload(ws, map[string]string{"name": "a", "path": tt.path}); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := listing(t, filepath.Join(arts.dir, "a")); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: artifact holds %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestUploadRules(t *testing.T) {
	ws := tree(t, "a.txt")
	arts := &artifacts{dir: t.TempDir()}
	if _, err := arts.upload(ws, map[string]string{"name": "x", "path": "a.txt"}); err != nil {
		t.Fatal(err)
	}
	if _, err := arts.upload(ws, map[string]string{"name": "x", "path": "a.txt"}); err == nil || !strings.Contains(err.Error(), "immutable") {
		t.Errorf("a second upload of x: %v, want the v4 immutability error", err)
	}
	if _, err := arts.upload(ws, map[string]string{"name": "x", "path": "a.txt", "overwrite": "true"}); err != nil {
		t.Errorf("overwrite: %v", err)
	}
	if _, err := arts.upload(ws, map[string]string{"name": "y", "path": "none/", "if-no-files-found": "error"}); err == nil {
		t.Error("no files under if-no-files-found: error: no error")
	}
	if msg, err := arts.upload(ws, map[string]string{"name": "y", "path": "none/"}); err != nil || !strings.HasPrefix(msg, "warning:") {
		t.Errorf("no files, warn by default: %q, %v", msg, err)
	}
	if _, err := os.Stat(filepath.Join(arts.dir, "y")); err == nil {
		t.Error("an upload of no files made an artifact")
	}
}

func TestDownload(t *testing.T) {
	ws := tree(t, "s1/report.json", "s2/report.json", "other/x")
	arts := &artifacts{dir: t.TempDir()}
	for name, path := range map[string]string{"cc-report-shard-1": "s1/", "cc-report-shard-2": "s2/", "cc-other": "other/"} {
		if _, err := arts.upload(ws, map[string]string{"name": name, "path": path}); err != nil {
			t.Fatal(err)
		}
	}
	dst := t.TempDir()
	if _, err := arts.download(dst, map[string]string{"pattern": "cc-report-shard-*", "path": "shards"}); err != nil {
		t.Fatal(err)
	}
	want := []string{"shards/cc-report-shard-1/report.json", "shards/cc-report-shard-2/report.json"}
	if got := listing(t, dst); !reflect.DeepEqual(got, want) {
		t.Errorf("download by pattern: %q, want %q", got, want)
	}
	dst = t.TempDir()
	if _, err := arts.download(dst, map[string]string{"name": "cc-other"}); err != nil {
		t.Fatal(err)
	}
	if got := listing(t, dst); !reflect.DeepEqual(got, []string{"x"}) {
		t.Errorf("download by name: %q, want [x]", got)
	}
	if _, err := arts.download(dst, map[string]string{"name": "cc-missing"}); err == nil {
		t.Error("download of a missing artifact: no error")
	}
}
