// sudokit web app: plain JavaScript, no build step. All solving happens on the server through
// the JSON API; this file keeps the grid state (givens, entries, pencil marks, layout), draws
// it, and keeps the current puzzle in the URL so a link reproduces it (pencil marks and the
// undo history are kept in localStorage beside it).
//
// Design decision: every action works on the player's grid, givens plus entries. Before Solve,
// Rate, Explain, Hint, Apply or Check the page asks the server for up to two solutions
// (`assess`): of the givens, or, when the givens alone have several and the player typed the
// rest as entries, of the whole grid. No solution, several solutions, clashing digits, wrong
// entries and pencil marks that leave out the solution's digit are said up front and marked on
// the grid; only a grid with one solution and nothing wrong goes on to the action. Every call
// carries the budget setting and an AbortController: Cancel aborts the request, and the server
// stops the work when its client goes away.
"use strict";

const $ = (id) => document.getElementById(id);
const SIZES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4], 15: [3, 5], 16: [4, 4], 20: [4, 5], 25: [5, 5] };

const S = {
  n: 9, br: 3, bc: 3, jigsaw: false, regions: [],
  extras: { diag: false, knight: false, king: false },
  givens: [], entries: [], pencil: [],
  sel: 0, wrong: new Set(), wrongPencil: new Set(), solution: null, hl: null,
  explain: null, // {steps, pos, base}
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
  if (S.sel >= S.n * S.n) S.sel = 0;
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
  showError("");
  draw();
  saveUrl();
}
function undo() { if (undoStack.length) { redoStack.push(snapshot()); restore(undoStack.pop()); saveUrl(); } }
function redo() { if (redoStack.length) { undoStack.push(snapshot()); restore(redoStack.pop()); saveUrl(); } }
function clearOverlays() {
  S.wrong = new Set(); S.wrongPencil = new Set(); S.solution = null; S.hl = null; S.explain = null; showSteps();
}

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

function playerValues() { return S.givens.map((g, i) => g || S.entries[i]); }
// Cells whose digit a peer also holds (the grid cannot be solved as it stands).
function conflictCells(values) {
  const bad = new Set();
  for (let i = 0; i < values.length; i++) {
    if (!values[i]) continue;
    for (const p of peersOf(i)) if (p > i && values[p] === values[i]) { bad.add(i); bad.add(p); }
  }
  return bad;
}
function cellName(i) { return `r${Math.floor(i / S.n) + 1}c${(i % S.n) + 1}`; }
function cellNames(set) { return [...set].sort((a, b) => a - b).map(cellName).join(", "); }
function digitsOf(mask) { const ds = []; for (let d = 1; d <= S.n; d++) if (mask & (1 << d)) ds.push(sym(d)); return ds; }

function draw() {
  const n = S.n, board = $("board");
  board.style.setProperty("--n", n);
  board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
  const m = Math.ceil(Math.sqrt(n));
  const view = S.explain ? explainView() : null;
  const values = view ? view.values : playerValues();
  const selPeers = peersOf(S.sel);
  const selVal = values[S.sel];
  const hl = S.hl || (view && view.hl) || null;
  const houseSet = new Set(hl ? hl.houses.flatMap(houseCells) : []);
  const cellSet = new Set(hl ? hl.cells : []);
  const cands = hl ? hl.cands : new Map();
  const computed = (hl || view) ? (view ? view.cands : candidatesOf(values)) : null;
  const conflicts = !view && $("live-conflicts").checked ? conflictCells(values) : new Set();
  const frag = document.createDocumentFragment();
  let row = null;
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n, el = document.createElement("div");
    if (c === 0) { row = document.createElement("div"); row.className = "grow"; row.setAttribute("role", "row"); frag.appendChild(row); }
    el.className = "cell";
    el.id = "cell-" + i;
    el.dataset.i = i;
    el.setAttribute("role", "gridcell");
    if (r > 0 && S.regions[i - n] !== S.regions[i]) el.classList.add("bt");
    if (c > 0 && S.regions[i - 1] !== S.regions[i]) el.classList.add("bl");
    if (S.jigsaw) el.style.backgroundColor = `hsl(${(S.regions[i] * 47) % 360} 70% 95%)`;
    if (S.extras.diag && (r === c || r + c === n - 1)) el.classList.add("diag");
    if (selPeers.has(i)) el.classList.add("peer");
    if (selVal && values[i] === selVal) el.classList.add("same");
    if (houseSet.has(i)) el.classList.add("hl-house");
    if (cellSet.has(i)) el.classList.add("hl");
    if (conflicts.has(i)) el.classList.add("conflict");
    if (S.wrong.has(i)) el.classList.add("wrong");
    if (S.wrongPencil.has(i)) el.classList.add("wrong-pencil");
    if (i === S.sel) { el.classList.add("sel"); el.setAttribute("aria-selected", "true"); }
    if (S.givens[i]) el.classList.add("given");
    let v = values[i], label = `row ${r + 1}, column ${c + 1}: `;
    if (!v && S.solution && S.solution[i]) { v = S.solution[i]; el.classList.add("solved"); }
    if (v) {
      el.textContent = sym(v);
      label += sym(v) + (S.givens[i] ? ", given" : el.classList.contains("solved") ? ", from the solution" : "");
    } else {
      let mask = S.pencil[i];
      const roles = cands.get(i);
      if (view) mask = view.cands[i];
      else if ((!mask && roles) || (!mask && computed && hl)) mask = computed[i];
      label += "empty";
      if (mask) label += `, candidates ${digitsOf(mask).join(" ")}`;
      if (mask || roles) {
        const g = document.createElement("div");
        g.className = "marks";
        g.setAttribute("aria-hidden", "true");
        g.style.setProperty("--m", m);
        g.style.gridTemplateColumns = `repeat(${m}, 1fr)`;
        for (let d = 1; d <= n; d++) {
          const s = document.createElement("span");
          // Drawn by CSS from data-d: the cell's accessible name lists its candidates, so
          // their glyphs stay out of its text.
          if (mask & (1 << d)) s.dataset.d = sym(d);
          if (roles && roles.has(d)) { s.className = roles.get(d); s.dataset.d = sym(d); }
          g.appendChild(s);
        }
        el.appendChild(g);
      }
    }
    if (conflicts.has(i)) label += ", clashes with a peer";
    if (S.wrong.has(i)) label += ", wrong";
    if (S.wrongPencil.has(i)) label += ", pencil marks leave out the answer";
    el.setAttribute("aria-label", label);
    row.appendChild(el);
  }
  board.replaceChildren(frag);
  board.setAttribute("aria-activedescendant", "cell-" + S.sel);
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
  svg.setAttribute("aria-hidden", "true");
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
  $("board-holder").appendChild(svg);
}

// The digit buttons: rebuilt whenever the grid's size changes (after Load, Generate, a size).
function drawKeypad() {
  const k = $("keypad");
  if (k.childElementCount === S.n + 1) return;
  k.replaceChildren();
  for (let d = 1; d <= S.n; d++) {
    const b = document.createElement("button");
    b.textContent = sym(d);
    b.setAttribute("aria-label", `digit ${d}`);
    b.onclick = () => setCell(S.sel, d, $("pencil-mode").checked);
    k.appendChild(b);
  }
  const x = document.createElement("button");
  x.textContent = "⌫";
  x.title = "clear the cell";
  x.setAttribute("aria-label", "clear the cell");
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
  const values = S.explain.base.slice();
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

// ---- messages -----------------------------------------------------------------------------

// Errors (a request refused, a link that does not read) go to the alert slot; every other
// message goes where the action's answer goes (the hint text beside the grid, a panel).
function showError(text) { $("status").textContent = text; }
function out(id, text) { $(id).textContent = text; }
function say(text) { out("hint-out", text); }

// ---- server calls -------------------------------------------------------------------------

let job = null; // {ctl, label, start, timer} of the action running now
function budgetMs() { return Number($("budget").value); }

// Runs `fn(signal)` as the one action of the moment: the busy bar shows its name, the seconds
// it has run against the budget, and a Cancel that aborts its requests (the server then stops
// the work: a request whose client went away sets its budget's cancel flag).
async function runJob(label, fn) {
  if (job) job.ctl.abort();
  const me = { ctl: new AbortController(), label, start: Date.now() };
  job = me;
  const bar = $("busy");
  const tick = () => { $("busy-text").textContent = `${label}… ${Math.round((Date.now() - me.start) / 1000)} s (budget ${budgetMs() / 1000} s)`; };
  tick();
  bar.hidden = false;
  me.timer = setInterval(tick, 500);
  try {
    await fn(me.ctl.signal);
  } catch (e) {
    if (e.name === "AbortError") say(`${label}: cancelled.`);
  } finally {
    clearInterval(me.timer);
    if (job === me) { job = null; bar.hidden = true; }
  }
}
function cancelJob() { if (job) job.ctl.abort(); }

async function api(path, body, signal) {
  showError("");
  const res = await fetch("api/" + path, body === undefined ? { signal } : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
  });
  const v = await res.json();
  if (!res.ok) { showError(friendly(v.error || res.statusText)); throw new Error(v.error); }
  return v;
}
// The server's words are the command line's; a few read better on the page.
function friendly(msg) {
  return msg.replace(/\s*\(--givens\)/g, "").replace(/^puzzle has (\d+) rows?, expected (\d+)/, "the text has $1 line(s) of cells where the grid needs $2");
}
function lineOf(values) { return values.map((d) => (d ? sym(d) : ".")).join(""); }
function request(extra, puzzle) {
  return Object.assign({ puzzle: puzzle || puzzleLine() }, layoutFields(), { budget_ms: budgetMs() }, extra || {});
}
function pencilField() {
  if (!S.pencil.some((p) => p)) return {};
  return { pencil: S.pencil.map((p, i) => (S.givens[i] || S.entries[i] ? [] : digitsOf(p).map(digitOf))) };
}
function solutionOf(v) {
  const line = typeof v === "string" ? v : v.flat().join(" ");
  return line.includes(" ") ? line.split(/\s+/).filter(Boolean).map(Number) : [...line].map(digitOf);
}

// Up to two solutions of `puzzle` (a line), remembered: Apply after Apply asks once.
const truthCache = new Map();
async function solutionsOf(puzzle, signal) {
  const key = JSON.stringify([puzzle, layoutFields()]);
  if (truthCache.has(key)) return truthCache.get(key);
  let v;
  try {
    v = await api("solve", request({ limit: 2 }, puzzle), signal);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    showError("");
    return { status: "invalid", error: friendly(e.message || "") };
  }
  const t = { status: v.status, error: v.error, solutions: (v.solutions || []).map(solutionOf) };
  if (t.status !== "stopped") { truthCache.set(key, t); if (truthCache.size > 50) truthCache.delete(truthCache.keys().next().value); }
  return t;
}

// What the player's grid is: {ok: true, basis, solution, unique} or {ok: false, message}, with
// clashes, wrong entries and wrong pencil marks marked on the grid. `basis` is the puzzle the
// actions work on: the givens when they have one solution, else the whole grid when the
// player typed the puzzle as entries. With `allowSeveral`, a puzzle with several solutions
// still answers (Solve shows one of them).
async function assess(signal, allowSeveral) {
  clearOverlays();
  const values = playerValues();
  const clash = conflictCells(values);
  if (clash.size) {
    // Entries that clash are the player's to fix; givens that clash with givens make the
    // puzzle itself unsolvable, and are never called wrong entries.
    const entries = new Set([...clash].filter((i) => !S.givens[i]));
    if (!entries.size) return { ok: false, message: `This puzzle has no solution: the givens ${cellNames(clash)} repeat a digit in a row, column or region.` };
    S.wrong = entries;
    draw();
    return { ok: false, message: `${entries.size === 1 ? "This entry repeats" : "These entries repeat"} a digit a peer holds: ${cellNames(entries)} (marked red). The grid has no solution as it stands: clear ${entries.size === 1 ? "it" : "them"} or change ${entries.size === 1 ? "it" : "them"}.` };
  }
  const hasEntries = S.entries.some((e, i) => e && !S.givens[i]);
  let basis = puzzleLine();
  let t = await solutionsOf(basis, signal);
  if (t.status === "solved" && t.solutions.length > 1 && hasEntries) {
    // The givens alone have several solutions: the player's digits may complete the puzzle.
    const whole = await solutionsOf(lineOf(values), signal);
    if (whole.status === "unsolvable") return suspects(values, signal);
    basis = lineOf(values);
    t = whole;
  }
  if (t.status === "stopped" || t.status === "unknown") return { ok: false, message: `The puzzle could not be solved within the budget of ${budgetMs() / 1000} s: raise the budget (Settings) and try again.` };
  if (t.status === "invalid") return { ok: false, message: `This puzzle has no solution: ${t.error}.` };
  if (t.status === "unsolvable" || !t.solutions.length) return { ok: false, message: "This puzzle has no solution: no digit can be placed in every cell, whatever the entries. Check the givens." };
  if (t.solutions.length > 1) {
    if (allowSeveral) return { ok: true, basis, solution: t.solutions[0], unique: false };
    return { ok: false, message: "This puzzle has 2 or more solutions, so no step can be trusted. Add givens (tick \"edit givens\") until it has exactly one." };
  }
  const sol = t.solutions[0];
  const basisValues = [...basis].map(digitOf);
  S.wrong = new Set(values.map((v, i) => i).filter((i) => values[i] && !basisValues[i] && values[i] !== sol[i]));
  S.wrongPencil = new Set(S.pencil.map((p, i) => i).filter((i) => !values[i] && S.pencil[i] && !(S.pencil[i] & (1 << sol[i]))));
  if (S.wrong.size || S.wrongPencil.size) {
    draw();
    const parts = [];
    if (S.wrong.size) parts.push(`${S.wrong.size === 1 ? "This entry is" : `These ${S.wrong.size} entries are`} wrong: ${cellNames(S.wrong)} (marked red). Clear ${S.wrong.size === 1 ? "it" : "them"} before going on.`);
    if (S.wrongPencil.size) parts.push(`The pencil marks of ${cellNames(S.wrongPencil)} leave out the digit that belongs there (marked orange): add it back before going on.`);
    return { ok: false, message: parts.join("\n") };
  }
  return { ok: true, basis, solution: sol, unique: true };
}
// The player's grid has no solution and its givens have several, so no solution tells which
// entries are wrong: the server names the digits whose removal alone gives the grid a solution
// again (`hint` on the whole grid), and those that are entries are marked.
async function suspects(values, signal) {
  const v = await api("hint", request({ level: 1 }, lineOf(values)), signal);
  const cells = (v.wrong || []).map((w) => (w.row - 1) * S.n + (w.col - 1)).filter((i) => !S.givens[i]);
  if (!cells.length) return { ok: false, message: "Your grid has no solution: some of your entries are wrong, but no single one of them explains it. Undo back to where the grid was right." };
  S.wrong = new Set(cells);
  draw();
  if (cells.length === 1) return { ok: false, message: `This entry is wrong: ${cellNames(S.wrong)} (marked red): without it the grid has a solution again. Clear it before going on.` };
  return { ok: false, message: `One of these entries is wrong: ${cellNames(S.wrong)} (marked red): clearing any one of them gives the grid a solution again.` };
}
// The entries not already part of the basis puzzle (the player's own digits on top of it).
function entriesOver(basis) {
  const b = [...basis].map(digitOf);
  return S.entries.map((e, i) => (S.givens[i] || b[i] ? 0 : e));
}

async function doHint(signal) {
  const a = await assess(signal);
  if (!a.ok) { say(a.message); return; }
  const level = Number($("hint-level").value);
  const v = await api("hint", request(Object.assign({ level, entries: entriesOver(a.basis) }, pencilField()), a.basis), signal);
  clearOverlays();
  if (v.step) S.hl = highlightOf(v.step);
  else if (v.houses && v.houses.length) S.hl = { cells: [], houses: v.houses, cands: new Map(), chains: [] };
  say(v.text ?? v.error);
  draw();
}
// Applies the next step to the player's grid: its placements become entries, its eliminations
// come off the pencil marks. A cell without marks gets its computed candidates first, so the
// removal is kept and the next hint moves on (the server reads an unmarked cell as "every
// digit"). The step is asked for at level 3 whatever the level shown, and is highlighted.
async function doApply(signal) {
  const a = await assess(signal);
  if (!a.ok) { say(a.message); return; }
  const v = await api("hint", request(Object.assign({ level: 3, entries: entriesOver(a.basis) }, pencilField()), a.basis), signal);
  if (!v.step) { clearOverlays(); say(v.text ?? v.error); draw(); return; }
  const step = v.step, idx = (p) => (p.row - 1) * S.n + (p.col - 1);
  change(() => {
    const values = playerValues();
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
  const left = playerValues().filter((v) => !v).length;
  say(`Applied: ${v.text}` + (left ? "" : "\nThe grid is solved."));
  draw();
}
async function doCheck(signal) {
  const a = await assess(signal);
  if (!a.ok) { say(a.message); return; }
  const filled = S.entries.filter((e, i) => e && !S.givens[i]).length;
  const marked = S.pencil.filter((p, i) => p && !playerValues()[i]).length;
  say(`No wrong entries among ${filled}` + (marked ? `, and the pencil marks of ${marked} cells all keep the answer` : "") + ". The puzzle has exactly one solution.");
}
async function doRate(signal) {
  const a = await assess(signal);
  if (!a.ok) { say(a.message); return; }
  const v = await api("rate", request({}, a.basis), signal);
  if (v.error) { say(`Not rated (${v.status}): ${v.error}`); return; }
  say(`SE rating ${v.er ?? "-"} (pearl ${v.ep ?? "-"}, diamond ${v.ed ?? "-"}); hardest step: ${v.hardest ?? "-"}; rater ${v.rater}${v.complete ? "" : " (incomplete: the budget ran out)"}.` +
    "\nThis is Sudoku Explainer's rating: the hardest step on SE's own path, whose techniques and order differ from Explain's HoDoKu path, so Explain's \"hardest SE\" can differ.");
}
async function doSolve(signal) {
  const a = await assess(signal, true);
  if (!a.ok) { say(a.message); out("solve-out", a.message); return; }
  const v = await api("solve", request({ engine: $("engine").value }, lineOf(playerValues())), signal);
  if (v.solutions.length) S.solution = solutionOf(v.solutions[0]);
  const s = v.stats || {};
  const note = a.unique ? "" : "\nThis puzzle has 2 or more solutions: one of them is shown.";
  out("solve-out", `${v.status} by ${v.engine}` + (v.stats ? ` — nodes ${s.nodes}, guesses ${s.guesses}, backtracks ${s.backtracks}, ${s.micros} µs` : "") + (v.error ? `\n${v.error}` : "") + note);
  if (note) say(note.trim());
  draw();
}
async function doExplain(signal) {
  const a = await assess(signal);
  if (!a.ok) { say(a.message); return; }
  const v = await api("explain", request({}, a.basis), signal);
  clearOverlays();
  if (!v.steps) { say(v.error || v.status); return; }
  S.explain = { steps: v.steps, pos: 0, base: [...a.basis].map(digitOf) };
  $("steps").closest("details").open = true;
  showSteps();
  draw();
  const lv = v.levels || {};
  say(`${v.status}: ${v.steps.length} steps; HoDoKu ${lv.hodoku_level ?? "-"}, hardest SE ${lv.se_hardest ?? "-"} (the hardest step of this HoDoKu-order path priced on SE's scale; Rate gives SE's own rating).`);
}
let lastSeed = "";
async function doGenerate(signal) {
  const body = { size: S.n, count: 1, symmetry: $("symmetry").value, extra: extrasList(), jigsaw: S.jigsaw, budget_ms: budgetMs() };
  if (!S.jigsaw) body.box = S.br + "x" + S.bc;
  if ($("difficulty").value) body.level = $("difficulty").value;
  const seed = $("seed").value.trim();
  if (seed) {
    if (!/^\d+$/.test(seed)) { showError(`seed: '${seed}' is not a whole number`); return; }
    body.seed = seed;
  }
  out("gen-out", "");
  const v = await api("generate", body, signal);
  const p = v.puzzles[0];
  lastSeed = v.seed;
  if (!p) {
    out("gen-out", `No puzzle within the budget of ${budgetMs() / 1000} s (seed ${v.seed}). Try again, raise the budget (Settings), or choose an easier difficulty.`);
    return;
  }
  change(() => {
    const n = S.n;
    reset(n, S.br, S.bc);
    if (p.regions) { S.jigsaw = true; S.regions = [...p.regions].map((ch) => ch.charCodeAt(0) - 49); }
    S.givens = [...p.puzzle].map(digitOf);
  });
  syncControls();
  draw();
  out("gen-out", `${p.givens} givens, symmetry ${p.symmetry}, rating ${p.rating ?? "-"}, seed ${v.seed}`);
}
async function loadText(text) {
  let v;
  try { v = await api("parse", { puzzle: text, extra: extrasList() }); } catch (e) {
    showError(`Could not read that puzzle: ${friendly(e.message || "")}`);
    return;
  }
  change(() => {
    const shape = v.box || SIZES[v.size] || [v.size, 1];
    reset(v.size, shape[0], shape[1]);
    S.jigsaw = v.jigsaw;
    S.regions = v.regions;
    S.givens = v.values;
    S.extras = { diag: v.extra.includes("diagonals"), knight: v.extra.includes("anti-knight"), king: v.extra.includes("anti-king") };
  });
  syncControls();
  draw();
}

// ---- URL and saved state ------------------------------------------------------------------

function saveUrl() {
  const q = new URLSearchParams();
  q.set("p", puzzleLine());
  if (S.jigsaw) q.set("r", regionsText()); else q.set("box", S.br + "x" + S.bc);
  const x = extrasList();
  if (x.length) q.set("x", x.join(","));
  if (S.entries.some((e) => e)) q.set("e", S.entries.map((d) => (d ? sym(d) : ".")).join(""));
  history.replaceState(null, "", "#" + q.toString());
  persist();
}
// localStorage, or nothing where the browser refuses it (the page works without it).
function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
function store(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* full or off */ } }

// Pencil marks and the undo history live in localStorage, beside the URL they belong to.
const STORE = "sudokit-page";
function persist() {
  store(STORE, JSON.stringify({ hash: location.hash, state: snapshot(), undo: undoStack.slice(-50), redo: redoStack.slice(-50) }));
}
function restoreSaved() {
  try {
    const saved = JSON.parse(stored(STORE) || "null");
    if (!saved || saved.hash !== location.hash) return;
    Object.assign(S, JSON.parse(saved.state));
    undoStack.push(...saved.undo); redoStack.push(...saved.redo);
  } catch (e) { /* a damaged entry is ignored */ }
}
// Reads the URL fragment; a fragment that does not describe a grid is reported, not drawn.
function loadUrl() {
  const q = new URLSearchParams(location.hash.slice(1));
  const p = q.get("p");
  if (!p) return false;
  const n = Math.round(Math.sqrt(p.length));
  if (n * n !== p.length || n < 4 || n > 25) { showError(`The link's puzzle has ${p.length} cells, which is not the square of a grid side from 4 to 25: showing an empty grid.`); return false; }
  const bad = [...p].findIndex((ch) => ch !== "." && ch !== "0" && !(digitOf(ch) >= 1 && digitOf(ch) <= n));
  if (bad >= 0) { showError(`The link's puzzle has '${p[bad]}' at cell ${bad + 1}, which is not a digit of a ${n}×${n} grid: showing an empty grid.`); return false; }
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
  if (e && e.length === n * n) S.entries = [...e].map((ch, i) => (S.givens[i] || digitOf(ch) > n ? 0 : digitOf(ch)));
  restoreSaved();
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
}

// Keys that work anywhere but in a text field. A letter that is a digit of the grid (A = 10
// from 10×10 up) types the digit on the grid; Alt with the letter always runs the action.
const SHORTCUTS = { h: "hint", a: "apply", c: "check", s: "solve", r: "rate", e: "explain", g: "generate" };
function onKey(e) {
  const t = e.target;
  const inField = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT");
  const k = e.key.toLowerCase();
  if ((e.ctrlKey || e.metaKey) && !e.altKey && (k === "z" || k === "y")) {
    if (inField && t.tagName !== "SELECT" && t.type !== "checkbox") return;
    if (k === "y" || e.shiftKey) redo(); else undo();
    e.preventDefault();
    return;
  }
  if (inField || e.ctrlKey || e.metaKey) return;
  if (e.key === "?") { openHelp(); e.preventDefault(); return; }
  if (e.key === "Escape" && job) { cancelJob(); e.preventDefault(); return; }
  if (SHORTCUTS[k] && (e.altKey || !(digitOf(k) >= 1 && digitOf(k) <= S.n && t === $("board")))) {
    $(SHORTCUTS[k]).click();
    e.preventDefault();
  }
}
function openHelp() {
  const d = $("help");
  if (!d.open) d.showModal();
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
    if (!m || Number(m[1]) * Number(m[2]) < 4 || Number(m[1]) * Number(m[2]) > 25) { showError("box: type rows×columns of a box, such as 3x3 or 2x3 (a side from 4 to 25)"); return; }
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
  const live = stored("sudokit-live-conflicts");
  if (live !== null) $("live-conflicts").checked = live === "1";
  $("live-conflicts").onchange = () => { store("sudokit-live-conflicts", $("live-conflicts").checked ? "1" : "0"); draw(); };
  const budget = stored("sudokit-budget");
  if (budget && [...$("budget").options].some((o) => o.value === budget)) $("budget").value = budget;
  $("budget").onchange = () => store("sudokit-budget", $("budget").value);
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("clear-entries").onclick = () => change(() => { S.entries.fill(0); S.pencil.fill(0); });
  $("new-empty").onclick = () => change(() => reset(S.n, S.br, S.bc));
  $("load").onclick = () => loadText($("paste").value);
  $("share").onclick = () => { saveUrl(); navigator.clipboard?.writeText(location.href).catch(() => {}); out("share-out", "Link copied."); };
  const actions = { hint: ["Hint", doHint], apply: ["Apply", doApply], check: ["Check", doCheck], rate: ["Rating", doRate],
    solve: ["Solving", doSolve], explain: ["Explaining", doExplain], generate: ["Generating", doGenerate] };
  for (const [id, [label, fn]] of Object.entries(actions)) $(id).onclick = () => runJob(label, (signal) => fn(signal).catch((e) => { if (e.name === "AbortError") throw e; }));
  $("cancel").onclick = cancelJob;
  $("replay").onclick = () => { if (lastSeed) { $("seed").value = lastSeed; $("generate").click(); } };
  $("help-open").onclick = openHelp;
  $("help-close").onclick = () => $("help").close();
  $("step-prev").onclick = () => { S.explain.pos--; showSteps(); draw(); };
  $("step-next").onclick = () => { S.explain.pos++; showSteps(); draw(); };
  $("engine").onchange = () => { const o = $("engine").selectedOptions[0]; out("engine-about", o ? o.title : ""); };

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
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key in moves) {
      S.sel = (S.sel + moves[e.key] + n * n) % (n * n);
      draw(); e.preventDefault(); return;
    }
    if (e.key === " ") { $("pencil-mode").checked = !$("pencil-mode").checked; e.preventDefault(); return; }
    if (["Backspace", "Delete", "0", "."].includes(e.key)) { setCell(S.sel, 0, false); e.preventDefault(); return; }
    if (e.key.length === 1) {
      const d = digitOf(e.key);
      if (d >= 1 && d <= n) { setCell(S.sel, d, $("pencil-mode").checked); e.preventDefault(); e.stopPropagation(); }
    }
  });
  document.addEventListener("keydown", onKey);
  board.addEventListener("paste", (e) => {
    const text = e.clipboardData.getData("text");
    if (text.trim()) { e.preventDefault(); loadText(text); }
  });
  window.addEventListener("resize", () => draw());
  api("engines").then((list) => {
    for (const e of list) {
      const o = new Option(e.name, e.name);
      o.title = `${e.about}${e.complete ? "" : " (incomplete: may give up)"}`;
      $("engine").appendChild(o);
    }
    $("engine").options[0].title = "auto: the fastest engine for the grid's layout";
    $("engine").onchange();
  }).catch(() => {});
}

wire();
if (!loadUrl()) reset(9, 3, 3);
syncControls();
draw();
