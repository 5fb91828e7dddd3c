package pgstore

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Announcing commits. Every commit of a server of a network ends with a notification on commitsChannel naming each
// region it wrote and the server that wrote it (PostgreSQL delivers it when the transaction commits, and never for
// one rolled back). ListenCommits tells the other servers at once, so that they follow the region without waiting
// for their next reading of the leases, which stays as the fallback.

// commitsChannel is the channel of PostgreSQL notifications commits are announced on.
const commitsChannel = "riddlestone_commits"

// notify is the statement that announces a commit of a region: the payload is the region and the holder,
// separated by a tab.
const notify = `SELECT pg_notify('` + commitsChannel + `', $1)`

// announcement is the payload announcing a commit of region by holder.
func announcement(region, holder string) string { return region + "\t" + holder }

// listenRetry bounds the wait before the listener connects again after its connection was lost.
const listenRetry = 2 * time.Second

// ListenCommits calls seen with the region of every commit another server makes, as PostgreSQL announces it, until
// ctx ends or the store closes. It keeps a connection of its own listening; when that connection is lost it
// connects again, and calls seen("") each time it starts listening, as commits may have been missed meanwhile.
// seen runs on the listener's goroutine: it must return quickly.
func (s *Store) ListenCommits(ctx context.Context, seen func(region string)) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.ctx.Done(): // the store closed
			cancel()
		case <-ctx.Done():
		}
	}()
	for ctx.Err() == nil {
		err := s.listen(ctx, seen)
		if ctx.Err() != nil {
			return
		}
		s.opts.Log.Warn("puzzle store: listening for other servers' commits failed; reading the leases every second meanwhile", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(listenRetry):
		}
	}
}

// listen listens for announced commits on one connection until it fails or ctx ends.
func (s *Store) listen(ctx context.Context, seen func(region string)) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+commitsChannel); err != nil {
		return err
	}
	seen("")
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		region, holder, _ := strings.Cut(n.Payload, "\t")
		if holder != s.opts.Holder {
			seen(region)
		}
	}
}
