package hub

import (
	"reflect"
	"testing"
)

// The fields a push touches per player sit in few cache lines (conn's
// comment): each group below lies within one 64-byte line. A conn is
// allocated at a multiple of its size class from a page's start, and every
// size class of Go's allocator above 512 bytes is a multiple of 64, so
// offsets within the struct are offsets within lines.
func TestConnHotFieldsShareLines(t *testing.T) {
	ty := reflect.TypeFor[conn]()
	if ty.Size() <= 512 {
		t.Fatalf("a conn is %d bytes: its size class may not be a multiple of 64, and its groups may straddle lines", ty.Size())
	}
	line := func(name string) (first, last uintptr) {
		f, ok := ty.FieldByName(name)
		if !ok {
			t.Fatalf("conn has no field %s", name)
		}
		return f.Offset / 64, (f.Offset + f.Type.Size() - 1) / 64
	}
	for _, group := range [][]string{
		{"h", "sock", "code", "lastFrame", "pushedAt", "pairedWith"},
		{"in", "msg", "skip", "readOver", "msgOp"},
		{"ackMu", "ackedHash", "hashFor", "ackedAt", "lastAckWritten", "watchedUntil", "hashRecorded"},
		{"queue", "queuedVersion", "writtenAt", "qmu", "scheduled", "dead", "greeted"},
		{"queuedAt", "queuedTV", "queuedOver", "recheckedAt"},
		{"wmu", "wended", "ending", "sentTV", "writeBy"},
		{"tvJSON", "overrides", "resolvedAt", "paired"},
	} {
		want, _ := line(group[0])
		for _, name := range group {
			if first, last := line(name); first != want || last != want {
				t.Errorf("conn.%s lies in lines %d–%d, not in line %d with conn.%s", name, first, last, want, group[0])
			}
		}
	}
	// The TV's ids: one line of their own.
	tv, _ := ty.FieldByName("tv")
	for _, name := range []string{"DisplayID", "FranchiseID", "StoreID", "ScheduleID"} {
		f, _ := tv.Type.FieldByName(name)
		if at := tv.Offset + f.Offset; at/64 != tv.Offset/64 || (at+f.Type.Size()-1)/64 != tv.Offset/64 || tv.Offset%64 != 0 {
			t.Errorf("conn.tv.%s at %d: not in the line tv opens (tv at %d)", name, at, tv.Offset)
		}
	}
}

// A frame is 128 bytes, a size class of Go's allocator, so that a queue of
// one frame starts a cache line and takes two (frame's comment).
func TestFrameSize(t *testing.T) {
	if size := reflect.TypeFor[frame]().Size(); size != 128 {
		t.Errorf("a frame is %d bytes, not 128: change its padding", size)
	}
}
