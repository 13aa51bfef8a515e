"""The Zynq testbed study (Farahmand, Homsirikamol, Gaj): the overhead and speed-up experiments
on the testbed (hashbed.testbed), experimental Fmax by timing simulation, Tables I to IV."""
