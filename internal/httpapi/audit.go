package httpapi

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"vitrine/api"
	"vitrine/internal/audit"
	"vitrine/internal/auth"
	"vitrine/internal/fault"
	"vitrine/internal/names"
	"vitrine/internal/store"
	"vitrine/internal/tenant"
)

// The 'Atividade' page: the audit trail of a group (its members see it
// narrowed to their stores), and of any group or the platform's sign-ins
// for platform administrators.

const (
	// auditPage is the records one page holds unless the query asks for
	// fewer; auditMaxPage the most it may ask for.
	auditPage    = 50
	auditMaxPage = 100
	// auditCSVLimit bounds the records one CSV holds (the newest).
	auditCSVLimit = 20000
	// platformZone reads the dates of the platform's chain.
	platformZone = "America/Sao_Paulo"
)

// auditChain is the chain a call reads and how to read it.
type auditChain struct {
	id   string // the group's id; "" for the platform's
	slug string // the group's slug; "plataforma"
	loc  *time.Location
	// stores are the group's stores; scope narrows what a scoped member reads.
	stores []store.Ref
	scope  tenant.Scope
}

// auditRecord is a record with the name of its store, when it still exists.
type auditRecord struct {
	audit.Item
	StoreSlug string `json:"storeSlug,omitempty"`
	StoreName string `json:"storeName,omitempty"`
}

type auditResponse struct {
	Records []auditRecord  `json:"records"`
	Next    *int64         `json:"next"`
	People  []audit.Person `json:"people"`
	Stores  []auditStore   `json:"stores"`
}

// auditStore is a store of the store filter.
type auditStore struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// GET /api/audit/{franchise} — the group's records, newest first.
func (s *Server) listAudit(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	c, err := s.groupChain(r.Context(), t.Franchise, t.Scope)
	if err != nil {
		return err
	}
	return s.writeAuditPage(w, r, c)
}

// GET /api/audit/{franchise}/csv — every record the filters select.
func (s *Server) exportAudit(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	c, err := s.groupChain(r.Context(), t.Franchise, t.Scope)
	if err != nil {
		return err
	}
	return s.writeAuditCSV(w, r, c)
}

// GET /api/admin/audit?franchise= — any group's records, or the
// platform's (sign-ins, accounts) without a group.
func (s *Server) adminListAudit(w http.ResponseWriter, r *http.Request, _ *auth.Principal) error {
	c, err := s.adminChain(r.Context(), r.URL.Query().Get("franchise"))
	if err != nil {
		return err
	}
	return s.writeAuditPage(w, r, c)
}

// GET /api/admin/audit/csv?franchise= — the CSV of adminListAudit.
func (s *Server) adminExportAudit(w http.ResponseWriter, r *http.Request, _ *auth.Principal) error {
	c, err := s.adminChain(r.Context(), r.URL.Query().Get("franchise"))
	if err != nil {
		return err
	}
	return s.writeAuditCSV(w, r, c)
}

func (s *Server) groupChain(ctx context.Context, f tenant.Franchise, scope tenant.Scope) (auditChain, error) {
	zone, err := s.Franchises.TimeZone(ctx, f.ID)
	if err != nil {
		return auditChain{}, err
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc, _ = time.LoadLocation(platformZone)
	}
	stores, err := s.Stores.Refs(ctx, f.ID)
	if err != nil {
		return auditChain{}, err
	}
	return auditChain{id: f.ID, slug: f.Slug, loc: loc, stores: stores, scope: scope}, nil
}

func (s *Server) adminChain(ctx context.Context, slug string) (auditChain, error) {
	if slug == "" {
		loc, err := time.LoadLocation(platformZone)
		if err != nil {
			return auditChain{}, err
		}
		return auditChain{slug: "plataforma", loc: loc}, nil
	}
	f, err := s.Franchises.BySlug(ctx, slug)
	if err != nil {
		return auditChain{}, err
	}
	return s.groupChain(ctx, f, tenant.Scope{Role: tenant.Network})
}

// filter reads the query's filters: person (a user's id), kind, store (a
// store's slug), from and to (dates in the group's zone, both included),
// before (the cursor of the next page).
func (c auditChain) filter(r *http.Request) (audit.Filter, error) {
	q := r.URL.Query()
	f := audit.Filter{Chain: c.id, UserID: strings.TrimSpace(q.Get("person"))}
	if !c.scope.Whole() {
		f.Stores = slices.Clone(c.scope.Stores)
		if f.Stores == nil {
			f.Stores = []string{}
		}
	}
	if kind := q.Get("kind"); kind != "" {
		if !slices.Contains(audit.Kinds, kind) {
			return f, fault.Invalidf("Tipo de registro desconhecido: %s.", kind)
		}
		f.Kind = kind
	}
	if slug := q.Get("store"); slug != "" {
		i := slices.IndexFunc(c.stores, func(st store.Ref) bool { return st.Slug == slug })
		if i < 0 || !c.scope.CoversSlug(slug) {
			return f, store.ErrNotFound
		}
		f.Store = c.stores[i].ID
	}
	var err error
	if f.From, err = c.day(q.Get("from"), "inicial"); err != nil {
		return f, err
	}
	if f.To, err = c.day(q.Get("to"), "final"); err != nil {
		return f, err
	}
	if !f.To.IsZero() {
		f.To = f.To.AddDate(0, 0, 1) // the last day is included
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		return f, fault.Invalidf("A data inicial deve ser anterior ou igual à data final.")
	}
	if v := q.Get("before"); v != "" {
		if f.Before, err = strconv.ParseInt(v, 10, 64); err != nil || f.Before < 1 {
			return f, fault.Invalidf("Cursor inválido: use o valor de next da página anterior.")
		}
	}
	return f, nil
}

// day reads a YYYY-MM-DD date as its first instant in the chain's zone.
func (c auditChain) day(v, which string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	d, err := time.ParseInLocation(time.DateOnly, v, c.loc)
	if err != nil {
		return time.Time{}, fault.Invalidf("Data %s inválida: use o formato AAAA-MM-DD.", which)
	}
	return d, nil
}

// reachable are the stores the caller may filter by, by name.
func (c auditChain) reachable() []auditStore {
	out := []auditStore{}
	for _, st := range c.stores {
		if c.scope.CoversSlug(st.Slug) {
			out = append(out, auditStore{Slug: st.Slug, Name: st.Name})
		}
	}
	slices.SortFunc(out, func(a, b auditStore) int {
		return cmp.Or(strings.Compare(names.SortKey(a.Name), names.SortKey(b.Name)), strings.Compare(a.Slug, b.Slug))
	})
	return out
}

func (c auditChain) withStores(items []audit.Item) []auditRecord {
	byID := make(map[string]store.Ref, len(c.stores))
	for _, st := range c.stores {
		byID[st.ID] = st
	}
	out := make([]auditRecord, len(items))
	for i, it := range items {
		out[i] = auditRecord{Item: it}
		if st, ok := byID[it.StoreID]; ok && it.StoreID != "" {
			out[i].StoreSlug, out[i].StoreName = st.Slug, st.Name
		}
	}
	return out
}

func (s *Server) writeAuditPage(w http.ResponseWriter, r *http.Request, c auditChain) error {
	f, err := c.filter(r)
	if err != nil {
		return err
	}
	limit := auditPage
	if v := r.URL.Query().Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > auditMaxPage {
			return fault.Invalidf("Limite inválido: de 1 a %d registros por página.", auditMaxPage)
		}
	}
	f.Limit = limit + 1 // one more tells whether a next page exists
	items, err := s.Audit.List(r.Context(), f)
	if err != nil {
		return err
	}
	var next *int64
	if len(items) > limit {
		items = items[:limit]
		seq := items[limit-1].Seq
		next = &seq
	}
	people, err := s.Audit.People(r.Context(), c.id, f.Stores)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, auditResponse{Records: c.withStores(items), Next: next, People: people, Stores: c.reachable()})
	return nil
}

func (s *Server) writeAuditCSV(w http.ResponseWriter, r *http.Request, c auditChain) error {
	f, err := c.filter(r)
	if err != nil {
		return err
	}
	var all []audit.Item
	for len(all) < auditCSVLimit {
		f.Limit = min(audit.MaxPage, auditCSVLimit-len(all))
		page, err := s.Audit.List(r.Context(), f)
		if err != nil {
			return err
		}
		all = append(all, page...)
		if len(page) < f.Limit {
			break
		}
		f.Before = page[len(page)-1].Seq
	}
	var buf bytes.Buffer
	buf.WriteString("\ufeff") // so spreadsheets read the accents as UTF-8
	out := csv.NewWriter(&buf)
	out.Comma = ';' // the list separator of spreadsheets in pt-BR
	_ = out.Write([]string{"Data e hora", "Pessoa", "Administrador", "Endereço", "Requisição", "Tipo", "Ação", "Item", "Loja", "Alterações"})
	for _, rec := range c.withStores(all) {
		person := rec.UserEmail
		if rec.TokenName != "" {
			person = "Token: " + rec.TokenName
		}
		_ = out.Write(safeCells(
			rec.At.In(c.loc).Format("02/01/2006 15:04:05"), person, rec.AdminEmail, rec.Address, rec.RequestID,
			api.AuditLabel(api.AuditLabels.Kinds, rec.Kind), api.AuditLabel(api.AuditLabels.Actions, rec.Action),
			rec.Name, rec.StoreName, changesText(rec.Changes),
		))
	}
	out.Flush()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="atividade-`+c.slug+`-`+time.Now().In(c.loc).Format(time.DateOnly)+`.csv"`)
	h.Set("Cache-Control", "no-store")
	if len(all) >= auditCSVLimit {
		// The newest records only; narrow the period for the older ones.
		h.Set("X-Vitrine-Truncated", strconv.Itoa(auditCSVLimit))
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
	return nil
}

// changesText is a record's changes in one cell: "campo: antes → depois; …".
func changesText(changes []audit.Change) string {
	parts := make([]string, 0, len(changes))
	for _, ch := range changes {
		name := api.AuditFieldLabel(ch.Field)
		if ch.Redacted {
			parts = append(parts, name+": (alterado, valor não registrado)")
			continue
		}
		parts = append(parts, name+": "+valueText(ch.Before)+" → "+valueText(ch.After))
	}
	return strings.Join(parts, "; ")
}

// valueText is a JSON value as a reader writes it: text without quotes,
// "—" for none.
func valueText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "—"
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		if b {
			return "sim"
		}
		return "não"
	}
	return string(raw)
}

// safeCells keeps a spreadsheet from reading a cell as a formula: a cell
// starting with = + - @ (or a tab or carriage return) gets a leading quote.
func safeCells(cells ...string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}
