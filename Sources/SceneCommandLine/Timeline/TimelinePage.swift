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
        \(TimelineAssets.style)
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
        <aside id="screen" hidden aria-label="the scene at the time under the pointer"><div id="screenTime"></div><div id="screenPicture"></div></aside>
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
        \(TimelineAssets.script)
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
}
