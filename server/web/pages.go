package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"riddlestone/overlay"
	"riddlestone/overlay/store"
	"riddlestone/puzzle/draw"
)

//go:embed assets static
var files embed.FS

// staticFS holds the scripts and styles, served under /static/: the static folder alone, without its listing, so
// that no path reaches the page templates beside it.
var staticFS = func() fs.FS {
	sub, _ := fs.Sub(files, "static")
	return filesOnly{sub}
}()

// filesOnly is a file system whose folders cannot be opened: nothing lists them.
type filesOnly struct{ fs.FS }

// Open opens a file; a folder does not exist.
func (f filesOnly) Open(name string) (fs.File, error) {
	file, err := f.FS.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := file.Stat(); err != nil || st.IsDir() {
		_ = file.Close()
		return nil, fs.ErrNotExist
	}
	return file, nil
}

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"areaName": func(a store.AreaPos) string { return a.String() },
	"place":    placeWords,
	"clock":    clock,
	"seconds":  func(d time.Duration) time.Duration { return d.Round(time.Second) },
}).ParseFS(files, "assets/*.html"))

// render writes a page, or a 500 if it cannot be made.
func (s *Server) render(w http.ResponseWriter, name string, data any) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		s.log.Error("web: page", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	_, _ = w.Write(buf.Bytes())
}

// index serves the dashboard: the map, the status line and the area panel.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	data := map[string]any{"CSRF": csrfToken(w, r), "Actions": s.opts.Secret != ""}
	if v, ok := s.store(); ok {
		data["Store"] = v
	}
	s.render(w, "index.html", data)
}

// loginPage asks for the read secret.
func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, "login.html", map[string]any{"CSRF": csrfToken(w, r), "Wrong": r.URL.Query().Has("wrong")})
}

// login sets the read cookie when the read secret is right.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	ok := s.auth.counted(r, equalSecret(r.PostFormValue("secret"), s.auth.read) && s.auth.hasRead)
	if !csrfOK(r) || !ok {
		_, from := who(r)
		s.log.Warn("web: login refused", "from", from)
		http.Redirect(w, r, "/login?wrong", http.StatusSeeOther)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: readCookie, Value: s.auth.readToken, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, MaxAge: 30 * 24 * 3600, Secure: r.TLS != nil})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// mapJSON is the map as the page draws it.
type mapJSON struct {
	Puzzles   bool       `json:"puzzles"` // the server has puzzles
	AreaSize  int        `json:"areaSize"`
	Start     [2]int32   `json:"start"`
	Spawn     [3]int     `json:"spawn"`
	Version   int        `json:"version"`
	Areas     []areaJSON `json:"areas"`
	TileSize  int        `json:"tileSize"`
	MaxLevel  int        `json:"maxLevel"`
	MaxTile   int        `json:"maxTile"`
	TileVers  []tileRef  `json:"tileVersions"`
	Actions   bool       `json:"actions"`
	Generated time.Time  `json:"generated"`
}

// areaJSON is an area on the map.
type areaJSON struct {
	Pos      [2]int32   `json:"pos"`
	Name     string     `json:"name"`
	State    string     `json:"state"`
	Pending  bool       `json:"pending,omitempty"`
	Template string     `json:"template,omitempty"`
	Goal     string     `json:"goal,omitempty"`
	Keys     [][2]int32 `json:"keys,omitempty"`
	Distance int        `json:"distance"`
	Done     int        `json:"done"`
	Steps    int        `json:"steps"`
}

// apiMap serves the areas and what the page needs to draw the map.
func (s *Server) apiMap(w http.ResponseWriter, r *http.Request) {
	sp := s.opts.World.Spawn()
	m := mapJSON{AreaSize: 4, Spawn: [3]int{sp[0], sp[1], sp[2]}, TileSize: tileBlocks, MaxLevel: maxLevel,
		MaxTile: maxTile, Actions: s.opts.Secret != "", Generated: time.Now().UTC(), Areas: []areaJSON{}}
	if o := s.opts.Overlay(); o != nil {
		mp := o.Snapshot()
		m.Puzzles, m.AreaSize, m.Start, m.Version = true, mp.AreaSize, mp.Start, mp.Version
		for _, a := range mp.Areas {
			aj := areaJSON{Pos: a.Pos, Name: a.Pos.String(), State: a.State.String(), Pending: a.Pending,
				Template: a.Template, Goal: a.Goal, Distance: a.Distance, Done: a.Done, Steps: a.Steps}
			for _, k := range a.Keys {
				aj.Keys = append(aj.Keys, k)
			}
			m.Areas = append(m.Areas, aj)
		}
	}
	s.tiles.mu.Lock()
	for k, v := range s.tiles.versions {
		m.TileVers = append(m.TileVers, tileRef{k.x, k.z, v})
	}
	s.tiles.mu.Unlock()
	writeJSON(w, http.StatusOK, m)
}

// apiPlayers serves the players as last listed.
func (s *Server) apiPlayers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.live.playersNow())
}

// apiStatus serves the status line.
func (s *Server) apiStatus(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.live.statusNow())
}

// serveTile serves a map tile as PNG: /tiles/{level}/{x}/{z}, with any query (a version) ignored.
func (s *Server) serveTile(w http.ResponseWriter, r *http.Request) {
	var xyz [3]int32
	for i, name := range []string{"level", "x", "z"} {
		n, err := strconv.ParseInt(strings.TrimSuffix(r.PathValue(name), ".png"), 10, 32)
		if err != nil {
			http.Error(w, "bad tile", http.StatusBadRequest)
			return
		}
		xyz[i] = int32(n)
	}
	k := tileKey{xyz[0], xyz[1], xyz[2]}
	if !k.valid() || s.opts.Generator == nil {
		http.Error(w, "no such tile", http.StatusNotFound)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	data, err := s.tiles.png(ctx, k)
	if err != nil {
		http.Error(w, "tile not drawn: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(data)
}

// areaPage is the page of an area: what it is, who is there, its objects and its puzzle. With ?panel it is only
// the panel the dashboard shows beside the map.
type areaPage struct {
	Area    overlay.AreaView
	Name    string
	Players []string
	Objects []overlay.ObjectView
	Tree    template.HTML
	HasTree bool
	Actions bool
	CSRF    string
	Panel   bool
}

// areaPage serves an area's page.
func (s *Server) areaPage(w http.ResponseWriter, r *http.Request) {
	o, a, ok := s.areaOf(w, r)
	if !ok {
		return
	}
	p := areaPage{Area: o.Area(a), Name: a.String(), Objects: o.ObjectViews(a), Actions: s.opts.Secret != "",
		CSRF: csrfToken(w, r), Panel: r.URL.Query().Has("panel")}
	for _, pl := range s.live.playersNow() {
		if pl.Area == p.Name {
			p.Players = append(p.Players, pl.label())
		}
	}
	if t, ok := o.PuzzleTree(a); ok {
		var b strings.Builder
		if err := draw.Tree(&b, treeTitle(t), treeNode(t.Root)); err == nil {
			p.Tree, p.HasTree = template.HTML(b.String()), true // drawn by draw.Tree, which escapes every text
		}
	}
	name := "area.html"
	if p.Panel {
		name = "panel"
	}
	s.render(w, name, p)
}

// areaOf reads the area of a request; it answers the request itself when there is none.
func (s *Server) areaOf(w http.ResponseWriter, r *http.Request) (*overlay.Overlay, store.AreaPos, bool) {
	a, err := store.ParseAreaPos(r.PathValue("area"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return nil, a, false
	}
	o := s.opts.Overlay()
	if o == nil {
		http.Error(w, "this server has no puzzles", http.StatusNotFound)
		return nil, a, false
	}
	return o, a, true
}

// treeTitle is the title of a tree drawing.
func treeTitle(t overlay.Tree) string {
	state := fmt.Sprintf("%d of %d steps done", t.Done, t.Steps)
	if t.Achieved {
		state = "solved"
	}
	return fmt.Sprintf("Goal: %s — %s", t.Goal, state)
}

// treeNode converts the overlay's tree to a drawing's.
func treeNode(t overlay.TreeNode) *draw.Node {
	n := &draw.Node{Label: t.Words, Done: t.Done}
	switch {
	case t.Action != "" && t.Step == 0:
		n.Action = strings.ToUpper(t.Action[:1]) + t.Action[1:]
		n.Note = "another way"
	case t.Action != "":
		n.Action = strings.ToUpper(t.Action[:1]) + t.Action[1:]
		n.Note = fmt.Sprintf("step %d", t.Step)
	case t.Spawned:
		n.Note = fmt.Sprintf("#%d placed for the puzzle", t.Object)
	default:
		n.Note = fmt.Sprintf("#%d found in the world", t.Object)
	}
	for _, c := range t.Children {
		n.Children = append(n.Children, treeNode(c))
	}
	for _, a := range t.Alternatives {
		n.Alternatives = append(n.Alternatives, treeNode(a))
	}
	return n
}

// treeSVG serves an area's puzzle tree as SVG.
func (s *Server) treeSVG(w http.ResponseWriter, r *http.Request) {
	o, a, ok := s.areaOf(w, r)
	if !ok {
		return
	}
	t, ok := o.PuzzleTree(a)
	if !ok {
		http.Error(w, fmt.Sprintf("area %v has no puzzle", a), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_ = draw.Tree(w, treeTitle(t), treeNode(t.Root))
}

// spaces keeps the last drawn state space of each area and map version: exploring is the costly part.
var spaces = struct {
	sync.Mutex
	svg map[string][]byte
}{svg: map[string][]byte{}}

// spaceSVG serves an area's state space as SVG: explored from the current state (one exploration at a time),
// showing only the items of its puzzle tree.
func (s *Server) spaceSVG(w http.ResponseWriter, r *http.Request) {
	o, a, ok := s.areaOf(w, r)
	if !ok {
		return
	}
	key := fmt.Sprintf("%p/%v/%d", s, a, o.Snapshot().Version)
	spaces.Lock()
	svg := spaces.svg[key]
	spaces.Unlock()
	if svg == nil {
		select {
		case s.checks <- struct{}{}:
		case <-r.Context().Done():
			return
		}
		rep, err := o.Check(a, true)
		<-s.checks
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		opts := draw.SpaceOptions{Area: a.String()}
		if t, ok := o.PuzzleTree(a); ok {
			opts.Items = treeItems(t.Root, nil)
		}
		var b bytes.Buffer
		if err := draw.Space(&b, rep.Graph, opts); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		svg = b.Bytes()
		spaces.Lock()
		if len(spaces.svg) > 64 {
			clear(spaces.svg)
		}
		spaces.svg[key] = svg
		spaces.Unlock()
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write(svg)
}

// treeItems lists the items of a tree's nodes.
func treeItems(n overlay.TreeNode, out []string) []string {
	out = append(out, n.Item)
	for _, c := range n.Children {
		out = treeItems(c, out)
	}
	return out
}

// placeWords says where an object is.
func placeWords(ov overlay.ObjectView) string {
	switch ov.Where.Kind {
	case store.AtBlock:
		return fmt.Sprintf("block at %d, %d, %d", ov.Where.Block[0], ov.Where.Block[1], ov.Where.Block[2])
	case store.AtEntity:
		return fmt.Sprintf("entity at %d, %d, %d", ov.Where.Block[0], ov.Where.Block[1], ov.Where.Block[2])
	case store.InInventory:
		return "held by a player"
	}
	if ov.Area == "contained" {
		return "inside another object"
	}
	return "not in the world yet"
}

// writeJSON writes a value as JSON with a status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
