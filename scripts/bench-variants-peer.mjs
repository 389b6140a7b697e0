// The peer side of scripts/bench-variants.sh: sigh's Interactive Sudoku Solver, run under node
// on the same puzzles. Reads f-puzzles JSON lines (as `sudokit solve -f fpuzzles` writes them),
// turns each into the peer's constraint string, counts solutions up to 2 with the peer's
// SimpleSolver (build + search, one thread) and prints one tab-separated line per puzzle:
// `ms<TAB>count<TAB>constraint-string`, or `skip<TAB>reason` for a rule this converter does not
// translate. Usage: node bench-variants-peer.mjs ISS_DIR FILE [REPEAT]
//
// The conversion is written here from the two formats' documentation (f-puzzles keys, the
// peer's constraint classes in js/sudoku_constraint.js); a puzzle whose count is not 1 on the
// peer points at a conversion the script must not trust, and the shell script reports it.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [issDir, file, repeatArg] = process.argv.slice(2);
if (!issDir || !file) {
  console.error('usage: node bench-variants-peer.mjs ISS_DIR FILE [REPEAT]');
  process.exit(2);
}
const repeat = Math.max(1, Number(repeatArg || 3));
const mod = (p) => pathToFileURL(path.join(issDir, p)).href;
const { ensureGlobalEnvironment } = await import(mod('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SimpleSolver } = await import(mod('js/sandbox/simple_solver.js'));

const cellName = (r, c) => `R${r}C${c}`;
const parse = (name) => {
  const m = /^R(\d+)C(\d+)$/i.exec(name);
  return [Number(m[1]), Number(m[2])];
};

// Returns the constraint string, or throws the reason it cannot be converted.
function convert(p) {
  const n = p.size;
  const parts = [];
  const skip = (why) => { throw new Error(why); };
  const list = (k) => p[k] || [];
  if (n !== 9) parts.push(`.Shape~${n}x${n}`);
  const givens = [];
  let jigsaw = false;
  const labels = [];
  p.grid.forEach((row, r) => row.forEach((cell, c) => {
    if (cell.given && cell.value) givens.push(`~${cellName(r + 1, c + 1)}_${cell.value}`);
    if (cell.region !== undefined) jigsaw = true;
    labels.push((cell.region ?? 0).toString(36));
  }));
  // An irregular grid of a side that has boxes: the peer drops its boxes only when told.
  const boxed = [4, 6, 8, 9, 10, 12, 14, 15, 16].includes(n);
  if (jigsaw) parts.push(`${boxed ? '.NoBoxes' : ''}.Jigsaw~${labels.join('')}`);
  if (p['diagonal+']) parts.push('.Diagonal~1');
  if (p['diagonal-']) parts.push('.Diagonal~-1');
  if (p.antiknight) parts.push('.AntiKnight');
  if (p.antiking) parts.push('.AntiKing');
  if (p.disjointgroups) parts.push('.DisjointSets');
  const cells = (cs) => cs.map((x) => `~${x}`).join('');
  for (const k of list('killercage')) parts.push(`.Cage~${k.value ?? ''}${cells(k.cells)}`);
  for (const k of list('littlekillersum')) {
    const [dr, dc] = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] }[k.direction];
    let [r, c] = parse(k.cell);
    const diag = [];
    for (r += dr, c += dc; r >= 1 && r <= n && c >= 1 && c <= n; r += dr, c += dc) {
      diag.push(cellName(r, c));
    }
    parts.push(`.Sum~${k.value}${cells(diag)}`);
  }
  // Outside clues: the peer's id is the row or column (R3, C5); double-line clues take the
  // start (top/left) and end (bottom/right) values.
  const outside = (k, cls, single) => {
    const [r, c] = parse(k.cell);
    const id = r === 0 || r === n + 1 ? `C${c}` : `R${r}`;
    const atEnd = r === n + 1 || c === n + 1;
    if (single) return `.${cls}~${k.value}~${id}`;
    return atEnd ? `.${cls}~${id}~~${k.value}` : `.${cls}~${id}~${k.value}~`;
  };
  for (const k of list('sandwichsum')) parts.push(outside(k, 'Sandwich', true));
  for (const k of list('xsum')) parts.push(outside(k, 'XSum', false));
  for (const k of list('skyscraper')) parts.push(outside(k, 'Skyscraper', false));
  const odd = [];
  for (const [key, keep] of [['odd', 1], ['even', 0]]) {
    for (const k of list(key)) {
      const vals = [];
      for (let v = 1; v <= n; v++) if (v % 2 === keep) vals.push(v);
      odd.push(`~${k.cell}_${vals.join('_')}`);
    }
  }
  const lines = (key, cls, prefix = '') => {
    for (const k of list(key)) {
      for (const l of k.lines) parts.push(`.${cls}${prefix}${cells(l)}`);
    }
  };
  lines('thermometer', 'Thermo');
  lines('renban', 'Renban');
  lines('palindrome', 'Palindrome');
  lines('betweenline', 'Between');
  lines('entropicline', 'Entropic');
  lines('zipperline', 'Zipper');
  lines('regionsumline', 'RegionSumLine');
  for (const k of list('whispers')) {
    for (const l of k.lines) parts.push(`.Whisper~${k.value ?? Math.ceil(n / 2)}${cells(l)}`);
  }
  if (list('slowthermometer').length) skip('slow thermometers');
  for (const a of list('arrow')) {
    for (const l of a.lines) {
      const line = l.slice(1);
      if (a.cells.length === 1) parts.push(`.Arrow${cells(a.cells)}${cells(line)}`);
      else parts.push(`.PillArrow~${a.cells.length}${cells(a.cells)}${cells(line)}`);
    }
  }
  for (const d of list('difference')) {
    if (d.value && d.value !== '1') skip('white dots with a difference other than 1');
    parts.push(`.WhiteDot${cells(d.cells)}`);
  }
  for (const d of list('ratio')) {
    if (d.value && d.value !== '2') skip('black dots with a ratio other than 2');
    parts.push(`.BlackDot${cells(d.cells)}`);
  }
  for (const d of list('xv')) parts.push(`.${d.value === 'X' ? 'X' : 'V'}${cells(d.cells)}`);
  const negative = p.negative || [];
  if (p.nonconsecutive) {
    parts.push(list('difference').length ? '.StrictKropki' : '.AntiConsecutive');
    if (list('difference').length && !negative.includes('ratio')) {
      skip('the negative constraint of white dots alone');
    }
  } else if (negative.includes('ratio')) {
    skip('the negative constraint of black dots alone');
  }
  if (negative.includes('xv')) parts.push('.StrictXV');
  for (const [key, greater] of [['maximum', true], ['minimum', false]]) {
    const set = new Set(list(key).map((k) => k.cell));
    for (const k of list(key)) {
      const [r, c] = parse(k.cell);
      for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
        const [rr, cc] = [r + dr, c + dc];
        if (rr < 1 || cc < 1 || rr > n || cc > n || set.has(cellName(rr, cc))) continue;
        const [a, b] = greater ? [k.cell, cellName(rr, cc)] : [cellName(rr, cc), k.cell];
        parts.push(`.GreaterThan~${a}~${b}`);
      }
    }
  }
  for (const q of list('quadruple')) {
    const sorted = q.cells.map(parse).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    parts.push(`.Quad~${cellName(...sorted[0])}~${q.values.join('~')}`);
  }
  for (const k of list('columnindexer')) parts.push(`.Indexing~C${cells(k.cells)}`);
  for (const k of list('rowindexer')) parts.push(`.Indexing~R${cells(k.cells)}`);
  if (list('clone').length) skip('clones');
  if (list('boxindexer').length) skip('box indexers');
  if (list('extraregion').length) skip('extra regions');
  return parts.join('') + (givens.length || odd.length ? `.${givens.join('')}${odd.join('')}` : '');
}

const solver = new SimpleSolver();
for (const text of readFileSync(file, 'utf8').split('\n')) {
  if (!text.trim()) continue;
  let str;
  try {
    str = convert(JSON.parse(text));
  } catch (e) {
    console.log(`skip\t${e.message}`);
    continue;
  }
  let best = Infinity;
  let count = -1;
  try {
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      count = solver.countSolutions(str, 2);
      best = Math.min(best, performance.now() - t0);
    }
    console.log(`${best.toFixed(3)}\t${count}\t${str}`);
  } catch (e) {
    console.log(`skip\tthe peer refused the conversion: ${String(e.message).split('\n')[0]}`);
  }
}
