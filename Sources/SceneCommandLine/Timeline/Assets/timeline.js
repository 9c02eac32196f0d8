const GAP = 0.034, FRAME = 1 / 60, IDLE = 3, BREAK = 0.6, PAD = 10;
const ROW = 18, NUMROW = 28, LANEPAD = 4;
const tEnd = Math.max(SUMMARY.end, D.length ? D[D.length - 1][0] : 0, 0);

// ---- The model: lanes of rows, each with its values and marks.
const lanes = [], laneOf = new Map();
function lane(id) {
  let l = laneOf.get(id);
  if (!l) { l = { id: id, rows: [], rowOf: new Map(), events: null, inputs: null }; laneOf.set(id, l); lanes.push(l); }
  return l;
}
function row(l, name) {
  let r = l.rowOf.get(name);
  if (!r) { r = { name: name, pts: [], marks: [] }; l.rowOf.set(name, r); l.rows.push(r); }
  return r;
}
function eventsRow(l) {
  if (!l.events) l.events = { name: "events", pts: [], marks: [], kind: "events" };
  return l.events;
}
function inputsRow(l) {
  if (!l.inputs) l.inputs = { name: "inputs", pts: [], marks: [], kind: "events" };
  return l.inputs;
}
const script = { id: "script", isScript: true, rows: [] };
const notes = { name: "notes", pts: [], marks: [], kind: "marks", aside: true };
const steps = { name: "steps", pts: [], marks: [], kind: "marks", aside: true };
const snapshots = { name: "snapshots", pts: [], marks: [], kind: "marks", aside: true };
// Each script step has an ordinal n; what happens during a step has
// the step's. Steps at one virtual time can be spread apart on the
// page by their ordinals (an expect block's expectations are one step).
const activity = [], problems = [], guides = [], stepTimes = [0];
let openWait = null, n = 0, lastKind = "";
function closeWait(t) { if (openWait) { openWait.t1 = t; openWait.n1 = n; openWait = null; } }
function secs(t) { return t.toFixed(3) + "s"; }

// The scene drawn at each instant its views may have changed: `screens`
// holds [time, picture], `pictures` each distinct picture once.
const pictures = [], screens = [];
let screensStop = null;
for (const r of D) {
  const t = r[0], kind = r[1];
  if (kind === "p" || kind === "P") {
    if (kind === "p") { if (r.length > 3) pictures[r[2]] = r[3]; screens.push([t, r[2]]); } else screensStop = t;
    continue;
  }
  if ("sunxkE".includes(kind) && !(kind === "x" && lastKind === "x" && stepTimes[n] === t)) { n++; stepTimes.push(t); }
  lastKind = kind;
  switch (kind) {
    case "i": row(lane(r[2]), r[3]).pts.push([0, r[4], false, 0]); break;
    case "c": case "f":
      row(lane(r[2]), r[3]).pts.push([t, r[4], kind === "f", n]); activity.push([t, n]); break;
    case "e":
      eventsRow(lane(r[2])).marks.push({ t: t, n: n, k: "event", label: r[3],
        title: r[2] + " sent " + r[3] + (r[4] === null ? "" : " " + r[4]) + "\nat " + secs(t) });
      activity.push([t, n]); break;
    case "u": {
      closeWait(t);
      const call = r[2] === "call";
      const text = call ? "call " + r[3] + "." + r[4] : r[2] + " " + r[3] + (r[4] ? " " + r[4] : "");
      inputsRow(lane(r[3])).marks.push({ t: t, n: n, k: call ? "call" : "input",
        label: call ? r[4].split(" ")[0] : r[2] + (r[4] ? " " + r[4] : ""), title: text + "\nat " + secs(t) });
      activity.push([t, n]); break;
    }
    case "g":
      inputsRow(lane(r[3])).marks.push({ t: t, n: n, k: "ignored", label: r[2] + " ignored",
        title: r[3] + " ignored '" + r[2] + "' because " + r[4] + "\nat " + secs(t) });
      break;
    case "x": {
      closeWait(t);
      const path = r[2], dot = path.indexOf(".");
      const target = row(lane(dot < 0 ? path : path.slice(0, dot)), dot < 0 ? "(value)" : path.slice(dot + 1));
      const pass = r[3] === 1;
      const m = { t: t, n: n, k: pass ? "pass" : "fail", label: "expected " + r[4] + ", actual " + r[5],
        title: pass
          ? "✓ expect " + path + " == " + r[4] + "\nheld at " + secs(t) + "\n" + r[6]
          : "✗ expect " + path + " == " + r[4] + ": FAILED at " + secs(t) + "\nexpected " + r[4] + ", actual " + r[5] + "\n" + r[6] };
      target.marks.push(m);
      if (!pass) { problems.push([t, n]); guides.push([t, n]); }
      break;
    }
    case "k": {
      // A snapshot step: [t, "k", name, passed, reference, what it found, place].
      closeWait(t);
      const pass = r[3] === 1;
      snapshots.marks.push({ t: t, n: n, k: pass ? "pass" : "fail", label: "snapshot " + r[2] + (pass ? "" : " FAILED"),
        title: (pass ? "✓ snapshot " : "✗ snapshot ") + r[2] + " at " + secs(t) + "\n" + r[4] + "\n" + r[5] + "\n" + r[6] });
      if (!pass) { problems.push([t, n]); guides.push([t, n]); }
      break;
    }
    case "n":
      closeWait(t);
      notes.marks.push({ t: t, n: n, k: "note", label: r[2], title: "note: " + r[2] + "\nat " + secs(t) }); break;
    case "s": {
      closeWait(t);
      const m = { t: t, n: n, k: r[2] === "set" ? "set" : "wait", label: r[2] + " " + r[3], t1: t, n1: n,
        title: r[2] + " " + r[3] + "\nat " + secs(t) };
      steps.marks.push(m);
      if (r[2] !== "set") openWait = m;
      break;
    }
    case "F":
      eventsRow(lane(r[2])).marks.push({ t: t, n: n, k: "failure", label: r[3],
        title: r[2] + " failed: " + r[3] + "\nat " + secs(t) });
      problems.push([t, n]); guides.push([t, n]); break;
    case "E":
      closeWait(t);
      steps.marks.push({ t: t, n: n, k: "error", label: r[2],
        title: "error: " + r[2] + "\nat " + secs(t) + (r[3] ? "\n" + r[3] : "") });
      problems.push([t, n]); guides.push([t, n]); break;
  }
}
if (openWait) { openWait.t1 = tEnd; openWait.n1 = Infinity; }
if (notes.marks.length) script.rows.push(notes);
if (steps.marks.length) script.rows.push(steps);
if (snapshots.marks.length) script.rows.push(snapshots);

// ---- Values.
function num(v) {
  if (typeof v === "number") return v;
  if (v !== null && typeof v === "object" && typeof v.d === "number") return v.d;
  return NaN;
}
function text(v) {
  if (v === null) return "null";
  if (typeof v !== "object") return String(v);
  if (v.s !== undefined) return v.s;
  return v.t;
}
function sceneText(v) { return v !== null && typeof v === "object" && v.s !== undefined ? JSON.stringify(v.s) : text(v); }
function kindOf(r) {
  if (r.kind) return r.kind;
  if (!r.pts.length) return "marks";
  let isNum = true, isBool = true, isColor = true;
  for (const p of r.pts) {
    const v = p[1];
    if (!isFinite(num(v))) isNum = false;
    if (typeof v !== "boolean") isBool = false;
    if (!(v !== null && typeof v === "object" && v.k)) isColor = false;
  }
  return isNum ? "num" : isBool ? "bool" : isColor ? "color" : "text";
}
function hue(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return ((h % 360) + 360) % 360;
}

// A row's values as segments: holds between changes, and ramps for
// runs of animation frames of a number or a colour.
function segmentsOf(r) {
  const pts = r.pts, segs = [], ramps = r.kind === "num" || r.kind === "color";
  function push(s) {
    if (segs.length) { segs[segs.length - 1].b = s.a; segs[segs.length - 1].nb = s.na; }
    segs.push(s);
  }
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (ramps && p[2] && i > 0) {
      let j = i;
      while (j + 1 < pts.length && pts[j + 1][2] && pts[j + 1][0] - pts[j][0] <= GAP + 1e-9) j++;
      const before = segs.length ? segs[segs.length - 1].a : 0;
      push({ a: Math.max(before, p[0] - FRAME), b: pts[j][0], nb: pts[j][3], ramp: true, i0: i, i1: j, from: pts[i - 1][1], v: pts[j][1] });
      push({ a: pts[j][0], na: pts[j][3], b: tEnd, nb: Infinity, v: pts[j][1] });
      i = j;
    } else {
      push({ a: p[0], na: p[3], b: tEnd, nb: Infinity, v: p[1] });
    }
  }
  return segs;
}

for (const l of lanes) {
  if (l.events) l.rows.unshift(l.events);
  if (l.inputs) l.rows.unshift(l.inputs);
  for (const r of l.rows) {
    r.kind = kindOf(r);
    r.h = r.kind === "num" ? NUMROW : ROW;
    if (r.kind !== "events" && r.kind !== "marks") r.segs = segmentsOf(r);
    if (r.kind === "num") {
      let lo = Infinity, hi = -Infinity;
      for (const p of r.pts) { const v = num(p[1]); if (v < lo) lo = v; if (v > hi) hi = v; }
      r.lo = lo; r.hi = hi;
    }
  }
}
for (const r of script.rows) r.h = ROW;
const allLanes = (script.rows.length ? [script] : []).concat(lanes);

// ---- Time on the page: idle stretches collapse to a narrow break.
let breaks = [], cut = [0];
function buildBreaks(collapse) {
  breaks = []; cut = [0];
  if (!collapse) return;
  const ts = activity.map(a => a[0]);
  for (const l of allLanes) for (const r of l.rows) for (const m of r.marks) ts.push(m.t);
  ts.push(0, tEnd);
  ts.sort((a, b) => a - b);
  for (let i = 1; i < ts.length; i++) {
    const a = ts[i - 1], b = ts[i];
    if (b - a > IDLE) { breaks.push({ a: a, b: b }); cut.push(cut[cut.length - 1] + (b - a - BREAK)); }
  }
}
// Breaks ending at or before t.
function breaksBefore(t) {
  let lo = 0, hi = breaks.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (breaks[mid].b <= t) lo = mid + 1; else hi = mid; }
  return lo;
}
function base(t) {
  const k = breaksBefore(t);
  if (k < breaks.length && t > breaks[k].a) {
    const br = breaks[k];
    return br.a - cut[k] + (t - br.a) / (br.b - br.a) * BREAK;
  }
  return t - cut[k];
}
function baseReal(d) {
  let lo = 0, hi = breaks.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (breaks[mid].a - cut[mid] + BREAK <= d) lo = mid + 1; else hi = mid; }
  const k = lo;
  if (k < breaks.length) {
    const da = breaks[k].a - cut[k];
    if (d > da) return breaks[k].a + (d - da) / BREAK * (breaks[k].b - breaks[k].a);
  }
  return d + cut[k];
}

// ---- Steps at one virtual time, spread apart by their ordinals:
// each instant with several steps is widened by STEP per step.
let instants = [], widths = [0], STEP = 0;
function buildInstants(spread) {
  instants = []; widths = [0]; STEP = 0;
  if (!spread) return;
  for (let k = 1; k < stepTimes.length; k++) {
    const t = stepTimes[k], last = instants[instants.length - 1];
    if (last && last.t === t) last.k1 = k; else instants.push({ t: t, k0: k, k1: k });
  }
  instants = instants.filter(i => i.k1 > i.k0);
  const slots = instants.reduce((sum, i) => sum + i.k1 - i.k0, 0), span = base(tEnd);
  if (!slots) { instants = []; return; }
  STEP = span > 0 ? span / (3 * slots) : 1;
  for (const i of instants) widths.push(widths[widths.length - 1] + (i.k1 - i.k0) * STEP);
}
// Where time t falls across the page, for something of step k at
// that time: undefined or Infinity is after every step of t,
// -Infinity before them.
function disp(t, k) {
  let lo = 0, hi = instants.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (instants[mid].t <= t) lo = mid + 1; else hi = mid; }
  let offset = widths[lo];
  const j = lo - 1;
  if (j >= 0 && instants[j].t === t && k !== undefined && k !== Infinity) {
    const i = instants[j];
    offset = widths[j] + Math.max(0, Math.min(i.k1 - i.k0, k - i.k0)) * STEP;
  }
  return base(t) + offset;
}
function real(d) {
  let lo = 0, hi = instants.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (base(instants[mid].t) + widths[mid + 1] <= d) lo = mid + 1; else hi = mid; }
  if (lo < instants.length && d >= base(instants[lo].t) + widths[lo]) return instants[lo].t;
  return baseReal(d - widths[lo]);
}

// ---- The view.
const plot = document.getElementById("plot"), axis = document.getElementById("axis"),
  overview = document.getElementById("overview"), rangeText = document.getElementById("range"),
  collapseBox = document.getElementById("collapse"), spreadBox = document.getElementById("spread");
const measure = document.createElement("canvas").getContext("2d");
function textWidth(s, font) { measure.font = font || "10px system-ui, sans-serif"; return measure.measureText(s).width; }
let nameW = 60, rowW = 60;
for (const l of allLanes) {
  nameW = Math.max(nameW, textWidth(l.id, "600 12px system-ui, sans-serif") + 14);
  for (const r of l.rows) rowW = Math.max(rowW, textWidth(r.name, "11px system-ui, sans-serif") + 14);
}
nameW = Math.min(nameW, 170); rowW = Math.min(rowW, 170);
const X0 = nameW + rowW;
let width = 800, W = 600, total = 1, v0 = 0, v1 = 1;

function x(t, k) { return X0 + PAD + (disp(t, k) - v0) / (v1 - v0) * (W - 2 * PAD); }
function dAt(px) { return v0 + (px - X0 - PAD) / (W - 2 * PAD) * (v1 - v0); }
function clampX(px) { return Math.max(-1e6, Math.min(1e6, px)); }
function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
function title(s) { return "<title>" + esc(s) + "</title>"; }
function fit(s, w, font) {
  if (w < 14) return "";
  if (textWidth(s, font) <= w) return s;
  let lo = 0, hi = s.length;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (textWidth(s.slice(0, mid) + "…", font) <= w) lo = mid; else hi = mid - 1; }
  return lo > 0 ? s.slice(0, lo) + "…" : "";
}

function setView(a, b) {
  const minSpan = 0.001;
  if (b - a < minSpan) { const c = (a + b) / 2; a = c - minSpan / 2; b = c + minSpan / 2; }
  if (b - a > total) { a = 0; b = total; }
  if (a < 0) { b -= a; a = 0; }
  if (b > total) { a -= b - total; b = total; }
  v0 = Math.max(0, a); v1 = b;
  schedule();
}
function fitAll() { setView(0, total); }
function zoom(factor, at) {
  const c = at === undefined ? (v0 + v1) / 2 : at;
  setView(c - (c - v0) * factor, c + (v1 - c) * factor);
}
function pan(fraction) { const s = (v1 - v0) * fraction; setView(v0 + s, v1 + s); }
function rebuild(keep) {
  const ta = real(v0), tb = real(v1), whole = v0 <= 0 && v1 >= total;
  buildBreaks(collapseBox.checked);
  buildInstants(spreadBox.checked);
  total = Math.max(disp(tEnd), 0.001);
  if (!keep || whole) fitAll(); else setView(disp(ta), disp(tb));
}

let pending = false;
function schedule() { if (!pending) { pending = true; requestAnimationFrame(draw); } }

// ---- Time ticks.
const STEPS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
  900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
function tickStep(span, px) {
  const raw = span / Math.max(1, px) * 90;
  for (const s of STEPS) if (s >= raw) return s;
  return Math.pow(10, Math.ceil(Math.log10(raw)));
}
function fmt(t, step) {
  const dec = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
  if (t < 60 - 1e-9) return t.toFixed(dec) + "s";
  const h = Math.floor(t / 3600), m = Math.floor((t - h * 3600) / 60), s = t - h * 3600 - m * 60;
  let out = h ? h + "h" : "";
  out += (h ? String(m).padStart(2, "0") : String(m)) + "m";
  if (step < 60) { const ss = s.toFixed(dec); out += (s < 10 ? "0" : "") + ss + "s"; }
  return out;
}
function human(d) {
  if (d < 60) return (Math.round(d * 10) / 10) + "s";
  const h = Math.floor(d / 3600), m = Math.floor((d - h * 3600) / 60), s = Math.round(d - h * 3600 - m * 60);
  return (h ? h + "h" : "") + (m ? m + "m" : "") + (s && h < 10 ? s + "s" : "");
}
function ticks(step) {
  const out = [], ta = real(v0), tb = real(v1);
  let start = 0;
  const pieces = [];
  for (const br of breaks) { pieces.push([start, br.a]); start = br.b; }
  pieces.push([start, tEnd]);
  for (const [s, e] of pieces) {
    const a = Math.max(s, ta), b = Math.min(e, tb);
    if (a > b) continue;
    for (let k = Math.ceil(a / step - 1e-9); k * step <= b + 1e-9 && out.length < 500; k++) out.push(k * step);
  }
  return out;
}
function visibleBreaks() { return breaks.filter(br => br.b >= real(v0) && br.a <= real(v1)); }
function zigzag(px, y0, y1) {
  let d = "M" + (px - 3) + "," + y0;
  for (let y = y0, i = 0; y < y1; y += 5, i++) d += "L" + (px + (i % 2 ? -3 : 3)) + "," + Math.min(y + 5, y1);
  return d;
}

// ---- Drawing.
function first(list, key, t) {
  let lo = 0, hi = list.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (key(list[mid]) < t) lo = mid + 1; else hi = mid; }
  return lo;
}
function Path() { this.d = []; this.cx = NaN; }
Path.prototype.to = function (px, py) {
  const cx = Math.round(clampX(px) * 2) / 2;
  if (cx === this.cx) {
    if (py < this.lo) this.lo = py; if (py > this.hi) this.hi = py; this.last = py; this.n++; return;
  }
  this.flush();
  this.cx = cx; this.fy = this.lo = this.hi = this.last = py; this.n = 1;
};
Path.prototype.flush = function () {
  if (isNaN(this.cx)) return;
  this.d.push((this.d.length ? "L" : "M") + this.cx + "," + this.fy.toFixed(1));
  if (this.n > 1) this.d.push("L" + this.cx + "," + this.lo.toFixed(1) + "L" + this.cx + "," + this.hi.toFixed(1) + "L" + this.cx + "," + this.last.toFixed(1));
  this.cx = NaN;
};
Path.prototype.end = function () { this.flush(); return this.d.join(""); };

function drawValues(r, y, out) {
  const segs = r.segs, ta = real(v0), tb = real(v1), mid = y + r.h / 2;
  const i0 = Math.max(0, first(segs, s => s.b, ta) - 1);
  const name = r.name;
  let busyFrom = null, busyTo = 0, busyCount = 0;
  function flushBusy() {
    if (busyFrom === null) return;
    out.push('<rect class="busy" x="' + busyFrom.toFixed(1) + '" y="' + (mid - 4) + '" width="' + Math.max(1, busyTo - busyFrom).toFixed(1) + '" height="8">' + title(busyCount + " changes of " + name + " here: zoom in to see them") + "</rect>");
    busyFrom = null; busyCount = 0;
  }
  if (r.kind === "num") {
    const span = r.hi - r.lo, top = y + 4, h = r.h - 8;
    const yv = v => span > 0 ? top + (1 - (num(v) - r.lo) / span) * h : mid;
    const path = new Path();
    let firstX = null, lastX = 0, lastLabelEnd = -Infinity;
    const labels = [], hits = [];
    for (let i = i0; i < segs.length && segs[i].a <= tb; i++) {
      const s = segs[i], xa = x(s.a, s.na), xb = x(s.b, s.nb);
      if (firstX === null) firstX = clampX(xa);
      if (s.ramp) {
        path.to(xa, yv(s.from));
        for (let k = s.i0; k <= s.i1; k++) path.to(x(r.pts[k][0]), yv(r.pts[k][1]));
        if (xb - xa >= 2) hits.push([xa, xb, name + ": " + text(s.from) + " → " + text(s.v) + ", animated in " + (s.i1 - s.i0 + 1) + " frame" + (s.i1 > s.i0 ? "s" : "") + "\n" + secs(s.a) + " – " + secs(s.b)]);
      } else {
        path.to(xa, yv(s.v)); path.to(xb, yv(s.v));
        if (xb - xa >= 2) hits.push([xa, xb, name + " = " + text(s.v) + "\n" + secs(s.a) + " – " + secs(s.b)]);
        const lx = Math.max(xa, X0 + 2) + 3, label = text(s.v), lw = textWidth(label);
        if (lx + lw + 4 < xb && lx > lastLabelEnd && lx < X0 + W) {
          const py = yv(s.v);
          labels.push('<text class="lbl" x="' + lx.toFixed(1) + '" y="' + (py < mid ? py + 10 : py - 3).toFixed(1) + '">' + esc(label) + "</text>");
          lastLabelEnd = lx + lw;
        }
      }
      lastX = clampX(xb);
    }
    const d = path.end();
    if (d) {
      out.push('<path class="num-fill" d="' + d + "L" + lastX.toFixed(1) + "," + (y + r.h - 2) + "L" + (firstX || 0).toFixed(1) + "," + (y + r.h - 2) + 'Z"/>');
      out.push('<path class="num-line" d="' + d + '"/>');
    }
    for (const [a, b, tt] of hits) out.push('<rect class="hit" x="' + clampX(a).toFixed(1) + '" y="' + y + '" width="' + (clampX(b) - clampX(a)).toFixed(1) + '" height="' + r.h + '">' + title(tt) + "</rect>");
    for (const l of labels) out.push(l);
    return;
  }
  for (let i = i0; i < segs.length && segs[i].a <= tb; i++) {
    const s = segs[i], xa = clampX(x(s.a, s.na)), xb = clampX(x(s.b, s.nb)), w = xb - xa;
    if (s.ramp) {
      for (let k = s.i0; k <= s.i1; k++) {
        const a = clampX(x(k === s.i0 ? s.a : r.pts[k - 1][0])), b = clampX(x(r.pts[k][0]));
        const v = k === s.i0 ? s.from : r.pts[k - 1][1];
        if (b - a >= 0.3) out.push('<rect x="' + a.toFixed(1) + '" y="' + (mid - 6) + '" width="' + (b - a).toFixed(1) + '" height="12" fill="' + esc(v.k) + '"/>');
      }
      if (w >= 1) out.push('<rect class="hit" x="' + xa.toFixed(1) + '" y="' + (mid - 6) + '" width="' + w.toFixed(1) + '" height="12">' + title(name + ": " + text(s.from) + " → " + text(s.v) + ", animated in " + (s.i1 - s.i0 + 1) + " frames\n" + secs(s.a) + " – " + secs(s.b)) + "</rect>");
      continue;
    }
    if (w < 1.5 && s.b > s.a) {
      if (busyFrom === null) busyFrom = xa;
      busyTo = xb; busyCount++;
      continue;
    }
    flushBusy();
    if (w <= 0) continue;
    const tt = title(name + " = " + sceneText(s.v) + "\n" + secs(s.a) + " – " + secs(s.b));
    if (r.kind === "bool") {
      if (s.v === true) out.push('<rect class="bool-on" x="' + xa.toFixed(1) + '" y="' + (mid - 4.5) + '" width="' + w.toFixed(1) + '" height="9" rx="1.5">' + tt + "</rect>");
      else out.push('<line class="bool-off" x1="' + xa.toFixed(1) + '" x2="' + xb.toFixed(1) + '" y1="' + mid + '" y2="' + mid + '"/><rect class="hit" x="' + xa.toFixed(1) + '" y="' + (mid - 5) + '" width="' + w.toFixed(1) + '" height="10">' + tt + "</rect>");
      continue;
    }
    const fill = r.kind === "color" ? esc(s.v.k) : s.v === null ? "#f6f8fa" : "hsl(" + hue(text(s.v)) + ",70%,90%)";
    out.push('<rect class="seg" x="' + xa.toFixed(1) + '" y="' + (mid - 7) + '" width="' + w.toFixed(1) + '" height="14" fill="' + fill + '">' + tt + "</rect>");
    if (r.kind === "text") {
      const lx = Math.max(xa, X0 + 2) + 3, label = fit(s.v !== null && s.v.s === "" ? '""' : text(s.v), xb - lx - 3);
      if (label) out.push('<text class="lbl inside" x="' + lx.toFixed(1) + '" y="' + (mid + 3.5) + '">' + esc(label) + "</text>");
    }
  }
  flushBusy();
}

function markShape(m, px, py) {
  const tt = title(m.title), X = px.toFixed(1), Y = py.toFixed(1);
  switch (m.k) {
    case "pass": return '<circle class="mk pass" cx="' + X + '" cy="' + Y + '" r="4.5">' + tt + "</circle>";
    case "fail": return '<path class="mk fail" d="M' + X + "," + (py - 6.5) + "l6.5,6.5l-6.5,6.5l-6.5,-6.5Z" + '">' + tt + '</path><path class="x" d="M' + (px - 2.2) + "," + (py - 2.2) + "l4.4,4.4m0,-4.4l-4.4,4.4" + '"/>';
    case "event": return '<path class="mk event" d="M' + X + "," + (py - 4.5) + "l4.5,4.5l-4.5,4.5l-4.5,-4.5Z" + '">' + tt + "</path>";
    case "input": return '<path class="mk input" d="M' + (px - 5) + "," + (py - 4) + "h10l-5,8.5Z" + '">' + tt + "</path>";
    case "call": return '<rect class="mk call" x="' + (px - 4) + '" y="' + (py - 4) + '" width="8" height="8">' + tt + "</rect>";
    case "ignored": return '<circle class="mk ignored" cx="' + X + '" cy="' + Y + '" r="4">' + tt + "</circle>";
    case "failure": case "error": return '<rect class="mk failure" x="' + (px - 5) + '" y="' + (py - 5) + '" width="10" height="10" rx="2">' + tt + '</rect><path class="x" d="M' + (px - 2.2) + "," + (py - 2.2) + "l4.4,4.4m0,-4.4l-4.4,4.4" + '"/>';
    case "note": return '<path class="note-flag" d="M' + X + "," + (py + 6) + "v-12l7,3l-7,3" + '">' + tt + "</path>";
    case "set": return '<line class="step-tick" x1="' + X + '" x2="' + X + '" y1="' + (py - 5) + '" y2="' + (py + 5) + '">' + tt + "</line>";
  }
  return "";
}

function drawMarks(r, y, out, labels) {
  const marks = r.marks, ta = real(v0), tb = real(v1), mid = y + r.h / 2, slack = (v1 - v0) * 0.02;
  const isFar = m => (m.t1 !== undefined ? m.t1 : m.t) < ta - slack;
  let i = 0;
  while (i < marks.length && isFar(marks[i])) i++;
  while (i < marks.length) {
    const m = marks[i];
    if (m.t > tb + slack) break;
    const px = x(m.t, m.n);
    if (m.k === "wait") {
      i++;
      const xb = clampX(x(m.t1, m.n1)), xa = clampX(px), w = xb - xa;
      if (w >= 1) {
        out.push('<rect class="wait" x="' + xa.toFixed(1) + '" y="' + (mid - 4) + '" width="' + w.toFixed(1) + '" height="8" rx="2">' + title(m.title + " (until " + secs(m.t1) + ")") + "</rect>");
        const label = fit(m.label, w - 6);
        if (label) labels.push('<text class="lbl" x="' + (Math.max(xa, X0) + 3).toFixed(1) + '" y="' + (mid + 3.5) + '">' + esc(label) + "</text>");
      }
      continue;
    }
    // The marks within a few pixels of this one share its shape, hover text and label.
    let j = i + 1;
    const group = [m];
    while (j < marks.length && marks[j].k !== "wait" && x(marks[j].t, marks[j].n) - px < 4) group.push(marks[j++]);
    const shown = group.find(g => g.k === "fail") || group.find(g => g.k === "failure" || g.k === "error") || m;
    const rest = group.filter(g => g !== shown);
    const others = rest.length ? "\n\n" + rest.slice(0, 5).map(g => g.title).join("\n\n") + (rest.length > 5 ? "\n\n… and " + (rest.length - 5) + " more here: zoom in" : "") : "";
    out.push(markShape({ k: shown.k, title: shown.title + others }, px, mid));
    for (const g of group) if (g !== shown && g.k === "fail") out.push(markShape(g, px, mid));
    // An input its object ignored: a ring around the input's mark.
    if (shown.k !== "ignored" && group.some(g => g.k === "ignored")) out.push('<circle class="mk ignored ring" cx="' + px.toFixed(1) + '" cy="' + mid + '" r="7.5"/>');
    let room = X0 + W - px;
    if (j < marks.length) room = Math.min(room, x(marks[j].t, marks[j].n) - px);
    i = j;
    if (shown.k === "pass") continue;
    const cls = shown.k === "fail" || shown.k === "failure" || shown.k === "error" ? "lbl fail" : shown.k === "note" ? "lbl note" : "lbl";
    const more = group.length > 1 ? " +" + (group.length - 1) : "";
    const label = shown.k === "fail" ? shown.label + more : fit(shown.label + more, room - 14);
    if (!label) continue;
    // A failure's label goes left of its mark when it does not fit on the right.
    const lw = textWidth(label, "600 10.5px system-ui, sans-serif");
    if (shown.k === "fail" && px + 8 + lw > X0 + W && px - 8 - lw > X0) {
      labels.push('<text class="' + cls + '" x="' + (px - 9).toFixed(1) + '" y="' + (mid + 3.5) + '" text-anchor="end">' + esc(label) + "</text>");
    } else if (px + 8 < X0 + W) {
      labels.push('<text class="' + cls + '" x="' + (px + 8).toFixed(1) + '" y="' + (mid + 3.5) + '">' + esc(label) + "</text>");
    }
  }
}

function draw() {
  pending = false;
  width = Math.max(500, document.documentElement.clientWidth - 32);
  W = width - X0;
  const step = tickStep(v1 - v0, W - 2 * PAD), tickList = ticks(step), brs = visibleBreaks();
  rangeText.textContent = secs(real(v0)) + " – " + secs(real(v1)) + "  of  " + secs(tEnd);

  // The lanes.
  const out = [], front = [];
  let y = 0;
  const laneBoxes = [];
  allLanes.forEach((l, index) => {
    const h = l.rows.reduce((sum, r) => sum + r.h, 0) + 2 * LANEPAD;
    laneBoxes.push([l, y, h, index]);
    y += h;
  });
  const height = Math.max(y, 40);
  out.push('<defs><clipPath id="clipPlot"><rect x="' + X0 + '" y="0" width="' + W + '" height="' + height + '"/></clipPath></defs>');
  for (const [l, ly, h, index] of laneBoxes) out.push('<rect class="lane-bg' + (index % 2 ? " odd" : "") + '" x="0" y="' + ly + '" width="' + width + '" height="' + h + '"/>');
  out.push('<g clip-path="url(#clipPlot)">');
  for (const br of brs) out.push('<rect class="brk-band" x="' + x(br.a).toFixed(1) + '" y="0" width="' + Math.max(1, x(br.b, -Infinity) - x(br.a)).toFixed(1) + '" height="' + height + '"/>');
  for (const t of tickList) { const px = x(t, -Infinity).toFixed(1); out.push('<line class="grid" x1="' + px + '" x2="' + px + '" y1="0" y2="' + height + '"/>'); }
  for (const m of notes.marks) {
    if (m.t < real(v0) || m.t > real(v1)) continue;
    const px = x(m.t, m.n).toFixed(1);
    out.push('<line class="note-guide" x1="' + px + '" x2="' + px + '" y1="0" y2="' + height + '"/>');
  }
  for (const [t, k] of guides) {
    if (t < real(v0) || t > real(v1)) continue;
    const px = x(t, k).toFixed(1);
    out.push('<line class="fail-guide" x1="' + px + '" x2="' + px + '" y1="0" y2="' + height + '"/>');
  }
  const labels = [];
  for (const [l, ly] of laneBoxes) {
    let ry = ly + LANEPAD;
    for (const r of l.rows) {
      if (r.segs) drawValues(r, ry, out);
      if (r.marks.length) drawMarks(r, ry, front, labels);
      ry += r.h;
    }
  }
  for (const f of front) out.push(f);
  for (const f of labels) out.push(f);
  out.push("</g>");
  // The names, over a plain background.
  out.push('<rect fill="#fff" x="0" y="0" width="' + X0 + '" height="' + height + '" opacity="0.6"/>');
  for (const [l, ly, h, index] of laneBoxes) {
    out.push('<rect class="lane-bg' + (index % 2 ? " odd" : "") + '" x="0" y="' + ly + '" width="' + X0 + '" height="' + h + '"/>');
    out.push('<line class="lane-sep" x1="0" x2="' + width + '" y1="' + (ly + 0.5) + '" y2="' + (ly + 0.5) + '"/>');
    out.push('<text class="lane-name' + (l.isScript ? " script" : "") + '" x="4" y="' + (ly + LANEPAD + 13) + '">' + esc(fit(l.id, nameW - 10, "600 12px system-ui, sans-serif")) + title(l.id) + "</text>");
    let ry = ly + LANEPAD;
    for (const r of l.rows) {
      const cls = r.kind === "events" ? "row-name events" : r.aside ? "row-name aside" : "row-name";
      out.push('<text class="' + cls + '" x="' + (X0 - 8) + '" y="' + (ry + r.h / 2 + 4) + '" text-anchor="end">' + esc(fit(r.name, rowW - 12, "11px system-ui, sans-serif")) + title(l.isScript ? r.name : l.id + "." + r.name) + "</text>");
      ry += r.h;
    }
  }
  out.push('<line class="lane-sep" x1="' + X0 + '" x2="' + X0 + '" y1="0" y2="' + height + '"/>');
  if (!allLanes.length) out.push('<text class="empty" x="' + (X0 + 12) + '" y="24">Nothing changed and nothing was checked in this run.</text>');
  out.push('<line id="hair" class="hair" x1="-10" x2="-10" y1="0" y2="' + height + '"/>');
  plot.setAttribute("width", width); plot.setAttribute("height", height);
  plot.innerHTML = out.join("");

  // The axis.
  const ax = [], ah = 24;
  ax.push('<defs><clipPath id="clipAxis"><rect x="' + X0 + '" y="0" width="' + W + '" height="' + ah + '"/></clipPath></defs>');
  ax.push('<text class="tick-label" x="' + (X0 - 8) + '" y="16" text-anchor="end">virtual time</text>');
  ax.push('<g clip-path="url(#clipAxis)"><line class="axis-line" x1="' + X0 + '" x2="' + width + '" y1="' + (ah - 0.5) + '" y2="' + (ah - 0.5) + '"/>');
  let lastEnd = -Infinity;
  const labelled = [];
  for (const br of brs) {
    const xa = x(br.a), xb = x(br.b, -Infinity), c = (xa + xb) / 2;
    ax.push('<path class="brk" d="' + zigzag(c, 2, ah) + '"><title>' + esc(human(br.b - br.a) + " where nothing happened: " + secs(br.a) + " – " + secs(br.b)) + "</title></path>");
    const label = "+" + human(br.b - br.a), lw = textWidth(label) + 4;
    const lx = c + 6 + lw > X0 + W ? c - 6 - lw : c + 6;
    labelled.push([lx, lx + lw]);
    ax.push('<text class="brk-label" x="' + lx.toFixed(1) + '" y="10">' + esc(label) + "</text>");
  }
  for (const i of instants) {
    if (i.t < real(v0) || i.t > real(v1)) continue;
    const xa = x(i.t, -Infinity), xb = x(i.t);
    if (xb - xa < 3) continue;
    ax.push('<rect class="inst" x="' + xa.toFixed(1) + '" y="' + (ah - 4) + '" width="' + (xb - xa).toFixed(1) + '" height="4"><title>' + esc((i.k1 - i.k0 + 1) + " steps at " + secs(i.t) + ", drawn side by side in script order") + "</title></rect>");
  }
  for (const t of tickList) {
    const px = x(t, -Infinity);
    ax.push('<line class="axis-line" x1="' + px.toFixed(1) + '" x2="' + px.toFixed(1) + '" y1="' + (ah - 5) + '" y2="' + ah + '"/>');
    const label = fmt(t, step), lw = textWidth(label, "11px system-ui, sans-serif");
    const clash = labelled.some(([a, b]) => px + 3 < b && px + 3 + lw > a);
    if (px + 3 > lastEnd + 6 && !clash && px + 3 + lw < X0 + W) { ax.push('<text class="tick-label" x="' + (px + 3).toFixed(1) + '" y="' + (ah - 8) + '">' + label + "</text>"); lastEnd = px + 3 + lw; }
  }
  ax.push("</g>");
  axis.setAttribute("width", width);
  axis.innerHTML = ax.join("");

  // The overview: the whole run, what happened where, and the window shown.
  const ov = [], oh = 38, ox = d => X0 + PAD + d / total * (W - 2 * PAD);
  ov.push('<text class="tick-label" x="' + (X0 - 8) + '" y="23" text-anchor="end">whole run</text>');
  ov.push('<rect class="ov-bg" x="' + X0 + '" y="0" width="' + W + '" height="' + oh + '"/>');
  const buckets = new Array(Math.max(1, Math.floor((W - 2 * PAD) / 2))).fill(0);
  for (const [t, k] of activity) { const b = Math.min(buckets.length - 1, Math.floor(disp(t, k) / total * buckets.length)); buckets[b]++; }
  const peak = Math.max(1, ...buckets);
  let bars = "";
  buckets.forEach((n, b) => { if (n) { const h = Math.max(2, Math.log(1 + n) / Math.log(1 + peak) * (oh - 12)); bars += "M" + (X0 + PAD + b * 2) + "," + (oh - 4) + "h1.6v" + (-h).toFixed(1) + "h-1.6Z"; } });
  if (bars) ov.push('<path class="ov-bar" d="' + bars + '"/>');
  for (const br of breaks) ov.push('<path class="brk" d="' + zigzag(ox(disp(br.a) + BREAK / 2), 2, oh - 2) + '"/>');
  for (const l of allLanes) for (const r of l.rows) for (const m of r.marks) if (m.k === "pass") { const px = ox(disp(m.t, m.n)).toFixed(1); ov.push('<line class="ov-pass" x1="' + px + '" x2="' + px + '" y1="' + (oh - 4) + '" y2="' + oh + '"/>'); }
  for (const [t, k] of problems) { const px = ox(disp(t, k)).toFixed(1); ov.push('<line class="ov-fail" x1="' + px + '" x2="' + px + '" y1="0" y2="' + oh + '"/>'); }
  const wa = ox(v0), wb = ox(v1);
  ov.push('<rect class="ov-shade" x="' + X0 + '" y="0" width="' + Math.max(0, wa - X0).toFixed(1) + '" height="' + oh + '"/>');
  ov.push('<rect class="ov-shade" x="' + wb.toFixed(1) + '" y="0" width="' + Math.max(0, X0 + W - wb).toFixed(1) + '" height="' + oh + '"/>');
  ov.push('<rect class="ov-window" x="' + wa.toFixed(1) + '" y="0.75" width="' + Math.max(2, wb - wa).toFixed(1) + '" height="' + (oh - 1.5) + '" rx="2"/>');
  overview.setAttribute("width", width);
  overview.innerHTML = ov.join("");
}

// ---- Interaction.
document.getElementById("fit").onclick = fitAll;
document.getElementById("zoomIn").onclick = () => zoom(0.5);
document.getElementById("zoomOut").onclick = () => zoom(2);
document.getElementById("panLeft").onclick = () => pan(-0.25);
document.getElementById("panRight").onclick = () => pan(0.25);
collapseBox.onchange = () => rebuild(true);
spreadBox.onchange = () => rebuild(true);
window.addEventListener("resize", schedule);
window.addEventListener("keydown", e => {
  if (e.target && e.target.tagName === "INPUT") return;
  if (e.key === "+" || e.key === "=") zoom(0.5);
  else if (e.key === "-" || e.key === "_") zoom(2);
  else if (e.key === "0") fitAll();
  else if (e.key === "ArrowLeft") pan(-0.25);
  else if (e.key === "ArrowRight") pan(0.25);
  else return;
  e.preventDefault();
});
function localX(e, el) { return e.clientX - el.getBoundingClientRect().left; }
function wheel(e, always) {
  const horizontal = Math.abs(e.deltaX) > Math.abs(e.deltaY);
  if (horizontal || e.shiftKey) {
    e.preventDefault();
    pan((horizontal ? e.deltaX : e.deltaY) / Math.max(200, W));
  } else if (always || e.ctrlKey || e.metaKey) {
    e.preventDefault();
    const at = dAt(localX(e, plot));
    zoom(Math.exp(Math.max(-1, Math.min(1, e.deltaY * 0.002))), Math.max(v0, Math.min(v1, at)));
  }
}
plot.addEventListener("wheel", e => wheel(e, false), { passive: false });
axis.addEventListener("wheel", e => wheel(e, true), { passive: false });
overview.addEventListener("wheel", e => wheel(e, true), { passive: false });
let drag = null;
plot.addEventListener("mousedown", e => {
  if (e.button !== 0) return;
  drag = { kind: "pan", x: e.clientX, v0: v0, v1: v1 };
  plot.classList.add("dragging");
});
overview.addEventListener("mousedown", e => {
  if (e.button !== 0) return;
  const d = (localX(e, overview) - X0 - PAD) / (W - 2 * PAD) * total;
  drag = { kind: "pick", from: d, moved: false };
  e.preventDefault();
});
// ---- The screen: the scene as drawn at the time under the pointer.
const screen = document.getElementById("screen"), screenPicture = document.getElementById("screenPicture"),
  screenTime = document.getElementById("screenTime");
let shownPicture = -1;
function showScreen(t) {
  if (!screens.length) return;
  let lo = 0, hi = screens.length - 1;
  if (t < screens[0][0]) t = screens[0][0];
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (screens[mid][0] <= t) lo = mid; else hi = mid - 1; }
  const index = screens[lo][1];
  if (index !== shownPicture && pictures[index] !== undefined) { screenPicture.innerHTML = pictures[index]; shownPicture = index; }
  screenTime.textContent = "at " + secs(t) + (screensStop !== null && t >= screensStop ? " (pictures stopped at " + secs(screensStop) + ")" : "");
}
if (screens.length) { screen.hidden = false; showScreen(tEnd); }
window.addEventListener("mousemove", e => {
  const hair = document.getElementById("hair");
  if (hair) {
    const px = localX(e, plot), inside = px >= X0 && px <= X0 + W;
    hair.setAttribute("x1", inside ? px : -10); hair.setAttribute("x2", inside ? px : -10);
    if (inside && !drag) rangeText.textContent = secs(real(v0)) + " – " + secs(real(v1)) + "  of  " + secs(tEnd) + "   ·   at " + secs(real(dAt(px)));
    const rect = plot.getBoundingClientRect();
    if (inside && e.clientY >= rect.top - 70 && e.clientY <= rect.bottom) showScreen(Math.max(0, Math.min(tEnd, real(dAt(px)))));
    // The screen keeps to the side away from the pointer, never over the time it shows.
    if (screens.length) screen.classList.toggle("left", e.clientX > window.innerWidth * 0.55);
  }
  if (!drag) return;
  if (drag.kind === "pan") {
    const shift = (e.clientX - drag.x) / (W - 2 * PAD) * (drag.v1 - drag.v0);
    setView(drag.v0 - shift, drag.v1 - shift);
  } else {
    const d = (localX(e, overview) - X0 - PAD) / (W - 2 * PAD) * total;
    if (Math.abs(d - drag.from) / total * W > 3) { drag.moved = true; setView(Math.min(d, drag.from), Math.max(d, drag.from)); }
  }
});
window.addEventListener("mouseup", () => {
  if (drag && drag.kind === "pick" && !drag.moved) {
    const span = v1 - v0;
    setView(drag.from - span / 2, drag.from + span / 2);
  }
  drag = null;
  plot.classList.remove("dragging");
});
plot.addEventListener("dblclick", e => zoom(0.5, dAt(localX(e, plot))));
function focus(t) {
  const d = disp(t), span = Math.min(total, Math.max(0.5, Math.min(v1 - v0, 4)));
  setView(d - span / 2, d + span / 2);
  document.getElementById("controls").scrollIntoView();
}
for (const li of document.querySelectorAll(".problems li[data-t]")) li.addEventListener("click", () => focus(Number(li.getAttribute("data-t"))));

// A view to start from in the address: #t=3.0-3.5 (seconds of virtual time).
rebuild(false);
const wanted = /t=([0-9.]+)-([0-9.]+)/.exec(location.hash);
if (wanted && Number(wanted[2]) > Number(wanted[1])) setView(disp(Number(wanted[1]), -Infinity), disp(Number(wanted[2])));
draw();
