"""What is benchmarked: the algorithms (software models and KAT readers), the cores and their
manifests, cycle formulas and throughput, area budgets, the core interface's word stream, the
pipelined designs and the devices. Pure data and models; nothing here runs a tool."""
