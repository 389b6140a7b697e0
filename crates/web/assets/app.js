// sudokit web app: plain JavaScript, no build step. All solving happens on the server through
// the JSON API; this file keeps the grid state (givens, entries, pencil marks, layout), draws
// it, and keeps the current puzzle in the URL so a link reproduces it.
"use strict";

const $ = (id) => document.getElementById(id);
const SIZES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4], 15: [3, 5], 16: [4, 4], 20: [4, 5], 25: [5, 5] };

const S = {
  n: 9, br: 3, bc: 3, jigsaw: false, regions: [],
  extras: { diag: false, knight: false, king: false },
  givens: [], entries: [], pencil: [],
  sel: 0, wrong: new Set(), solution: null, hl: null,
  explain: null, // {steps, pos}
};
const undoStack = [];
const redoStack = [];

// ---- symbols and layout -------------------------------------------------------------------

function sym(d) { return d <= 9 ? String(d) : String.fromCharCode(55 + d); }
function digitOf(ch) {
  if (ch >= "1" && ch <= "9") return ch.charCodeAt(0) - 48;
  const u = ch.toUpperCase();
  if (u >= "A" && u <= "Z") return u.charCodeAt(0) - 55;
  return 0;
}
function boxRegions(n, br, bc) {
  const r = [];
  for (let i = 0; i < n * n; i++) {
    const row = Math.floor(i / n), col = i % n;
    r.push(Math.floor(row / br) * (n / bc) + Math.floor(col / bc));
  }
  return r;
}
function regionLabel(r) { return r < 9 ? String(r + 1) : String.fromCharCode(56 + r); }
function regionsText() { return S.regions.map(regionLabel).join(""); }
function extrasList() {
  const x = [];
  if (S.extras.diag) x.push("diagonals");
  if (S.extras.knight) x.push("anti-knight");
  if (S.extras.king) x.push("anti-king");
  return x;
}
function puzzleLine() { return S.givens.map((d) => (d ? sym(d) : ".")).join(""); }
function layoutFields() {
  const f = { extra: extrasList() };
  if (S.jigsaw) f.regions = regionsText(); else f.box = S.br + "x" + S.bc;
  return f;
}

function peersOf(i) {
  const n = S.n, row = Math.floor(i / n), col = i % n, out = new Set();
  for (let j = 0; j < n * n; j++) {
    if (j === i) continue;
    const r = Math.floor(j / n), c = j % n;
    if (r === row || c === col || S.regions[j] === S.regions[i]) out.add(j);
    else if (S.extras.diag && ((r === c && row === col) || (r + c === n - 1 && row + col === n - 1))) out.add(j);
    else if (S.extras.knight && ((Math.abs(r - row) === 1 && Math.abs(c - col) === 2) || (Math.abs(r - row) === 2 && Math.abs(c - col) === 1))) out.add(j);
    else if (S.extras.king && Math.abs(r - row) <= 1 && Math.abs(c - col) <= 1) out.add(j);
  }
  return out;
}
function full() { return (1 << (S.n + 1)) - 2; }
function candidatesOf(values) {
  const peers = [];
  for (let i = 0; i < S.n * S.n; i++) peers.push(peersOf(i));
  return values.map((v, i) => {
    if (v) return 0;
    let m = full();
    for (const p of peers[i]) if (values[p]) m &= ~(1 << values[p]);
    return m;
  });
}

// ---- state changes ------------------------------------------------------------------------

function snapshot() {
  return JSON.stringify({ n: S.n, br: S.br, bc: S.bc, jigsaw: S.jigsaw, regions: S.regions, extras: S.extras,
    givens: S.givens, entries: S.entries, pencil: S.pencil });
}
function restore(s) {
  Object.assign(S, JSON.parse(s));
  clearOverlays();
  syncControls();
  draw();
}
function change(fn) {
  undoStack.push(snapshot());
  if (undoStack.length > 500) undoStack.shift();
  redoStack.length = 0;
  fn();
  clearOverlays();
  for (const id of ["hint-out", "solve-out", "gen-out"]) out(id, "");
  $("status").textContent = "";
  draw();
  saveUrl();
}
function clearOverlays() { S.wrong = new Set(); S.solution = null; S.hl = null; S.explain = null; showSteps(); }

function reset(n, br, bc) {
  S.n = n; S.br = br; S.bc = bc; S.jigsaw = false;
  S.regions = boxRegions(n, br, bc);
  S.givens = new Array(n * n).fill(0);
  S.entries = new Array(n * n).fill(0);
  S.pencil = new Array(n * n).fill(0);
  S.sel = 0;
}

function setCell(i, d, pencilMode) {
  const editGivens = $("edit-givens").checked;
  if (!editGivens && S.givens[i]) return;
  change(() => {
    if (d === 0) {
      if (editGivens) S.givens[i] = 0;
      S.entries[i] = 0; S.pencil[i] = 0;
    } else if (pencilMode && !editGivens) {
      if (!S.entries[i]) S.pencil[i] ^= 1 << d;
    } else if (editGivens) {
      S.givens[i] = d; S.entries[i] = 0; S.pencil[i] = 0;
    } else {
      S.entries[i] = S.entries[i] === d ? 0 : d;
    }
  });
}

// ---- drawing ------------------------------------------------------------------------------

function houseCells(name) {
  const n = S.n, m = /^(row|column|box|region) (\d+)$/.exec(name), out = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    if (m) {
      const k = Number(m[2]) - 1;
      if ((m[1] === "row" && r === k) || (m[1] === "column" && c === k) || ((m[1] === "box" || m[1] === "region") && S.regions[i] === k)) out.push(i);
    } else if (name === "the main diagonal" && r === c) out.push(i);
    else if (name === "the anti-diagonal" && r + c === n - 1) out.push(i);
  }
  return out;
}

function draw() {
  const n = S.n, board = $("board");
  board.style.setProperty("--n", n);
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  const m = Math.ceil(Math.sqrt(n));
  const view = S.explain ? explainView() : null;
  const values = view ? view.values : S.givens.map((g, i) => g || S.entries[i]);
  const selPeers = peersOf(S.sel);
  const selVal = values[S.sel];
  const hl = S.hl || (view && view.hl) || null;
  const houseSet = new Set(hl ? hl.houses.flatMap(houseCells) : []);
  const cellSet = new Set(hl ? hl.cells : []);
  const cands = hl ? hl.cands : new Map();
  const computed = (hl || view) ? (view ? view.cands : candidatesOf(values)) : null;
  const frag = document.createDocumentFragment();
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n, el = document.createElement("div");
    el.className = "cell";
    el.dataset.i = i;
    if (r > 0 && S.regions[i - n] !== S.regions[i]) el.classList.add("bt");
    if (c > 0 && S.regions[i - 1] !== S.regions[i]) el.classList.add("bl");
    if (S.jigsaw) el.style.backgroundColor = `hsl(${(S.regions[i] * 47) % 360} 70% 95%)`;
    if (S.extras.diag && (r === c || r + c === n - 1)) el.classList.add("diag");
    if (selPeers.has(i)) el.classList.add("peer");
    if (selVal && values[i] === selVal) el.classList.add("same");
    if (houseSet.has(i)) el.classList.add("hl-house");
    if (cellSet.has(i)) el.classList.add("hl");
    if (S.wrong.has(i)) el.classList.add("wrong");
    if (i === S.sel) el.classList.add("sel");
    if (S.givens[i]) el.classList.add("given");
    let v = values[i];
    if (!v && S.solution && S.solution[i]) { v = S.solution[i]; el.classList.add("solved"); }
    if (v) {
      el.textContent = sym(v);
    } else {
      let mask = S.pencil[i];
      const roles = cands.get(i);
      if (view) mask = view.cands[i];
      else if ((!mask && roles) || (!mask && computed && hl)) mask = computed[i];
      if (mask || roles) {
        const g = document.createElement("div");
        g.className = "marks";
        g.style.setProperty("--m", m);
        g.style.gridTemplateColumns = `repeat(${m}, 1fr)`;
        for (let d = 1; d <= n; d++) {
          const s = document.createElement("span");
          if (mask & (1 << d)) s.textContent = sym(d);
          if (roles && roles.has(d)) { s.className = roles.get(d); s.textContent = sym(d); }
          g.appendChild(s);
        }
        el.appendChild(g);
      }
    }
    frag.appendChild(el);
  }
  board.replaceChildren(frag);
  drawLinks(hl);
  drawKeypad();
}

function drawLinks(hl) {
  const old = $("links");
  if (old) old.remove();
  if (!hl || !hl.chains.length) return;
  const n = S.n, m = Math.ceil(Math.sqrt(n));
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "links";
  svg.setAttribute("viewBox", `0 0 ${n * m} ${n * m}`);
  const board = $("board");
  svg.style.left = board.offsetLeft + "px"; svg.style.top = board.offsetTop + "px";
  svg.style.width = board.offsetWidth + "px"; svg.style.height = board.offsetHeight + "px";
  const at = (node) => {
    const c = node.cells[0], d = node.digit - 1;
    return [(c.col - 1) * m + (d % m) + 0.5, (c.row - 1) * m + Math.floor(d / m) + 0.5];
  };
  for (const ch of hl.chains) {
    for (let k = 0; k + 1 < ch.nodes.length; k++) {
      const [x1, y1] = at(ch.nodes[k]), [x2, y2] = at(ch.nodes[k + 1]);
      const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
      line.setAttribute("x1", x1); line.setAttribute("y1", y1); line.setAttribute("x2", x2); line.setAttribute("y2", y2);
      line.setAttribute("stroke", ch.links[k] === "strong" ? "#dc2626" : "#2563eb");
      line.setAttribute("stroke-width", 0.15);
      if (ch.links[k] !== "strong") line.setAttribute("stroke-dasharray", "0.4 0.3");
      svg.appendChild(line);
    }
  }
  $("board-wrap").appendChild(svg);
}

function drawKeypad() {
  const k = $("keypad");
  if (k.childElementCount === S.n + 1) return;
  k.replaceChildren();
  for (let d = 1; d <= S.n; d++) {
    const b = document.createElement("button");
    b.textContent = sym(d);
    b.onclick = () => setCell(S.sel, d, $("pencil-mode").checked);
    k.appendChild(b);
  }
  const x = document.createElement("button");
  x.textContent = "⌫";
  x.title = "clear the cell";
  x.onclick = () => setCell(S.sel, 0, false);
  k.appendChild(x);
}

// Highlight from a step's JSON (hint level 3, explain).
function highlightOf(step) {
  const h = step.highlight, idx = (p) => (p.row - 1) * S.n + (p.col - 1);
  const cands = new Map();
  const add = (p, role) => { if (!cands.has(idx(p))) cands.set(idx(p), new Map()); cands.get(idx(p)).set(p.digit, role); };
  h.candidates.forEach((p) => add(p, p.role));
  step.eliminations.forEach((p) => add(p, "eliminated"));
  step.placements.forEach((p) => add(p, "placed"));
  return { cells: h.cells.map(idx), houses: h.houses.map((x) => x.name), cands, chains: h.chains };
}

// ---- explain walk -------------------------------------------------------------------------

function explainView() {
  const values = S.givens.slice();
  const cands = candidatesOf(values);
  const peers = [];
  for (let i = 0; i < S.n * S.n; i++) peers.push(peersOf(i));
  const idx = (p) => (p.row - 1) * S.n + (p.col - 1);
  for (let k = 0; k < S.explain.pos; k++) {
    const st = S.explain.steps[k];
    for (const p of st.placements) {
      const i = idx(p);
      values[i] = p.digit; cands[i] = 0;
      for (const q of peers[i]) cands[q] &= ~(1 << p.digit);
    }
    for (const p of st.eliminations) cands[idx(p)] &= ~(1 << p.digit);
  }
  const cur = S.explain.steps[S.explain.pos];
  return { values, cands, hl: cur ? highlightOf(cur) : null };
}

function showSteps() {
  const ol = $("steps");
  if (!S.explain) { ol.replaceChildren(); $("step-pos").textContent = ""; $("step-prev").disabled = $("step-next").disabled = true; return; }
  if (ol.childElementCount !== S.explain.steps.length) {
    ol.replaceChildren(...S.explain.steps.map((st, k) => {
      const li = document.createElement("li");
      li.textContent = `${st.name}: ${st.text}`;
      li.onclick = () => { S.explain.pos = k; showSteps(); draw(); };
      return li;
    }));
  }
  [...ol.children].forEach((li, k) => li.classList.toggle("cur", k === S.explain.pos));
  const cur = ol.children[S.explain.pos];
  if (cur) cur.scrollIntoView({ block: "nearest" });
  $("step-pos").textContent = `${Math.min(S.explain.pos + 1, S.explain.steps.length)} / ${S.explain.steps.length}`;
  $("step-prev").disabled = S.explain.pos <= 0;
  $("step-next").disabled = S.explain.pos >= S.explain.steps.length;
}

// ---- server calls -------------------------------------------------------------------------

async function api(path, body) {
  $("status").textContent = "";
  const res = await fetch("api/" + path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const v = await res.json();
  if (!res.ok) { $("status").textContent = v.error || res.statusText; throw new Error(v.error); }
  if (v.status === "invalid" || v.status === "unsolvable") $("status").textContent = v.error || v.status;
  return v;
}
function request(extra) { return Object.assign({ puzzle: puzzleLine() }, layoutFields(), extra || {}); }
function userFields() {
  const f = { entries: S.entries.map((e, i) => (S.givens[i] ? 0 : e)) };
  if (S.pencil.some((p) => p)) {
    f.pencil = S.pencil.map((p, i) => {
      const ds = [];
      for (let d = 1; d <= S.n; d++) if (p & (1 << d)) ds.push(d);
      return S.givens[i] || S.entries[i] ? [] : ds;
    });
  }
  return f;
}
function wrongSet(list) { return new Set(list.map((w) => (w.row - 1) * S.n + (w.col - 1))); }
function out(id, text) { $(id).textContent = text; }

async function doHint() {
  const level = Number($("hint-level").value);
  const v = await api("hint", request(Object.assign({ level }, userFields())));
  clearOverlays();
  S.wrong = wrongSet(v.wrong || []);
  if (v.step) S.hl = highlightOf(v.step);
  else if (v.houses && v.houses.length) S.hl = { cells: [], houses: v.houses, cands: new Map(), chains: [] };
  out("hint-out", v.text ?? v.error);
  draw();
}
// Applies the next step to the player's grid: its placements become entries, its eliminations
// come off the pencil marks. A cell without marks gets its computed candidates first, so the
// removal is kept and the next hint moves on (the server reads an unmarked cell as "every
// digit"). The step is asked for at level 3 whatever the level shown, and is highlighted.
async function doApply() {
  const v = await api("hint", request(Object.assign({ level: 3 }, userFields())));
  if (!v.step) {
    clearOverlays();
    S.wrong = wrongSet(v.wrong || []);
    out("hint-out", v.text ?? v.error);
    draw();
    return;
  }
  const step = v.step, idx = (p) => (p.row - 1) * S.n + (p.col - 1);
  change(() => {
    const values = S.givens.map((g, i) => g || S.entries[i]);
    const cands = candidatesOf(values);
    const marked = S.pencil.some((p) => p);
    for (let i = 0; i < values.length; i++) {
      if (!values[i] && (!marked || (!S.pencil[i] && step.eliminations.some((p) => idx(p) === i)))) S.pencil[i] = cands[i];
    }
    for (const p of step.eliminations) S.pencil[idx(p)] &= ~(1 << p.digit);
    for (const p of step.placements) {
      const i = idx(p);
      S.entries[i] = p.digit; S.pencil[i] = 0;
      for (const q of peersOf(i)) S.pencil[q] &= ~(1 << p.digit);
    }
  });
  S.hl = highlightOf(step);
  const left = S.givens.filter((g, i) => !g && !S.entries[i]).length;
  out("hint-out", `Applied: ${v.text}` + (left ? "" : "\nThe grid is solved."));
  draw();
}
async function doCheck() {
  const v = await api("check", request({ entries: userFields().entries }));
  clearOverlays();
  S.wrong = wrongSet(v.wrong || []);
  const filled = S.entries.filter((e, i) => e && !S.givens[i]).length;
  out("hint-out", S.wrong.size ? `${S.wrong.size} wrong entr${S.wrong.size === 1 ? "y" : "ies"} (marked red).`
    : `No wrong entries among ${filled}. Puzzle: ${v.givens} givens, unique: ${v.unique}, symmetry: ${v.symmetry.join(", ") || "none"}.`);
  draw();
}
async function doRate() {
  const v = await api("rate", request());
  if (v.error) { out("hint-out", `Not rated (${v.status}): ${v.error}`); return; }
  out("hint-out", `SE rating ${v.er ?? "-"} (pearl ${v.ep ?? "-"}, diamond ${v.ed ?? "-"}); hardest step: ${v.hardest ?? "-"}; rater ${v.rater}${v.complete ? "" : " (incomplete)"}`);
}
async function doSolve() {
  const v = await api("solve", request({ engine: $("engine").value }));
  clearOverlays();
  if (v.solutions.length) {
    const line = typeof v.solutions[0] === "string" ? v.solutions[0] : v.solutions[0].flat().join(" ");
    S.solution = [...line].map(digitOf);
  }
  const s = v.stats || {};
  out("solve-out", `${v.status} by ${v.engine}` + (v.stats ? ` — nodes ${s.nodes}, guesses ${s.guesses}, backtracks ${s.backtracks}, ${s.micros} µs` : "") + (v.error ? `\n${v.error}` : ""));
  draw();
}
async function doExplain() {
  const v = await api("explain", request());
  clearOverlays();
  if (!v.steps) return;
  S.explain = { steps: v.steps, pos: 0 };
  $("steps").closest("details").open = true;
  showSteps();
  draw();
  const lv = v.levels || {};
  $("status").textContent = `${v.status}: ${v.steps.length} steps; HoDoKu ${lv.hodoku_level ?? "-"}, hardest SE ${lv.se_hardest ?? "-"}`;
}
async function doGenerate() {
  const body = { size: S.n, count: 1, symmetry: $("symmetry").value, extra: extrasList(), jigsaw: S.jigsaw, budget_ms: 10000 };
  if (!S.jigsaw) body.box = S.br + "x" + S.bc;
  if ($("difficulty").value) body.level = $("difficulty").value;
  out("gen-out", "generating…");
  let v;
  try { v = await api("generate", body); } catch (e) { out("gen-out", ""); return; }
  const p = v.puzzles[0];
  if (!p) { out("gen-out", "the time budget ran out before a puzzle was found; try again"); return; }
  change(() => {
    const n = S.n;
    reset(n, S.br, S.bc);
    if (p.regions) { S.jigsaw = true; S.regions = [...p.regions].map((ch) => ch.charCodeAt(0) - 49); }
    S.givens = [...p.puzzle].map(digitOf);
  });
  syncControls();
  out("gen-out", `${p.givens} givens, symmetry ${p.symmetry}, rating ${p.rating ?? "-"}, seed ${p.seed}`);
}
async function loadText(text) {
  const v = await api("parse", { puzzle: text, extra: extrasList() });
  change(() => {
    const shape = v.box || SIZES[v.size] || [v.size, 1];
    reset(v.size, shape[0], shape[1]);
    S.jigsaw = v.jigsaw;
    S.regions = v.regions;
    S.givens = v.values;
    S.extras = { diag: v.extra.includes("diagonals"), knight: v.extra.includes("anti-knight"), king: v.extra.includes("anti-king") };
  });
  syncControls();
}

// ---- URL ----------------------------------------------------------------------------------

function saveUrl() {
  const q = new URLSearchParams();
  q.set("p", puzzleLine());
  if (S.jigsaw) q.set("r", regionsText()); else q.set("box", S.br + "x" + S.bc);
  const x = extrasList();
  if (x.length) q.set("x", x.join(","));
  if (S.entries.some((e) => e)) q.set("e", S.entries.map((d) => (d ? sym(d) : ".")).join(""));
  history.replaceState(null, "", "#" + q.toString());
}
function loadUrl() {
  const q = new URLSearchParams(location.hash.slice(1));
  const p = q.get("p");
  if (!p) return false;
  const n = Math.round(Math.sqrt(p.length));
  if (n * n !== p.length || n < 1 || n > 35) return false;
  let [br, bc] = SIZES[n] || [n, 1];
  const b = /^(\d+)x(\d+)$/.exec(q.get("box") || "");
  if (b && Number(b[1]) * Number(b[2]) === n) { br = Number(b[1]); bc = Number(b[2]); }
  reset(n, br, bc);
  const r = q.get("r");
  if (r && r.length === n * n) { S.jigsaw = true; S.regions = [...r].map((ch) => digitOf(ch) - 1); }
  const x = (q.get("x") || "").split(",");
  S.extras = { diag: x.includes("diagonals"), knight: x.includes("anti-knight"), king: x.includes("anti-king") };
  S.givens = [...p].map(digitOf);
  const e = q.get("e");
  if (e && e.length === n * n) S.entries = [...e].map((ch, i) => (S.givens[i] ? 0 : digitOf(ch)));
  return true;
}

// ---- controls -----------------------------------------------------------------------------

function syncControls() {
  $("size").value = String(S.n);
  $("box").value = S.br + "x" + S.bc;
  $("jigsaw").checked = S.jigsaw;
  $("paint-row").hidden = !S.jigsaw;
  $("x-diag").checked = S.extras.diag; $("x-knight").checked = S.extras.knight; $("x-king").checked = S.extras.king;
  const pr = $("paint-region");
  if (pr.childElementCount !== S.n) {
    pr.replaceChildren(...Array.from({ length: S.n }, (_, k) => new Option(`region ${k + 1}`, k)));
  }
  $("keypad").replaceChildren();
}

function wire() {
  const sizeSel = $("size");
  for (const n of Object.keys(SIZES)) sizeSel.appendChild(new Option(`${n}×${n}`, n));
  sizeSel.onchange = () => {
    const n = Number(sizeSel.value);
    change(() => reset(n, SIZES[n][0], SIZES[n][1]));
    syncControls(); draw();
  };
  $("box").onchange = () => {
    const m = /^(\d+)\s*[x×]\s*(\d+)$/.exec($("box").value.trim());
    if (!m || Number(m[1]) * Number(m[2]) < 1 || Number(m[1]) * Number(m[2]) > 25) { $("status").textContent = "box: expected RxC with R·C from 1 to 25"; return; }
    const br = Number(m[1]), bc = Number(m[2]);
    change(() => reset(br * bc, br, bc));
    syncControls(); draw();
  };
  $("jigsaw").onchange = () => {
    change(() => { S.jigsaw = $("jigsaw").checked; if (!S.jigsaw) S.regions = boxRegions(S.n, S.br, S.bc); });
    syncControls(); draw();
  };
  for (const [id, key] of [["x-diag", "diag"], ["x-knight", "knight"], ["x-king", "king"]]) {
    $(id).onchange = () => change(() => { S.extras[key] = $(id).checked; });
  }
  $("undo").onclick = () => { if (undoStack.length) { redoStack.push(snapshot()); restore(undoStack.pop()); saveUrl(); } };
  $("redo").onclick = () => { if (redoStack.length) { undoStack.push(snapshot()); restore(redoStack.pop()); saveUrl(); } };
  $("clear-entries").onclick = () => change(() => { S.entries.fill(0); S.pencil.fill(0); });
  $("new-empty").onclick = () => change(() => reset(S.n, S.br, S.bc));
  $("load").onclick = () => loadText($("paste").value).catch(() => {});
  $("share").onclick = () => { saveUrl(); navigator.clipboard?.writeText(location.href).catch(() => {}); $("status").textContent = "link copied"; };
  $("hint").onclick = () => doHint().catch(() => {});
  $("apply").onclick = () => doApply().catch(() => {});
  $("check").onclick = () => doCheck().catch(() => {});
  $("rate").onclick = () => doRate().catch(() => {});
  $("solve").onclick = () => doSolve().catch(() => {});
  $("explain").onclick = () => doExplain().catch(() => {});
  $("generate").onclick = () => doGenerate().catch(() => {});
  $("step-prev").onclick = () => { S.explain.pos--; showSteps(); draw(); };
  $("step-next").onclick = () => { S.explain.pos++; showSteps(); draw(); };

  const board = $("board");
  let painting = false;
  const cellAt = (e) => {
    const t = document.elementFromPoint(e.clientX, e.clientY);
    const c = t && t.closest(".cell");
    return c ? Number(c.dataset.i) : -1;
  };
  board.addEventListener("pointerdown", (e) => {
    const i = cellAt(e);
    if (i < 0) return;
    board.focus();
    if (S.jigsaw) {
      painting = true;
      undoStack.push(snapshot()); redoStack.length = 0;
      S.regions[i] = Number($("paint-region").value);
    }
    S.sel = i;
    draw();
  });
  board.addEventListener("pointermove", (e) => {
    if (!painting) return;
    const i = cellAt(e);
    if (i >= 0 && S.regions[i] !== Number($("paint-region").value)) { S.regions[i] = Number($("paint-region").value); S.sel = i; draw(); }
  });
  window.addEventListener("pointerup", () => { if (painting) { painting = false; clearOverlays(); draw(); saveUrl(); } });
  board.addEventListener("keydown", (e) => {
    const n = S.n;
    const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { $("undo").click(); e.preventDefault(); return; }
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { $("redo").click(); e.preventDefault(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key in moves) {
      S.sel = (S.sel + moves[e.key] + n * n) % (n * n);
      draw(); e.preventDefault(); return;
    }
    if (e.key === " ") { $("pencil-mode").checked = !$("pencil-mode").checked; e.preventDefault(); return; }
    if (["Backspace", "Delete", "0", "."].includes(e.key)) { setCell(S.sel, 0, false); e.preventDefault(); return; }
    if (e.key.length === 1) {
      const d = digitOf(e.key);
      if (d >= 1 && d <= n) { setCell(S.sel, d, $("pencil-mode").checked); e.preventDefault(); }
    }
  });
  board.addEventListener("paste", (e) => {
    const text = e.clipboardData.getData("text");
    if (text.trim()) { e.preventDefault(); loadText(text).catch(() => {}); }
  });
  window.addEventListener("resize", () => draw());
  api("engines").then((list) => {
    for (const e of list) $("engine").appendChild(new Option(e.name, e.name));
  }).catch(() => {});
}

wire();
if (!loadUrl()) reset(9, 3, 3);
syncControls();
draw();
