package arch_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// nameLimit matches a hand-written name-length check: a length compared
// with the names package's 120.
var nameLimit = regexp.MustCompile(`(RuneCountInString|len)\([^)]*\)\s*>=?\s*12[01]\b`)

// nameLimitViolations lists, for Go source files (tests aside) keyed by
// their path, the lines that check a name's length outside internal/names.
func nameLimitViolations(files map[string]string) []string {
	var out []string
	for path, src := range files {
		if strings.HasPrefix(path, "names/") || strings.HasSuffix(path, "_test.go") {
			continue
		}
		for i, line := range strings.Split(src, "\n") {
			if nameLimit.MatchString(line) {
				out = append(out, path+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(line))
			}
		}
	}
	return out
}

// TestOneNameLengthRule keeps the 120-character rule in internal/names:
// every domain asks names.TooLong or names.Clean.
func TestOneNameLengthRule(t *testing.T) {
	files := map[string]string{}
	root := "../"
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = string(src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("read only %d files under internal/", len(files))
	}
	for _, v := range nameLimitViolations(files) {
		t.Errorf("a name-length check outside internal/names: %s", v)
	}
}

func TestNameRuleSeesAHandWrittenCheck(t *testing.T) {
	got := nameLimitViolations(map[string]string{
		"display/service.go": "if utf8.RuneCountInString(r.Name) > 120 {",
		"names/rule.go":      "func TooLong(s string) bool { return utf8.RuneCountInString(s) > MaxLen }",
	})
	if len(got) != 1 || !strings.HasPrefix(got[0], "display/service.go:1:") {
		t.Fatalf("got %v", got)
	}
}
