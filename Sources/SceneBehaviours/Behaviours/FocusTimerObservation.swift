import SceneCore

extension FocusTimer {
    /// Tells the observers of each setting (`workLength`...) that changed
    /// when `settings` changed from `old`.
    func settingsDidChange(from old: Settings) {
        propertyDidChange(\.workLength, from: old.workLength, to: settings.workLength)
        propertyDidChange(\.shortBreakLength, from: old.shortBreakLength, to: settings.shortBreakLength)
        propertyDidChange(\.longBreakLength, from: old.longBreakLength, to: settings.longBreakLength)
        propertyDidChange(\.longBreakEvery, from: old.longBreakEvery, to: settings.longBreakEvery)
        propertyDidChange(\.longBreaks, from: old.longBreaks, to: settings.longBreaks)
    }
}
