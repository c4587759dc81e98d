#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ZappCore
import ZappModel

/// The apps whose commands the user trusted (`zapp-shell trust`), kept in
/// `trusted-apps.json` in the state directory: for each, the app folder's real path and the
/// digest of its commands and of everything in its folder (`AppCommands.digest(folder:)`). The file is written with mode 0600, to a
/// temporary file renamed over it, so a reader never sees half of it. A file that cannot be read
/// or parsed is reported and trusts nothing; it is never taken as trusting anything.
public struct TrustStore: Sendable {
    /// One trusted app.
    public struct Record: Sendable, Hashable {
        /// The app folder's real path (symbolic links resolved).
        public var path: String
        /// `AppCommands.digest(folder:)` when it was trusted.
        public var digest: String
        /// How many commands it had.
        public var commandCount: Int

        public init(path: String, digest: String, commandCount: Int) {
            self.path = path
            self.digest = digest
            self.commandCount = commandCount
        }
    }

    /// The file's name in the state directory.
    public static let fileName = "trusted-apps.json"

    public let fileURL: URL

    public init(stateDirectory: URL) {
        fileURL = stateDirectory.appendingPathComponent(Self.fileName)
    }

    /// The trusted apps; none when the file does not exist.
    /// - Throws: `TrustStoreError` naming the file and what is wrong with it, also when the file
    ///   or its folder is not the user's alone (`checkOwnership`).
    public func records() throws(TrustStoreError) -> [Record] {
        try checkOwnership()
        switch FileSystem.contents(atPath: fileURL.path, followingLinks: false) {
        case .success(let data): return try Self.parse(data, file: fileURL.path)
        case .failure(let error) where error.problem == .missing: return []
        case .failure(let error):
            throw TrustStoreError(message: "cannot read \(fileURL.path): \(error.reason)")
        }
    }

    /// As ssh does with its keys: the trust file and its folder must be owned by the user (or
    /// root) and writable by no one else, or nothing in them is believed, nor written.
    public func checkOwnership() throws(TrustStoreError) {
        for path in [fileURL.deletingLastPathComponent().path, fileURL.path] {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                if errno == ENOENT { return }
                throw TrustStoreError(message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if info.st_uid != getuid() && info.st_uid != 0 {
                throw TrustStoreError(message: "\(path) is owned by user \(info.st_uid), not by you: it trusts nothing")
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                let mode = String(info.st_mode & 0o777, radix: 8)
                throw TrustStoreError(
                    message: "\(path) is writable by others (mode \(mode)): it trusts nothing (chmod go-w \(path))")
            }
            if path == fileURL.path, info.st_mode & S_IFMT != S_IFREG {
                throw TrustStoreError(message: "\(path) is not a regular file: it trusts nothing")
            }
        }
    }

    /// The records in a trust file's bytes: `{"trusted": [{"path", "digest", "commands"}]}`.
    public static func parse(_ data: Data, file: String) throws(TrustStoreError) -> [Record] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw TrustStoreError(message: "\(file) is corrupt: \(error)")
        }
        guard let list = value.objectValue?["trusted"]?.arrayValue else {
            throw TrustStoreError(message: "\(file) is corrupt: expected {\"trusted\": [...]}")
        }
        var records: [Record] = []
        for (index, entry) in list.enumerated() {
            guard let path = entry["path"]?.stringValue, path.hasPrefix("/"),
                let digest = entry["digest"]?.stringValue, digest.utf8.count == 64,
                digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            else {
                throw TrustStoreError(
                    message: "\(file) is corrupt: trusted[\(index)] needs an absolute \"path\" and a 64-digit \"digest\"")
            }
            let count = max(0, entry["commands"]?.intValue ?? 0)
            records.append(Record(path: path, digest: digest, commandCount: count))
        }
        return records
    }

    /// The file's text for `records`.
    public static func text(_ records: [Record]) -> String {
        let entries: [JSONValue] = records.map { record in
            .object(JSONObject([
                ("path", .string(record.path)), ("digest", .string(record.digest)),
                ("commands", .number(Double(record.commandCount))),
            ]))
        }
        return JSONValue.object(JSONObject([("trusted", .array(entries))])).jsonText + "\n"
    }

    /// Whether the app in `folder` with `commands` may run them. `shownAs` is how the user
    /// names the app (the not-run line says `zapp-shell trust <shownAs>`). The folder is read
    /// (`AppFolderContents`) only when the trust file holds it, and with `copy` into a private
    /// copy the commands then run from (`CommandTrust.trustedCopy`). Paths are compared byte for
    /// byte (`café` in NFD is another folder than `café` in NFC).
    public func decide(folder: URL, commands: AppCommands, shownAs: String, copy: Bool = true) -> CommandTrust {
        if commands.commands.isEmpty { return .trusted }
        let records: [Record]
        do {
            records = try self.records()
        } catch {
            return .untrusted(app: shownAs, reason: .unreadableTrustFile(error.message))
        }
        guard let path = FileSystem.resolvedPath(folder.path), let record = records.first(where: { Self.same($0.path, path) }) else {
            return .untrusted(app: shownAs, reason: .notTrusted)
        }
        do {
            let snapshot = copy ? try AppSnapshot.make() : nil
            let contents = try AppFolderContents.read(folder: path, copyingInto: snapshot?.folder.path)
            guard commands.digest(folder: contents) == record.digest else { return .untrusted(app: shownAs, reason: .changed) }
            return snapshot.map { .trustedCopy($0) } ?? .trusted
        } catch let refusal as AppFolderRefusal {
            return .untrusted(app: shownAs, reason: .untrustable(refusal.description))
        } catch {
            return .untrusted(app: shownAs, reason: .untrustable("\(error)"))
        }
    }

    /// Two paths as the same bytes (Swift's `==` on strings compares canonical equivalents).
    static func same(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    /// Records `folder` as trusted with `commands` and the folder's `contents` (replacing an
    /// earlier record of it). A trust file that cannot be parsed is replaced (its records were
    /// not believed anyway); one that is not the user's alone is left alone (an error).
    /// - Returns: the record written.
    @discardableResult
    public func trust(folder: URL, commands: AppCommands, contents: AppFolderContents) throws(TrustStoreError) -> Record {
        guard let path = FileSystem.resolvedPath(folder.path) else {
            throw TrustStoreError(message: "\(folder.path) does not exist")
        }
        try checkOwnership()
        let record = Record(path: path, digest: commands.digest(folder: contents), commandCount: commands.commands.count)
        var records = (try? self.records()) ?? []
        records.removeAll { Self.same($0.path, path) }
        records.append(record)
        try write(records: records)
        return record
    }

    /// Forgets `folder`'s trust; false when it had none.
    public func revoke(folder: URL) throws(TrustStoreError) -> Bool {
        let path = FileSystem.resolvedPath(folder.path) ?? folder.standardizedFileURL.path
        var records = try self.records()
        let before = records.count
        records.removeAll { Self.same($0.path, path) }
        guard records.count != before else { return false }
        try write(records: records)
        return true
    }

    func write(records: [Record]) throws(TrustStoreError) {
        let folder = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TrustStoreError(message: "cannot create \(folder.path): \(FileSystem.reason(error))")
        }
        let temporary = folder.appendingPathComponent(".\(Self.fileName).\(UUID().uuidString).tmp").path
        do {
            try PrivateFile.replace(fileURL.path, with: Array(Self.text(records).utf8), through: temporary)
        } catch {
            throw TrustStoreError(message: error.description)
        }
    }

}

/// The trust file cannot be read, parsed or written; the message names the file.
public struct TrustStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
