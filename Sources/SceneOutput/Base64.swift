#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Standard base64 (RFC 4648, with padding), as Foundation writes it: a
/// picture inside a page's `data:` address.
///
///     Base64.encoded(Array("Man".utf8))  // "TWFu"
package enum Base64 {
    /// `bytes` in base64.
    package static func encoded(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
