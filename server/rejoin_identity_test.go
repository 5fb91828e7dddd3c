package server

import (
	"testing"

	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
)

// With authentication on a login replaces the session of the same XUID only; with it off, of the same name.
func TestSameIdentity(t *testing.T) {
	online := uuid.New()
	on := onlinePlayer{name: "Ann", xuid: "2535"}
	cases := []struct {
		auth bool
		id   login.IdentityData
		want bool
	}{
		{true, login.IdentityData{XUID: "2535", DisplayName: "Other", Identity: uuid.NewString()}, true},
		{true, login.IdentityData{XUID: "9999", DisplayName: "Ann", Identity: uuid.NewString()}, false},
		{true, login.IdentityData{XUID: "9999", DisplayName: "Bob", Identity: online.String()}, true},
		{false, login.IdentityData{DisplayName: "ann", Identity: uuid.NewString()}, true},
		{false, login.IdentityData{DisplayName: "Bob", Identity: uuid.NewString()}, false},
		{false, login.IdentityData{DisplayName: "Bob", Identity: online.String()}, true},
	}
	for _, c := range cases {
		if got := sameIdentity(c.auth, c.id, online, on); got != c.want {
			t.Errorf("auth %v, login %+v: same = %v, want %v", c.auth, c.id, got, c.want)
		}
	}
}
