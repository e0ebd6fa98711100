// SCARNEY_ASAN: 1 when the test is built with AddressSanitizer (GCC says so
// by __SANITIZE_ADDRESS__, clang by __has_feature), else 0.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define SCARNEY_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCARNEY_ASAN 1
#endif
#endif
#ifndef SCARNEY_ASAN
#define SCARNEY_ASAN 0
#endif
