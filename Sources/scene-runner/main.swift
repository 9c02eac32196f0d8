import SceneCommandLine
import ScenePreview
import SceneStorage

// `scene-runner`: the command line over the standard types and the storage
// types, with `preview` (which links SwiftNIO). A package with its own types
// builds its runner the same way.
SceneCommandLine(registry: .standardWithStorage, extraCommands: [.preview]).main()
