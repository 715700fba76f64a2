package httpapi_test

import (
	"testing"

	"vitrine/internal/testutil"
)

func TestAlertSettingsAreValidatedAndOnlyAdministratorsChangeThem(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, engine string) {
		a := testutil.NewApp(t, engine)
		u := a.Unique()
		admin := a.SeedUser(t, "adm-"+u+"@example.com", `{"userA":1}`)
		op := a.SeedUser(t, "op-"+u+"@example.com", "")
		outsider := a.SeedUser(t, "fora-"+u+"@example.com", `{"dispA":1}`)
		a.SeedFranchise(t, "rede-"+u, "Rede", admin, op)
		a.SeedFranchise(t, "outra-"+u, "Outra", outsider)
		path := "/api/alerts/rede-" + u

		var got struct {
			Settings struct {
				Enabled      bool
				DelayMinutes int
				Channels     []string
			}
			Offline []any
			Sent    []any
		}
		a.Do(t, "GET", path, op.Token, nil).Decode(t, &got)
		if got.Settings.Enabled || got.Settings.DelayMinutes != 2880 || len(got.Settings.Channels) != 3 ||
			got.Offline == nil || got.Sent == nil {
			t.Fatalf("defaults %+v", got)
		}

		save := map[string]any{"enabled": true, "delayMinutes": 30, "channels": []string{"email", "SMS"}}
		refusals := []struct {
			name, token string
			body        any
			status      int
			code        int
			msg         string
		}{
			{"an operator", op.Token, save, 403, 1403, ""},
			{"another franchise's administrator", outsider.Token, save, 403, 1403, ""},
			{"a delay under 5 minutes", admin.Token, map[string]any{"delayMinutes": 4}, 400, 1003,
				"O atraso deve ficar entre 5 minutos e 7 dias."},
			{"a delay over 7 days", admin.Token, map[string]any{"delayMinutes": 10081}, 400, 1003,
				"O atraso deve ficar entre 5 minutos e 7 dias."},
			{"an unknown channel", admin.Token, map[string]any{"channels": []string{"telegram"}}, 400, 1003,
				`Canal desconhecido: "telegram". Use sms, whatsapp ou email.`},
			{"alerts on with no channel", admin.Token, map[string]any{"enabled": true, "channels": []string{}}, 400, 1003,
				"Escolha pelo menos um canal para enviar os alertas."},
			{"a malformed body", admin.Token, map[string]any{"delayMinutes": "muito"}, 400, 1003, ""},
		}
		for _, c := range refusals {
			r := a.Do(t, "POST", path, c.token, c.body)
			body := r.JSON(t)
			if r.Status != c.status || int(body["statusCode"].(float64)) != c.code || (c.msg != "" && body["msg"] != c.msg) {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		mustStatus(t, a.Do(t, "GET", path, outsider.Token, nil), 403)
		a.Do(t, "GET", path, op.Token, nil).Decode(t, &got)
		if got.Settings.Enabled || got.Settings.DelayMinutes != 2880 {
			t.Fatalf("a refusal changed the settings: %+v", got.Settings)
		}

		mustStatus(t, a.Do(t, "POST", path, admin.Token, save), 200)
		a.Do(t, "GET", path, op.Token, nil).Decode(t, &got)
		if !got.Settings.Enabled || got.Settings.DelayMinutes != 30 ||
			len(got.Settings.Channels) != 2 || got.Settings.Channels[0] != "sms" || got.Settings.Channels[1] != "email" {
			t.Fatalf("saved %+v", got.Settings)
		}
		// The other franchise keeps its own.
		a.Do(t, "GET", "/api/alerts/outra-"+u, outsider.Token, nil).Decode(t, &got)
		if got.Settings.Enabled {
			t.Fatalf("another franchise's settings changed: %+v", got.Settings)
		}
	})
}

func TestOperatorsOptInToAlertEmails(t *testing.T) {
	a := testutil.NewApp(t, "sqlite")
	op := a.SeedUser(t, "op-"+a.Unique()+"@example.com", "")
	var got struct {
		User struct{ OfflineAlertEmail bool }
	}
	a.Do(t, "GET", "/api/user/detail", op.Token, nil).Decode(t, &got)
	if got.User.OfflineAlertEmail {
		t.Fatal("opted in by default")
	}
	mustStatus(t, a.Do(t, "POST", "/api/user/detail", op.Token, map[string]any{"name": "Olga", "offlineAlertEmail": true}), 200)
	mustStatus(t, a.Do(t, "POST", "/api/user/detail", op.Token, map[string]any{"name": "Olga Souza"}), 200)
	a.Do(t, "GET", "/api/user/detail", op.Token, nil).Decode(t, &got)
	if !got.User.OfflineAlertEmail {
		t.Fatal("the choice was not kept")
	}
}
