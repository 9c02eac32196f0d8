#ifndef SCENE_BENCH_CLIBYAML_SHIM_H
#define SCENE_BENCH_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
