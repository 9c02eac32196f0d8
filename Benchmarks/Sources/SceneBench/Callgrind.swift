#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the instructions a program runs, with valgrind's callgrind over
/// all its threads together (`--separate-threads=no`), on a stripped copy
/// of the program (what a release ships; symbols change nothing but the
/// start-up's reading of them).
///
///     let counter = try Callgrind(scratch: scratch)
///     let count = try counter.instructions(of: "/usr/bin/true", arguments: [])
///
/// The command it runs is the one docs/Performance.md gives:
///
///     strip -o COPY PROGRAM
///     valgrind --tool=callgrind --separate-threads=no --callgrind-out-file=OUT COPY ARGUMENTS...
struct Callgrind {
    /// Where the stripped copies and callgrind's output go.
    let scratch: ScratchFolder
    /// valgrind's path.
    let valgrind: String
    /// strip's path.
    let strip: String

    /// Why instructions could not be counted.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A counter that writes in `scratch`; fails when valgrind or strip
    /// is not installed.
    init(scratch: ScratchFolder) throws(Failure) {
        self.scratch = scratch
        guard let valgrind = Self.find("valgrind"), let strip = Self.find("strip") else {
            throw Failure(
                description: "valgrind and strip are needed to count instructions (or give --no-instructions)")
        }
        self.valgrind = valgrind
        self.strip = strip
    }

    /// The instructions `program` runs with `arguments`, all threads
    /// counted; fails when it does not exit 0.
    func instructions(of program: String, arguments: [String]) throws -> Int {
        let name = program.split(separator: "/").last.map(String.init) ?? "program"
        let copy = scratch.path + "/stripped-" + name
        let output = scratch.path + "/callgrind-" + name + ".out"
        let stripped = try ChildProcess.run(strip, arguments: ["-o", copy, program])
        guard stripped.status == 0 else { throw Failure(description: "strip of \(program) exited \(stripped.status)") }
        let run = try ChildProcess.run(
            valgrind,
            arguments: ["--tool=callgrind", "--separate-threads=no", "--callgrind-out-file=" + output, copy] + arguments
        )
        guard run.status == 0 else {
            throw Failure(description: "callgrind of \(name) \(arguments.joined(separator: " ")) exited \(run.status)")
        }
        let text = try FileBytes.readText(output)
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let count = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return count }
        }
        throw Failure(description: "callgrind wrote no total to \(output)")
    }

    /// The first executable `name` on `PATH`.
    static func find(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
            return "\(folder)/\(name)"
        }
        return nil
    }
}
