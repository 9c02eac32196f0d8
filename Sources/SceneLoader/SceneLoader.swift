import SceneCore
import SceneYAML

/// Limits on what a scene file may be, to keep every input from crashing,
/// hanging or exhausting memory. Each can be raised by the embedding program.
public struct SceneLimits: Sendable {
    /// Size, depth and alias bounds of the YAML layer.
    public var yaml = YAMLLimits()
    /// Diagnostics reported before the loader stops collecting. Default 50.
    public var maxDiagnostics = 50

    /// The defaults.
    public init() {}
}

/// A scene file that could not be loaded, with every diagnostic found.
public struct SceneLoadError: Error {
    /// The file.
    public let source: SceneSource
    /// What is wrong, in file order of discovery.
    public let diagnostics: [Diagnostic]

    /// Every diagnostic rendered as text, as `scene-runner check` prints them.
    public var rendered: String { DiagnosticRenderer.render(diagnostics, in: source) }
}

/// Loads scene files: parses them, validates everything, instantiates
/// every object in declaration order, sets properties, connects outlets and
/// collections, connects events to actions, then calls `awake` on each
/// object with its dependencies first.
///
///     let loader = SceneLoader(registry: .standard)
///     do {
///         let scene = try loader.load(SceneSource(contentsOf: "Scenes/video-player.yaml"))
///     } catch {
///         print(error.rendered)
///     }
///
/// - Complexity: O(n) in the file's size.
public struct SceneLoader {
    /// The types scenes may declare.
    public var registry: SceneRegistry
    /// The limits inputs must stay within.
    public var limits: SceneLimits

    /// A loader for the types in `registry`.
    public init(registry: SceneRegistry, limits: SceneLimits = SceneLimits()) {
        self.registry = registry
        self.limits = limits
    }

    /// Every diagnostic for `source`, without instantiating anything.
    public func check(_ source: SceneSource) -> [Diagnostic] {
        switch validate(source) {
        case .success: []
        case .failure(let error): error.diagnostics
        }
    }

    /// Parses and validates `source` into a declaration, or every diagnostic.
    public func validate(_ source: SceneSource) -> Result<SceneDeclaration, SceneLoadError> {
        let root: YAMLNode?
        do {
            root = try YAMLDocumentReader.read(source.bytes, limits: limits.yaml)
        } catch {
            return .failure(SceneLoadError(source: source, diagnostics: [Diagnostic(error)]))
        }
        var validator = SceneValidator(registry: registry, limit: limits.maxDiagnostics)
        let declaration = validator.validate(root)
        if validator.diagnostics.hasErrors {
            return .failure(SceneLoadError(source: source, diagnostics: validator.diagnostics.inFileOrder))
        }
        return .success(declaration)
    }

    /// Loads `source` into a wired, awake scene.
    public func load(_ source: SceneSource) throws(SceneLoadError) -> Scene {
        let declaration = try validate(source).get()
        return try instantiate(declaration, source: source)
    }

    /// Loads the file at `path`.
    public func load(contentsOf path: String) throws(SceneLoadError) -> Scene {
        let source: SceneSource
        do {
            source = try SceneSource(contentsOf: path)
        } catch {
            throw SceneLoadError(source: SceneSource(name: path, bytes: []), diagnostics: [error])
        }
        return try load(source)
    }

    /// Instantiates a validated declaration: objects in declaration order,
    /// then properties, outlets, event connections, and `awake` with
    /// dependencies first.
    public func instantiate(_ declaration: SceneDeclaration, source: SceneSource) throws(SceneLoadError) -> Scene {
        var failures: [Diagnostic] = []
        func internalError(_ message: String, _ object: SceneDeclaration.Object) {
            failures.append(
                Diagnostic(
                    .internalError, message, at: object.span,
                    hint: "the type's registration does not match its Swift type; this is a bug in the type"))
        }
        let objects = declaration.objects
        var instances: [any SceneObject] = []
        instances.reserveCapacity(objects.count)
        for object in objects { instances.append(object.type.makeInstance()) }

        for (index, object) in objects.enumerated() {
            for (property, value) in object.properties where !property.set(value, on: instances[index]) {
                internalError("could not set '\(property.name)' of '\(object.id)'", object)
            }
        }
        for (index, object) in objects.enumerated() {
            for (outlet, targets) in object.outlets {
                let targetObjects: [AnyObject] = targets.map { instances[$0] }
                if !outlet.connect(instances[index], to: targetObjects) {
                    internalError("could not connect outlet '\(outlet.name)' of '\(object.id)'", object)
                }
            }
        }
        for (index, object) in objects.enumerated() {
            for (event, targetIndex, action) in object.connections {
                let target = instances[targetIndex]
                let takesArgument = action.argument != nil
                let connected = event.connect(instances[index]) { [weak target] payload in
                    guard let target else { return }
                    action.perform(on: target, with: takesArgument ? payload : nil)
                }
                if !connected { internalError("could not connect event '\(event.name)' of '\(object.id)'", object) }
            }
        }
        if !failures.isEmpty { throw SceneLoadError(source: source, diagnostics: failures) }

        let entries = zip(objects, instances).map { Scene.Entry(id: $0.id, type: $0.type, object: $1) }
        let scene = Scene(title: declaration.title, summary: declaration.summary, entries: entries)
        for index in SceneLoader.awakeOrder(objects) { instances[index].awake(in: scene) }
        return scene
    }

    /// Indices in the order objects wake: each after the objects its outlets
    /// hold (unless they refer to each other), declaration order breaking ties.
    static func awakeOrder(_ objects: [SceneDeclaration.Object]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(objects.count)
        // 0: not visited, 1: in progress, 2: done.
        var state = [UInt8](repeating: 0, count: objects.count)
        var stack: [(index: Int, outlet: Int, target: Int)] = []
        for root in objects.indices where state[root] == 0 {
            state[root] = 1
            stack.append((root, 0, 0))
            while let top = stack.last {
                let outlets = objects[top.index].outlets
                if top.outlet < outlets.count {
                    let targets = outlets[top.outlet].targets
                    if top.target < targets.count {
                        stack[stack.count - 1].target += 1
                        let next = targets[top.target]
                        if state[next] == 0 {
                            state[next] = 1
                            stack.append((next, 0, 0))
                        }
                    } else {
                        stack[stack.count - 1].outlet += 1
                        stack[stack.count - 1].target = 0
                    }
                } else {
                    state[top.index] = 2
                    order.append(top.index)
                    stack.removeLast()
                }
            }
        }
        return order
    }
}
