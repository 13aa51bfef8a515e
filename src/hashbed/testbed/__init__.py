"""The testbed every study and user measures with: the Zynq testbed's board interface, its
backends (simulated in Verilator, post-route timing simulation, a real board through PYNQ), the
Clocking Wizard model, the host controller with its clock search, the native software, and the
Vivado project and address map of a real board."""
