import SceneCore
import SceneLoader

/// Receives a transcript as it happens: the scene's warnings, the header
/// before the script, each entry as soon as it is known, and the summary at
/// the end.
package protocol TranscriptListener: AnyObject {
    /// The scene loaded with these warnings (not called when there are none).
    func warn(_ warnings: [Diagnostic], in source: SceneSource)
    /// The scene is loaded and about to run.
    func begin(_ header: Transcript.Header)
    /// Something happened.
    func record(_ entry: Transcript.Entry)
    /// The run is over.
    func end(_ summary: Transcript.Summary)
}

extension TranscriptListener {
    /// By default warnings are not shown.
    package func warn(_ warnings: [Diagnostic], in source: SceneSource) {}
}
