"""The search benchmark: query sets in the seed's schema, nDCG@10, and engines compared side by side."""
