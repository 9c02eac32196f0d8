import SceneBehaviours
import SceneCore
import Testing

@Suite struct SliderTests {
    private func loggedSlider() -> (Slider, Log) {
        let slider = Slider()
        let log = Log()
        log.observe(slider, Slider.sceneDescription())
        return (slider, log)
    }

    @Test func defaultsAreZeroInZeroToOneNotTracking() {
        var expected = viewDefaults
        expected["value"] = .double(0)
        expected["minimum"] = .double(0)
        expected["maximum"] = .double(1)
        expected["tracking"] = .bool(false)
        expected["tintColor"] = .color(Color(red: 0x00, green: 0x7A, blue: 0xFF))
        #expect(Slider.sceneDescription().defaultValues() == expected)
        let slider = Slider()
        #expect(slider.value == 0)
        #expect(slider.minimum == 0)
        #expect(slider.maximum == 1)
        #expect(!slider.isTracking)
    }

    @Test func itsSlideInputDeclaresTheRangeOfItsMinimumAndMaximum() throws {
        let slider = Slider()
        slider.minimum = 2
        slider.maximum = 4
        let range = try #require(Slider.sceneDescription().inputs["slide"]?.range)
        #expect(range.fraction(0.5, of: slider) == 3)
        slider.maximum = 12
        #expect(range.fraction(0.5, of: slider) == 7)
        #expect(Slider.sceneDescription().inputs["tapAt"]?.range == nil)
    }

    @Test func registersTheViewMembersRangeTrackingSlideTapAtAndEditingEvents() {
        #expect(
            MemberList(of: Slider.sceneDescription())
                == MemberList.view(
                    properties: [
                        "value: Double", "minimum: Double", "maximum: Double", "tintColor: Color",
                        "tracking: Bool (read-only)",
                    ],
                    events: [
                        "minimumChanged: Double", "maximumChanged: Double", "tintColorChanged: Color", "editingBegan",
                        "valueChanged",
                        "editingEnded",
                    ],
                    inputs: ["slide: Double", "tapAt: Double"]))
    }

    @Test func pressSlideReleaseTracksAndSendsEditingEvents() {
        let (slider, log) = loggedSlider()
        #expect(slider.press() == .handled)
        #expect(slider.isTracking)
        #expect(slider.slide(to: 0.5) == .handled)
        #expect(slider.slide(to: 0.75) == .handled)
        #expect(slider.isTracking)
        #expect(slider.release() == .handled)
        #expect(!slider.isTracking)
        #expect(slider.value == 0.75)
        #expect(
            log.entries == [
                "interaction.began", "editingBegan", "valueChanged", "valueChanged", "interaction.ended",
                "editingEnded",
            ])
    }

    @Test func slideWhileNotTrackingIsAWholeGesture() {
        let (slider, log) = loggedSlider()
        #expect(slider.slide(to: 0.8) == .handled)
        #expect(slider.value == 0.8)
        #expect(!slider.isTracking)
        #expect(
            log.entries == ["interaction.began", "editingBegan", "valueChanged", "interaction.ended", "editingEnded"])
    }

    @Test(arguments: [(-1.0, 0.0), (2.0, 1.0), (0.3, 0.3), (-Double.infinity, 0.0), (Double.infinity, 1.0)])
    func slideClampsToTheRange(target: Double, expected: Double) {
        let slider = Slider()
        slider.slide(to: target)
        #expect(slider.value == expected)
    }

    @Test func slideToTheCurrentValueSendsNoValueChanged() {
        let (slider, log) = loggedSlider()
        slider.value = 0.4
        #expect(slider.slide(to: 0.4) == .handled)  // a whole gesture: a touch, if no move
        slider.slide(to: 7)
        slider.slide(to: 1)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 1)
        #expect(log.entries.filter { $0 == "editingEnded" }.count == 3)
    }

    @Test func slideWhileTrackingThatLeavesTheValueIsIgnored() {
        let (slider, log) = loggedSlider()
        slider.maximum = 10
        slider.value = 4
        slider.press()
        log.clear()
        #expect(slider.slide(to: 4) == .ignored(because: "the thumb is already at 4"))
        #expect(slider.slide(to: 10) == .handled)
        #expect(
            Slider.sceneDescription().input("slide", on: slider, .double(25))
                == .ignored(because: "the thumb is already at 10"))
        #expect(slider.value == 10)
        #expect(slider.isTracking)
        #expect(log.entries == ["valueChanged"])
    }

    @Test(arguments: [(0.25, 12.5), (0.0, 10.0), (1.0, 20.0), (1.5, 20.0), (-0.5, 10.0)])
    func tapAtSeeksToAFractionOfTheTrack(fraction: Double, expected: Double) {
        let slider = Slider()
        slider.minimum = 10
        slider.maximum = 20
        #expect(slider.tap(at: fraction) == .handled)
        #expect(slider.value == expected)
        #expect(!slider.isTracking)
    }

    /// A range wider than the largest double still gives values on it,
    /// not NaN.
    @Test(arguments: [(-1e308, 1e308), (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)])
    func tapAtOnARangeWiderThanTheLargestDoubleGivesFiniteValues(minimum: Double, maximum: Double) {
        for (fraction, expected) in [(0.0, minimum), (0.5, 0.0), (1.0, maximum)] {
            let slider = Slider()
            slider.minimum = minimum
            slider.maximum = maximum
            slider.value = 1
            #expect(slider.tap(at: fraction) == .handled)
            #expect(slider.value == expected, "at \(fraction)")
        }
        let slider = Slider()
        slider.minimum = minimum
        slider.maximum = maximum
        _ = slider.tap(at: 0.25)
        #expect(slider.value.isFinite && slider.value < 0 && slider.value > minimum)
    }

    @Test func tapAtIsAWholeGestureEndingInEditingEnded() {
        let (slider, log) = loggedSlider()
        slider.tap(at: 0.5)
        #expect(
            log.entries == ["interaction.began", "editingBegan", "valueChanged", "interaction.ended", "editingEnded"])
    }

    @Test func tapAtWhileTrackingIsIgnored() {
        let slider = Slider()
        slider.press()
        #expect(slider.tap(at: 0.5).isIgnored)
        #expect(slider.value == 0)
        #expect(slider.isTracking)
    }

    @Test func notANumberIsIgnored() {
        let (slider, log) = loggedSlider()
        #expect(slider.slide(to: .nan).isIgnored)
        #expect(slider.tap(at: .nan).isIgnored)
        #expect(slider.value == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func valueSetOutsideTheRangeReadsClampedWhateverTheOrderOfKeys() {
        let slider = Slider()
        slider.value = 5
        #expect(slider.value == 1)
        slider.maximum = 10
        #expect(slider.value == 5)
        slider.minimum = 6
        #expect(slider.value == 6)
        slider.value = -3
        #expect(slider.value == 6)
    }

    @Test func maximumBelowMinimumPinsTheValueToMinimum() {
        let slider = Slider()
        slider.minimum = 5
        slider.maximum = 2
        slider.value = 3
        #expect(slider.value == 5)
        slider.tap(at: 1)
        #expect(slider.value == 5)
    }

    @Test func invisibleSliderIgnoresSlideAndTapAt() {
        let (slider, log) = loggedSlider()
        slider.alpha = 0
        #expect(slider.slide(to: 0.5).isIgnored)
        #expect(slider.tap(at: 0.5).isIgnored)
        #expect(slider.press().isIgnored)
        #expect(slider.value == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func cancelEndsTrackingAndEditing() {
        let (slider, log) = loggedSlider()
        slider.press()
        slider.slide(to: 0.2)
        #expect(slider.cancel() == .handled)
        #expect(!slider.isTracking)
        #expect(slider.value == 0.2)
        #expect(log.entries.suffix(2) == ["interaction.cancelled", "editingEnded"])
    }

    @Test func slideAndTapAtInputsThroughTheDescriptionMoveTheThumb() {
        let type = Slider.sceneDescription()
        let slider = Slider()
        #expect(type.input("slide", on: slider, .double(0.8)) == .handled)
        #expect(slider.value == 0.8)
        #expect(type.input("tapAt", on: slider, .double(0.25)) == .handled)
        #expect(slider.value == 0.25)
        #expect(type.input("slide", on: slider, .int(1)) == .handled)
        #expect(slider.value == 1)
        #expect(type.input("slide", on: slider, .string("far")) == nil)
    }
}
