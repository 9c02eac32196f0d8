import Behaviours
import Foundation
import SceneBehaviours
import SceneCore
import TestSupport
import Testing

@testable import SceneLoader

/// A folder of scene files for one test, removed afterwards.
struct SceneFolder: ~Copyable {
    private let folder: TemporaryFolder

    /// The folder's path.
    var path: String { folder.path }

    /// Writes `files` (paths relative to the folder) into a new folder.
    init(_ files: [String: String]) throws {
        let folder = try temporaryFolder("components")
        for (name, text) in files {
            try folder.write(text, to: name)
        }
        self.folder = folder
    }

    /// The loader's diagnostics for `name` in the folder, rendered as
    /// text (or JSON Lines), with the folder's path left out.
    func check(_ name: String = "scene.yaml", limits: SceneLimits = SceneLimits(), json: Bool = false) throws
        -> String
    {
        let loader = SceneLoader(registry: .standard, limits: limits)
        let source = try loader.source(contentsOf: path + "/" + name)
        let diagnostics = loader.check(source)
        let text =
            json
            ? diagnostics.map { DiagnosticRenderer.json($0, in: source) + "\n" }.joined()
            : DiagnosticRenderer.render(diagnostics, in: source)
        let shown = text.replacingOccurrences(of: path + "/", with: "")
        if ProcessInfo.processInfo.environment["SHOW_COMPONENT_DIAGNOSTICS"] != nil { print("<<<\n" + shown + ">>>") }
        return shown
    }

    /// Loads `name` in the folder.
    func load(_ name: String = "scene.yaml") throws -> Scene {
        try SceneLoader(registry: .standard).load(contentsOf: path + "/" + name)
    }
}

/// A component with two parameters, for the tests below.
let controlsComponent = """
    params:
      timeout: { type: Duration, default: 3s }
      label: {}
    objects:
      controls: { type: View }
      play: { type: Button, parent: controls, title: $label }
      timer: { type: TimeoutController, timeout: $timeout, providers: [play] }

    """

/// Components: instances, ids by path, parameters, overrides, and every
/// mistake with its position in the component and the chain of includes.
@Suite struct ComponentTests {
    /// The codes whose whole text is tested here (see
    /// ``DiagnosticLimitTests/everyDiagnosticCodeHasATestOfItsWholeText()``).
    static let codesTestedHere: Set<DiagnosticCode> = [
        .invalidInclude, .includeCycle, .includeTooDeep, .tooManyObjects, .invalidParameter, .unknownParameter,
        .missingParameter, .parameterTypeMismatch, .unknownOverride,
    ]

    // MARK: - Instances

    @Test func anInstancesObjectsJoinTheSceneWithIdsByPathUnderItsParent() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              screen: { type: View }
              left:
                include: parts/controls.yaml
                params: { timeout: 5s, label: Start }
                parent: screen
              right:
                include: parts/controls.yaml
                params: { label: Play }
                set: { play.title: Go }
              wire: { type: Button, on: { tap: left.timer.resume } }

            """,
            "parts/controls.yaml": controlsComponent,
        ])
        let scene = try folder.load()
        #expect(
            scene.entries.map(\.id) == [
                "screen", "left.controls", "left.play", "left.timer", "right.controls", "right.play", "right.timer",
                "wire",
            ])
        let leftTimer = try #require(scene.object("left.timer") as? TimeoutController)
        let rightTimer = try #require(scene.object("right.timer") as? TimeoutController)
        #expect(leftTimer.timeout == .seconds(5))
        #expect(rightTimer.timeout == .seconds(3))
        #expect((scene.object("left.play") as? Button)?.title == "Start")
        #expect((scene.object("right.play") as? Button)?.title == "Go")
        let screen = try #require(scene.object("screen") as? View)
        #expect((scene.object("left.controls") as? View)?.parent === screen)
        // Without a parent, the root view stays a root; the component's own parents are kept.
        #expect((scene.object("right.controls") as? View)?.parent == nil)
        #expect(
            (scene.object("left.play") as? View)?.parent === scene.object("left.controls") as? View)
    }

    @Test func aComponentIncludingAnotherPassesItsParametersOn() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              pair: { include: c/pair.yaml, params: { label: Hi } }

            """,
            "c/pair.yaml": """
            params: { label: { type: String } }
            objects:
              first: { include: controls.yaml, params: { label: $label } }
              second: { include: controls.yaml, params: { label: Two, timeout: 1s } }
              link: { type: Button, on: { tap: first.timer.resume } }

            """,
            "c/controls.yaml": controlsComponent,
        ])
        let scene = try folder.load()
        #expect((scene.object("pair.first.play") as? Button)?.title == "Hi")
        #expect((scene.object("pair.second.play") as? Button)?.title == "Two")
        #expect((scene.object("pair.second.timer") as? TimeoutController)?.timeout == .seconds(1))
        #expect(scene.object("pair.link") is Button)
    }

    @Test func aComponentOnItsOwnTakesItsDefaults() throws {
        let folder = try SceneFolder([
            "c.yaml": """
            params: { title: { type: String, default: Play }, wait: { default: 2s } }
            objects:
              play: { type: Button, title: $title }
              timer: { type: TimeoutController, timeout: $wait }

            """
        ])
        let scene = try folder.load("c.yaml")
        #expect((scene.object("play") as? Button)?.title == "Play")
        #expect((scene.object("timer") as? TimeoutController)?.timeout == .seconds(2))
    }

    @Test func aQuotedDollarIsText() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            params: { price: { default: x } }
            objects:
              play: { type: Button, title: "$price" }

            """
        ])
        #expect((try folder.load().object("play") as? Button)?.title == "$price")
    }

    @Test func aComponentIsReadOnceHoweverOftenItIsIncluded() throws {
        var text = "objects:\n"
        for index in 0..<200 { text += "  i\(index): { include: c.yaml, params: { label: L\(index) } }\n" }
        let folder = try SceneFolder(["scene.yaml": text, "c.yaml": controlsComponent])
        let scene = try folder.load()
        #expect(scene.entries.count == 600)
        #expect((scene.object("i199.play") as? Button)?.title == "L199")
    }

    // MARK: - Mistakes, with the component's position and the chain of includes

    @Test func aMistakeInANestedComponentShowsItsPositionAndEveryInclude() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              outer: { include: c/outer.yaml }

            """,
            "c/outer.yaml": """
            objects:
              inner: { include: inner.yaml }

            """,
            "c/inner.yaml": """
            objects:
              box: { type: Vew }

            """,
        ])
        #expect(
            try folder.check() == """
                c/inner.yaml:2:16: error: unknown type 'Vew'
                    2 |   box: { type: Vew }
                      |                ^~~
                      = help: did you mean 'View'?
                c/outer.yaml:2:21: note: included here as 'outer.inner'
                scene.yaml:2:21: note: included here as 'outer'

                """)
        #expect(
            try folder.check(json: true) == """
                {"type":"diagnostic","file":"c/inner.yaml","line":2,"column":16,"endLine":2,"endColumn":19,"severity":"error","code":"unknown-type","message":"unknown type 'Vew'","hint":"did you mean 'View'?","includedFrom":[{"file":"c/outer.yaml","line":2,"column":21,"instance":"outer.inner"},{"file":"scene.yaml","line":2,"column":21,"instance":"outer"}]}

                """)
    }

    @Test func aMistakeInAComponentIncludedManyTimesIsToldOnce() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              a: { include: c.yaml }
              b: { include: c.yaml }

            """,
            "c.yaml": """
            objects:
              box: { type: View, hiden: true }

            """,
        ])
        #expect(
            try folder.check() == """
                c.yaml:2:22: error: View has no property or outlet 'hiden'
                    2 |   box: { type: View, hiden: true }
                      |                      ^~~~~
                      = help: did you mean 'hidden'?
                scene.yaml:2:17: note: included here as 'a'

                """)
    }

    @Test func aMissingComponentIsReportedAtTheInclude() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              left: { include: parts/missing.yaml }

            """
        ])
        #expect(
            try folder.check() == """
                scene.yaml:2:20: error: cannot read 'parts/missing.yaml': No such file or directory
                    2 |   left: { include: parts/missing.yaml }
                      |                    ^~~~~~~~~~~~~~~~~~
                      = help: an include's path is relative to the file that includes it

                """)
    }

    @Test func aComponentCannotSeeItsIncludersIds() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              screen: { type: View }
              part: { include: c.yaml }

            """,
            "c.yaml": """
            objects:
              box: { type: View, parent: screen }

            """,
        ])
        #expect(
            try folder.check() == """
                c.yaml:2:30: error: no object has the id 'screen'
                    2 |   box: { type: View, parent: screen }
                      |                              ^~~~~~
                      = help: the scene has no other View to connect
                scene.yaml:3:20: note: included here as 'part'

                """)
    }

    @Test func malformedInstancesAreInvalidIncludes() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              a: { include: [c.yaml] }
              b: { type: View, include: c.yaml }
              c: { include: c.yaml, colour: red, set: [x] }
              d: { include: "" }

            """,
            "c.yaml": "objects:\n  box: { type: View }\n",
        ])
        #expect(
            try folder.check() == """
                scene.yaml:2:17: error: 'include' takes the path of a component file, not a list
                    2 |   a: { include: [c.yaml] }
                      |                 ^~~~~~~~
                      = help: write a path relative to this file, e.g. 'include: Components/controls.yaml'
                scene.yaml:3:20: error: object 'b' has both a 'type' and an 'include'
                    3 |   b: { type: View, include: c.yaml }
                      |                    ^~~~~~~
                      = help: an object is either of a type or an instance of a component ('include' without 'type'): keep one
                scene.yaml:4:25: error: an instance of a component has no key 'colour'
                    4 |   c: { include: c.yaml, colour: red, set: [x] }
                      |                         ^~~~~~
                      = help: an instance takes 'include', 'params', 'parent' and 'set'
                scene.yaml:4:43: error: 'set' takes a mapping from 'id.property' to values, not a list
                    4 |   c: { include: c.yaml, colour: red, set: [x] }
                      |                                           ^~~
                      = help: write 'set: { id.property: value }' with the component's ids
                scene.yaml:5:17: error: 'include' takes the path of a component file, not nothing
                    5 |   d: { include: "" }
                      |                 ^~
                      = help: write a path relative to this file, e.g. 'include: Components/controls.yaml'

                """)
    }

    @Test func anIncludeCycleIsReportedWhereItCloses() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  x: { include: a.yaml }\n",
            "a.yaml": "objects:\n  y: { include: b.yaml }\n",
            "b.yaml": "objects:\n  z: { include: a.yaml }\n",
        ])
        #expect(
            try folder.check() == """
                b.yaml:2:17: error: the includes form a cycle: a.yaml -> b.yaml -> a.yaml
                    2 |   z: { include: a.yaml }
                      |                 ^~~~~~
                      = help: a component cannot include itself, directly or through others
                a.yaml:2:17: note: included here as 'x.y'
                scene.yaml:2:17: note: included here as 'x'

                """)
    }

    @Test func includesNestedPastTheLimitAreRefused() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  x: { include: a.yaml }\n",
            "a.yaml": "objects:\n  y: { include: b.yaml }\n",
            "b.yaml": "objects:\n  z: { include: c.yaml }\n",
            "c.yaml": "objects:\n  box: { type: View }\n",
        ])
        var limits = SceneLimits()
        limits.maxIncludeDepth = 2
        #expect(
            try folder.check(limits: limits) == """
                b.yaml:2:17: error: includes are nested more than 2 deep
                    2 |   z: { include: c.yaml }
                      |                 ^~~~~~
                      = help: a component may be including itself through others; else raise the limit in the embedding program
                a.yaml:2:17: note: included here as 'x.y'
                scene.yaml:2:17: note: included here as 'x'

                """)
        limits.maxIncludeDepth = 3
        #expect(try folder.check(limits: limits) == "")
    }

    @Test func anExponentialFanOutStopsAtTheObjectLimit() throws {
        // Each level includes the next twice: 2^12 boxes.
        var files = ["scene.yaml": "objects:\n  top: { include: l0.yaml }\n"]
        for level in 0..<12 {
            files["l\(level).yaml"] =
                "objects:\n  a: { include: l\(level + 1).yaml }\n  b: { include: l\(level + 1).yaml }\n"
        }
        files["l12.yaml"] = "objects:\n  box: { type: View }\n"
        let folder = try SceneFolder(files)
        var limits = SceneLimits()
        limits.maxExpandedObjects = 1000
        let text = try folder.check(limits: limits)
        #expect(text.hasPrefix("l12.yaml:") == false)
        #expect(
            text.contains(
                "error: the scene has more than 1000 objects and instances once its components are included\n"))
        #expect(text.hasSuffix("scene.yaml:2:19: note: included here as 'top'\n"))
        #expect(try folder.check().isEmpty)
    }

    @Test func aFanOutOfInstancesWithNoObjectsStopsAtTheLimitToo() throws {
        // Each level includes the next three times, down to an empty component: 3^15 instances.
        var files = ["scene.yaml": "objects:\n  top: { include: l0.yaml }\n"]
        for level in 0..<15 {
            files["l\(level).yaml"] =
                "objects:\n" + (0..<3).map { "  i\($0): { include: l\(level + 1).yaml }\n" }.joined()
        }
        files["l15.yaml"] = "objects: {}\n"
        let folder = try SceneFolder(files)
        var limits = SceneLimits()
        limits.maxExpandedObjects = 10_000
        let text = try folder.check(limits: limits)
        #expect(text.contains("error: the scene has more than 10000 objects and instances once"))
    }

    @Test func theObjectLimitIsReportedAtTheIncludeThatPassesIt() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  a: { include: c.yaml }\n  b: { include: c.yaml }\n",
            "c.yaml": "objects:\n  one: { type: View }\n  two: { type: View }\n",
        ])
        var limits = SceneLimits()
        limits.maxExpandedObjects = 3
        #expect(
            try folder.check(limits: limits) == """
                scene.yaml:3:17: error: the scene has more than 3 objects and instances once its components are included
                    3 |   b: { include: c.yaml }
                      |                 ^~~~~~
                      = help: a component may be including itself through others; else raise the limit in the embedding program

                """)
    }

    @Test func parametersAreCheckedWhereTheyAreDeclaredGivenAndUsed() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              left: { include: c.yaml, params: { timeout: soon, tmeout: 1s } }
              right: { include: c.yaml, params: { timeout: 1s } }

            """,
            "c.yaml": """
            params:
              timeout: { type: Duration }
              tint: { type: Colour, default: red }
              label: { type: Duration, default: 1s }
            objects:
              play: { type: Button, title: $label, enabled: $hilite }

            """,
        ])
        #expect(
            try folder.check() == """
                c.yaml:3:17: error: parameter 'tint' has the unknown type 'Colour'
                    3 |   tint: { type: Colour, default: red }
                      |                 ^~~~~~
                      = help: a parameter's type is Bool, Int, Double, String, Duration or Color, 'T?' or '[T]'; leave it out to take the type where it is used
                scene.yaml:2:20: note: included here as 'left'
                c.yaml:6:32: error: the parameter 'label' is Duration, but 'title' takes String
                    6 |   play: { type: Button, title: $label, enabled: $hilite }
                      |                                ^~~~~~
                      = help: use a parameter of the property's type
                scene.yaml:2:20: note: included here as 'left'
                c.yaml:6:49: error: '$hilite' names no parameter of this file
                    6 |   play: { type: Button, title: $label, enabled: $hilite }
                      |                                                 ^~~~~~~
                      = help: its parameters are 'timeout', 'tint' and 'label'
                scene.yaml:2:20: note: included here as 'left'
                scene.yaml:2:47: error: 'timeout' takes a duration, not 'soon'
                    2 |   left: { include: c.yaml, params: { timeout: soon, tmeout: 1s } }
                      |                                               ^~~~
                      = help: write seconds (3, 0.25) or a number with units: 250ms, 3s, 1m30s, 1h
                scene.yaml:2:53: error: c.yaml has no parameter 'tmeout'
                    2 |   left: { include: c.yaml, params: { timeout: soon, tmeout: 1s } }
                      |                                                     ^~~~~~
                      = help: did you mean 'timeout'?

                """)
    }

    @Test func anUntypedParameterIsCheckedAsThePropertyWhereItsValueIsWritten() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  part: { include: c.yaml, params: { flag: maybe } }\n",
            "c.yaml": "params: { flag: {} }\nobjects:\n  box: { type: View, hidden: $flag }\n",
        ])
        #expect(
            try folder.check() == """
                scene.yaml:2:44: error: 'hidden' takes true or false, not 'maybe'
                    2 |   part: { include: c.yaml, params: { flag: maybe } }
                      |                                            ^~~~~

                """)
    }

    @Test func aRequiredParameterMustBeGiven() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  part: { include: c.yaml }\n",
            "c.yaml": controlsComponent,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:2:3: error: 'part' gives no value for the parameter 'label', which has no default
                    2 |   part: { include: c.yaml }
                      |   ^~~~
                      = help: give it under 'params:', e.g. 'params: { label: ... }'

                """)
    }

    @Test func anOverrideMustNameAnObjectAndAPropertyOfTheComponent() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              part:
                include: c.yaml
                params: { label: x }
                set: { plya.title: Go, play.titel: Go, play: Go, play.title: 3s }

            """,
            "c.yaml": controlsComponent,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:5:12: error: c.yaml has no object 'plya'
                    5 |     set: { plya.title: Go, play.titel: Go, play: Go, play.title: 3s }
                      |            ^~~~~~~~~~
                      = help: did you mean 'play'?
                scene.yaml:5:28: error: 'play' is a Button, which has no property 'titel' to set
                    5 |     set: { plya.title: Go, play.titel: Go, play: Go, play.title: 3s }
                      |                            ^~~~~~~~~~
                      = help: did you mean 'title'?
                scene.yaml:5:44: error: 'play' is not 'id.property'
                    5 |     set: { plya.title: Go, play.titel: Go, play: Go, play.title: 3s }
                      |                                            ^~~~
                      = help: write the component's id and a property, e.g. 'play.title'

                """)
    }

    @Test func anOverrideIsCheckedAgainstThePropertysType() throws {
        let folder = try SceneFolder([
            "scene.yaml":
                "objects:\n  part: { include: c.yaml, params: { label: x }, set: { controls.hidden: maybe } }\n",
            "c.yaml": controlsComponent,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:2:74: error: 'hidden' takes true or false, not 'maybe'
                    2 | …lude: c.yaml, params: { label: x }, set: { controls.hidden: maybe } }
                      |                                                              ^~~~~

                """)
    }

    @Test func aScriptReachesObjectsInsideInstancesByPath() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              part: { include: c.yaml, params: { label: x } }
            script:
              - expect: { part.timer.running: false, part.play.title: x }
              - call: part.timer.resume
              - expect: { part.timer.running: true }
              - expect: { part.nothing.title: x }

            """,
            "c.yaml": controlsComponent,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:7:15: error: no object has the id 'part.nothing'
                    7 |   - expect: { part.nothing.title: x }
                      |               ^~~~~~~~~~~~~~~~~~

                """)
    }

    @Test func aParameterDeclarationMustBeAMappingOfTypeDefaultAndDoc() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              part: { include: c.yaml, params: [1s] }
              plain: { include: plain.yaml, params: { speed: 2 } }

            """,
            "c.yaml": """
            params:
              wait: 3s
              label: { type: String, default: OK, unit: s }
            objects:
              play: { type: Button, title: $label }

            """,
            "plain.yaml": "objects:\n  box: { type: View }\n",
        ])
        #expect(
            try folder.check() == """
                c.yaml:2:9: error: parameter 'wait' must be a mapping, not a single value
                    2 |   wait: 3s
                      |         ^~
                      = help: write 'wait: { type: Duration, default: 3s }'; both are optional
                scene.yaml:2:20: note: included here as 'part'
                c.yaml:3:39: error: parameter 'label' has no key 'unit'
                    3 |   label: { type: String, default: OK, unit: s }
                      |                                       ^~~~
                      = help: a parameter takes 'type', 'default' and 'doc'
                scene.yaml:2:20: note: included here as 'part'
                scene.yaml:2:36: error: 'params' takes a mapping of parameter names, not a list
                    2 |   part: { include: c.yaml, params: [1s] }
                      |                                    ^~~~
                      = help: write 'params: { name: value }'
                scene.yaml:3:43: error: plain.yaml has no parameter 'speed'
                    3 |   plain: { include: plain.yaml, params: { speed: 2 } }
                      |                                           ^~~~~
                      = help: it declares no parameters

                """)
    }

    @Test func aSceneOnItsOwnDeclaresItsParametersBeforeItsObjects() throws {
        let folder = try SceneFolder([
            "late.yaml": "objects:\n  play: { type: Button, title: Play }\nparams:\n  label: { default: x }\n",
            "required.yaml": "params:\n  label: {}\nobjects:\n  play: { type: Button, title: $label }\n",
        ])
        #expect(
            try folder.check("late.yaml") == """
                late.yaml:3:1: error: parameter 'label' is declared after 'objects:'
                    3 | params:
                      | ^~~~~~
                      = help: move 'params:' above 'objects:', where the objects' values can use them

                """)
        #expect(
            try folder.check("required.yaml") == """
                required.yaml:1:1: error: the parameter 'label' has no default, so this file can only be included
                    1 | params:
                      | ^~~~~~
                      = help: give it a default to check or run the file on its own

                """)
    }

    @Test func aMistakeAtAnIncludeInsideAComponentShowsTheIncludesAboveIt() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  pair: { include: parts/pair.yaml }\n",
            "parts/pair.yaml": """
            objects:
              first: { include: controls.yaml, params: { label: A, tmeout: 1s } }
              second: { include: controls.yaml }

            """,
            "parts/controls.yaml": controlsComponent,
        ])
        #expect(
            try folder.check() == """
                parts/pair.yaml:2:56: error: parts/controls.yaml has no parameter 'tmeout'
                    2 |   first: { include: controls.yaml, params: { label: A, tmeout: 1s } }
                      |                                                        ^~~~~~
                      = help: did you mean 'timeout'?
                scene.yaml:2:20: note: included here as 'pair'
                parts/pair.yaml:3:3: error: 'pair.second' gives no value for the parameter 'label', which has no default
                    3 |   second: { include: controls.yaml }
                      |   ^~~~~~
                      = help: give it under 'params:', e.g. 'params: { label: ... }'
                scene.yaml:2:20: note: included here as 'pair'

                """)
    }

    @Test func aSceneIncludingItselfIsACycle() throws {
        let folder = try SceneFolder(["scene.yaml": "objects:\n  again: { include: scene.yaml }\n"])
        #expect(
            try folder.check() == """
                scene.yaml:2:21: error: the includes form a cycle: scene.yaml -> scene.yaml
                    2 |   again: { include: scene.yaml }
                      |                     ^~~~~~~~~~
                      = help: a component cannot include itself, directly or through others

                """)
    }

    @Test func theFilesASceneIncludesAreListedForWatching() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  a: { include: c/pair.yaml }\n  b: { include: missing.yaml }\n",
            "c/pair.yaml": "objects:\n  x: { include: box.yaml }\n  y: { include: box.yaml }\n",
            "c/box.yaml": "objects:\n  box: { type: View }\n",
        ])
        let loader = SceneLoader(registry: .standard)
        #expect(
            loader.includedFiles(of: folder.path + "/scene.yaml").map {
                $0.replacingOccurrences(of: folder.path + "/", with: "")
            } == ["c/pair.yaml", "c/box.yaml", "missing.yaml"])
        #expect(loader.includedFiles(of: folder.path + "/c/box.yaml") == [])
    }

    @Test func aLoadedDeclarationKeepsTheFilesItIncluded() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  a: { include: c/pair.yaml }\n  b: { include: c/box.yaml }\n",
            "c/pair.yaml": "objects:\n  x: { include: box.yaml }\n  y: { include: box.yaml }\n",
            "c/box.yaml": "objects:\n  box: { type: View }\n",
        ])
        let loader = SceneLoader(registry: .standard)
        let path = folder.path + "/scene.yaml"
        let declaration = try loader.validate(loader.source(contentsOf: path)).get()
        #expect(declaration.includedFiles == loader.includedFiles(of: path))
        #expect(
            declaration.includedFiles.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
                == ["c/pair.yaml", "c/box.yaml"])
        let alone = try loader.validate(loader.source(contentsOf: folder.path + "/c/box.yaml")).get()
        #expect(alone.includedFiles.isEmpty)
    }

    @Test func anInstanceIsNotAnObjectAndTheHintNamesItsObjects() throws {
        let folder = try SceneFolder([
            "scene.yaml": """
            objects:
              part: { include: c.yaml, params: { label: x } }
              go: { type: Button, parent: part, on: { tap: part.hide } }

            """,
            "c.yaml": controlsComponent,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:3:31: error: no object has the id 'part'
                    3 |   go: { type: Button, parent: part, on: { tap: part.hide } }
                      |                               ^~~~
                      = help: 'part' is an instance of a component; name one of its objects, such as 'part.controls', 'part.play', 'part.timer'
                scene.yaml:3:48: error: no object has the id 'part'
                    3 |   go: { type: Button, parent: part, on: { tap: part.hide } }
                      |                                                ^~~~
                      = help: 'part' is an instance of a component; name one of its objects, such as 'part.controls', 'part.play', 'part.timer'

                """)
    }

    // MARK: - Answers that were wrong

    @Test func anInvalidDefaultIsReportedOnceWhenTheComponentIsCheckedOnItsOwn() throws {
        let component = """
            params:
              timeout: { type: Duration, default: banana }
            objects:
              timer: { type: TimeoutController, timeout: $timeout }

            """
        let folder = try SceneFolder(["c.yaml": component, "scene.yaml": "objects:\n  a: { include: c.yaml }\n"])
        let expected = """
            c.yaml:2:39: error: 'timeout' takes a duration, not 'banana'
                2 |   timeout: { type: Duration, default: banana }
                  |                                       ^~~~~~
                  = help: write seconds (3, 0.25) or a number with units: 250ms, 3s, 1m30s, 1h

            """
        #expect(try folder.check("c.yaml") == expected)
        #expect(try folder.check() == expected + "scene.yaml:2:17: note: included here as 'a'\n")
    }

    @Test func anOverrideOfAReadOnlyPropertySaysItIsReadOnly() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  c: { include: b.yaml, set: { b.highlighted: true } }\n",
            "b.yaml": "objects:\n  b: { type: Button, title: Go }\n",
        ])
        #expect(
            try folder.check() == """
                scene.yaml:2:32: error: 'b.highlighted' is a read-only property of Button: an instance's 'set' cannot set it
                    2 |   c: { include: b.yaml, set: { b.highlighted: true } }
                      |                                ^~~~~~~~~~~~~
                      = help: remove it from 'set', or set one of its properties: title, enabled, style, tintColor, titleColor, font, textAlignment, hidden and 10 more

                """)
    }

    @Test func aPipeIsRefusedAsAComponentAtOnce() throws {
        let folder = try SceneFolder(["scene.yaml": "objects:\n  a: { include: pipe }\n  b: { include: /dev/null }\n"])
        #expect(mkfifo(folder.path + "/pipe", 0o600) == 0)
        var limits = SceneLimits()
        // Were the pipe read, a writer could keep it waiting this long.
        limits.maxReadWait = .seconds(600)
        #expect(
            try folder.check(limits: limits) == """
                scene.yaml:2:17: error: cannot read 'pipe': it is a pipe, and a component must be a regular file
                    2 |   a: { include: pipe }
                      |                 ^~~~
                      = help: include a component file; only the scene itself can be read from a pipe
                scene.yaml:3:17: error: cannot read '/dev/null': it is a device, and a component must be a regular file
                    3 |   b: { include: /dev/null }
                      |                 ^~~~~~~~~
                      = help: include a component file; only the scene itself can be read from a pipe

                """)
    }

    @Test func aComponentsPathIsShownNormalisedAndOpenedAsWritten() throws {
        let folder = try SceneFolder([
            "Mistakes/scene.yaml": "objects:\n  a: { include: ../Scenes/./c.yaml }\n",
            "Scenes/c.yaml": "objects:\n  box: { type: Veiw }\n",
        ])
        let text = try folder.check("Mistakes/scene.yaml")
        #expect(text.hasPrefix("Scenes/c.yaml:2:16: error: unknown type 'Veiw'"))
        #expect(text.hasSuffix("Mistakes/scene.yaml:2:17: note: included here as 'a'\n"))
        #expect(!text.contains(".."))
        #expect(ComponentExpansion.lexicallyNormalized("a/../b//./c.yaml") == "b/c.yaml")
        #expect(ComponentExpansion.lexicallyNormalized("../../x/../y") == "../../y")
        #expect(ComponentExpansion.lexicallyNormalized("/../a/.") == "/a")
        #expect(ComponentExpansion.lexicallyNormalized("a/..") == ".")
    }

    @Test func componentsInFoldersWhoseNamesAreNotUTF8AreDifferentFiles() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  a: { include: one/c.yaml }\n  b: { include: two/c.yaml }\n"
        ])
        // Two folders whose names differ only in bytes that are not UTF-8,
        // reached through links: their paths decode to the same String.
        func bytes(_ text: String, _ extra: [UInt8] = [], _ rest: String = "") -> [CChar] {
            (Array(text.utf8) + extra + Array(rest.utf8) + [0]).map { CChar(bitPattern: $0) }
        }
        for (link, byte, id) in [("one", UInt8(0xFF), "x"), ("two", UInt8(0xFE), "y")] {
            let directory = bytes(folder.path + "/d", [byte])
            #expect(mkdir(directory, 0o700) == 0)
            let descriptor = open(bytes(folder.path + "/d", [byte], "/c.yaml"), O_WRONLY | O_CREAT, 0o600)
            #expect(descriptor >= 0)
            let text = Array("objects:\n  \(id): { type: View }\n".utf8)
            #expect(write(descriptor, text, text.count) == text.count)
            close(descriptor)
            #expect(symlink(directory, bytes(folder.path + "/" + link)) == 0)
        }
        defer {
            for byte in [UInt8(0xFF), 0xFE] {
                _ = remove(bytes(folder.path + "/d", [byte], "/c.yaml"))
                _ = remove(bytes(folder.path + "/d", [byte]))
            }
        }
        let scene = try folder.load()
        #expect(scene.object("a.x") != nil)
        #expect(scene.object("b.y") != nil)
        #expect(scene.object("b.x") == nil)
    }
}
