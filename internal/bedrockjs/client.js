// A foreign Bedrock client for Riddlestone's tests: PrismarineJS bedrock-protocol, which encodes and decodes
// every packet from minecraft-data's protocol.json of the version it speaks, so it shares no code with the
// server's gophertunnel.
//
//   node client.js HOST PORT VERSION NAME
//
// It joins as NAME (offline) speaking Minecraft VERSION and writes what it receives to stdout, one JSON object
// a line ({"ev": ...}); it reads orders from stdin, one JSON object a line ({"do": ...}):
//
//   {"do":"chat","text":"hi"}            send a chat message
//   {"do":"command","line":"/list"}      run a command; its output comes as {"ev":"command_output"}
//   {"do":"column","x":0,"z":0}          once the chunk column at chunk x,z is whole, write it as
//                                        {"ev":"column","x","z","minY","subs":[{"palette":[names],"idx":[4096]}]}
//   {"do":"quit"}                        leave and exit
//
// It exits with status 0 after a disconnection (written as {"ev":"disconnect","message"}) or quit, 1 on an error.
'use strict'

const rak = require('./raknet')
rak.patch()
const bedrock = require('bedrock-protocol')
const readline = require('readline')

const [host, port, version, name] = process.argv.slice(2)
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
client.on('spawn', () => out({ ev: 'spawn' }))
client.on('start_game', (p) => out({ ev: 'start_game', pos: p.player_position, runtimeId: String(p.runtime_entity_id) }))
client.on('disconnect', (p) => { out({ ev: 'disconnect', message: p.message }); process.exit(0) })
client.on('kick', (p) => { out({ ev: 'disconnect', message: p.message }); process.exit(0) })
client.on('error', (e) => { out({ ev: 'error', error: String(e && e.stack ? e.stack : e) }); process.exit(1) })
client.on('close', () => { out({ ev: 'closed' }); process.exit(0) })
client.on('text', (p) => out({ ev: 'text', type: p.type, message: p.message, parameters: p.parameters }))
client.on('set_title', (p) => out({ ev: 'title', type: p.type, text: p.text }))
client.on('boss_event', (p) => out({ ev: 'boss', type: p.type, title: p.title }))
client.on('command_output', (p) => out({ ev: 'command_output', messages: p.output.map((m) => ({ message: m.message_id, parameters: m.parameters })) }))

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
