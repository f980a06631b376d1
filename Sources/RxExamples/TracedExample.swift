/// A walkthrough from one of the seed articles, as a program whose trace shows the path the
/// article describes.
///
/// `rxtrace run NAME` records ``run(_:)`` into `traces/NAME.sqlite`, and the tests check that
/// the report of a fresh recording equals the committed `traces/NAME.txt`.
public protocol TracedExample: Sendable {
    /// The example's name on the command line, in kebab-case: `publish-subject`.
    var name: String { get }
    /// The seed article it comes from: `000` … `004` (see `shared/seeds/README.md`).
    var seed: String { get }
    /// What it shows, in one sentence: the lesson the index and the page give.
    var summary: String { get }
    /// What to notice while stepping through its page, in a few sentences.
    var whatToNotice: String { get }
    /// Whether its report is meant to find a leak (`subject-never-completes`, `relay-without-bag`).
    var isLeakExpected: Bool { get }

    /// Runs the walkthrough, writing what its subscribers receive to `output`.
    func run(_ output: ExampleOutput)
}

extension TracedExample {
    public var isLeakExpected: Bool { false }
}
