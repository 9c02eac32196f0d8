import SceneBehaviours
import SceneCore
import Testing

@Suite struct StepperTests {
    private func loggedStepper() -> (Stepper, Log) {
        let stepper = Stepper()
        let log = Log()
        log.observe(stepper, Stepper.sceneDescription())
        return (stepper, log)
    }

    @Test func defaultsAreZeroInZeroToAHundredByOne() {
        var expected = viewDefaults
        expected["value"] = .double(0)
        expected["minimum"] = .double(0)
        expected["maximum"] = .double(100)
        expected["step"] = .double(1)
        #expect(Stepper.sceneDescription().defaultValues() == expected)
        let stepper = Stepper()
        #expect(stepper.value == 0)
        #expect(stepper.minimum == 0)
        #expect(stepper.maximum == 100)
        #expect(stepper.step == 1)
    }

    @Test func registersTheViewMembersRangeStepInputsAndValueChanged() {
        #expect(
            MemberList(of: Stepper.sceneDescription())
                == MemberList.view(
                    properties: [
                        "value: Double", "minimum: Double", "maximum: Double", "step: Double in 0.0...inf",
                    ],
                    events: [
                        "minimumChanged: Double", "maximumChanged: Double", "stepChanged: Double", "valueChanged",
                    ],
                    inputs: ["increment", "decrement", "stepTo: Double"]))
    }

    @Test func itsStepToInputDeclaresTheRangeOfItsMinimumAndMaximum() throws {
        let stepper = Stepper()
        stepper.minimum = 10
        stepper.maximum = 20
        let range = try #require(Stepper.sceneDescription().inputs["stepTo"]?.range)
        #expect(range.fraction(0.5, of: stepper) == 15)
        #expect(Stepper.sceneDescription().inputs["increment"]?.range == nil)
    }

    @Test func incrementIsATapThenAStepUp() {
        let (stepper, log) = loggedStepper()
        stepper.step = 2.5
        #expect(stepper.increment() == .handled)
        #expect(stepper.value == 2.5)
        #expect(log.entries == ["interaction.began", "interaction.ended", "valueChanged"])
    }

    @Test func decrementStepsDownAndStopsAtTheMinimum() {
        let (stepper, log) = loggedStepper()
        stepper.value = 1.5
        #expect(stepper.decrement() == .handled)
        #expect(stepper.value == 0.5)
        #expect(stepper.decrement() == .handled)
        #expect(stepper.value == 0)
        #expect(stepper.decrement() == .ignored(because: "it is at its minimum, 0"))
        #expect(stepper.value == 0)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 2)
        #expect(log.entries.filter { $0 == "interaction.began" }.count == 2)
    }

    @Test func incrementStopsAtTheMaximumClampingTheLastStep() {
        let (stepper, log) = loggedStepper()
        stepper.maximum = 3
        stepper.step = 2
        stepper.increment()
        stepper.increment()
        #expect(stepper.value == 3)
        #expect(stepper.increment() == .ignored(because: "it is at its maximum, 3"))
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 2)
    }

    @Test func aStepOfZeroIsIgnored() {
        let (stepper, log) = loggedStepper()
        stepper.step = 0
        #expect(stepper.increment() == .ignored(because: "its step is 0"))
        #expect(stepper.decrement() == .ignored(because: "it is at its minimum, 0"))
        #expect(log.entries.isEmpty)
    }

    @Test(arguments: [(-5.0, 0.0), (150.0, 100.0), (42.0, 42.0), (-Double.infinity, 0.0), (Double.infinity, 100.0)])
    func stepToClampsToTheRange(target: Double, expected: Double) {
        let stepper = Stepper()
        #expect(stepper.step(to: target) == .handled)
        #expect(stepper.value == expected)
    }

    @Test func stepToTheCurrentValueIsATapWithoutValueChanged() {
        let (stepper, log) = loggedStepper()
        stepper.value = 4
        #expect(stepper.step(to: 4) == .handled)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
        #expect(stepper.step(to: .nan) == .ignored(because: "the value is not a number"))
        #expect(stepper.value == 4)
    }

    @Test func valueSetOutsideTheRangeReadsClampedWhateverTheOrderOfKeys() {
        let stepper = Stepper()
        stepper.value = 500
        #expect(stepper.value == 100)
        stepper.maximum = 1_000
        #expect(stepper.value == 500)
        stepper.minimum = 600
        #expect(stepper.value == 600)
        stepper.maximum = 2
        #expect(stepper.value == 600)
        #expect(stepper.increment().isIgnored)
        #expect(stepper.decrement().isIgnored)
    }

    @Test func observersOfValueHearAChangeMadeByTheRange() {
        let stepper = Stepper()
        stepper.value = 50
        var heard: [Double] = []
        let connection = stepper.observe(\.value) { heard.append($0) }
        stepper.maximum = 10
        stepper.minimum = 5
        stepper.minimum = 20
        #expect(heard == [10, 20])
        connection.disconnect()
    }

    @Test func anInvisibleStepperIgnoresItsInputs() {
        let (stepper, log) = loggedStepper()
        stepper.hidden = true
        #expect(stepper.increment().isIgnored)
        #expect(stepper.step(to: 5).isIgnored)
        stepper.value = 3
        #expect(stepper.decrement().isIgnored)
        #expect(stepper.value == 3)
        #expect(log.entries.isEmpty)
    }

    @Test func theInputsThroughTheDescriptionStepTheValue() {
        let type = Stepper.sceneDescription()
        let (stepper, _) = loggedStepper()
        #expect(type.input("increment", on: stepper) == .handled)
        #expect(type.input("increment", on: stepper) == .handled)
        #expect(type.input("decrement", on: stepper) == .handled)
        #expect(stepper.value == 1)
        #expect(type.input("stepTo", on: stepper, .double(70)) == .handled)
        #expect(stepper.value == 70)
    }
}
