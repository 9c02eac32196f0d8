import Foundation

/// What is wrong with one run, if anything: the kinds CI can fail on.
struct Problem {
    /// `status`, `timeout`, `memory`, `output`, `json`, `dot` or `input-changed`.
    var kind: String
    var detail: String
}

/// Judges runs: an exit status its subcommand does not document, a
/// death by a signal, a limit passed, JSON Lines that do not parse, DOT
/// with a control character, or an input file changed.
final class RunCheck {
    let runner: String
    private var documented: [String: Set<Int32>] = [:]

    init(runner: String) { self.runner = runner }

    /// The exit statuses `RUNNER SUBCOMMAND --help` lists under "Exit status:".
    func documentedStatuses(_ subcommand: String) -> Set<Int32> {
        if let known = documented[subcommand] { return known }
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        process.arguments = [subcommand, "--help"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        var statuses: Set<Int32> = []
        if (try? process.run()) != nil {
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if let block = text.components(separatedBy: "Exit status:\n").dropFirst().first {
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    guard line.first == " ", let number = line.split(separator: " ").first.flatMap({ Int32($0) })
                    else { break }
                    statuses.insert(number)
                }
            }
        }
        if statuses.isEmpty { statuses = [0, 1, 2, 64, 74] }
        documented[subcommand] = statuses
        return statuses
    }

    /// The problems of `run`, given the folder's files before it.
    func problems(of run: RunnerRun, _ plan: RunPlan, folder: URL, before: [String: FileState]) -> [Problem] {
        var found: [Problem] = []
        switch run.ending {
        case .timedOut:
            found.append(Problem(kind: "timeout", detail: String(format: "still running after %.1fs", run.seconds)))
        case .overMemory: found.append(Problem(kind: "memory", detail: "peak RSS \(run.peakKiB >> 10) MiB"))
        case .signal(let number): found.append(Problem(kind: "status", detail: "signal \(number)"))
        case .exited(let status):
            if !documentedStatuses(plan.subcommand).contains(status) {
                found.append(Problem(kind: "status", detail: "exit \(status), not listed by \(plan.subcommand) --help"))
            } else if plan.printsJSON, let problem = Self.jsonLinesProblem(run.stdout) {
                found.append(Problem(kind: "json", detail: problem))
            } else if plan.printsDOT, status == 0, let problem = Self.dotProblem(run.stdout) {
                found.append(Problem(kind: "dot", detail: problem))
            }
        }
        let printed = (try? FileManager.default.attributesOfItem(atPath: run.stdout.path)[.size] as? Int) ?? 0
        if printed > 256 << 20 { found.append(Problem(kind: "output", detail: "printed \(printed >> 20) MiB")) }
        let after = FileState.snapshot(of: folder)
        let changed = before.keys.sorted().filter { after[$0] != before[$0] }
        if !changed.isEmpty {
            found.append(
                Problem(kind: "input-changed", detail: "changed: " + changed.prefix(5).joined(separator: ", ")))
        }
        return found
    }

    /// The first line of a JSON Lines output that does not parse (NaN and
    /// infinities are not JSON), or nil.
    static func jsonLinesProblem(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url) else { return "the output cannot be read" }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (number, line) in lines.prefix(2_000_000).enumerated() {
            if line.isEmpty { return "line \(number + 1) is empty" }
            if (try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])) == nil {
                return "line \(number + 1) is not JSON: \(String(decoding: line.prefix(120), as: UTF8.self))"
            }
        }
        return nil
    }

    /// A control character other than tab and newline in a DOT output.
    static func dotProblem(_ url: URL) -> String? {
        let bytes = RunnerRun.head(url, limit: 64 << 20)
        guard let offset = bytes.firstIndex(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x7F }) else {
            return nil
        }
        return "the DOT output holds the byte \(bytes[offset]) at offset \(offset)"
    }
}

/// A file of a run's folder as it was: its bytes, or what kind of special
/// file it is (never opened: a FIFO would block).
enum FileState: Equatable {
    case file([UInt8])
    case special(String)

    /// Every file of `folder` but the hidden ones and `out/` (the runs' outputs).
    static func snapshot(of folder: URL) -> [String: FileState] {
        var states: [String: FileState] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return states }
        while let relative = walker.nextObject() as? String, states.count < 10_000 {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || relative == "out" || relative.hasPrefix("out/") {
                if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { walker.skipDescendants() }
                continue
            }
            let path = folder.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                states[relative] = .file([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()))
            case S_IFDIR: continue
            case S_IFLNK:
                states[relative] = .special(
                    "symlink to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"))
            default: states[relative] = .special("mode \(info.st_mode & S_IFMT)")
            }
        }
        return states
    }
}
