import Countdown
import Foundation
import SceneCommandLine

// The whole command line (run, check, types) over the standard types and
// Countdown: `swift run countdown-runner Scenes/countdown.yaml`. A refused
// registration is a mistake in Countdown's description: say which, and
// exit with the status scene-runner gives a refused type (70).
do {
    SceneCommandLine(registry: try .withCountdown()).main()
} catch {
    FileHandle.standardError.write(Data("countdown-runner: Countdown was not registered: \(error)\n".utf8))
    exit(70)
}
