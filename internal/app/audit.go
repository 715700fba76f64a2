package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"vitrine/internal/audit"
	"vitrine/internal/config"
	"vitrine/internal/db"
	"vitrine/internal/franchise"
)

// platformChain names the platform's chain (sign-ins, accounts) in verify's
// lines.
const platformChain = "platform"

// auditCommand runs `vitrine audit verify [--group SLUG]`: it reads every
// chain (or one group's) and prints a line for each, exiting 1 when one
// was changed or lost a record.
func auditCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "vitrine audit: the only command is verify (vitrine audit verify [--group SLUG] [--data DIR])")
		return 2
	}
	group, rest, err := groupFlag(args[1:])
	if err != nil {
		fmt.Fprintln(stderr, "vitrine audit verify:", err)
		return 2
	}
	cfg, extra, err := config.ParseCommand(rest, os.Getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "vitrine audit verify:", err)
		return 2
	}
	if len(extra) > 0 {
		fmt.Fprintf(stderr, "vitrine audit verify: unexpected argument %q\n", extra[0])
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if cfg.DatabaseURL == "" {
		// Opening would create an empty database where there is none.
		if _, err := os.Stat(filepath.Join(cfg.DataDir, sqliteFile)); err != nil {
			fmt.Fprintf(stderr, "vitrine audit verify: no database in %s\n", cfg.DataDir)
			return 1
		}
	}
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		fmt.Fprintln(stderr, "vitrine audit verify:", err)
		return 1
	}
	defer d.Close()
	intact, err := VerifyAudit(ctx, d, group, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "vitrine audit verify:", err)
		return 1
	}
	if !intact {
		return 1
	}
	return 0
}

// groupFlag takes --group SLUG (or --group=SLUG) out of args.
func groupFlag(args []string) (group string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--group" || a == "-group":
			if i+1 >= len(args) {
				return "", nil, errors.New("--group needs a group's slug")
			}
			group = args[i+1]
			i++
		case strings.HasPrefix(a, "--group=") || strings.HasPrefix(a, "-group="):
			group = a[strings.Index(a, "=")+1:]
		default:
			rest = append(rest, a)
		}
	}
	return group, rest, nil
}

// VerifyAudit checks every chain of d, or only the group with slug group,
// and writes one line per chain to out ("rede-sul: 120 records, intact",
// "rede-sul: record 57 was changed"). It reports whether all were intact.
func VerifyAudit(ctx context.Context, d *db.DB, group string, out io.Writer) (bool, error) {
	var chains []string
	if group != "" {
		f, err := franchise.BySlug(ctx, d, group)
		if err != nil {
			return false, fmt.Errorf("group %q: %w", group, err)
		}
		chains = []string{f.ID}
	} else {
		var err error
		if chains, err = audit.Chains(ctx, d); err != nil {
			return false, err
		}
	}
	if len(chains) == 0 {
		fmt.Fprintln(out, "no audit records yet")
		return true, nil
	}
	intact := true
	for _, chain := range chains {
		name, err := chainName(ctx, d, chain)
		if err != nil {
			return false, err
		}
		rep, err := audit.Verify(ctx, d, chain)
		switch {
		case errors.Is(err, audit.ErrNoChain):
			fmt.Fprintf(out, "%s: no records\n", name)
		case err != nil:
			return false, fmt.Errorf("%s: %w", name, err)
		case rep.Problem != nil:
			intact = false
			fmt.Fprintf(out, "%s: %s\n", name, rep.Problem)
		default:
			fmt.Fprintf(out, "%s: %d records, intact\n", name, rep.Records)
		}
	}
	return intact, nil
}

// chainName is the slug of a chain's group, "platform" for the platform's,
// and the id of a group that no longer exists.
func chainName(ctx context.Context, d *db.DB, chain string) (string, error) {
	if chain == "" {
		return platformChain, nil
	}
	f, err := franchise.ByID(ctx, d, chain)
	if errors.Is(err, franchise.ErrNotFound) {
		return "removed group " + chain, nil
	}
	if err != nil {
		return "", err
	}
	return f.Slug, nil
}

// purgeAudit deletes, every hour, the audit records older than the
// retention (VITRINE_AUDIT_RETENTION). On PostgreSQL one replica purges at
// a time; the others skip their turn.
func (a *App) purgeAudit(ctx context.Context) {
	retention := a.Config.AuditRetention
	if retention <= 0 {
		retention = config.DefaultAuditRetention
	}
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := audit.Purge(ctx, a.DB, a.Now().Add(-retention)); err != nil && ctx.Err() == nil {
			a.Log.Warn("purging old audit records failed", "err", err)
		} else if n > 0 {
			a.Log.Info("old audit records purged", "count", n, "retention", retention.String())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
