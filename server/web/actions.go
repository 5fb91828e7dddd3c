package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"riddlestone/overlay"
	"riddlestone/overlay/store"
)

// actions are the admin actions, as /puzzle has them.
var actions = []string{"reroll", "unlock", "lock", "check", "export"}

// actionReply is the answer to an admin action.
type actionReply struct {
	OK    bool     `json:"ok"`
	Lines []string `json:"lines,omitempty"`
	Error string   `json:"error,omitempty"`
}

// action runs an admin action on an area: POST /area/{area}/{action} with the admin secret (field "secret"), the
// page's CSRF token (header X-CSRF-Token or field "csrf") and the admin's name (field "admin"), which the log
// keeps with the address the request came from.
func (s *Server) action(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 8192)
	name := r.PathValue("action")
	if !slices.Contains(actions, name) {
		http.Error(w, "no such action", http.StatusNotFound)
		return
	}
	a, err := store.ParseAreaPos(r.PathValue("area"))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, actionReply{Error: err.Error()})
		return
	}
	by, from := who(r)
	secretOK, tokenOK := s.auth.adminOK(r), csrfOK(r) // both checked, whatever the first says
	switch {
	case !s.auth.hasSecret:
		s.refuse(w, name, a, by, from, "admin actions are off: set Web.Secret in config.toml")
		return
	case !tokenOK:
		s.refuse(w, name, a, by, from, "the page's security token is missing or stale: reload the page")
		return
	case !secretOK:
		s.refuse(w, name, a, by, from, "wrong secret")
		return
	}
	s.log.Info("web: admin action", "action", name, "area", a.String(), "by", by, "from", from)
	o := s.opts.Overlay()
	if o == nil {
		writeJSON(w, http.StatusConflict, actionReply{Error: "this server has no puzzles"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	lines, err := s.run(ctx, o, name, a)
	if err != nil {
		s.metrics.actions.WithLabelValues(name, "failed").Inc()
		s.log.Info("web: admin action failed", "action", name, "area", a.String(), "by", by, "from", from, "err", err)
		writeJSON(w, http.StatusConflict, actionReply{Error: err.Error()})
		return
	}
	s.metrics.actions.WithLabelValues(name, "done").Inc()
	s.log.Info("web: admin action done", "action", name, "area", a.String(), "by", by, "from", from, "answer", lines)
	writeJSON(w, http.StatusOK, actionReply{OK: true, Lines: lines})
}

// refuse answers an action that may not run, and logs who asked.
func (s *Server) refuse(w http.ResponseWriter, name string, a store.AreaPos, by, from, why string) {
	s.metrics.actions.WithLabelValues(name, "refused").Inc()
	s.log.Warn("web: admin action refused", "action", name, "area", a.String(), "by", by, "from", from, "why", why)
	writeJSON(w, http.StatusForbidden, actionReply{Error: why})
}

// run carries out an action and returns its answer in words.
func (s *Server) run(ctx context.Context, o *overlay.Overlay, name string, a store.AreaPos) ([]string, error) {
	switch name {
	case "reroll":
		return o.Reroll(a).Wait(ctx)
	case "unlock":
		return o.Unlock(a).Wait(ctx)
	case "lock":
		return o.Lock(a).Wait(ctx)
	case "check":
		select {
		case s.checks <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		defer func() { <-s.checks }()
		rep, err := o.Check(a, false)
		if err != nil {
			return nil, err
		}
		return []string{fmt.Sprintf("Area %v: %s", a, rep.Summary())}, nil
	}
	paths, note, err := o.Export(a, s.opts.ExportDir)
	if err != nil {
		return nil, err
	}
	if note != "" {
		paths = append(paths, "note: "+note)
	}
	return paths, nil
}
