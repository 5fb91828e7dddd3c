package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// eyeHeight is the height of a player's eyes above its feet; positions on the wire are eye positions.
const eyeHeight = 1.62

// DefaultTimeout bounds the helpers that take no context (Command, WaitFor without a deadline, ...). It is
// generous because tests run under -race on busy machines.
const DefaultTimeout = 30 * time.Second

// Bot is a Bedrock client on gophertunnel that behaves like a real one: it spawns, requests the sub-chunks of
// each chunk it receives, sends its position every tick with PlayerAuthInput, and records every packet it
// receives so that tests can wait for them. Its methods are safe for concurrent use.
type Bot struct {
	conn *minecraft.Conn
	name string

	mu      sync.Mutex
	packets []packet.Packet
	arrived chan struct{} // closed and replaced whenever a packet arrives or the connection ends
	eye     mgl32.Vec3
	tick    uint64
	inv     map[uint32][]protocol.ItemInstance
	chunks  map[protocol.ChunkPos]bool // columns for which a sub-chunk with blocks arrived
	readErr error

	// observe and control are set by attach (a Human uses them); both are called with mu held.
	observe func(packet.Packet)              // sees each packet before waiters do
	control func(pk *packet.PlayerAuthInput) // moves the bot each tick: pk.Position becomes its position

	cut       *atomic.Bool // set by Drop: nothing more reaches the server
	closeOnce sync.Once
	stop      chan struct{}
	wg        sync.WaitGroup
}

// Dial joins the server at addr as an offline (unauthenticated) player called name and waits until it has
// spawned. The name also fixes the player's UUID, so a bot that joins again is the same returning player.
func Dial(ctx context.Context, addr, name string) (*Bot, error) {
	return DialProtocol(ctx, addr, name, minecraft.DefaultProtocol)
}

// DialProtocol is Dial with the client speaking protocol p, which announces its number and game version.
func DialProtocol(ctx context.Context, addr, name string, p minecraft.Protocol) (*Bot, error) {
	d := minecraft.Dialer{IdentityData: login.IdentityData{
		DisplayName: name,
		Identity:    uuid.NewSHA1(uuid.NameSpaceOID, []byte("riddlestone-bot:"+name)).String(),
	}, ClientData: login.ClientData{GameVersion: p.Ver()}, Protocol: p}
	spawned, cut := new(atomic.Bool), new(atomic.Bool)
	conn, err := d.DialContextNetwork(ctx, handshakeNetwork{spawned: spawned, cut: cut}, addr)
	if err != nil {
		return nil, fmt.Errorf("bot %s: dial %s: %w", name, addr, err)
	}
	if err := conn.DoSpawnContext(ctx); err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("bot %s: spawn: %w", name, err)
	}
	spawned.Store(true)
	b := &Bot{
		conn:    conn,
		name:    name,
		arrived: make(chan struct{}),
		eye:     conn.GameData().PlayerPosition,
		inv:     map[uint32][]protocol.ItemInstance{},
		chunks:  map[protocol.ChunkPos]bool{},
		stop:    make(chan struct{}),
		cut:     cut,
	}
	b.wg.Add(2)
	go b.readLoop()
	go b.inputLoop()
	return b, nil
}

// Name returns the bot's player name.
func (b *Bot) Name() string { return b.name }

// Conn returns the underlying connection, for packets the helpers do not cover.
func (b *Bot) Conn() *minecraft.Conn { return b.conn }

// GameData returns what the server sent at spawn: game mode, position, world settings.
func (b *Bot) GameData() minecraft.GameData { return b.conn.GameData() }

// Close disconnects the bot and waits for its goroutines to end.
func (b *Bot) Close() error {
	var err error
	b.closeOnce.Do(func() {
		close(b.stop)
		err = b.conn.Close()
		b.wg.Wait()
	})
	return err
}

// Drop makes the bot vanish as a client that loses its network does: from now on nothing it sends reaches the
// server, not even its goodbye, and it closes its end. The server still holds the player until the connection
// times out. The bot's own end closes in the background (Close waits for it).
func (b *Bot) Drop() {
	b.cut.Store(true)
	go func() {
		defer func() { _ = recover() }() // a test's bot: nothing to repair
		_ = b.Close()
	}()
}

// readLoop records packets and answers the ones a real client must answer.
func (b *Bot) readLoop() {
	defer b.wg.Done()
	for {
		pk, err := b.conn.ReadPacket()
		if err != nil {
			b.mu.Lock()
			b.readErr = err
			b.signal()
			b.mu.Unlock()
			return
		}
		var reply packet.Packet
		b.mu.Lock()
		switch pk := pk.(type) {
		case *packet.LevelChunk:
			reply = subChunkRequest(pk)
		case *packet.SubChunk:
			for _, e := range pk.SubChunkEntries {
				if e.Result == protocol.SubChunkResultSuccess {
					b.chunks[protocol.ChunkPos{pk.Position[0] + int32(e.Offset[0]), pk.Position[2] + int32(e.Offset[2])}] = true
				}
			}
		case *packet.MovePlayer:
			if pk.EntityRuntimeID == b.conn.GameData().EntityRuntimeID {
				b.eye = pk.Position // The server moved us: adopt it, or our inputs are ignored.
			}
		case *packet.InventoryContent:
			b.inv[pk.WindowID] = append([]protocol.ItemInstance(nil), pk.Content...)
		case *packet.InventorySlot:
			if c := b.inv[pk.WindowID]; int(pk.Slot) < len(c) {
				c[pk.Slot] = pk.NewItem
			}
		}
		if b.observe != nil {
			b.observe(pk)
		}
		b.packets = append(b.packets, pk)
		b.signal()
		b.mu.Unlock()
		if reply != nil {
			_ = b.conn.WritePacket(reply)
		}
	}
}

// signal wakes the waiters. b.mu must be held.
func (b *Bot) signal() {
	close(b.arrived)
	b.arrived = make(chan struct{})
}

// subChunkRequest asks for all sub-chunks of a chunk sent in sub-chunk request mode, as a client does; without
// it the server sends no blocks.
func subChunkRequest(pk *packet.LevelChunk) packet.Packet {
	limit, ok := pk.SubChunkLimit.Value()
	if !ok || limit < 0 {
		return nil
	}
	offsets := make([]protocol.SubChunkOffset, 0, limit+1)
	for y := int32(0); y <= limit; y++ {
		offsets = append(offsets, protocol.SubChunkOffset{0, int8(y), 0})
	}
	return &packet.SubChunkRequest{
		Dimension: pk.Dimension,
		Position:  protocol.SubChunkPos{pk.Position[0], -4, pk.Position[1]},
		Offsets:   offsets,
	}
}

// inputLoop sends a PlayerAuthInput every tick, as a client does.
func (b *Bot) inputLoop() {
	defer b.wg.Done()
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-t.C:
			if err := b.sendTick(); err != nil {
				return
			}
		}
	}
}

// sendInput sends one PlayerAuthInput at the bot's position, changed by edit if not nil.
func (b *Bot) sendInput(edit func(pk *packet.PlayerAuthInput)) error {
	b.mu.Lock()
	pk := b.newInput()
	b.mu.Unlock()
	if edit != nil {
		edit(pk)
	}
	return b.conn.WritePacket(pk)
}

// sendTick sends the PlayerAuthInput of a tick; an attached controller moves the bot first.
func (b *Bot) sendTick() error {
	b.mu.Lock()
	pk := b.newInput()
	if b.control != nil {
		b.control(pk)
		b.eye = pk.Position
	}
	b.mu.Unlock()
	return b.conn.WritePacket(pk)
}

// newInput returns the next PlayerAuthInput at the bot's position. b.mu must be held.
func (b *Bot) newInput() *packet.PlayerAuthInput {
	b.tick++
	return &packet.PlayerAuthInput{
		Position:         b.eye,
		InputData:        protocol.NewInputFlags(packet.InputFlagCount), // A zero InputFlags panics on Set.
		InputMode:        packet.InputModeMouse,
		PlayMode:         packet.PlayModeNormal,
		InteractionModel: packet.InteractionModelCrosshair,
		Tick:             b.tick,
	}
}

// attach makes observe see every packet, first those received so far, and control move the bot every tick;
// both are called with b.mu held, so they must not call the bot's methods.
func (b *Bot) attach(observe func(packet.Packet), control func(pk *packet.PlayerAuthInput)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, pk := range b.packets {
		observe(pk)
	}
	b.observe, b.control = observe, control
}

// Position returns the bot's feet position as it last sent or was told it.
func (b *Bot) Position() mgl64.Vec3 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return vec64(b.eye).Sub(mgl64.Vec3{0, eyeHeight, 0})
}

// MoveTo moves the bot's feet to pos. Dragonfly does not validate movement, so this is a teleport.
func (b *Bot) MoveTo(pos mgl64.Vec3) error {
	b.mu.Lock()
	b.eye = vec32(pos.Add(mgl64.Vec3{0, eyeHeight, 0}))
	b.mu.Unlock()
	return b.sendInput(nil)
}

// Chat sends a chat message.
func (b *Bot) Chat(msg string) error {
	id := b.conn.IdentityData()
	return b.conn.WritePacket(&packet.Text{TextType: packet.TextTypeChat, SourceName: id.DisplayName, Message: msg, XUID: id.XUID})
}

// SendCommand sends a command line (with or without the leading "/") without waiting for its output.
func (b *Bot) SendCommand(line string) error {
	if !strings.HasPrefix(line, "/") {
		line = "/" + line
	}
	return b.conn.WritePacket(&packet.CommandRequest{
		CommandLine:   line,
		CommandOrigin: protocol.CommandOrigin{Origin: protocol.CommandOriginPlayer, UUID: uuid.New()},
	})
}

// Output is a command's output as the client received it.
type Output struct {
	// Success reports whether the command succeeded.
	Success bool
	// Lines holds each output message, its translation parameters appended in brackets.
	Lines []string
	// Packet is the packet itself.
	Packet *packet.CommandOutput
}

// String returns the lines joined by newlines.
func (o Output) String() string { return strings.Join(o.Lines, "\n") }

// Command runs a command line and returns its output, waiting at most DefaultTimeout.
func (b *Bot) Command(line string) (Output, error) {
	ctx, cancel := context.WithTimeout(context.Background(), DefaultTimeout)
	defer cancel()
	return b.CommandContext(ctx, line)
}

// CommandContext runs a command line and returns its output.
func (b *Bot) CommandContext(ctx context.Context, line string) (Output, error) {
	mark := b.Mark()
	if err := b.SendCommand(line); err != nil {
		return Output{}, err
	}
	pk, err := Await(ctx, b, mark, func(*packet.CommandOutput) bool { return true })
	if err != nil {
		return Output{}, fmt.Errorf("command %q: %w", line, err)
	}
	out := Output{Success: pk.SuccessCount > 0, Packet: pk}
	for _, m := range pk.OutputMessages {
		l := m.Message
		if len(m.Parameters) > 0 {
			l += " [" + strings.Join(m.Parameters, ", ") + "]"
		}
		out.Lines = append(out.Lines, l)
	}
	return out, nil
}

// heldItem returns the bot's view of a hotbar slot.
func (b *Bot) heldItem(slot int) protocol.ItemInstance {
	b.mu.Lock()
	defer b.mu.Unlock()
	if c := b.inv[protocol.WindowIDInventory]; slot < len(c) {
		return c[slot]
	}
	return protocol.ItemInstance{}
}

// Inventory returns the bot's view of a window's contents (0 is the player's inventory).
func (b *Bot) Inventory(window uint32) []protocol.ItemInstance {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]protocol.ItemInstance(nil), b.inv[window]...)
}

// UseItemOnBlock uses the item in hotbar slot (0 to 8) on the face of the block at pos, as a right-click: it
// activates doors, levers and chests, and places blocks.
func (b *Bot) UseItemOnBlock(pos cube.Pos, face cube.Face, slot int) error {
	return b.conn.WritePacket(&packet.InventoryTransaction{TransactionData: &protocol.UseItemTransactionData{
		ActionType:       protocol.UseItemActionClickBlock,
		TriggerType:      protocol.TriggerTypePlayerInput,
		BlockPosition:    protocol.BlockPos{int32(pos.X()), int32(pos.Y()), int32(pos.Z())},
		BlockFace:        int32(face),
		HotBarSlot:       int32(slot),
		HeldItem:         b.heldItem(slot),
		Position:         vec32(b.Position().Add(mgl64.Vec3{0, eyeHeight, 0})),
		ClickedPosition:  mgl32.Vec3{0.5, 0.5, 0.5},
		ClientPrediction: protocol.ClientPredictionSuccess,
	}})
}

// UseItem uses the item in hotbar slot in the air (a right-click on nothing).
func (b *Bot) UseItem(slot int) error {
	return b.conn.WritePacket(&packet.InventoryTransaction{TransactionData: &protocol.UseItemTransactionData{
		ActionType:  protocol.UseItemActionClickAir,
		TriggerType: protocol.TriggerTypePlayerInput,
		HotBarSlot:  int32(slot),
		HeldItem:    b.heldItem(slot),
		Position:    vec32(b.Position().Add(mgl64.Vec3{0, eyeHeight, 0})),
	}})
}

// UseItemOnEntity interacts (right-click) with the entity of runtime ID rid, holding hotbar slot.
func (b *Bot) UseItemOnEntity(rid uint64, slot int) error {
	return b.entityAction(rid, slot, protocol.UseItemOnEntityActionInteract)
}

// AttackEntity attacks (left-click) the entity of runtime ID rid, holding hotbar slot.
func (b *Bot) AttackEntity(rid uint64, slot int) error {
	return b.entityAction(rid, slot, protocol.UseItemOnEntityActionAttack)
}

func (b *Bot) entityAction(rid uint64, slot int, action int32) error {
	return b.conn.WritePacket(&packet.InventoryTransaction{TransactionData: &protocol.UseItemOnEntityTransactionData{
		TargetEntityRuntimeID: rid,
		ActionType:            action,
		HotBarSlot:            int32(slot),
		HeldItem:              b.heldItem(slot),
		Position:              vec32(b.Position().Add(mgl64.Vec3{0, eyeHeight, 0})),
	}})
}

// BreakBlock breaks the block at pos the way a current client does with server-authoritative block breaking:
// a start-break block action, then a destroy action on the next tick.
func (b *Bot) BreakBlock(pos cube.Pos) error {
	bp := protocol.BlockPos{int32(pos.X()), int32(pos.Y()), int32(pos.Z())}
	for _, action := range []int32{protocol.PlayerActionStartBreak, protocol.PlayerActionPredictDestroyBlock} {
		if err := b.sendInput(func(pk *packet.PlayerAuthInput) {
			pk.InputData.Set(packet.InputFlagPerformBlockActions)
			pk.BlockActions = protocol.Option([]protocol.PlayerBlockAction{{Action: action, BlockPos: bp, Face: int32(cube.FaceUp)}})
		}); err != nil {
			return err
		}
	}
	return nil
}

// AnswerForm answers the form with id: true or false for a modal form, a button index for a menu, and a slice
// with one value per element for a custom form. Answer each form once: the server disconnects a client that
// answers an unknown form.
func (b *Bot) AnswerForm(id uint32, response any) error {
	data, err := json.Marshal(response)
	if err != nil {
		return fmt.Errorf("answer form: %w", err)
	}
	return b.conn.WritePacket(&packet.ModalFormResponse{FormID: id, ResponseData: protocol.Option(data)})
}

// CloseForm closes the form with id without answering it, as the X button does.
func (b *Bot) CloseForm(id uint32) error {
	return b.conn.WritePacket(&packet.ModalFormResponse{FormID: id, CancelReason: protocol.Option[uint8](packet.ModalFormCancelReasonUserClosed)})
}

// Mark returns the number of packets received so far; pass it to Await or WaitAfter to wait only for packets
// that arrive after this moment.
func (b *Bot) Mark() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.packets)
}

// Packets returns a copy of every packet received so far, in order.
func (b *Bot) Packets() []packet.Packet {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]packet.Packet(nil), b.packets...)
}

// ErrDisconnected is returned by waits when the connection ends before the packet arrives.
var ErrDisconnected = errors.New("bot disconnected")

// WaitFor waits for a packet, received at any time since the bot joined, for which match returns true. Without
// a deadline in ctx it waits at most DefaultTimeout. match sees each packet once, in order, and may call the
// bot's methods (Inventory, Position, ...).
func (b *Bot) WaitFor(ctx context.Context, match func(packet.Packet) bool) (packet.Packet, error) {
	return b.WaitAfter(ctx, 0, match)
}

// WaitAfter waits for a matching packet among those received after mark (see Mark).
func (b *Bot) WaitAfter(ctx context.Context, mark int, match func(packet.Packet) bool) (packet.Packet, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	for i := mark; ; {
		b.mu.Lock()
		if i < len(b.packets) {
			pk := b.packets[i]
			b.mu.Unlock()
			if match(pk) { // Outside the lock: match may call the bot's methods.
				return pk, nil
			}
			i++
			continue
		}
		arrived, readErr := b.arrived, b.readErr
		b.mu.Unlock()
		if readErr != nil {
			return nil, fmt.Errorf("%w: %v", ErrDisconnected, readErr)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("bot %s: waiting for a packet: %w", b.name, ctx.Err())
		case <-arrived:
		}
	}
}

// Await waits for a packet of type T received after mark for which match returns true (match may be nil).
func Await[T packet.Packet](ctx context.Context, b *Bot, mark int, match func(T) bool) (T, error) {
	pk, err := b.WaitAfter(ctx, mark, func(pk packet.Packet) bool {
		t, ok := pk.(T)
		return ok && (match == nil || match(t))
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return pk.(T), nil
}

// Received returns the packets of type T received so far, in order.
func Received[T packet.Packet](b *Bot) []T {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []T
	for _, pk := range b.packets {
		if t, ok := pk.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// Chunks returns how many chunk columns have arrived with block data (answers to the bot's sub-chunk requests).
func (b *Bot) Chunks() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.chunks)
}

// WaitChunks waits until at least n chunk columns have arrived with block data.
func (b *Bot) WaitChunks(ctx context.Context, n int) error {
	_, err := b.WaitFor(ctx, func(packet.Packet) bool { return b.Chunks() >= n })
	return err
}

// WaitPlayer waits until the bot has been told that a player called name is online (PlayerList).
func (b *Bot) WaitPlayer(ctx context.Context, name string) error {
	_, err := b.WaitFor(ctx, func(pk packet.Packet) bool {
		list, ok := pk.(*packet.PlayerList)
		if !ok {
			return false
		}
		for _, e := range list.Entries {
			if e.Username == name {
				return true
			}
		}
		return false
	})
	return err
}

func vec32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
func vec64(v mgl32.Vec3) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
