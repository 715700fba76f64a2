package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"maps"
	"slices"

	"vitrine/internal/db"
	"vitrine/internal/hours"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/outbox"
	"vitrine/internal/tenant"
)

// row is a store's stored fields besides its contacts.
type row struct {
	Name, Region, State, City, Social, Document, Tag, Phone, TimeZone string
}

// list reads every store of a franchise with its contacts and TV count in
// three queries, whatever the number of stores.
func list(ctx context.Context, q db.Querier, t tenant.Tenant) ([]Store, error) {
	// A scoped member's stores only: the database reads their rows, not
	// the whole group's.
	within, args := "", []any{t.ID}
	if !t.Whole() {
		if len(t.Stores) == 0 {
			return []Store{}, nil
		}
		within = ` AND s.id IN (` + db.Placeholders(len(t.Stores)) + `)`
		args = append(args, db.Args(t.Stores)...)
	}
	rows, err := q.QueryContext(ctx, `
		SELECT s.id, s.slug, s.name, s.region, s.state, s.city, s.social, s.document, s.tag,
		       s.phone, s.time_zone, s.created_at, s.updated_at
		FROM stores s WHERE s.franchise_id = ?`+within, args...)
	if err != nil {
		return nil, err
	}
	out := []Store{}
	index := map[string]int{}
	for rows.Next() {
		var st Store
		var id string
		if err := rows.Scan(&id, &st.Slug, &st.Name, &st.Region, &st.State, &st.City, &st.Social,
			&st.Document, &st.Tag, &st.Phone, &st.TimeZone, &st.CreatedAt, &st.UpdatedAt); err != nil {
			rows.Close()
			return nil, err
		}
		st.Franchise = t.Slug
		st.Contacts = []Contact{}
		index[id] = len(out)
		out = append(out, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return out, nil
	}

	rows, err = q.QueryContext(ctx, `
		SELECT c.store_id, c.name, c.role, c.phone, c.receive_notify
		FROM store_contacts c JOIN stores s ON s.id = c.store_id
		WHERE s.franchise_id = ?`+within+` ORDER BY c.store_id, c.position`, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var storeID string
		var c Contact
		var notify int
		if err := rows.Scan(&storeID, &c.Name, &c.Role, &c.Phone, &notify); err != nil {
			rows.Close()
			return nil, err
		}
		c.ReceiveNotify = notify == 1
		if i, ok := index[storeID]; ok {
			out[i].Contacts = append(out[i].Contacts, c)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = q.QueryContext(ctx, `
		SELECT s.id, COUNT(*) FROM displays d JOIN stores s ON s.id = d.store_id
		WHERE d.franchise_id = ?`+within+` GROUP BY s.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var storeID string
		var n int
		if err := rows.Scan(&storeID, &n); err != nil {
			return nil, err
		}
		if i, ok := index[storeID]; ok {
			out[i].Displays = n
		}
	}
	return out, rows.Err()
}

// get reads one store with its contacts and TV count.
func get(ctx context.Context, q db.Querier, t tenant.Tenant, slug string) (Store, error) {
	var st Store
	var id string
	err := q.QueryRowContext(ctx, `
		SELECT s.id, s.slug, s.name, s.region, s.state, s.city, s.social, s.document, s.tag,
		       s.phone, s.time_zone, s.created_at, s.updated_at,
		       (SELECT COUNT(*) FROM displays d WHERE d.store_id = s.id)
		FROM stores s WHERE s.franchise_id = ? AND s.slug = ?`, t.ID, slug).
		Scan(&id, &st.Slug, &st.Name, &st.Region, &st.State, &st.City, &st.Social, &st.Document,
			&st.Tag, &st.Phone, &st.TimeZone, &st.CreatedAt, &st.UpdatedAt, &st.Displays)
	if errors.Is(err, sql.ErrNoRows) {
		return Store{}, ErrNotFound
	}
	if err != nil {
		return Store{}, err
	}
	st.Franchise = t.Slug
	st.Contacts = []Contact{}
	rows, err := q.QueryContext(ctx, `
		SELECT name, role, phone, receive_notify FROM store_contacts
		WHERE store_id = ? ORDER BY position`, id)
	if err != nil {
		return Store{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var c Contact
		var notify int
		if err := rows.Scan(&c.Name, &c.Role, &c.Phone, &notify); err != nil {
			return Store{}, err
		}
		c.ReceiveNotify = notify == 1
		st.Contacts = append(st.Contacts, c)
	}
	return st, rows.Err()
}

// load reads a store's id and editable fields for an update or delete,
// locking the row until the transaction ends.
func load(ctx context.Context, q db.Querier, franchiseID, slug string) (string, row, error) {
	var id string
	var r row
	err := q.QueryRowContext(ctx, `
		SELECT id, name, region, state, city, social, document, tag, phone, time_zone
		FROM stores WHERE franchise_id = ? AND slug = ?`+db.ForUpdate(q), franchiseID, slug).
		Scan(&id, &r.Name, &r.Region, &r.State, &r.City, &r.Social, &r.Document, &r.Tag, &r.Phone, &r.TimeZone)
	if errors.Is(err, sql.ErrNoRows) {
		return "", r, ErrNotFound
	}
	return id, r, err
}

// refOf reads the franchise's store with slug, or ErrNotFound.
func refOf(ctx context.Context, q db.Querier, franchiseID, slug string) (Ref, error) {
	var r Ref
	err := q.QueryRowContext(ctx, `SELECT id, slug, name FROM stores WHERE franchise_id = ? AND slug = ?`,
		franchiseID, slug).Scan(&r.ID, &r.Slug, &r.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return Ref{}, ErrNotFound
	}
	return r, err
}

// Lock holds the franchise's store storeID until tx ends, so that changes
// another domain keeps per store (a store's local content) run one after
// the other; ErrNotFound when it is gone.
func Lock(ctx context.Context, tx *db.Tx, franchiseID, storeID string) error {
	var id string
	err := tx.QueryRowContext(ctx, `SELECT id FROM stores WHERE franchise_id = ? AND id = ?`+db.ForUpdate(tx),
		franchiseID, storeID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// ID returns the id of the franchise's store with slug, or ErrNotFound.
func ID(ctx context.Context, q db.Querier, franchiseID, slug string) (string, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT id FROM stores WHERE franchise_id = ? AND slug = ?`,
		franchiseID, slug).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return id, err
}

// TimeZones returns the time zone of each of the franchise's stores among
// storeIDs, by id (stores of other franchises, or gone, are absent). It
// reads through q, so a caller reads them in its own transaction.
func TimeZones(ctx context.Context, q db.Querier, franchiseID string, storeIDs []string) (map[string]string, error) {
	type zone struct{ id, name string }
	out := make(map[string]string, len(storeIDs))
	for _, chunk := range db.Chunks(storeIDs) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (zone, error) {
			var z zone
			return z, sc.Scan(&z.id, &z.name)
		}, `SELECT id, time_zone FROM stores WHERE franchise_id = ? AND id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, z := range list {
			out[z.id] = z.name
		}
	}
	return out, nil
}

// Zones returns the distinct time zones of the franchise's stores, sorted.
func Zones(ctx context.Context, q db.Querier, franchiseID string) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString,
		`SELECT DISTINCT time_zone FROM stores WHERE franchise_id = ? ORDER BY time_zone`, franchiseID)
}

func insert(ctx context.Context, q db.Querier, franchiseID, slug string, r row, now int64) (string, error) {
	id := ids.New()
	_, err := q.ExecContext(ctx, `
		INSERT INTO stores (id, franchise_id, slug, name, name_key, region, state, city, social,
		    document, tag, phone, time_zone, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, franchiseID, slug, r.Name, names.Key(r.Name), r.Region, r.State, r.City, r.Social,
		r.Document, r.Tag, r.Phone, r.TimeZone, now, now)
	return id, err
}

func update(ctx context.Context, q db.Querier, id string, r row, now int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE stores SET name = ?, region = ?, state = ?, city = ?, social = ?, document = ?,
		    tag = ?, phone = ?, time_zone = ?, updated_at = ?
		WHERE id = ?`,
		r.Name, r.Region, r.State, r.City, r.Social, r.Document, r.Tag, r.Phone, r.TimeZone, now, id)
	return err
}

func replaceContacts(ctx context.Context, q db.Querier, storeID string, contacts []Contact) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM store_contacts WHERE store_id = ?`, storeID); err != nil {
		return err
	}
	for i, c := range contacts {
		notify := 0
		if c.ReceiveNotify {
			notify = 1
		}
		if _, err := q.ExecContext(ctx, `
			INSERT INTO store_contacts (id, store_id, position, name, role, phone, receive_notify)
			VALUES (?, ?, ?, ?, ?, ?, ?)`,
			ids.New(), storeID, i, c.Name, c.Role, c.Phone, notify); err != nil {
			return err
		}
	}
	return nil
}

// remove deletes a store. Its contacts and TVs (with their commands) go with
// it through the foreign keys' ON DELETE CASCADE, so each table keeps its
// one owner.
func remove(ctx context.Context, q db.Querier, storeID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM stores WHERE id = ?`, storeID)
	return err
}

// reservedSlug is a path word after the franchise in /store/{franchise}/…,
// so no store may take it as its slug.
const reservedSlug = "notify"

// freeSlug returns the first free slug for base within the franchise.
func freeSlug(ctx context.Context, q db.Querier, franchiseID, base string) (string, error) {
	taken, err := db.Collect(ctx, q, db.ScanString, `
		SELECT slug FROM stores WHERE franchise_id = ? AND (slug = ? OR slug LIKE ?)`,
		franchiseID, base, base+"-%")
	if err != nil {
		return "", err
	}
	return names.FirstFree(base, append(taken, reservedSlug)...), nil
}

// countStores tells how many of slugs are stores of the franchise.
func countStores(ctx context.Context, q db.Querier, franchiseID string, slugs []string) (int, error) {
	total := 0
	for _, chunk := range db.Chunks(slugs) {
		var n int
		err := q.QueryRowContext(ctx, `
			SELECT COUNT(*) FROM stores WHERE franchise_id = ? AND slug IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...).Scan(&n)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// notifiedPhones lists, once each and in order, the phones of the contacts
// of the chosen stores that receive notifications.
func notifiedPhones(ctx context.Context, q db.Querier, franchiseID string, slugs []string) (map[string][]string, error) {
	out := map[string][]string{}
	type reach struct{ phone, storeID string }
	for _, chunk := range db.Chunks(slugs) {
		found, err := db.Collect(ctx, q, func(sc db.Scanner) (reach, error) {
			var r reach
			return r, sc.Scan(&r.phone, &r.storeID)
		}, `
			SELECT DISTINCT c.phone, s.id FROM store_contacts c JOIN stores s ON s.id = c.store_id
			WHERE s.franchise_id = ? AND s.slug IN (`+db.Placeholders(len(chunk))+`)
			  AND c.receive_notify = 1`, append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for _, r := range found {
			out[r.phone] = append(out[r.phone], r.storeID)
		}
	}
	return out, nil
}

// recentMessagesOf reads the latest WhatsApp messages sent for t's stores.
func recentMessagesOf(ctx context.Context, q db.Querier, t tenant.Tenant, limit int) ([]outbox.Message, error) {
	return outbox.RecentAmong(ctx, q, t.ID, outbox.WhatsApp, limit,
		`SELECT outbox_id FROM store_messages WHERE store_id IN (`+db.Placeholders(len(t.Stores))+`)`, db.Args(t.Stores))
}

// recordMessageStores notes the stores a message to store contacts was
// sent for.
func recordMessageStores(ctx context.Context, q db.Querier, outboxID string, storeIDs []string) error {
	for _, id := range uniqueStrings(storeIDs) {
		if _, err := q.ExecContext(ctx, `INSERT INTO store_messages (outbox_id, store_id) VALUES (?, ?)`, outboxID, id); err != nil {
			return err
		}
	}
	return nil
}

// contactsByPhone names, for each of phones, the contacts of t's stores with
// that phone as "Name (Store)", in store order.
func contactsByPhone(ctx context.Context, q db.Querier, t tenant.Tenant, phones []string) (map[string][]string, error) {
	out := map[string][]string{}
	type named struct{ phone, label string }
	scope, scopeArgs := "", []any{}
	if !t.Whole() {
		if len(t.Stores) == 0 {
			return out, nil
		}
		scope, scopeArgs = ` AND s.id IN (`+db.Placeholders(len(t.Stores))+`)`, db.Args(t.Stores)
	}
	for _, chunk := range db.Chunks(uniqueStrings(phones)) {
		found, err := db.Collect(ctx, q, func(sc db.Scanner) (named, error) {
			var n named
			var contact, store string
			err := sc.Scan(&n.phone, &contact, &store)
			n.label = contact + " (" + store + ")"
			return n, err
		}, `SELECT c.phone, c.name, s.name FROM store_contacts c JOIN stores s ON s.id = c.store_id
			WHERE s.franchise_id = ? AND c.phone IN (`+db.Placeholders(len(chunk))+`)`+scope+`
			ORDER BY s.name, c.position`, append(append([]any{t.ID}, db.Args(chunk)...), scopeArgs...)...)
		if err != nil {
			return nil, err
		}
		for _, n := range found {
			out[n.phone] = append(out[n.phone], n.label)
		}
	}
	return out, nil
}

func uniqueStrings(values []string) []string {
	seen := make(map[string]bool, len(values))
	out := make([]string, 0, len(values))
	for _, v := range values {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// readHours reads the stored hours rows of storeIDs in the franchise.
func readHours(ctx context.Context, q db.Querier, franchiseID string, storeIDs []string) (map[string]OpeningHours, error) {
	out := make(map[string]OpeningHours, len(storeIDs))
	for _, chunk := range db.Chunks(storeIDs) {
		rows, err := q.QueryContext(ctx, `
			SELECT store_id, hours, when_closed FROM store_hours
			WHERE franchise_id = ? AND store_id IN (`+db.Placeholders(len(chunk))+`)`,
			append([]any{franchiseID}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id, when string
			var text sql.NullString
			if err := rows.Scan(&id, &text, &when); err != nil {
				rows.Close()
				return nil, err
			}
			o := OpeningHours{WhenClosed: when}
			if text.Valid {
				var h hours.Hours
				if err := json.Unmarshal([]byte(text.String), &h); err != nil {
					rows.Close()
					return nil, err
				}
				o.Hours = &h
			}
			out[id] = o
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// writeHours stores a store's hours (nil: open all day) and closed behaviour.
func writeHours(ctx context.Context, q db.Querier, franchiseID, storeID string, h *hours.Hours, when string, now int64) error {
	var text sql.NullString
	if h != nil {
		data, err := json.Marshal(h)
		if err != nil {
			return err
		}
		text = sql.NullString{String: string(data), Valid: true}
	}
	_, err := q.ExecContext(ctx, `
		INSERT INTO store_hours (store_id, franchise_id, hours, when_closed, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (store_id) DO UPDATE SET hours = excluded.hours, when_closed = excluded.when_closed,
			updated_at = excluded.updated_at`,
		storeID, franchiseID, text, when, now)
	return err
}

// NotifiedPhones returns the phones (area code and number, digits) of the
// contacts of one store of the franchise who receive notifications.
func NotifiedPhones(ctx context.Context, q db.Querier, franchiseID, storeSlug string) ([]string, error) {
	phones, err := notifiedPhones(ctx, q, franchiseID, []string{storeSlug})
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(phones)), nil
}

// refs reads the id, slug and name of every store of a franchise.
func refs(ctx context.Context, q db.Querier, franchiseID string) ([]Ref, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (Ref, error) {
		var r Ref
		return r, sc.Scan(&r.ID, &r.Slug, &r.Name)
	}, `SELECT id, slug, name FROM stores WHERE franchise_id = ? ORDER BY slug`, franchiseID)
}
