import SceneCommandLine
import SceneStorage

// `scene-runner`: the command line over the standard types and the storage
// types. A package with its own types builds its runner the same way.
SceneCommandLine(registry: .standardWithStorage).main()
