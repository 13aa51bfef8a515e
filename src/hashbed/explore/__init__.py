"""Design-space exploration over the job graph: the search strategies, the criteria that rank
runs, the best stored run per core and device, and its settings as a recipe."""
