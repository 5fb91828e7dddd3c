// RakNet for the foreign client: bedrock-protocol's pure-JavaScript RakNet (jsp-raknet), brought to RakNet as
// today's game speaks it. bedrock-protocol's default RakNet, raknet-native, is a C++ addon built at install time
// from sources it clones from GitHub; the tests install with --ignore-scripts and use jsp-raknet instead, which
// bedrock-protocol supports as raknetBackend 'jsp-raknet'.
//
// jsp-raknet speaks RakNet protocol 10 without the handshake cookie; the game (and go-raknet, which the server
// uses) speaks protocol 11, where OpenConnectionReply1 may carry a cookie that OpenConnectionRequest2 echoes,
// and a client's GUID is negative. patch makes jsp-raknet do the same.
//
// It also mends how jsp-raknet 2.2.0 receives (receive, below), which stalled the connection for good on a loaded
// machine: the server's packets stopped arriving while the client's still reached the server, so a use of a
// block got no menu.
'use strict'

const Module = require('module')

// patch patches jsp-raknet; with lose > 0 the client loses one in every lose datagrams the server sends, as a lossy
// network would.
function patch (lose) {
  // createClient loads raknet-native eagerly (for pings, which the tests skip); it is not built.
  const load = Module._load
  Module._load = function (request, ...rest) {
    return request === 'raknet-native' ? {} : load.call(this, request, ...rest)
  }

  const Request1 = require('jsp-raknet/js/protocol/OpenConnectionRequest1').default
  const encode1 = Request1.prototype.encode
  Request1.prototype.encode = function () {
    this.protocol = 11
    return encode1.call(this)
  }

  const Reply1 = require('jsp-raknet/js/protocol/OpenConnectionReply1').default
  Reply1.prototype.decode = function () {
    this.readByte() // the packet ID
    this.readMagic()
    this.serverGUID = this.readLong()
    this.security = this.readByte() !== 0
    if (this.security) this.cookie = this.readInt()
    this.mtuSize = this.readShort()
  }

  let cookie
  const Request2 = require('jsp-raknet/js/protocol/OpenConnectionRequest2').default
  Request2.prototype.encode = function () {
    this.writeByte(this.id)
    this.writeMagic()
    if (cookie !== undefined) {
      this.writeInt(cookie)
      this.writeByte(0) // the client does not send a challenge of its own
    }
    this.writeAddress(this.serverAddress)
    this.writeShort(this.mtuSize)
    this.writeLong(this.clientGUID)
  }

  const Client = require('jsp-raknet').Client
  const reply1 = Client.prototype.handleOpenConnectionReply1
  Client.prototype.handleOpenConnectionReply1 = function (buffer) {
    const r = new Reply1()
    r.buffer = buffer
    r.decode()
    cookie = r.security ? r.cookie : undefined
    if (this.id > 0n) this.id = -this.id
    return reply1.call(this, buffer)
  }

  receive(lose)
}

// receive makes a jsp-raknet connection take every datagram as it comes. jsp-raknet 2.2.0 kept the datagrams in a
// window of 256 sequence numbers that moved on only once every number in it had come, and dropped, after
// acknowledging it, every datagram beyond. But RakNet resends what a lost datagram held under a new sequence
// number (go-raknet does, on a NACK or when the acknowledgement is late), so the lost number never comes: after
// one datagram lost (seen in full test runs: the window stuck at datagram 2 511 with 256 more received, then every
// later one acknowledged and dropped) the client received nothing more, while the server, its datagrams
// acknowledged, never resent them. Reliable messages had the same window of 256 by message index. Here a datagram
// is acknowledged and its messages are taken at once; a gap in the sequence numbers is reported (NACK) so that the
// server resends sooner; reliable messages are passed on in the order of their message index, a copy of one
// already passed on dropped, with no bound on how far ahead they may come. And every datagram received is read at
// the connection's next tick (every 10 ms), not four a tick, which let the acknowledgements fall so far behind that
// the server resent much of what it had sent. With lose > 0 one datagram in every lose is lost on purpose, so that
// a test shows the client copes with loss (with jsp-raknet's own receiving, one in a hundred stopped it within a
// minute).
function receive (lose) {
  const { Connection } = require('jsp-raknet/js/Connection')
  const { DataPacket } = require('jsp-raknet/js/protocol/DataPacket')

  let received = 0
  Connection.prototype.recieve = function (buffer) { // sic: jsp-raknet's name
    this.lastUpdate = Date.now()
    const datagram = (buffer[0] & 0xe0) === 0x80 // valid, neither ACK nor NACK
    if (lose > 0 && datagram && ++received % lose === 0) return
    this.recvQueue.push(buffer)
  }

  // Datagrams are still read on the connection's tick, not as they come: bedrock-protocol listens for the
  // connection only once connect() has returned, and the tick starts then.
  const update = Connection.prototype.update
  Connection.prototype.update = function (timestamp) {
    const queued = this.recvQueue
    this.recvQueue = []
    for (const buffer of queued) this.receiveOnline(buffer)
    return update.call(this, timestamp)
  }

  Connection.prototype.handleDatagram = function (buffer) {
    const datagram = DataPacket.from(buffer)
    const seq = datagram.sequenceNumber
    this.ackQueue.push(seq)
    if (this.highestSeq === undefined) this.highestSeq = -1
    if (seq > this.highestSeq) {
      for (let miss = Math.max(this.highestSeq + 1, seq - 256); miss < seq; miss++) this.nackQueue.add(miss)
      this.highestSeq = seq
    } else {
      this.nackQueue.delete(seq) // one that came late
    }
    for (const packet of datagram.packets) this.recievePacket(packet)
  }

  Connection.prototype.recievePacket = function (packet) {
    if (!packet.isReliable()) return this.handlePacket(packet)
    const r = this.reliable || (this.reliable = { next: 0, held: new Map() })
    if (packet.messageIndex < r.next || r.held.has(packet.messageIndex)) return // resent, and had already
    r.held.set(packet.messageIndex, packet)
    for (let p = r.held.get(r.next); p !== undefined; p = r.held.get(r.next)) {
      r.held.delete(r.next++)
      this.handlePacket(p)
    }
  }
}

module.exports = { patch }
