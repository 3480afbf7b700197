"""Reproducible benchmarks whose figures docs/benchmarks.md quotes (`scripts/bench.sh`)."""
