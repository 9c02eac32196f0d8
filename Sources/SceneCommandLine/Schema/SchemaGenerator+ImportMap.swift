import SceneCore
import SceneOutput

extension SchemaGenerator {
    /// The JSON Schema (draft-07) of an import map (docs/Import.md, "The
    /// import map"): `classes`, each a type name or a mapping of `type`,
    /// `outlets`, `properties`, `actions` and `events`. It accepts what the
    /// map's reader accepts; the registered types' names are offered for
    /// completion, and any name is valid (a type registered by another
    /// program's runner).
    static func importMapSchema(registry: SceneRegistry) -> JSONValue {
        let names = registry.types.map(\.name)
        func renamings(_ what: String) -> JSONValue {
            .object([
                ("description", .string(what)), ("type", .strings(["object", "null"])),
                ("additionalProperties", .object([("type", .string("string"))])),
            ])
        }
        let typeName = JSONValue.object([
            ("description", .string("A registered type's name; `scene-runner types` lists them.")),
            ("anyOf", .array([.object([("enum", .strings(names))]), .object([("type", .string("string"))])])),
        ])
        let entry = JSONValue.object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("type", .object([("$ref", .string("#/definitions/typeName"))])),
                    ("outlets", renamings("Outlet names in the file to the type's outlets.")),
                    ("properties", renamings("Runtime attributes' key paths to the type's properties.")),
                    ("actions", renamings("Selectors sent to the class (colon dropped) to the type's actions.")),
                    ("events", renamings("Control events the class sends (touchUpInside) to the type's events.")),
                ])
            ),
        ])
        return .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("Import map of scene-runner import")),
            (
                "description",
                .string(
                    "Renames Interface Builder's classes, outlets, properties, actions and events per class; laid over the standard map (docs/Import.md)."
                )
            ),
            ("type", .strings(["object", "null"])), ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    (
                        "classes",
                        .object([
                            (
                                "description",
                                .string("Classes (UIButton, or a custom class without its module) to entries.")
                            ),
                            ("type", .strings(["object", "null"])),
                            ("additionalProperties", .object([("$ref", .string("#/definitions/entry"))])),
                        ])
                    )
                ])
            ),
            (
                "definitions",
                .object([
                    ("typeName", typeName),
                    (
                        "entry",
                        .object([
                            (
                                "anyOf",
                                .array([
                                    .object([("$ref", .string("#/definitions/typeName"))]),
                                    .object([("type", .string("null"))]), entry,
                                ])
                            )
                        ])
                    ),
                ])
            ),
        ])
    }
}
