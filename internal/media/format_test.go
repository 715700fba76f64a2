package media

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"testing"

	"vitrine/internal/media/mediatest"
	"vitrine/internal/names"
)

func TestSniffTellsTheFormatFromTheBytes(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want Format
		ok   bool
	}{
		{"PNG", mediatest.PNG(8, 8), PNG, true},
		{"JPEG", mediatest.JPEG(8, 8), JPEG, true},
		{"GIF", mediatest.GIF(8, 8), GIF, true},
		{"MP4", mediatest.MinimalMP4(320, 240, 2, 25, 10), MP4, true},
		{"AVI", append([]byte("RIFF\x00\x00\x00\x00AVI LIST"), make([]byte, 16)...), AVI, true},
		{"text", []byte("just some text, not an image at all"), Format{}, false},
		{"PDF", []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj"), Format{}, false},
		{"WebP", []byte("RIFF\x10\x00\x00\x00WEBPVP8 "), Format{}, false},
		{"QuickTime", append([]byte("\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00qt  "), make([]byte, 8)...), Format{}, false},
		{"HEIC photo", append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 8)...), Format{}, false},
		{"empty", nil, Format{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Sniff(c.data)
			if ok != c.ok || got != c.want {
				t.Fatalf("Sniff = %v %v, want %v %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestSniffRealVideos(t *testing.T) {
	for _, ext := range []string{"mp4", "avi"} {
		t.Run(ext, func(t *testing.T) {
			data := mediatest.Video(t, ext, 160, 120, 25, 1)
			f, ok := Sniff(data)
			if !ok || f.Ext != ext {
				t.Fatalf("Sniff(%s) = %v %v", ext, f, ok)
			}
			var v VideoInfo
			var err error
			if ext == "mp4" {
				v, err = inspectMP4(bytes.NewReader(data), int64(len(data)))
			} else {
				v, err = inspectAVI(bytes.NewReader(data), int64(len(data)))
			}
			if err != nil {
				t.Fatal(err)
			}
			if v.Width != 160 || v.Height != 120 || math.Abs(v.Duration-1) > 0.1 || math.Abs(v.FPS-25) > 0.5 {
				t.Fatalf("inspected %+v", v)
			}
			cut := data[:len(data)*2/3]
			if ext == "mp4" {
				_, err = inspectMP4(bytes.NewReader(cut), int64(len(cut)))
			} else {
				_, err = inspectAVI(bytes.NewReader(cut), int64(len(cut)))
			}
			if !errors.Is(err, errTruncated) {
				t.Fatalf("a truncated %s passed: %v", ext, err)
			}
		})
	}
}

func TestInspectMP4InGo(t *testing.T) {
	data := mediatest.MinimalMP4(1920, 1080, 12.5, 30, 4096)
	v, err := inspectMP4(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if v.Width != 1920 || v.Height != 1080 || v.Duration != 12.5 || math.Abs(v.FPS-30) > 0.01 {
		t.Fatalf("got %+v", v)
	}
	t.Run("a file cut in its media data is truncated", func(t *testing.T) {
		cut := data[:len(data)-100]
		if _, err := inspectMP4(bytes.NewReader(cut), int64(len(cut))); !errors.Is(err, errTruncated) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("a file without its movie header is refused", func(t *testing.T) {
		noMoov := mediatest.MinimalMP4(1, 1, 1, 1, 10)
		noMoov = append(noMoov[:20:20], noMoov[len(noMoov)-18:]...) // ftyp + mdat only
		if _, err := inspectMP4(bytes.NewReader(noMoov), int64(len(noMoov))); err == nil {
			t.Fatal("accepted")
		}
	})
}

func TestFormatForUpload(t *testing.T) {
	cases := []struct {
		kind, ct string
		want     string
	}{
		{Image, "image/png", "png"},
		{Image, "image/jpeg", "jpg"},
		{Image, "image/jpg", "jpg"},
		{Image, "IMAGE/GIF", "gif"},
		{Video, "video/mp4", "mp4"},
		{Video, "video/x-msvideo", "avi"},
		{Video, "video/avi", "avi"},
		{Video, "image/gif", "gif"},
		{Image, "video/mp4", ""},
		{Video, "image/png", ""},
		{Image, "image/webp", ""},
		{Image, "text/html", ""},
		{"audio", "audio/mpeg", ""},
	}
	for _, c := range cases {
		f, ok := FormatForUpload(c.kind, c.ct)
		if (c.want == "") == ok || ok && f.Ext != c.want {
			t.Errorf("FormatForUpload(%s, %s) = %v %v, want %q", c.kind, c.ct, f, ok, c.want)
		}
	}
}

func TestNormalizeFolder(t *testing.T) {
	for in, want := range map[string]string{
		"":                  "",
		"|":                 "",
		"Promoções":         "Promoções",
		"|Natal|2026":       "Natal|2026",
		" Natal | 2026 |":   "Natal|2026",
		"Natal||Vitrines":   "Natal|Vitrines",
		"a|b|c|d|e|f|g|h|i": "a|b|c|d|e|f|g|h|i",
	} {
		got, err := NormalizeFolder(in)
		if err != nil || got != want {
			t.Errorf("NormalizeFolder(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"a\x00b", string(bytes.Repeat([]byte("x"), 101)), "a|b|c|d|e|f|g|h|i|j|k|l|m|n|o|p|q|r|s|t|u"} {
		if _, err := NormalizeFolder(bad); err == nil {
			t.Errorf("NormalizeFolder(%q) accepted", bad)
		}
	}
}

func TestNaturalOrder(t *testing.T) {
	list := []string{"vídeo 10", "Vídeo 2", "banner", "Banner 1", "vídeo 1", "a01", "a1", "Árvore", "zeta"}
	slices.SortStableFunc(list, names.Compare)
	want := []string{"a01", "a1", "Árvore", "banner", "Banner 1", "vídeo 1", "Vídeo 2", "vídeo 10", "zeta"}
	if !slices.Equal(list, want) {
		t.Fatalf("got %q\nwant %q", list, want)
	}
}

func TestBuildTree(t *testing.T) {
	list := []Media{
		{ID: "1", Name: "raiz", Folder: ""},
		{ID: "2", Name: "natal", Folder: "Campanhas|Natal"},
		{ID: "3", Name: "c10", Folder: "Campanha 10"},
		{ID: "4", Name: "c2", Folder: "Campanha 2"},
		{ID: "5", Name: "pascoa", Folder: "Campanhas|Páscoa"},
	}
	root := BuildTree(list)
	if len(root.Media) != 1 || root.Media[0].ID != "1" {
		t.Fatalf("root media %+v", root.Media)
	}
	var names []string
	for _, f := range root.Folders {
		names = append(names, f.Path)
	}
	if !slices.Equal(names, []string{"Campanha 2", "Campanha 10", "Campanhas"}) {
		t.Fatalf("root folders %q", names)
	}
	camp := root.Folders[2]
	if len(camp.Media) != 0 || len(camp.Folders) != 2 || camp.Folders[0].Path != "Campanhas|Natal" ||
		camp.Folders[0].Name != "Natal" || camp.Folders[0].Media[0].ID != "2" || camp.Folders[1].Name != "Páscoa" {
		t.Fatalf("nested folders %+v", camp)
	}
}

func TestVideoDisplayTime(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		duration float64
		given    *float64
		want     int
	}{
		{12.9, nil, 12}, {12.9, f(30), 12}, {0, f(17.8), 17}, {0, nil, 25}, {0, f(0), 25}, {0.4, nil, 25},
	} {
		if got := videoDisplayTime(c.duration, c.given); got != c.want {
			t.Errorf("videoDisplayTime(%v, %v) = %d, want %d", c.duration, c.given, got, c.want)
		}
	}
}
