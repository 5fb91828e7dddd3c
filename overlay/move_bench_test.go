package overlay

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/goleveldb/leveldb"
	"github.com/df-mc/goleveldb/leveldb/opt"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// benchAreas and benchObjects are the size of the state BenchmarkMoveLatency plays in: the 1 000 areas
// and 100 000 objects. benchActive of the areas are unsolved; the others are solved, as in a world played long.
const (
	benchAreas   = 1000
	benchObjects = 100_000
	benchActive  = 20
)

// BenchmarkMoveLatency measures how long a move takes in a state of benchAreas areas and benchObjects objects: a
// key of the start area picked up and put down in turn. It reports, at the 99th percentile, the time from the move
// posted to the owner until the world shows it (its changes done on the world goroutine: what a player sees;
// shown-p99-ms), until it is answered (committed to the store, published, its world changes handed over;
// answered-p99-ms), and until the benchmark's goroutine waiting for the answer runs again (p99-ms; in the server
// nothing waits for a move's answer). In "generating", another area is given a new puzzle again and again
// meanwhile; "generating, not giving way" is the reference in the same run, long work not giving way to the moves
// (giveway.go).
func BenchmarkMoveLatency(b *testing.B) {
	for _, c := range []struct {
		name       string
		generating bool
		never      bool
	}{{"idle", false, false}, {"generating", true, false}, {"generating, not giving way", true, true}} {
		b.Run(c.name, func(b *testing.B) { benchMoves(b, c.generating, c.never) })
	}
}

func benchMoves(b *testing.B, generating, neverGiveWay bool) {
	w := overlayWorld(b)
	defer w.Close()
	o := openTestOverlay(b, w, b.TempDir())
	defer o.Close()
	o.giveWay.never = neverGiveWay
	o.Start()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := o.Wait(ctx); err != nil {
		b.Fatal(err)
	}
	fillState(ctx, b, o)
	key := objectsOf(o, areaName(o.graph.Start()), "Key")[0]
	who := mover{name: "Bench", id: uuid.New(), feet: cube.Pos{8, -60, 8}}
	stop := make(chan struct{})
	var rerolls sync.WaitGroup
	var generated atomic.Int64 // new puzzles made while the moves ran: the load they ran under
	if generating {
		rerolls.Add(1)
		go func() {
			defer rerolls.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := o.Reroll(store.AreaPos{5, 2}).Wait(ctx); err == nil {
					generated.Add(1)
				}
			}
		}()
	}
	commits := &commitTimes{}
	o.SetMetrics(commits)
	var times, shownTimes, answered []time.Duration
	began := time.Now()
	for b.Loop() {
		rule := puzzle.PickUp
		if o.view().where.At(key).Kind == store.InInventory {
			rule = puzzle.PutDown
		}
		mv := puzzle.Move{Rule: rule, Inputs: []int{key}}
		start := time.Now()
		var answeredAt, shownAt time.Time
		shown := make(chan struct{})
		r := o.post(&request{name: "move", run: func(_ context.Context, s *state) (result, error) {
			res, err := o.move(s, who, mv, who.feet, nil)
			res.ops = append(res.ops, func(*world.Tx) { shownAt = time.Now(); close(shown) }) // after the move's own
			res.after = append(res.after, func() { answeredAt = time.Now() })                 // answered right after
			return res, err
		}})
		if _, err := r.Wait(ctx); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		<-shown
		shownTimes, answered = append(shownTimes, shownAt.Sub(start)), append(answered, answeredAt.Sub(start))
	}
	elapsed := time.Since(began)
	close(stop)
	rerolls.Wait()
	if generating {
		b.ReportMetric(float64(generated.Load())/elapsed.Seconds(), "puzzles/s")
	}
	o.SetMetrics(nil)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	for _, d := range [][]time.Duration{times, shownTimes, answered} {
		slices.Sort(d)
	}
	b.ReportMetric(ms(shownTimes[len(shownTimes)*99/100]), "shown-p99-ms")
	b.ReportMetric(ms(answered[len(answered)*99/100]), "answered-p99-ms")
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
	c := commits.sorted()
	b.ReportMetric(ms(c[len(c)/2]), "commit-p50-ms")
	b.ReportMetric(ms(c[len(c)*99/100]), "commit-p99-ms")
}

// commitTimes records how long each commit to the store took: the part of a move's wait that is the disk's.
type commitTimes struct {
	NopMetrics
	mu    sync.Mutex
	times []time.Duration
}

// Committed records a commit.
func (c *commitTimes) Committed(d time.Duration, _ error) {
	c.mu.Lock()
	c.times = append(c.times, d)
	c.mu.Unlock()
}

func (c *commitTimes) sorted() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := slices.Clone(c.times)
	slices.Sort(out)
	return append(out, 0)[:max(len(out), 1)]
}

// fillState adds benchAreas areas with benchObjects objects in all to the overlay's state and store: each area has
// a generated puzzle of the yard pack and wells on the ground to fill it up to its share of objects.
func fillState(ctx context.Context, b *testing.B, o *Overlay) {
	b.Helper()
	perArea := benchObjects / benchAreas
	_, err := o.post(&request{name: "fill", run: func(_ context.Context, s *state) (result, error) {
		var c store.Change
		tmpl, _ := s.pack.Area("Yard")
		well, _ := s.pack.Item("Well")
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range benchAreas {
			a := store.AreaPos{int32(i % 32), int32(2 + i/32)}
			run := &areaRun{rec: store.AreaRecord{Pos: a, State: store.Active, Template: tmpl.Name}, area: o.instance(s.pack, a, tmpl)}
			pz, err := s.gen.Generate(run.area, &puzzle.World{NextID: s.game.State.NextID, Unlocked: []string{run.area.Name}}, rng)
			if err != nil {
				return result{}, err
			}
			objs := s.game.Add(pz.Spawned...).Created
			for len(objs) < perArea {
				objs = append(objs, s.game.Add(puzzle.Object{Item: "Well", Area: run.area.Name, Props: well.Props}).Created...)
			}
			for k, obj := range objs {
				w := store.Where{Kind: store.AtBlock, Block: cube.Pos{int(a[0])*16 + k%16, -60, int(a[1])*16 + k/16}}
				s.setWhere(obj.ID, w)
				c.Objects = append(c.Objects, store.ObjectRecord{Object: obj, Where: w})
			}
			if err := o.track(s, run, pz); err != nil {
				return result{}, err
			}
			if i >= benchActive {
				run.rec.State = store.Solved
				if err := s.tracked(a).Restore(nil, true); err != nil {
					return result{}, err
				}
			}
			run.rec.Goal = pz.Goal.String()
			if run.rec.Puzzle, err = encodePuzzle(pz, s.tracked(a)); err != nil {
				return result{}, err
			}
			s.areas.Set(a, run)
			c.Areas = append(c.Areas, run.rec)
		}
		c.NextID = s.game.State.NextID
		s.version++
		return result{change: c}, nil
	}}).Wait(ctx)
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkFsync measures the floor under a move's wait on this machine: appending a small record to a file and
// syncing it to disk ("file"), and a synchronous LevelDB write of one small record ("leveldb"), as the store's
// commit does. Run it with BenchmarkMoveLatency to see how much of a move's wait is the disk's.
func BenchmarkFsync(b *testing.B) {
	record := make([]byte, 200)
	b.Run("file", func(b *testing.B) {
		f, err := os.Create(filepath.Join(b.TempDir(), "log"))
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		reportWaits(b, func() error {
			if _, err := f.Write(record); err != nil {
				return err
			}
			return f.Sync()
		})
	})
	b.Run("leveldb", func(b *testing.B) {
		db, err := leveldb.OpenFile(b.TempDir(), &opt.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		n := 0
		reportWaits(b, func() error {
			n++
			return db.Put([]byte(strconv.Itoa(n)), record, &opt.WriteOptions{Sync: true})
		})
	})
}

// reportWaits runs do b.N times and reports the median, 99th percentile and longest time it took.
func reportWaits(b *testing.B, do func() error) {
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		if err := do(); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
}
