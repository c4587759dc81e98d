import Foundation
import Glibc
import Testing

@testable import ZappCore

@Suite("process environment", .serialized)
struct ProcessEnvironmentTests {
    @Test("holds what ProcessInfo's environment holds")
    func matchesProcessInfo() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test("a value keeps every = after the first; getenv's value for each name")
    func splitsAtTheFirstEquals() {
        setenv("ZAPP_SHELL_TEST_VALUE", "a=b=c", 1)
        defer { unsetenv("ZAPP_SHELL_TEST_VALUE") }
        let environment = ProcessEnvironment.current()
        #expect(environment["ZAPP_SHELL_TEST_VALUE"] == "a=b=c")
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
    }
}
