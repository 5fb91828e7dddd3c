package pgstore_test

import (
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity/effect"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/item/enchantment"
	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/playerdb"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/goleveldb/leveldb"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft/nbt"
)

// The keys under which the overlay marks its items (overlay/look.go, overlay/guide.go).
const (
	objectKey = "riddlestone:object"
	guideKey  = "riddlestone:guide"
)

// openPlayers opens a player store for one server of the test, closed when the test ends.
func openPlayers(t testing.TB, url, server string, opts pgstore.PlayerOptions) *pgstore.PlayerStore {
	t.Helper()
	opts.Server = server
	ps, err := pgstore.OpenPlayers(t.Context(), url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ps.Close() })
	return ps
}

// newWorld makes a world of a dimension without a provider, closed when the test ends: what Save is told the
// player leaves from.
func newWorld(t testing.TB, dim world.Dimension) *world.World {
	w := world.Config{Dim: dim}.New()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

// dimensions stands for the server's worlds in Load: it names the dimension asked for.
func dimensions(asked *world.Dimension) func(world.Dimension) *world.World {
	return func(d world.Dimension) *world.World { *asked = d; return nil }
}

// carrying is a player who carries puzzle items and more: a key the overlay made (custom name, lore, object id),
// the guide, a worn enchanted sword, a stack of stone, armour, arrows in the off hand, a key in the ender chest,
// effects and every number set.
func carrying() player.Config {
	c := player.Config{
		Name: "Alice", XUID: "2535400000000001", GameMode: world.GameModeAdventure,
		Position: mgl64.Vec3{100.5, 72, -40.25}, Rotation: cube.Rotation{91.5, -12.25}, Velocity: mgl64.Vec3{0, -0.08, 0.1},
		Health: 13.5, MaxHealth: 20, Food: 17, FoodTick: 40, Exhaustion: 1.25, Saturation: 3.5,
		AirSupply: 250, MaxAirSupply: 300, EnchantmentSeed: 987654321, Experience: 345, HeldSlot: 4,
		FireTicks: 60, FallDistance: 2.5,
		Effects: []effect.Effect{
			effect.New(effect.Speed, 2, 30*time.Second),
			effect.NewInfinite(effect.NightVision, 1),
			effect.NewAmbient(effect.Haste, 1, time.Minute).WithoutParticles(),
		},
		Inventory: inventory.New(36, nil), EnderChestInventory: inventory.New(27, nil),
		OffHand: inventory.New(1, nil), Armour: inventory.NewArmour(nil),
	}
	key := item.NewStack(item.Stick{}, 1).WithCustomName("§eBrass key").WithLore("Opens the smithy's door.", "§7A puzzle item").WithValue(objectKey, 7)
	guide := item.NewStack(item.Book{}, 1).WithCustomName("Guide").WithValue(guideKey, true)
	sword := item.NewStack(item.Sword{Tier: item.ToolTierDiamond}, 1).Damage(100).WithEnchantments(item.NewEnchantment(enchantment.Sharpness, 3))
	_ = c.Inventory.SetItem(0, key)
	_ = c.Inventory.SetItem(4, sword)
	_ = c.Inventory.SetItem(8, guide)
	_ = c.Inventory.SetItem(35, item.NewStack(block.Stone{}, 64))
	_ = c.OffHand.SetItem(0, item.NewStack(item.Arrow{}, 16))
	c.Armour.Set(item.NewStack(item.Helmet{Tier: item.ArmourTierIron{}}, 1), item.Stack{}, item.Stack{}, item.NewStack(item.Boots{Tier: item.ArmourTierLeather{}}, 1))
	_ = c.EnderChestInventory.SetItem(26, item.NewStack(item.Stick{}, 1).WithCustomName("§eSpare key").WithValue(objectKey, 12))
	return c
}

// samePlayer fails the test unless got holds want's data, item by item with their NBT and values.
func samePlayer(t *testing.T, got, want player.Config) {
	t.Helper()
	type numbers struct {
		Name, XUID                            string
		Pos, Vel                              mgl64.Vec3
		Rot                                   cube.Rotation
		Health, MaxHealth, Exh, Sat, Fall     float64
		Food, FoodTick, Air, MaxAir, XP, Held int
		Seed, Fire                            int64
		Mode                                  world.GameMode
	}
	of := func(c player.Config) numbers {
		return numbers{c.Name, c.XUID, c.Position, c.Velocity, c.Rotation, c.Health, c.MaxHealth, c.Exhaustion, c.Saturation,
			c.FallDistance, c.Food, c.FoodTick, c.AirSupply, c.MaxAirSupply, c.Experience, c.HeldSlot, c.EnchantmentSeed, c.FireTicks, c.GameMode}
	}
	if of(got) != of(want) {
		t.Errorf("player data:\ngot  %+v\nwant %+v", of(got), of(want))
	}
	sameItems(t, "inventory", got.Inventory.Slots(), want.Inventory.Slots())
	sameItems(t, "ender chest", got.EnderChestInventory.Slots(), want.EnderChestInventory.Slots())
	sameItems(t, "off hand", got.OffHand.Slots(), want.OffHand.Slots())
	sameItems(t, "armour", got.Armour.Slots(), want.Armour.Slots())
	if g, w := effectsOf(got.Effects), effectsOf(want.Effects); g != w {
		t.Errorf("effects:\ngot  %s\nwant %s", g, w)
	}
}

// sameItems fails the test unless two inventories hold the same stacks: the same NBT (name, count, damage,
// custom name, lore, enchantments) and the same values.
func sameItems(t *testing.T, what string, got, want []item.Stack) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d slots, want %d", what, len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if !reflect.DeepEqual(item.WriteNBT(g, true), item.WriteNBT(w, true)) || !reflect.DeepEqual(g.Values(), w.Values()) {
			t.Errorf("%s slot %d: got %v %v, want %v %v", what, i, g, g.Values(), w, w.Values())
		}
	}
}

// effectsOf describes effects in words for comparing them.
func effectsOf(es []effect.Effect) string {
	var b strings.Builder
	for _, e := range es {
		id, _ := effect.ID(e.Type())
		fmt.Fprintf(&b, "[%d level %d for %v ambient %v hidden %v infinite %v]", id, e.Level(), e.Duration(), e.Ambient(), e.ParticlesHidden(), e.Infinite())
	}
	return b.String()
}

// TestPlayerDataRoundTrip saves a player carrying puzzle items and more from the nether and loads them back: every
// item with its custom name, lore, enchantments, damage and the values the overlay marks its items with, the
// effects, the numbers and the dimension. A player never saved is ErrNoPlayerData.
func TestPlayerDataRoundTrip(t *testing.T) {
	ps := openPlayers(t, pgtest.Database(t), "server A", pgstore.PlayerOptions{})
	id := uuid.New()
	var asked world.Dimension
	if _, _, err := ps.Load(id, dimensions(&asked)); !errors.Is(err, pgstore.ErrNoPlayerData) {
		t.Fatalf("loading a player never saved: %v, want ErrNoPlayerData", err)
	}
	want := carrying()
	if err := ps.Save(id, want, newWorld(t, world.Nether)); err != nil {
		t.Fatal(err)
	}
	got, _, err := ps.Load(id, dimensions(&asked))
	if err != nil {
		t.Fatal(err)
	}
	if got.UUID != id || asked != world.Nether {
		t.Errorf("loaded uuid %v in the %v, want %v in the nether", got.UUID, asked, id)
	}
	samePlayer(t, got, want)
	key, _ := got.Inventory.Item(0)
	if v, ok := key.Value(objectKey); !ok || v != 7 {
		t.Errorf("the key's object id came back as %#v (%v), want 7", v, ok)
	}
	if ps.Unloaded(got.Inventory) {
		t.Error("a player loaded whole counts as unloaded")
	}
}

// TestPlayersSharedBetweenServers runs two player stores on one database, as two servers of a network: what one
// saves as the player leaves, the other loads when they join it, and the row says which server has the player.
func TestPlayersSharedBetweenServers(t *testing.T) {
	url := pgtest.Database(t)
	a := openPlayers(t, url, "server A", pgstore.PlayerOptions{})
	b := openPlayers(t, url, "server B", pgstore.PlayerOptions{})
	id := uuid.New()
	var asked world.Dimension
	overworld := newWorld(t, world.Overworld)

	onA := carrying()
	if err := a.Save(id, onA, overworld); err != nil {
		t.Fatal(err)
	}
	onB, _, err := b.Load(id, dimensions(&asked))
	if err != nil {
		t.Fatal(err)
	}
	samePlayer(t, onB, onA)
	if got := playerServer(t, url, id); got != "server B" {
		t.Errorf("after server B loaded the player the row says they are on %q", got)
	}
	// On server B the player drops the key and walks on; B saves them as they leave, and A loads that.
	_ = onB.Inventory.SetItem(0, item.Stack{})
	onB.Position = mgl64.Vec3{-300, 65, 12}
	if err := b.Save(id, onB, overworld); err != nil {
		t.Fatal(err)
	}
	if got := playerServer(t, url, id); got != "" {
		t.Errorf("after server B saved the leaving player the row says they are on %q", got)
	}
	back, _, err := a.Load(id, dimensions(&asked))
	if err != nil {
		t.Fatal(err)
	}
	samePlayer(t, back, onB)
	if s, _ := back.Inventory.Item(0); !s.Empty() {
		t.Errorf("the key dropped on server B is back on server A: %v", s)
	}
	// A save by a server that does not have the player leaves the row's server alone.
	if err := b.Save(id, back, overworld); err != nil {
		t.Fatal(err)
	}
	if got := playerServer(t, url, id); got != "server A" {
		t.Errorf("a save by server B moved the player off server A: the row says %q", got)
	}
}

// playerServer reads the server riddlestone_players says a player is on; "" for none.
func playerServer(t *testing.T, url string, id uuid.UUID) string {
	t.Helper()
	var s *string
	if err := connT(t, url).QueryRow(ctxT(t), "SELECT server FROM riddlestone_players WHERE uuid = $1", id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	if s == nil {
		return ""
	}
	return *s
}

// storedData reads a player's stored record as text.
func storedData(t *testing.T, url string, id uuid.UUID) string {
	t.Helper()
	var s string
	if err := connT(t, url).QueryRow(ctxT(t), "SELECT data::text FROM riddlestone_players WHERE uuid = $1", id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPlayerSaveGivesUpWhileCutOff cuts the network to PostgreSQL (a proxy that stops answering) under a save, as
// Dragonfly makes it on the world's goroutine when a player leaves: the save fails within its bound, without a
// panic, the stored data stays as it was, and a second save while cut off gives up sooner. With the network back
// saves go through again.
func TestPlayerSaveGivesUpWhileCutOff(t *testing.T) {
	srv := pgtest.Shared(t)
	url := pgtest.Database(t)
	proxy, err := pgtest.NewProxy(fmt.Sprintf("127.0.0.1:%d", srv.Port))
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	const bound = 2 * time.Second
	ps := openPlayers(t, srv.Proxied(url, proxy), "server A", pgstore.PlayerOptions{SaveTimeout: bound})
	id, w := uuid.New(), newWorld(t, world.Overworld)
	before := carrying()
	if err := ps.Save(id, before, w); err != nil {
		t.Fatal(err)
	}
	stored := storedData(t, url, id)

	proxy.Cut()
	changed := carrying()
	_ = changed.Inventory.SetItem(0, item.Stack{})
	for i, most := range []time.Duration{bound, time.Second} {
		start := time.Now()
		err := ps.Save(id, changed, w)
		took := time.Since(start)
		t.Logf("save %d while cut off: %v after %v", i+1, err, took.Round(time.Millisecond))
		if err == nil || !strings.Contains(err.Error(), "not saved") {
			t.Fatalf("a save while cut off: %v", err)
		}
		if took > most+time.Second {
			t.Errorf("save %d while cut off took %v; its bound is %v", i+1, took, most)
		}
	}
	if got := storedData(t, url, id); got != stored {
		t.Errorf("a failed save changed the stored data:\n%s\nwas\n%s", got, stored)
	}
	proxy.Restore()
	if err := ps.Save(id, changed, w); err != nil {
		t.Fatalf("a save with the network back: %v", err)
	}
	got, _, err := ps.Load(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	samePlayer(t, got, changed)
}

// TestUnloadedPlayerIsNotSavedOver loads a player while the database is cut off, as a server would at their join:
// Dragonfly would let them play on defaults, so the load says ErrPlayerDataUnavailable, the session is known by
// its inventory, and its save refuses to replace the stored data (which would lose the player's items). A stored
// record that does not decode is refused the same way.
func TestUnloadedPlayerIsNotSavedOver(t *testing.T) {
	srv := pgtest.Shared(t)
	url := pgtest.Database(t)
	proxy, err := pgtest.NewProxy(fmt.Sprintf("127.0.0.1:%d", srv.Port))
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	ps := openPlayers(t, srv.Proxied(url, proxy), "server A", pgstore.PlayerOptions{LoadTimeout: time.Second})
	id, w := uuid.New(), newWorld(t, world.Overworld)
	if err := ps.Save(id, carrying(), w); err != nil {
		t.Fatal(err)
	}
	stored := storedData(t, url, id)

	proxy.Cut()
	conf, _, err := ps.Load(id, nil)
	proxy.Restore()
	if !errors.Is(err, pgstore.ErrPlayerDataUnavailable) || !ps.Unloaded(conf.Inventory) {
		t.Fatalf("a load while cut off: %v; unloaded %v", err, ps.Unloaded(conf.Inventory))
	}
	t.Log(err)
	if err := ps.Save(id, conf, w); err == nil {
		t.Fatal("the session of a player whose data could not be loaded was saved")
	}
	if got := storedData(t, url, id); got != stored {
		t.Errorf("the unloaded session replaced the stored data:\n%s\nwas\n%s", got, stored)
	}
	if ps.Unloaded(conf.Inventory) {
		t.Error("the session is still noted after its save")
	}

	// A record that names an item this server does not know.
	unknown, err := nbt.MarshalEncoding(map[string]any{"Name": "minecraft:no_such_item", "Count": byte(1)}, nbt.LittleEndian)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(stored, `"Slot":0`, `"Slot":0,"Item":"`+base64.StdEncoding.EncodeToString(unknown)+`"`, 1)
	if bad == stored {
		t.Fatal("no slot 0 in the stored record")
	}
	if _, err := connT(t, url).Exec(ctxT(t), "UPDATE riddlestone_players SET data = $2 WHERE uuid = $1", id, bad); err != nil {
		t.Fatal(err)
	}
	conf, _, err = ps.Load(id, nil)
	if !errors.Is(err, pgstore.ErrPlayerDataUnavailable) || !ps.Unloaded(conf.Inventory) {
		t.Fatalf("a load of a record that does not decode: %v", err)
	}
	t.Log(err)
}

// TestMigrateFromVersion3 opens a version 3 database holding puzzle state with this build's player store, as a
// server started on it does first: the schema goes to version 4 (riddlestone_players, empty), the puzzle state
// loads as it was written, and players' data is saved and loaded.
func TestMigrateFromVersion3(t *testing.T) {
	url, conn := storeAtVersion(t, 3)
	ps := openPlayers(t, url, "server A", pgstore.PlayerOptions{})
	if got := versions(t, conn); !slices.Equal(got, everyVersion()) {
		t.Fatalf("after the upgrade the database records %v", got)
	}
	var players int
	if err := conn.QueryRow(ctxT(t), "SELECT count(*) FROM riddlestone_players").Scan(&players); err != nil || players != 0 {
		t.Fatalf("players after the upgrade: %d, %v", players, err)
	}
	s, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	same(t, loadT(t, s), want(nil, []store.ObjectRecord{safe, key}, 5, nil, nil))
	id := uuid.New()
	if err := ps.Save(id, carrying(), newWorld(t, world.Overworld)); err != nil {
		t.Fatal(err)
	}
	got, _, err := ps.Load(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	samePlayer(t, got, carrying())
}

// TestPlayerdbRecordsRead saves a player with Dragonfly's own provider (playerdb, the players folder) and reads
// the record it wrote as one of riddlestone_players: the same fields under the same names, so a players folder
// can be copied into PostgreSQL as it is. (playerdb does not write the XUID; Dragonfly sets it at every join.)
func TestPlayerdbRecordsRead(t *testing.T) {
	dir := t.TempDir()
	local, err := playerdb.NewProvider(dir)
	if err != nil {
		t.Fatal(err)
	}
	id, want := uuid.New(), carrying()
	if err := local.Save(id, want, newWorld(t, world.Nether)); err != nil {
		t.Fatal(err)
	}
	if err := local.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := leveldb.OpenFile(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec, err := db.Get(id[:], nil)
	if err != nil {
		t.Fatal(err)
	}
	got, dim := pgstore.DecodePlayer(t, rec)
	want.XUID = ""
	samePlayer(t, got, want)
	if dim != world.Nether {
		t.Errorf("dimension %v, want the nether", dim)
	}
}
