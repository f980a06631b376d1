import Foundation
@testable import RxTrace
import XCTest

/// The files mapped into the process, which turn a caller address into a file and an offset
/// for the symbolizer.
final class LoadedImagesTests: XCTestCase {
    func testAnAddressInTheCLibrary_liesInItsFile_evenWhenTheMapsAreLongerThanAPage() throws {
        // Anonymous mappings with alternating protections stay separate lines of the maps.
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var regions: [UnsafeMutableRawPointer] = []
        defer { regions.forEach { munmap($0, 2 * pageSize) } }
        for _ in 0..<200 {
            let region = try XCTUnwrap(mmap(nil, 2 * pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            XCTAssertNotEqual(region, MAP_FAILED)
            mprotect(region, pageSize, PROT_READ | PROT_WRITE)
            regions.append(region)
        }
        let maps = try XCTUnwrap(LoadedImages.readWholeFile("/proc/self/maps"))
        XCTAssertGreaterThan(maps.utf8.count, 2 * pageSize, "the maps should outgrow a page for this test")
        XCTAssertTrue(maps.hasSuffix("\n"), "the maps end with a whole line")
        let getpid = try address(of: "getpid", in: "libc.so.6")

        var images = LoadedImages()
        let image = try XCTUnwrap(images.image(containing: getpid), "no file holds the C library's getpid")

        XCTAssertTrue(image.path.hasSuffix("/libc.so.6"), image.path)
    }

    func testTheFilesOfTheSwiftRuntimeAndTheCLibrary_areSystemImages_andTheTestBundleIsNot() throws {
        var images = LoadedImages()
        let runtime = try XCTUnwrap(images.image(containing: address(of: "swift_release", in: "libswiftCore.so")))
        let libc = try XCTUnwrap(images.image(containing: address(of: "getpid", in: "libc.so.6")))
        // A C function pointer to a closure of this file: code of the test bundle.
        let testFunction: @convention(c) () -> Void = {}
        let bundle = try XCTUnwrap(images.image(containing: unsafeBitCast(testFunction, to: UInt.self)))

        XCTAssertTrue(CallerFrame.isSystemImage(runtime.path), runtime.path)
        XCTAssertTrue(CallerFrame.isSystemImage(libc.path), libc.path)
        XCTAssertFalse(CallerFrame.isSystemImage(bundle.path), bundle.path)
    }

    /// The address of C symbol `symbol` of the loaded library `library`.
    private func address(of symbol: String, in library: String) throws -> UInt {
        let handle = try XCTUnwrap(dlopen(library, RTLD_LAZY | RTLD_NOLOAD), "\(library) is not loaded")
        defer { dlclose(handle) }
        return UInt(bitPattern: try XCTUnwrap(dlsym(handle, symbol), "\(library) has no \(symbol)"))
    }
}
