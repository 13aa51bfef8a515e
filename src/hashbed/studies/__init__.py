"""The three studies hashbed reproduces, each a package of its experiments and tables, and the
ranking of results rows they share. A study reads the store; it never calls another study."""
