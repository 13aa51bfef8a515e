"""The Zynq testbed: the board interface, the simulated board, the Clocking Wizard model, the
host controller and the software side."""
