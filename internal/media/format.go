package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
)

// Format is a file format the library accepts.
type Format struct {
	Name        string // png, jpeg, gif, mp4, avi
	Ext         string // extension of stored keys, without the dot
	ContentType string // canonical media type
	Kind        string // image or video, as the library classifies it
}

var (
	PNG  = Format{"png", "png", "image/png", Image}
	JPEG = Format{"jpeg", "jpg", "image/jpeg", Image}
	GIF  = Format{"gif", "gif", "image/gif", Image}
	MP4  = Format{"mp4", "mp4", "video/mp4", Video}
	AVI  = Format{"avi", "avi", "video/x-msvideo", Video}
)

// formatsByType maps the content types a browser may declare to formats.
var formatsByType = map[string]Format{
	"image/png":       PNG,
	"image/jpeg":      JPEG,
	"image/jpg":       JPEG,
	"image/pjpeg":     JPEG,
	"image/gif":       GIF,
	"video/mp4":       MP4,
	"video/x-msvideo": AVI,
	"video/avi":       AVI,
	"video/msvideo":   AVI,
}

// FormatForUpload returns the format of a declared content type when the
// upload modal of kind accepts it: png, jpeg and gif as images; mp4, avi and
// (animated) gif as videos.
func FormatForUpload(kind, contentType string) (Format, bool) {
	ct := strings.ToLower(strings.TrimSpace(contentType))
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = strings.TrimSpace(ct[:i])
	}
	f, ok := formatsByType[ct]
	if !ok {
		return Format{}, false
	}
	switch kind {
	case Image:
		return f, f.Kind == Image
	case Video:
		return f, f.Kind == Video || f == GIF
	}
	return Format{}, false
}

func formatByExt(ext string) (Format, bool) {
	for _, f := range []Format{PNG, JPEG, GIF, MP4, AVI} {
		if f.Ext == ext {
			return f, true
		}
	}
	return Format{}, false
}

// Sniff tells the format from a file's first bytes (at least 16 are needed;
// 512 are enough). Formats the library does not accept return false.
func Sniff(head []byte) (Format, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, true
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG, true
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return GIF, true
	case len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "AVI ":
		return AVI, true
	case len(head) >= 16 && string(head[4:8]) == "ftyp" && isMP4Brand(head):
		return MP4, true
	}
	return Format{}, false
}

// isMP4Brand accepts ISO base media files branded as MP4, and refuses
// QuickTime, 3GPP and HEIF/AVIF images that share the container.
func isMP4Brand(head []byte) bool {
	size := int(binary.BigEndian.Uint32(head[0:4]))
	major := string(head[8:12])
	switch major {
	case "qt  ", "heic", "heix", "hevc", "mif1", "msf1", "avif", "avis", "crx ":
		return false
	}
	if strings.HasPrefix(major, "3g") {
		return false
	}
	ok := map[string]bool{"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true,
		"mp41": true, "mp42": true, "avc1": true, "M4V ": true, "M4VP": true, "dash": true, "mmp4": true, "MSNV": true, "f4v ": true}
	if ok[major] {
		return true
	}
	// Compatible brands follow the minor version.
	for i := 16; i+4 <= size && i+4 <= len(head); i += 4 {
		if ok[string(head[i:i+4])] {
			return true
		}
	}
	return false
}

// VideoInfo is what is known of a video's stream.
type VideoInfo struct {
	Width    int
	Height   int
	Duration float64 // seconds
	FPS      float64
}

var errTruncated = errors.New("media: file truncated or malformed")

// inspectMP4 walks the top-level boxes of an MP4 file: each must fit in the
// file (a cut-off upload does not) and a movie header must be present. It
// reads the duration, the first video track's size and its frame rate.
func inspectMP4(r io.ReaderAt, size int64) (VideoInfo, error) {
	var moov []byte
	err := walkBoxes(r, 0, size, func(typ string, off, n int64) error {
		if typ == "moov" {
			if n > 32<<20 {
				return errTruncated
			}
			moov = make([]byte, n)
			if _, err := r.ReadAt(moov, off); err != nil {
				return errTruncated
			}
		}
		return nil
	})
	if err != nil {
		return VideoInfo{}, err
	}
	if moov == nil {
		return VideoInfo{}, errTruncated
	}
	var info VideoInfo
	mr := bytes.NewReader(moov)
	err = walkBoxes(mr, 0, int64(len(moov)), func(typ string, off, n int64) error {
		switch typ {
		case "mvhd":
			b := moov[off : off+n]
			if ts, d, ok := headerTime(b, 12, 20); ok && ts > 0 {
				info.Duration = float64(d) / float64(ts)
			}
		case "trak":
			if v, ok := videoTrack(moov[off : off+n]); ok && info.Width == 0 {
				info.Width, info.Height, info.FPS = v.Width, v.Height, v.FPS
				if info.Duration == 0 {
					info.Duration = v.Duration
				}
			}
		}
		return nil
	})
	if err != nil {
		return VideoInfo{}, err
	}
	return info, nil
}

// headerTime reads (timescale, duration) of an mvhd/mdhd box payload whose
// version-0 timescale sits at off0 and version-1 timescale at off1.
func headerTime(b []byte, off0, off1 int) (uint32, uint64, bool) {
	if len(b) < 4 {
		return 0, 0, false
	}
	if b[0] == 1 {
		if len(b) < off1+12 {
			return 0, 0, false
		}
		return binary.BigEndian.Uint32(b[off1:]), binary.BigEndian.Uint64(b[off1+4:]), true
	}
	if len(b) < off0+8 {
		return 0, 0, false
	}
	return binary.BigEndian.Uint32(b[off0:]), uint64(binary.BigEndian.Uint32(b[off0+4:])), true
}

// videoTrack reads a trak box: handler "vide", size from tkhd, frame rate
// from the sample count over the media duration.
func videoTrack(trak []byte) (VideoInfo, bool) {
	var (
		v                  VideoInfo
		isVideo            bool
		timescale          uint32
		duration, samples  uint64
		width, height      uint32
		tkhdSeen, stszSeen bool
	)
	var visit func(b []byte) error
	visit = func(b []byte) error {
		return walkBoxes(bytes.NewReader(b), 0, int64(len(b)), func(typ string, off, n int64) error {
			p := b[off : off+n]
			switch typ {
			case "mdia", "minf", "stbl":
				return visit(p)
			case "tkhd":
				// width and height are the last 8 bytes, 16.16 fixed point.
				if len(p) >= 84 {
					width = binary.BigEndian.Uint32(p[len(p)-8:]) >> 16
					height = binary.BigEndian.Uint32(p[len(p)-4:]) >> 16
					tkhdSeen = true
				}
			case "mdhd":
				if ts, d, ok := headerTime(p, 12, 20); ok {
					timescale, duration = ts, d
				}
			case "hdlr":
				if len(p) >= 12 && string(p[8:12]) == "vide" {
					isVideo = true
				}
			case "stsz":
				if len(p) >= 12 {
					samples = uint64(binary.BigEndian.Uint32(p[8:12]))
					stszSeen = true
				}
			}
			return nil
		})
	}
	if err := visit(trak); err != nil || !isVideo || !tkhdSeen {
		return VideoInfo{}, false
	}
	v.Width, v.Height = int(width), int(height)
	if timescale > 0 && duration > 0 {
		v.Duration = float64(duration) / float64(timescale)
		if stszSeen && samples > 0 {
			v.FPS = float64(samples) / v.Duration
		}
	}
	return v, true
}

// walkBoxes calls fn for each box in [start, end) with its payload's
// offset and length; a box running past end means a truncated file.
func walkBoxes(r io.ReaderAt, start, end int64, fn func(typ string, off, n int64) error) error {
	var hdr [16]byte
	for pos := start; pos < end; {
		if end-pos < 8 {
			return errTruncated
		}
		if _, err := r.ReadAt(hdr[:8], pos); err != nil {
			return errTruncated
		}
		size := int64(binary.BigEndian.Uint32(hdr[0:4]))
		typ := string(hdr[4:8])
		hl := int64(8)
		switch size {
		case 0: // to the end of the enclosing space
			size = end - pos
		case 1: // 64-bit size follows
			if _, err := r.ReadAt(hdr[8:16], pos+8); err != nil {
				return errTruncated
			}
			size = int64(binary.BigEndian.Uint64(hdr[8:16]))
			hl = 16
		}
		if size < hl || size > end-pos {
			return errTruncated
		}
		if err := fn(typ, pos+hl, size-hl); err != nil {
			return err
		}
		pos += size
	}
	return nil
}

// inspectAVI checks the RIFF size against the file (a cut-off upload is
// shorter than it claims) and reads the main AVI header.
func inspectAVI(r io.ReaderAt, size int64) (VideoInfo, error) {
	head := make([]byte, 4096)
	n, err := r.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return VideoInfo{}, err
	}
	head = head[:n]
	if len(head) < 12 {
		return VideoInfo{}, errTruncated
	}
	riff := int64(binary.LittleEndian.Uint32(head[4:8])) + 8
	if riff > size {
		return VideoInfo{}, errTruncated
	}
	i := bytes.Index(head, []byte("avih"))
	if i < 0 || i+8+40 > len(head) {
		return VideoInfo{}, errTruncated
	}
	h := head[i+8:]
	usPerFrame := binary.LittleEndian.Uint32(h[0:4])
	frames := binary.LittleEndian.Uint32(h[16:20])
	v := VideoInfo{
		Width:  int(binary.LittleEndian.Uint32(h[32:36])),
		Height: int(binary.LittleEndian.Uint32(h[36:40])),
	}
	if usPerFrame > 0 {
		v.FPS = 1e6 / float64(usPerFrame)
		v.Duration = float64(frames) * float64(usPerFrame) / 1e6
	}
	return v, nil
}
