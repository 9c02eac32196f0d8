import SceneLoader

/// The schema is written with the program's one JSON value type, whose
/// objects keep their keys in order, so that a schema prints the same bytes
/// every time.
typealias SchemaJSON = JSONValue
