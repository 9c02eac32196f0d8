import SceneCore

/// A headless image view, as UIKit's `UIImageView`: it shows the image
/// named by `image`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ImageView`.
///
/// Pictures draw it as a labelled placeholder (a light grey box with a
/// picture glyph and the name), or, when a PNG or SVG file of that name
/// lies in the folder of the scene file that was loaded, that file
/// embedded in the picture:
///
/// - `image: avatar` looks for `avatar.png`, then `avatar.svg`; with
///   neither, the placeholder is drawn (the look of an image from an asset
///   catalogue, which no scene can read);
/// - `image: avatar.png` (or `.svg`) names the file itself: when it is
///   missing, unreadable, larger than ``maximumImageBytes`` or not what
///   its name says, the placeholder is drawn with a warning saying why.
///
/// A name is a file name in the scene's folder, never a path: one holding
/// `/`, `\`, `..` or a control character, or starting with `.`, is an
/// error at its line in a scene's object or a script's `set:` (and, set
/// any other way, drawn as the placeholder saying so); a symbolic link is
/// not followed.
/// The file is read when the view is first drawn, and again after `image`
/// changes. A scene loaded from memory, without a folder, draws
/// placeholders:
///
///     let avatar = ImageView(imageDirectory: "/tmp/scene")
///     avatar.image = "avatar"     // /tmp/scene/avatar.png, or .svg, else a placeholder
open class ImageView: View {
    /// The name of the image shown; empty for none.
    public final var image = "" {
        didSet {
            guard image != oldValue else { return }
            loaded = nil
            propertyDidChange(\.image, from: oldValue, to: image)
        }
    }

    /// The largest image file embedded in a picture: 8 MiB. A larger one
    /// is drawn as the placeholder, with a warning.
    public static let maximumImageBytes = 8 << 20

    /// The folder the image's file is looked for in: the folder of the
    /// scene file, from ``awake(in:)``, unless one was given.
    public final var imageDirectory: String?
    /// What ``image`` gave when last looked for, read once per name.
    private var loaded: ImageFile.Lookup?

    /// An image view showing nothing.
    override public init() {}

    /// An image view that looks for its files in `directory`, for use without a scene.
    public init(imageDirectory directory: String) {
        imageDirectory = directory
    }

    /// Takes the folder of the scene's file, unless one was given.
    override open func awake(in scene: Scene) {
        super.awake(in: scene)
        if imageDirectory == nil { imageDirectory = scene.sourceDirectory }
    }

    /// The image file ``image`` names, read (or why not), looked for once
    /// per name.
    package var imageLookup: ImageFile.Lookup {
        if let loaded { return loaded }
        let lookup = ImageFile.lookUp(image, in: imageDirectory, maximumBytes: Self.maximumImageBytes)
        loaded = lookup
        return lookup
    }

    // MARK: Registration

    /// Registers `ImageView` as a `View` with `image`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ImageView", summary: "An image by name: a PNG or SVG file beside the scene, or a placeholder.",
            base: View.sceneDescription(), make: { ImageView() }
        ) { type in
            type.property(
                "image", \.image, changeEvent: true,
                doc: "The image's name: NAME.png or NAME.svg beside the scene is drawn, else a placeholder."
            ) { name in
                ImageFile.refusal(of: name).map {
                    ValueRefusal(
                        $0, hint: "name a PNG or SVG file in the scene's folder: 'avatar' for avatar.png or avatar.svg")
                }
            }
        }
    }
}
