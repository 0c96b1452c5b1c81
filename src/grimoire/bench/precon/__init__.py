"""The Commander precon cut/add benchmark: dataset, agent harness, scorer, baselines and report."""
