package arch_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// documents names, for each Go type a table stores as JSON, the package
// that owns the table: only it decodes the type. Another domain that needs
// what is inside asks the owner (schedule.AdSlots answers which ad slots a
// schedule has), so the stored shape can change in one place.
var documents = map[string]string{
	"schedule.Entry":      "schedule",  // schedules.entries
	"schedule.BottomBar":  "schedule",  // schedules.bottom_bar
	"advertise.MediaItem": "advertise", // advertisements.media
}

// built is a package as `go list -export` describes it.
type built struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
	Standard   bool
}

// decodedTypes type-checks every package of the module (non-test files)
// and returns, per package under internal/, the named types of the module
// that its JSON decodes (json.Unmarshal, json.Decoder.Decode) reach: the
// target's type and, through pointers, slices, maps and fields, the types
// inside it.
func decodedTypes(t *testing.T) map[string]map[string]bool {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Standard", "vitrine/...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	var own []built
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p built
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
		if !p.Standard && strings.HasPrefix(p.ImportPath, module) {
			own = append(own, p)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(exports[path])
	})
	found := map[string]map[string]bool{}
	for _, p := range own {
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
			Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(p.ImportPath, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", p.ImportPath, err)
		}
		pkg := short(p.ImportPath)
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				target := decodeTarget(info, call)
				if target == nil {
					return true
				}
				if found[pkg] == nil {
					found[pkg] = map[string]bool{}
				}
				namedTypes(info.TypeOf(target), map[types.Type]bool{}, found[pkg])
				return true
			})
		}
	}
	return found
}

// decodeTarget is the value a call decodes JSON into, or nil when the call
// is not json.Unmarshal or json.Decoder.Decode.
func decodeTarget(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "encoding/json" {
		return nil
	}
	switch fn.FullName() {
	case "encoding/json.Unmarshal":
		if len(call.Args) == 2 {
			return call.Args[1]
		}
	case "(*encoding/json.Decoder).Decode":
		if len(call.Args) == 1 {
			return call.Args[0]
		}
	}
	return nil
}

// namedTypes adds to out the module's named types reachable from typ, as
// "package.Type" (the package's path under internal/).
func namedTypes(typ types.Type, seen map[types.Type]bool, out map[string]bool) {
	if typ == nil || seen[typ] {
		return
	}
	seen[typ] = true
	switch x := types.Unalias(typ).(type) {
	case *types.Named:
		if obj := x.Obj(); obj.Pkg() != nil && strings.HasPrefix(obj.Pkg().Path(), module) {
			out[short(obj.Pkg().Path())+"."+obj.Name()] = true
		}
		namedTypes(x.Underlying(), seen, out)
	case *types.Pointer:
		namedTypes(x.Elem(), seen, out)
	case *types.Slice:
		namedTypes(x.Elem(), seen, out)
	case *types.Array:
		namedTypes(x.Elem(), seen, out)
	case *types.Map:
		namedTypes(x.Key(), seen, out)
		namedTypes(x.Elem(), seen, out)
	case *types.Struct:
		for f := range x.Fields() {
			namedTypes(f.Type(), seen, out)
		}
	}
}

func documentViolations(decoded map[string]map[string]bool) []string {
	var problems []string
	for pkg, typeNames := range decoded {
		for typeName := range typeNames {
			if owner, stored := documents[typeName]; stored && owner != pkg {
				problems = append(problems, pkg+" decodes "+typeName+" (stored by "+owner+")")
			}
		}
	}
	sort.Strings(problems)
	return problems
}

func TestNoDomainParsesAnothersStoredJSON(t *testing.T) {
	decoded := decodedTypes(t)
	for typeName, owner := range documents {
		if !decoded[owner][typeName] {
			t.Errorf("the scan did not see %s decode %s: is the list above out of date?", owner, typeName)
		}
	}
	for _, p := range documentViolations(decoded) {
		t.Error(p)
	}
}

func TestStoredJSONRuleSeesAForeignDecode(t *testing.T) {
	got := documentViolations(map[string]map[string]bool{
		"schedule":  {"schedule.Entry": true},
		"advertise": {"schedule.Entry": true, "advertise.MediaItem": true},
	})
	if !slices.Equal(got, []string{"advertise decodes schedule.Entry (stored by schedule)"}) {
		t.Fatalf("got %q", got)
	}
}
