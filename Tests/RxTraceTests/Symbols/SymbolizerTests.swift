import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The symbolizer a finished recording runs for its callers' lines: several files in one run of
/// `llvm-symbolizer` name the same lines as one run per file.
final class SymbolizerTests: XCTestCase {
    func testSeveralFilesInOneRun_nameTheSameFramesAsOneRunPerFile() throws {
        let symbolizer = try XCTUnwrap(Symbolizer.find(), "no llvm-symbolizer or addr2line on PATH")
        // On a thread of its own, the stack is short: this bundle's code, then the C library's
        // thread start.
        var images = LoadedImages()
        var requests: [String: [UInt]] = [:]
        for address in Self.returnAddressesOnANewThread() {
            guard let image = images.image(containing: address) else { continue }
            requests[image.path, default: []].append(address - image.loadAddress)
        }
        let asked = requests.sorted { $0.key < $1.key }.map { (image: $0.key, addresses: $0.value) }
        XCTAssertGreaterThan(asked.count, 1, "the stack should span at least two files: \(asked.map(\.image))")

        let together = try symbolizer.symbolize(asked)
        let oneByOne = try asked.map { try symbolizer.symbolize($0.addresses, in: $0.image) }

        XCTAssertEqual(together.count, asked.count)
        for (index, request) in asked.enumerated() {
            let answer = try XCTUnwrap(together[index], "no answer for \(request.image)")
            XCTAssertEqual(
                request.addresses.map { answer[$0] }, request.addresses.map { oneByOne[index][$0] },
                "\(request.image): one run for all files and one run for this file disagree"
            )
            XCTAssertTrue(answer.values.contains { $0.first?.function != nil }, "\(request.image): nothing named")
        }
    }

    /// The return addresses captured at the start of a new `pthread`.
    private static func returnAddressesOnANewThread() -> [UInt] {
        let captured = UnsafeMutablePointer<CallerAddresses>.allocate(capacity: 1)
        captured.initialize(to: CallerAddresses())
        defer { captured.deallocate() }
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { context in
                context!.assumingMemoryBound(to: CallerAddresses.self).pointee = CallerAddresses.capture()
                return nil
            }, captured)
        pthread_join(thread, nil)
        return captured.pointee.addresses
    }
}
