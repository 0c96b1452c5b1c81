"""Where arena games run: a local process pool, or Ray tasks on a cluster, behind one ``Executor`` interface.

The league and the census keep scheduling, refits and the game log on the driver; only ``run_task`` calls cross
to the workers, as plain ``GameTask`` data (player specs, decks, seeds: never a key). A model key reaches a
worker through the worker's own environment: a local Ray instance started here inherits this process's
environment; on a cluster, set the key in each node's environment (or a runtime_env the cluster owner controls).
"""

from __future__ import annotations

from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

EXECUTORS = ("process", "ray")
# Ray re-runs a task whose worker died (a system failure) this many times before its future fails.
RAY_RETRIES = 3
# Errors that mean the game's worker (process, node or object) was lost, not that the game itself failed:
# those games are played again; any other error is the game's own and stops the league as before.
LOST_WORKER_ERRORS = frozenset({"BrokenProcessPool", "WorkerCrashedError", "NodeDiedError", "ObjectLostError",
                                "OwnerDiedError", "LocalRayletDiedError", "RaySystemError",
                                "ObjectReconstructionFailedError", "TaskCancelledError"})


def is_lost_worker(error: BaseException) -> bool:
    """Whether ``error`` says the worker running a game was lost (by class name, so Ray need not be installed)."""
    return any(cls.__name__ in LOST_WORKER_ERRORS for cls in type(error).__mro__)


class RayExecutor(Executor):
    """Each ``submit`` becomes a Ray task; its future is a ``concurrent.futures.Future``.

    ``address`` is passed to ``ray.init`` (``None`` starts a local instance, ``"auto"`` joins a running cluster,
    ``"ray://host:port"`` connects a client). A worker that dies mid-task is retried by Ray up to
    :data:`RAY_RETRIES` times; after that the future raises, and the caller decides (the league reschedules).
    """

    def __init__(self, address: str | None = None, *, num_cpus: int | None = None, retries: int = RAY_RETRIES):
        try:
            import ray
        except ImportError:
            raise RuntimeError("the Ray executor needs Ray: pip install -e '.[ray]'") from None
        self._ray = ray
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            ray.init(address=address, num_cpus=num_cpus if address is None else None, log_to_driver=False,
                     include_dashboard=False)
        self._retries = retries
        self._remotes: dict[Any, Any] = {}
        self._pending: list[Any] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        remote = self._remotes.get(fn)
        if remote is None:
            remote = self._remotes[fn] = self._ray.remote(max_retries=self._retries)(fn)
        ref = remote.remote(*args, **kwargs)
        self._pending.append(ref)
        return ref.future()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            for ref in self._pending:
                self._ray.cancel(ref, force=True)
        self._pending.clear()
        if self._owns_ray:
            self._ray.shutdown()


def make_executor(kind: str, *, workers: int = 2, address: str | None = None) -> Executor:
    """``process``: a pool of ``workers`` local processes; ``ray``: Ray tasks (local instance or ``address``)."""
    if kind == "process":
        return ProcessPoolExecutor(max_workers=workers)
    if kind == "ray":
        return RayExecutor(address, num_cpus=workers)
    raise ValueError(f"unknown executor {kind!r}; choose one of {', '.join(EXECUTORS)}")
