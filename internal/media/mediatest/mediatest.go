// Package mediatest makes real media files for tests: images encoded in Go,
// videos made with ffmpeg when it is installed.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 128, 255})
		}
	}
	return img
}

// PNG is a w×h PNG image.
func PNG(w, h int) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, picture(w, h))
	return b.Bytes()
}

// JPEG is a w×h JPEG image.
func JPEG(w, h int) []byte {
	var b bytes.Buffer
	_ = jpeg.Encode(&b, picture(w, h), &jpeg.Options{Quality: 85})
	return b.Bytes()
}

// GIF is a w×h animated GIF of two frames.
func GIF(w, h int) []byte {
	anim := &gif.GIF{}
	for i := 0; i < 2; i++ {
		frame := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				frame.SetColorIndex(x, y, uint8((x+y+i*40)%256))
			}
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, 50)
	}
	var b bytes.Buffer
	_ = gif.EncodeAll(&b, anim)
	return b.Bytes()
}

// Video makes a video with ffmpeg (ext "mp4" or "avi") of the given size,
// frame rate and seconds, or skips the test when ffmpeg is not installed.
func Video(t testing.TB, ext string, w, h, fps int, seconds float64) []byte {
	t.Helper()
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("ffmpeg is not installed: the video cases need it to make real MP4/AVI files")
	}
	out := filepath.Join(t.TempDir(), "v."+ext)
	args := []string{"-v", "error", "-nostdin", "-f", "lavfi",
		"-i", "testsrc=size=" + strconv.Itoa(w) + "x" + strconv.Itoa(h) + ":rate=" + strconv.Itoa(fps),
		"-t", strconv.FormatFloat(seconds, 'f', 2, 64)}
	if ext == "mp4" {
		args = append(args, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart")
	} else {
		args = append(args, "-c:v", "mjpeg", "-q:v", "5")
	}
	cmd := exec.Command(ffmpeg, append(args, out)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		if ext == "mp4" {
			// An ffmpeg built without libx264 still writes MPEG-4 Part 2.
			args2 := append(args[:len(args)-8], "-c:v", "mpeg4", "-movflags", "+faststart", out)
			if msg2, err2 := exec.Command(ffmpeg, args2...).CombinedOutput(); err2 != nil {
				t.Fatalf("ffmpeg: %v: %s / %s", err2, msg, msg2)
			}
		} else {
			t.Fatalf("ffmpeg: %v: %s", err, msg)
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// box encodes an ISO base media box.
func box(typ string, payload ...[]byte) []byte {
	var p []byte
	for _, x := range payload {
		p = append(p, x...)
	}
	b := make([]byte, 8, 8+len(p))
	binary.BigEndian.PutUint32(b, uint32(8+len(p)))
	copy(b[4:], typ)
	return append(b, p...)
}

func u32(v uint32) []byte { b := make([]byte, 4); binary.BigEndian.PutUint32(b, v); return b }

// MinimalMP4 is the skeleton of an MP4 file: the boxes that carry the
// duration, size and frame rate, and an mdat of mdatSize bytes. Enough for
// the Go inspection, not for a decoder.
func MinimalMP4(w, h int, seconds float64, fps int, mdatSize int) []byte {
	const ts = 1000
	dur := uint32(seconds * ts)
	zeros := func(n int) []byte { return make([]byte, n) }
	mvhd := box("mvhd", zeros(4), zeros(8), u32(ts), u32(dur), zeros(80))
	tkhd := box("tkhd", zeros(4), zeros(8), u32(1), zeros(4), u32(dur), zeros(8), zeros(8), zeros(36),
		u32(uint32(w)<<16), u32(uint32(h)<<16))
	mdhd := box("mdhd", zeros(4), zeros(8), u32(ts), u32(dur), zeros(4))
	hdlr := box("hdlr", zeros(4), zeros(4), []byte("vide"), zeros(12), []byte("Video\x00"))
	stsz := box("stsz", zeros(4), u32(0), u32(uint32(seconds*float64(fps))))
	trak := box("trak", tkhd, box("mdia", mdhd, hdlr, box("minf", box("stbl", stsz))))
	ftyp := box("ftyp", []byte("isom"), u32(512), []byte("isomiso2mp41"))
	return append(append(ftyp, box("moov", mvhd, trak)...), box("mdat", zeros(mdatSize))...)
}
