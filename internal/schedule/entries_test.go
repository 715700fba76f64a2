package schedule

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"vitrine/internal/fault"
)

func num(v float64) *float64 { return &v }

// msgOf is the pt-BR message and code of a fault ("" and 0 for nil).
func msgOf(t *testing.T, err error) (string, int) {
	t.Helper()
	if err == nil {
		return "", 0
	}
	f, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a fault: %v", err)
	}
	return f.Msg, f.Code
}

func TestCheckRulesRefusesWhatWouldPlayWrong(t *testing.T) {
	cases := []struct {
		name string
		in   RuleInput
		want string // part of the message
	}{
		{"a window that starts and ends at the same minute", RuleInput{TimeGap: []string{"15:00@15:00"}},
			"A faixa de horário 15:00 às 15:00 começa e termina no mesmo horário"},
		{"midnight to midnight", RuleInput{TimeGap: []string{"00:00@00:00"}}, "começa e termina no mesmo horário"},
		{"two overlapping windows, unsorted", RuleInput{TimeGap: []string{"11:00@14:00", "08:00@12:00"}},
			"As faixas de horário 08:00 às 12:00 e 11:00 às 14:00 se sobrepõem"},
		{"an overnight window over a morning one", RuleInput{TimeGap: []string{"22:00@02:00", "01:00@03:00"}},
			"As faixas de horário 01:00 às 03:00 e 22:00 às 02:00 se sobrepõem"},
		{"the same window twice", RuleInput{TimeGap: []string{"08:00@09:00", "08:00@09:00"}}, "se sobrepõem"},
		{"a window that is not a time", RuleInput{TimeGap: []string{"8h@9h"}}, `Faixa de horário inválida: "8h@9h"`},
		{"no weekday", RuleInput{Dok: num(0)}, "Selecione pelo menos um dia da semana."},
		{"weekdays above every day", RuleInput{Dok: num(128)}, "dok deve ser um número inteiro de 1 a 127"},
		{"weekdays as a fraction", RuleInput{Dok: num(1.5)}, "dok deve ser um número inteiro de 1 a 127"},
		{"a display time of 123456789012 s", RuleInput{DisplayTime: num(123456789012)},
			"O tempo de exibição deve ser um número inteiro de 1 a 86400 segundos."},
		{"a display time of 0", RuleInput{DisplayTime: num(0)}, "de 1 a 86400 segundos"},
		{"a display time of 1.5", RuleInput{DisplayTime: num(1.5)}, "de 1 a 86400 segundos"},
		{"an hourly limit of 1.5", RuleInput{LimitByHour: num(1.5)},
			"O limite de inserções por hora deve ser um número inteiro de 0 a 3600"},
		{"an hourly limit of 3601", RuleInput{LimitByHour: num(3601)}, "de 0 a 3600"},
		{"a volume of 2", RuleInput{Volume: num(2)}, "O volume deve ser um número de 0 a 1."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := CheckRules(c.in, 10, 0, false)
			msg, code := msgOf(t, err)
			if code != 1003 || !strings.Contains(msg, c.want) {
				t.Fatalf("got %d %q, want 1003 with %q", code, msg, c.want)
			}
		})
	}
}

func TestCheckRulesKeepsWindowsSorted(t *testing.T) {
	cases := []struct {
		name string
		in   []string
		want []string
	}{
		{"unsorted windows come back by their start", []string{"18:00@20:00", "08:00@09:00", "12:00@13:00"},
			[]string{"08:00@09:00", "12:00@13:00", "18:00@20:00"}},
		{"windows that touch do not overlap (the end is exclusive)", []string{"09:00@12:00", "08:00@09:00"},
			[]string{"08:00@09:00", "09:00@12:00"}},
		{"an overnight window and one the next evening", []string{"22:00@02:00", "02:00@06:00"},
			[]string{"02:00@06:00", "22:00@02:00"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := CheckRules(RuleInput{TimeGap: c.in}, 10, 0, false)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.TimeGap, c.want) {
				t.Fatalf("got %v, want %v", r.TimeGap, c.want)
			}
		})
	}
}

func TestCheckRulesAcceptsTheBounds(t *testing.T) {
	r, err := CheckRules(RuleInput{DisplayTime: num(MaxDisplayTime), Dok: num(1), LimitByHour: num(MaxLimitByHour)}, 10, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if r.DisplayTime != MaxDisplayTime || r.Dok != 1 || r.LimitByHour != MaxLimitByHour {
		t.Fatalf("got %+v", r)
	}
}

func TestSlotFieldsSayWhatIsWrongWithThem(t *testing.T) {
	cases := []struct {
		name        string
		slots, time *float64
		want        string
		code        int
	}{
		{"a quantity of 1.5", num(1.5), num(10), "A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.", 1003},
		{"a quantity of 0", num(0), num(10), "A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.", 1003},
		{"a quantity of 101", num(101), num(10), "de 1 a 100", 1003},
		{"a duration of 0", num(2), num(0), "A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.", 1003},
		{"a duration of 2.5", num(2), num(2.5), "de 1 a 3600 segundos", 1003},
		{"no quantity", nil, num(10), "", 100106},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := Entry{}
			err := buildSlot(&e, EntryInput{IsAd: true, AdSlots: c.slots, AdTime: c.time}, library{})
			msg, code := msgOf(t, err)
			if code != c.code || !strings.Contains(msg, c.want) {
				t.Fatalf("got %d %q, want %d with %q", code, msg, c.code, c.want)
			}
		})
	}
}

func TestListErrorsNameTheRow(t *testing.T) {
	lib := library{"m1": {Name: "Promo café", Type: "image"}}
	id := func() string { return "slot-new" }
	_, err := build([]EntryInput{
		{ID: "m1"},
		{IsAd: true, AdSlots: num(1.5), AdTime: num(10)},
	}, lib, id, nil)
	if msg, _ := msgOf(t, err); msg != "Vaga de anúncios (posição 2): A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100." {
		t.Fatalf("slot: %q", msg)
	}
	_, err = build([]EntryInput{{ID: "m1", Dok: num(0)}}, lib, id, nil)
	if msg, _ := msgOf(t, err); msg != `Mídia “Promo café” (posição 1): Selecione pelo menos um dia da semana.` {
		t.Fatalf("media: %q", msg)
	}
	// A catalogue error keeps the catalogue's text.
	_, err = build([]EntryInput{{ID: "gone"}}, lib, id, nil)
	if !errors.Is(err, ErrMediaNotFound) {
		t.Fatalf("missing media: %v", err)
	}
}

func TestOlderRowsKeepTheirDaysAndWindows(t *testing.T) {
	lib := library{"m1": {Name: "Cartaz", Type: "image"}, "m2": {Name: "Outro", Type: "image"}}
	id := func() string { return "x" }
	stored := []Entry{
		{ID: "m1", Name: "Cartaz", Dok: 127, TimeGap: []string{"15:00@15:00"}},
		{ID: "m1", Name: "Cartaz", Dok: 0, TimeGap: []string{"18:00@20:00", "08:00@12:00", "11:00@14:00"}},
	}
	// Saved again as they are (another row changed): accepted, kept as given.
	got, err := build([]EntryInput{
		{ID: "m1", TimeGap: []string{"15:00@15:00"}},
		{ID: "m1", Dok: num(0), TimeGap: []string{"08:00@12:00", "11:00@14:00", "18:00@20:00"}},
		{ID: "m2", DisplayTime: num(5)},
	}, lib, id, stored)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got[0].TimeGap, []string{"15:00@15:00"}) || got[1].Dok != 0 {
		t.Fatalf("got %+v", got)
	}
	cases := []struct {
		name string
		in   EntryInput
		want string
	}{
		{"the same window on another media", EntryInput{ID: "m2", TimeGap: []string{"15:00@15:00"}}, "começa e termina no mesmo horário"},
		{"an older row whose windows changed", EntryInput{ID: "m1", TimeGap: []string{"15:00@15:00", "08:00@09:00"}}, "começa e termina no mesmo horário"},
		{"no weekday typed anew", EntryInput{ID: "m1", Dok: num(0), TimeGap: []string{"15:00@15:00"}}, "Selecione pelo menos um dia da semana."},
		{"a malformed window is never kept", EntryInput{ID: "m1", TimeGap: []string{"25:00@26:00"}}, "Faixa de horário inválida"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := build([]EntryInput{c.in}, lib, id, stored)
			if msg, _ := msgOf(t, err); !strings.Contains(msg, c.want) {
				t.Fatalf("got %q, want %q", msg, c.want)
			}
		})
	}
}
