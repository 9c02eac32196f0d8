import SceneOutput

/// The page a failed `snapshot:` step writes beside its reference: the
/// reference and the new picture side by side, their difference (the two
/// laid over each other, what is the same drawn black), and the lines of
/// the drawing that changed. One self-contained HTML file: the pictures
/// are inside it, so it opens anywhere and shows what it showed when it
/// was written.
enum SnapshotComparisonPage {
    /// The most changed lines listed of each picture.
    static let maxListedLines = 40

    /// The page comparing `old` (the reference) with `new` (SVG bytes).
    static func html(name: String, reference: String, old: [UInt8], new: [UInt8]) -> String {
        let (removed, added) = changedLines(old, new)
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Snapshot \(MarkupText.content(name)): reference and new picture</title>
            <style>
            body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 24px; color: #1f2937; }
            h1 { font-size: 18px; margin: 0 0 4px; }
            p { margin: 0 0 16px; color: #4b5563; }
            .panels { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
            figure { margin: 0; }
            figcaption { font-weight: 600; margin-bottom: 6px; }
            figure img { display: block; border: 1px solid #d1d5db; max-width: 420px; height: auto; }
            .overlay { position: relative; display: inline-block; background: #000; border: 1px solid #d1d5db; }
            .overlay img { display: block; max-width: 420px; height: auto; }
            .overlay img + img { position: absolute; left: 0; top: 0; mix-blend-mode: difference; }
            pre { background: #f9fafb; border: 1px solid #e5e7eb; padding: 8px; overflow-x: auto; font-size: 12px; }
            .removed { color: #b91c1c; } .added { color: #047857; }
            </style>
            </head>
            <body>
            <h1>Snapshot \(MarkupText.content(name))</h1>
            <p>The picture differs from the reference <code>\(MarkupText.content(reference))</code>.
            If the new one is right, accept it with <code>scene-runner run --update-snapshots</code>
            (in tests, <code>SCENE_UPDATE_SNAPSHOTS=1</code>).</p>
            <div class="panels">
            <figure id="reference"><figcaption>Reference</figcaption><img alt="the reference picture" src="\(dataURI(old))"></figure>
            <figure id="new"><figcaption>New</figcaption><img alt="the new picture" src="\(dataURI(new))"></figure>
            <figure id="difference"><figcaption>Difference (black where they agree)</figcaption>
            <div class="overlay"><img alt="" src="\(dataURI(old))"><img alt="" src="\(dataURI(new))"></div></figure>
            </div>
            <h2>What changed in the drawing</h2>

            """
        page += "<pre>"
        for line in removed.prefix(maxListedLines) {
            page += "<span class=\"removed\">- \(MarkupText.content(line))</span>\n"
        }
        if removed.count > maxListedLines {
            page += "<span class=\"removed\">  and \(removed.count - maxListedLines) more</span>\n"
        }
        for line in added.prefix(maxListedLines) {
            page += "<span class=\"added\">+ \(MarkupText.content(line))</span>\n"
        }
        if added.count > maxListedLines {
            page += "<span class=\"added\">  and \(added.count - maxListedLines) more</span>\n"
        }
        page += "</pre>\n</body>\n</html>\n"
        return page
    }

    /// The lines of `old` and of `new` between their common first and last
    /// lines: what was removed and what was added, in linear time.
    static func changedLines(_ old: [UInt8], _ new: [UInt8]) -> (removed: [String], added: [String]) {
        let oldLines = old.split(separator: 10, omittingEmptySubsequences: false)
        let newLines = new.split(separator: 10, omittingEmptySubsequences: false)
        var start = 0
        while start < oldLines.count, start < newLines.count, oldLines[start].elementsEqual(newLines[start]) {
            start += 1
        }
        var oldEnd = oldLines.count
        var newEnd = newLines.count
        while oldEnd > start, newEnd > start, oldLines[oldEnd - 1].elementsEqual(newLines[newEnd - 1]) {
            oldEnd -= 1
            newEnd -= 1
        }
        let text = { (line: ArraySlice<UInt8>) in String(decoding: line, as: UTF8.self) }
        return (oldLines[start..<oldEnd].map(text), newLines[start..<newEnd].map(text))
    }

    /// `bytes` as a `data:` address of an SVG picture.
    static func dataURI(_ bytes: [UInt8]) -> String { "data:image/svg+xml;base64," + Base64.encoded(bytes) }
}
