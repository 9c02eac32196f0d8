import SceneLoader
import Testing

/// One scene with one kind of mistake, and the whole text `check` prints for it.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
    var code: DiagnosticCode
    var yaml: String
    var expected: String
    var testDescription: String { code.rawValue }
}

/// Every kind of mistake has its own message; these tests compare the whole
/// rendered text: position, source line, caret and hint.
@Suite struct DiagnosticTests {
    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            code: .yamlSyntax,
            yaml: #"""
                objects:
                  a: [1, 2
                  b: {type: View}

                """#,
            expected: #"""
                test.yaml:3:4: error: YAML syntax: did not find expected ',' or ']'
                    3 |   b: {type: View}
                      |    ^
                test.yaml:2:6: note: while parsing a flow sequence
                    2 |   a: [1, 2
                      |      ^

                """#),
        DiagnosticCase(
            code: .unknownAnchor,
            yaml: #"""
                objects:
                  a:
                    type: View
                    backgroundColor: *tint

                """#,
            expected: #"""
                test.yaml:4:22: error: the alias '*tint' names no anchor defined before it
                    4 |     backgroundColor: *tint
                      |                      ^~~~~
                      = help: define '&tint' on an earlier value

                """#),
        DiagnosticCase(
            code: .duplicateKey,
            yaml: #"""
                objects:
                  title:
                    type: Label
                    text: Hello
                    text: Bye

                """#,
            expected: #"""
                test.yaml:5:5: error: the key 'text' appears twice in the same mapping
                    5 |     text: Bye
                      |     ^~~~
                      = help: remove or rename one of them
                test.yaml:4:5: note: first written here
                    4 |     text: Hello
                      |     ^

                """#),
        DiagnosticCase(
            code: .explicitTag,
            yaml: #"""
                objects:
                  title:
                    type: Label
                    text: !!str 42

                """#,
            expected: #"""
                test.yaml:4:11: error: explicit tags like '!!str' are not supported in scene files
                    4 |     text: !!str 42
                      |           ^~~~~~~~
                      = help: remove the tag: a value takes its type from the property it sets

                """#),
        DiagnosticCase(
            code: .mergeKey,
            yaml: #"""
                objects:
                  base: &base {type: Label, text: Hi}
                  other:
                    <<: *base
                    text: Bye

                """#,
            expected: #"""
                test.yaml:4:5: error: merge keys ('<<') are not supported in scene files
                    4 |     <<: *base
                      |     ^~
                      = help: write the keys out, or use an alias for a whole value

                """#),
        DiagnosticCase(
            code: .complexKey,
            yaml: #"""
                objects:
                  ? [a, b]
                  : {type: View}

                """#,
            expected: #"""
                test.yaml:2:5: error: a mapping key must be a single value, not a list
                    2 |   ? [a, b]
                      |     ^

                """#),
        DiagnosticCase(
            code: .multipleDocuments,
            yaml: #"""
                objects:
                  a: {type: View}
                ---
                objects:
                  b: {type: View}

                """#,
            expected: #"""
                test.yaml:3:1: error: a scene file holds one YAML document, and a second one starts here
                    3 | ---
                      | ^~~
                      = help: put each scene in its own file

                """#),
        DiagnosticCase(
            code: .emptyFile,
            yaml: #"""
                # nothing here yet

                """#,
            expected: #"""
                test.yaml:1:1: error: the file is empty
                    1 | # nothing here yet
                      | ^
                      = help: a scene needs 'objects:', with each object indented below it, e.g. '  box: {type: View}'

                """#),
        DiagnosticCase(
            code: .notAMapping,
            yaml: #"""
                - type: View
                - type: Button

                """#,
            expected: #"""
                test.yaml:1:1: error: a scene file must be a mapping with 'objects', not a list
                    1 | - type: View
                      | ^
                      = help: start with 'objects:'

                """#),
        DiagnosticCase(
            code: .unknownTopLevelKey,
            yaml: #"""
                scene: Demo
                object:
                  a: {type: View}

                """#,
            expected: #"""
                test.yaml:2:1: error: unknown top-level key 'object'
                    2 | object:
                      | ^~~~~~
                      = help: did you mean 'objects'?

                """#),
        DiagnosticCase(
            code: .unsupportedVersion,
            yaml: #"""
                version: 2
                objects:
                  a: {type: View}

                """#,
            expected: #"""
                test.yaml:1:10: error: this runner reads scene format version 1, not '2'
                    1 | version: 2
                      |          ^
                      = help: write 'version: 1' or leave it out

                """#),
        DiagnosticCase(
            code: .missingObjects,
            yaml: #"""
                scene: Demo
                description: Nothing declared.

                """#,
            expected: #"""
                test.yaml:1:1: error: the scene has no 'objects'
                    1 | scene: Demo
                      | ^~~~~
                      = help: add 'objects:' with one 'id:' per object, each with a 'type:'

                """#),
        DiagnosticCase(
            code: .invalidID,
            yaml: #"""
                objects:
                  play-button:
                    type: Button

                """#,
            expected: #"""
                test.yaml:2:3: error: 'play-button' is not a valid object id
                    2 |   play-button:
                      |   ^~~~~~~~~~~
                      = help: ids start with a letter or '_' and hold only letters, digits and '_', so that 'id.member' is unambiguous

                """#),
        DiagnosticCase(
            code: .missingType,
            yaml: #"""
                objects:
                  controls:
                    hidden: true

                """#,
            expected: #"""
                test.yaml:2:3: error: object 'controls' has no 'type'
                    2 |   controls:
                      |   ^~~~~~~~
                      = help: add 'type:' with a registered type; the registered types are View, Label, Button, Slider, Switch, Stepper, ShakeAnimation, TextField and 32 more

                """#),
        DiagnosticCase(
            code: .unknownType,
            yaml: #"""
                objects:
                  play:
                    type: Buton

                """#,
            expected: #"""
                test.yaml:3:11: error: unknown type 'Buton'
                    3 |     type: Buton
                      |           ^~~~~
                      = help: did you mean 'Button'?

                """#),
        DiagnosticCase(
            code: .unknownKey,
            yaml: #"""
                objects:
                  play:
                    type: Button
                    titel: Play

                """#,
            expected: #"""
                test.yaml:4:5: error: Button has no property or outlet 'titel'
                    4 |     titel: Play
                      |     ^~~~~
                      = help: did you mean 'title'?

                """#),
        DiagnosticCase(
            code: .unknownKey,
            yaml: #"""
                objects:
                  play:
                    type: Button
                    tap: controls.hide
                  controls:
                    type: View

                """#,
            expected: #"""
                test.yaml:4:5: error: Button has no property or outlet 'tap'
                    4 |     tap: controls.hide
                      |     ^~~
                      = help: 'tap' is an event of Button; connect it under 'on:', e.g. 'on: { tap: target.action }'

                """#),
        DiagnosticCase(
            code: .readOnlyProperty,
            yaml: #"""
                objects:
                  play:
                    type: Button
                    highlighted: true

                """#,
            expected: #"""
                test.yaml:4:5: error: 'highlighted' of Button is read-only
                    4 |     highlighted: true
                      |     ^~~~~~~~~~~
                      = help: a script can read it with 'expect', but a scene cannot set it

                """#),
        DiagnosticCase(
            code: .missingProperty,
            yaml: #"""
                objects:
                  screen:
                    type: View
                  lock:
                    type: Lock
                    view: screen

                """#,
            expected: #"""
                test.yaml:4:3: error: 'lock' (Lock) needs a value for 'passcode'
                    4 |   lock:
                      |   ^~~~
                      = help: add 'passcode: <String>'

                """#),
        DiagnosticCase(
            code: .invalidValue,
            yaml: #"""
                objects:
                  controls:
                    type: View
                    hidden: no

                """#,
            expected: #"""
                test.yaml:4:13: error: 'hidden' takes true or false, not 'no'
                    4 |     hidden: no
                      |             ^~
                      = help: scene files take booleans literally: write false

                """#),
        DiagnosticCase(
            code: .valueOutOfRange,
            yaml: #"""
                objects:
                  controls:
                    type: View
                    alpha: 1.5

                """#,
            expected: #"""
                test.yaml:4:12: error: 'alpha' must be between 0 and 1, not 1.5
                    4 |     alpha: 1.5
                      |            ^~~

                """#),
        DiagnosticCase(
            code: .invalidValue,
            yaml: #"""
                objects:
                  photo:
                    type: ImageView
                    image: ../secret.png
                script:
                  - set: { photo.image: .hidden }

                """#,
            expected: #"""
                test.yaml:4:12: error: 'image' cannot be '../secret.png': a path, not a name
                    4 |     image: ../secret.png
                      |            ^~~~~~~~~~~~~
                      = help: name a PNG or SVG file in the scene's folder: 'avatar' for avatar.png or avatar.svg
                test.yaml:6:25: error: 'photo.image' cannot be '.hidden': a hidden file's name
                    6 |   - set: { photo.image: .hidden }
                      |                         ^~~~~~~
                      = help: name a PNG or SVG file in the scene's folder: 'avatar' for avatar.png or avatar.svg

                """#),
        DiagnosticCase(
            code: .nullValue,
            yaml: #"""
                objects:
                  play:
                    type: Button
                    title:

                """#,
            expected: #"""
                test.yaml:4:11: error: 'title' cannot be null
                    4 |     title:
                      |           ^
                      = help: write '' for empty text, or leave the key out to keep the default

                """#),
        DiagnosticCase(
            code: .unknownField,
            yaml: #"""
                objects:
                  probe:
                    type: Probe
                    sections:
                      - titel: Fruit
                        rows: [apple, pear]

                """#,
            expected: #"""
                test.yaml:5:9: error: 'Section' has no field 'titel'
                    5 |       - titel: Fruit
                      |         ^~~~~
                      = help: did you mean 'title'?
                test.yaml:5:9: error: 'sections[0]' is missing the field 'title'
                    5 |       - titel: Fruit
                      |         ^
                      = help: add 'title: <String>'

                """#),
        DiagnosticCase(
            code: .missingField,
            yaml: #"""
                objects:
                  probe:
                    type: Probe
                    sections:
                      - title: Fruit

                """#,
            expected: #"""
                test.yaml:5:9: error: 'sections[0]' is missing the field 'rows'
                    5 |       - title: Fruit
                      |         ^
                      = help: add 'rows: <[String]>'

                """#),
        DiagnosticCase(
            code: .unknownObject,
            yaml: #"""
                objects:
                  controls:
                    type: View
                  play:
                    type: Button
                    parent: contrls

                """#,
            expected: #"""
                test.yaml:6:13: error: no object has the id 'contrls'
                    6 |     parent: contrls
                      |             ^~~~~~~
                      = help: did you mean 'controls'?

                """#),
        DiagnosticCase(
            code: .outletTypeMismatch,
            yaml: #"""
                objects:
                  backgroundTap:
                    type: TapGesture
                  play:
                    type: Button
                    parent: backgroundTap

                """#,
            expected: #"""
                test.yaml:6:13: error: 'parent' needs a View, but 'backgroundTap' is a TapGesture
                    6 |     parent: backgroundTap
                      |             ^~~~~~~~~~~~~
                      = help: the scene has no other View to connect

                """#),
        DiagnosticCase(
            code: .missingOutlet,
            yaml: #"""
                objects:
                  lock:
                    type: Lock
                    passcode: "1234"

                """#,
            expected: #"""
                test.yaml:2:3: error: 'lock' (Lock) needs the outlet 'view'
                    2 |   lock:
                      |   ^~~~
                      = help: add 'view: <id of a View>', or complete this file from a scene that includes it: 'set: { lock.view: <id> }'

                """#),
        DiagnosticCase(
            code: .hierarchyCycle,
            yaml: #"""
                objects:
                  a:
                    type: View
                    parent: b
                  b:
                    type: View
                    parent: a

                """#,
            expected: #"""
                test.yaml:4:13: error: 'parent' forms a cycle: a -> b -> a
                    4 |     parent: b
                      |             ^
                      = help: an object cannot be inside itself; remove one 'parent' of the cycle

                """#),
        DiagnosticCase(
            code: .unknownEvent,
            yaml: #"""
                objects:
                  controls:
                    type: View
                  play:
                    type: Button
                    on:
                      tapped: controls.hide

                """#,
            expected: #"""
                test.yaml:7:7: error: Button has no event 'tapped'
                    7 |       tapped: controls.hide
                      |       ^~~~~~
                      = help: did you mean 'tap'?

                """#),
        DiagnosticCase(
            code: .invalidActionReference,
            yaml: #"""
                objects:
                  play:
                    type: Button
                    on: { tap: hide }

                """#,
            expected: #"""
                test.yaml:4:16: error: 'hide' is not 'target.action'
                    4 |     on: { tap: hide }
                      |                ^~~~
                      = help: write the id of an object, a dot and one of its actions, e.g. 'form.submit'

                """#),
        DiagnosticCase(
            code: .unknownAction,
            yaml: #"""
                objects:
                  controls:
                    type: View
                  play:
                    type: Button
                    on: { tap: controls.hid }

                """#,
            expected: #"""
                test.yaml:6:25: error: View has no action 'hid'
                    6 |     on: { tap: controls.hid }
                      |                         ^~~
                      = help: did you mean 'hide'?

                """#),
        DiagnosticCase(
            code: .payloadMismatch,
            yaml: #"""
                objects:
                  probe:
                    type: Probe
                    on: { changed: probe.setName }

                """#,
            expected: #"""
                test.yaml:4:26: error: action 'setName' of Probe takes a String, but event 'changed' of Probe sends a Double
                    4 |     on: { changed: probe.setName }
                      |                          ^~~~~~~
                      = help: connect an event whose payload fits, or call an action without an argument

                """#),
        DiagnosticCase(
            code: .invalidScript,
            yaml: #"""
                objects:
                  a: {type: View}
                script: wait 2s

                """#,
            expected: #"""
                test.yaml:3:9: error: 'script' must be a list of steps, not a single value
                    3 | script: wait 2s
                      |         ^~~~~~~
                      = help: write one '- verb: argument' per step

                """#),
        DiagnosticCase(
            code: .unknownVerb,
            yaml: #"""
                objects:
                  play: {type: Button}
                script:
                  - tapp: play

                """#,
            expected: #"""
                test.yaml:4:5: error: unknown script verb 'tapp'
                    4 |   - tapp: play
                      |     ^~~~
                      = help: did you mean 'tap'?

                """#),
        DiagnosticCase(
            code: .unknownInput,
            yaml: #"""
                objects:
                  tap: {type: TapGesture}
                  volume: {type: Slider}
                script:
                  - slide: { tap: 0.5 }

                """#,
            expected: #"""
                test.yaml:5:14: error: 'tap' is a TapGesture, which does not take the input 'slide'
                    5 |   - slide: { tap: 0.5 }
                      |              ^~~
                      = help: TapGesture takes tap; objects that take 'slide': volume

                """#),
        DiagnosticCase(
            code: .unknownMember,
            yaml: #"""
                objects:
                  controls: {type: View}
                script:
                  - expect: { controls.hiden: true }

                """#,
            expected: #"""
                test.yaml:4:15: error: View has no property or outlet 'hiden'
                    4 |   - expect: { controls.hiden: true }
                      |               ^~~~~~~~~~~~~~
                      = help: did you mean 'hidden'?

                """#),
        DiagnosticCase(
            code: .timeGoesBackwards,
            yaml: #"""
                objects:
                  controls: {type: View}
                script:
                  - wait: 5s
                  - at: 3s

                """#,
            expected: #"""
                test.yaml:5:9: error: 'at: 3s' is earlier than the time the script has reached, 5s
                    5 |   - at: 3s
                      |         ^~
                      = help: time only moves forward; use a later time or reorder the steps

                """#),
        DiagnosticCase(
            code: .scriptTooLong,
            yaml: #"""
                objects:
                  controls: {type: View}
                script:
                  - wait: 7200h
                  - wait: 2600000000000h

                """#,
            expected: #"""
                test.yaml:5:11: error: the script would reach 2600000007200h, past the limit of 8784h of virtual time
                    5 |   - wait: 2600000000000h
                      |           ^~~~~~~~~~~~~~
                      = help: shorten the waits, or raise the limit in the embedding program

                """#),
        DiagnosticCase(
            code: .invalidStep,
            yaml: #"""
                objects:
                  volume: {type: Slider}
                script:
                  - slide: volume

                """#,
            expected: #"""
                test.yaml:4:12: error: 'slide' needs a value of type Double
                    4 |   - slide: volume
                      |            ^~~~~~
                      = help: give it a number, e.g. 'slide: { volume: 0 }'

                """#),
        DiagnosticCase(
            code: .invalidValue,
            yaml: #"""
                objects:
                  volume: {type: Slider}
                script:
                  - expect: { volume.value: high }

                """#,
            expected: #"""
                test.yaml:4:29: error: 'volume.value' takes a number, not 'high'
                    4 |   - expect: { volume.value: high }
                      |                             ^~~~

                """#),
        DiagnosticCase(
            code: .unknownObject,
            yaml: #"""
                objects:
                  controls: {type: View}
                script:
                  - tap: contrls

                """#,
            expected: #"""
                test.yaml:4:10: error: no object has the id 'contrls'
                    4 |   - tap: contrls
                      |          ^~~~~~~
                      = help: did you mean 'controls'?

                """#),
        // The form behaviours' mistakes.
        DiagnosticCase(
            code: .outletTypeMismatch,
            yaml: #"""
                objects:
                  name: {type: TextField}
                  secret: {type: TextField}
                  login: {type: Button}
                  service: {type: CredentialAuthenticator}
                  form:
                    type: AuthFormBehaviour
                    username: login
                    password: secret
                    authenticator: service

                """#,
            expected: #"""
                test.yaml:8:15: error: 'username' needs a TextField, but 'login' is a Button
                    8 |     username: login
                      |               ^~~~~
                      = help: objects that fit: name, secret

                """#),
        DiagnosticCase(
            code: .missingOutlet,
            yaml: #"""
                objects:
                  name: {type: TextField}
                  secret: {type: TextField}
                  form:
                    type: AuthFormBehaviour
                    username: name
                    password: secret

                """#,
            expected: #"""
                test.yaml:4:3: error: 'form' (AuthFormBehaviour) needs the outlet 'authenticator'
                    4 |   form:
                      |   ^~~~
                      = help: add 'authenticator: <id of a CredentialAuthenticator>', or complete this file from a scene that includes it: 'set: { form.authenticator: <id> }'

                """#),
        DiagnosticCase(
            code: .outletTypeMismatch,
            yaml: #"""
                objects:
                  title: {type: Label}
                  login: {type: Button}
                  glow:
                    type: HighlightBehaviour
                    view: title
                    highlightedColor: yellow

                """#,
            expected: #"""
                test.yaml:6:11: error: 'view' needs a Highlightable, but 'title' is a Label
                    6 |     view: title
                      |           ^~~~~
                      = help: objects that fit: login

                """#),
        DiagnosticCase(
            code: .outletTypeMismatch,
            yaml: #"""
                objects:
                  name: {type: TextField, shakeAnimation: glow}
                  glow: {type: HighlightBehaviour, view: name}

                """#,
            expected: #"""
                test.yaml:2:43: error: 'shakeAnimation' needs a ShakeAnimation, but 'glow' is a HighlightBehaviour
                    2 |   name: {type: TextField, shakeAnimation: glow}
                      |                                           ^~~~
                      = help: the scene has no other ShakeAnimation to connect

                """#),
        DiagnosticCase(
            code: .invalidValue,
            yaml: #"""
                objects:
                  name: {type: TextField}
                  shake:
                    type: ShakeAnimation
                    view: name
                    axis: z

                """#,
            expected: #"""
                test.yaml:6:11: error: 'axis' takes one of x, y, not 'z'
                    6 |     axis: z
                      |           ^
                      = help: did you mean 'x'?

                """#),
        DiagnosticCase(
            code: .invalidValue,
            yaml: #"""
                objects:
                  name: {type: TextField}
                  secret: {type: TextField}
                  service: {type: CredentialAuthenticator}
                  form:
                    type: AuthFormBehaviour
                    username: name
                    password: secret
                    authenticator: service
                script:
                  - expect: { form.failure: wrongPassword }

                """#,
            expected: #"""
                test.yaml:11:29: error: 'form.failure' takes one of emptyUsername, emptyPassword, invalidUsername, invalidPassword, serviceUnavailable, not 'wrongPassword'
                   11 |   - expect: { form.failure: wrongPassword }
                      |                             ^~~~~~~~~~~~~

                """#),
        DiagnosticCase(
            code: .duplicateKey,
            yaml: #"""
                objects:
                  controls:
                    type: View
                  play: {type: Button, parent: controls}
                  controls:
                    type: Label

                """#,
            expected: #"""
                test.yaml:5:3: error: the key 'controls' appears twice in the same mapping
                    5 |   controls:
                      |   ^~~~~~~~
                      = help: remove or rename one of them
                test.yaml:2:3: note: first written here
                    2 |   controls:
                      |   ^

                """#),
        DiagnosticCase(
            code: .emptyConnection,
            yaml: #"""
                objects:
                  play:
                    type: Button
                    on:
                      tap: []

                """#,
            expected: #"""
                test.yaml:5:12: warning: 'tap' is connected to no action
                    5 |       tap: []
                      |            ^~
                      = help: connect it to 'target.action', or remove it

                """#),
        DiagnosticCase(
            code: .emptyOutlet,
            yaml: #"""
                objects:
                  form:
                    type: FormBehaviour
                    fields: []

                """#,
            expected: #"""
                test.yaml:4:13: warning: 'fields' is given an empty list: it connects nothing
                    4 |     fields: []
                      |             ^~
                      = help: leave the key out, or connect an object

                """#),
        DiagnosticCase(
            code: .duplicateConnection,
            yaml: #"""
                objects:
                  title: {type: Label}
                  play:
                    type: Button
                    on:
                      tap: [title.show, title.hide, title.show]

                """#,
            expected: #"""
                test.yaml:6:37: warning: 'tap' calls 'title.show' twice
                    6 |       tap: [title.show, title.hide, title.show]
                      |                                     ^~~~~~~~~~
                      = help: remove it, unless the action is meant to run twice
                test.yaml:6:13: note: first written here
                    6 |       tap: [title.show, title.hide, title.show]
                      |             ^

                """#),
        DiagnosticCase(
            code: .wiringLoop,
            yaml: #"""
                objects:
                  a: { type: FormBehaviour, on: { submitted: b.submit } }
                  b: { type: FormBehaviour, on: { submitted: a.submit } }

                """#,
            expected: #"""
                test.yaml:2:3: warning: the 'on:' wiring loops: a -> b -> a; if one of these actions sends the event that calls it, the run stops with an error
                    2 |   a: { type: FormBehaviour, on: { submitted: b.submit } }
                      |   ^
                      = help: check that no action in the loop sends an event that leads back to it

                """#),
        DiagnosticCase(
            code: .frameInLayout,
            yaml: #"""
                objects:
                  bar: { type: View, layout: { axis: horizontal } }
                  badge: { type: Label, parent: bar, frame: { x: 0, y: 0, width: 20, height: 20 } }

                """#,
            expected: #"""
                test.yaml:3:3: warning: 'badge' has a 'frame', so the 'layout' of 'bar', its parent, does not place it
                    3 |   badge: { type: Label, parent: bar, frame: { x: 0, y: 0, width: 20, height: 20 } }
                      |   ^~~~~
                      = help: remove 'frame' to have 'bar' place it, or remove 'bar''s 'layout'

                """#),
    ]

    @Test(arguments: cases)
    func rendersTheWholeDiagnostic(_ example: DiagnosticCase) throws {
        let loader = SceneLoader(registry: try testRegistry())
        let source = SceneSource(name: "test.yaml", text: example.yaml)
        let diagnostics = loader.check(source)
        #expect(diagnostics.contains { $0.code == example.code })
        #expect(DiagnosticRenderer.render(diagnostics, in: source) == example.expected)
    }
}
