package httpapi

import (
	"errors"
	"mime"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"vitrine/internal/command"
	"vitrine/internal/device"
	"vitrine/internal/fault"
	"vitrine/internal/footerdata"
	"vitrine/internal/hub"
	"vitrine/internal/metrics"
	"vitrine/internal/objects"
	"vitrine/internal/tenant"
)

// deviceHandlerFunc handles a call of a player, known by its device code.
type deviceHandlerFunc func(w http.ResponseWriter, r *http.Request, code string) error

// device registers a route for players: the bearer is a device token, which
// opens nothing else.
func (s *Server) device(pattern string, h deviceHandlerFunc) {
	s.declare(pattern, reachDevice)
	s.register(pattern, func(w http.ResponseWriter, r *http.Request) {
		code, err := s.Devices.Authenticate(r.Context(), bearer(r))
		if err == nil {
			err = h(w, r, code)
		}
		if err != nil {
			writeError(w, r, s.Log, err)
		}
	})
}

// helloWindow is the window of Deps.NewDevicesPerAddress: a store's boxes
// set up together stay far below the limit; a script creating devices by
// the thousand does not.
const helloWindow = 10 * time.Minute

var errTooManyHellos = fault.WithMsg(fault.TooMany, 1003, "Muitos dispositivos anunciados deste endereço. Tente novamente em alguns minutos.")

// POST /api/device/hello — a player starts: its code and token. Only
// hellos that create a device count against the address's limit.
func (s *Server) deviceHello(w http.ResponseWriter, r *http.Request) error {
	var in device.HelloInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if s.hellos != nil && strings.TrimSpace(in.Version) != "" {
		if _, err := s.Devices.Authenticate(r.Context(), in.Token); err != nil {
			if ok, wait := s.hellos.allow(s.clientIP(r), s.Now()); !ok {
				w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
				return errTooManyHellos
			}
		}
	}
	hello, err := s.Devices.Hello(r.Context(), in, r.UserAgent())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, hello)
	return nil
}

// GET /api/device/ws — the player's socket (docs/device-protocol.md).
func (s *Server) deviceSocket(w http.ResponseWriter, r *http.Request) error {
	if s.Hub == nil {
		return fault.ErrUnavailable
	}
	err := s.Hub.Serve(w, r, socketClient(s.clientIP(r)))
	if errors.Is(err, hub.ErrTooManyPending) {
		w.Header().Set("Retry-After", "5")
	}
	return err
}

// socketClient is what the hub bounds sockets awaiting auth by: the
// client's IPv4 address, or its IPv6 /64 (a site's prefix, as one NAT
// address is; a host picks addresses within it at will).
func socketClient(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil || ip.Is4() || ip.Is4In6() {
		return addr
	}
	prefix, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return prefix.String()
}

// maxCommandFile bounds a screenshot or a video a player uploads.
const maxCommandFile = 50 << 20

// commandFileTypes are the files a player may answer with, per operation.
var commandFileTypes = map[string]map[string]string{
	"screenshot":  {"image/png": "png", "image/jpeg": "jpg"},
	"recordVideo": {"video/webm": "webm", "video/mp4": "mp4"},
}

// POST /api/device/command/{id} — a player answers a command job: JSON, or
// the screenshot or video itself.
func (s *Server) answerCommand(w http.ResponseWriter, r *http.Request, code string) error {
	ctx := r.Context()
	job, err := s.Commands.JobFor(ctx, code, r.PathValue("id"))
	if err != nil {
		return err
	}
	var answer command.Answer
	contentType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if types, wantsFile := commandFileTypes[job.Operation]; wantsFile && contentType != "application/json" {
		ext, ok := types[contentType]
		if !ok {
			return command.ErrResultFormat
		}
		f, err := s.Franchises.Get(ctx, job.FranchiseID)
		if err != nil {
			return err
		}
		key := f.Slug + "/commands/" + job.ID + "." + ext
		stored, err := s.Media.Store().Put(ctx, key, r.Body, objects.PutOptions{
			ContentType: contentType, Size: r.ContentLength, MaxSize: maxCommandFile})
		if errors.Is(err, objects.ErrTooLarge) {
			return fault.WithMsg(fault.TooLarge, 1003, "O arquivo passa de 50 MB.")
		}
		if err != nil {
			return err
		}
		s.Metrics.AddUploadBytes(metrics.UploadCommandResult, stored.Size)
		answer = command.Answer{OK: true, FileKey: key, FileType: contentType}
	} else if err := decode(w, r, &answer); err != nil {
		return err
	}
	if err := s.Commands.Complete(ctx, job, answer); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

type commandListResponse struct {
	Commands []command.Command `json:"commands"`
}

// GET /api/display/{franchise}/{storeSlug}/{displayId}/commands — the TV's
// recent remote commands and their results.
func (s *Server) listDisplayCommands(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	list, err := s.Commands.List(r.Context(), t, r.PathValue("storeSlug"), r.PathValue("displayId"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, commandListResponse{Commands: list})
	return nil
}

// GET /api/display/{franchise}/{storeSlug}/{displayId}/commands/{commandId}/file
// — the screenshot or video a command brought back.
func (s *Server) displayCommandFile(w http.ResponseWriter, r *http.Request, t tenant.Tenant) error {
	key, contentType, err := s.Commands.File(r.Context(), t, r.PathValue("storeSlug"),
		r.PathValue("displayId"), r.PathValue("commandId"))
	if err != nil {
		return err
	}
	obj, info, err := s.Media.Store().Open(r.Context(), key)
	if errors.Is(err, objects.ErrNotFound) {
		return command.ErrNotFound
	}
	if err != nil {
		return err
	}
	defer obj.Close()
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "private, max-age=3600")
	http.ServeContent(w, r, "", info.ModTime, obj)
	return nil
}

// GET /api/device/footer — weather for the TV's store city and quotes of
// its footer's coins; a field whose provider failed is left out.
func (s *Server) deviceFooter(w http.ResponseWriter, r *http.Request, code string) error {
	ctx := r.Context()
	screens, err := s.Displays.PairedByDevice(ctx, []string{code})
	if err != nil {
		return err
	}
	sc, paired := screens[code]
	if !paired || sc.ScheduleID == "" || s.Footer == nil {
		writeJSON(w, http.StatusOK, footerdata.Data{})
		return nil
	}
	t := tenant.Tenant{Franchise: tenant.Franchise{ID: sc.FranchiseID}}
	schedule, err := s.Schedules.Get(ctx, t, sc.ScheduleID, false)
	if err != nil {
		return err
	}
	bar := schedule.BottomBar
	if bar == nil {
		writeJSON(w, http.StatusOK, footerdata.Data{})
		return nil
	}
	var assets []string
	if bar.Quote != nil {
		for _, c := range bar.Quote.Coins {
			assets = append(assets, c.Asset)
		}
	}
	writeJSON(w, http.StatusOK, s.Footer.Footer(ctx, sc.StoreCity, sc.StoreState, assets, bar.Weather != nil))
	return nil
}
