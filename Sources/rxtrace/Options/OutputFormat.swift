import ArgumentParser

/// How a report or a query result is printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// For people: trees and tables.
    case text
    /// For scripts.
    case json
}
