package cmd

import (
	"testing"
	"time"
)

// --since takes a duration before now, a date at midnight where now is,
// or a time; anything else, however ParseFloat would read it, is refused.
func TestParseSince(t *testing.T) {
	east := time.FixedZone("UTC+9", 9*3600)
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, east)
	good := []struct {
		in   string
		want time.Time
	}{
		{"", time.Time{}},
		{"7d", now.Add(-7 * 24 * time.Hour)},
		{"1.5d", now.Add(-36 * time.Hour)},
		{"0d", now},
		{"24h", now.Add(-24 * time.Hour)},
		{"1h30m", now.Add(-90 * time.Minute)},
		{"0", now},
		{"2026-11-01", time.Date(2026, 11, 1, 0, 0, 0, 0, east)},
		{"2026-11-01T10:00:00Z", time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)},
		{"100000d", now.Add(-100000 * 24 * time.Hour)},
	}
	for _, tt := range good {
		got, err := parseSince(tt.in, now)
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("parseSince(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{
		"soon", "7", "d", "7D", "1w", "-1d", "-0d", "+1d", "-1h", "+1h", "NaNd", "Infd", "+Infd",
		"1e3d", "0x1p4d", "1_0d", ".5d", "5.d", " 7d", "7d ", "7d5h", "2026-13-01",
		"99999999999d", "106752d", "2562048h",
	} {
		if got, err := parseSince(in, now); err == nil {
			t.Errorf("parseSince(%q) = %v, want an error", in, got)
		}
	}
}
