package localcontent

import (
	"context"
	"fmt"
	"html"
	"slices"
	"strings"
	"time"

	"vitrine/internal/db"
	"vitrine/internal/franchise"
	"vitrine/internal/outbox"
	"vitrine/internal/tenant"
)

// decidedItem is one decision as the sender's e-mail names it.
type decidedItem struct {
	store, schedule, space, media string
}

// mailDecisions queues, in the decision's transaction, one e-mail per
// sender naming the decisions on what they sent (and the reason of a
// refusal).
func (s *Service) mailDecisions(ctx context.Context, tx *db.Tx, t tenant.Tenant, bySender map[string][]decidedItem, who map[string]Person, approved bool, reason string) error {
	for _, sender := range slices.Sorted(func(yield func(string) bool) {
		for id := range bySender {
			if !yield(id) {
				return
			}
		}
	}) {
		p, ok := who[sender]
		if !ok || p.Email == "" {
			continue // an account gone: nobody to tell
		}
		items := bySender[sender]
		var subject, lead string
		if approved {
			subject = "Conteúdo local aprovado"
			lead = "A rede aprovou o conteúdo local que você enviou. Ele já está nas TVs da loja:"
			if len(items) > 1 {
				subject = fmt.Sprintf("%d itens de conteúdo local aprovados", len(items))
			}
		} else {
			subject = "Conteúdo local recusado"
			lead = "A rede recusou o conteúdo local que você enviou. Ele não vai para as TVs da loja:"
			if len(items) > 1 {
				subject = fmt.Sprintf("%d itens de conteúdo local recusados", len(items))
			}
		}
		var text, rich strings.Builder
		fmt.Fprintf(&text, "Olá, %s.\n\n%s\n\n", p.Name, lead)
		fmt.Fprintf(&rich, "<p>Olá, %s.</p><p>%s</p><ul>", html.EscapeString(p.Name), html.EscapeString(lead))
		for _, it := range items {
			line := fmt.Sprintf("%s — %s › %s (loja %s)", it.media, it.schedule, it.space, it.store)
			fmt.Fprintf(&text, "• %s\n", line)
			fmt.Fprintf(&rich, "<li>%s</li>", html.EscapeString(line))
		}
		rich.WriteString("</ul>")
		if !approved {
			fmt.Fprintf(&text, "\nMotivo: %s\n\nVocê pode alterar o item e enviá-lo de novo em Conteúdo local.\n", reason)
			fmt.Fprintf(&rich, "<p><strong>Motivo:</strong> %s</p><p>Você pode alterar o item e enviá-lo de novo em Conteúdo local.</p>",
				html.EscapeString(reason))
		}
		if s.publicURL != "" {
			link := s.publicURL + "/local"
			fmt.Fprintf(&text, "\n%s\n", link)
			fmt.Fprintf(&rich, `<p><a href="%s">Abrir Conteúdo local</a></p>`, html.EscapeString(link))
		}
		m := outbox.Message{Channel: outbox.Email, Recipient: p.Email, Subject: subject, Body: text.String(),
			HTML: rich.String(), FranchiseID: t.ID, CreatedAt: s.now()}
		if err := s.enqueue(ctx, tx, m); err != nil {
			return err
		}
	}
	return nil
}

// DigestEvery is how often, at most, a group's approvers are mailed about
// what waits.
const DigestEvery = time.Hour

// Digest mails the approvers of every group where something was sent for
// approval since their last digest and that digest is at least
// DigestEvery old: one message per group naming how much waits and the
// oldest items. Each group's digest is claimed in its own transaction, so
// two replicas running it at once send it once. It returns how many groups
// were mailed.
func (s *Service) Digest(ctx context.Context) (int, error) {
	now := s.now()
	type due struct {
		franchiseID string
		count       int
	}
	list, err := db.Collect(ctx, s.db, func(sc db.Scanner) (due, error) {
		var d due
		return d, sc.Scan(&d.franchiseID, &d.count)
	}, `SELECT i.franchise_id, COUNT(*) FROM local_items i
		LEFT JOIN local_digests d ON d.franchise_id = i.franchise_id
		WHERE i.state = 'pending' AND (d.sent_at IS NULL OR d.sent_at <= ?)
		GROUP BY i.franchise_id
		HAVING MAX(i.sent_at) > COALESCE(MAX(d.sent_at), 0)`, now.Add(-DigestEvery).UnixMilli())
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range list {
		f, err := franchise.ByID(ctx, s.db, d.franchiseID)
		if err != nil {
			s.log.Error("local content digest", "franchise", d.franchiseID, "err", err)
			continue
		}
		ok, err := s.digestOne(ctx, d.franchiseID, f.Name, d.count, now)
		if err != nil {
			s.log.Error("local content digest", "franchise", d.franchiseID, "err", err)
			continue
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

func (s *Service) digestOne(ctx context.Context, franchiseID, group string, count int, now time.Time) (bool, error) {
	claimed := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO local_digests (franchise_id, sent_at) VALUES (?, ?)
			ON CONFLICT (franchise_id) DO UPDATE SET sent_at = excluded.sent_at
			WHERE local_digests.sent_at <= ?`, franchiseID, now.UnixMilli(), now.Add(-DigestEvery).UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // another replica sent it
		}
		claimed = true
		approvers, err := s.approvers(ctx, tx, franchiseID)
		if err != nil {
			return err
		}
		oldest, err := s.oldestWaiting(ctx, tx, franchiseID)
		if err != nil {
			return err
		}
		subject := "1 item de conteúdo local aguarda aprovação"
		if count > 1 {
			subject = fmt.Sprintf("%d itens de conteúdo local aguardam aprovação", count)
		}
		for _, p := range approvers {
			var text, rich strings.Builder
			fmt.Fprintf(&text, "Olá, %s.\n\n%s no grupo %s. Os mais antigos:\n\n", p.Name, subject, group)
			fmt.Fprintf(&rich, "<p>Olá, %s.</p><p>%s no grupo %s. Os mais antigos:</p><ul>",
				html.EscapeString(p.Name), html.EscapeString(subject), html.EscapeString(group))
			for _, line := range oldest {
				fmt.Fprintf(&text, "• %s\n", line)
				fmt.Fprintf(&rich, "<li>%s</li>", html.EscapeString(line))
			}
			rich.WriteString("</ul>")
			if s.publicURL != "" {
				link := s.publicURL + "/approvals"
				fmt.Fprintf(&text, "\nAprove ou recuse em Aprovações: %s\n", link)
				fmt.Fprintf(&rich, `<p><a href="%s">Abrir Aprovações</a></p>`, html.EscapeString(link))
			}
			m := outbox.Message{Channel: outbox.Email, Recipient: p.Email, Subject: subject, Body: text.String(),
				HTML: rich.String(), FranchiseID: franchiseID, CreatedAt: now}
			if err := s.enqueue(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	return claimed, err
}

// oldestWaiting names the ten oldest items waiting in the franchise: the
// media and its store.
func (s *Service) oldestWaiting(ctx context.Context, q db.Querier, franchiseID string) ([]string, error) {
	rows, err := waitingPage(ctx, q, franchiseID, cursor{}, 10)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	t := tenant.Tenant{Franchise: tenant.Franchise{ID: franchiseID}}
	refs, err := s.stores.Refs(ctx, franchiseID)
	if err != nil {
		return nil, err
	}
	names := make(map[string]string, len(refs))
	for _, r := range refs {
		names[r.ID] = r.Name
	}
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.DraftMediaID)
	}
	lib, err := s.library.LocalByIDs(ctx, t, compactIDs(ids))
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = fmt.Sprintf("%s (loja %s)", lib[r.DraftMediaID].Name, names[r.StoreID])
	}
	return out, nil
}

// Run mails the digests every minute until ctx ends.
func (s *Service) Run(ctx context.Context) {
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		if _, err := s.Digest(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("local content digest", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
