import RxCore

/// Seed 000, section "4.6. （余談） Bag の実装": a subject keeps its observers in a `Bag`, which
/// hands out a key per insertion, in insertion order (`&+ 1`), and removes by key. A
/// `PublishSubject` with three observers shows `Bag.insert` in each subscription's flow, each
/// `onNext` delivering to the bag's observers in order, and a disposal removing one by its key.
/// The same three handlers put into a `Bag` of the example's own print the keys it issues.
public struct BagExample: TracedExample {
    public init() {}
    public var name: String { "bag" }
    public var seed: String { "000" }
    public var summary: String { "a PublishSubject's three observers in its Bag: keys in insertion order, removal by key" }

    public func run(_ output: ExampleOutput) {
        let subject = PublishSubject<Int>()
        let a = subject.subscribe(onNext: { output.print("a got \($0)") })
        let b = subject.subscribe(onNext: { output.print("b got \($0)") })
        let c = subject.subscribe(onNext: { output.print("c got \($0)") })
        subject.onNext(1)
        b.dispose()
        subject.onNext(2)
        a.dispose()
        c.dispose()

        var bag = Bag<(Int) -> Void>()
        let keys = ["a", "b", "c"].map { name in
            bag.insert { output.print("\(name) handled \($0)") }
        }
        for key in keys {
            output.print("key \(key)")
        }
        bag.removeKey(keys[1])
        bag.forEach { $0(3) }
    }
}

// Kept below `run`, so that adding it moved none of the lines the trace names.
extension BagExample {
    public var whatToNotice: String {
        "Step through the three subscribes and watch Bag.insert hand out keys in order; at each onNext the subject walks its bag in that order. When one subscription is disposed, its key is removed and the alive-objects panel shows the subject with one subscriber fewer."
    }
}
