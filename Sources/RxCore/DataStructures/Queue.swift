// Mirrors RxSwift's Platform/DataStructures/Queue.swift.
// Simpler than RxSwift: a head index and a count; it halves when under a quarter full and above 8
// slots (RxSwift: not below its initial capacity). It is `package` (RxSwift's is internal).

/// A first-in, first-out queue on a ring buffer that grows as needed and shrinks when mostly
/// empty: what `merge(maxConcurrent:)`, `concat`, `observe(on:)`, `delay` and `ReplaySubject`
/// keep their pending items in.
///
/// Not thread-safe; its owner guards it with its own lock.
package struct Queue<Element>: Sequence {
    private var storage: [Element?]
    /// The index of the oldest element in ``storage``.
    private var head = 0
    /// How many elements are queued.
    package private(set) var count = 0

    /// An empty queue with room for `capacity` elements before it grows.
    package init(capacity: Int) {
        storage = Array(repeating: nil, count: Swift.max(capacity, 1))
    }

    /// Whether the queue holds no element.
    package var isEmpty: Bool { count == 0 }

    /// Appends `element` after the newest one.
    package mutating func enqueue(_ element: Element) {
        if count == storage.count {
            resize(to: storage.count * 2)
        }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    /// The oldest element, left in the queue; the queue must not be empty.
    package func peek() -> Element {
        precondition(count > 0, "Can't peek an empty queue")
        return storage[head]!
    }

    /// Removes and returns the oldest element, or `nil` when the queue is empty.
    @discardableResult
    package mutating func dequeue() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        if storage.count > 8 && count < storage.count / 4 {
            resize(to: storage.count / 2)
        }
        return element
    }

    /// The elements, oldest first.
    package func makeIterator() -> AnyIterator<Element> {
        var index = 0
        return AnyIterator {
            guard index < count else { return nil }
            defer { index += 1 }
            return storage[(head + index) % storage.count]
        }
    }

    private mutating func resize(to capacity: Int) {
        var resized = [Element?](repeating: nil, count: capacity)
        for offset in 0..<count {
            resized[offset] = storage[(head + offset) % storage.count]
        }
        storage = resized
        head = 0
    }
}
