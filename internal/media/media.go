// Package media is a franchise's media library: images and videos uploaded
// straight to object storage, then registered here after their bytes are
// checked (real format, dimensions, duration), with a thumbnail, a name and a
// folder. Other domains that play media (schedules, advertisements) plug in
// through Usage, so the library can tell where a media is used and detach
// it on delete without knowing their tables.
package media

import (
	"context"

	"vitrine/internal/db"
	"vitrine/internal/fault"
)

// Kinds of media.
const (
	Image = "image"
	Video = "video"
)

// Size limits and defaults of spec 2, section 9.
const (
	MaxImageSize       = 10485760  // 10 MB
	MaxVideoSize       = 209715200 // 200 MB
	DefaultDisplayTime = 25        // seconds, for a video whose duration is unknown
	// MaxPixels bounds the images decoded for thumbnails (50 megapixels):
	// beyond it a 10 MB file could expand to gigabytes in memory.
	MaxPixels = 50_000_000
	// MaxDeleteIDs bounds one delete call, checked before any other work.
	MaxDeleteIDs = 500
	// MaxLimitByHour is the most plays per hour a limit can name: one a second.
	MaxLimitByHour = 3600
)

// ScheduleRef names a schedule that plays a media.
type ScheduleRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Media is one entry of the library as the API shows it.
type Media struct {
	ID           string        `json:"id"`
	Name         string        `json:"name"`
	Type         string        `json:"type"` // image | video
	FilePath     string        `json:"filePath"`
	URL          string        `json:"url"`
	ThumbnailURL string        `json:"thumbnailUrl"` // "" when no thumbnail could be made
	Folder       string        `json:"folder"`       // parts joined by '|', "" = root
	DisplayTime  int           `json:"displayTime"`  // seconds; 0 for images
	Width        int           `json:"width"`
	Height       int           `json:"height"`
	Duration     float64       `json:"duration"` // seconds; 0 for images
	FPS          float64       `json:"fps"`
	Size         int64         `json:"size"`
	ContentType  string        `json:"contentType"`
	Volume       float64       `json:"volume"`
	LimitByHour  int           `json:"limitByHour"` // plays per clock hour on one TV; 0 = no limit
	Franchise    string        `json:"franchise"`
	CreatedAt    int64         `json:"createdAt"`
	UpdatedAt    int64         `json:"updatedAt"`
	Schedules    []ScheduleRef `json:"schedules"` // schedules that play this media

	thumbnailPath string
	storeID       string // the store whose own folder holds it; "" for the network's library
}

// Folder is a node of the folder tree: its media and its sub-folders, each
// sorted by name in natural numeric order.
type Folder struct {
	Name    string    `json:"name"` // last part of the path; "" for the root
	Path    string    `json:"path"` // parts joined by '|'; "" for the root
	Media   []Media   `json:"media"`
	Folders []*Folder `json:"folders"`
}

// Library is the answer of a list call.
type Library struct {
	MediaList []Media `json:"mediaList"`
	FolderMap *Folder `json:"folderMap"`
}

// RegisterInput is the body of a registration after an upload.
type RegisterInput struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Folder      string   `json:"folder"`
	DisplayTime *float64 `json:"displayTime"`
	FilePath    string   `json:"filePath"`
	Volume      *float64 `json:"volume"`
	LimitByHour *int     `json:"limitByHour"`
	// StoreID puts the media in a store's own folder (local content)
	// rather than the network's library; set by the server, never read
	// from a body.
	StoreID string `json:"-"`
}

// UpdateInput renames, moves or adjusts a media; absent fields stay.
type UpdateInput struct {
	ID          string   `json:"id"`
	Name        *string  `json:"name"`
	Folder      *string  `json:"folder"`
	Volume      *float64 `json:"volume"`
	LimitByHour *int     `json:"limitByHour"`
}

// Usage is implemented by each domain that references library media
// (schedules, advertisements). Both calls receive the ids of one franchise.
type Usage interface {
	// SchedulesUsing returns, for each media id that is used, the schedules
	// that play it (a domain with no schedules returns nothing).
	SchedulesUsing(ctx context.Context, q db.Querier, franchiseID string, mediaIDs []string) (map[string][]ScheduleRef, error)
	// DetachMedia removes the media from everything of the domain that uses
	// them. It runs inside the transaction that deletes the media rows.
	DetachMedia(ctx context.Context, tx db.Querier, franchiseID string, mediaIDs []string) error
	// MediaChanged announces that the media changed (name, volume, hourly
	// limit) to what plays them. It runs inside the update's transaction.
	MediaChanged(ctx context.Context, tx db.Querier, franchiseID string, mediaIDs []string) error
}

// Errors of the library.
var (
	ErrNotFound       = fault.New(fault.NotFound, 100101) // Mídia não encontrada.
	ErrUploadMissing  = fault.New(fault.NotFound, 100102) // Mídia não encontrada, tente fazer upload novamente.
	ErrMissingID      = fault.New(fault.Invalid, 100105)  // Uma ou mais mídias sem ID.
	ErrBadResolution  = fault.New(fault.Unprocessable, 100104)
	ErrBadType        = fault.Invalidf("Tipo de mídia inválido: use image ou video.")
	ErrUnsupported    = fault.WithMsg(fault.Unprocessable, 1003, "Erro: Formato não suportado ou arquivo muito grande. Envie imagens PNG, JPG ou GIF, ou vídeos MP4 ou AVI.")
	ErrEmptyFile      = fault.WithMsg(fault.Unprocessable, 1003, "O arquivo enviado está vazio.")
	ErrCorrupt        = fault.WithMsg(fault.Unprocessable, 1003, "O arquivo está incompleto ou corrompido. Envie-o novamente.")
	ErrAlreadyDone    = fault.WithMsg(fault.Conflict, 1003, "Este arquivo já foi cadastrado na biblioteca.")
	ErrImageTooLarge  = fault.WithMsg(fault.TooLarge, 1003, "Erro: Formato não suportado ou arquivo muito grande. Imagens podem ter até 10 MB.")
	ErrVideoTooLarge  = fault.WithMsg(fault.TooLarge, 1003, "Erro: Formato não suportado ou arquivo muito grande. Vídeos podem ter até 200 MB.")
	ErrFolderInvalid  = fault.Invalidf("Nome de pasta inválido.")
	ErrVolumeRange    = fault.Invalidf("O volume deve estar entre 0 e 1.")
	ErrLimitByHour    = fault.Invalidf("O limite por hora deve ser um número inteiro de 0 a %d.", MaxLimitByHour)
	ErrTooManyIDs     = fault.Invalidf("Exclua no máximo 500 mídias por vez.")
	ErrStorageOffline = fault.WithMsg(fault.Unavailable, 1500, "O armazenamento de arquivos está indisponível. Tente novamente em instantes.")
)

// maxSize is the size limit of a kind.
func maxSize(kind string) int64 {
	if kind == Video {
		return MaxVideoSize
	}
	return MaxImageSize
}

func tooLarge(kind string) error {
	if kind == Video {
		return ErrVideoTooLarge
	}
	return ErrImageTooLarge
}
