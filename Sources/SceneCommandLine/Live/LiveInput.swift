import SceneCore
import SceneLoader
import SceneRunning
import SceneYAML

/// One input to a live session, typed: what a line of standard input or a
/// message from the preview's page stands for. Nothing is turned back into
/// text to be parsed again: a line is compiled once, a drag becomes its
/// step directly.
package enum LiveInput: Sendable, Equatable {
    /// A script step as typed (`tap: play`), compiled against the scene.
    case step(String)
    /// A drag along a control that declares a `slide` input taking a
    /// number: the thumb moved to `fraction` (0...1) of its range.
    case slide(id: String, fraction: Double)
    /// A look at an object's properties (the preview's inspector); it
    /// changes nothing.
    case inspect(id: String)
    /// A line longer than the session's limit (`maximumBytes`), dropped.
    case overlongLine(maximumBytes: Int)
}

extension LiveInput {
    /// The step a drag to `fraction` of `id`'s range stands for: the
    /// object's declared `slide` input with its range (``InputRange``), the
    /// value at that fraction of the range as the object gives it now
    /// (rounded to three decimals, as the page's drags have always been,
    /// unless that would take it out of the range); why not, when the object
    /// declares no `slide` input with a range, or its range is not finite.
    static func slideStep(
        id: String, fraction: Double, in live: LiveRun, at span: SourceSpan
    ) -> Result<ScriptStep, SlideRefusal> {
        guard let index = live.declaration.index(ofID: id), let entry = live.scene.entry(id),
            let input = entry.type.orderedInputs.first(where: { $0.name == "slide" }), let range = input.range
        else {
            return .failure(SlideRefusal(message: "'\(id)' is not a slider: the drag was dropped"))
        }
        guard let exact = range.fraction(fraction, of: entry.object), let bounds = range.bounds(of: entry.object)
        else {
            return .failure(SlideRefusal(message: "'\(id)' has no finite range to slide along: the drag was dropped"))
        }
        var value = exact
        if abs(exact) < 1e12 {
            let rounded = (exact * 1000).rounded() / 1000
            if rounded >= bounds.lower && rounded <= max(bounds.lower, bounds.upper) { value = rounded }
        }
        return .success(ScriptStep(input: input, of: index, argument: .double(value), at: span))
    }

    /// Why a drag was dropped.
    struct SlideRefusal: Error {
        let message: String
    }
}
