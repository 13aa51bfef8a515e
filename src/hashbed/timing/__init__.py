"""Post-route timing simulation: the board's experimental Fmax measured in simulation."""
