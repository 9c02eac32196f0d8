import ArgumentParser

/// How results are printed.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
