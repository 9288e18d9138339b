# The same bytes on 64-bit ARM under qemu-aarch64, and with -funsigned-char on this
# machine: scripts/test-arm64.sh has the cases. Skipped (77) for the ARM part where the
# cross tools are missing: scripts/deps.sh --arm64 (or `make test-arm64`) installs them.
exec bash scripts/test-arm64.sh "$@"
