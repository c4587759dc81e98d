#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes libFuzzer hands a target, as the `Data` the program's readers take.
public enum FuzzInput {
    public static func data(_ bytes: UnsafeRawPointer, _ size: Int) -> Data {
        Data(bytes: bytes, count: size)
    }
}
