"""Jobs: a step applied to inputs, whose result is stored (hashbed.results) and reused; the
runner that ties the flow's steps to the store."""
