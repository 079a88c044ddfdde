// native.h: the C interface of native.cpp (the seed's task in C++).
#ifndef BENCH_NATIVE_H
#define BENCH_NATIVE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
// native_count runs the task over buf[0:len] (readable 64 bytes past len) on
// threads threads. It returns a malloc'd text: "E<message>" on error, else
// lines "T\t<type>\t<n>", "L\t<language>\t<n>" and "N\t<n>" (null language).
char *native_count(const uint8_t *buf, size_t len, int threads);
// native_implementation names the stage-1 kernel simdjson chose at run time.
const char *native_implementation(void);
#ifdef __cplusplus
}
#endif
#endif
