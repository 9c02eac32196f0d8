import SceneCore
import SceneLoader
import SceneOutput
import Testing

/// Scene values and value types as JSON values (the JSON text itself is
/// SceneOutputTests').
@Suite struct JSONValueTests {
    @Test func sceneValuesKeepTheirKindAndNonFiniteNumbersAreStrings() {
        let value = SceneValue.list([
            .double(.infinity), .double(-.infinity), .double(.nan), .duration(.milliseconds(1500)), .enumCase("on"),
        ])
        #expect(JSONValue(value).compact == #"["inf","-inf","nan",1.5,"on"]"#)
        #expect(JSONValue(ValueType.optional(.int)).compact == #"{"kind":"optional","wrapped":{"kind":"int"}}"#)
    }
}
