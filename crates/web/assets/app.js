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
//
// Variant rules (killer cages, thermos, lines, dots, outside clues …) are the server's: the page
// keeps them as `/api/parse` returned them (sudokit's JSON), sends them back inside every
// request's puzzle text, keeps them in the URL, and only draws them (an SVG over the grid).
"use strict";

const $ = (id) => document.getElementById(id);
const SIZES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4], 15: [3, 5], 16: [4, 4], 20: [4, 5], 25: [5, 5] };

const S = {
  n: 9, br: 3, bc: 3, jigsaw: false, regions: [],
  extras: { diag: false, knight: false, king: false },
  givens: [], entries: [], pencil: [],
  rules: [], ruleText: [], // variant rules (sudokit JSON) and their descriptions, from the server
  trueCands: null, // per cell, the true candidates' bit mask (bit d) once asked for
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
    givens: S.givens, entries: S.entries, pencil: S.pencil, rules: S.rules, ruleText: S.ruleText });
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
  S.wrong = new Set(); S.wrongPencil = new Set(); S.solution = null; S.hl = null; S.explain = null; S.trueCands = null; showSteps();
}

function reset(n, br, bc) {
  S.n = n; S.br = br; S.bc = bc; S.jigsaw = false;
  S.regions = boxRegions(n, br, bc);
  S.givens = new Array(n * n).fill(0);
  S.entries = new Array(n * n).fill(0);
  S.pencil = new Array(n * n).fill(0);
  S.rules = []; S.ruleText = [];
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
  // Outside clues (sandwich, X-sum, skyscraper, little killer) sit in a one-cell margin.
  const holder = $("board-holder");
  holder.style.padding = "0";
  if (hasOutside()) holder.style.padding = `${holder.getBoundingClientRect().width / (n + 2)}px`;
  const notes = ruleNotes();
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
      const truth = !view && !roles && S.trueCands && S.trueCands[i];
      if (truth) mask = S.trueCands[i];
      if (view) mask = view.cands[i];
      else if ((!mask && roles) || (!mask && computed && hl)) mask = computed[i];
      label += "empty";
      if (mask) label += `, ${truth ? "true " : ""}candidates ${digitsOf(mask).join(" ")}`;
      if (mask || roles) {
        const g = document.createElement("div");
        g.className = truth ? "marks true" : "marks";
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
    if (notes[i].length) label += `; ${notes[i].join(", ")}`;
    if (conflicts.has(i)) label += ", clashes with a peer";
    if (S.wrong.has(i)) label += ", wrong";
    if (S.wrongPencil.has(i)) label += ", pencil marks leave out the answer";
    el.setAttribute("aria-label", label);
    row.appendChild(el);
  }
  board.replaceChildren(frag);
  board.setAttribute("aria-activedescendant", "cell-" + S.sel);
  drawLinks(hl);
  drawRules();
  drawLegend();
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

// ---- variant rules ------------------------------------------------------------------------
// The rules come from the server (`/api/parse`) in sudokit's JSON and go back with every
// request as the puzzle's `rules`; the page only draws them: one SVG over the grid in cell
// units (a cell is 1×1), each rule a <g class="rule TYPE" data-cells="r1c1 …">, hidden from
// screen readers (the legend below the grid names every rule in words).

const SVGNS = "http://www.w3.org/2000/svg";
const OUTSIDE = new Set(["sandwich", "x-sum", "skyscraper", "little-killer"]);
const LINE_COLOURS = { renban: "#c026d3", whispers: "#16a34a", palindrome: "#6b7280", between: "#0284c7",
  entropic: "#ea580c", zipper: "#7c3aed", "region-sum": "#2563eb" };
const SHADES = { "extra-region": "#a78bfa", "row-indexer": "#f87171", "column-indexer": "#4ade80", "box-indexer": "#60a5fa" };
// What each rule means, for the legend (the server's descriptions name the cells).
const MEANING = {
  difference: "white dot: the two digits differ by 1 (or the number shown)",
  ratio: "black dot: one digit is twice the other (or the ratio shown)",
  xv: "X: the two digits sum to 10; V: to 5",
  "greater-than": "the symbol's open side holds the greater digit",
  nonconsecutive: "orthogonal neighbours are never consecutive",
  negative: "negative constraint: every pair that qualifies is marked",
  killer: "dashed cage: digits do not repeat and sum to the small number",
  "little-killer": "the digits along the arrow's diagonal sum to the clue (repeats allowed)",
  sandwich: "the digits between 1 and the largest digit in the row or column sum to the clue",
  "x-sum": "the first X digits from the clue sum to it, X being the first digit",
  skyscraper: "the clue counts the digits seen from it, higher ones hiding lower ones",
  "region-sum": "each region's stretch of the blue line has the same sum",
  thermo: "digits increase from the bulb",
  arrow: "the circle's digits (read as a number) equal the sum along the arrow",
  renban: "pink line: a run of consecutive digits in any order",
  whispers: "green line: neighbours differ by at least 5 (or the difference shown)",
  palindrome: "grey line: reads the same both ways",
  between: "blue line: digits strictly between those in its end circles",
  entropic: "orange line: every three in a row hold one low, one middle and one high digit",
  zipper: "purple line: pairs the same distance from the centre have the same sum",
  odd: "grey circle: an odd digit", even: "grey square: an even digit",
  minimum: "smaller than every orthogonal neighbour", maximum: "greater than every orthogonal neighbour",
  quadruple: "the digits on the corner appear in its four cells",
  clone: "same-coloured shapes hold the same digits", "extra-region": "shaded region: digits do not repeat",
  "disjoint-groups": "cells in the same place of every box hold different digits",
  "row-indexer": "red cells index rows", "column-indexer": "green cells index columns", "box-indexer": "blue cells index boxes",
};

function svgEl(parent, tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
// `r1c1` → [row, col] from 0.
function rc(name) { const m = /^r(\d+)c(\d+)$/i.exec(name); return [Number(m[1]) - 1, Number(m[2]) - 1]; }
function centre([r, c]) { return [c + 0.5, r + 0.5]; }
function hasOutside() { return S.rules.some((r) => OUTSIDE.has(r.type)); }
function poly(g, pts, attrs) {
  return svgEl(g, "polyline", Object.assign({ points: pts.map((p) => p.join(",")).join(" "), fill: "none",
    "stroke-linecap": "round", "stroke-linejoin": "round" }, attrs));
}

// A cage's dashed outline, inset `a` inside its cells: each side facing outside the cage, run
// on to meet its neighbour's side at the cage's inner corners.
function cageOutline(g, cells, a) {
  const n = S.n, set = new Set(cells.map(([r, c]) => r * n + c));
  const on = (r, c) => r >= 0 && c >= 0 && r < n && c < n && set.has(r * n + c);
  // The end of a side at cell boundary `b` that runs toward `step`: `along` in the cage, `diag`
  // the cell beyond the corner.
  const end = (b, step, along, diag) => (along ? (diag ? b + step * a : b) : b - step * a);
  let d = "";
  for (const [r, c] of cells) {
    for (const dr of [-1, 1]) {
      if (on(r + dr, c)) continue;
      const y = dr < 0 ? r + a : r + 1 - a;
      d += `M${end(c, -1, on(r, c - 1), on(r + dr, c - 1))} ${y}H${end(c + 1, 1, on(r, c + 1), on(r + dr, c + 1))}`;
    }
    for (const dc of [-1, 1]) {
      if (on(r, c + dc)) continue;
      const x = dc < 0 ? c + a : c + 1 - a;
      d += `M${x} ${end(r, -1, on(r - 1, c), on(r - 1, c + dc))}V${end(r + 1, 1, on(r + 1, c), on(r + 1, c + dc))}`;
    }
  }
  svgEl(g, "path", { d, fill: "none", stroke: "#111", "stroke-width": 0.035, "stroke-dasharray": "0.09 0.06" });
}
function shade(g, cells, colour, opacity) {
  for (const [r, c] of cells) svgEl(g, "rect", { x: c, y: r, width: 1, height: 1, fill: colour, "fill-opacity": opacity });
}
function label(g, x, y, text, size, attrs) {
  return svgEl(g, "text", Object.assign({ x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central",
    "font-family": "system-ui, sans-serif", fill: "#111" }, attrs || {}), text);
}
function arrowHead(g, [x, y], [dx, dy], len, attrs) {
  const l = Math.hypot(dx, dy) || 1, ux = dx / l, uy = dy / l, k = Math.cos(0.6), s = Math.sin(0.6);
  poly(g, [[x - len * (ux * k - uy * s), y - len * (uy * k + ux * s)], [x, y], [x - len * (ux * k + uy * s), y - len * (uy * k - ux * s)]], attrs);
}
function mid(a, b) { const [x1, y1] = centre(a), [x2, y2] = centre(b); return [(x1 + x2) / 2, (y1 + y2) / 2]; }

function drawRule(svg, rule, k) {
  const cells = (rule.cells || []).map(rc);
  const g = svgEl(svg, "g", { class: `rule ${rule.type}`, "data-cells": (rule.circle || []).concat(rule.cells || []).join(" ") });
  const grey = "#6b7280";
  switch (rule.type) {
    case "killer": {
      cageOutline(g, cells, 0.07);
      if (rule.sum !== undefined) {
        const [r, c] = cells.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1])[0];
        const t = String(rule.sum);
        // Readable on a phone (a 9×9 cell is about 35 px there): 0.3 of a cell.
        svgEl(g, "rect", { x: c + 0.02, y: r + 0.02, width: 0.06 + 0.17 * t.length, height: 0.32, fill: "#fff" });
        label(g, c + 0.05 + 0.085 * t.length, r + 0.18, t, 0.3, { class: "sum" });
      }
      break;
    }
    case "thermo":
      svgEl(g, "circle", { cx: centre(cells[0])[0], cy: centre(cells[0])[1], r: 0.36, fill: "#9ca3af", "fill-opacity": 0.55 });
      poly(g, cells.map(centre), { stroke: "#9ca3af", "stroke-opacity": 0.55, "stroke-width": 0.28, "stroke-dasharray": rule.slow ? "0.3 0.12" : "none" });
      break;
    case "arrow": {
      const circle = rule.circle.map(rc);
      if (circle.length === 1) {
        svgEl(g, "circle", { cx: centre(circle[0])[0], cy: centre(circle[0])[1], r: 0.4, fill: "none", stroke: grey, "stroke-width": 0.05 });
      } else {
        const rs = circle.map((p) => p[0]), cs = circle.map((p) => p[1]);
        const x = Math.min(...cs) + 0.1, y = Math.min(...rs) + 0.1;
        svgEl(g, "rect", { x, y, width: Math.max(...cs) + 0.9 - x, height: Math.max(...rs) + 0.9 - y, rx: 0.4, fill: "none", stroke: grey, "stroke-width": 0.05 });
      }
      if (!cells.length) break;
      const near = circle.slice().sort((p, q) => Math.max(Math.abs(p[0] - cells[0][0]), Math.abs(p[1] - cells[0][1])) - Math.max(Math.abs(q[0] - cells[0][0]), Math.abs(q[1] - cells[0][1])))[0];
      const [x0, y0] = centre(near), [x1, y1] = centre(cells[0]), l = Math.hypot(x1 - x0, y1 - y0) || 1;
      const pts = [[x0 + (x1 - x0) / l * 0.4, y0 + (y1 - y0) / l * 0.4]].concat(cells.map(centre));
      const attrs = { stroke: grey, "stroke-width": 0.05 };
      poly(g, pts, attrs);
      const a = pts[pts.length - 2], b = pts[pts.length - 1];
      arrowHead(g, b, [b[0] - a[0], b[1] - a[1]], 0.25, attrs);
      break;
    }
    case "difference": case "ratio": {
      const [x, y] = mid(cells[0], cells[1]), black = rule.type === "ratio";
      svgEl(g, "circle", { cx: x, cy: y, r: 0.13, fill: black ? "#111" : "#fff", stroke: "#111", "stroke-width": 0.03 });
      const standard = black ? 2 : 1;
      if (rule.value !== undefined && rule.value !== standard) label(g, x, y, String(rule.value), 0.15, { fill: black ? "#fff" : "#111" });
      break;
    }
    case "xv": {
      const [x, y] = mid(cells[0], cells[1]);
      const t = rule.sum === 10 ? "X" : rule.sum === 5 ? "V" : String(rule.sum);
      label(g, x, y, t, 0.3, { "font-weight": 700, stroke: "#fff", "stroke-width": 0.08, "paint-order": "stroke" });
      break;
    }
    case "greater-than": {
      const [x, y] = mid(cells[0], cells[1]), ux = cells[1][1] - cells[0][1], uy = cells[1][0] - cells[0][0];
      poly(g, [[x - ux * 0.08 - uy * 0.14, y - uy * 0.08 - ux * 0.14], [x + ux * 0.08, y + uy * 0.08], [x - ux * 0.08 + uy * 0.14, y - uy * 0.08 + ux * 0.14]],
        { stroke: "#111", "stroke-width": 0.05 });
      break;
    }
    case "odd":
      for (const p of cells) svgEl(g, "circle", { cx: centre(p)[0], cy: centre(p)[1], r: 0.36, fill: "#9ca3af", "fill-opacity": 0.4 });
      break;
    case "even":
      for (const [r, c] of cells) svgEl(g, "rect", { x: c + 0.15, y: r + 0.15, width: 0.7, height: 0.7, fill: "#9ca3af", "fill-opacity": 0.4 });
      break;
    case "minimum": case "maximum": {
      const set = new Set(cells.map(([r, c]) => r * S.n + c)), out = rule.type === "maximum";
      shade(g, cells, "#fde68a", 0.35);
      for (const [r, c] of cells) {
        for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
          const r2 = r + dr, c2 = c + dc;
          if (r2 < 0 || c2 < 0 || r2 >= S.n || c2 >= S.n || set.has(r2 * S.n + c2)) continue;
          const [x, y] = centre([r, c]), s = out ? 1 : -1, tip = [x + dc * (0.36 + 0.06 * s), y + dr * (0.36 + 0.06 * s)];
          poly(g, [[tip[0] - s * dc * 0.08 - dr * 0.1, tip[1] - s * dr * 0.08 - dc * 0.1], tip, [tip[0] - s * dc * 0.08 + dr * 0.1, tip[1] - s * dr * 0.08 + dc * 0.1]],
            { stroke: grey, "stroke-width": 0.04 });
        }
      }
      break;
    }
    case "quadruple": {
      const x = Math.min(...cells.map((p) => p[1])) + 1, y = Math.min(...cells.map((p) => p[0])) + 1;
      const t = rule.digits.join("");
      svgEl(g, "circle", { cx: x, cy: y, r: 0.27, fill: "#fff", stroke: "#111", "stroke-width": 0.03 });
      if (t.length > 2) { label(g, x, y - 0.08, t.slice(0, 2), 0.15); label(g, x, y + 0.08, t.slice(2), 0.15); } else label(g, x, y, t, 0.2);
      break;
    }
    case "clone":
      shade(g, cells.concat(rule.clone.map(rc)), `hsl(${(k * 67) % 360} 70% 60%)`, 0.3);
      break;
    case "extra-region": case "row-indexer": case "column-indexer": case "box-indexer":
      shade(g, cells, SHADES[rule.type], 0.3);
      break;
    case "sandwich": case "x-sum": case "skyscraper": case "little-killer": {
      const [r0, c0] = cells[0];
      let dr, dc;
      if (cells.length > 1) { dr = cells[1][0] - r0; dc = cells[1][1] - c0; } else { dr = r0 === 0 ? 1 : -1; dc = c0 === 0 ? 1 : -1; }
      const [x, y] = centre([r0 - dr, c0 - dc]);
      const t = String(rule.type === "skyscraper" ? rule.count : rule.sum);
      if (rule.type === "little-killer") {
        label(g, x - dc * 0.12, y - dr * 0.12, t, 0.3, { class: "clue" });
        poly(g, [[x + dc * 0.12, y + dr * 0.12], [x + dc * 0.42, y + dr * 0.42]], { stroke: "#111", "stroke-width": 0.04 });
        arrowHead(g, [x + dc * 0.42, y + dr * 0.42], [dc, dr], 0.12, { stroke: "#111", "stroke-width": 0.04 });
      } else {
        label(g, x, y, t, 0.4, { class: "clue" });
      }
      break;
    }
    default:
      if (LINE_COLOURS[rule.type]) {
        const colour = LINE_COLOURS[rule.type];
        poly(g, cells.map(centre), { stroke: colour, "stroke-opacity": 0.6, "stroke-width": 0.16 });
        if (rule.type === "between") {
          for (const p of [cells[0], cells[cells.length - 1]]) {
            svgEl(g, "circle", { cx: centre(p)[0], cy: centre(p)[1], r: 0.38, fill: "none", stroke: colour, "stroke-width": 0.06 });
          }
        }
      }
  }
}

// Per cell, the rules it is in, for its accessible name ("killer cage of 16", "thermo").
function ruleNotes() {
  const notes = Array.from({ length: S.n * S.n }, () => []);
  for (const r of S.rules) {
    const words = r.type === "killer" && r.sum !== undefined ? `killer cage of ${r.sum}` : r.type;
    for (const name of (r.circle || []).concat(r.cells || [], r.clone || [])) {
      const m = /^r(\d+)c(\d+)$/i.exec(name);
      const i = m ? (Number(m[1]) - 1) * S.n + Number(m[2]) - 1 : -1;
      if (i >= 0 && i < notes.length && !notes[i].includes(words)) notes[i].push(words);
    }
  }
  return notes;
}

// The overlay of the rules, over the grid's cells (outside clues in a margin of one cell
// round the grid, made by padding the grid's holder).
function drawRules() {
  const old = $("rules-svg");
  if (old) old.remove();
  if (!S.rules.length) return;
  const board = $("board"), n = S.n;
  const svg = document.createElementNS(SVGNS, "svg");
  svg.id = "rules-svg";
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.style.left = board.offsetLeft + board.clientLeft + "px"; svg.style.top = board.offsetTop + board.clientTop + "px";
  svg.style.width = board.clientWidth + "px"; svg.style.height = board.clientHeight + "px";
  // A rule the page cannot draw (a damaged link) is skipped: the server names what is wrong.
  S.rules.forEach((r, k) => { try { drawRule(svg, r, k); } catch (e) { /* not drawn */ } });
  $("board-holder").appendChild(svg);
}

// The legend: one line per kind of rule present, its meaning and the server's descriptions.
function drawLegend() {
  $("rules-box").hidden = !S.rules.length;
  const kinds = new Map();
  S.rules.forEach((r, k) => { if (!kinds.has(r.type)) kinds.set(r.type, []); kinds.get(r.type).push(S.ruleText[k] || r.type); });
  $("rules-legend").replaceChildren(...[...kinds].map(([type, texts]) => {
    const li = document.createElement("li");
    const b = document.createElement("strong");
    b.textContent = `${type}${texts.length > 1 ? ` ×${texts.length}` : ""}`;
    li.append(b, `: ${MEANING[type] || type}.`);
    const more = document.createElement("span");
    more.className = "hint-text";
    more.textContent = ` ${texts.slice(0, 3).join("; ")}${texts.length > 3 ? "; …" : ""}`;
    li.append(more);
    li.title = texts.join("\n");
    return li;
  }));
  syncEngines();
}

// Engines that do not honour variant rules are disabled in the menu for a rule puzzle.
const engineRules = new Map();
function syncEngines() {
  for (const o of $("engine").options) {
    o.disabled = S.rules.length > 0 && o.value !== "auto" && engineRules.get(o.value) === false;
  }
  if ($("engine").selectedOptions[0]?.disabled) $("engine").value = "auto";
}
// Hint, Apply, Explain and Rate know classic rules only: on a rule puzzle they say so.
function classicOnly(action) {
  if (!S.rules.length) return false;
  const kinds = [...new Set(S.rules.map((r) => r.type))].join(", ");
  say(`${action} covers classic rules only (rows, columns, regions, diagonals, anti-knight, anti-king), and this puzzle has variant rules (${kinds}): it would ignore them, so it is not run. Solve, Count, True candidates, Check puzzle and Check honour them.`);
  return true;
}
// The puzzle text the server reads: the givens, with the rules as sudokit JSON when there are any.
function puzzleText(line) {
  return S.rules.length ? JSON.stringify({ cells: line, rules: S.rules }) : line;
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
  return Object.assign({ puzzle: puzzleText(puzzle || puzzleLine()) }, layoutFields(), { budget_ms: budgetMs() }, extra || {});
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
  const key = JSON.stringify([puzzle, layoutFields(), S.rules]);
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
  if (S.rules.length) return { ok: false, message: "Your grid has no solution: some of your entries are wrong. Undo back to where the grid was right." };
  const v = await api("hint", request({ level: 1 }, lineOf(values)), signal);
  const cells = (v.wrong || []).map((w) => (w.row - 1) * S.n + (w.col - 1)).filter((i) => !S.givens[i]);
  if (!cells.length) return { ok: false, message: "Your grid has no solution: some of your entries are wrong, but no single one of them explains it. Undo back to where the grid was right." };
  if (cells.length > 1) {
    // A puzzle typed as entries with one slip: of the suspects, the one whose removal leaves
    // exactly one solution is the slip (the others leave several, or none a player meant).
    const unique = [];
    for (const i of cells) {
      const without = values.slice();
      without[i] = 0;
      const t = await solutionsOf(lineOf(without), signal);
      if (t.status === "solved" && t.solutions.length === 1) unique.push(i);
    }
    if (unique.length === 1) {
      S.wrong = new Set(unique);
      draw();
      return { ok: false, message: `This entry is wrong: ${cellNames(S.wrong)} (marked red): without it the grid has exactly one solution. Clear it before going on.` };
    }
  }
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
  if (classicOnly("Hint")) return;
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
  if (classicOnly("Apply")) return;
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
  if (classicOnly("Rate")) return;
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
  const unique = a.unique ? "\nUnique: the puzzle has exactly one solution." : "";
  out("solve-out", `${v.status} by ${v.engine}` + (v.stats ? ` — nodes ${s.nodes}, guesses ${s.guesses}, backtracks ${s.backtracks}, ${s.micros} µs` : "") + (v.error ? `\n${v.error}` : "") + unique + note);
  if (note) say(note.trim());
  draw();
}
async function doExplain(signal) {
  if (classicOnly("Explain")) return;
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
// Count: the solutions of the givens (with the rules), up to 2.
async function doCount(signal) {
  const v = await api("count", request({ engine: $("engine").value, count: 2 }), signal);
  const c = v.count ?? 0, by = ` (counted by ${v.engine})`;
  let text;
  if (v.error) text = `${v.status}: ${v.error}`;
  else if (v.exact) text = (c === 0 ? "No solution." : c === 1 ? "Exactly 1 solution: unique." : `Exactly ${c} solutions: not unique.`) + by;
  else if (c >= 2) text = "At least 2 solutions: not unique." + by;
  else text = `Stopped after ${c} solution${c === 1 ? "" : "s"}: the budget ran out before the count finished. Raise the budget (Settings).`;
  out("solve-out", text);
}
// True candidates: per empty cell, the digits some solution of the givens has, drawn as
// pencil marks in their own colour (purple) until the grid changes.
async function doTrueCands(signal) {
  const v = await api("true-candidates", request({}), signal);
  clearOverlays();
  if (v.status === "unsolvable") { out("solve-out", `No solution: no digit fits some cell (by ${v.engine}).`); draw(); return; }
  S.trueCands = v.candidates.map((t, i) => (S.givens[i] || t === "-" ? 0 : [...t].reduce((m, ch) => m | (1 << digitOf(ch)), 0)));
  const open = S.trueCands.filter((m) => m).length;
  const one = S.trueCands.filter((m) => m && !(m & (m - 1))).length;
  out("solve-out", `True candidates (purple marks) of ${open} empty cells: ${one} can hold only one digit` +
    // Digits listed are proven even when the budget ran out, so two in a cell prove "not
    // unique"; one everywhere proves "unique" only when every candidate was tested.
    (one < open ? `, ${open - one} more than one, so the puzzle is not unique` : v.complete ? ", so the puzzle is unique" : "") +
    ` (${v.searches} searches by ${v.engine}).` +
    (v.complete ? "" : "\nStopped: the budget ran out. The digits shown are true candidates; others were not all tested."));
  draw();
}
// Check puzzle: unique? minimal? and, on rules, which givens and rules could each go alone.
async function doSetterCheck(signal) {
  const v = await api("check", request({}), signal);
  const list = (xs) => (xs.length ? xs.join("; ") : "none");
  let text = `Unique: ${v.unique}. Givens: ${v.givens}` + (v.minimal === null || v.minimal === undefined ? "." : `, minimal: ${v.minimal ? "yes" : "no"}.`);
  if ("redundant_givens" in v) {
    if (v.redundant_givens === null) text += "\nRedundant givens and rules: not settled within the budget.";
    else text += `\nRedundant givens (each could go alone, the puzzle staying unique): ${list(v.redundant_givens)}.\nRedundant rules: ${list(v.redundant_rules.map((r) => r.rule))}.`;
  }
  if (v.status === "stopped") text += "\nStopped: the budget ran out.";
  out("solve-out", text);
}
// The legend's words for rules read from a link (the server also checks them).
async function describeRules() {
  try {
    const v = await api("parse", Object.assign({ puzzle: puzzleText(puzzleLine()) }, layoutFields()));
    S.ruleText = v.descriptions || [];
    draw();
  } catch (e) {
    showError(`The link's rules do not fit its grid: ${friendly(e.message || "")}`);
  }
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
  const asked = body.level || "";
  const reached = (p.hodoku_level || "").toLowerCase();
  let unfinished = "";
  if (p.unfinished && asked && reached !== asked) {
    unfinished = ` — the budget ran out before a ${asked} puzzle was reached: this one is ${reached || "of unknown level"}, unique (raise the budget in Settings, or try another seed, for a ${asked} one)`;
  } else if (p.unfinished) {
    unfinished = ` — the budget ran out while givens were being removed: the puzzle is unique, but some givens could still go (raise the budget in Settings for a minimal one)`;
  }
  out("gen-out", `${p.givens} givens, symmetry ${p.symmetry}, rating ${p.rating ?? "-"}, seed ${v.seed}${unfinished}`);
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
    S.rules = v.rules || []; S.ruleText = v.descriptions || [];
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
  if (S.rules.length) q.set("rules", JSON.stringify(S.rules));
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
  const rules = q.get("rules");
  if (rules) {
    try { S.rules = JSON.parse(rules); } catch (err) { S.rules = []; }
    if (!Array.isArray(S.rules)) S.rules = [];
    if (!S.rules.length) showError("The link's rules do not read as a JSON list of rules: showing the grid without them.");
    describeRules();
  }
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
    solve: ["Solving", doSolve], explain: ["Explaining", doExplain], generate: ["Generating", doGenerate],
    count: ["Counting", doCount], "true-cands": ["True candidates", doTrueCands], "setter-check": ["Checking", doSetterCheck] };
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
      engineRules.set(e.name, e.rules);
    }
    syncEngines();
    $("engine").options[0].title = "auto: the fastest engine for the grid's layout";
    $("engine").onchange();
  }).catch(() => {});
}

wire();
if (!loadUrl()) reset(9, 3, 3);
syncControls();
draw();
