import SceneOutput
import Testing

@Suite struct Base64Tests {
    @Test func paddingAndEveryByteValue() {
        #expect(Base64.encoded([]) == "")
        #expect(Base64.encoded(Array("Man".utf8)) == "TWFu")
        #expect(Base64.encoded(Array("Ma".utf8)) == "TWE=")
        #expect(Base64.encoded(Array("M".utf8)) == "TQ==")
        #expect(Base64.encoded([0xFF, 0xFE, 0xFD, 0x00]) == "//79AA==")
        let all = Base64.encoded((0...255).map { UInt8($0) })
        #expect(all.count == 344 && all.hasPrefix("AAECAwQF") && all.hasSuffix("+/w=="))
    }
}
