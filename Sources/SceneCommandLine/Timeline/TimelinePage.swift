/// The fixed parts of a timeline page: the head with its styles and
/// controls, the script that draws the data rows, and the end. Nothing in
/// them loads anything from outside the page.
enum TimelinePage {
    /// Everything up to the data rows, with the title and subtitle already
    /// HTML-escaped; ends inside the `<script>` element the rows go in
    /// (the writer closes it after `SUMMARY`).
    static func head(title: String, subtitle: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · timeline</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header class="top"><h1>\(title)</h1><p class="meta">\(subtitle)</p></header>
        <noscript><p class="noscript">The timeline is drawn by the script in this page: with scripts off, only the summary shows.</p></noscript>
        <div class="controls" id="controls">
        <div class="toolbar">
        <button id="fit" title="Show the whole run (0)">Fit</button>
        <button id="zoomOut" title="Zoom out (-)">−</button>
        <button id="zoomIn" title="Zoom in (+)">+</button>
        <button id="panLeft" title="Earlier (←)">◀</button>
        <button id="panRight" title="Later (→)">▶</button>
        <label class="check" title="Draw stretches of more than 3 s where nothing happens narrow, marked with a break"><input type="checkbox" id="collapse" checked> collapse idle time</label>
        <label class="check" title="Draw the steps that happen at one virtual time side by side, in script order"><input type="checkbox" id="spread" checked> spread steps at one time</label>
        <span id="range" class="range"></span>
        <span class="hint">Ctrl+wheel or +/− zooms · drag pans · drag on the overview picks a range · hover for details</span>
        </div>
        <svg id="overview" height="38" aria-label="overview of the whole run"></svg>
        <svg id="axis" height="24" aria-label="virtual time"></svg>
        </div>
        <div id="chart"><svg id="plot" aria-label="timeline"></svg></div>
        \(legend)
        <script>
        "use strict";

        """
    }

    /// The end of the page, after the data rows, `SUMMARY` and the
    /// summary's HTML: the script that draws the rows.
    static let script = """
        <script>
        (function () {
        "use strict";
        \(drawing)
        })();
        </script>
        </body>
        </html>

        """

    static let legend = """
        <div class="legend">
        <span><svg width="14" height="14" viewBox="-7 -7 14 14"><circle class="mk pass" r="4.5"/></svg>expectation held</span>
        <span><svg width="16" height="16" viewBox="-8 -8 16 16"><path class="mk fail" d="M0,-6.5L6.5,0L0,6.5L-6.5,0Z"/><path class="x" d="M-2.2,-2.2L2.2,2.2M2.2,-2.2L-2.2,2.2"/></svg>expectation failed</span>
        <span><svg width="14" height="14" viewBox="-7 -7 14 14"><path class="mk input" d="M-5,-4H5L0,4.5Z"/></svg>input</span>
        <span><svg width="14" height="14" viewBox="-7 -7 14 14"><rect class="mk call" x="-4" y="-4" width="8" height="8"/></svg>call</span>
        <span><svg width="14" height="14" viewBox="-7 -7 14 14"><circle class="mk ignored" r="4"/></svg>ignored input</span>
        <span><svg width="14" height="14" viewBox="-7 -7 14 14"><path class="mk event" d="M0,-4.5L4.5,0L0,4.5L-4.5,0Z"/></svg>event sent</span>
        <span><svg width="28" height="14" viewBox="-2 -7 28 14"><path class="num-line" d="M0,4H10V-4H26"/></svg>number changed</span>
        <span><svg width="28" height="14" viewBox="-2 -7 28 14"><path class="num-line" d="M0,4H6L18,-4H26"/></svg>animated</span>
        <span><svg width="28" height="14" viewBox="-2 -7 28 14"><rect class="bool-on" x="0" y="-4.5" width="24" height="9" rx="1.5"/></svg>true</span>
        <span><svg width="28" height="14" viewBox="-2 -7 28 14"><rect class="seg" x="0" y="-6" width="24" height="12" fill="hsl(200,70%,90%)"/></svg>other values</span>
        <span><svg width="14" height="14" viewBox="-4 -7 14 14"><path class="note-flag" d="M0,6V-6L7,-3L0,0"/></svg>note</span>
        <span><svg width="28" height="14" viewBox="-2 -7 28 14"><rect class="wait" x="0" y="-4" width="24" height="8" rx="2"/></svg>wait</span>
        <span><svg width="14" height="14" viewBox="-7 -7 14 14"><path class="brk" d="M-3,-7L3,-3L-3,1L3,5"/></svg>idle time drawn narrow</span>
        </div>
        """

    /// The drawing: reads `SCENE`, `D` (the data rows) and `SUMMARY`; its
    /// model and layout here, the SVG it draws and the controls in
    /// TimelineDrawing.swift.
    static var drawing: String { layout + "\n" + rendering }

    /// Lanes, values, time on the page and the view.
    static let layout = #"""
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
        // Each script step has an ordinal n; what happens during a step has
        // the step's. Steps at one virtual time can be spread apart on the
        // page by their ordinals (an expect block's expectations are one step).
        const activity = [], problems = [], guides = [], stepTimes = [0];
        let openWait = null, n = 0, lastKind = "";
        function closeWait(t) { if (openWait) { openWait.t1 = t; openWait.n1 = n; openWait = null; } }
        function secs(t) { return t.toFixed(3) + "s"; }

        for (const r of D) {
          const t = r[0], kind = r[1];
          if ("sunxE".includes(kind) && !(kind === "x" && lastKind === "x" && stepTimes[n] === t)) { n++; stepTimes.push(t); }
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

        """#
}
