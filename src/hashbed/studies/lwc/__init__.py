"""The LWC benchmarks of the Ascon cores, in the manner of GMU's LWC development package, beside the
hash cores (docs/lwc.md)."""
