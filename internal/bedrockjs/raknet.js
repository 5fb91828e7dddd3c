// RakNet for the foreign client: bedrock-protocol's pure-JavaScript RakNet (jsp-raknet), brought to RakNet as
// today's game speaks it. bedrock-protocol's default RakNet, raknet-native, is a C++ addon built at install time
// from sources it clones from GitHub; the tests install with --ignore-scripts and use jsp-raknet instead, which
// bedrock-protocol supports as raknetBackend 'jsp-raknet'.
//
// jsp-raknet speaks RakNet protocol 10 without the handshake cookie; the game (and go-raknet, which the server
// uses) speaks protocol 11, where OpenConnectionReply1 may carry a cookie that OpenConnectionRequest2 echoes,
// and a client's GUID is negative. patch makes jsp-raknet do the same.
'use strict'

const Module = require('module')

function patch () {
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
}

module.exports = { patch }
