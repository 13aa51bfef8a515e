"""The Zynq testbed study (Farahmand, Homsirikamol, Gaj): the testbed and its host controller,
the overhead and speed-up experiments, experimental Fmax by timing simulation, Tables I to IV."""
