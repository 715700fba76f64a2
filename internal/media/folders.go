package media

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"vitrine/internal/names"
)

// FolderSep joins the parts of a folder path.
const FolderSep = "|"

// NormalizeFolder cleans a folder path: parts trimmed, empty parts (a leading
// or doubled '|') dropped. "" is the library root. A part longer than 100
// characters, a path deeper than 20 levels or a control character is
// refused.
func NormalizeFolder(s string) (string, error) {
	var parts []string
	for _, p := range strings.Split(s, FolderSep) {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if utf8.RuneCountInString(p) > 100 || strings.IndexFunc(p, unicode.IsControl) >= 0 || !utf8.ValidString(p) {
			return "", ErrFolderInvalid
		}
		parts = append(parts, p)
	}
	if len(parts) > 20 {
		return "", ErrFolderInvalid
	}
	return strings.Join(parts, FolderSep), nil
}

// BuildTree arranges media (already sorted) into the folder tree.
func BuildTree(list []Media) *Folder {
	root := &Folder{Media: []Media{}, Folders: []*Folder{}}
	index := map[string]*Folder{"": root}
	var node func(path string) *Folder
	node = func(path string) *Folder {
		if f, ok := index[path]; ok {
			return f
		}
		parent, name := "", path
		if i := strings.LastIndex(path, FolderSep); i >= 0 {
			parent, name = path[:i], path[i+1:]
		}
		f := &Folder{Name: name, Path: path, Media: []Media{}, Folders: []*Folder{}}
		p := node(parent)
		p.Folders = append(p.Folders, f)
		index[path] = f
		return f
	}
	for _, m := range list {
		f := node(m.Folder)
		f.Media = append(f.Media, m)
	}
	var sortTree func(f *Folder)
	sortTree = func(f *Folder) {
		slices.SortStableFunc(f.Folders, func(a, b *Folder) int { return names.Compare(a.Name, b.Name) })
		for _, c := range f.Folders {
			sortTree(c)
		}
	}
	sortTree(root)
	return root
}
