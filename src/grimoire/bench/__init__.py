"""Benchmarks: speed of search, search quality (nDCG@10), agents, precons and the arena."""
