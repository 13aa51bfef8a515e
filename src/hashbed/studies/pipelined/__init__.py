"""Pipelined compression cores (the third study): the block-pipeline interface, its host-side
scheduler, simulation and the depth sweep. See docs/pipelined.md."""
