package advertise

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"vitrine/internal/db"
	"vitrine/internal/ids"
)

// row is an advertisement as stored.
type row struct {
	ID, Name             string
	DisplayTime          int
	StartsAt, EndsAt     int64
	First, Last          Day
	Media                []MediaItem
	CreatedAt, UpdatedAt int64
}

func (r row) period() period { return period{r.First, r.Last} }

const rowColumns = `a.id, a.name, a.display_time, a.starts_at, a.ends_at, a.first_day, a.last_day, a.media,
	a.created_at, a.updated_at`

func scanRow(sc db.Scanner) (row, error) {
	var r row
	var media string
	err := sc.Scan(&r.ID, &r.Name, &r.DisplayTime, &r.StartsAt, &r.EndsAt, &r.First, &r.Last, &media,
		&r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		return row{}, err
	}
	if err := json.Unmarshal([]byte(media), &r.Media); err != nil {
		return row{}, err
	}
	if r.Media == nil {
		r.Media = []MediaItem{}
	}
	return r, nil
}

func listRows(ctx context.Context, q db.Querier, franchiseID string) ([]row, error) {
	return db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM advertisements a WHERE a.franchise_id = ?`, franchiseID)
}

// getRow reads one advertisement of the franchise; lock holds it until the
// transaction ends (a read-modify-write).
func getRow(ctx context.Context, q db.Querier, franchiseID, id string, lock bool) (row, error) {
	query := `SELECT ` + rowColumns + ` FROM advertisements a WHERE a.franchise_id = ? AND a.id = ?`
	if lock {
		query += db.ForUpdate(q)
	}
	r, err := scanRow(q.QueryRowContext(ctx, query, franchiseID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return row{}, ErrNotFound
	}
	return r, err
}

func insertRow(ctx context.Context, q db.Querier, franchiseID string, r row) error {
	media, err := json.Marshal(r.Media)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO advertisements (id, franchise_id, name, display_time, starts_at, ends_at, first_day, last_day,
		    media, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, franchiseID, r.Name, r.DisplayTime, r.StartsAt, r.EndsAt, int(r.First), int(r.Last), string(media),
		r.CreatedAt, r.UpdatedAt)
	return err
}

func updateRow(ctx context.Context, q db.Querier, franchiseID string, r row) error {
	media, err := json.Marshal(r.Media)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		UPDATE advertisements SET name = ?, display_time = ?, starts_at = ?, ends_at = ?, first_day = ?, last_day = ?,
		    media = ?, updated_at = ?
		WHERE franchise_id = ? AND id = ?`,
		r.Name, r.DisplayTime, r.StartsAt, r.EndsAt, int(r.First), int(r.Last), string(media), r.UpdatedAt,
		franchiseID, r.ID)
	return err
}

// deleteRow removes an advertisement; its screens, positions and plays go
// with it (foreign keys).
func deleteRow(ctx context.Context, q db.Querier, franchiseID, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM advertisements WHERE franchise_id = ? AND id = ?`, franchiseID, id)
	return err
}

// screenCounts is the number of screens of each of the franchise's
// advertisements.
func screenCounts(ctx context.Context, q db.Querier, franchiseID string) (map[string]int, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT ad.advertisement_id, COUNT(*) FROM ad_displays ad
		JOIN advertisements a ON a.id = ad.advertisement_id
		WHERE a.franchise_id = ? GROUP BY ad.advertisement_id`, franchiseID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// insertScreens records the screens an advertisement was sold on.
func insertScreens(ctx context.Context, q db.Querier, franchiseID string, r row, targets []target) error {
	rows := make([][]any, len(targets))
	for i, t := range targets {
		rows[i] = []any{r.ID, t.DisplayID, t.ScheduleID, t.Slot.ID, franchiseID, int(r.First), int(r.Last)}
	}
	return insertMany(ctx, q, `INSERT INTO ad_displays (advertisement_id, display_id, schedule_id, slot_id,
		franchise_id, first_day, last_day) VALUES `, rows)
}

// setScreensPeriod keeps the advertisement's days on its screens' rows.
func setScreensPeriod(ctx context.Context, q db.Querier, r row) error {
	_, err := q.ExecContext(ctx, `UPDATE ad_displays SET first_day = ?, last_day = ? WHERE advertisement_id = ?`,
		int(r.First), int(r.Last), r.ID)
	return err
}

// insertMany runs prefix with rows as multi-row VALUES, in batches.
func insertMany(ctx context.Context, q db.Querier, prefix string, rows [][]any) error {
	return insertManySuffix(ctx, q, prefix, "", rows, nil)
}

// insertManySuffix is insertMany with a suffix after the VALUES (ON
// CONFLICT …); affected, when set, adds up the rows written.
func insertManySuffix(ctx context.Context, q db.Querier, prefix, suffix string, rows [][]any, affected *int64) error {
	const batch = 200
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var b strings.Builder
		b.WriteString(prefix)
		var args []any
		for i, r := range rows[start:end] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + db.Placeholders(len(r)) + ")")
			args = append(args, r...)
		}
		b.WriteString(suffix)
		res, err := q.ExecContext(ctx, b.String(), args...)
		if err != nil {
			return err
		}
		if affected != nil {
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			*affected += n
		}
	}
	return nil
}

// takenPositions reads the positions held on the TVs between two days.
func takenPositions(ctx context.Context, q db.Querier, displays []string, from, to Day) (map[slotDay]positions, error) {
	out := map[slotDay]positions{}
	for _, chunk := range db.Chunks(displays) {
		rows, err := q.QueryContext(ctx, `
			SELECT display_id, slot_id, day, position FROM ad_bookings
			WHERE display_id IN (`+db.Placeholders(len(chunk))+`) AND day >= ? AND day <= ?`,
			append(db.Args(chunk), int(from), int(to))...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var k slotDay
			var n int
			if err := rows.Scan(&k.display, &k.slot, &k.day, &n); err != nil {
				rows.Close()
				return nil, err
			}
			if n >= 1 && n <= 128 {
				p := out[k]
				p.take(n)
				out[k] = p
			}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// insertBookings writes positions taken: rows of (display_id, slot_id, day,
// position, advertisement_id, franchise_id, schedule_id).
func insertBookings(ctx context.Context, q db.Querier, rows [][]any) error {
	return insertMany(ctx, q, `INSERT INTO ad_bookings (display_id, slot_id, day, position, advertisement_id,
		franchise_id, schedule_id) VALUES `, rows)
}

// release gives back the advertisement's positions on the days outside p.
func release(ctx context.Context, q db.Querier, adID string, p period) error {
	_, err := q.ExecContext(ctx, `DELETE FROM ad_bookings WHERE advertisement_id = ? AND (day < ? OR day > ?)`,
		adID, int(p.first), int(p.last))
	return err
}

// displaysOf lists the TVs an advertisement was sold on.
func displaysOf(ctx context.Context, q db.Querier, adID string) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString,
		`SELECT display_id FROM ad_displays WHERE advertisement_id = ? ORDER BY display_id`, adID)
}

// bookedScreen is a screen an advertisement was sold on, as stored: the
// TV, the schedule it played and the slot taken.
type bookedScreen struct{ display, schedule, slot string }

// screenSlots lists the screens of an advertisement, by TV.
func screenSlots(ctx context.Context, q db.Querier, adID string) ([]bookedScreen, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (bookedScreen, error) {
		var b bookedScreen
		err := sc.Scan(&b.display, &b.schedule, &b.slot)
		return b, err
	}, `SELECT display_id, schedule_id, slot_id FROM ad_displays WHERE advertisement_id = ? ORDER BY display_id`, adID)
}

// bookedPeriod is one period booked on screens: the first and last day,
// and the screens and slots booked for it as "display\x1fslot" pairs
// separated by \x1e.
type bookedPeriod struct {
	first, last Day
	screens     string
}

// bookedPeriods reads the franchise's periods that touch the days from..to,
// one row per period with the screens and slots booked for it: the
// ad_displays_map index is in period order, so the grouping streams, and few
// rows cross over to Go. Ids hold no control characters (request bodies
// refuse them), so 0x1F and 0x1E separate them.
func bookedPeriods(ctx context.Context, q db.Querier, franchiseID string, from, to Day) ([]bookedPeriod, error) {
	pairs := `group_concat(display_id || char(31) || slot_id, char(30))`
	if q.Dialect() == db.Postgres {
		pairs = `string_agg(display_id || chr(31) || slot_id, chr(30))`
	}
	return db.Collect(ctx, q, func(sc db.Scanner) (bookedPeriod, error) {
		var p bookedPeriod
		err := sc.Scan(&p.first, &p.last, &p.screens)
		return p, err
	}, `SELECT first_day, last_day, `+pairs+` FROM ad_displays
		WHERE franchise_id = ? AND last_day >= ? AND first_day <= ?
		GROUP BY last_day, first_day`, franchiseID, int(from), int(to))
}

// heldPosition is a position booked on a TV's slot on a day, with the name
// of the advertisement holding it.
type heldPosition struct {
	slotDay
	position int
	adName   string
}

// heldPositions lists the positions booked from the day from on in the
// slots slotIDs of the TVs displays.
func heldPositions(ctx context.Context, q db.Querier, franchiseID string, from Day, slotIDs, displays []string) ([]heldPosition, error) {
	var out []heldPosition
	err := eachPair(slotIDs, displays, func(slots, tvs []string) error {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (heldPosition, error) {
			var h heldPosition
			err := sc.Scan(&h.display, &h.slot, &h.day, &h.position, &h.adName)
			return h, err
		}, `SELECT b.display_id, b.slot_id, b.day, b.position, a.name
			FROM ad_bookings b JOIN advertisements a ON a.id = b.advertisement_id
			WHERE b.franchise_id = ? AND b.day >= ? AND b.slot_id IN (`+db.Placeholders(len(slots))+`)
			  AND b.display_id IN (`+db.Placeholders(len(tvs))+`)`,
			append(append([]any{franchiseID, int(from)}, db.Args(slots)...), db.Args(tvs)...)...)
		out = append(out, list...)
		return err
	})
	return out, err
}

// movePosition moves the booking of a TV's slot on a day from one position
// to another.
func movePosition(ctx context.Context, q db.Querier, k slotDay, from, to int) error {
	_, err := q.ExecContext(ctx, `UPDATE ad_bookings SET position = ?
		WHERE display_id = ? AND slot_id = ? AND day = ? AND position = ?`,
		to, k.display, k.slot, int(k.day), from)
	return err
}

// bookedLength is an advertisement booked in a slot, with its display time.
type bookedLength struct {
	slot, name string
	seconds    int
}

// bookedLengths lists the advertisements booked from the day from on in the
// slots slotIDs of the TVs displays, each slot and advertisement once.
func bookedLengths(ctx context.Context, q db.Querier, franchiseID string, from Day, slotIDs, displays []string) ([]bookedLength, error) {
	var out []bookedLength
	err := eachPair(slotIDs, displays, func(slots, tvs []string) error {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (bookedLength, error) {
			var b bookedLength
			err := sc.Scan(&b.slot, &b.name, &b.seconds)
			return b, err
		}, `SELECT DISTINCT b.slot_id, a.name, a.display_time
			FROM ad_bookings b JOIN advertisements a ON a.id = b.advertisement_id
			WHERE b.franchise_id = ? AND b.day >= ? AND b.slot_id IN (`+db.Placeholders(len(slots))+`)
			  AND b.display_id IN (`+db.Placeholders(len(tvs))+`)`,
			append(append([]any{franchiseID, int(from)}, db.Args(slots)...), db.Args(tvs)...)...)
		out = append(out, list...)
		return err
	})
	return out, err
}

// soldNames names the advertisements holding positions from the day from
// on on the TVs displays, each once, in no order.
func soldNames(ctx context.Context, q db.Querier, franchiseID string, from Day, displays []string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, chunk := range db.Chunks(displays) {
		list, err := db.Collect(ctx, q, db.ScanString, `SELECT DISTINCT a.name FROM ad_bookings b
			JOIN advertisements a ON a.id = b.advertisement_id
			WHERE b.franchise_id = ? AND b.day >= ? AND b.display_id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID, int(from)}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, name := range list {
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	return out, nil
}

// eachPair runs fn on every pair of chunks of a and b, so that neither IN
// list of one query grows past db.MaxInList.
func eachPair(a, b []string, fn func(a, b []string) error) error {
	for _, ca := range db.Chunks(a) {
		for _, cb := range db.Chunks(b) {
			if err := fn(ca, cb); err != nil {
				return err
			}
		}
	}
	return nil
}

// displayBooking is a position booked on a TV.
type displayBooking struct {
	display string
	PlayerBooking
}

// bookingsOn lists the positions booked from day from to day to on the
// franchise's TVs displayIDs, by TV, slot, day and position.
func bookingsOn(ctx context.Context, q db.Querier, franchiseID string, from, to Day, displayIDs []string) ([]displayBooking, error) {
	var out []displayBooking
	for _, chunk := range db.Chunks(displayIDs) {
		part, err := db.Collect(ctx, q, func(sc db.Scanner) (displayBooking, error) {
			var r displayBooking
			var day Day
			err := sc.Scan(&r.display, &r.SlotID, &day, &r.Position, &r.AdvertisementID)
			r.Day = day.Key()
			return r, err
		}, `SELECT display_id, slot_id, day, position, advertisement_id FROM ad_bookings
			WHERE franchise_id = ? AND day >= ? AND day <= ? AND display_id IN (`+db.Placeholders(len(chunk))+`)
			ORDER BY display_id, slot_id, day, position`,
			append([]any{franchiseID, int(from), int(to)}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		out = append(out, part...)
	}
	return out, nil
}

// rowsByID reads the franchise's advertisements among idList (at most
// db.MaxInList).
func rowsByID(ctx context.Context, q db.Querier, franchiseID string, idList []string) ([]row, error) {
	return db.Collect(ctx, q, scanRow, `SELECT `+rowColumns+` FROM advertisements a
		WHERE a.franchise_id = ? AND a.id IN (`+db.Placeholders(len(idList))+`)`,
		append([]any{franchiseID}, db.Args(idList)...)...)
}

// franchisesWithAds lists the franchises with an advertisement whose last
// day is from on.
func franchisesWithAds(ctx context.Context, q db.Querier, from Day) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString,
		`SELECT DISTINCT franchise_id FROM advertisements WHERE last_day >= ?`, int(from))
}

// displaysBookedOn lists the franchise's TVs with an advertisement whose
// period holds day.
func displaysBookedOn(ctx context.Context, q db.Querier, franchiseID string, day Day) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString, `SELECT DISTINCT display_id FROM ad_displays
		WHERE franchise_id = ? AND last_day >= ? AND first_day <= ?`, franchiseID, int(day), int(day))
}

// soldOnDisplay returns which of adIDs are sold on the franchise's TV.
func soldOnDisplay(ctx context.Context, q db.Querier, franchiseID, displayID string, adIDs []string) (map[string]bool, error) {
	sold := map[string]bool{}
	for _, chunk := range db.Chunks(adIDs) {
		list, err := db.Collect(ctx, q, db.ScanString, `
			SELECT ad.advertisement_id FROM ad_displays ad
			JOIN advertisements a ON a.id = ad.advertisement_id
			WHERE ad.display_id = ? AND a.franchise_id = ? AND ad.advertisement_id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{displayID, franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, id := range list {
			sold[id] = true
		}
	}
	return sold, nil
}

// insertPlays stores plays, each once: rows of (display_id, id,
// advertisement_id, franchise_id, media_id, started_at, duration_ms, day,
// received_at). It returns how many were new.
func insertPlays(ctx context.Context, q db.Querier, rows [][]any) (int64, error) {
	var stored int64
	err := insertManySuffix(ctx, q, `INSERT INTO ad_plays (display_id, id, advertisement_id, franchise_id, media_id,
		started_at, duration_ms, day, received_at) VALUES `, ` ON CONFLICT (display_id, id) DO NOTHING`, rows, &stored)
	return stored, err
}

// playCount is how many times an advertisement played on a TV on a day.
type playCount struct {
	day     Day
	display string
	count   int
	ms      int64
}

// playCounts counts an advertisement's plays per day and TV.
func playCounts(ctx context.Context, q db.Querier, adID string) ([]playCount, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (playCount, error) {
		var p playCount
		err := sc.Scan(&p.day, &p.display, &p.count, &p.ms)
		return p, err
	}, `SELECT day, display_id, COUNT(*), COALESCE(SUM(duration_ms), 0)
		FROM ad_plays WHERE advertisement_id = ?
		GROUP BY day, display_id`, adID)
}

var newID = ids.New
