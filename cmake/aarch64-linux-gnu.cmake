# Cross build for 64-bit ARM (aarch64) with Debian's cross compiler, against the
# arm64 libraries installed beside the native ones (multiarch: dpkg --add-architecture
# arm64). scripts/test-arm64.sh uses it; scripts/deps.sh --arm64 installs what it needs.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
# pkgconf's cross wrapper reads only /usr/lib/aarch64-linux-gnu/pkgconfig and /usr/share
set(PKG_CONFIG_EXECUTABLE aarch64-linux-gnu-pkg-config CACHE FILEPATH "pkg-config for arm64")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
