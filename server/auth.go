package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/service"
	"golang.org/x/oauth2"
)

// ErrAuthUnreachable is returned when Server.AuthEnabled is true and the Xbox Live authentication service cannot
// be reached, so no player could ever be verified.
var ErrAuthUnreachable = errors.New("authentication is enabled (Server.AuthEnabled = true) but the Xbox Live " +
	"authentication service cannot be reached; check the machine's internet connection, or, to run offline " +
	"(LAN play, tests), set AuthEnabled = false in the [Server] section of the config file")

// authProbeTimeout bounds the probe of the authentication service at start.
const authProbeTimeout = 20 * time.Second

// probeAuth fetches what the listener needs to verify players — the service discovery and the OpenID
// configuration — before the world is opened, so that an unreachable service stops start-up with
// ErrAuthUnreachable instead of leaving a server that nobody can join. client nil means http.DefaultClient.
func probeAuth(ctx context.Context, client *http.Client) error {
	ctx, cancel := context.WithTimeout(ctx, authProbeTimeout)
	defer cancel()
	if client != nil {
		ctx = context.WithValue(ctx, oauth2.HTTPClient, client)
	}
	discovery, err := service.Discover(ctx, service.ApplicationTypeMinecraftPE, protocol.CurrentVersion)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrAuthUnreachable, err)
	}
	env := new(service.AuthorizationEnvironment)
	if err := discovery.Environment(env); err != nil {
		return fmt.Errorf("%w (decode environment: %v)", ErrAuthUnreachable, err)
	}
	if client != nil {
		env.HTTPClient = client
	}
	if _, err := env.VerifierContext(ctx); err != nil {
		return fmt.Errorf("%w (%v)", ErrAuthUnreachable, err)
	}
	return nil
}
