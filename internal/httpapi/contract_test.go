package httpapi_test

import (
	"bytes"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"vitrine/api"
	"vitrine/internal/testutil"
)

// The contract and the server must list the same routes: a route served but
// not described, or described but not served, fails here.
func TestEveryRouteIsInTheContractAndBack(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")

	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	var described []string
	for path, ops := range doc.Paths {
		for method := range ops {
			switch method {
			case "get", "post", "put", "patch", "delete":
				described = append(described, strings.ToUpper(method)+" /api"+path)
			}
		}
	}
	served := a.Server.Routes()
	sort.Strings(described)
	sort.Strings(served)
	for _, r := range served {
		if !slices.Contains(described, r) {
			t.Errorf("served but missing from api/openapi.yaml: %s", r)
		}
	}
	for _, r := range described {
		if !slices.Contains(served, r) {
			t.Errorf("in api/openapi.yaml but not served: %s", r)
		}
	}
}

func TestHealthAndUnknownRoutes(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		a.Run(t, []testutil.Scenario{
			{Name: "health answers once the database is reachable", Method: "GET", Path: "/api/health",
				Status: 200, Contains: []string{`"status":"ok"`, engine}},
			{Name: "unknown API route is a JSON 404, not the console", Method: "GET", Path: "/api/nope",
				Status: 404, Code: 1003, Contains: []string{`"error":true`}},
			{Name: "wrong method on a known route is a JSON error", Method: "DELETE", Path: "/api/health",
				Status: 404, Code: 1003},
		})
	})
}

func TestHealthIs503WhenTheDatabaseIsGone(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	a.DB.Close()
	r := a.Do(t, "GET", "/api/health", "", nil)
	if r.Status != 503 || r.Code() != 1500 {
		t.Fatalf("health with a closed database: %d %s", r.Status, r.Body)
	}
}

func TestTheContractIsServed(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	r := a.Do(t, "GET", "/api/openapi.yaml", "", nil)
	if r.Status != 200 {
		t.Fatalf("GET /api/openapi.yaml: %d %s", r.Status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/yaml") {
		t.Errorf("content type %q, want application/yaml", ct)
	}
	if !bytes.Equal(r.Body, api.OpenAPI) {
		t.Errorf("served %d bytes, not the contract's %d", len(r.Body), len(api.OpenAPI))
	}
	var doc struct {
		OpenAPI string                    `yaml:"openapi"`
		Paths   map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(r.Body, &doc); err != nil || doc.OpenAPI == "" || doc.Paths["/openapi.yaml"] == nil {
		t.Errorf("served document is not the OpenAPI contract: %v", err)
	}
}

// The contract declares the scope an API token needs on each route: the
// operations open to tokens list the apiToken scheme with that one scope
// beside the session's; the others do not list it, and the server refuses
// tokens there.
func TestTheContractDeclaresEachRoutesTokenScope(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	var doc struct {
		Components struct {
			SecuritySchemes map[string]any `yaml:"securitySchemes"`
		} `yaml:"components"`
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	if doc.Components.SecuritySchemes["apiToken"] == nil {
		t.Fatal("api/openapi.yaml declares no apiToken security scheme")
	}
	declared := map[string]string{}
	for path, ops := range doc.Paths {
		for method, node := range ops {
			switch method {
			case "get", "post", "put", "patch", "delete":
			default:
				continue
			}
			var op struct {
				Security []map[string][]string `yaml:"security"`
			}
			if err := node.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			pattern := strings.ToUpper(method) + " /api" + path
			for _, req := range op.Security {
				scopes, ok := req["apiToken"]
				if !ok {
					continue
				}
				if len(scopes) != 1 || len(req) != 1 {
					t.Errorf("%s: the apiToken requirement must stand alone and name one scope: %v", pattern, req)
					continue
				}
				hasBearer := false
				for _, r := range op.Security {
					if _, ok := r["bearer"]; ok {
						hasBearer = true
					}
				}
				if !hasBearer {
					t.Errorf("%s: lists apiToken without the session's bearer", pattern)
				}
				declared[pattern] = scopes[0]
			}
		}
	}
	for _, pattern := range a.Server.Routes() {
		scope, _ := a.Server.TokenScopeOf(pattern)
		if got := declared[pattern]; got != scope {
			t.Errorf("%s: the contract's apiToken scope is %q, the server's %q", pattern, got, scope)
		}
	}
}
