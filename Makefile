# Thin wrapper over CMake. `make run` and `make test` work on a fresh Debian 12 machine:
# scripts/deps.sh first installs whatever pkg-config or CMake cannot find.
BUILD ?= build
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
FILM  ?= films/scripts/pits-and-stations.film
CONFIGURE = test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

.PHONY: all deps deps-test deps-package deps-fuzz deb test-deb build run test test-sanitize test-arm64 fuzz fuzz-replay view bench golden install uninstall clean

all: build

deps:
	@sh scripts/deps.sh

deps-test:
	@sh scripts/deps.sh --test

deps-fuzz:
	@sh scripts/deps.sh --fuzz

deps-package:
	@sh scripts/deps.sh --package

# each recipe runs its steps in order, so `make -j` cannot configure before deps
build: deps
	@$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS)

# only delve itself: the tests and the fuzz targets wait for `make test`
run: deps
	@$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS) --target delve
	./$(BUILD)/delve film $(FILM)

test: deps-test
	@$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# every test again on a build with AddressSanitizer and UBSan (DELVE_SANITIZE), in its own
# folder; no -O0 twin there (the -O0 checks compare the build with itself)
SANITIZE_BUILD = $(BUILD)/sanitize
test-sanitize: deps-test
	@test -f $(SANITIZE_BUILD)/CMakeCache.txt || cmake -S . -B $(SANITIZE_BUILD) \
	  -DCMAKE_BUILD_TYPE=Release -DDELVE_SANITIZE=ON -DDELVE_O0_TWIN=OFF
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && ctest --output-on-failure -j $(JOBS)

# the same bytes on 64-bit ARM: installs the aarch64 cross compiler, qemu-user and the
# arm64 libraries (scripts/deps.sh --arm64), cross-builds delve into $(BUILD)/arm64 and
# compares its output under qemu-aarch64 with this build's (scripts/test-arm64.sh);
# a missing tool fails here instead of skipping. Run it before every merge.
test-arm64:
	@sh scripts/deps.sh --arm64
	@$(CONFIGURE)
	cmake --build $(BUILD) --target delve -j $(JOBS)
	ARM64_REQUIRED=1 bash scripts/test-arm64.sh $(BUILD)/delve $(BUILD)/delve $(BUILD)

# libFuzzer (clang, DELVE_FUZZ) in its own folder: each target of tests/fuzz/ for
# FUZZ_SECONDS, one after another, new inputs into $(FUZZ_BUILD)/corpus/NAME (not
# committed), crashes into $(FUZZ_BUILD)/crashes/NAME; docs/testing.md ("Fuzzing") says what next.
# FUZZ_SANITIZERS: beside libFuzzer, ASan and UBSan unless told (`undefined` alone, or
# `none`, fuzz faster in $(BUILD)/fuzz-undefined or $(BUILD)/fuzz-none)
comma := ,
FUZZ_SANITIZERS ?= address,undefined
FUZZ_BUILD = $(BUILD)/fuzz$(if $(filter-out address$(comma)undefined,$(FUZZ_SANITIZERS)),-$(subst $(comma),-,$(FUZZ_SANITIZERS)))
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
fuzz: deps-fuzz
	@test -f $(FUZZ_BUILD)/CMakeCache.txt || CC=clang cmake -S . -B $(FUZZ_BUILD) \
	  -DCMAKE_BUILD_TYPE=Release -DDELVE_FUZZ=ON -DDELVE_O0_TWIN=OFF \
	  -DDELVE_FUZZ_SANITIZERS="$(filter-out none,$(FUZZ_SANITIZERS))"
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz-targets
	sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# every committed corpus input and past crash once, under ASan and UBSan, no fuzzing
# (the fuzz_* tests of `make test`)
fuzz-replay: deps-test
	@$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS) --target fuzz-replay
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -R '^fuzz_'

# only delve, as `make run` builds it: the tests wait for `make test`
view: deps
	@$(CONFIGURE)
	cmake --build $(BUILD) -j $(JOBS) --target delve
	./$(BUILD)/delve view --film $(FILM)

# odiff's native binary (npm odiff-bin) is installed here for the bench only, never by test
bench: build
	DELVE_BENCH_ODIFF="$${DELVE_BENCH_ODIFF:-$$(sh scripts/bench-tools.sh $(BUILD))}" \
	  ./$(BUILD)/delve-bench $(FILM)

# rewrites tests/golden/ (shots.tsv's shots, sheet.png, film-events.tsv, catalog.tsv), or
# with ONLY=PATTERN (comma-separated shell globs over file names) only the matching ones:
# only after looking at build/golden-failures/ of a failing golden test, or for a new
# row; docs/goldens.md says when
ONLY ?=
golden: build
	GOLDEN_ONLY='$(ONLY)' bash scripts/golden.sh $(BUILD)

# delve in PREFIX/bin, its film scripts and stored rooms in PREFIX/share/delve, where an
# installed delve finds them (films/film.h film_data_dir), its man pages in
# PREFIX/share/man (pandoc, which deps.sh --package installs, makes them) and its bash, zsh
# and fish completion; `make uninstall` removes what the last install wrote (the build's
# install_manifest.txt)
PREFIX ?= /usr/local
install: build
	@sh scripts/deps.sh --package || echo "make install: no pandoc, so no man pages"
	@grep -q '^PANDOC:FILEPATH=.*pandoc$$' $(BUILD)/CMakeCache.txt || cmake $(BUILD) > /dev/null
	cmake --build $(BUILD) -j $(JOBS)
	cmake --install $(BUILD) --prefix $(PREFIX)
uninstall:
	@test -f $(BUILD)/install_manifest.txt || { echo "make uninstall: nothing installed from $(BUILD)"; exit 2; }
	xargs -d '\n' rm -f < $(BUILD)/install_manifest.txt

# the Debian package, BUILD/deb/delve_VERSION_ARCH.deb (scripts/deb.sh, cmake/deb.cmake):
# delve built for /usr, its dependencies from dpkg-shlibdeps and the shlibs files of the
# libraries it loads on first use; `apt install ./build/deb/delve_*.deb` installs it
deb: deps-package
	sh scripts/deb.sh $(BUILD)

# the package installed by apt in a fresh debootstrap'ed Debian 12 root under
# BUILD/deb-root: delve film, man delve and bash completion there (scripts/test-deb-root.sh;
# root and Debian's mirror needed, so not part of make test)
test-deb: deb
	sh scripts/test-deb-root.sh $(BUILD)

clean:
	rm -rf $(BUILD) out
