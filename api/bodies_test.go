package api

import (
	"reflect"
	"testing"
)

func TestBodiesNameEachRoutesRequiredFields(t *testing.T) {
	bodies := Bodies()
	for _, c := range []struct {
		route string
		want  []Field
	}{
		{"PUT /api/store/{franchise}/{storeSlug}/hours", []Field{{Name: "hours", Nullable: true, Code: 1003}}},
		{"POST /api/schedule/{franchise}/{id}/config", []Field{{Name: "bottomBar", Nullable: true, Code: 1003}}},
		{"POST /api/device/hello", []Field{{Name: "version", Code: 100141}}},
		{"POST /api/user/pwd", []Field{{Name: "currentAuth", Code: 1003, Msg: "Digite sua senha."}, {Name: "auth", Code: 1003}}},
		{"POST /api/store/{franchise}/{storeSlug}", nil}, // an update: absent fields keep their value
	} {
		got, ok := bodies[c.route]
		if !ok {
			t.Errorf("%s: no JSON body in the contract", c.route)
			continue
		}
		if !reflect.DeepEqual(got.Required, c.want) {
			t.Errorf("%s: required %+v, want %+v", c.route, got.Required, c.want)
		}
	}
	if _, ok := bodies["DELETE /api/media/{franchise}/{id}"]; ok {
		t.Errorf("a route without a body has body rules")
	}
}

func TestBodiesRefuseAContractTheyCannotRead(t *testing.T) {
	for name, contract := range map[string]string{
		"a reference to no schema": `
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Nothing' }
`,
		"an x-missing code not in errors.json": `
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema: { type: object, required: [a], properties: { a: { type: string, x-missing: { code: 4242 } } } }
`,
	} {
		if _, err := readBodies([]byte(contract)); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}
