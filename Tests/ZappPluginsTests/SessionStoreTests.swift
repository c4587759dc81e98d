import Foundation
import Testing
@testable import ZappPlugins
import PluginTestSupport

@Suite("Session store")
struct SessionStoreTests {
    private let session = Session(
        username: "alice", token: "secret-token-123", entitlements: ["premium"], provider: "test_login")

    @Test("a saved session survives a new store (a restart), in a 0600 file written atomically")
    func persistence() async throws {
        let bed = try TestBed()
        await SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger).save(session)

        let restarted = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger)
        #expect(await restarted.current() == session)
        let attributes = try FileManager.default.attributesOfItem(atPath: bed.sessionFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: bed.stateDirectory.path)
        #expect(leftovers == [bed.sessionFile.lastPathComponent])
    }

    @Test("the file is created 0600 where a plain file is readable by others")
    func modeUnderUmask() async throws {
        let bed = try TestBed()
        // The umask is the process's, left alone: tests run side by side, and umask(0) here made
        // the files of others world-writable. A plain file made beside is readable by others, so
        // 0600 is the code's own doing.
        await SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger).save(session)
        let attributes = try FileManager.default.attributesOfItem(atPath: bed.sessionFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let plain = bed.sessionFile.deletingLastPathComponent().appendingPathComponent("plain-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: plain.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: plain) }
        try #require(((try FileManager.default.attributesOfItem(atPath: plain.path)[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o044 != 0,
                     "a plain file is private already under this umask: the test would prove nothing")

    }

    @Test("an expired session means signed out, and the file is removed")
    func expiry() async throws {
        let bed = try TestBed()
        var expiring = session
        expiring.expiresAt = Date(timeIntervalSince1970: 1_000)
        await SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger, now: { Date(timeIntervalSince1970: 999) })
            .save(expiring)

        let before = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger, now: { Date(timeIntervalSince1970: 999) })
        #expect(await before.current()?.username == "alice")
        let after = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger, now: { Date(timeIntervalSince1970: 1_000) })
        #expect(await after.current() == nil)
        #expect(!FileManager.default.fileExists(atPath: bed.sessionFile.path))
    }

    @Test("a corrupt file means signed out, with one warning naming the file")
    func corruptFile() async throws {
        let bed = try TestBed()
        try FileManager.default.createDirectory(at: bed.stateDirectory, withIntermediateDirectories: true)
        try Data("{\"username\": \"alice\", \"tok".utf8).write(to: bed.sessionFile)
        let store = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger)

        #expect(await store.current() == nil)
        #expect(await store.current() == nil)
        #expect(bed.log.warnings.count == 1)
        #expect(bed.log.warnings.first?.contains(bed.sessionFile.path) == true)
        #expect(bed.log.warnings.first?.contains("corrupt") == true)

        await store.save(session)
        #expect(await store.current() == session)
    }

    @Test("a file of the wrong shape is corrupt too")
    func wrongShape() async throws {
        let bed = try TestBed()
        try FileManager.default.createDirectory(at: bed.stateDirectory, withIntermediateDirectories: true)
        try Data("{\"username\": 3}".utf8).write(to: bed.sessionFile)
        #expect(await SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger).current() == nil)
        #expect(bed.log.warnings.count == 1)
    }

    @Test("a hand-written file may leave out entitlements and expiry")
    func minimalFile() async throws {
        let bed = try TestBed()
        try FileManager.default.createDirectory(at: bed.stateDirectory, withIntermediateDirectories: true)
        try Data(#"{"username": "bob", "token": "t", "provider": "p"}"#.utf8).write(to: bed.sessionFile)
        let current = await SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger).current()
        #expect(current == Session(username: "bob", token: "t", provider: "p"))
        #expect(bed.log.warnings.isEmpty)
    }

    @Test("clear signs out and removes the file")
    func clear() async throws {
        let bed = try TestBed()
        let store = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger)
        await store.save(session)
        await store.clear()
        #expect(await store.current() == nil)
        #expect(!FileManager.default.fileExists(atPath: bed.sessionFile.path))
    }

    @Test("an in-memory store never touches the disk")
    func inMemory() async throws {
        let bed = try TestBed()
        let store = SessionStore(inMemory: session, logger: bed.log.logger)
        #expect(await store.current() == session)
        await store.clear()
        #expect(await store.current() == nil)
        await store.save(session)
        #expect(!FileManager.default.fileExists(atPath: bed.stateDirectory.path))
    }

    @Test("a session that cannot be written lasts until exit, with a warning")
    func unwritable() async throws {
        let bed = try TestBed()
        try Data().write(to: bed.stateDirectory)
        let store = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger)
        await store.save(session)
        #expect(await store.current() == session)
        #expect(bed.log.warnings.count == 1)
        #expect(bed.log.warnings.first?.contains("cannot save the session") == true)
    }

    @Test("a session's descriptions never show its token")
    func descriptions() {
        var dumped = ""
        dump(session, to: &dumped)
        for text in [session.description, session.debugDescription, "\(session)", String(reflecting: session), dumped] {
            #expect(!text.contains(session.token))
            #expect(text.contains("alice"))
        }
    }
}
