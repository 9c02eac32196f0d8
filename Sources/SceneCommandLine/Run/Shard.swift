import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

/// `--shard i/n`.
struct Shard: ExpressibleByArgument {
    let index: Int
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// The files of this slice, in their order.
    func slice(of files: [String]) -> [String] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
