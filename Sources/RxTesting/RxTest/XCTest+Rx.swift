// Mirrors RxSwift's RxTest/XCTest+Rx.swift.
// Deviation from RxSwift: the `file` default is `#filePath` (RxSwift: `#file`, which Swift 6
// turns into `#fileID`), so XCTest reports a failure at the test's own file on Linux too;
// RxSwift drops `file`/`line` on Linux.

import RxCore
import XCTest

/// Asserts that two lists of events are equal, printing the differing positions when not.
///
/// Events are equal when they are the same case with equal elements; errors are equal when
/// their descriptions are.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>], _ rhs: [Event<T>], file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of ``SingleEvent``s are equal, printing the differing positions
/// when not.
///
/// Events are equal when they are the same case with equal elements; errors are equal when
/// their descriptions are.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, by: equals, file: file, line: line)
}

/// Asserts that two lists of ``MaybeEvent``s are equal, printing the differing positions
/// when not.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of ``CompletableEvent``s are equal, printing the differing positions
/// when not.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of recorded events are equal: same virtual times and equal events.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of recorded events of optional elements are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T?>>], _ rhs: [Recorded<Event<T?>>], file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, file: file, line: line)
}

/// Asserts that `stream` holds only `next` events, and that their elements are `elements`;
/// times are ignored.
public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #filePath, line: UInt = #line
) {
    if let stopEvent = stream.first(where: { $0.value.isStopEvent }) {
        XCTFail("A non-next stop event has been emitted: \(stopEvent)", file: file, line: line)
        return
    }
    let streamElements = stream.compactMap { $0.value.element }
    assertSequencesEqual(streamElements, elements, file: file, line: line)
}

/// Fails with XCTest's usual message when the lists differ, then prints each differing
/// position, as RxTest does.
private func assertSequencesEqual<Element: Equatable>(
    _ lhs: [Element], _ rhs: [Element], file: StaticString, line: UInt
) {
    XCTAssertEqual(lhs, rhs, file: file, line: line)
    if lhs != rhs {
        printSequenceDifferences(lhs, rhs, ==)
    }
}

/// Fails with XCTest's usual message when the lists differ by `equal`, then prints each
/// differing position; for elements that are not `Equatable` (``SingleEvent``).
private func assertSequencesEqual<Element>(
    _ lhs: [Element], _ rhs: [Element], by equal: (Element, Element) -> Bool, file: StaticString, line: UInt
) {
    guard lhs.count != rhs.count || !zip(lhs, rhs).allSatisfy(equal) else { return }
    XCTFail("XCTAssertEqual failed: (\"\(lhs)\") is not equal to (\"\(rhs)\")", file: file, line: line)
    printSequenceDifferences(lhs, rhs, equal)
}

/// Prints `lhs[i]` and `rhs[i]` for every position where they differ or only one has an
/// element.
func printSequenceDifferences<Element>(_ lhs: [Element], _ rhs: [Element], _ equal: (Element, Element) -> Bool) {
    print("Differences:")
    for (index, (left, right)) in zip(lhs, rhs).enumerated() where !equal(left, right) {
        print("lhs[\(index)]:\n    \(left)")
        print("rhs[\(index)]:\n    \(right)")
    }
    let shortest = min(lhs.count, rhs.count)
    for (index, element) in lhs[shortest...].enumerated() {
        print("lhs[\(index + shortest)]:\n    \(element)")
    }
    for (index, element) in rhs[shortest...].enumerated() {
        print("rhs[\(index + shortest)]:\n    \(element)")
    }
}
