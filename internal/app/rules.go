package app

// Rules that span two domains, in one list. The domain whose write can be
// refused or must follow declares what it asks (an interface of its own
// package, documented there) and asks it inside the write's transaction; the
// domain that holds the rule implements it; this function is the one place
// that says which answers which. A new cross-domain rule is added here, with
// what it refuses and the error it returns.
func (a *App) wireRules() {
	// A schedule save or delete that takes positions away from its ad slots
	// (fewer positions, or the slot removed) while more are sold on some
	// day from today on, on a TV playing the schedule, than the slot keeps:
	// refused, 409 with 100142 "Esta alteração tira da programação vagas já
	// vendidas ao anúncio 'X'. …". When the bookings still fit, those above
	// the new count move down to free positions.
	// A schedule save that makes an ad slot's positions shorter than an
	// advertisement booked there from today on: refused, 409 with 100142
	// "A duração da vaga (N s) fica menor que o tempo de exibição do anúncio
	// 'X' (até M s). …".
	// Asked as schedule.Guards (schedule/slotguard.go), answered by
	// advertise.Service.SlotsChanging and SlotsShortening.
	a.Schedules.Guards = a.Ads

	// A TV with positions sold from today on can be neither deleted nor
	// moved to another schedule (or none): 409 with 100142 "Este televisor
	// tem vagas vendidas ao anúncio 'X'. …". Asked as display.BookingGuard,
	// answered by advertise.Service.DisplaysLeaving.
	a.Displays.AddBookingGuard(a.Ads)

	// A store whose TVs have positions sold from today on is not deleted:
	// 409 with 100142 "Esta loja tem televisores com vagas vendidas ao
	// anúncio 'X'. …". Asked as store.RemovalGuard, answered by
	// advertise.Service.StoreRemoving.
	a.Stores.AddRemovalGuard(a.Ads)

	// A media the library deletes leaves every schedule and advertisement
	// that plays it, in the delete's transaction (nothing is refused); a
	// changed media (name, volume, hourly limit) is announced to the screens
	// that play it; a media lists the schedules that play it. Asked as
	// media.Usage, answered by schedule.Service and advertise.Service.
	a.Media.AddUsage(a.Schedules)
	a.Media.AddUsage(a.Ads)

	// A media of a store's own folder that is deleted takes the store's
	// local items showing it off their spaces at once (media.Usage,
	// answered by localcontent.Service). A schedule save that removes a
	// local space deletes what stores put in it, and a schedule read
	// counts the stores filling each space (schedule.Spaces, answered by
	// localcontent.Service); the console asks before such a save.
	a.Media.AddUsage(a.Local)
	a.Schedules.Spaces = a.Local

	// A store deleted takes its own media folder with it: the rows in the
	// deletion's transaction, the files once it has committed (never
	// refused). Asked as store.RemovalGuard, answered by media.Service.
	a.Stores.AddRemovalGuard(a.Media)
}
