import SceneCore
import Testing

@testable import SceneLoader

/// The collector keeps no current file: each diagnostic is given the file
/// it is found in when it is added.
@Suite struct DiagnosticCollectorTests {
    let component = SceneSource(name: "parts/box.yaml", text: "objects:\n  box: { type: Nothing }\n")
    let inclusion = Diagnostic.Inclusion(
        file: "scene.yaml", position: SourcePosition(line: 2, column: 20, offset: 28), instance: "left")

    @Test func aDiagnosticAddedInAComponentCarriesItsFileAndIncludes() {
        var collector = DiagnosticCollector(limit: 10)
        collector.add(.emptyFile, at: SourceSpan(at: .start), in: (component, [inclusion]))
        collector.add(.emptyFile, at: SourceSpan(at: .start), in: nil)
        let found = collector.found.found
        #expect(found.map(\.file?.name) == ["parts/box.yaml", nil])
        #expect(found.map(\.includedFrom.count) == [1, 0])
    }

    @Test func aMistakeOfAComponentIsToldOnceForAllItsInstances() {
        var collector = DiagnosticCollector(limit: 10)
        let other = Diagnostic.Inclusion(
            file: "scene.yaml", position: SourcePosition(line: 3, column: 20, offset: 60), instance: "right")
        collector.add(.emptyFile, at: SourceSpan(at: .start), in: (component, [inclusion]))
        collector.add(.emptyFile, at: SourceSpan(at: .start), in: (component, [other]))
        collector.add(.emptyFile, at: SourceSpan(at: .start), in: nil)
        #expect(collector.found.found.map(\.file?.name) == ["parts/box.yaml", nil])
        #expect(collector.found.errorCount == 2)
    }
}
