"""The published datasets on the Hugging Face Hub, named ``hf:owner/name[@revision][/path]`` wherever a path is taken.

Files come through ``huggingface_hub`` (its cache, revisions, ``HF_ENDPOINT``, ``HF_TOKEN``); a reference
without a revision uses the one the seed cites, and every fetch reports the commit it resolved to.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PREFIX = "hf:"
SEARCH_BENCH = "kasper-cbx/mtg-search-bench"
PRECON_BENCH = "kasper-cbx/mtg-precon-bench"
SEARCH_INDEX = "kasper-cbx/mtg-search-index"
# The revisions the seeds cite: a reference without @revision is pinned to these.
PINNED = {SEARCH_BENCH: "v1.1", PRECON_BENCH: "v1.0", SEARCH_INDEX: "scryfall-20261014090155"}
# Each published config is one Parquet file under data/ (the seeds' layout).
PRECON_FILES = tuple(f"data/{c}.parquet" for c in ("decks", "labels", "precons", "commanders", "splits")) + (
    "manifest.json",)
PRECON_OPTIONAL = ("data/deck_fit.parquet", "tag_denylist.json", "data/tag_audit.parquet")
# No public documentation of the index repository's files was found; the seeds call its card table
# cards.parquet (Scryfall bulk oracle_cards as Parquet), so these names are tried in order.
INDEX_CANDIDATES = ("cards.parquet", "data/cards.parquet")


class HubError(RuntimeError):
    """A Hub reference that cannot be read or fetched; says what to fetch by hand."""


@dataclass(frozen=True)
class HubRef:
    repo: str
    revision: str
    path: str | None = None  # a file inside the repository, when the reference names one

    def __str__(self) -> str:
        return f"{PREFIX}{self.repo}@{self.revision}" + (f"/{self.path}" if self.path else "")

    def url(self, filename: str) -> str:
        return f"{endpoint()}/datasets/{self.repo}/resolve/{self.revision}/{filename}"


@dataclass(frozen=True)
class Fetched:
    """Local copies of a reference's files, and the commit the revision resolved to."""

    ref: HubRef
    commit: str
    files: dict[str, Path]  # repository path -> local path

    @property
    def root(self) -> Path:
        """The local snapshot folder, laid out as the repository is."""
        path = next(iter(self.files.values()))
        return path.parents[len(Path(next(iter(self.files))).parts) - 1]

    def describe(self) -> dict:
        return {"source": str(self.ref), "repo": self.ref.repo, "revision": self.ref.revision, "commit": self.commit}


def is_ref(value: object) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX)


def parse_ref(text: str) -> HubRef:
    """``hf:owner/name[@revision][/path]``; an unpinned published repository gets the seed's revision."""
    body = text[len(PREFIX):] if text.startswith(PREFIX) else text
    parts = body.split("/")
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise HubError(f"{text!r} is not a Hub reference: write hf:owner/name[@revision][/path], "
                       f"e.g. {PREFIX}{SEARCH_BENCH}@{PINNED[SEARCH_BENCH]}")
    name, _, revision = parts[1].partition("@")
    repo = f"{parts[0]}/{name}"
    revision = revision or PINNED.get(repo, "main")
    return HubRef(repo=repo, revision=revision, path="/".join(parts[2:]) or None)


def endpoint() -> str:
    return os.environ.get("HF_ENDPOINT", "https://huggingface.co").rstrip("/")


def fetch(ref: HubRef, filenames: tuple[str, ...], *, optional: tuple[str, ...] = ()) -> Fetched:
    """Download (or reuse from the cache) ``filenames`` of a dataset repository at ``ref.revision``."""
    files: dict[str, Path] = {}
    # Offline, the message names the files to fetch by hand: the wanted ones, else the optional candidates.
    by_hand = filenames or optional
    for filename in (*filenames, *optional):
        path = _download(ref, filename, required=filename in filenames, by_hand=by_hand)
        if path is not None:
            files[filename] = path
    commits = {_commit_of(path) for path in files.values()}
    if not files:
        return Fetched(ref=ref, commit="", files={})
    if len(commits) != 1:
        raise HubError(f"{ref}: the files came from different commits ({', '.join(sorted(commits))}); "
                       "pin a commit with @<sha>")
    return Fetched(ref=ref, commit=commits.pop(), files=files)


def _download(ref: HubRef, filename: str, *, required: bool, by_hand: tuple[str, ...]) -> Path | None:
    from huggingface_hub import hf_hub_download
    from huggingface_hub.errors import (
        EntryNotFoundError,
        HfHubHTTPError,
        LocalEntryNotFoundError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    try:
        return Path(hf_hub_download(ref.repo, filename, repo_type="dataset", revision=ref.revision,
                                    endpoint=endpoint(), cache_dir=os.environ.get("HF_HUB_CACHE")))
    except LocalEntryNotFoundError:
        # Raised when the Hub cannot be reached and the cache lacks the file (checked before EntryNotFound,
        # its parent class).
        listing = "\n  ".join(ref.url(name) for name in by_hand)
        raise HubError(f"cannot reach the Hugging Face Hub at {endpoint()} and {filename} of {ref} is not in the "
                       f"local cache. Fetch these files by hand:\n  {listing}\nthen pass the folder or file "
                       "instead of the hf: reference.") from None
    except EntryNotFoundError:
        if required:
            raise HubError(f"{ref} has no file {filename}") from None
        return None
    except RevisionNotFoundError:
        raise HubError(f"{ref.repo} has no revision {ref.revision!r}") from None
    except RepositoryNotFoundError:
        raise HubError(f"no dataset {ref.repo} on {endpoint()} (or it is private: set HF_TOKEN)") from None
    except HfHubHTTPError as exc:
        raise HubError(f"the Hub answered {exc.response.status_code} for {filename} of {ref}; try again later") \
            from None


def _commit_of(path: Path) -> str:
    """The commit in huggingface_hub's cache layout: ``<cache>/datasets--o--n/snapshots/<commit>/<file>``."""
    parts = path.parts
    if "snapshots" in parts:
        return parts[parts.index("snapshots") + 1]
    return "unknown"


@dataclass(frozen=True)
class DatasetSource:
    """Where a dataset argument points: a local path, and the Hub fetch it came from, if any."""

    path: Path
    fetched: Fetched | None = None
    names: dict[str, str] | None = None  # oracle id -> card name, from the dataset's own configs

    def describe(self) -> dict:
        """The Hub reference and commit; for a local file, its path as given (a file shipped in the package
        as ``grimoire/<path inside the package>``, so a record names no machine's folders) and its sha256."""
        if self.fetched:
            return self.fetched.describe()
        return {"source": _local_name(self.path), "sha256": _sha256(self.path)}


def _local_name(path: Path) -> str:
    package = Path(__file__).resolve().parent
    try:
        return "grimoire/" + Path(path).resolve().relative_to(package).as_posix()
    except ValueError:
        return str(path)


def _sha256(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def search_bench_file(value: str | Path, config: str) -> DatasetSource:
    """A search-bench config (``queries``, ``agent_tasks``, ``qrels``, ``relevance_grades``): a local file, or
    ``data/<config>.parquet`` of a Hub reference, with the oracle-id -> name map its graded configs carry."""
    if not is_ref(value):
        return DatasetSource(Path(value))
    ref = parse_ref(str(value))
    wanted = ref.path or f"data/{config}.parquet"
    named = tuple(f"data/{c}.parquet" for c in ("qrels", "relevance_grades") if f"data/{c}.parquet" != wanted)
    fetched = fetch(ref, (wanted,), optional=named)
    return DatasetSource(fetched.files[wanted], fetched, names=_names([fetched.files[f] for f in named
                                                                       if f in fetched.files]))


def precon_folder(value: str | Path) -> DatasetSource:
    """A precon dataset folder, or the published files of a Hub reference laid out as the repository is."""
    if not is_ref(value):
        return DatasetSource(Path(value))
    fetched = fetch(parse_ref(str(value)), PRECON_FILES, optional=PRECON_OPTIONAL)
    return DatasetSource(fetched.root, fetched)


def index_cards(value: str) -> tuple[Path, Fetched]:
    """The card table of the search-index repository (the first of :data:`INDEX_CANDIDATES` it holds)."""
    ref = parse_ref(value)
    candidates = (ref.path,) if ref.path else INDEX_CANDIDATES
    for filename in candidates:
        fetched = fetch(ref, (), optional=(filename,)) if len(candidates) > 1 else fetch(ref, (filename,))
        if filename in fetched.files:
            return fetched.files[filename], fetched
    raise HubError(f"{ref} holds none of {', '.join(candidates)}; name the card file: {ref}/<path>")


def _names(paths: list[Path]) -> dict[str, str]:
    import pyarrow.parquet as pq

    names: dict[str, str] = {}
    for path in paths:
        for row in pq.read_table(path, columns=["oracle_id", "name"]).to_pylist():
            if row["oracle_id"] and row["name"]:
                names.setdefault(row["oracle_id"], row["name"])
    return names
