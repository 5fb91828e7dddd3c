// A foreign Bedrock client for Riddlestone's tests: PrismarineJS bedrock-protocol, which encodes and decodes
// every packet from minecraft-data's protocol.json of the version it speaks, so it shares no code with the
// server's gophertunnel.
//
//   node client.js HOST PORT VERSION NAME [LOSE]
//
// It joins as NAME (offline) speaking Minecraft VERSION, losing one in every LOSE datagrams the server sends (none
// if 0 or absent: a test of how it copes with a lossy network), and writes what it receives to stdout, one JSON object
// a line ({"ev": ...}); it reads orders from stdin, one JSON object a line ({"do": ...}):
//
//   {"do":"chat","text":"hi"}            send a chat message
//   {"do":"command","line":"/list"}      run a command; its output comes as {"ev":"command_output"}
//   {"do":"column","x":0,"z":0}          once the chunk column at chunk x,z is whole, write it as
//                                        {"ev":"column","x","z","minY","subs":[{"palette":[names],"idx":[4096]}]}
//   {"do":"walk","x":1,"y":2,"z":3}      walk (feet) to x,y,z in a straight line at 4 blocks a second, sending
//                                        PlayerAuthInput every tick as the game does; then {"ev":"walked"}
//   {"do":"use_block","x","y","z","face","slot"} use the hand on the block at x,y,z: the hot bar slot given, or
//                                        the last, empty one
//                                        (InventoryTransaction)
//   {"do":"use_entity","id":"7","slot"}  use the hand on the entity of that runtime ID, as use_block
//   {"do":"answer","form":3,"data":"0"}  answer a form (a menu's button, "true" for a modal)
//   {"do":"move","from":0,"to":1}        move the stack of a hot bar slot to another (ItemStackRequest); the
//                                        server's answer comes as {"ev":"stack_response","status"}
//   {"do":"quit"}                        leave and exit
//
// It exits with status 0 after a disconnection (written as {"ev":"disconnect","message"}) or quit, 1 on an error.
'use strict'

const rak = require('./raknet')
const [host, port, version, name, lose] = process.argv.slice(2)
rak.patch(+lose || 0)
const bedrock = require('bedrock-protocol')
const readline = require('readline')

const out = (o) => process.stdout.write(JSON.stringify(o) + '\n')
const blockStates = require('minecraft-data')('bedrock_' + version).blockStates

const client = bedrock.createClient({
  host,
  port: +port,
  version,
  username: name,
  offline: true,
  skipPing: true,
  raknetBackend: 'jsp-raknet',
  useRaknetWorkers: false,
  connectTimeout: 20000,
  conLog: (...args) => process.stderr.write(args.join(' ') + '\n') // stdout is for the events
})

client.on('play_status', (p) => out({ ev: 'play_status', status: p.status }))
client.on('spawn', () => { me.spawned = true; out({ ev: 'spawn' }) })
client.on('start_game', (p) => {
  me.id = p.runtime_entity_id
  me.eye = { ...p.player_position }
  out({ ev: 'start_game', pos: p.player_position, runtimeId: String(p.runtime_entity_id) })
})
// The server moves the player (a teleport, or a step refused): the client takes the place it is given.
client.on('move_player', (p) => {
  if (BigInt(p.runtime_id) !== BigInt(me.id)) return
  me.eye = { ...p.position }
  out({ ev: 'moved', pos: p.position })
})
client.on('add_entity', (p) => out({ ev: 'entity', id: String(p.runtime_id), type: p.entity_type, pos: p.position }))
client.on('add_item_entity', (p) => out({ ev: 'item', id: String(p.runtime_entity_id), pos: p.position }))
client.on('take_item_entity', (p) => out({ ev: 'taken', id: String(p.runtime_entity_id) }))
client.on('modal_form_request', (p) => out({ ev: 'form', form: p.form_id, data: p.data }))
// The stack network IDs of the inventory's slots, which an ItemStackRequest names.
const stacks = new Map() // slot -> stack ID
client.on('inventory_content', (p) => {
  if (p.window_id !== 'inventory') return
  p.input.forEach((it, slot) => stacks.set(slot, it.stack_id || 0))
  out({ ev: 'inventory', items: p.input.map((it) => it.network_id) })
})
client.on('inventory_slot', (p) => {
  if (p.window_id === 'inventory') stacks.set(p.slot, p.item.stack_id || 0)
})
client.on('item_stack_response', (p) => {
  for (const r of p.responses) {
    const slots = (r.containers || []).flatMap((c) => c.slots.map((sl) => c.slot_type.container_id + ':' + sl.slot + 'x' + sl.count))
    out({ ev: 'stack_response', status: r.status, request: r.request_id, slots })
  }
})
client.on('disconnect', (p) => { out({ ev: 'disconnect', message: p.message }); process.exit(0) })
client.on('kick', (p) => { out({ ev: 'disconnect', message: p.message }); process.exit(0) })
client.on('error', (e) => { out({ ev: 'error', error: String(e && e.stack ? e.stack : e) }); process.exit(1) })
client.on('close', () => { out({ ev: 'closed' }); process.exit(0) })
client.on('text', (p) => out({ ev: 'text', type: p.type, message: p.message, parameters: p.parameters }))
client.on('set_title', (p) => out({ ev: 'title', type: p.type, text: p.text }))
client.on('boss_event', (p) => out({ ev: 'boss', type: p.type, title: p.title }))
client.on('command_output', (p) => out({ ev: 'command_output', messages: p.output.map((m) => ({ message: m.message_id, parameters: m.parameters })) }))

// The player: its runtime ID and eye position, and the tick of its inputs.
const me = { id: 0n, eye: { x: 0, y: 0, z: 0 }, tick: 0n, target: null, spawned: false }
const eyeHeight = 1.62

// Every tick the client sends its input, as the game does, moving towards the walk's target if it has one.
setInterval(() => {
  if (!me.spawned) return
  const t = me.target
  if (t) {
    const step = 0.2 // blocks a tick
    const d = { x: t.x - me.eye.x, y: t.y + eyeHeight - me.eye.y, z: t.z - me.eye.z }
    const len = Math.hypot(d.x, d.y, d.z)
    if (len <= step) {
      me.eye = { x: t.x, y: t.y + eyeHeight, z: t.z }
      me.target = null
      out({ ev: 'walked', pos: me.eye })
    } else {
      me.eye = { x: me.eye.x + d.x / len * step, y: me.eye.y + d.y / len * step, z: me.eye.z + d.z / len * step }
    }
  }
  me.tick++
  client.queue('player_auth_input', authInput())
}, 50).unref()

// authInput returns the player's input for this tick.
function authInput () {
  return {
    pitch: 0,
    yaw: 0,
    position: me.eye,
    move_vector: { x: 0, z: me.target ? 1 : 0 },
    head_yaw: 0,
    input_data: [],
    input_mode: 'mouse',
    play_mode: 'normal',
    interaction_model: 'crosshair',
    interact_rotation: { x: 0, z: 0 },
    tick: me.tick,
    delta: { x: 0, y: 0, z: 0 },
    // Up to 1.26.45 every optional field had a second presence byte before its own, always true (1.26.51
    // dropped them; its description has no such fields and ignores these).
    transaction_presence: true,
    item_stack_request_presence: true,
    block_action_presence: true,
    vehicle_rotation_presence: true,
    predicted_vehicle_presence: true,
    analogue_move_vector: { x: 0, z: 0 },
    camera_orientation: { x: 0, y: 0, z: 1 },
    raw_move_vector: { x: 0, z: 0 }
  }
}

// useItem returns an InventoryTransaction using the hand, o.slot or the last hot bar slot (empty), on a block
// (o.x, o.y, o.z) or an entity (o.id). The item held is sent as air: the server takes its own, as it does for any
// client whose view of the slot is out of date, and uses the slot.
function useItem (o) {
  const hotbar = o.slot === undefined ? 8 : o.slot
  const air = { network_id: 0 }
  const transaction = { legacy: { legacy_request_id: 0 }, actions: [] }
  if (o.id !== undefined) {
    transaction.transaction_type = 'item_use_on_entity'
    transaction.transaction_data = {
      // The last hot bar slot, which is empty: the server checks the item held against its own.
      entity_runtime_id: BigInt(o.id), action_type: 'interact', hotbar_slot: hotbar, held_item: air, player_pos: me.eye, click_pos: { x: 0, y: 0, z: 0 }
    }
  } else {
    transaction.transaction_type = 'item_use'
    transaction.transaction_data = {
      action_type: 'click_block',
      trigger_type: 'player_input',
      block_position: { x: o.x, y: o.y, z: o.z },
      face: o.face,
      hotbar_slot: hotbar,
      hand: 'main_hand',
      held_item: air,
      player_pos: me.eye,
      click_pos: { x: 0.5, y: 1, z: 0.5 },
      block_runtime_id: 0,
      client_prediction: 'success',
      client_cooldown_state: 'off'
    }
  }
  return { transaction }
}

// Chunks: Dragonfly sends each column in sub-chunk request mode; the client asks for its sub-chunks as the game does.
const columns = new Map() // "x,z" -> { subs: [] of decoded sub-chunks or null, count }
const wanted = new Map() // "x,z" -> true while a column order waits
const minSub = -4 // the overworld's lowest sub-chunk (y -64)
const subCount = 24

client.on('level_chunk', (p) => {
  const key = p.x + ',' + p.z
  const highest = p.highest_subchunk_count
  const col = { subs: new Array(subCount).fill(null) }
  const limit = highest === undefined ? -1 : highest
  for (let i = Math.max(limit + 1, 0); i < subCount; i++) col.subs[i] = airSub()
  columns.set(key, col)
  if (limit >= 0) {
    const requests = []
    for (let y = 0; y <= limit; y++) requests.push({ x: 0, y, z: 0 })
    client.queue('subchunk_request', { dimension: p.dimension, origin: { x: p.x, y: minSub, z: p.z }, requests })
  }
  maybeWrite(key)
})

client.on('subchunk', (p) => {
  for (const e of p.entries) {
    const key = (p.origin.x + e.dx) + ',' + (p.origin.z + e.dz)
    const col = columns.get(key)
    const ind = p.origin.y + e.dy - minSub
    if (!col || ind < 0 || ind >= subCount) continue
    if (e.result === 'success_all_air') col.subs[ind] = airSub()
    else if (e.result === 'success') col.subs[ind] = decodeSubChunk(e.payload)
    maybeWrite(key)
  }
})

// Block changes after a column was sent are applied to it, as the game does.
client.on('update_block', (p) => {
  if (p.layer === 0) setBlock(p.position, p.block_runtime_id)
})
client.on('update_subchunk_blocks', (p) => {
  for (const b of p.blocks) setBlock(b.position, b.runtime_id)
})

// setBlock sets the block at pos of a column known, in the first layer, to the block state of runtime ID rid.
function setBlock (pos, rid) {
  const col = columns.get((pos.x >> 4) + ',' + (pos.z >> 4))
  const sub = col && col.subs[(pos.y >> 4) - minSub]
  if (!sub) return
  const name = stateName(rid)
  let p = sub.palette.indexOf(name)
  if (p < 0) p = sub.palette.push(name) - 1
  if (sub.idx === null) sub.idx = new Array(4096).fill(0)
  sub.idx[(pos.x & 15) << 8 | (pos.z & 15) << 4 | (pos.y & 15)] = p
}

// stateName returns the block name of runtime ID rid: its place in the version's block states.
function stateName (rid) {
  const st = blockStates[rid]
  return st ? st.name : 'unknown:' + rid
}

function airSub () { return { palette: ['air'], idx: null } }

// maybeWrite writes the column at key if an order waits for it and it is whole.
function maybeWrite (key) {
  const col = columns.get(key)
  if (!wanted.has(key) || !col || col.subs.some((s) => s === null)) return
  wanted.delete(key)
  const [x, z] = key.split(',').map(Number)
  out({ ev: 'column', x, z, minY: minSub * 16, subs: col.subs })
}

// decodeSubChunk reads a network sub-chunk (version 8 or 9: the layer count, for 9 the Y index, then each layer's
// paletted storage) and returns its first layer as block names and the palette index of each block, indexed
// x<<8 | z<<4 | y.
function decodeSubChunk (buf) {
  let off = 0
  const ver = buf[off++]
  if (ver !== 8 && ver !== 9) throw new Error('sub-chunk version ' + ver)
  const layers = buf[off++]
  if (ver === 9) off++
  if (layers === 0) return airSub()
  const header = buf[off++]
  const bits = header >> 1
  let idx = null
  if (bits > 0) {
    const perWord = Math.floor(32 / bits)
    const words = Math.ceil(4096 / perWord)
    idx = new Array(4096)
    const mask = (1 << bits) - 1
    for (let i = 0; i < 4096; i++) {
      const w = buf.readUInt32LE(off + Math.floor(i / perWord) * 4)
      idx[i] = (w >>> ((i % perWord) * bits)) & mask
    }
    off += words * 4
  }
  let count = 1
  if (bits > 0) [count, off] = varint(buf, off)
  const palette = []
  for (let i = 0; i < count; i++) {
    let rid
    [rid, off] = varint(buf, off)
    palette.push(stateName(rid))
  }
  return { palette, idx }
}

// varint reads a zigzag varint32 at off and returns it with the offset after it.
function varint (buf, off) {
  let v = 0
  let shift = 0
  for (;;) {
    const b = buf[off++]
    v |= (b & 0x7f) << shift
    if ((b & 0x80) === 0) break
    shift += 7
  }
  return [(v >>> 1) ^ -(v & 1), off]
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return
  const o = JSON.parse(line)
  switch (o.do) {
    case 'chat':
      client.queue('text', {
        needs_translation: false,
        category: 'authored',
        type: 'chat',
        source_name: client.username,
        message: o.text,
        xuid: String(client.profile.xuid),
        platform_chat_id: '',
        has_filtered_message: false
      })
      break
    case 'command':
      client.queue('command_request', {
        command: o.line,
        origin: { type: 'player', uuid: '00000000-0000-4000-8000-000000000001', request_id: '', player_entity_id: 0n },
        internal: false,
        version: '52'
      })
      break
    case 'column':
      wanted.set(o.x + ',' + o.z, true)
      maybeWrite(o.x + ',' + o.z)
      break
    case 'walk':
      me.target = { x: o.x, y: o.y, z: o.z }
      break
    case 'use_block':
      client.queue('inventory_transaction', useItem({ x: o.x, y: o.y, z: o.z, face: o.face, slot: o.slot }))
      break
    case 'use_entity':
      client.queue('inventory_transaction', useItem({ id: o.id, slot: o.slot }))
      break
    case 'answer':
      client.queue('modal_form_response', { form_id: o.form, has_response_data: true, data: o.data, has_cancel_reason: false })
      break
    case 'move': {
      const slot = (i) => ({ slot_type: { container_id: 'hotbar' }, slot: i, stack_id: i === o.from ? stacks.get(o.from) || 0 : 0 })
      client.queue('item_stack_request', {
        requests: [{
          request_id: -3,
          actions: [{ type_id: 'place', legacy_type_id: 1, count: 1, source: slot(o.from), destination: slot(o.to) }],
          custom_names: [],
          cause: 'chat_public'
        }]
      })
      break
    }
    case 'quit':
      // The game leaves with a Disconnect packet (gophertunnel closes the connection on it); jsp-raknet's own
      // disconnection notice is not understood by go-raknet, which would time the connection out instead.
      client.queue('disconnect', { reason: 'unknown', hide_disconnect_reason: true })
      setTimeout(() => { client.close(); process.exit(0) }, 500)
      break
  }
})

// Never linger: a test that forgets to stop the client ends it here.
setTimeout(() => { out({ ev: 'error', error: 'ran for 5 minutes' }); process.exit(1) }, 5 * 60 * 1000).unref()
