// The Riddlestone dashboard: a pannable, zoomable map of tiles drawn by the server, the puzzle areas over it, the
// players moving on it (server-sent events), and the panel of the selected area with its admin actions.
"use strict";

(() => {
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
  const $ = (sel, root = document) => root.querySelector(sel);
  const SVGNS = "http://www.w3.org/2000/svg";
  const mapEl = $("#map");
  const view = { cx: 0, cz: 0, scale: 2 }; // the block at the centre, and pixels per block
  let info = null; // the last /api/map
  const tileVersions = new Map(); // "x,z" of level-0 tiles -> times redrawn
  let selected = "";
  let adminName = "";
  let adminSecret = "";

  // ---- status line and events ----
  function showStatus(st) {
    const el = $("#status");
    if (!el) return;
    const tps = st.players === 0 ? "idle (no players)" : st.tps.toFixed(1);
    el.textContent = `TPS ${tps} · ${st.players} player${st.players === 1 ? "" : "s"} · queue ${st.queue} · map v${st.version}`;
    el.dataset.players = String(st.players);
  }

  function listen() {
    const es = new EventSource("/events");
    es.addEventListener("status", (e) => showStatus(JSON.parse(e.data)));
    es.addEventListener("players", (e) => drawPlayers(JSON.parse(e.data) || []));
    es.addEventListener("map", () => { if (mapEl) loadMap(); if (selected) loadPanel(selected); });
    es.addEventListener("tiles", (e) => {
      for (const t of JSON.parse(e.data) || []) tileVersions.set(`${t.x},${t.z}`, t.v);
      refreshTiles(true);
    });
  }

  // ---- the map ----
  const tilesEl = $("#tiles"), areasEl = $("#areas"), markersEl = $("#markers"), worldEl = $("#world");

  function level() {
    if (!info) return 0;
    return Math.max(0, Math.min(info.maxLevel, Math.floor(Math.log2(1 / view.scale) + 0.5)));
  }

  function applyView() {
    const w = mapEl.clientWidth, h = mapEl.clientHeight;
    const tx = Math.round(w / 2 - view.cx * view.scale), ty = Math.round(h / 2 - view.cz * view.scale);
    worldEl.style.transform = `translate(${tx}px, ${ty}px) scale(${view.scale})`;
    for (const m of markersEl.children) placeMarker(m);
    refreshTiles(false);
  }

  // tileVersion sums the versions of the level-0 tiles under a tile, so that a redrawn chunk reloads every level.
  function tileVersion(l, x, z) {
    let v = 0;
    for (const [key, n] of tileVersions) {
      const [tx, tz] = key.split(",").map(Number);
      if (Math.floor(tx / (1 << l)) === x && Math.floor(tz / (1 << l)) === z) v += n;
    }
    return v;
  }

  function refreshTiles(reload) {
    if (!info) return;
    const l = level(), size = info.tileSize << l, lim = info.maxTile >> l;
    const w = mapEl.clientWidth / view.scale, h = mapEl.clientHeight / view.scale;
    const x0 = Math.floor((view.cx - w / 2) / size), x1 = Math.floor((view.cx + w / 2) / size);
    const z0 = Math.floor((view.cz - h / 2) / size), z1 = Math.floor((view.cz + h / 2) / size);
    const want = new Set();
    for (let z = Math.max(z0, -lim); z <= Math.min(z1, lim - 1); z++) {
      for (let x = Math.max(x0, -lim); x <= Math.min(x1, lim - 1); x++) {
        const id = `${l}/${x}/${z}`;
        want.add(id);
        const src = `/tiles/${id}.png?v=${tileVersion(l, x, z)}`;
        let img = tilesEl.querySelector(`img[data-id="${id}"]`);
        if (!img) {
          img = document.createElement("img");
          img.className = "tile";
          img.dataset.id = id;
          img.alt = "";
          img.style.left = `${x * size}px`;
          img.style.top = `${z * size}px`;
          img.style.width = img.style.height = `${size + 0.5}px`; // a little overlap hides seams between tiles
          img.addEventListener("load", () => { img.dataset.loaded = "true"; mapEl.dataset.ready = "true"; });
          img.src = src;
          tilesEl.appendChild(img);
        } else if (reload && !img.src.endsWith(src)) {
          img.src = src;
        }
      }
    }
    for (const img of [...tilesEl.children]) {
      if (!want.has(img.dataset.id)) img.remove();
    }
  }

  function svg(name, attrs, parent) {
    const el = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (parent) parent.appendChild(el);
    return el;
  }

  function drawAreas() {
    areasEl.replaceChildren();
    if (!info || !info.puzzles || info.areas.length === 0) return;
    const n = info.areaSize * 16;
    let minX = Infinity, minZ = Infinity, maxX = -Infinity, maxZ = -Infinity;
    for (const a of info.areas) {
      minX = Math.min(minX, a.pos[0] * n); minZ = Math.min(minZ, a.pos[1] * n);
      maxX = Math.max(maxX, (a.pos[0] + 1) * n); maxZ = Math.max(maxZ, (a.pos[1] + 1) * n);
    }
    Object.assign(areasEl.style, { left: `${minX}px`, top: `${minZ}px`, width: `${maxX - minX}px`, height: `${maxZ - minZ}px` });
    areasEl.setAttribute("viewBox", `${minX} ${minZ} ${maxX - minX} ${maxZ - minZ}`);
    const defs = svg("defs", {}, areasEl);
    for (const [id, colour] of [["key", "#e5e7eb"], ["key-open", "#4ade80"]]) {
      const m = svg("marker", { id, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "3", markerHeight: "3", orient: "auto" }, defs);
      svg("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }, m);
    }
    const byName = new Map(info.areas.map((a) => [a.name, a]));
    for (const a of info.areas) {
      const cls = ["area", `state-${a.state}`];
      if (a.keys && a.keys.length === 2) cls.push("two-keys");
      if (a.pending) cls.push("pending");
      if (a.name === selected) cls.push("selected");
      const r = svg("rect", { x: a.pos[0] * n, y: a.pos[1] * n, width: n, height: n, class: cls.join(" "), "data-area": a.name }, areasEl);
      const title = svg("title", {}, r);
      title.textContent = `Area ${a.name}: ${a.state}${a.goal ? " — goal: " + a.goal : ""}${a.steps ? ` (${a.done}/${a.steps} steps)` : ""}`;
      r.addEventListener("click", (e) => { e.stopPropagation(); select(a.name); });
      const label = svg("text", { x: a.pos[0] * n + n / 24, y: a.pos[1] * n + n / 5, "font-size": n / 6 }, areasEl);
      label.textContent = a.steps ? `${a.name} · ${a.done}/${a.steps}` : a.name;
    }
    // Keys: an arrow across the border from each key to the area it opens.
    for (const a of info.areas) {
      for (const k of a.keys || []) {
        const key = byName.get(`${k[0]},${k[1]}`);
        const open = key && key.state === "solved";
        const kx = (k[0] + 0.5) * n, kz = (k[1] + 0.5) * n, ax = (a.pos[0] + 0.5) * n, az = (a.pos[1] + 0.5) * n;
        svg("line", {
          x1: kx + (ax - kx) * 0.38, y1: kz + (az - kz) * 0.38, x2: kx + (ax - kx) * 0.62, y2: kz + (az - kz) * 0.62,
          class: open ? "key-arrow open" : "key-arrow", "marker-end": `url(#${open ? "key-open" : "key"})`,
          "data-from": `${k[0]},${k[1]}`, "data-to": a.name,
        }, areasEl);
      }
    }
  }

  function placeMarker(m) {
    m.style.transform = `translate(${m.dataset.x}px, ${m.dataset.z}px) scale(${1 / view.scale})`;
  }

  function drawPlayers(list) {
    if (!markersEl) return;
    const seen = new Set();
    for (const p of list) {
      seen.add(p.name);
      let m = [...markersEl.children].find((el) => el.dataset.name === p.name);
      if (!m) {
        m = document.createElement("div");
        m.className = "player-marker";
        m.dataset.name = p.name;
        m.innerHTML = '<span class="dot"></span><span class="name"></span>';
        m.querySelector(".name").textContent = p.version ? `${p.name} (${p.version})` : p.name;
        markersEl.appendChild(m);
      }
      m.dataset.x = p.x;
      m.dataset.z = p.z;
      m.title = `${p.name}${p.version ? " (" + p.version + ")" : ""} at ${p.x}, ${p.y}, ${p.z}${p.area ? " in area " + p.area : ""}`;
      placeMarker(m);
    }
    for (const m of [...markersEl.children]) if (!seen.has(m.dataset.name)) m.remove();
  }

  async function loadMap() {
    const res = await fetch("/api/map", { headers: { Accept: "application/json" } });
    if (!res.ok) return;
    const first = info === null;
    info = await res.json();
    for (const t of info.tileVersions || []) tileVersions.set(`${t.x},${t.z}`, t.v);
    if (first) { view.cx = info.spawn[0]; view.cz = info.spawn[2]; }
    drawAreas();
    applyView();
    mapEl.dataset.areas = String(info.areas.length);
  }

  function zoomAt(factor, px, py) {
    const w = mapEl.clientWidth, h = mapEl.clientHeight;
    const bx = view.cx + (px - w / 2) / view.scale, bz = view.cz + (py - h / 2) / view.scale;
    const s = Math.max(0.25, Math.min(8, view.scale * factor));
    view.cx = bx - (px - w / 2) / s;
    view.cz = bz - (py - h / 2) / s;
    view.scale = s;
    applyView();
  }

  function setupMap() {
    let drag = null;
    mapEl.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, y: e.clientY, cx: view.cx, cz: view.cz, moved: false };
    });
    mapEl.addEventListener("pointermove", (e) => {
      const r = mapEl.getBoundingClientRect();
      const bx = Math.floor(view.cx + (e.clientX - r.left - r.width / 2) / view.scale);
      const bz = Math.floor(view.cz + (e.clientY - r.top - r.height / 2) / view.scale);
      $("#coords").textContent = `x ${bx}, z ${bz}`;
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      if (!drag.moved) { drag.moved = true; mapEl.setPointerCapture(e.pointerId); mapEl.classList.add("dragging"); }
      view.cx = drag.cx - dx / view.scale;
      view.cz = drag.cz - dy / view.scale;
      applyView();
    });
    const end = () => { drag = null; mapEl.classList.remove("dragging"); };
    mapEl.addEventListener("pointerup", end);
    mapEl.addEventListener("pointercancel", end);
    mapEl.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = mapEl.getBoundingClientRect();
      zoomAt(e.deltaY < 0 ? 1.25 : 0.8, e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    $("#zoom-in").addEventListener("click", () => zoomAt(1.5, mapEl.clientWidth / 2, mapEl.clientHeight / 2));
    $("#zoom-out").addEventListener("click", () => zoomAt(1 / 1.5, mapEl.clientWidth / 2, mapEl.clientHeight / 2));
    $("#zoom-home").addEventListener("click", () => { if (info) { view.cx = info.spawn[0]; view.cz = info.spawn[2]; applyView(); } });
    window.addEventListener("resize", applyView);
  }

  // ---- the area panel ----
  function select(name) {
    selected = name;
    for (const r of areasEl.querySelectorAll("rect.area")) r.classList.toggle("selected", r.dataset.area === name);
    loadPanel(name);
  }

  async function loadPanel(name) {
    const panel = $("#panel");
    const res = await fetch(`/area/${encodeURIComponent(name)}?panel`);
    if (!res.ok) { panel.textContent = `Area ${name}: ${await res.text()}`; return; }
    const result = panel.querySelector(".action-result");
    const kept = result && result.closest(".area-panel")?.dataset.area === name ? result.outerHTML : "";
    panel.innerHTML = await res.text();
    if (kept) panel.querySelector(".action-result")?.replaceWith(document.createRange().createContextualFragment(kept));
    wirePanel(panel);
  }

  function wirePanel(root) {
    for (const a of root.querySelectorAll("a[data-area-link]")) {
      if (!mapEl) continue;
      a.addEventListener("click", (e) => { e.preventDefault(); select(a.dataset.areaLink); });
    }
    const form = root.querySelector("form.actions");
    if (form) {
      form.elements.admin.value = adminName;
      form.elements.secret.value = adminSecret;
      form.addEventListener("submit", (e) => { e.preventDefault(); act(form, e.submitter?.dataset.action); });
    }
    const space = root.querySelector(".space-box[data-src]");
    if (space) loadSpace(space);
  }

  async function loadSpace(box) {
    const res = await fetch(box.dataset.src);
    const text = await res.text();
    if (!res.ok) { box.textContent = text; return; }
    box.innerHTML = text; // drawn by the server, which escapes every text in it
    box.dataset.loaded = "true";
  }

  async function act(form, action) {
    if (!action) return;
    adminName = form.elements.admin.value;
    adminSecret = form.elements.secret.value;
    const out = form.querySelector(".action-result");
    out.classList.remove("error");
    out.textContent = `${action}…`;
    const body = new URLSearchParams({ admin: adminName, secret: adminSecret });
    const res = await fetch(`/area/${encodeURIComponent(form.dataset.area)}/${action}`, {
      method: "POST", body, headers: { "X-CSRF-Token": csrf },
    });
    let reply;
    try { reply = await res.json(); } catch { reply = { error: `${res.status} ${res.statusText}` }; }
    out.textContent = reply.ok ? (reply.lines || ["done"]).join("\n") : reply.error;
    out.classList.toggle("error", !reply.ok);
    out.dataset.action = action;
    out.dataset.ok = String(!!reply.ok);
    if (reply.ok && mapEl) { await loadMap(); loadPanel(form.dataset.area); }
  }

  // ---- start ----
  if (mapEl) {
    setupMap();
    loadMap();
  } else {
    const panel = document.querySelector(".area-panel");
    if (panel) { selected = ""; wirePanel(panel.parentElement); }
  }
  listen();
})();
