extension TimelinePage {
    static let style = """
        :root { --pass: #1a7f37; --fail: #cf222e; --event: #0969da; --input: #bc4c00; --call: #8250df;
          --muted: #656d76; --line: #d0d7de; --lane: #f6f8fa; --num: #0969da; --bool: #54aeff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: #1f2328; background: #fff; display: flex; flex-direction: column; }
        header.top { order: -2; padding: 12px 16px 0; }
        h1 { font-size: 18px; margin: 0; }
        .meta { margin: 1px 0 0; color: var(--muted); }
        .noscript { padding: 0 16px; color: var(--fail); }
        .summary { order: -1; padding: 2px 16px 6px; }
        .summary p { margin: 4px 0; }
        .chip { display: inline-block; padding: 1px 9px; border-radius: 10px; background: #eaeef2; margin-right: 3px;
          font-size: 12px; }
        .chip.pass { background: #dafbe1; color: #116329; }
        .chip.fail { background: #ffebe9; color: #a40e26; font-weight: 600; }
        .problems { margin: 2px 0; padding-left: 22px; color: #a40e26; max-height: 7.5em; overflow: auto; }
        .problems li { cursor: pointer; }
        .problems li:hover { text-decoration: underline; }
        .problems .time, .problems .place { color: var(--muted); font-variant-numeric: tabular-nums; }
        .controls { position: sticky; top: 0; z-index: 2; background: rgba(255, 255, 255, 0.97);
          border-bottom: 1px solid var(--line); padding: 6px 16px 0; }
        .toolbar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
        button { font: inherit; min-width: 30px; padding: 1px 8px; border: 1px solid var(--line); border-radius: 6px;
          background: #f6f8fa; cursor: pointer; color: inherit; }
        button:hover { background: #eaeef2; }
        .check { color: var(--muted); margin-left: 4px; user-select: none; }
        .range { font-variant-numeric: tabular-nums; margin-left: 8px; }
        .hint { color: var(--muted); font-size: 12px; margin-left: auto; padding-left: 12px; }
        svg { display: block; font-family: inherit; }
        svg text { font-size: 11px; fill: #1f2328; }
        #overview { cursor: crosshair; margin-top: 5px; user-select: none; }
        #axis { user-select: none; }
        #chart { padding: 0 16px 8px; }
        #plot { cursor: grab; user-select: none; }
        #plot.dragging { cursor: grabbing; }
        .legend { padding: 2px 16px 16px; display: flex; flex-wrap: wrap; gap: 4px 13px; color: var(--muted); font-size: 12px; }
        .legend span { display: inline-flex; align-items: center; gap: 5px; }
        .legend svg { overflow: visible; }
        .lane-bg { fill: #fff; }
        .lane-bg.odd { fill: var(--lane); }
        .lane-sep { stroke: var(--line); }
        .lane-name { font-weight: 600; font-size: 12px; }
        .lane-name.script { fill: var(--muted); font-style: italic; }
        .row-name { fill: #424a53; }
        .row-name.events, .row-name.aside { fill: var(--muted); font-style: italic; }
        .row-line { stroke: #eaeef2; }
        .grid { stroke: #eaeef2; }
        .grid.major { stroke: #d8dee4; }
        .brk-band { fill: #eaeef2; opacity: 0.7; }
        .brk { fill: none; stroke: #8c959f; stroke-width: 1.2; }
        .brk-label { fill: var(--muted); font-size: 10px; }
        .tick-label { fill: #424a53; font-size: 11px; font-variant-numeric: tabular-nums; }
        .axis-line { stroke: #8c959f; }
        .inst { fill: #afb8c1; opacity: 0.6; }
        .num-line { fill: none; stroke: var(--num); stroke-width: 1.5; stroke-linejoin: round; }
        .num-fill { fill: var(--num); opacity: 0.08; }
        .bool-on { fill: #b6e3ff; stroke: #54aeff; stroke-width: 1; }
        .bool-off { stroke: #afb8c1; stroke-width: 1; }
        .seg { stroke: rgba(31, 35, 40, 0.25); stroke-width: 0.5; }
        .busy { fill: #afb8c1; }
        .hit { fill: transparent; }
        .hit:hover { fill: rgba(9, 105, 218, 0.08); }
        .lbl { font-size: 10px; fill: #424a53; paint-order: stroke; stroke: #fff; stroke-width: 3px;
          stroke-linejoin: round; pointer-events: none; }
        .lbl.inside { stroke: none; fill: #1f2328; }
        .lbl.fail { fill: #a40e26; font-weight: 600; font-size: 10.5px; }
        .lbl.note { fill: #57606a; font-style: italic; }
        .mk { stroke: #fff; stroke-width: 1; cursor: help; }
        .mk:hover { stroke: #1f2328; stroke-width: 1.5; }
        .mk.pass { fill: var(--pass); }
        .mk.fail { fill: var(--fail); stroke: #fff; }
        .x { stroke: #fff; stroke-width: 1.6; pointer-events: none; }
        .mk.event { fill: var(--event); }
        .mk.input { fill: var(--input); }
        .mk.call { fill: var(--call); }
        .mk.ignored { fill: #fff; stroke: #8c959f; stroke-width: 1.5; }
        .mk.ignored.ring { fill: none; pointer-events: none; }
        .mk.failure { fill: var(--fail); }
        .fail-guide { stroke: var(--fail); stroke-width: 1; stroke-dasharray: 4 3; opacity: 0.6; }
        .note-guide { stroke: #8c959f; stroke-width: 1; stroke-dasharray: 1 3; opacity: 0.7; }
        .note-flag { fill: #8c959f; stroke: #6e7781; stroke-width: 1; cursor: help; }
        .wait { fill: #eaeef2; stroke: #afb8c1; stroke-width: 0.5; cursor: help; }
        .step-tick { stroke: #6e7781; stroke-width: 1.5; cursor: help; }
        .hair { stroke: #1f2328; stroke-width: 0.5; opacity: 0.5; pointer-events: none; }
        .ov-bg { fill: #f6f8fa; }
        .ov-bar { fill: #8c959f; }
        .ov-pass { stroke: var(--pass); stroke-width: 1; }
        .ov-fail { stroke: var(--fail); stroke-width: 2; }
        .ov-shade { fill: rgba(31, 35, 40, 0.12); pointer-events: none; }
        .ov-window { fill: none; stroke: var(--num); stroke-width: 1.5; pointer-events: none; }
        .empty { fill: var(--muted); font-size: 13px; }
        """

    /// The SVG the page draws from ``layout``, and the controls: zoom, pan,
    /// the overview and the boxes.
    static let rendering = #"""
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
        window.addEventListener("mousemove", e => {
          const hair = document.getElementById("hair");
          if (hair) {
            const px = localX(e, plot), inside = px >= X0 && px <= X0 + W;
            hair.setAttribute("x1", inside ? px : -10); hair.setAttribute("x2", inside ? px : -10);
            if (inside && !drag) rangeText.textContent = secs(real(v0)) + " – " + secs(real(v1)) + "  of  " + secs(tEnd) + "   ·   at " + secs(real(dAt(px)));
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
        """#
}
