import SceneCore
import SceneRunning

/// An observer of a live run that remembers the last value of every
/// property that changed: the `expect` a recording ends with.
final class FinalValues: TranscriptListener {
    private var order: [String] = []
    private var latest: [String: SceneValue] = [:]

    func begin(_ header: Transcript.Header) {}

    func record(_ entry: Transcript.Entry) {
        guard case .change(let object, let property, _, let to, _) = entry.kind else { return }
        let path = object + "." + property
        if latest.updateValue(to, forKey: path) == nil { order.append(path) }
    }

    func end(_ summary: Transcript.Summary) {}

    /// Each property that changed with its last value, in the order of
    /// their first change.
    var values: [(path: String, value: SceneValue)] {
        order.compactMap { path in latest[path].map { (path, $0) } }
    }
}
