// `Color` and `WeakList` are the portable library's: declared once, in
// Behaviours, and re-exported here so that every module that imports
// SceneCore names them as it always has, without importing Behaviours.
@_exported import struct Behaviours.Color
@_exported import struct Behaviours.WeakList
