package franchise

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"vitrine/internal/db"
	"vitrine/internal/ids"
	"vitrine/internal/names"
	"vitrine/internal/tenant"
)

// row is a franchise's stored fields.
type row struct {
	Name, Social, Document, State, City, Address, Number, Complement string
	AdditionalInformation, Phone, TagStore, TagDisplay, TagSchedule  string
	TimeZone                                                         string
	LocalWithoutApproval                                             bool
}

const columns = `f.slug, f.name, f.social, COALESCE(f.document, ''), f.state, f.city, f.address,
	f.number, f.complement, f.additional_information, f.phone, f.tag_store, f.tag_display,
	f.tag_schedule, f.time_zone, f.local_without_approval, f.created_at, f.updated_at, f.store_count,
	f.display_count`

func scan(sc interface{ Scan(...any) error }) (Franchise, error) {
	var (
		f     Franchise
		local int
	)
	err := sc.Scan(&f.Slug, &f.Name, &f.Social, &f.Document, &f.State, &f.City, &f.Address,
		&f.Number, &f.Complement, &f.AdditionalInformation, &f.Phone, &f.TagStore, &f.TagDisplay,
		&f.TagSchedule, &f.TimeZone, &local, &f.CreatedAt, &f.UpdatedAt, &f.Stores, &f.Displays)
	f.LocalWithoutApproval = local == 1
	return f, err
}

// list returns the franchises of userID, or every franchise when userID is "".
func list(ctx context.Context, q db.Querier, userID string) ([]Franchise, error) {
	query := `SELECT ` + columns + ` FROM franchises f ORDER BY f.created_at, f.id`
	var args []any
	if userID != "" {
		query = `SELECT ` + columns + ` FROM franchises f
			JOIN user_franchises uf ON uf.franchise_id = f.id
			WHERE uf.user_id = ? ORDER BY f.created_at, f.id`
		args = append(args, userID)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Franchise{}
	for rows.Next() {
		f, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

func get(ctx context.Context, q db.Querier, id string) (Franchise, error) {
	f, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM franchises f WHERE f.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Franchise{}, ErrNotFound
	}
	return f, err
}

// load reads a franchise's editable fields, locking the row until the
// transaction ends.
func load(ctx context.Context, q db.Querier, id string) (row, error) {
	var (
		r     row
		local int
	)
	err := q.QueryRowContext(ctx, `
		SELECT name, social, COALESCE(document, ''), state, city, address, number, complement,
		       additional_information, phone, tag_store, tag_display, tag_schedule, time_zone,
		       local_without_approval
		FROM franchises WHERE id = ?`+db.ForUpdate(q), id).
		Scan(&r.Name, &r.Social, &r.Document, &r.State, &r.City, &r.Address, &r.Number, &r.Complement,
			&r.AdditionalInformation, &r.Phone, &r.TagStore, &r.TagDisplay, &r.TagSchedule, &r.TimeZone, &local)
	r.LocalWithoutApproval = local == 1
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	return r, err
}

func insert(ctx context.Context, q db.Querier, slug string, r row, now int64) (string, error) {
	id := ids.New()
	_, err := q.ExecContext(ctx, `
		INSERT INTO franchises (id, slug, name, name_key, social, document, state, city, address,
		    number, complement, additional_information, phone, tag_store, tag_display, tag_schedule,
		    time_zone, local_without_approval, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, slug, r.Name, names.Key(r.Name), r.Social, db.NullIfEmpty(r.Document), r.State, r.City, r.Address, r.Number,
		r.Complement, r.AdditionalInformation, r.Phone, r.TagStore, r.TagDisplay, r.TagSchedule,
		r.TimeZone, flag(r.LocalWithoutApproval), now, now)
	return id, err
}

func update(ctx context.Context, q db.Querier, id string, r row, now int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE franchises SET name = ?, social = ?, document = ?, state = ?, city = ?, address = ?,
		    number = ?, complement = ?, additional_information = ?, phone = ?, tag_store = ?,
		    tag_display = ?, tag_schedule = ?, time_zone = ?, local_without_approval = ?, updated_at = ?
		WHERE id = ?`,
		r.Name, r.Social, db.NullIfEmpty(r.Document), r.State, r.City, r.Address, r.Number, r.Complement,
		r.AdditionalInformation, r.Phone, r.TagStore, r.TagDisplay, r.TagSchedule, r.TimeZone,
		flag(r.LocalWithoutApproval), now, id)
	return err
}

// flag stores a boolean as the schema's 0 or 1.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Membership: user_franchises belongs here. Accounts read it through
// Memberships to know which franchises a session may act in, and change it
// through AddMember / RemoveMember.

// Memberships returns the franchises userID belongs to, by slug, with the
// role and stores of each membership.
func Memberships(ctx context.Context, q db.Querier, userID string) (map[string]tenant.Membership, error) {
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (tenant.Membership, error) {
		var (
			m             tenant.Membership
			team, approve int
		)
		err := sc.Scan(&m.ID, &m.Slug, &m.Name, &m.Role, &team, &approve)
		m.ManageTeam = team == 1 && m.Role == tenant.Network
		m.ApproveContent = approve == 1 && m.Role == tenant.Network
		return m, err
	}, `
		SELECT f.id, f.slug, f.name, uf.role, uf.manage_team, uf.approve_content
		FROM user_franchises uf JOIN franchises f ON f.id = uf.franchise_id
		WHERE uf.user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]tenant.Membership, len(list))
	scoped := false
	for _, m := range list {
		if !m.Role.Valid() {
			// A role this version does not know reaches nothing.
			m.Role, m.ManageTeam, m.ApproveContent = tenant.StoreManager, false, false
		}
		scoped = scoped || m.Role != tenant.Network
		out[m.Slug] = m
	}
	if !scoped {
		return out, nil
	}
	type cover struct{ franchiseID, storeID, slug string }
	covers, err := db.Collect(ctx, q, func(sc db.Scanner) (cover, error) {
		var c cover
		return c, sc.Scan(&c.franchiseID, &c.storeID, &c.slug)
	}, `
		SELECT ms.franchise_id, ms.store_id, s.slug FROM membership_stores ms
		JOIN stores s ON s.id = ms.store_id AND s.franchise_id = ms.franchise_id
		WHERE ms.user_id = ? ORDER BY ms.franchise_id, ms.store_id`, userID)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]string, len(out))
	for slug, m := range out {
		byID[m.ID] = slug
	}
	for _, c := range covers {
		slug, ok := byID[c.franchiseID]
		if !ok {
			continue
		}
		m := out[slug]
		if m.Role != tenant.Network {
			m.Stores = append(m.Stores, c.storeID)
			m.StoreSlugs = append(m.StoreSlugs, c.slug)
			out[slug] = m
		}
	}
	for slug, m := range out {
		slices.Sort(m.StoreSlugs)
		out[slug] = m
	}
	return out, nil
}

// MembersReaching returns the ids of the franchise's members who reach the
// store: its network, and the scoped members whose stores include it.
func MembersReaching(ctx context.Context, q db.Querier, franchiseID, storeID string) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString, `
		SELECT uf.user_id FROM user_franchises uf
		WHERE uf.franchise_id = ? AND (uf.role = 'network' OR EXISTS (
			SELECT 1 FROM membership_stores ms
			WHERE ms.user_id = uf.user_id AND ms.franchise_id = uf.franchise_id AND ms.store_id = ?))
		ORDER BY uf.user_id`, franchiseID, storeID)
}

// LocalWithoutApproval reads the group's 'Publicar conteúdo local sem
// aprovação': what its stores put in local spaces plays at once.
func LocalWithoutApproval(ctx context.Context, q db.Querier, franchiseID string) (bool, error) {
	var on int
	err := q.QueryRowContext(ctx, `SELECT local_without_approval FROM franchises WHERE id = ?`, franchiseID).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNotFound
	}
	return on == 1, err
}

// ContentApprovers returns the ids of the franchise's network members
// holding 'Aprovar conteúdo'.
func ContentApprovers(ctx context.Context, q db.Querier, franchiseID string) ([]string, error) {
	return db.Collect(ctx, q, db.ScanString, `SELECT user_id FROM user_franchises
		WHERE franchise_id = ? AND role = 'network' AND approve_content = 1 ORDER BY user_id`, franchiseID)
}

// AllMemberships returns every user's franchises: user id -> slug -> name.
func AllMemberships(ctx context.Context, q db.Querier) (map[string]map[string]string, error) {
	type member struct{ userID, slug, name string }
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (member, error) {
		var m member
		err := sc.Scan(&m.userID, &m.slug, &m.name)
		return m, err
	}, `SELECT uf.user_id, f.slug, f.name FROM user_franchises uf JOIN franchises f ON f.id = uf.franchise_id`)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	for _, m := range list {
		if out[m.userID] == nil {
			out[m.userID] = map[string]string{}
		}
		out[m.userID][m.slug] = m.name
	}
	return out, nil
}

// BySlug returns the franchise with slug, or ErrNotFound.
func BySlug(ctx context.Context, q db.Querier, slug string) (tenant.Franchise, error) {
	f, err := scanRef(q.QueryRowContext(ctx, `SELECT id, slug, name FROM franchises WHERE slug = ?`, slug))
	if errors.Is(err, sql.ErrNoRows) {
		return tenant.Franchise{}, ErrNotFound
	}
	return f, err
}

// ByID returns the franchise with id, or ErrNotFound.
func ByID(ctx context.Context, q db.Querier, id string) (tenant.Franchise, error) {
	f, err := scanRef(q.QueryRowContext(ctx, `SELECT id, slug, name FROM franchises WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return tenant.Franchise{}, ErrNotFound
	}
	return f, err
}

// TimeZone returns the franchise's stored time zone name, or ErrNotFound.
// It reads through q, so a caller reads it in its own transaction.
func TimeZone(ctx context.Context, q db.Querier, id string) (string, error) {
	var name string
	err := q.QueryRowContext(ctx, `SELECT time_zone FROM franchises WHERE id = ?`, id).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return name, err
}

// TimeZones returns the stored time zone name of each franchise among ids
// that exists, by id.
func TimeZones(ctx context.Context, q db.Querier, ids []string) (map[string]string, error) {
	type zone struct{ id, name string }
	out := make(map[string]string, len(ids))
	for _, chunk := range db.Chunks(ids) {
		list, err := db.Collect(ctx, q, func(sc db.Scanner) (zone, error) {
			var z zone
			return z, sc.Scan(&z.id, &z.name)
		}, `SELECT id, time_zone FROM franchises WHERE id IN (`+db.Placeholders(len(chunk))+`)`, db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		for _, z := range list {
			out[z.id] = z.name
		}
	}
	return out, nil
}

func scanRef(sc db.Scanner) (tenant.Franchise, error) {
	var f tenant.Franchise
	err := sc.Scan(&f.ID, &f.Slug, &f.Name)
	return f, err
}

// AddMember makes userID a network member of the franchise; already being
// one is fine (the membership keeps its role).
func AddMember(ctx context.Context, q db.Querier, userID, franchiseID string, now int64) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO user_franchises (user_id, franchise_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, franchise_id) DO NOTHING`, userID, franchiseID, now)
	return err
}

// GrantTeam gives userID's network membership of the franchise the
// 'Gerenciar equipe' and 'Aprovar conteúdo' permissions.
func GrantTeam(ctx context.Context, q db.Querier, userID, franchiseID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE user_franchises SET manage_team = 1, approve_content = 1
		WHERE user_id = ? AND franchise_id = ? AND role = 'network'`,
		userID, franchiseID)
	return err
}

// RemoveMember takes userID out of the franchise.
func RemoveMember(ctx context.Context, q db.Querier, userID, franchiseID string) error {
	_, err := q.ExecContext(ctx, `
		DELETE FROM user_franchises WHERE user_id = ? AND franchise_id = ?`, userID, franchiseID)
	return err
}

// checkDocumentFree fails with ErrDocumentTaken when another franchise than
// exceptID holds document.
func checkDocumentFree(ctx context.Context, q db.Querier, document, exceptID string) error {
	if document == "" {
		return nil
	}
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM franchises WHERE document = ? AND id <> ?`,
		document, exceptID).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return ErrDocumentTaken
	}
	return nil
}

// checkNameFree fails with ErrNameTaken when another franchise than exceptID
// has name (ignoring case, accents and spaces).
func checkNameFree(ctx context.Context, q db.Querier, name, exceptID string) error {
	taken, err := db.NameTaken(ctx, q, "franchises", "", "", name, exceptID)
	if err == nil && taken {
		err = ErrNameTaken
	}
	return err
}

// freeSlug returns base, or base-2, base-3, … whichever is free first.
func freeSlug(ctx context.Context, q db.Querier, base string) (string, error) {
	taken, err := db.Collect(ctx, q, db.ScanString,
		`SELECT slug FROM franchises WHERE slug = ? OR slug LIKE ?`, base, base+"-%")
	if err != nil {
		return "", err
	}
	return names.FirstFree(base, taken...), nil
}

// counts says how a touch changes the franchise's counts of stores and TVs:
// by stores and displays, or read again when recount is set.
type counts struct {
	recount          bool
	stores, displays int
}

// touch bumps the franchise's revision, changes its counts of stores and
// TVs as n says, and returns the new revision.
func touch(ctx context.Context, q db.Querier, franchiseID string, n counts) (int64, error) {
	query, args := `UPDATE franchises SET revision = revision + 1 WHERE id = ? RETURNING revision`, []any{franchiseID}
	switch {
	case n.recount:
		query = `
		UPDATE franchises SET revision = revision + 1,
		    store_count = (SELECT COUNT(*) FROM stores s WHERE s.franchise_id = franchises.id),
		    display_count = (SELECT COUNT(*) FROM displays d WHERE d.franchise_id = franchises.id)
		WHERE id = ?
		RETURNING revision`
	case n.stores != 0 || n.displays != 0:
		query = `
		UPDATE franchises SET revision = revision + 1, store_count = store_count + ?, display_count = display_count + ?
		WHERE id = ?
		RETURNING revision`
		args = []any{n.stores, n.displays, franchiseID}
	}
	var rev int64
	err := q.QueryRowContext(ctx, query, args...).Scan(&rev)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return rev, err
}

// revision returns the franchise's current revision.
func revision(ctx context.Context, q db.Querier, franchiseID string) (int64, error) {
	var rev int64
	err := q.QueryRowContext(ctx, `SELECT revision FROM franchises WHERE id = ?`, franchiseID).Scan(&rev)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return rev, err
}

// Member is one membership of a franchise, as its team page lists it.
type Member struct {
	UserID         string
	Role           tenant.Role
	ManageTeam     bool
	ApproveContent bool
	// Stores are the ids of the stores a franchisee or store manager
	// covers, and StoreSlugs their slugs, both sorted by slug.
	Stores     []string
	StoreSlugs []string
	CreatedAt  int64
}

// Members returns the franchise's members, oldest first.
func Members(ctx context.Context, q db.Querier, franchiseID string) ([]Member, error) {
	list, err := db.Collect(ctx, q, func(sc db.Scanner) (Member, error) {
		var (
			m             Member
			team, approve int
		)
		err := sc.Scan(&m.UserID, &m.Role, &team, &approve, &m.CreatedAt)
		m.ManageTeam = team == 1 && m.Role == tenant.Network
		m.ApproveContent = approve == 1 && m.Role == tenant.Network
		return m, err
	}, `SELECT user_id, role, manage_team, approve_content, created_at FROM user_franchises
		WHERE franchise_id = ? ORDER BY created_at, user_id`, franchiseID)
	if err != nil {
		return nil, err
	}
	type cover struct{ userID, storeID, slug string }
	covers, err := db.Collect(ctx, q, func(sc db.Scanner) (cover, error) {
		var c cover
		return c, sc.Scan(&c.userID, &c.storeID, &c.slug)
	}, `
		SELECT ms.user_id, ms.store_id, s.slug FROM membership_stores ms
		JOIN stores s ON s.id = ms.store_id AND s.franchise_id = ms.franchise_id
		WHERE ms.franchise_id = ? ORDER BY s.slug`, franchiseID)
	if err != nil {
		return nil, err
	}
	at := make(map[string]int, len(list))
	for i, m := range list {
		at[m.UserID] = i
		if !m.Role.Valid() {
			list[i].Role, list[i].ManageTeam, list[i].ApproveContent = tenant.StoreManager, false, false
		}
	}
	for _, c := range covers {
		i, ok := at[c.userID]
		if !ok || list[i].Role == tenant.Network {
			continue
		}
		list[i].Stores = append(list[i].Stores, c.storeID)
		list[i].StoreSlugs = append(list[i].StoreSlugs, c.slug)
	}
	return list, nil
}

// LockTeam holds the franchise's row until the transaction ends, so that
// two changes of its team (the last manager removed twice at once) run one
// after the other; ErrNotFound when the franchise does not exist.
func LockTeam(ctx context.Context, q db.Querier, franchiseID string) error {
	var id string
	err := q.QueryRowContext(ctx, `SELECT id FROM franchises WHERE id = ?`+db.ForUpdate(q), franchiseID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// SetMember makes userID a member of the franchise with the role, the
// 'Gerenciar equipe' and 'Aprovar conteúdo' permissions (kept only for the
// network) and the stores given (ids of the franchise's stores; none for
// the network), replacing what the membership had; the membership is
// created when missing.
func SetMember(ctx context.Context, q db.Querier, userID, franchiseID string, role tenant.Role, manageTeam, approveContent bool, storeIDs []string, now int64) error {
	team, approve := 0, 0
	if manageTeam && role == tenant.Network {
		team = 1
	}
	if approveContent && role == tenant.Network {
		approve = 1
	}
	if _, err := q.ExecContext(ctx, `
		INSERT INTO user_franchises (user_id, franchise_id, created_at, role, manage_team, approve_content)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, franchise_id) DO UPDATE SET role = excluded.role, manage_team = excluded.manage_team,
		    approve_content = excluded.approve_content`,
		userID, franchiseID, now, string(role), team, approve); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM membership_stores WHERE user_id = ? AND franchise_id = ?`,
		userID, franchiseID); err != nil {
		return err
	}
	if role == tenant.Network {
		return nil
	}
	for _, id := range storeIDs {
		if _, err := q.ExecContext(ctx, `
			INSERT INTO membership_stores (user_id, franchise_id, store_id) VALUES (?, ?, ?)`,
			userID, franchiseID, id); err != nil {
			return err
		}
	}
	return nil
}

// StoreRef is a store's id, slug and name.
type StoreRef struct{ ID, Slug, Name string }

// Stores returns the franchise's stores, by slug.
func Stores(ctx context.Context, q db.Querier, franchiseID string) ([]StoreRef, error) {
	return db.Collect(ctx, q, func(sc db.Scanner) (StoreRef, error) {
		var s StoreRef
		return s, sc.Scan(&s.ID, &s.Slug, &s.Name)
	}, `SELECT id, slug, name FROM stores WHERE franchise_id = ? ORDER BY slug`, franchiseID)
}
