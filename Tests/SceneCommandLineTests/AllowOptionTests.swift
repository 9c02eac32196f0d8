import Foundation
import SceneCore
import TestSupport
import Testing

/// `--allow CODE` under `--warnings-as-errors`, for `import` and `check`:
/// an allowed warning is printed and does not fail the command; the rest
/// fail it, and a failed import's last line says so and why.
@Suite(.serialized) struct AllowOptionTests {
    /// The timeout storyboard with two Auto Layout constraints on its bar of
    /// controls: one `constraints-not-imported` warning.
    private func constrained(in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("Constrained.storyboard")
        try String(contentsOfFile: ImportCommandTests.timeout, encoding: .utf8)
            .replacingOccurrences(
                of: "<rect key=\"frame\" x=\"36\" y=\"348\" width=\"664\" height=\"50\"/>",
                with:
                    "<rect key=\"frame\" x=\"36\" y=\"348\" width=\"664\" height=\"50\"/><constraints><constraint firstAttribute=\"height\" constant=\"50\" id=\"k-1\"/><constraint firstAttribute=\"width\" constant=\"664\" id=\"k-2\"/></constraints>"
            )
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func lastLine(_ output: String) -> String {
        output.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func constraintsFailTheImportUnderWarningsAsErrorsAndTheLastLineSaysWhy() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let storyboard = try constrained(in: folder)
        #expect(run(["import", storyboard, "-o", folder.path]).status == 0)
        let strict = run(["import", storyboard, "-o", folder.path, "--warnings-as-errors"])
        #expect(strict.status == 2)
        #expect(
            lastLine(strict.output)
                == "failed: 1 warning under --warnings-as-errors (constraints-not-imported ×1); allow it with --allow CODE",
            "\(strict.output)")
        // The scene is written, and check finds nothing in it: the import's warning alone fails it.
        #expect(strict.output.contains("ViewController.yaml from \(storyboard) (9 objects; 1 thing not carried over"))
    }

    @Test func anAllowedCodeIsPrintedAndDoesNotFailTheImport() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let storyboard = try constrained(in: folder)
        for allow in [
            ["--allow", "constraints-not-imported"], ["--allow", "segue-not-imported,constraints-not-imported"],
            ["--allow", "segue-not-imported", "--allow", "constraints-not-imported"],
        ] {
            let allowed = run(["import", storyboard, "-o", folder.path, "--warnings-as-errors"] + allow)
            #expect(allowed.status == 0, "\(allow): \(allowed.output)")
            #expect(
                allowed.output.contains(
                    "warning: 2 Auto Layout constraint(s) are not carried over: they relate a view Interface Builder places by its frame, a view's own margins or a layout guide other than the safe area; those views keep the frames saved"
                ))
            #expect(lastLine(allowed.output).hasSuffix("ViewController.yaml: ok (9 objects)"), "\(allowed.output)")
        }
        // Another code allowed lets this one fail.
        let other = run([
            "import", storyboard, "-o", folder.path, "--warnings-as-errors", "--allow", "segue-not-imported",
        ])
        #expect(other.status == 2)
        #expect(lastLine(other.output).hasPrefix("failed: 1 warning under --warnings-as-errors"))
    }

    @Test func theCodesArePrinted() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let storyboard = try constrained(in: folder)
        let github = run(["import", storyboard, "-o", folder.path, "--format", "github"])
        #expect(
            github.output.contains(",title=constraints-not-imported::2 Auto Layout constraint(s)"), "\(github.output)")
        let json = run(["import", storyboard, "-o", folder.path, "--format", "json", "--warnings-as-errors"])
        #expect(json.status == 2)
        #expect(json.output.contains("\"code\":\"constraints-not-imported\""))
        #expect(
            lastLine(json.output)
                == #"{"type":"failed","reason":"1 warning under --warnings-as-errors (constraints-not-imported ×1); allow it with --allow CODE","status":2}"#
        )
    }

    @Test func anUnknownCodeIsRefusedWithTheCodes() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.url
        let storyboard = try constrained(in: folder)
        let refused = run(["import", storyboard, "-o", folder.path, "--allow", "constraints"])
        #expect(refused.status == 64)
        #expect(
            refused.errors.contains(
                "--allow takes the code of a warning import gives, not 'constraints'; the codes are: constraints-not-imported, segue-not-imported,"
            ), "\(refused.errors)")
        #expect(refused.errors.contains("canvas-unknown, empty-connection,"), "check's codes are import's too")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ViewController.yaml").path))
        #expect(run(["import", storyboard, "-o", folder.path, "--allow", "constraints-not-imported,"]).status == 64)
    }

    @Test func checkTakesItsOwnWarningCodes() throws {
        let temporary = try temporaryFolder()
        let scene = temporary.url.appendingPathComponent("twice.yaml")
        try """
        scene: Twice
        objects:
          title: {type: Label}
          play: {type: Button, on: {tap: [title.show, title.show]}}
        """.write(to: scene, atomically: true, encoding: .utf8)
        #expect(run(["check", scene.path, "--warnings-as-errors"]).status == 2)
        let allowed = run(["check", scene.path, "--warnings-as-errors", "--allow", "duplicate-connection"])
        #expect(allowed.status == 0, "\(allowed.output)")
        #expect(allowed.output.contains("warning: 'tap' calls 'title.show' twice"))
        #expect(allowed.output.hasSuffix("twice.yaml: ok (2 objects, 1 warning)\n"), "\(allowed.output)")
        let importCode = run(["check", scene.path, "--allow", "constraints-not-imported"])
        #expect(importCode.status == 64)
        #expect(importCode.errors.contains("not 'constraints-not-imported'; the codes are: empty-connection,"))
    }
}
