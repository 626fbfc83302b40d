"""The small vocabulary every layer shares: dice, hex and id types, errors, bundled paths.

Only the standard library is imported here, so any layer may depend on it (docs/architecture.md).
"""
