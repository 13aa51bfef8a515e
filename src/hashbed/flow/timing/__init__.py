"""Post-route timing simulation: the routed netlist with every delay written into it, simulated
in Icarus against hashbed's cell models."""
