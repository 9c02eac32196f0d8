#ifndef SCENE_CYAML_SHIM_H
#define SCENE_CYAML_SHIM_H
#include <yaml.h>
#endif
