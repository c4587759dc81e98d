#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FuzzSupport
import ZappModel

/// A theme file as `--theme` reads it: the project's JSON parser, then the theme's decoding
/// and checks. Invariants: it never crashes; a refusal names the file, each of its problems on
/// one line; an accepted theme decodes the same again (decoding depends on the bytes alone).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = FuzzInput.data(bytes, size)
    let theme: Theme
    do {
        theme = try Theme.decode(data, file: "fuzz.json")
    } catch {
        let message = "\(error)"
        Invariant.require(message.contains("fuzz.json"), "a refusal does not name the file: \(message)")
        for line in message.split(separator: "\n") {
            Invariant.require(line.contains("fuzz.json"), "a problem's line does not name the file: \(line)")
        }
        return 0
    }
    let again = try? Theme.decode(data, file: "fuzz.json")
    Invariant.require(again == theme, "the same theme file decodes to a different theme: \(theme)")
    return 0
}
