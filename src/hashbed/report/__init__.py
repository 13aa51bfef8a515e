"""The report folder: the studies' tables in Markdown, their figures as PNG, and one
self-contained HTML page, built from the results store."""
