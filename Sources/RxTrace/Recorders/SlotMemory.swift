import Glibc

/// The memory of a ``RecordRing``'s slots: mapped on a page boundary, on a huge page's when it
/// is that large (asking the kernel for transparent huge pages), and touched once when mapped.
///
/// So the producers never take a page fault in the ring's first lap (one per 4 KiB page, that is
/// per 32 records, with memory from `malloc`, whose pages the kernel gives on first write), and a
/// 4 MiB ring costs two TLB entries instead of a thousand. The cost moves to the start of a
/// recording (a few ms at most), which is not the program's hot path.
struct SlotMemory {
    /// A huge page's size on x86-64 and on AArch64 with 4 KiB pages.
    private static let hugePageSize = 2 << 20

    /// The first slot's address.
    let base: UnsafeMutableRawPointer
    /// The mapping `base` lies in, and its length: what ``unmap()`` gives back.
    private let mapping: UnsafeMutableRawPointer
    private let length: Int

    /// Maps and touches `byteCount` bytes.
    init(byteCount: Int) {
        let alignment = byteCount >= Self.hugePageSize ? Self.hugePageSize : Int(getpagesize())
        length = byteCount + alignment
        let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else {
            preconditionFailure("RxTrace could not map \(byteCount) bytes for its record ring (errno \(errno))")
        }
        mapping = mapped
        let address = (Int(bitPattern: mapped) + alignment - 1) & ~(alignment - 1)
        base = UnsafeMutableRawPointer(bitPattern: address)!
        if alignment == Self.hugePageSize {
            // Advice only: where the kernel gives no huge pages, 4 KiB pages serve the same.
            _ = madvise(base, byteCount, MADV_HUGEPAGE)
        }
        memset(base, 0, byteCount)
    }

    /// Gives the memory back.
    func unmap() {
        munmap(mapping, length)
    }
}
