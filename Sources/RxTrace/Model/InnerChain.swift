/// The objects of an inner subscription that an operator of a chain made (`flatMap`,
/// `flatMapLatest` subscribing the observable its closure returned): drawn under that operator
/// in a leak's chain, not as if they fed the next element.
public struct InnerChain: Codable, Equatable, Sendable {
    /// The operator's place in ``OpenSubscription/chain`` (from 0).
    public var operatorIndex: Int
    /// Its elements, source first, each with where user code built it:
    /// `PublishSubject<Int> #4`, `Map<Int, Int> #7 (map at App/Search.swift:12)`.
    public var elements: [String]

    /// The inner subscription's `elements` under the chain's element `operatorIndex`.
    public init(operatorIndex: Int, elements: [String]) {
        self.operatorIndex = operatorIndex
        self.elements = elements
    }
}
