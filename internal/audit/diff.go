package audit

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Diff lists the fields whose values differ between before and after, by
// their JSON names, in name order, but for the names in ignore and the
// bookkeeping ones (createdAt, updatedAt). Either may be nil: a creation
// has only values after, a removal only values before. A field that is a
// secret is listed without its values.
//
// Structs, maps and lists are compared inside, so that a change of one
// entry of a long list records that entry, not the list twice:
// "entries[17].displayTime"; for items added or removed, the stretch of
// the list between what stayed the same before and after it
// ("entries[3:3]" for one inserted at 3). Values are compared as Go values
// and only what changed is encoded: a save of a schedule of 1,000 entries
// pays for the entries that changed.
func Diff(before, after any, ignore ...string) []Change {
	d := differ{ignore: ignore, out: []Change{}}
	d.value("", "", reflect.ValueOf(before), reflect.ValueOf(after), 0)
	return d.out
}

// maxDepth bounds how deep Diff looks into nested values.
const maxDepth = 5

type differ struct {
	ignore []string
	out    []Change
}

var marshaler = reflect.TypeFor[json.Marshaler]()

// settle follows pointers and interfaces; an absent value is invalid.
func settle(v reflect.Value) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return reflect.Value{}
		}
		if v.Type().Implements(marshaler) && v.Kind() == reflect.Pointer {
			return v
		}
		v = v.Elem()
	}
	return v
}

// blank is an absent, null, "" or empty value: no value to record.
func blank(v reflect.Value) bool {
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Map, reflect.Array:
		return v.Len() == 0
	}
	return false
}

func encode(v reflect.Value) json.RawMessage {
	if blank(v) {
		return nil
	}
	raw, err := json.Marshal(v.Interface())
	if err != nil {
		return nil
	}
	return raw
}

func (d *differ) leaf(path string, b, a reflect.Value) {
	if blank(b) && blank(a) {
		return
	}
	if b.IsValid() && a.IsValid() && b.Type() == a.Type() && reflect.DeepEqual(b.Interface(), a.Interface()) {
		return
	}
	d.out = append(d.out, Change{Field: or(path, "value"), Before: encode(b), After: encode(a)})
}

func (d *differ) value(path, name string, b, a reflect.Value, depth int) {
	b, a = settle(b), settle(a)
	if blank(b) && blank(a) {
		return
	}
	if secret(name) {
		if !b.IsValid() || !a.IsValid() || b.Type() != a.Type() || !reflect.DeepEqual(b.Interface(), a.Interface()) {
			d.out = append(d.out, Change{Field: path, Redacted: true})
		}
		return
	}
	t := typeOf(b, a)
	sameType := (!b.IsValid() || b.Type() == t) && (!a.IsValid() || a.Type() == t)
	if depth >= maxDepth || !sameType || t.Implements(marshaler) {
		d.leaf(path, b, a)
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		d.structs(path, t, b, a, depth)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			d.leaf(path, b, a)
			return
		}
		d.maps(path, b, a, depth)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			d.leaf(path, b, a)
			return
		}
		d.lists(path, name, b, a, depth)
	default:
		d.leaf(path, b, a)
	}
}

func typeOf(b, a reflect.Value) reflect.Type {
	if b.IsValid() {
		return b.Type()
	}
	return a.Type()
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func (d *differ) skip(path, name string) bool {
	return name == "createdAt" || name == "updatedAt" || (path == "" && slices.Contains(d.ignore, name))
}

// field is one JSON field of a struct type: its name and index path.
type field struct {
	name  string
	index []int
}

// fieldsOf lists t's JSON fields in name order, embedded structs' fields
// promoted as encoding/json promotes them.
func fieldsOf(t reflect.Type) []field {
	var out []field
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			at := append(slices.Clone(index), i)
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type, at)
				continue
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			out = append(out, field{name, at})
		}
	}
	walk(t, nil)
	slices.SortStableFunc(out, func(x, y field) int { return strings.Compare(x.name, y.name) })
	return out
}

func (d *differ) structs(path string, t reflect.Type, b, a reflect.Value, depth int) {
	for _, f := range fieldsOf(t) {
		if d.skip(path, f.name) {
			continue
		}
		var bf, af reflect.Value
		if b.IsValid() {
			bf = b.FieldByIndex(f.index)
		}
		if a.IsValid() {
			af = a.FieldByIndex(f.index)
		}
		d.value(join(path, f.name), f.name, bf, af, depth+1)
	}
}

func (d *differ) maps(path string, b, a reflect.Value, depth int) {
	keys := map[string]reflect.Value{}
	for _, m := range []reflect.Value{b, a} {
		if m.IsValid() {
			for _, k := range m.MapKeys() {
				keys[k.String()] = k
			}
		}
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if d.skip(path, k) {
			continue
		}
		var bv, av reflect.Value
		if b.IsValid() {
			bv = b.MapIndex(keys[k])
		}
		if a.IsValid() {
			av = a.MapIndex(keys[k])
		}
		d.value(join(path, k), k, bv, av, depth+1)
	}
}

func (d *differ) lists(path, name string, b, a reflect.Value, depth int) {
	lb, la := 0, 0
	if b.IsValid() {
		lb = b.Len()
	}
	if a.IsValid() {
		la = a.Len()
	}
	// Created, emptied or filled, or a short list of words or numbers (the
	// channels of an alert, the stores of a member): the list as a whole.
	if lb == 0 || la == 0 || (max(lb, la) <= shortList && scalar(typeOf(b, a).Elem())) {
		d.leaf(path, b, a)
		return
	}
	same := func(i, j int) bool { return equal(b.Index(i), a.Index(j)) }
	pre := 0
	for pre < lb && pre < la && same(pre, pre) {
		pre++
	}
	suf := 0
	for suf < lb-pre && suf < la-pre && same(lb-1-suf, la-1-suf) {
		suf++
	}
	if lb == la {
		for i := pre; i < lb-suf; i++ {
			d.value(fmt.Sprintf("%s[%d]", path, i), name, b.Index(i), a.Index(i), depth+1)
		}
		return
	}
	d.out = append(d.out, Change{
		Field:  fmt.Sprintf("%s[%d:%d]", path, pre, lb-suf),
		Before: encode(b.Slice(pre, lb-suf)),
		After:  encode(a.Slice(pre, la-suf)),
	})
}

// shortList is the longest list of scalars recorded whole.
const shortList = 20

func scalar(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// equal compares two list items, with == where their type allows it.
func equal(x, y reflect.Value) bool {
	if x.Type().Comparable() && x.Kind() != reflect.Interface {
		return x.Interface() == y.Interface()
	}
	return reflect.DeepEqual(x.Interface(), y.Interface())
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
