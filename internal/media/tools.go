package media

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"os/exec"
	"strconv"
	"strings"
	"time"

	_ "image/gif" // decoders for DecodeConfig and Decode
	_ "image/png"

	"golang.org/x/image/draw"
)

// ThumbWidth is the largest side of a thumbnail, in pixels.
const ThumbWidth = 320

// Tools are the optional external programs used for videos. Without them,
// videos are still checked and measured in Go, but get no thumbnail.
type Tools struct {
	FFprobe string // path, "" when not installed
	FFmpeg  string
}

// FindTools looks ffprobe and ffmpeg up on PATH.
func FindTools() Tools {
	var t Tools
	t.FFprobe, _ = exec.LookPath("ffprobe")
	t.FFmpeg, _ = exec.LookPath("ffmpeg")
	return t
}

// Probe reads the first video stream of the file at path with ffprobe.
func (t Tools) Probe(ctx context.Context, path string) (VideoInfo, error) {
	if t.FFprobe == "" {
		return VideoInfo{}, errors.New("ffprobe is not installed")
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, t.FFprobe, "-v", "error", "-select_streams", "v:0",
		"-show_entries", "stream=width,height,avg_frame_rate,r_frame_rate,duration:format=duration",
		"-of", "json", path).Output()
	if err != nil {
		return VideoInfo{}, fmt.Errorf("ffprobe: %w", err)
	}
	var res struct {
		Streams []struct {
			Width        int    `json:"width"`
			Height       int    `json:"height"`
			AvgFrameRate string `json:"avg_frame_rate"`
			RFrameRate   string `json:"r_frame_rate"`
			Duration     string `json:"duration"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return VideoInfo{}, fmt.Errorf("ffprobe output: %w", err)
	}
	if len(res.Streams) == 0 {
		return VideoInfo{}, errors.New("ffprobe: no video stream")
	}
	s := res.Streams[0]
	v := VideoInfo{Width: s.Width, Height: s.Height, FPS: rate(s.AvgFrameRate)}
	if v.FPS == 0 {
		v.FPS = rate(s.RFrameRate)
	}
	v.Duration, _ = strconv.ParseFloat(res.Format.Duration, 64)
	if v.Duration == 0 {
		v.Duration, _ = strconv.ParseFloat(s.Duration, 64)
	}
	return v, nil
}

// Frame returns a JPEG thumbnail of the frame at second `at` of a video.
func (t Tools) Frame(ctx context.Context, path string, at float64) ([]byte, error) {
	if t.FFmpeg == "" {
		return nil, errors.New("ffmpeg is not installed")
	}
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, t.FFmpeg, "-v", "error", "-nostdin",
		"-ss", strconv.FormatFloat(at, 'f', 3, 64), "-i", path,
		"-frames:v", "1",
		"-vf", fmt.Sprintf("scale='min(%d,iw)':-2", ThumbWidth),
		"-f", "image2pipe", "-c:v", "mjpeg", "-q:v", "5", "pipe:1")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	if out.Len() == 0 {
		return nil, errors.New("ffmpeg: no frame")
	}
	return out.Bytes(), nil
}

// rate parses an ffprobe rational such as "30000/1001".
func rate(s string) float64 {
	num, den, ok := strings.Cut(s, "/")
	n, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0
	}
	if !ok {
		return n
	}
	d, err := strconv.ParseFloat(den, 64)
	if err != nil || d == 0 {
		return 0
	}
	return n / d
}

// thumbnail scales img to at most ThumbWidth on its longest side and
// encodes it as JPEG.
func thumbnail(img image.Image) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil, errors.New("empty image")
	}
	tw, th := w, h
	if w >= h && w > ThumbWidth {
		tw, th = ThumbWidth, max(1, h*ThumbWidth/w)
	} else if h > w && h > ThumbWidth {
		tw, th = max(1, w*ThumbWidth/h), ThumbWidth
	}
	dst := image.NewRGBA(image.Rect(0, 0, tw, th))
	// Transparent areas become white rather than black in the JPEG.
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 80}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
