package pgstore_test

import (
	"slices"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/playerdb"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
)

// BenchmarkPlayerSave measures how long saving a leaving player takes, which Dragonfly does on the world's
// goroutine, in the same loop on Dragonfly's own provider (playerdb: LevelDB in the players folder, written
// without a sync) and on PostgreSQL (one upsert, committed synchronously). The player is the tests' carrying():
// a puzzle key, the guide, a sword, stone, armour, arrows, a key in the ender chest and three effects. It reports
// each provider's median, 99th percentile and mean and the record's size; ns/op is both saves together.
func BenchmarkPlayerSave(b *testing.B) {
	local, err := playerdb.NewProvider(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer local.Close()
	shared := openPlayers(b, pgtest.Database(b), "bench", pgstore.PlayerOptions{})
	names, providers := []string{"playerdb", "postgres"}, []player.Provider{local, shared}
	w := newWorld(b, world.Overworld)
	c, id := carrying(), uuid.New()
	took := make([][]time.Duration, len(providers))
	for b.Loop() {
		for i, p := range providers {
			start := time.Now()
			if err := p.Save(id, c, w); err != nil {
				b.Fatal(err)
			}
			took[i] = append(took[i], time.Since(start))
		}
	}
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }
	for i, name := range names {
		t := took[i]
		var sum time.Duration
		for _, d := range t {
			sum += d
		}
		slices.Sort(t)
		b.ReportMetric(us(t[len(t)/2]), name+"-p50-µs")
		b.ReportMetric(us(t[len(t)*99/100]), name+"-p99-µs")
		b.ReportMetric(us(sum/time.Duration(len(t))), name+"-mean-µs")
	}
	b.ReportMetric(float64(len(pgstore.EncodePlayer(b, c, w))), "record-bytes")
}
