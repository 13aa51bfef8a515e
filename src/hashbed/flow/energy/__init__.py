"""The energy estimate of a core: switching activity of its synthesized netlist, weighed by a
capacitance model (docs/lightweight.md)."""
