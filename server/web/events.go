package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event is a server-sent event.
type event struct {
	name string
	data []byte
}

// hub hands events to the pages listening (server-sent events). Publishing never blocks: a page too slow to take
// its events misses some, and catches up from the next (each event carries the whole of what it is about).
type hub struct {
	mu      sync.Mutex
	clients map[chan event]bool
	closed  chan struct{}
	once    sync.Once
}

func newHub() *hub { return &hub{clients: map[chan event]bool{}, closed: make(chan struct{})} }

// publish sends an event to every listener.
func (h *hub) publish(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		select {
		case c <- event{name, data}:
		default:
		}
	}
}

// subscribe adds a listener; the returned function removes it.
func (h *hub) subscribe() (chan event, func()) {
	c := make(chan event, 32)
	h.mu.Lock()
	h.clients[c] = true
	h.mu.Unlock()
	return c, func() {
		h.mu.Lock()
		delete(h.clients, c)
		h.mu.Unlock()
	}
}

// listeners returns how many pages listen.
func (h *hub) listeners() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

// close ends every stream.
func (h *hub) close() { h.once.Do(func() { close(h.closed) }) }

// serveEvents streams events to a page until it leaves or the dashboard closes. The first events give the
// current players and status, so a page needs no other request to start.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	c, done := s.events.subscribe()
	defer done()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	// A stream outlives the listener's write timeout: each event gets its own deadline, so a reader that stops
	// reading is cut off and one that reads stays.
	rc := http.NewResponseController(w)
	send := func(name string, data []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(limits.eventWrite))
		_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
		flusher.Flush()
		return err == nil
	}
	players, _ := json.Marshal(s.live.playersNow())
	status, _ := json.Marshal(s.live.statusNow())
	if !send("players", players) || !send("status", status) {
		return
	}
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.events.closed:
			return
		case <-keepAlive.C:
			_ = rc.SetWriteDeadline(time.Now().Add(limits.eventWrite))
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		case e := <-c:
			if !send(e.name, e.data) {
				return
			}
		}
	}
}
