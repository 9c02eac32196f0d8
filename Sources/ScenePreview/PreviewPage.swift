/// The page the server serves: one self-contained file (its style and
/// script inline, no request to any other address), built into the
/// program as bytes.
enum PreviewPage {
    static let bytes: [UInt8] = PackageResources.preview_html
}
