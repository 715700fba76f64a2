package advertise

import (
	"testing"

	"vitrine/internal/playback"
)

// A TV's feed, read for one day, gives the playback rules the positions sold
// that day and each advertisement's media with its rules.
func TestPlayerAdsOnADay(t *testing.T) {
	feed := PlayerAds{From: "20261124", To: "20261125",
		Bookings: []PlayerBooking{
			{SlotID: "slot-a", Day: "20261124", Position: 1, AdvertisementID: "ad-1"},
			{SlotID: "slot-a", Day: "20261125", Position: 2, AdvertisementID: "ad-1"},
		},
		Ads: map[string]PlayerAd{"ad-1": {ID: "ad-1", Name: "Natal", Media: []MediaItem{
			{ID: "m1", Name: "Natal 1", Type: "image", Dok: 2, Enabled: true, TimeGap: []string{"08:00@12:00"}, URL: "/files/natal1.jpg"},
			{ID: "m2", Name: "Desligada", Dok: 127, Enabled: false, URL: "/files/off.jpg"},
		}}},
	}
	day := feed.OnDay("20261125")
	if len(day.Sold) != 1 || day.Sold[playback.SlotPosition{SlotID: "slot-a", Position: 2}] != "ad-1" {
		t.Fatalf("sold %v", day.Sold)
	}
	ad := day.Ads["ad-1"]
	if ad.Name != "Natal" || len(ad.Media) != 2 || ad.Media[0].URL != "/files/natal1.jpg" || *ad.Media[0].Dok != 2 ||
		ad.Media[0].TimeGap[0] != "08:00@12:00" || *ad.Media[1].Enabled {
		t.Fatalf("advertisement %+v", ad)
	}
	if len(feed.OnDay("20261126").Sold) != 0 {
		t.Fatal("a day without bookings has positions sold")
	}
}
