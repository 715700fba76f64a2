package httpapi

import (
	"fmt"
	"testing"

	"vitrine/internal/change"
	"vitrine/internal/tenant"
)

// BenchmarkEventFanOut measures what one change costs the event streams
// with 10,000 console tabs open over 100 franchises: the change is encoded
// once and queued to the 100 tabs of its franchise; the other franchises'
// tabs cost nothing. Reading the queues (the tabs' own goroutines in
// production) is included.
func BenchmarkEventFanOut(b *testing.B) {
	var e eventStreams
	const franchises, tabs = 100, 100
	var mine []*eventSub
	for f := range franchises {
		t := tenant.Tenant{Franchise: tenant.Franchise{ID: fmt.Sprintf("f%d", f), Slug: fmt.Sprintf("f%d", f)}}
		for range tabs {
			s := newEventSub(t, nil)
			e.add(t, s)
			if f == 0 {
				mine = append(mine, s)
			}
		}
	}
	c := change.Change{FranchiseID: "f0", Revision: 1, Schedules: []string{"s1"}}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		e.deliver(c)
		for _, s := range mine {
			<-s.ch
		}
	}
}
