package server

import "testing"

func TestAdmins(t *testing.T) {
	online := DefaultConfig()
	online.Server.AuthEnabled = true
	online.Riddlestone.Admins = []string{"2535400000000001"}
	online.Riddlestone.OfflineAdmins = []string{"Alice"}
	a := newAdmins(online)
	if !a.is("Bob", "2535400000000001") {
		t.Error("admin XUID not honoured with auth on")
	}
	if a.is("Alice", "") || a.is("alice", "999") {
		t.Error("OfflineAdmins honoured with auth on")
	}

	offline := online
	offline.Server.AuthEnabled = false
	a = newAdmins(offline)
	if a.is("Mallory", "2535400000000001") {
		t.Error("an XUID was trusted with auth off, where anyone can claim it")
	}
	if !a.is("alice", "") || !a.is("ALICE", "") {
		t.Error("OfflineAdmins name not honoured (case-insensitively) with auth off")
	}
	if a.is("Bob", "") {
		t.Error("a player not listed is an admin")
	}
}
