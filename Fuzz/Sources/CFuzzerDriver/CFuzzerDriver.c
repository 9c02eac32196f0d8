// The module only declares libFuzzer's driver (see the header); SwiftPM
// wants a source file in every C target.
#include "CFuzzerDriver.h"
