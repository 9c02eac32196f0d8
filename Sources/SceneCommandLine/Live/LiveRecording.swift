import SceneCore
import SceneLoader
import SceneYAML

/// A live session written as an ordinary scene (`live --record`), made
/// from what the session did, not from what was typed: the scene's own
/// text without its `script` entry (taken out by its parsed range, see
/// ``RecordedScene``), then a `script:` written from the session's steps
/// and values, each step after an `at:` of the time it was performed, the
/// session's end, and an `expect` of every property that changed with its
/// final value. `run` on it replays the session: the same events and
/// changes in the same order, wherever the recording is written and
/// whatever its strings hold (every string is written double-quoted,
/// anything but plain printable text escaped, so that YAML reads back
/// exactly the same), and it holds no alias, so that it stays within the
/// loader's limits however the steps were typed.
package enum LiveRecording {
    /// One step performed in the session.
    package struct Input {
        /// When it was applied (a whole millisecond for a typed line).
        package let time: Duration
        /// The step, as the recording writes it (``stepText(_:_:)``).
        package let text: String
    }

    /// The recording of a session whose scene is `scene` (its text
    /// without its script, the include paths rewritten for where the
    /// recording goes), named `sceneName` in the first note.
    package static func text(
        of scene: RecordedScene, sceneName: String, inputs: [Input], end: Duration,
        finalValues: [(path: String, value: SceneValue)]
    ) -> String {
        var writer = YAMLWriter(indentation: scene.indentation)
        writer.append(raw: String(decoding: scene.text, as: UTF8.self))
        writer.sequence("script") { script in
            script.item("note: \(noteText("recorded by a live session of " + sceneName))")
            // Every step after an `at:` of its time, even the same time as the
            // step before: the replay's `at:` fires what is due then and looks
            // at the properties, as the session did before each step.
            for input in inputs {
                script.item("at: \(input.time.sceneText)")
                script.item(input.text)
            }
            script.item("at: \(end.sceneText)")
            for (path, value) in finalValues {
                // A value no scene can write (a number that is not finite) is
                // left out of the final expectations.
                guard let written = yaml(value) else { continue }
                script.item("expect: { \(key(path)): \(written) }")
            }
        }
        return writer.text
    }

    /// A script step written as YAML from its values (the steps a session
    /// performs: `nil` for `wait` and `at`, which a recording writes as
    /// `at:` of each step's time, and for a step whose values cannot be
    /// written, such as a number that is not finite). See ``ScriptText``.
    package static func stepText(_ step: ScriptStep, _ objectIDs: [String]) -> String? {
        switch step.kind {
        case .wait, .at: return nil
        default: return ScriptText.step(step, objectIDs)
        }
    }

    /// A value in YAML flow style (``ScriptText/yaml(_:)``).
    static func yaml(_ value: SceneValue) -> String? { ScriptText.yaml(value) }

    /// A key, plain or quoted (``ScriptText/key(_:)``).
    static func key(_ text: String) -> String { ScriptText.key(text) }

    /// A note's text, plain or quoted (``ScriptText/noteText(_:)``).
    static func noteText(_ text: String) -> String { ScriptText.noteText(text) }
}
