import Testing
import ZappCore

@Suite("Malloc arenas")
struct MallocArenasTests {
    @Test("the limit zapp-shell sets at its start is taken by the C library")
    func limitIsTaken() {
        #expect(MallocArenas.limit(to: 2))
    }
}
