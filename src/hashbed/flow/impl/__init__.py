"""Synthesis with Yosys, place and route with nextpnr, and the progress of unfinished runs."""
