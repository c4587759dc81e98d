#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FuzzSupport
import ZappCore
import ZappModel
import ZappPlugins

/// The trust file parser (`TrustStore.parse`) and the trust digest (`AppCommands`, `SHA256`) on
/// arbitrary bytes. Invariants: a file is accepted only with absolute paths and 64-digit
/// lowercase hexadecimal digests, and what is accepted is written and parsed again to the same
/// records; a refusal names the file. Read as a plugin list, the app's commands give a digest of
/// 64 digits, the same twice, and a different one when any command gets one more argument.
/// SHA-256 fed in two pieces equals SHA-256 fed at once. The bytes also make a small app folder
/// (`fuzzFolder`): its digest (`AppFolderContents`) is the same twice and the same for its private
/// copy, and changes when one byte of a file does. A listed name never keeps a control character.
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
        let digest = commands.digest(folder: nil)
        Invariant.require(digest.utf8.count == 64, "a digest is not 64 digits")
        Invariant.require(AppCommands(app: app, path: "/nonexistent").digest(folder: nil) == digest, "the same commands gave two digests")
        for index in commands.commands.indices {
            var changed = commands
            changed.commands[index].argv.append("")
            Invariant.require(changed.digest(folder: nil) != digest, "one more argument left the digest unchanged")
        }
    }
    fuzzFolder([UInt8](data))
    let shown = TrustListingText.shown([UInt8](data))
    Invariant.require(!shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a listed name keeps a control character")

    let bytesArray = [UInt8](data)
    var pieces = SHA256()
    pieces.update(bytesArray.prefix(bytesArray.count / 3))
    pieces.update(bytesArray.dropFirst(bytesArray.count / 3))
    Invariant.require(pieces.hexDigest() == SHA256.hex(bytesArray), "SHA-256 in two pieces differs from at once")
    return 0
}

/// Builds a folder from `bytes` (records split at 0: a kind byte, up to 8 name bytes, the rest
/// the content; at most 8 entries) and checks the folder digest's invariants on it.
private func fuzzFolder(_ bytes: [UInt8]) {
    guard let root = try? AppSnapshot.make(), let copy = try? AppSnapshot.make() else { return }
    var files: [String] = []
    var folders = [""]
    for record in bytes.split(separator: 0, omittingEmptySubsequences: true).prefix(8) {
        let kind = record.first ?? 0
        let name = String(decoding: record.dropFirst().prefix(8).map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
        guard !name.isEmpty, name != ".", name != ".." else { continue }
        let path = FileSystem.path(name, in: folders[Int(kind) % folders.count].isEmpty ? root.folder.path : FileSystem.path(folders[Int(kind) % folders.count], in: root.folder.path))
        let relative = String(path.dropFirst(root.folder.path.count + 1))
        switch kind % 3 {
        case 0: if (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)) != nil { folders.append(relative) }
        case 1: if FileManager.default.createFile(atPath: path, contents: Data(record.dropFirst(9))) { files.append(path) }
        default: try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: files.last ?? root.folder.path)
        }
    }
    guard let real = FileSystem.resolvedPath(root.folder.path), let contents = try? AppFolderContents.read(folder: real) else { return }
    let digest = AppCommands(commands: []).digest(folder: contents)
    Invariant.require((try? AppFolderContents.read(folder: real)) == contents, "the same folder read twice differs")
    guard let copied = try? AppFolderContents.read(folder: real, copyingInto: copy.folder.path),
        let again = try? AppFolderContents.read(folder: FileSystem.resolvedPath(copy.folder.path) ?? copy.folder.path)
    else {
        Invariant.require(false, "a folder read once could not be copied or its copy read")
        return
    }
    Invariant.require(copied == contents && again == contents, "the private copy differs from the folder")
    if let file = files.first, var data = FileManager.default.contents(atPath: file) {
        data.append(1)
        FileManager.default.createFile(atPath: file, contents: data)
        let changed = (try? AppFolderContents.read(folder: real)).map { AppCommands(commands: []).digest(folder: $0) }
        Invariant.require(changed != digest, "a changed file left the folder digest unchanged")
    }
}
