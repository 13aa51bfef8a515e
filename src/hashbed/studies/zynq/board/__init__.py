"""The Zynq testbed on a real board: the boards, the address map, the Vivado project script and
the board's experiments (docs/board.md)."""
