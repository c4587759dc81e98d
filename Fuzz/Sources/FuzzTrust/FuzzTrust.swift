#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FuzzSupport
import ZappModel
import ZappPlugins

/// The trust file parser (`TrustStore.parse`) and the trust digest (`AppCommands`, `SHA256`) on
/// arbitrary bytes. Invariants: a file is accepted only with absolute paths and 64-digit
/// lowercase hexadecimal digests, and what is accepted is written and parsed again to the same
/// records; a refusal names the file. Read as a plugin list, the app's commands give a digest of
/// 64 digits, the same twice, and a different one when any command gets one more argument.
/// SHA-256 fed in two pieces equals SHA-256 fed at once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrust(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    let data = Data(UnsafeRawBufferPointer(start: bytes, count: size))
    do {
        let records = try TrustStore.parse(data, file: "trusted-apps.json")
        for record in records {
            Invariant.require(record.path.hasPrefix("/"), "an accepted record has a relative path: \(record.path)")
            Invariant.require(record.digest.utf8.count == 64, "an accepted digest is not 64 digits: \(record.digest)")
        }
        let again = try? TrustStore.parse(Data(TrustStore.text(records).utf8), file: "again")
        Invariant.require(again == records, "the records written do not parse to themselves")
    } catch {
        Invariant.require(error.message.hasPrefix("trusted-apps.json "), "a refusal does not name the file: \(error.message)")
    }

    if let app = AppLoader.load(river: FixtureApp.river, plugins: data).app {
        let commands = AppCommands(app: app, path: "/nonexistent")
        let digest = commands.digest
        Invariant.require(digest.utf8.count == 64, "a digest is not 64 digits")
        Invariant.require(AppCommands(app: app, path: "/nonexistent").digest == digest, "the same commands gave two digests")
        for index in commands.commands.indices {
            var changed = commands
            changed.commands[index].argv.append("")
            Invariant.require(changed.digest != digest, "one more argument left the digest unchanged")
        }
    }

    let bytesArray = [UInt8](data)
    var pieces = SHA256()
    pieces.update(bytesArray.prefix(bytesArray.count / 3))
    pieces.update(bytesArray.dropFirst(bytesArray.count / 3))
    Invariant.require(pieces.hexDigest() == SHA256.hex(bytesArray), "SHA-256 in two pieces differs from at once")
    return 0
}
