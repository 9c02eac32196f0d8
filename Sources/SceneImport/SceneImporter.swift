import SceneCore
import SceneLoader
import SceneYAML

/// Turns an Interface Builder file into scene files, in phases: the XML
/// read into elements (``XMLTreeReader``, with its limits), checked as an
/// iOS document (``IBDocument``), each unit mapped to objects through the
/// registry and the import map (`SceneMapper`), then written as YAML.
/// The same bytes, registry and map always give the same text.
///
///     let importer = SceneImporter(registry: .standard)
///     let scenes = try importer.importFile(bytes, name: "Main.storyboard")
package struct SceneImporter {
    /// One scene file an import makes.
    package struct ImportedScene: Sendable {
        /// The file's name without `.yaml` (the storyboard identifier, the
        /// controller's custom class, or the input's name).
        package var name: String
        /// The scene file's text.
        package var text: String
        /// What was not carried over, at the input's line and column.
        package var warnings: [Diagnostic]
        /// How many objects it declares.
        package var objectCount: Int
    }

    /// What an import of one file made.
    package struct ImportedFile: Sendable {
        /// The scene files, in the file's order.
        package var scenes: [ImportedScene]
        /// The warnings of the units that held no object to write (a
        /// navigation controller's scene, a xib of left-out objects).
        package var unwritten: [Diagnostic]
    }

    /// The types objects become.
    package var registry: SceneRegistry
    /// The names' map: ``ImportMap/standard`` with the user's laid over it.
    package var map: ImportMap
    /// The limits on the XML read.
    package var limits: XMLLimits

    /// An importer over `registry`, with the standard map and `map` over it.
    package init(registry: SceneRegistry, map: ImportMap = ImportMap(), limits: XMLLimits = XMLLimits()) {
        self.registry = registry
        self.map = ImportMap.standard.merging(map)
        self.limits = limits
    }

    /// The scenes of the file whose bytes are `bytes`, named `name` (a path:
    /// its last component names the scenes and the header).
    ///
    /// - Throws: a ``Diagnostic`` when the file is not imported at all:
    ///   malformed XML, a limit passed, a document that is not an iOS
    ///   storyboard or xib.
    package func importFile(_ bytes: [UInt8], name: String) throws(Diagnostic) -> ImportedFile {
        let root = try XMLTreeReader.read(bytes, limits: limits)
        let document = try IBDocument(root)
        let fileName = String(name.split(separator: "/").last ?? Substring(name))
        let base = Self.fileStem(fileName) ?? "scene"
        var scenes: [ImportedScene] = []
        var unwritten: [Diagnostic] = []
        for (number, unit) in document.units.enumerated() {
            var mapper = SceneMapper(registry: registry, map: map, document: document)
            mapper.collect(unit)
            mapper.carryConstraints()
            mapper.connect(unit.objects)
            let canvas = mapper.canvas()
            let warnings = mapper.finishWarnings()
            guard !mapper.objects.isEmpty else {
                unwritten += warnings
                continue
            }
            let sceneName =
                unit.name.flatMap(Self.fileStem) ?? (document.units.count == 1 ? base : "\(base)-\(number + 1)")
            let title =
                document.isStoryboard
                ? "\(unit.controller.flatMap { $0["userLabel"] ?? $0["customClass"] } ?? sceneName)" : base
            let text = SceneWriter.write(
                mapper, warnings: warnings, title: title, fileName: fileName,
                unitID: unit.controller?["id"], canvas: canvas)
            scenes.append(
                ImportedScene(name: sceneName, text: text, warnings: warnings, objectCount: mapper.objects.count))
        }
        return ImportedFile(scenes: scenes, unwritten: unwritten)
    }

    /// `name` without its extension, with only letters, digits and
    /// `. _ - @ +` kept (others become `-`), never hidden; `nil` when
    /// nothing is left.
    static func fileStem(_ name: String) -> String? {
        let stem =
            name.hasSuffix(".storyboard") || name.hasSuffix(".xib")
            ? String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]) : name
        var result = String(
            String.UnicodeScalarView(
                stem.unicodeScalars.map { scalar in
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || "._-@+".unicodeScalars.contains(scalar) ? scalar : "-"
                }))
        while result.hasPrefix(".") { result.removeFirst() }
        return result.isEmpty ? nil : String(result.prefix(120))
    }
}

/// Writes a mapped unit as a scene file: a header comment naming the
/// input and listing what was not carried over, the title and canvas,
/// then each object with its IB id in a comment.
enum SceneWriter {
    static func write(
        _ mapper: SceneMapper, warnings: [Diagnostic], title: String, fileName: String, unitID: String?,
        canvas: (width: Double, height: Double)?
    ) -> String {
        let ids = SceneNaming.ids(for: mapper.objects, outletNames: mapper.outletNames)
        var writer = YAMLWriter()
        let unit = unitID.map { ", scene \(comment($0))" } ?? ""
        writer.comment("Imported from \(comment(fileName))\(unit) by scene-runner import.")
        writer.comment("Regenerate it rather than edit it: include it in a scene of your own")
        writer.comment("to complete it (docs/Import.md).")
        if warnings.isEmpty {
            writer.comment("Everything in it was carried over.")
        } else {
            writer.comment("Not carried over:")
            for warning in warnings {
                writer.comment("  \(warning.position.line):\(warning.position.column): \(comment(warning.message))")
            }
        }
        writer.entry("scene", YAMLWriter.doubleQuoted(title))
        if let canvas {
            writer.entry(
                "canvas", "{width: \(SceneMapper.length(canvas.width)), height: \(SceneMapper.length(canvas.height))}")
        }
        writer.mapping("objects") { objects in
            for object in mapper.objects {
                guard let id = ids[object.ibID] else { continue }
                objects.mapping(.text(id), comment: comment(object.ibID)) { fields in
                    write(object, ids: ids, into: &fields)
                }
            }
        }
        return writer.text
    }

    /// The entries of `object`: its type, parent, frame, properties,
    /// outlets and events.
    private static func write(_ object: ImportedObject, ids: [String: String], into writer: inout YAMLWriter) {
        writer.entry("type", object.type.name)
        if let parent = object.parent, let parentID = ids[parent] { writer.entry("parent", YAMLWriter.key(parentID)) }
        let constraints = object.constraints.compactMap { $0.text(ids: ids) }
        if constraints.isEmpty || object.type.property(named: "constraints") == nil {
            if let frame = object.frame, object.type.property(named: "frame") != nil { writer.entry("frame", frame) }
        } else {
            // Laid out by its constraints, as in Interface Builder, rather than at the frame saved.
            writer.sequence("constraints") { list in
                for constraint in constraints { list.item(scalar: constraint) }
            }
        }
        for property in object.properties { writer.entry(.text(property.name), property.text) }
        for outlet in object.outlets {
            let targets = outlet.targets.compactMap { ids[$0] }.map(YAMLWriter.key)
            guard let last = targets.last else { continue }
            let isCollection = object.type.outlets.first { $0.name == outlet.name }?.isCollection ?? false
            writer.entry(.text(outlet.name), isCollection ? "[" + targets.joined(separator: ", ") + "]" : last)
        }
        var events: [(String, [String])] = []
        for wire in object.wiring {
            guard let target = ids[wire.target] else { continue }
            let action = YAMLWriter.key("\(target).\(wire.action)")
            if let existing = events.firstIndex(where: { $0.0 == wire.event }) {
                events[existing].1.append(action)
            } else {
                events.append((wire.event, [action]))
            }
        }
        guard !events.isEmpty else { return }
        writer.mapping("on") { on in
            for (event, actions) in events {
                on.entry(.text(event), actions.count == 1 ? actions[0] : "[" + actions.joined(separator: ", ") + "]")
            }
        }
    }

    /// Text for a comment: on one line, every hidden character shown by its code.
    static func comment(_ text: String) -> String { VisibleText.line(text) }
}
