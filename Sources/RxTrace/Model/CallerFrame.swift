/// One frame of a caller address's inline chain, as a symbolizer names it: a line of source,
/// RxCore's own or the user's.
public struct CallerFrame: Codable, Equatable, Sendable {
    /// The function, as the symbolizer names it; `nil` when it could not tell.
    public var function: String?
    /// The source file's path; `nil` when the program has no symbols for the address.
    public var file: String?
    /// The line in ``file``.
    public var line: Int?

    /// A frame.
    public init(function: String?, file: String?, line: Int?) {
        self.function = function
        self.file = file
        self.line = line
    }

    /// Whether the frame names a line of source at all.
    public var isKnown: Bool {
        file != nil && (line ?? 0) > 0 && file != "<compiler-generated>"
    }

    /// Whether the frame is RxCore's or a companion library's (RxRelay, RxTesting, and the
    /// RxSwift-named `RxSwift`, `RxCocoa`, `RxTest`, `RxBlocking`), or code the compiler made:
    /// not the user's line. A path with a folder of one of those names is theirs; so is
    /// RxTrace's recorder (`Sources/RxTrace/`), whose frames open the stack an object's `init`
    /// recorded.
    public var isInsideRxCore: Bool {
        guard let file, isKnown else { return true }
        let folders = file.split(separator: "/").dropLast()
        return folders.contains { Self.libraryModules.contains(String($0)) } || file.contains("/Sources/RxTrace/")
    }

    /// The modules whose frames are never the user's: RxCore and the libraries that come with it.
    static let libraryModules: Set<String> = [
        "RxCore", "RxRelay", "RxTesting", "RxSwift", "RxCocoa", "RxTest", "RxBlocking",
    ]

    /// The frame as a build, subscribe or tag site reads it: `#fileID`-form file (the module,
    /// a slash, the file's name) and line; `nil` when the frame names no line.
    public var siteLocation: (file: String, line: Int)? {
        siteLocation(inImage: nil)
    }

    /// ``siteLocation``, for a frame of the executable or library at `imagePath`: top-level code,
    /// whose function's name holds no module, is in the executable's module. SwiftPM names its
    /// `main` after the module (`rxtrace_fixture_main`); a plain `main` is in the module the
    /// executable is named after, as SwiftPM names an executable target's module
    /// (`rxtrace-fixture`: `rxtrace_fixture`).
    func siteLocation(inImage imagePath: String?) -> (file: String, line: Int)? {
        guard isKnown, let file, let line else { return nil }
        let parts = Self.shortened(file).split(separator: "/")
        var module = moduleName ?? topLevelCodeModule
        if module == nil, function == "main" {
            module = imagePath.flatMap(Self.moduleName(ofExecutable:))
        }
        let fileID =
            module.map { "\($0)/\(parts[parts.count - 1])" }
            ?? (parts.count > 2 ? "\(parts[0])/\(parts[parts.count - 1])" : parts.joined(separator: "/"))
        return (fileID, line)
    }

    /// The module of the executable at `path`: its file's name with every character that cannot
    /// be in a Swift identifier made `_`, as SwiftPM names an executable target's module.
    static func moduleName(ofExecutable path: String) -> String? {
        guard let name = path.split(separator: "/").last, !name.contains(".") else { return nil }
        let module = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return module.first?.isNumber == true ? "_" + module : module
    }

    /// The modules of the Swift toolchain, whose functions are never the user's, even when the
    /// symbolizer names no line of them (their libraries ship without debug information).
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
        "FoundationInternationalization", "FoundationNetworking", "Dispatch", "XCTest", "Testing",
    ]

    /// Whether the file at `path` (an executable or library the caller addresses lie in) is the
    /// system's or the Swift toolchain's: the Swift runtime and standard library, Foundation,
    /// libdispatch, XCTest, the C library. Their frames are never the user's line, even when a
    /// symbolizer names their function: the runtime's release (`swift_release`, then
    /// `swift::RefCounts<…>::doDecrementSlow`) lies between a `bag = nil` and the bag's `deinit`.
    static func isSystemImage(_ path: String) -> Bool {
        let systemFolders = ["/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/libexec/"]
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let toolchainLibraries = [
            "libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libXCTest", "lib_Testing",
        ]
        return systemFolders.contains { path.hasPrefix($0) } || path.contains("/usr/lib/swift/")
            || toolchainLibraries.contains { name.hasPrefix($0) }
    }

    /// Whether the frame is in a function of the user's (named, and not RxCore's, RxRelay's,
    /// RxTesting's, the Swift toolchain's, a C++ function of the Swift runtime, or a witness
    /// thunk) at a line the debug information does not name: code the compiler placed at the
    /// end of a scope, such as a local's release.
    var isUserFunctionWithoutLine: Bool {
        guard !isKnown, let function else { return false }
        let name = Self.withoutCompilerWrapping(function.hasPrefix("$s") ? Symbolizer.demangled(function) : function)
        // `static RxCore.CallerAddresses.capture()`: the qualified name is the last word
        // before the arguments.
        let head = name.prefix { $0 != "(" }
        let qualified = head.split(separator: " ").last.map(String.init) ?? ""
        let isThunk =
            head.hasPrefix("protocol witness") || head.contains("thunk") || head.hasPrefix("merged ")
            || head.contains("closure #") || head.hasPrefix("partial apply")
        let isLibrary = (Self.libraryModules.union(Self.toolchainModules).map { "\($0)." } + ["RxTrace."]).contains {
            qualified.hasPrefix($0)
        }
        // `bool swift::RefCounts<…>::doDecrementSlow<…>(…)`: a C++ name, the runtime's.
        let isCPlusPlus = name.contains("::")
        return !qualified.isEmpty && qualified != "??" && !isThunk && !isLibrary && !isCPlusPlus
            && !qualified.hasPrefix("swift_") && !qualified.hasPrefix("_") && !qualified.hasPrefix("$")
    }

    /// The function a demangled name names, without what the compiler wrapped it in: an
    /// optimized build names RxCore's `map` it specialized and inlined into the user's code
    /// `generic specialization <…> of (extension in RxCore):RxCore.ObservableType.map<A>(…)`,
    /// which is `RxCore.ObservableType.map<A>(…)`, RxCore's, not a function of the user's (and
    /// its `just`, `generic specialization <…> of static (extension in RxCore):…`).
    static func withoutCompilerWrapping(_ name: String) -> Substring {
        var rest = name[...]
        while true {
            if let of = rest.range(of: "specialization <"),
                rest[..<of.lowerBound].allSatisfy({ $0.isLetter || $0 == " " })
            {
                // Past the specialization's balanced `<…>` and the ` of ` after it.
                var depth = 0
                var index = rest.index(before: of.upperBound)
                while index < rest.endIndex {
                    if rest[index] == "<" { depth += 1 }
                    if rest[index] == ">" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index = rest.index(after: index)
                }
                guard index < rest.endIndex, rest[rest.index(after: index)...].hasPrefix(" of ") else { return rest }
                rest = rest[rest.index(index, offsetBy: 5)...]
            } else if rest.hasPrefix("specialized ") {
                rest = rest.dropFirst("specialized ".count)
            } else if rest.hasPrefix("static (extension in ") {
                rest = rest.dropFirst("static ".count)
            } else if rest.hasPrefix("(extension in "), let close = rest.range(of: "):") {
                rest = rest[close.upperBound...]
            } else {
                return rest
            }
        }
    }

    /// `App/Login.swift:4`, as `#fileID` says it and as every build and subscribe site reads:
    /// the module of the frame's function and the file's name; for a function with no module
    /// in its name (top-level code, `main`), the path from the folder below `Sources/` or
    /// `Tests/` on, else the file's name. The same on every machine.
    public var location: String {
        guard let file else {
            // A user function whose line the debug information leaves out: a release at the
            // end of a scope, as a local bag's is.
            if let function {
                return "the end of a scope in \(BagHold.shortFunctionName(Symbolizer.demangled(function)))"
            }
            return "an unknown line"
        }
        if let module = moduleName ?? topLevelCodeModule, let name = file.split(separator: "/").last {
            return "\(module)/\(name):\(line ?? 0)"
        }
        return "\(Self.shortened(file)):\(line ?? 0)"
    }

    /// The module of the frame's function: `RxExamples` for `RxExamples.OnceExample.run(…)`
    /// and for `closure #1 (Swift.Int) -> () in RxExamples.OnceExample.run(…)`; `nil` for a
    /// name without one (`main`).
    var moduleName: String? {
        guard let function else { return nil }
        let name = function.hasPrefix("$s") ? Symbolizer.demangled(function) : function
        // The function a closure or thunk is in comes after its last ` in ` (not an
        // `(extension in App):`'s), without what the compiler wrapped it in.
        let separator = name.ranges(of: " in ").last { !name[..<$0.lowerBound].hasSuffix("(extension") }
        let owner = Self.withoutCompilerWrapping(String(separator.map { name[$0.upperBound...] } ?? name[...]))
        let head = owner.prefix { $0 != "(" && $0 != " " && $0 != "<" }
        guard let dot = head.firstIndex(of: "."), dot > head.startIndex else { return nil }
        let module = head[..<dot]
        guard let first = module.first, first.isLetter || first == "_",
            module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(module)
    }

    /// The module of top-level code in a `main.swift`, whose function SwiftPM names after the
    /// module (`rxtrace_fixture_main`); `nil` for any other function.
    private var topLevelCodeModule: String? {
        guard let function, function.hasSuffix("_main"), !function.hasPrefix("$") else { return nil }
        return String(function.dropLast("_main".count))
    }

    /// `App/main.swift` for `/src/Sources/App/main.swift`: the path from the folder below
    /// `Sources/` or `Tests/` on, else the file's name.
    static func shortened(_ file: String) -> String {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        if let root = parts.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), root + 1 < parts.count - 1 {
            return parts[(root + 1)...].joined(separator: "/")
        }
        return String(parts.last ?? Substring(file))
    }
}

/// What a trace says about the user's line behind an entry point's call.
public enum CallerLine: Equatable, Sendable {
    /// The user's line: the first frame outside RxCore and outside the system's libraries.
    case line(CallerFrame)
    /// The call's step captures no caller, or the trace predates schema 6.
    case notCaptured
    /// Addresses were captured but name no user line; the text says why ("the program has no
    /// symbols").
    case unresolved(String)

    /// The user's frame among the inline chains of a stack's addresses (innermost first), or
    /// why there is none. `images` holds the file each address lies in, in the same order
    /// (`nil` where unknown; empty when no file is known): the frames of the system's and the
    /// Swift toolchain's libraries (``CallerFrame/isSystemImage(_:)``) are skipped first, as
    /// RxCore's are.
    static func find(in chains: [[CallerFrame]], images: [String?] = []) -> CallerLine {
        let frames = chains.joined()
        let userCode = chains.indices.lazy.filter { index in
            guard index < images.count, let image = images[index] else { return true }
            return !CallerFrame.isSystemImage(image)
        }.flatMap { chains[$0] }
        if let user = userCode.first(where: { !$0.isInsideRxCore || $0.isUserFunctionWithoutLine }) {
            return .line(user.isKnown ? user : CallerFrame(function: user.function, file: nil, line: nil))
        }
        if frames.contains(where: \.isKnown) { return .unresolved("every captured frame lies inside RxCore") }
        return .unresolved("the program has no symbols")
    }
}
