import Foundation
import SceneImport
import TestSupport
import Testing

/// `Examples/Imported`, shown in docs/Import.md ("Completing an imported
/// scene"): its `AuthView.yaml` is what the import writes for its
/// `AuthView.xib` today, so the documented workflow is the real one.
@Suite struct ExampleImportTests {
    static func example(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: packageRoot.appendingPathComponent("Examples/Imported/\(name)")))
    }

    @Test func theExamplesImportedFileIsWhatTheImportWritesForItsXib() throws {
        let written = try importOne(try Self.example("AuthView.xib"), name: "AuthView.xib")
        let committed = String(decoding: try Self.example("AuthView.yaml"), as: UTF8.self)
        #expect(
            written.text == committed,
            "regenerate it: cd Examples/Imported && scene-runner import AuthView.xib")
    }

    @Test func theExamplesXibIsTheTestFixture() throws {
        #expect(try Self.example("AuthView.xib") == fixture("AuthView.xib"))
    }
}
