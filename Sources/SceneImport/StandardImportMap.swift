extension ImportMap {
    /// The map every import starts from: UIKit's classes to the standard
    /// types, their control events to the types' events, and the seeds'
    /// original names (ShakeAnimationImp, AuthFormBehaviour's outlets and
    /// `submitForm`, TimeoutController's `interactionProviders`) to this
    /// project's. Written in the map file's own format, which docs/Import.md
    /// shows whole; a test reads it.
    package static let standardText = """
        classes:
          UIView: View
          UILabel: Label
          UIButton:
            type: Button
            events: { touchUpInside: tap, primaryActionTriggered: tap, touchCancel: touchCancel }
          UISlider:
            type: Slider
            events: { touchDown: editingBegan, touchUpInside: editingEnded, touchUpOutside: editingEnded }
          UITextField:
            type: TextField
            events:
              editingDidBegin: editingBegan
              editingDidEnd: editingEnded
              editingDidEndOnExit: returnKey
              primaryActionTriggered: returnKey
          UISwitch: Switch
          UIStepper: Stepper
          UIProgressView: ProgressView
          UIImageView: ImageView
          UIActivityIndicatorView: ActivityIndicator
          UISegmentedControl: SegmentedControl
          UIPageControl: PageIndicator
          UITableView: TableView
          UINavigationBar: NavigationBar
          UIBarButtonItem:
            type: Button
            events: { primaryActionTriggered: tap }
          UITabBar: TabBar
          UIStackView: View
          UITapGestureRecognizer: TapGesture
          UIPanGestureRecognizer:
            type: PanGesture
            events: { recognized: ended }
          ShakeAnimationImp: ShakeAnimation
          TimeoutController:
            outlets: { interactionProviders: providers }
          FormBehaviour:
            outlets: { formFields: fields }
            actions: { submitForm: submit, cancelForm: cancel }
          AuthFormBehaviour:
            outlets: { formFields: fields, userNameInput: username, passwordInput: password }
            actions: { submitForm: submit, cancelForm: cancel }
        """

    /// ``standardText``, read.
    package static let standard: ImportMap = (try? read(Array(standardText.utf8))) ?? ImportMap()
}
