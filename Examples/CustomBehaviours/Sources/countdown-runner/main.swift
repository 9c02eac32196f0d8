import Countdown
import SceneCommandLine

// The whole command line (run, check, types) over the standard types and
// Countdown: `swift run countdown-runner Scenes/countdown.yaml`.
SceneCommandLine(registry: .withCountdown).main()
