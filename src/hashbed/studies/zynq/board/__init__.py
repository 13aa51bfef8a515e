"""The Zynq study on a real board: its experiments as jobs (docs/board.md); the board itself is
hashbed.testbed."""
