import Foundation
import RxCore
import XCTest

/// A user's own view-like class: counts how often its text was set.
private final class Label: ReactiveCompatible {
    var text: String? {
        didSet { setCount += 1 }
    }
    private(set) var setCount = 0
}

/// A value type with reactive extensions.
private struct Point: ReactiveCompatible {
    var x: Int
}

/// An `NSObject` subclass: reactive without declaring it, as in RxSwift.
private final class Model: NSObject {
    var title = ""
}

extension Reactive where Base: Label {
    /// A binder of the user's own, sending the text upper-cased.
    fileprivate var shout: Binder<String> {
        Binder(base, scheduler: CurrentThreadScheduler.instance) { label, text in
            label.text = text.uppercased()
        }
    }

    /// A static member reached through `Label.rx`.
    fileprivate static var name: String { "Label.rx" }
}

extension Reactive where Base == Point {
    fileprivate var doubledX: Int { base.x * 2 }
}

final class ReactiveTests: RxCoreTestCase {
    func testReactive_BaseIsTheExtendedValue() {
        let label = Label()

        XCTAssertTrue(label.rx.base === label)
        XCTAssertTrue(Reactive(label).base === label)
        XCTAssertEqual(Point(x: 3).rx.doubledX, 6)
    }

    func testReactive_StaticRxIsTheReactiveTypeOfTheBase() {
        XCTAssertTrue(Label.rx == Reactive<Label>.self)
        XCTAssertEqual(Label.rx.name, "Label.rx")
    }

    func testReactive_AnExtensionBinderBindsThroughItsBase() {
        let label = Label()

        let binding = Observable.of("hi", "there").bind(to: label.rx.shout)

        XCTAssertEqual(label.text, "THERE")
        XCTAssertEqual(label.setCount, 2)
        binding.dispose()
    }

    func testReactive_EveryWritablePropertyOfAClassIsABinder() {
        let label = Label()

        // `text` is `String?`: the optional form of `bind(to:)` wraps each element.
        let binding = Observable.of("a", "b").bind(to: label.rx.text)

        XCTAssertEqual(label.text, "b")
        XCTAssertEqual(label.setCount, 2)
        binding.dispose()
    }

    func testReactive_APropertyBinderDoesNotRetainTheBase() {
        var label: Label? = Label()
        weak let released = label
        let subject = PublishSubject<String?>()
        let binding = subject.bind(to: label!.rx.text)

        label = nil
        subject.onNext("late")

        XCTAssertNil(released)
        binding.dispose()
    }

    func testReactive_NSObjectSubclassesAreReactiveCompatible() {
        let model = Model()

        let binding = Observable.just("title").bind(to: model.rx.title)

        XCTAssertEqual(model.title, "title")
        binding.dispose()
    }

    func testReactive_TheRxSetterLeavesTheBaseAsItWas() {
        var point = Point(x: 1)

        point.rx = Reactive(Point(x: 5))

        XCTAssertEqual(point.x, 1)
    }
}
