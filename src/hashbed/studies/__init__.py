"""The studies, each one package of its experiments, tables, report sections and commands, listed
in ``registry.py``; and what they share: the report's sections as data (``document.py``), the
narrowing of the report, the results of every core and their ranking. A study reads the store; it
never calls another study."""
