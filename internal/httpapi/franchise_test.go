package httpapi_test

import (
	"testing"

	"vitrine/internal/testutil"
)

func TestFranchises(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		ana := a.SeedUser(t, "ana@example.com", "")
		bia := a.SeedUser(t, "bia@example.com", "")
		admin := a.SeedUser(t, "root@example.com", `{"dispA":1}`)
		a.SeedFranchise(t, "rede-beta", "Rede Beta", bia)

		a.Run(t, []testutil.Scenario{
			{Name: "no token is 401", Method: "GET", Path: "/api/franchise", Status: 401, Code: 1022},
			{Name: "a new user has no franchise", Method: "GET", Path: "/api/franchise", Token: ana.Token,
				Status: 200, Contains: []string{`{"franchiseList":[]}`}},
			{Name: "name is required", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: map[string]any{"document": ""}, Status: 400, Code: 1141},
			{Name: "blank name is refused", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: map[string]any{"name": "   "}, Status: 400, Code: 1141},
			{Name: "a CNPJ with a wrong check digit is refused", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: map[string]any{"name": "Lojas Ção", "document": "11.222.333/0001-82"}, Status: 400, Code: 1043},
			{Name: "a CNPJ of repeated digits is refused", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: map[string]any{"name": "Lojas Ção", "document": "11.111.111/1111-11"}, Status: 400, Code: 1043},
			{Name: "a malformed body is 1003", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: `{"name": 12}`, Status: 400, Code: 1003},
			{Name: "create with a masked CNPJ stores its digits and derives the slug", Method: "POST",
				Path: "/api/franchise", Token: ana.Token,
				Body:   map[string]any{"name": "Lojas Ção", "document": "11.222.333/0001-81", "city": "Recife", "state": "PE"},
				Status: 201,
				Contains: []string{`"slug":"lojas-cao"`, `"name":"Lojas Ção"`, `"document":"11222333000181"`,
					`"city":"Recife"`, `"stores":0`, `"displays":0`, `"timeZone":"America/Sao_Paulo"`}},
			{Name: "the same CNPJ twice is 1042", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: map[string]any{"name": "Outra", "document": "11222333000181"}, Status: 409, Code: 1042},
			{Name: "the same name gets a numbered slug", Method: "POST", Path: "/api/franchise", Token: ana.Token,
				Body: map[string]any{"name": "Lojas Cao"}, Status: 201, Contains: []string{`"slug":"lojas-cao-2"`, `"document":""`}},
			{Name: "the creator sees both, oldest first", Method: "GET", Path: "/api/franchise", Token: ana.Token,
				Status: 200, Check: func(t *testing.T, r *testutil.Response) {
					var body struct {
						FranchiseList []struct {
							Slug      string `json:"slug"`
							CreatedAt int64  `json:"createdAt"`
							UpdatedAt int64  `json:"updatedAt"`
						} `json:"franchiseList"`
					}
					r.Decode(t, &body)
					if len(body.FranchiseList) != 2 || body.FranchiseList[0].Slug != "lojas-cao" || body.FranchiseList[1].Slug != "lojas-cao-2" {
						t.Fatalf("list: %s", r.Body)
					}
					if body.FranchiseList[0].CreatedAt == 0 || body.FranchiseList[0].UpdatedAt == 0 {
						t.Fatalf("timestamps missing: %s", r.Body)
					}
				}, Absent: []string{"rede-beta"}},
			{Name: "update renames and keeps the slug", Method: "POST", Path: "/api/franchise/lojas-cao-2", Token: ana.Token,
				Body: map[string]any{"name": "Lojas Ção Norte", "document": "45.723.174/0001-10"}, Status: 200,
				Contains: []string{`"slug":"lojas-cao-2"`, `"name":"Lojas Ção Norte"`, `"document":"45723174000110"`}},
			{Name: "update keeps fields it was not sent", Method: "POST", Path: "/api/franchise/lojas-cao", Token: ana.Token,
				Body: map[string]any{"name": "Lojas Ção"}, Status: 200, Contains: []string{`"city":"Recife"`, `"document":"11222333000181"`}},
			{Name: "update to another franchise's CNPJ is 1042", Method: "POST", Path: "/api/franchise/lojas-cao-2", Token: ana.Token,
				Body: map[string]any{"document": "11222333000181"}, Status: 409, Code: 1042},
			{Name: "update with a bad CNPJ is 1043", Method: "POST", Path: "/api/franchise/lojas-cao-2", Token: ana.Token,
				Body: map[string]any{"document": "45.723.174/0001-11"}, Status: 400, Code: 1043},
			{Name: "update to a blank name is 1141", Method: "POST", Path: "/api/franchise/lojas-cao-2", Token: ana.Token,
				Body: map[string]any{"name": ""}, Status: 400, Code: 1141},
			{Name: "an empty document removes it", Method: "POST", Path: "/api/franchise/lojas-cao-2", Token: ana.Token,
				Body: map[string]any{"document": ""}, Status: 200, Contains: []string{`"document":""`}},
			{Name: "updating another user's franchise is 1403 and names nothing", Method: "POST", Path: "/api/franchise/rede-beta",
				Token: ana.Token, Body: map[string]any{"name": "Tomada"}, Status: 403, Code: 1403, Absent: []string{"Beta", "beta"}},
			{Name: "updating an unknown franchise is 1403 too", Method: "POST", Path: "/api/franchise/nao-existe",
				Token: ana.Token, Body: map[string]any{"name": "X"}, Status: 403, Code: 1403},
			{Name: "the other tenant sees only its own", Method: "GET", Path: "/api/franchise", Token: bia.Token,
				Status: 200, Contains: []string{`"slug":"rede-beta"`}, Absent: []string{"lojas-cao"}},
			{Name: "all franchises are for administrators only", Method: "GET", Path: "/api/franchise/all", Token: ana.Token,
				Status: 403, Code: 1403},
			{Name: "an administrator lists every franchise", Method: "GET", Path: "/api/franchise/all", Token: admin.Token,
				Status: 200, Contains: []string{`"slug":"rede-beta"`, `"slug":"lojas-cao"`, `"slug":"lojas-cao-2"`}},
		})
	})
}
