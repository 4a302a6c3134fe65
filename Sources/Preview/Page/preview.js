// texteffects preview: the page over `texteffects preview`'s routes (no libraries).
//
//   GET /scene.json, GET /events (SSE: `reload` / `problems` with the scene.json object),
//   GET /frame/N.png?g=G[&debug=1][&links=1], GET /links/N.json, GET /inspect?frame=N&x=X&y=Y
//
// The frame on show only ever changes to an image that has already loaded, so scrubbing,
// playing and reloads never flash an empty stage.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  const ui = {
    stage: $("stage"), canvas: $("canvas"), frame: $("frame"), crosshair: $("crosshair"),
    placeholder: $("placeholder"), zoom: $("zoom"),
    problems: $("problems"), problemsTitle: $("problems-title"), problemsNote: $("problems-note"),
    problemList: $("problem-list"),
    play: $("play"), back: $("step-back"), forward: $("step-forward"),
    timeline: $("timeline"), frameNumber: $("frame-number"), time: $("time"),
    debug: $("debug"), links: $("links"),
    sceneName: $("scene-name"), sceneMeta: $("scene-meta"), statusText: $("status-text"),
    inspector: $("inspector"), inspectPoint: $("inspect-point"),
    linkTable: $("link-table"), linksCount: $("links-count"),
  };

  const state = {
    info: null,          // the last SceneInfo (from /scene.json or an event)
    generation: 0,       // the generation frames are asked for
    frame: 0,            // the frame wanted (the timeline's)
    playing: false,
    connected: false,
    eventSeen: false,
  };

  // ---------------------------------------------------------------- helpers

  const frameCount = () => (state.info ? state.info.frameCount : 0);
  const fps = () => (state.info && state.info.fps > 0 ? state.info.fps : 30);
  const clampFrame = (n) => Math.max(0, Math.min(frameCount() - 1, n | 0));

  function frameURL(n) {
    let url = `/frame/${n}.png?g=${state.generation}`;
    if (ui.debug.checked) url += "&debug=1";
    if (ui.links.checked) url += "&links=1";
    return url;
  }

  function fmt(value, digits = 2) {
    if (typeof value !== "number" || !isFinite(value)) return String(value);
    return String(Number(value.toFixed(digits)));
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  async function getJSON(url) {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  }

  // ---------------------------------------------------------------- frame images

  // Loaded frames (decoded Image objects), by URL, oldest first. Holding them keeps them in
  // the document's image cache, so showing one in #frame is immediate.
  const images = new Map();
  const IMAGE_LIMIT = 90;
  let latency = 0;  // a running mean of a frame's load time, ms

  function loadImage(url) {
    let entry = images.get(url);
    if (entry) {
      images.delete(url);  // most recently used last
      images.set(url, entry);
      return entry;
    }
    const img = new Image();
    entry = { url, img, status: "loading", generation: state.generation, started: performance.now() };
    entry.promise = new Promise((resolve) => {
      img.onload = () => {
        const done = () => {
          entry.status = "ok";
          const took = performance.now() - entry.started;
          latency = latency ? latency * 0.8 + took * 0.2 : took;
          resolve(entry);
        };
        img.decode ? img.decode().then(done, done) : done();
      };
      // Kept (not asked again while playing); applyInfo() drops failures when the server speaks again.
      img.onerror = () => { entry.status = "error"; resolve(entry); };
    });
    img.src = url;
    images.set(url, entry);
    trimImages();
    return entry;
  }

  function trimImages() {
    for (const [url, entry] of images) {
      if (images.size <= IMAGE_LIMIT) break;
      if (entry.status !== "loading" && url !== ui.frame.getAttribute("src")) images.delete(url);
    }
  }

  function loadingCount() {
    let n = 0;
    for (const entry of images.values()) if (entry.status === "loading") n++;
    return n;
  }

  // What #frame was last told to show: its data-* attributes follow once it has loaded.
  let pending = null;   // {url, frame, generation}
  let displayLoad = null; // the URL loading for display while paused

  function show(url, frame) {
    if (ui.frame.getAttribute("src") === url) return;
    pending = { url, frame, generation: state.generation };
    ui.frame.src = url;
  }

  ui.frame.addEventListener("load", () => {
    if (!pending || ui.frame.getAttribute("src") !== pending.url) return;
    ui.frame.dataset.frame = String(pending.frame);
    ui.frame.dataset.generation = String(pending.generation);
    body.dataset.generation = String(pending.generation);
    body.dataset.shownFrame = String(pending.frame);
    updateZoom();
  });

  // Brings #frame to the wanted frame: at once when it is loaded, else after one load at a
  // time (scrubbing shows the frames that arrive on the way, never a queue of stale ones).
  function present() {
    if (!state.info || state.generation === 0 || frameCount() === 0) {
      ui.placeholder.hidden = false;
      return;
    }
    ui.placeholder.hidden = true;
    const url = frameURL(state.frame);
    const entry = images.get(url);
    if (entry && entry.status === "ok") {
      loadImage(url);  // touch
      show(url, state.frame);
      return;
    }
    if (state.playing) return;  // the player shows it when it arrives, or skips it
    if (displayLoad) return;    // one at a time; present() runs again when it is done
    displayLoad = url;
    const frame = state.frame;
    loadImage(url).promise.then((loaded) => {
      if (displayLoad === url) displayLoad = null;
      if (loaded.status === "ok" && loaded.generation === state.generation && !state.playing) show(url, frame);
      if (loaded.status === "error") flashStatus(`frame ${frame} did not load`);
      if (frameURL(state.frame) !== url) present();
    });
  }

  // ---------------------------------------------------------------- playback

  let clockStart = 0;
  let rafID = 0;

  function play() {
    if (state.playing || frameCount() < 2) return;
    state.playing = true;
    body.classList.add("playing");
    ui.play.setAttribute("aria-label", "Pause");
    if (state.frame >= frameCount() - 1) state.frame = 0;
    clockStart = performance.now() - (state.frame * 1000) / fps();
    rafID = requestAnimationFrame(tick);
  }

  function pause() {
    if (!state.playing) return;
    state.playing = false;
    body.classList.remove("playing");
    ui.play.setAttribute("aria-label", "Play");
    cancelAnimationFrame(rafID);
    // Stay on the frame that is on screen.
    const shown = Number(ui.frame.dataset.frame);
    if (Number.isInteger(shown) && ui.frame.dataset.generation === String(state.generation)) state.frame = clampFrame(shown);
    updateReadout();
    present();
    refreshLinks();
  }

  function togglePlay() { state.playing ? pause() : play(); }

  // The clock decides the frame; a frame that has not arrived in time is skipped, never waited for.
  function tick(now) {
    if (!state.playing) return;
    const count = frameCount();
    if (count < 2) { pause(); return; }
    const frame = Math.floor(((now - clockStart) * fps()) / 1000) % count;
    if (frame !== state.frame) {
      state.frame = frame;
      updateReadout();
    }
    preloadAhead(frame);
    const url = frameURL(frame);
    const entry = images.get(url);
    if (entry && entry.status === "ok" && ui.frame.getAttribute("src") !== url) {
      show(url, frame);
      refreshLinks();
    }
    rafID = requestAnimationFrame(tick);
  }

  // Asks for the frames the clock reaches next, starting past those that could not arrive in
  // time at the server's current pace, a few at a time.
  function preloadAhead(frame) {
    const count = frameCount();
    const perFrame = 1000 / fps();
    const lead = latency ? Math.ceil(latency / perFrame) : 1;
    const span = Math.min(count - 1, Math.max(8, lead * 3));
    let slots = 4 - loadingCount();
    for (let i = 1; i <= span && slots > 0; i++) {
      const n = (frame + i) % count;
      const url = frameURL(n);
      const entry = images.get(url);
      if (entry) continue;
      if (i < lead && latency > perFrame) continue;  // too late for this one
      loadImage(url);
      slots--;
    }
  }

  // ---------------------------------------------------------------- transport

  function setFrame(n, { keepPlaying = false } = {}) {
    if (!frameCount()) return;
    if (!keepPlaying) pause();
    state.frame = clampFrame(n);
    if (state.playing) clockStart = performance.now() - (state.frame * 1000) / fps();
    updateReadout();
    present();
    refreshLinks();
    reinspect();
  }

  function updateReadout() {
    const count = frameCount();
    ui.timeline.max = String(Math.max(0, count - 1));
    ui.timeline.value = String(state.frame);
    ui.timeline.disabled = count === 0;
    ui.play.disabled = count < 2;
    ui.back.disabled = count === 0 || state.frame === 0;
    ui.forward.disabled = count === 0 || state.frame >= count - 1;
    const progress = count > 1 ? (state.frame / (count - 1)) * 100 : 0;
    ui.timeline.style.setProperty("--progress", `${progress}%`);
    ui.frameNumber.textContent = `${count ? state.frame : 0} / ${count}`;
    ui.time.textContent = `${(count ? state.frame / fps() : 0).toFixed(2)} s`;
  }

  ui.timeline.addEventListener("input", () => setFrame(Number(ui.timeline.value), { keepPlaying: true }));
  ui.play.addEventListener("click", () => togglePlay());
  ui.back.addEventListener("click", () => setFrame(state.frame - 1));
  ui.forward.addEventListener("click", () => setFrame(state.frame + 1));
  for (const toggle of [ui.debug, ui.links]) {
    toggle.addEventListener("change", () => {
      present();
      if (state.playing) preloadAhead(state.frame);
    });
  }

  const isTyping = (target) =>
    target instanceof HTMLElement &&
    (target.isContentEditable || target.tagName === "TEXTAREA" ||
     (target.tagName === "INPUT" && !["range", "checkbox", "button"].includes(target.type)));

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const step = event.shiftKey ? 10 : 1;
    switch (event.key) {
      case "ArrowRight": case "ArrowUp": setFrame(state.frame + step); break;
      case "ArrowLeft": case "ArrowDown": setFrame(state.frame - step); break;
      case "Home": setFrame(0); break;
      case "End": setFrame(frameCount() - 1); break;
      case " ": if (!event.repeat) togglePlay(); break;
      case "d": case "D": ui.debug.click(); break;
      case "l": case "L": ui.links.click(); break;
      default: return;
    }
    event.preventDefault();
  });
  // A focused button or checkbox would also act on space's keyup.
  document.addEventListener("keyup", (event) => {
    if (event.key === " " && !isTyping(event.target)) event.preventDefault();
  });

  // ---------------------------------------------------------------- fitting the frame

  function fit() {
    const info = state.info;
    const width = info && info.width > 0 ? info.width : 16;
    const height = info && info.height > 0 ? info.height : 9;
    const pad = 28;
    const availableWidth = Math.max(40, ui.stage.clientWidth - pad * 2);
    const availableHeight = Math.max(40, ui.stage.clientHeight - pad * 2);
    const s = Math.min(availableWidth / width, availableHeight / height);
    ui.canvas.style.width = `${Math.floor(width * s)}px`;
    ui.canvas.style.height = `${Math.floor(height * s)}px`;
    updateZoom();
    placeLinkBoxes();
  }

  function updateZoom() {
    const info = state.info;
    if (!info || !info.width) { ui.zoom.textContent = ""; return; }
    const shown = ui.canvas.getBoundingClientRect().width * devicePixelRatio;
    ui.zoom.textContent = `${Math.round((shown / info.width) * 100)} %`;
  }

  new ResizeObserver(fit).observe(ui.stage);

  // ---------------------------------------------------------------- inspector

  let pointer = null;        // the last point over the frame, in canvas points
  let inspectBusy = false;
  let inspectAgain = false;

  // The pointer in canvas points: the displayed size against the frame's pixels, then `scale`.
  function canvasPoint(event) {
    const rect = ui.frame.getBoundingClientRect();
    const naturalWidth = ui.frame.naturalWidth || (state.info && state.info.width) || rect.width;
    const naturalHeight = ui.frame.naturalHeight || (state.info && state.info.height) || rect.height;
    if (!rect.width || !rect.height) return null;
    const scale = (state.info && state.info.scale) || 1;
    const px = ((event.clientX - rect.left) / rect.width) * naturalWidth;
    const py = ((event.clientY - rect.top) / rect.height) * naturalHeight;
    return { x: px / scale, y: py / scale, cssX: event.clientX - rect.left, cssY: event.clientY - rect.top };
  }

  ui.frame.addEventListener("pointermove", (event) => {
    const point = canvasPoint(event);
    if (!point) return;
    pointer = point;
    ui.crosshair.hidden = false;
    ui.crosshair.style.left = `${point.cssX}px`;
    ui.crosshair.style.top = `${point.cssY}px`;
    ui.inspectPoint.textContent = `x ${point.x.toFixed(1)}  y ${point.y.toFixed(1)} pt`;
    inspect();
  });
  ui.frame.addEventListener("pointerleave", () => {
    ui.crosshair.hidden = true;
    ui.inspector.classList.add("stale");
  });

  function reinspect() {
    if (pointer && !ui.crosshair.hidden) inspect();
  }

  // One request in flight; the newest point goes next.
  async function inspect() {
    if (inspectBusy) { inspectAgain = true; return; }
    if (!pointer || !state.generation) return;
    inspectBusy = true;
    inspectAgain = false;
    // The frame on screen, unless it is of an older generation (which may have had more frames).
    const shown = Number(ui.frame.dataset.frame);
    const current = ui.frame.dataset.generation === String(state.generation);
    const frame = current && Number.isInteger(shown) ? clampFrame(shown) : state.frame;
    const { x, y } = pointer;
    try {
      const found = await getJSON(`/inspect?frame=${frame}&x=${x.toFixed(2)}&y=${y.toFixed(2)}`);
      renderInspection(found);
    } catch (error) {
      renderInspectionError(error);
    } finally {
      inspectBusy = false;
      if (inspectAgain) inspect();
    }
  }

  function group(kind, name, rows) {
    const section = el("div", "group");
    const heading = el("h3");
    heading.append(el("span", `kind ${kind}`, kind));
    if (name !== undefined) heading.append(el("span", "name", name));
    section.append(heading);
    if (rows && rows.length) {
      const list = el("dl");
      for (const [term, value, className] of rows) {
        list.append(el("dt", "", term));
        const dd = el("dd", className || "");
        if (value instanceof Node) dd.append(value); else dd.textContent = value;
        list.append(dd);
      }
      section.append(list);
    }
    return section;
  }

  function colorValue(color) {
    const span = el("span");
    const swatch = el("span", "swatch");
    swatch.style.background = color;
    span.append(swatch, document.createTextNode(color));
    return span;
  }

  const quoted = (text) => `“${text}”`;

  function renderInspection(found) {
    ui.inspector.classList.remove("stale");
    ui.inspector.dataset.block = found && found.block ? found.block : "";
    const parts = [];
    if (!found || found.block === null || found.block === undefined) {
      parts.push(el("p", "nothing", "Nothing under the pointer."));
      ui.inspector.replaceChildren(...parts);
      return;
    }
    parts.push(group("block", found.block));
    if (found.line) {
      const l = found.line;
      parts.push(group("line", `#${l.index}`, [
        ["text", quoted(l.text), "text"],
        ["x", fmt(l.x)], ["baseline", fmt(l.baseline)], ["width", fmt(l.width)],
        ["ascent", fmt(l.ascent)], ["descent", fmt(l.descent)],
      ]));
    }
    if (found.run) {
      const r = found.run;
      const rows = [["text", quoted(r.text), "text"], ["font", r.font], ["direction", r.direction]];
      if (r.color) rows.push(["color", colorValue(r.color)]);
      if (r.link) rows.push(["link", r.link]);
      if (r.attributes) {
        for (const [key, value] of Object.entries(r.attributes)) rows.push([key, JSON.stringify(value)]);
      }
      if (r.inlineBox) rows.push(["inline box", JSON.stringify(r.inlineBox)]);
      parts.push(group("run", `#${r.index}`, rows));
    }
    if (found.glyph) {
      const g = found.glyph;
      const rows = [["text", quoted(g.text), "text"], ["glyph id", String(g.id)],
        ["x", fmt(g.x)], ["y", fmt(g.y)], ["advance", fmt(g.advance)]];
      if (Array.isArray(g.range)) rows.push(["range", g.range.join(" … ")]);
      parts.push(group("glyph", `#${g.index}`, rows));
    }
    ui.inspector.replaceChildren(...parts);
  }

  function renderInspectionError(error) {
    ui.inspector.replaceChildren(el("p", "nothing", `Inspector: ${error.message}`));
  }

  // ---------------------------------------------------------------- links

  const linkData = new Map();  // "generation:frame" → /links/N.json
  let linksBusy = false;
  let shownLinks = null;
  let highlighted = null;      // the link id whose rectangles are outlined

  function refreshLinks() {
    const info = state.info;
    if (!info || !state.generation || !info.hasLinks) { renderLinks(null); return; }
    const key = `${state.generation}:${state.frame}`;
    const cached = linkData.get(key);
    if (cached) { renderLinks(cached); return; }
    if (linksBusy) return;
    linksBusy = true;
    const frame = state.frame;
    const generation = state.generation;
    getJSON(`/links/${frame}.json`).then((data) => {
      if (generation === state.generation) linkData.set(`${generation}:${frame}`, data);
    }).catch(() => {}).finally(() => {
      linksBusy = false;
      const now = linkData.get(`${state.generation}:${state.frame}`);
      if (now) renderLinks(now); else if (state.generation === generation && frame !== state.frame) refreshLinks();
    });
  }

  function renderLinks(data) {
    if (data && data === shownLinks) return;
    shownLinks = data;
    const tbody = ui.linkTable.tBodies[0];
    const links = data && Array.isArray(data.links) ? data.links : [];
    if (!links.length) {
      const row = el("tr", "empty");
      const cell = el("td", "", "no links");
      cell.colSpan = 4;
      row.append(cell);
      tbody.replaceChildren(row);
      ui.linksCount.textContent = "";
      placeLinkBoxes();
      return;
    }
    const rows = links.map((link) => {
      const row = el("tr", link.ratio > 0 ? "" : "hidden-link");
      row.dataset.link = String(link.id);
      const anchor = el("a", "", link.url);
      anchor.href = link.url;
      anchor.target = "_blank";
      anchor.rel = "noopener noreferrer";
      const url = el("td");
      url.append(anchor);
      url.title = link.url;
      const text = el("td", "", link.text);
      text.title = `${link.text} (block ${link.block})`;
      const percent = Math.round(link.ratio * 100);
      const visible = el("td", "num", `${percent} %`);
      const meter = el("span", "meter");
      meter.style.setProperty("--v", `${percent}%`);
      visible.append(meter);
      row.append(el("td", "num", String(link.id)), text, url, visible);
      row.addEventListener("pointerenter", () => { highlighted = link.id; placeLinkBoxes(); });
      row.addEventListener("pointerleave", () => { highlighted = null; placeLinkBoxes(); });
      return row;
    });
    tbody.replaceChildren(...rows);
    const onScreen = links.filter((link) => link.ratio > 0).length;
    ui.linksCount.textContent = `${links.length} link${links.length === 1 ? "" : "s"} · ${onScreen} on screen`;
    placeLinkBoxes();
  }

  // Outlines the rectangles (canvas points) of the link row under the pointer.
  function placeLinkBoxes() {
    for (const box of ui.canvas.querySelectorAll(".link-box")) box.remove();
    if (highlighted === null || !shownLinks || !state.info) return;
    const link = shownLinks.links.find((l) => l.id === highlighted);
    if (!link) return;
    const k = (ui.canvas.clientWidth / state.info.width) * (state.info.scale || 1);
    for (const [x, y, w, h] of link.rects) {
      const box = el("div", "link-box");
      Object.assign(box.style, {
        position: "absolute", left: `${x * k}px`, top: `${y * k}px`, width: `${w * k}px`, height: `${h * k}px`,
        outline: "2px solid #4c9dff", background: "rgb(76 157 255 / .18)", borderRadius: "2px", pointerEvents: "none",
      });
      ui.canvas.append(box);
    }
  }

  // ---------------------------------------------------------------- scene state

  function renderMeta(info) {
    document.title = `${info.problems && info.problems.length ? "⚠ " : ""}${info.name || "scene"} · texteffects preview`;
    ui.sceneName.textContent = info.name || "scene";
    ui.sceneName.href = `/files/${encodeURIComponent(info.name || "")}`;
    const parts = [];
    if (info.width) parts.push(`<b>${info.width} × ${info.height}</b> px`);
    if (info.scale && info.scale !== 1) parts.push(`@${fmt(info.scale)}x`);
    if (info.fps) parts.push(`${fmt(info.fps)} fps`);
    if (info.duration) parts.push(`${fmt(info.duration)} s`);
    if (info.frameCount) parts.push(`${info.frameCount} frames`);
    ui.sceneMeta.innerHTML = parts.join('<span class="sep">·</span>');  // numbers only
  }

  function renderProblems(info) {
    const problems = info.problems || [];
    if (!problems.length) {
      ui.problems.hidden = true;
      ui.problemList.replaceChildren();
      return;
    }
    ui.problemsTitle.textContent =
      problems.length === 1 ? "The scene file has a problem" : `The scene file has ${problems.length} problems`;
    ui.problemsNote.textContent = info.generation > 0
      ? `Showing the last good render (generation ${info.generation}). Fix the file and save: the preview reloads by itself.`
      : "The scene has not loaded yet. Fix the file and save: the preview reloads by itself.";
    ui.problemList.replaceChildren(...problems.map((problem) => {
      const item = el("li");
      if (problem.path) item.append(el("span", "path", problem.path), document.createTextNode(": "));
      item.append(document.createTextNode(problem.message));
      return item;
    }));
    ui.problems.hidden = false;
  }

  function renderStatus() {
    const info = state.info;
    body.classList.toggle("offline", !state.connected && state.eventSeen);
    if (!state.connected && state.eventSeen) {
      ui.statusText.textContent = "disconnected · retrying";
    } else if (!info) {
      ui.statusText.textContent = "connecting…";
    } else if (info.problems && info.problems.length) {
      ui.statusText.textContent = info.generation ? `problems · showing gen ${info.generation}` : "problems";
    } else {
      ui.statusText.textContent = `live · gen ${info.generation}`;
    }
  }

  let flashTimer = 0;
  function flashStatus(message) {
    ui.statusText.textContent = message;
    clearTimeout(flashTimer);
    flashTimer = setTimeout(renderStatus, 2500);
  }

  function applyInfo(info) {
    if (!info || typeof info !== "object") return;
    const problems = Array.isArray(info.problems) ? info.problems : [];
    info.problems = problems;
    state.info = info;
    body.dataset.state = problems.length ? "problems" : "ok";
    renderMeta(info);
    renderProblems(info);
    const changed = info.generation !== state.generation;
    if (changed) {
      state.generation = info.generation;
      // Frames and links of older generations are of no more use.
      for (const [url, entry] of images) if (entry.generation !== state.generation && url !== ui.frame.getAttribute("src")) images.delete(url);
      linkData.clear();
      displayLoad = null;
    }
    for (const [url, entry] of images) if (entry.status === "error") images.delete(url);
    if (frameCount() > 0) state.frame = clampFrame(state.frame);
    else state.frame = 0;
    if (state.playing && frameCount() < 2) pause();
    if (state.playing) clockStart = performance.now() - (state.frame * 1000) / fps();
    updateReadout();
    fit();
    renderStatus();
    // Both do nothing when the frame and its links are already on show.
    present();
    refreshLinks();
    if (changed) reinspect();
  }

  // ---------------------------------------------------------------- events

  let source = null;

  function connect() {
    source = new EventSource("/events");
    const handle = (event) => {
      let info;
      try { info = JSON.parse(event.data); } catch { return; }
      state.eventSeen = true;
      state.connected = true;
      applyInfo(info);
    };
    source.addEventListener("reload", handle);
    source.addEventListener("problems", handle);
    source.addEventListener("open", () => { state.connected = true; renderStatus(); });
    source.addEventListener("error", () => {
      state.connected = false;
      renderStatus();
      // The browser retries by itself unless the stream was refused; then try again later.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(connect, 2000);
      }
    });
  }

  connect();
  // The stream's first event carries the state too; this only fills the page sooner.
  getJSON("/scene.json").then((info) => { if (!state.eventSeen) applyInfo(info); }).catch(() => {});
  updateReadout();
  window.texteffectsPreview = { state, setFrame, play, pause };  // for the browser test and the console
})();
