#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FuzzSupport
import ZappModel

/// A theme file as `--theme` reads it: the project's JSON parser, then the theme's decoding
/// and checks. Invariants: it never crashes; a refusal is one line naming the file; an
/// accepted theme encodes and decodes back to an equal theme.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    let theme: Theme
    do {
        theme = try Theme.decode(data, file: "fuzz.json")
    } catch {
        let message = "\(error)"
        Invariant.require(message.contains("fuzz.json"), "a refusal does not name the file: \(message)")
        return 0
    }
    do {
        let again = try Theme.decode(JSONEncoder().encode(theme), file: "fuzz.json")
        Invariant.require(again == theme, "an encoded theme decodes to a different theme: \(theme)")
    } catch {
        Invariant.require(false, "an encoded theme does not decode: \(error)")
    }
    return 0
}
