import SceneOutput

/// The page a failed `snapshot:` step writes beside its reference: the
/// reference and the new picture side by side, their difference (the two
/// laid over each other, what is the same drawn black), and the lines of
/// the drawing that changed. One self-contained HTML file: the pictures
/// are inside it, so it opens anywhere and shows what it showed when it
/// was written.
///
/// Its size is bounded whatever the pictures': a picture over
/// ``maxInlinedBytes`` is not put inside the page but linked, by its file
/// name beside the page (`NAME.svg`, `NAME.new.svg`), and each listed line
/// is cut at ``maxListedLineCharacters``. A page is at most about 6 MB
/// (each picture inlined twice, in base64) and a few kilobytes of lines.
enum SnapshotComparisonPage {
    /// The most changed lines listed of each picture.
    static let maxListedLines = 40
    /// The most characters shown of a listed line.
    static let maxListedLineCharacters = 240
    /// The largest picture put inside the page (1 MiB); a larger one is linked.
    static let maxInlinedBytes = 1 << 20

    /// The page comparing `old` (the reference) with `new` (SVG bytes),
    /// the snapshot `name`'s, kept beside it as `NAME.svg` and `NAME.new.svg`.
    static func html(name: String, reference: String, old: [UInt8], new: [UInt8]) -> String {
        let changed = changedLines(old, new)
        let oldSource = source(old, file: name + ".svg")
        let newSource = source(new, file: name + ".new.svg")
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
            <figure id="reference"><figcaption>Reference</figcaption><img alt="the reference picture" src="\(oldSource)"></figure>
            <figure id="new"><figcaption>New</figcaption><img alt="the new picture" src="\(newSource)"></figure>
            <figure id="difference"><figcaption>Difference (black where they agree)</figcaption>
            <div class="overlay"><img alt="" src="\(oldSource)"><img alt="" src="\(newSource)"></div></figure>
            </div>
            <h2>What changed in the drawing</h2>

            """
        page += "<pre>"
        for line in changed.removed {
            page += "<span class=\"removed\">- \(MarkupText.content(line))</span>\n"
        }
        if changed.removedCount > changed.removed.count {
            page += "<span class=\"removed\">  and \(changed.removedCount - changed.removed.count) more</span>\n"
        }
        for line in changed.added {
            page += "<span class=\"added\">+ \(MarkupText.content(line))</span>\n"
        }
        if changed.addedCount > changed.added.count {
            page += "<span class=\"added\">  and \(changed.addedCount - changed.added.count) more</span>\n"
        }
        page += "</pre>\n</body>\n</html>\n"
        return page
    }

    /// The lines of `old` and of `new` between their common first and last
    /// lines: what was removed and what was added, in linear time.
    static func changedLines(_ old: [UInt8], _ new: [UInt8]) -> ChangedLines {
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
        // Only the lines listed become text, each cut short; the rest are counted.
        let text = { (line: ArraySlice<UInt8>) -> String in
            let shown = String(decoding: line.prefix(maxListedLineCharacters * 4), as: UTF8.self)
            guard shown.count > maxListedLineCharacters || line.count > maxListedLineCharacters * 4 else {
                return shown
            }
            return String(shown.prefix(maxListedLineCharacters)) + " …"
        }
        let removed = oldLines[start..<oldEnd]
        let added = newLines[start..<newEnd]
        return ChangedLines(
            removed: removed.prefix(maxListedLines).map(text), removedCount: removed.count,
            added: added.prefix(maxListedLines).map(text), addedCount: added.count)
    }

    /// The lines that changed: the first ``maxListedLines`` of each side,
    /// each cut at ``maxListedLineCharacters``, and how many there are.
    struct ChangedLines {
        var removed: [String]
        var removedCount: Int
        var added: [String]
        var addedCount: Int
    }

    /// Where the page's `<img>` finds a picture: inside the page, or, over
    /// ``maxInlinedBytes``, the file beside it.
    static func source(_ bytes: [UInt8], file: String) -> String {
        bytes.count <= maxInlinedBytes ? dataURI(bytes) : MarkupText.attribute(file)
    }

    /// `bytes` as a `data:` address of an SVG picture.
    static func dataURI(_ bytes: [UInt8]) -> String { "data:image/svg+xml;base64," + Base64.encoded(bytes) }
}
