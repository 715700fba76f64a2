package api

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// Body is what the contract says of a route's JSON request body, as far as
// the server checks it before a handler reads it: the top-level fields that
// must be present, in the order of the schema's `required`.
type Body struct {
	Required []Field
}

// Field is a required field of a body and what a call lacking it answers.
type Field struct {
	Name     string
	Nullable bool   // null is a value of it, not its absence
	Code     int    // the API code a call lacking it answers: its x-missing code, else 1003
	Msg      string // the message, from x-missing; "" = the catalogue's for Code
}

// Bodies maps each route that takes a JSON request body, named as the
// server's route list names it ("PUT /api/store/{franchise}/{storeSlug}/hours"),
// to what its body must hold. It is read from openapi.yaml once.
func Bodies() map[string]Body { return bodies() }

var bodies = sync.OnceValue(func() map[string]Body {
	m, err := readBodies(OpenAPI)
	if err != nil {
		panic("api: openapi.yaml: " + err.Error())
	}
	return m
})

// schema is the part of an OpenAPI schema object the body rules read.
type schema struct {
	Ref        string             `yaml:"$ref"`
	Type       any                `yaml:"type"` // a name, or a list of names (OpenAPI 3.1)
	Required   []string           `yaml:"required"`
	Properties map[string]*schema `yaml:"properties"`
	OneOf      []*schema          `yaml:"oneOf"`
	AnyOf      []*schema          `yaml:"anyOf"`
	AllOf      []*schema          `yaml:"allOf"`
	// Missing is the error a body lacking the field answers (an
	// extension: x-missing on a property).
	Missing *struct {
		Code int    `yaml:"code"`
		Msg  string `yaml:"msg"`
	} `yaml:"x-missing"`
}

type document struct {
	Servers []struct {
		URL string `yaml:"url"`
	} `yaml:"servers"`
	Paths      map[string]map[string]yaml.Node `yaml:"paths"`
	Components struct {
		Schemas map[string]*schema `yaml:"schemas"`
	} `yaml:"components"`
}

type operation struct {
	RequestBody *struct {
		Content map[string]struct {
			Schema *schema `yaml:"schema"`
		} `yaml:"content"`
	} `yaml:"requestBody"`
}

func readBodies(contract []byte) (map[string]Body, error) {
	var doc document
	if err := yaml.Unmarshal(contract, &doc); err != nil {
		return nil, err
	}
	base := ""
	if len(doc.Servers) > 0 {
		base = strings.TrimSuffix(doc.Servers[0].URL, "/")
	}
	resolve := func(s *schema) (*schema, error) {
		for seen := 0; s != nil && s.Ref != ""; seen++ {
			name, ok := strings.CutPrefix(s.Ref, "#/components/schemas/")
			if !ok || seen > 20 {
				return nil, fmt.Errorf("cannot follow %q", s.Ref)
			}
			if s = doc.Components.Schemas[name]; s == nil {
				return nil, fmt.Errorf("no schema %q", name)
			}
		}
		return s, nil
	}
	out := map[string]Body{}
	for path, ops := range doc.Paths {
		for method, node := range ops {
			switch method {
			case "post", "put", "patch", "delete":
			default:
				continue
			}
			var op operation
			if err := node.Decode(&op); err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			if op.RequestBody == nil || op.RequestBody.Content["application/json"].Schema == nil {
				continue
			}
			route := strings.ToUpper(method) + " " + base + path
			s, err := resolve(op.RequestBody.Content["application/json"].Schema)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", route, err)
			}
			var b Body
			if err := collect(s, resolve, &b); err != nil {
				return nil, fmt.Errorf("%s: %w", route, err)
			}
			out[route] = b
		}
	}
	return out, nil
}

// collect adds the required fields of s (and of the schemas it is allOf)
// to b, with those whose schema admits null.
func collect(s *schema, resolve func(*schema) (*schema, error), b *Body) error {
	for _, part := range s.AllOf {
		p, err := resolve(part)
		if err != nil {
			return err
		}
		if err := collect(p, resolve, b); err != nil {
			return err
		}
	}
	for _, name := range s.Required {
		if slices.ContainsFunc(b.Required, func(f Field) bool { return f.Name == name }) {
			continue
		}
		f := Field{Name: name, Code: 1003}
		if m := s.Properties[name]; m != nil && m.Missing != nil {
			f.Code, f.Msg = m.Missing.Code, m.Missing.Msg
			if Message(f.Code) == catalogue.Unknown {
				return fmt.Errorf("%s: x-missing code %d is not in errors.json", name, f.Code)
			}
		}
		prop, err := resolve(s.Properties[name])
		if err != nil {
			return err
		}
		if f.Nullable, err = admitsNull(prop, resolve); err != nil {
			return err
		}
		b.Required = append(b.Required, f)
	}
	return nil
}

// admitsNull tells whether a value of schema s may be JSON null: its type
// names null, or one of its alternatives does.
func admitsNull(s *schema, resolve func(*schema) (*schema, error)) (bool, error) {
	if s == nil {
		return false, nil
	}
	switch t := s.Type.(type) {
	case string:
		if t == "null" {
			return true, nil
		}
	case []any:
		if slices.Contains(t, any("null")) {
			return true, nil
		}
	}
	for _, alt := range append(slices.Clone(s.OneOf), s.AnyOf...) {
		a, err := resolve(alt)
		if err != nil {
			return false, err
		}
		if null, err := admitsNull(a, resolve); null || err != nil {
			return null, err
		}
	}
	return false, nil
}
