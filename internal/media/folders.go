package media

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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
		slices.SortStableFunc(f.Folders, func(a, b *Folder) int { return NaturalCompare(a.Name, b.Name) })
		for _, c := range f.Folders {
			sortTree(c)
		}
	}
	sortTree(root)
	return root
}

// NaturalCompare orders names as people do: ignoring case and accents, with
// runs of digits compared by value ("Vídeo 2" before "Vídeo 10").
func NaturalCompare(a, b string) int {
	for a != "" && b != "" {
		ra, sa := utf8.DecodeRuneInString(a)
		rb, sb := utf8.DecodeRuneInString(b)
		if isDigit(ra) && isDigit(rb) {
			da, db := digitRun(a), digitRun(b)
			na, nb := strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
			if len(na) != len(nb) {
				return cmpInt(len(na), len(nb))
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			if len(da) != len(db) {
				return cmpInt(len(da), len(db))
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		la, lb := fold(ra), fold(rb)
		if la != lb {
			return cmpInt(int(la), int(lb))
		}
		a, b = a[sa:], b[sb:]
	}
	return cmpInt(len(a), len(b))
}

// fold lower-cases a letter and drops the accents of Portuguese, so
// "Árvore" sorts with the a's.
func fold(r rune) rune {
	r = unicode.ToLower(r)
	switch r {
	case 'á', 'à', 'â', 'ã', 'ä':
		return 'a'
	case 'é', 'è', 'ê', 'ë':
		return 'e'
	case 'í', 'ì', 'î', 'ï':
		return 'i'
	case 'ó', 'ò', 'ô', 'õ', 'ö':
		return 'o'
	case 'ú', 'ù', 'û', 'ü':
		return 'u'
	case 'ç':
		return 'c'
	case 'ñ':
		return 'n'
	}
	return r
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func digitRun(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
