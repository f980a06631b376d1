// Mirrors RxSwift's Platform/DataStructures/PriorityQueue.swift.

/// A binary min-heap ordered by a caller's "comes first" relation; the virtual time
/// scheduler keeps its waiting work in one.
///
/// ``peek()`` is the element with the highest priority. ``remove(_:)`` finds an element by
/// ``isEqual`` (identity, for scheduled items) with a linear search, as in RxSwift: the
/// scheduler removes the item it just ran, which is almost always at the front.
struct PriorityQueue<Element> {
    /// Whether the first argument must come out before the second.
    private let hasHigherPriority: (Element, Element) -> Bool
    /// Whether two elements are the same element, for ``remove(_:)``.
    private let isEqual: (Element, Element) -> Bool
    /// The heap: each element has higher or equal priority than its two children at
    /// `2i + 1` and `2i + 2`.
    private var elements: [Element] = []

    init(hasHigherPriority: @escaping (Element, Element) -> Bool, isEqual: @escaping (Element, Element) -> Bool) {
        self.hasHigherPriority = hasHigherPriority
        self.isEqual = isEqual
    }

    /// Adds `element` in priority order.
    mutating func enqueue(_ element: Element) {
        elements.append(element)
        bubbleToHigherPriority(elements.count - 1)
    }

    /// The element with the highest priority, or `nil` when the queue is empty.
    func peek() -> Element? {
        elements.first
    }

    /// Whether the queue is empty.
    var isEmpty: Bool {
        elements.isEmpty
    }

    /// Removes and returns the element with the highest priority.
    mutating func dequeue() -> Element? {
        guard let front = peek() else { return nil }
        removeAt(0)
        return front
    }

    /// Removes `element` if it is in the queue.
    mutating func remove(_ element: Element) {
        guard let index = elements.firstIndex(where: { isEqual($0, element) }) else { return }
        removeAt(index)
    }

    /// Removes the element at `index` by moving the last element into its place and
    /// restoring the heap order around it.
    private mutating func removeAt(_ index: Int) {
        let lastIndex = elements.count - 1
        if index != lastIndex {
            elements.swapAt(index, lastIndex)
        }
        elements.removeLast()
        if index < elements.count {
            bubbleToHigherPriority(index)
            bubbleToLowerPriority(index)
        }
    }

    /// Moves the element at `index` up while it has higher priority than its parent.
    private mutating func bubbleToHigherPriority(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard hasHigherPriority(elements[child], elements[parent]) else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Moves the element at `index` down while a child has higher priority than it.
    private mutating func bubbleToLowerPriority(_ index: Int) {
        var parent = index
        while true {
            var highest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < elements.count {
                if hasHigherPriority(elements[child], elements[highest]) {
                    highest = child
                }
            }
            guard highest != parent else { return }
            elements.swapAt(parent, highest)
            parent = highest
        }
    }
}

extension PriorityQueue: CustomDebugStringConvertible {
    /// The heap's elements in storage order.
    var debugDescription: String {
        elements.debugDescription
    }
}
