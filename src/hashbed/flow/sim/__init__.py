"""Simulation of cores: build with Verilator, verify against KATs, measure cycle formulas."""
