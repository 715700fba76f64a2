package httpapi_test

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"vitrine/internal/media"
	"vitrine/internal/testutil"
)

// maxHeapGrowth is the most the server's heap may grow while it receives
// the largest video allowed.
const maxHeapGrowth = 32 << 20

// uploadLargest streams a 200 MB video (generated on the fly, never held in
// memory) through the local store's upload endpoint, sampling the heap
// meanwhile. It returns the peak heap growth over the idle baseline and the
// time the upload took.
func uploadLargest(tb testing.TB) (growth uint64, took time.Duration) {
	tb.Helper()
	a := testutil.NewApp(tb, "sqlite")
	u := a.SeedUser(tb, "mem@loja.com", "")
	a.SeedFranchise(tb, "loja", "Loja", u)
	p := policy(tb, a, u.Token, "loja", "video", "video/mp4")

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc

	var (
		peak uint64
		stop = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		var s runtime.MemStats
		for {
			runtime.ReadMemStats(&s)
			peak = max(peak, s.HeapAlloc)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	res := postUpload(tb, a, p.Data.URL, p.Data.Fields, io.LimitReader(zeros{}, media.MaxVideoSize), media.MaxVideoSize)
	took = time.Since(start)
	close(stop)
	wg.Wait()
	if res.Status != 204 {
		tb.Fatalf("upload: %d %s", res.Status, res.Body)
	}
	st, err := os.Stat(filepath.Join(a.Config.DataDir, "objects", filepath.FromSlash(p.Data.Fields["key"])))
	if err != nil || st.Size() != media.MaxVideoSize {
		tb.Fatalf("stored file: %v, %v", st, err)
	}
	if peak > base {
		growth = peak - base
	}
	return growth, took
}

func TestUploadOf200MBKeepsTheHeapSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 200 MB to disk")
	}
	growth, took := uploadLargest(t)
	t.Logf("200 MB upload: peak heap growth %.1f MB, %.0f MB/s", float64(growth)/(1<<20), float64(media.MaxVideoSize)/(1<<20)/took.Seconds())
	if growth > maxHeapGrowth {
		t.Fatalf("peak heap growth %.1f MB while receiving 200 MB, limit %d MB", float64(growth)/(1<<20), maxHeapGrowth>>20)
	}
}

// BenchmarkUpload200MB reports the peak heap growth of the server while a
// browser-style form posts a 200 MB video to the local store.
func BenchmarkUpload200MB(b *testing.B) {
	for b.Loop() {
		growth, _ := uploadLargest(b)
		b.ReportMetric(float64(growth)/(1<<20), "peak-heap-MB")
	}
	b.SetBytes(media.MaxVideoSize)
}
