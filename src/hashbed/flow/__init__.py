"""The steps that run tools on a core: simulation (Verilator, Icarus), synthesis and place and
route (Yosys, nextpnr), post-route timing simulation and the energy estimate. Each step is a
function of plain data; the job runner (hashbed.jobs) stores their results."""
