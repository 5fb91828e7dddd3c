package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/google/uuid"
	"github.com/sandertv/go-raknet"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// LoadBotOptions say what a LoadBot does once it has spawned.
type LoadBotOptions struct {
	// Walk makes the bot walk, starting along Heading (radians, 0 is +x); otherwise it stands still. A walker
	// heads back when it is more than Range blocks (horizontally) from where it spawned, if Range > 0.
	Walk    bool
	Heading float64
	Range   float64
	// Push is how long a walker pushes on at a locked border (a wall it is sent, or the server setting it back)
	// before it turns away; 0 means a second, a negative value turns at once.
	Push time.Duration
	// Seed drives the bot's random turns.
	Seed uint64
	// Command is sent every CommandEvery (0: never), at most one awaiting its answer at a time, and its round
	// trip passed to RoundTrip (called on the bot's read goroutine; it must not block).
	Command      string
	CommandEvery time.Duration
	RoundTrip    func(sent time.Time, rtt time.Duration)
	// Source, if not empty, is the loopback IP the bot connects from (127.0.0.2, say), as players come from
	// addresses of their own: a RakNet listener that meets one bad packet blocks its sender's IP, with every
	// connection from it, for ten seconds.
	Source string
	// Protocol is the protocol the bot speaks, announcing its number and game version; nil is gophertunnel's
	// own (1.26.45). A protocol of server/translate makes the bot a client of that version.
	Protocol minecraft.Protocol
}

// LoadBot is a Bot for load tests: like Bot it joins over the real protocol with the same handshake, requests
// the sub-chunks of every chunk it is sent and sends PlayerAuthInput every tick, but it keeps no packets (only
// counts them), so that a hundred of them can run for an hour. A walking LoadBot keeps the height of the
// ground of each column it is sent and walks at a player's walking speed along the terrain: it steps up one
// block and down three, turns at water, walls and cliffs, waits where the terrain has not arrived, and, at a
// locked border, pushes on for a second (Push) as a person would, then turns away. A border's wall (the barriers
// the server sends near it) stops it as a client's collision does; where the server sets it back instead, it
// pushes the same.
type LoadBot struct {
	conn *minecraft.Conn
	name string
	opts LoadBotOptions

	counts   [1024]atomic.Uint64 // packets received, by packet ID
	received *atomic.Uint64      // bytes received, as they came over the wire
	invalid  *atomic.Uint64      // packets received that could not be read

	mu       sync.Mutex
	eye      mgl32.Vec3
	tick     uint64
	walk     *loadWalker
	cmdID    uuid.UUID // the command awaiting its answer, zero if none
	cmdSent  time.Time
	lastCmd  time.Time
	answered int

	stopping atomic.Bool
	ended    chan struct{} // closed when the connection has ended
	endErr   error         // why, set before ended is closed
	stop     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup
}

// DialLoad joins the server at addr as an offline player called name (see Dial) and starts the bot.
func DialLoad(ctx context.Context, addr, name string, opts LoadBotOptions) (*LoadBot, error) {
	p := opts.Protocol
	if p == nil {
		p = minecraft.DefaultProtocol
	}
	d := minecraft.Dialer{IdentityData: login.IdentityData{
		DisplayName: name,
		Identity:    uuid.NewSHA1(uuid.NameSpaceOID, []byte("riddlestone-bot:"+name)).String(),
	}, ClientData: login.ClientData{GameVersion: p.Ver()}, Protocol: p}
	spawned, received, invalid := new(atomic.Bool), new(atomic.Uint64), new(atomic.Uint64)
	d.ErrorLog = slog.New(invalidCounter{n: invalid})
	conn, err := d.DialContextNetwork(ctx, loadNetwork{spawned: spawned, received: received, source: opts.Source}, addr)
	if err != nil {
		return nil, fmt.Errorf("bot %s: dial %s: %w", name, addr, err)
	}
	if err := conn.DoSpawnContext(ctx); err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("bot %s: spawn: %w", name, err)
	}
	spawned.Store(true)
	b := &LoadBot{conn: conn, name: name, opts: opts, eye: conn.GameData().PlayerPosition, received: received,
		invalid: invalid, ended: make(chan struct{}), stop: make(chan struct{})}
	if opts.Walk {
		b.walk = newLoadWalker(opts.Heading, opts.Seed)
		b.walk.home, b.walk.reach, b.walk.pushTicks = b.eye, opts.Range, pushTicks(opts.Push)
	}
	// Spread the bots' commands over the period rather than sending them all at once.
	b.lastCmd = time.Now().Add(-time.Duration(rand.Int64N(int64(max(opts.CommandEvery, 1)))))
	b.wg.Add(2)
	go b.readLoop()
	go b.inputLoop()
	return b, nil
}

// Name returns the bot's player name.
func (b *LoadBot) Name() string { return b.name }

// Ended is closed when the connection has ended, by Close or by the server.
func (b *LoadBot) Ended() <-chan struct{} { return b.ended }

// Dropped reports whether the connection ended without Close being called, and why.
func (b *LoadBot) Dropped() (bool, error) {
	select {
	case <-b.ended:
		return !b.stopping.Load(), b.endErr
	default:
		return false, nil
	}
}

// Close disconnects the bot and waits for its goroutines to end.
func (b *LoadBot) Close() error {
	var err error
	b.stopOnce.Do(func() {
		b.stopping.Store(true)
		close(b.stop)
		err = b.conn.Close()
		b.wg.Wait()
	})
	return err
}

// LoadBotStats is what a LoadBot has counted.
type LoadBotStats struct {
	// Packets counts the packets received, by packet ID.
	Packets map[uint32]uint64
	// Bytes counts the bytes received: the batches as they came over the wire, compressed.
	Bytes uint64
	// Invalid counts the packets received that could not be read (gophertunnel logs and skips them): a server
	// that writes, or a protocol that reads, a packet wrong.
	Invalid uint64
	// Answered counts the commands answered; Waiting is how long the command awaiting its answer has waited,
	// 0 if none does.
	Answered int
	Waiting  time.Duration
	// Refused counts the times the server set the bot back to where it was; Walled the ticks it pushed against
	// a wall of barriers; Walked is how far it has walked, in blocks; all are 0 for a bot that stands.
	Refused int
	Walled  int
	Walked  float64
}

// Stats returns what the bot has counted so far.
func (b *LoadBot) Stats() LoadBotStats {
	s := LoadBotStats{Packets: map[uint32]uint64{}, Bytes: b.received.Load(), Invalid: b.invalid.Load()}
	for id := range b.counts {
		if n := b.counts[id].Load(); n > 0 {
			s.Packets[uint32(id)] = n
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	s.Answered = b.answered
	if b.cmdID != uuid.Nil {
		s.Waiting = time.Since(b.cmdSent)
	}
	if b.walk != nil {
		s.Refused, s.Walled, s.Walked = b.walk.refused, b.walk.walled, b.walk.walked
	}
	return s
}

// readLoop counts packets and answers those a client must answer, until the connection ends.
func (b *LoadBot) readLoop() {
	defer b.wg.Done()
	for {
		pk, err := b.conn.ReadPacket()
		if err != nil {
			b.endErr = err
			close(b.ended)
			return
		}
		if id := pk.ID(); int(id) < len(b.counts) {
			b.counts[id].Add(1)
		}
		if reply := b.handle(pk); reply != nil {
			_ = b.conn.WritePacket(reply)
		}
	}
}

// handle applies one packet and returns the answer to send, if any.
func (b *LoadBot) handle(pk packet.Packet) packet.Packet {
	switch pk := pk.(type) {
	case *packet.LevelChunk:
		return subChunkRequest(pk)
	case *packet.SubChunk:
		if b.walk != nil {
			cols := loadGroundOf(pk)
			b.mu.Lock()
			b.walk.addGround(cols)
			b.mu.Unlock()
		}
	case *packet.UpdateBlock:
		if b.walk != nil {
			b.mu.Lock()
			b.walk.blockUpdate(pk)
			b.mu.Unlock()
		}
	case *packet.MovePlayer:
		if pk.EntityRuntimeID == b.conn.GameData().EntityRuntimeID {
			b.mu.Lock()
			b.eye = pk.Position // The server moved us: adopt it, or our inputs are ignored.
			if b.walk != nil {
				b.walk.setBack()
			}
			b.mu.Unlock()
		}
	case *packet.CommandOutput:
		b.mu.Lock()
		if pk.CommandOrigin.UUID == b.cmdID {
			sent := b.cmdSent
			b.cmdID, b.answered = uuid.Nil, b.answered+1
			b.mu.Unlock()
			if b.opts.RoundTrip != nil {
				b.opts.RoundTrip(sent, time.Since(sent))
			}
			return nil
		}
		b.mu.Unlock()
	}
	return nil
}

// inputLoop sends a PlayerAuthInput every tick, walking the bot first, and the command when it is due.
func (b *LoadBot) inputLoop() {
	defer b.wg.Done()
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-b.ended:
			return
		case now := <-t.C:
			if err := b.conn.WritePacket(b.nextInput()); err != nil {
				return
			}
			if cmd := b.dueCommand(now); cmd != nil {
				if err := b.conn.WritePacket(cmd); err != nil {
					return
				}
			}
		}
	}
}

// nextInput moves a walking bot one tick and returns the tick's PlayerAuthInput.
func (b *LoadBot) nextInput() *packet.PlayerAuthInput {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tick++
	yaw := float32(0)
	if b.walk != nil {
		b.eye = b.walk.step(b.eye)
		yaw = float32(b.walk.yaw())
	}
	return &packet.PlayerAuthInput{
		Position:         b.eye,
		Yaw:              yaw,
		HeadYaw:          yaw,
		InputData:        protocol.NewInputFlags(packet.InputFlagCount), // A zero InputFlags panics on Set.
		InputMode:        packet.InputModeMouse,
		PlayMode:         packet.PlayModeNormal,
		InteractionModel: packet.InteractionModelCrosshair,
		Tick:             b.tick,
	}
}

// dueCommand returns the command request to send now, nil if none is due or one awaits its answer.
func (b *LoadBot) dueCommand(now time.Time) packet.Packet {
	if b.opts.CommandEvery <= 0 || b.opts.Command == "" {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cmdID != uuid.Nil || now.Sub(b.lastCmd) < b.opts.CommandEvery {
		return nil
	}
	b.cmdID, b.cmdSent, b.lastCmd = uuid.New(), now, now
	line := b.opts.Command
	if !strings.HasPrefix(line, "/") {
		line = "/" + line
	}
	return &packet.CommandRequest{CommandLine: line, CommandOrigin: protocol.CommandOrigin{
		Origin: protocol.CommandOriginPlayer, UUID: b.cmdID}}
}

// invalidCounter is a log handler for a bot's connection that counts the packets gophertunnel could not read, which
// it logs as "read packet: ..." and skips.
type invalidCounter struct{ n *atomic.Uint64 }

// Enabled reports that errors are handled.
func (invalidCounter) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }

// Handle counts a packet that could not be read.
func (c invalidCounter) Handle(_ context.Context, r slog.Record) error {
	if strings.HasPrefix(r.Message, "read packet") {
		c.n.Add(1)
	}
	return nil
}

// WithAttrs returns the handler.
func (c invalidCounter) WithAttrs([]slog.Attr) slog.Handler { return c }

// WithGroup returns the handler.
func (c invalidCounter) WithGroup(string) slog.Handler { return c }

// loadNetwork is handshakeNetwork dialling from a source IP of its own, if it has one.
type loadNetwork struct {
	spawned  *atomic.Bool
	received *atomic.Uint64
	source   string
}

// DialContext dials a RakNet connection from n.source whose writes are delayed until spawned is set.
func (n loadNetwork) DialContext(ctx context.Context, address string) (net.Conn, error) {
	var d raknet.Dialer
	if n.source != "" {
		ip := net.ParseIP(n.source)
		if ip == nil {
			return nil, fmt.Errorf("bad source address %q", n.source)
		}
		d.UpstreamDialer = &net.Dialer{LocalAddr: &net.UDPAddr{IP: ip}}
	}
	c, err := d.DialContext(ctx, address)
	if err != nil {
		return nil, err
	}
	return &slowStartConn{Conn: c, spawned: n.spawned, received: n.received}, nil
}

// PingContext pings a RakNet server.
func (loadNetwork) PingContext(ctx context.Context, address string) ([]byte, error) {
	return raknet.Dialer{}.PingContext(ctx, address)
}

// Listen is not supported: the network is for bots only.
func (loadNetwork) Listen(string) (minecraft.NetworkListener, error) {
	return nil, errors.New("e2e: the bot network cannot listen")
}

// loadWalkSpeed is a player's walking speed in blocks per tick (4.317 blocks a second).
const loadWalkSpeed = 4.317 / 20

// loadPushTicks is how long a loadWalker pushes against a locked border by default before it turns away.
const loadPushTicks = 20

// pushTicks returns the ticks a walker pushes for a Push option.
func pushTicks(push time.Duration) int {
	switch {
	case push == 0:
		return loadPushTicks
	case push < 0:
		return 1
	}
	return max(1, int(push/(50*time.Millisecond)))
}

// loadHalfWidth is half a player's width: a client stops this far before a wall.
const loadHalfWidth = 0.3

// loadNoGround marks a column where a loadWalker cannot stand: water, lava, or a block that is not a full cube.
const loadNoGround = math.MinInt16

// loadGroundColumn holds the feet height of the ground of each block column of a chunk column, x<<4|z.
type loadGroundColumn [256]int16

// loadWalker is the walking state of a LoadBot; the bot's mu guards it.
type loadWalker struct {
	heading   float64
	home      mgl32.Vec3 // the eye position it spawned at, and how far from it it goes (0: anywhere)
	reach     float64
	rng       *rand.Rand
	ground    map[world.ChunkPos]*loadGroundColumn
	pushing   int // ticks pushed against the current border
	pushTicks int // ticks to push before turning away
	walls     map[cube.Pos]bool
	refused   int
	walled    int
	walked    float64
}

func newLoadWalker(heading float64, seed uint64) *loadWalker {
	return &loadWalker{heading: heading, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		ground: map[world.ChunkPos]*loadGroundColumn{}, walls: map[cube.Pos]bool{}, pushTicks: loadPushTicks}
}

// addGround stores the ground of the columns a SubChunk packet completed.
func (w *loadWalker) addGround(cols map[world.ChunkPos]*loadGroundColumn) {
	for pos, c := range cols {
		w.ground[pos] = c
	}
}

// groundAt returns the feet height of the ground at block column x, z, and whether it is known.
func (w *loadWalker) groundAt(x, z int) (int, bool) {
	c, ok := w.ground[world.ChunkPos{int32(x >> 4), int32(z >> 4)}]
	if !ok {
		return 0, false
	}
	return int(c[(x&15)<<4|z&15]), true
}

// yaw returns the bot's heading as a Minecraft yaw in degrees (0 is +z, 90 is -x).
func (w *loadWalker) yaw() float64 { return math.Mod(w.heading*180/math.Pi-90+360, 360) }

// setBack notes that the server put the bot back: it pushes on for a while, then turns away.
func (w *loadWalker) setBack() {
	w.refused++
	w.push()
}

// push notes a tick pushed against a locked border; after pushTicks of them the walker turns away.
func (w *loadWalker) push() {
	if w.pushing++; w.pushing >= w.pushTicks {
		w.pushing = 0
		w.heading += math.Pi/2 + w.rng.Float64()*math.Pi
	}
}

// blockUpdate notes a block the server sent: a barrier is a wall (of a locked border), anything else is not.
func (w *loadWalker) blockUpdate(pk *packet.UpdateBlock) {
	pos := cube.Pos{int(pk.Position[0]), int(pk.Position[1]), int(pk.Position[2])}
	if pk.NewBlockRuntimeID == barrierRID() {
		w.walls[pos] = true
		return
	}
	delete(w.walls, pos)
}

// walledAt reports whether a wall stands where a body with its feet at (x, feetY, z) would be, as a client's
// collision finds it: any cell its box (a player's width, two blocks high) overlaps, so that a corner met
// diagonally stops it too.
func (w *loadWalker) walledAt(x, feetY, z float64) bool {
	for dy := 0.0; dy < 2; dy++ {
		for _, dx := range []float64{-loadHalfWidth, loadHalfWidth} {
			for _, dz := range []float64{-loadHalfWidth, loadHalfWidth} {
				if w.walls[cube.Pos{int(math.Floor(x + dx)), int(math.Floor(feetY + dy)), int(math.Floor(z + dz))}] {
					return true
				}
			}
		}
	}
	return false
}

// step returns the eye position after one tick of walking from eye.
func (w *loadWalker) step(eye mgl32.Vec3) mgl32.Vec3 {
	feetY := float64(eye[1]) - eyeHeight
	x, z := float64(eye[0])+math.Cos(w.heading)*loadWalkSpeed, float64(eye[2])+math.Sin(w.heading)*loadWalkSpeed
	if dx, dz := x-float64(w.home[0]), z-float64(w.home[2]); w.reach > 0 && dx*dx+dz*dz > w.reach*w.reach {
		w.heading = math.Atan2(-dz, -dx) + (w.rng.Float64()-0.5)*math.Pi/2 // back home, give or take 45°
		return eye
	}
	g, known := w.groundAt(int(math.Floor(x)), int(math.Floor(z)))
	if !known {
		return eye // Wait for the terrain, as a client does at the edge of what it has loaded.
	}
	if w.walledAt(x, max(feetY, float64(g)), z) {
		w.walled++
		w.push() // against the wall, the client does not move
		return eye
	}
	if g == loadNoGround || float64(g)-feetY > 1.01 || feetY-float64(g) > 3 {
		w.heading += math.Pi/3 + w.rng.Float64()*math.Pi*4/3
		return eye
	}
	w.walked += loadWalkSpeed
	return mgl32.Vec3{float32(x), float32(g) + eyeHeight, float32(z)}
}

// loadGroundOf reads the ground of every column whose sub-chunks a SubChunk packet carries whole (the bots ask for
// a column's sub-chunks in one request, so each answer is one column). The ground is the top of the highest
// block that is neither passable nor leaves, as Terrain.Ground finds it; a column topped by water or a block
// that is not a full cube has loadNoGround.
func loadGroundOf(pk *packet.SubChunk) map[world.ChunkPos]*loadGroundColumn {
	airRID() // finalises the block registry, which a bot process without a server has not done
	byCol := map[world.ChunkPos][]loadGroundSub{}
	for _, e := range pk.SubChunkEntries {
		pos := world.ChunkPos{pk.Position[0] + int32(e.Offset[0]), pk.Position[2] + int32(e.Offset[2])}
		y := int(pk.Position[1]) + int(e.Offset[1])
		switch e.Result {
		case protocol.SubChunkResultSuccessAllAir:
			byCol[pos] = append(byCol[pos], loadGroundSub{y: y})
		case protocol.SubChunkResultSuccess:
			payload, _ := e.RawPayload.Value()
			s, _, err := decodeSubChunk(bytes.NewBuffer(payload))
			if err != nil {
				continue
			}
			byCol[pos] = append(byCol[pos], loadGroundSub{y: y, s: s})
		}
	}
	out := make(map[world.ChunkPos]*loadGroundColumn, len(byCol))
	for pos, subs := range byCol {
		c := &loadGroundColumn{}
		for i := range c {
			c[i] = loadNoGround
		}
		done := make([]bool, 256)
		slices.SortFunc(subs, func(a, b loadGroundSub) int { return b.y - a.y }) // from the top down
		for _, s := range subs {
			if s.s != nil {
				s.s.loadGroundInto(c, done, s.y*16)
			}
		}
		out[pos] = c
	}
	return out
}

// loadGroundSub is a decoded sub-chunk and its height in sub-chunks; s is nil for one of air.
type loadGroundSub struct {
	y int
	s *subChunk
}

// ground classes of runtime IDs, shared by every bot: the terrain's classes, with leaves apart.
var loadGroundClasses = struct {
	sync.Map
	t *Terrain
}{t: newTerrain()}

const loadClassLeaves = classUnknown + 1

func loadGroundClass(rid uint32) blockClass {
	if c, ok := loadGroundClasses.Load(rid); ok {
		return c.(blockClass)
	}
	c := loadGroundClasses.t.ridClass(rid)
	if b, ok := world.BlockByRuntimeID(rid); ok {
		if _, leaves := b.(block.Leaves); leaves {
			c = loadClassLeaves
		}
	}
	loadGroundClasses.Store(rid, c)
	return c
}

// loadGroundInto fills, for each column not yet done, the ground found in this sub-chunk, whose lowest block is at
// height base.
func (s *subChunk) loadGroundInto(c *loadGroundColumn, done []bool, base int) {
	if len(s.layers) == 0 {
		return
	}
	l := &s.layers[0]
	for col := range 256 {
		if done[col] {
			continue
		}
		if h, found := l.loadGroundIn(col, base); found {
			c[col], done[col] = h, true
		}
	}
}

// loadGroundIn returns the ground of block column col (x<<4|z) in this layer of a sub-chunk whose lowest block is at
// height base: the top of its highest block that is neither passable nor leaves (loadNoGround if that block is no
// place to stand), and false if the column holds no such block.
func (l *storage) loadGroundIn(col, base int) (int16, bool) {
	for y := 15; y >= 0; y-- {
		switch loadGroundClass(l.at(col<<4 | y)) {
		case classPassable, loadClassLeaves:
			continue
		case classFull:
			return int16(base + y + 1), true
		default:
			return loadNoGround, true
		}
	}
	return 0, false
}
