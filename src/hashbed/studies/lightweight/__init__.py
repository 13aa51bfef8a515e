"""The lightweight SHA-3 finalists study (Kaps et al.): throughput, throughput per area and
energy per bit, each relative to SHA-2. See docs/lightweight.md."""
