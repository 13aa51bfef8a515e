"""The Zynq testbed: host controller, board backends and the study's experiments."""
