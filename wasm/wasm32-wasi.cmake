# Cross-compiling the solver to WebAssembly (wasm32-wasi) with Debian's
# clang 19, its WASI libc and its libc++ for wasm32 (tools/install-deps.sh
# --wasm installs them). See docs/architecture.md for why this toolchain.
set(CMAKE_SYSTEM_NAME Generic)  # CMake 3.25 has no WASI platform
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
