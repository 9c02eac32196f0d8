import SceneBehaviours
import SceneCore
import Testing

@Suite struct AlertPresenterTests {
    @Test func registersItsReadOnlyStateAndDismiss() {
        let type = AlertPresenter.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "presented: Bool (read-only)", "title: String (read-only)", "message: String (read-only)",
                        "buttonTitle: String (read-only)",
                    ],
                    actions: ["dismiss"], inputs: ["dismiss"]))
        #expect(
            type.defaultValues() == [
                "presented": .bool(false), "title": .string(""), "message": .string(""), "buttonTitle": .string(""),
            ])
    }

    @Test func presentShowsAnErrorTitledAlertWithTheMessageAndAClose() {
        let alert = AlertPresenter()
        alert.present(message: "Invalid password")
        #expect(alert.isPresented)
        #expect(alert.title == "Error")
        #expect(alert.message == "Invalid password")
        #expect(alert.buttonTitle == "Close")
    }

    @Test func presentingAgainReplacesTheMessage() {
        let alert = AlertPresenter()
        alert.present(message: "Invalid password")
        alert.present(message: "Something went wrong.")
        #expect(alert.isPresented)
        #expect(alert.message == "Something went wrong.")
    }

    @Test func dismissTakesTheAlertAwayAndClearsItsText() {
        let alert = AlertPresenter()
        alert.present(message: "Invalid user name")
        #expect(alert.dismiss() == .handled)
        #expect(!alert.isPresented)
        #expect(alert.title == "")
        #expect(alert.message == "")
        #expect(alert.buttonTitle == "")
    }

    @Test func theDismissInputIsIgnoredWhenNothingIsPresented() throws {
        let type = AlertPresenter.sceneDescription()
        let alert = AlertPresenter()
        let input = try #require(type.inputs["dismiss"])
        #expect(input.deliver(to: alert)?.isIgnored == true)
        alert.present(message: "Invalid password")
        #expect(input.deliver(to: alert) == .handled)
        #expect(!alert.isPresented)
        #expect(type.action("dismiss", on: alert) == .ignored(because: "no alert is presented"))
    }
}
