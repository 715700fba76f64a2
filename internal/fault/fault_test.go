package fault_test

import (
	"errors"
	"fmt"
	"testing"

	"vitrine/internal/fault"
)

func TestSameComparesTheMessageToo(t *testing.T) {
	tooLong := fault.Invalidf("O nome pode ter no máximo 120 caracteres.")
	noDay := fault.Invalidf("Selecione pelo menos um dia.")
	wrapped := fmt.Errorf("saving: %w", tooLong)
	plain := errors.New("disk full")
	cases := []struct {
		err, want error
		same      bool
	}{
		{tooLong, tooLong, true},
		{wrapped, tooLong, true},
		{noDay, tooLong, false}, // errors.Is says true: same kind and code
		{fault.ErrNameRequired, fault.New(fault.Invalid, 1141), true},
		{fault.ErrForbidden, fault.ErrUnauthorized, false},
		{nil, nil, true},
		{nil, tooLong, false},
		{tooLong, nil, false},
		{plain, plain, true},
		{plain, tooLong, false},
	}
	for i, c := range cases {
		if got := fault.Same(c.err, c.want); got != c.same {
			t.Errorf("case %d: Same(%v, %v) = %v, want %v", i, c.err, c.want, got, c.same)
		}
	}
	if !errors.Is(noDay, tooLong) {
		t.Fatal("errors.Is no longer matches faults by kind and code; Same's reason to exist changed")
	}
}
