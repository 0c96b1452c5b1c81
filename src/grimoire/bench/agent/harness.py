"""The agent search tasks as an inspect ``Task(dataset, solver, scorer)``, and a runner that evaluates one model,
tool arm and prompt, leaving an inspect log (``inspect view``, re-scorable) and an EPISODES JSONL beside it.

Data (``dataset.load_tasks``), the agent (the solvers here, the tools in ``tools.py``) and the scoring (the scorer
here, the metrics in ``metrics.py``) meet only through the sample's metadata and the episode record the solver
leaves in the sample's store. ``--model baseline`` is an agent with no model: it searches the request and submits
the top 20, so anyone can run the benchmark end to end without a key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.log import EvalLog, read_eval_log
from inspect_ai.model import ChatMessageAssistant, ChatMessageSystem, execute_tools
from inspect_ai.scorer import Score, Target, grouped, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import Tool, ToolCall

from grimoire.bench.agent.dataset import AgentTask, Qrels
from grimoire.bench.agent.metrics import TaskScore, found_in_list, precision_at_10, summarize
from grimoire.bench.agent.prompts import system_prompt, user_prompt
from grimoire.bench.agent.tools import MAX_SUBMITTED, CardText, Episode, grep, search, submit
from grimoire.bench.common import run_budget, run_inspect, write_episodes
from grimoire.bench.search.engines import as_free_text, filters_from_json
from grimoire.bench.search.runner import allowed_rows
from grimoire.cards.store import CardDB
from grimoire.llm.cost import Budget, Price
from grimoire.llm.loop import run_tool_loop
from grimoire.render.cards import card_text
from grimoire.search.engine import SearchEngine

ARMS = ("search", "grep")
BASELINE = "baseline"
MAX_TURNS = 10  # model calls per episode: 5 tool calls, a submit, and room for refused calls and one nudge
NUDGE = "Call submit now with your ranked list of card names."
EPISODE_KEY = "episode"


@dataclass(frozen=True)
class Arm:
    """What the agent gets: its tools, grep's matching mode, the prompt variant and the search ranking mode."""

    tools: str = "search"
    grep_mode: str = "record"
    prompt: str = "minimal"
    search_mode: str = "hybrid"

    def label(self) -> str:
        return self.tools + (f"/{self.grep_mode}" if self.tools == "grep" else "")


# -- dataset -----------------------------------------------------------------------------------------------------

def task_dataset(tasks: list[AgentTask], db: CardDB, qrels: Qrels | None = None) -> MemoryDataset:
    """One sample per task; the relevant cards (qrels, else the task's list) travel in the metadata."""
    samples = []
    for task in tasks:
        relevant = sorted((qrels or {}).get(task.id) or task.gains)
        names = [db.columns.name[row] for row in ([task.target] if task.target is not None else relevant)]
        samples.append(Sample(id=task.id, input=user_prompt(task.prompt, task.filters), target=names, metadata={
            "kind": task.kind, "request": task.prompt, "filters": task.filters, "relevant_rows": relevant,
            "target_row": task.target}))
    return MemoryDataset(samples, name="grimoire-agent-tasks")


# -- the agent ---------------------------------------------------------------------------------------------------

class _Environment:
    """Builds each episode's tools over one store; the grep text is rendered once per run."""

    def __init__(self, db: CardDB, arm: Arm):
        self.db = db
        self.arm = arm
        self.engine = SearchEngine(db)
        self.text = CardText.of(db) if arm.tools == "grep" else None

    def tools(self, state: TaskState, episode: Episode) -> list[Tool]:
        filters = state.metadata.get("filters") or {}
        if self.arm.tools == "grep":
            finder = grep(self.text, allowed_rows(self.engine, filters), episode, self.arm.grep_mode)
        else:
            finder = search(self.engine, filters_from_json(filters), episode, self.arm.search_mode)
        return [finder, submit(episode)]

    def layout_example(self) -> str:
        row = self.db.names.find("Lightning Bolt")
        return card_text(self.db.card_at(0 if row is None else row))


def _record(state: TaskState, episode: Episode, db: CardDB, arm: Arm, model: str, usage: dict[str, Any]) -> None:
    valid, rows, flagged, over_limit = episode.judge(db)
    state.store.set(EPISODE_KEY, {
        "task_id": str(state.sample_id), "epoch": state.epoch, "model": model, "arm": arm.label(),
        "prompt_variant": arm.prompt, "submitted": episode.submitted or [], "valid": valid, "valid_rows": rows,
        "flagged": flagged, "over_limit": over_limit, "never_submitted": episode.submitted is None,
        "calls_used": episode.calls_used, "refused_calls": episode.refused_calls, **usage})


@solver
def tool_agent(environment: _Environment, budget: Budget) -> Solver:
    """A model with the arm's tools: at most 5 search/grep calls, then submit; no submit means an empty list."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        arm = environment.arm
        episode = Episode()
        tools = environment.tools(state, episode)
        layout = environment.layout_example() if arm.tools == "grep" else ""
        state.messages.insert(0, ChatMessageSystem(content=system_prompt(arm.prompt, arm.tools, arm.grep_mode,
                                                                         layout)))
        name, usage = await run_tool_loop(state, tools, budget=budget, max_turns=MAX_TURNS, nudge=NUDGE,
                                          done=lambda: episode.submitted is not None)
        _record(state, episode, environment.db, arm, name, usage)
        return state

    return solve


@solver
def baseline_agent(environment: _Environment) -> Solver:
    """No model: one search with the request as free text, then submit the top 20 results."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        episode = Episode()
        tools = environment.tools(state, episode)
        shown: list[str] = []
        query = as_free_text(state.metadata["request"])
        state.messages.append(ChatMessageAssistant(content="", tool_calls=[
            ToolCall(id="baseline-search", function="search", arguments={"query": query})]))
        state.messages.extend((await execute_tools(state.messages, tools)).messages)
        shown = list(dict.fromkeys(environment.db.columns.name[row] for row in episode.seen.values()))
        state.messages.append(ChatMessageAssistant(content="", tool_calls=[
            ToolCall(id="baseline-submit", function="submit", arguments={"cards": shown[:MAX_SUBMITTED]})]))
        state.messages.extend((await execute_tools(state.messages, tools)).messages)
        _record(state, episode, environment.db, environment.arm, BASELINE, {
            "input_tokens": 0, "output_tokens": 0, "cost": 0.0, "skipped": False, "budget_stopped": False,
            "estimated_calls": 0})
        return state

    return solve


# -- scoring -----------------------------------------------------------------------------------------------------

@scorer(metrics=[grouped(mean(), "kind")])
def agent_scorer():
    """P@10 of the valid list for deck and attr tasks; 1 or 0 for whether a known task's card was found."""

    async def score(state: TaskState, target: Target) -> Score:
        episode = state.store.get(EPISODE_KEY) or {}
        rows = episode.get("valid_rows", [])
        if state.metadata["kind"] == "known":
            value = float(found_in_list(rows, state.metadata.get("target_row")))
        else:
            value = precision_at_10(rows, set(state.metadata.get("relevant_rows") or ()))
        return Score(value=value, answer=" | ".join(episode.get("valid", [])), metadata={
            key: episode.get(key) for key in ("submitted", "valid", "flagged", "over_limit", "calls_used",
                                              "input_tokens", "output_tokens", "cost", "skipped", "budget_stopped",
                                              "estimated_calls")})

    return score


# -- the task and the runner -------------------------------------------------------------------------------------

def agent_task(tasks: list[AgentTask], db: CardDB, arm: Arm = Arm(), *, baseline: bool = False,
               budget: Budget | None = None, qrels: Qrels | None = None) -> Task:
    """The inspect task: the tasks as samples, the agent (or the no-model baseline) and the scorer."""
    if arm.tools not in ARMS:
        raise ValueError(f"unknown tools {arm.tools!r}; choose one of {', '.join(ARMS)}")
    if baseline and arm.tools != "search":
        raise ValueError("the baseline agent searches; run it with --tools search")
    environment = _Environment(db, arm)
    agent = baseline_agent(environment) if baseline else tool_agent(environment, budget or Budget())
    return Task(dataset=task_dataset(tasks, db, qrels), solver=agent, scorer=agent_scorer(),
                name=f"grimoire-agent-{arm.tools}", metadata={"arm": arm.label(), "prompt": arm.prompt})


@dataclass
class AgentRun:
    """One run: its inspect log, its episodes (with scores) and what the budget did."""

    label: str
    log_path: Path
    episodes_path: Path
    episodes: list[dict]
    budget: Budget

    @property
    def scored(self) -> list[dict]:
        return [e for e in self.episodes if not e.get("skipped")]

    @property
    def skipped(self) -> int:
        return sum(1 for e in self.episodes if e.get("skipped"))

    def task_scores(self) -> list[TaskScore]:
        return [TaskScore(task_id=e["task_id"], kind=e["kind"], value=e["score"],
                          tokens=e["input_tokens"] + e["output_tokens"],
                          cost=math.nan if e["cost"] is None else e["cost"]) for e in self.scored]

    def summary(self) -> dict[str, tuple[float, float, float, int]]:
        return summarize(self.task_scores())


def episodes_from_log(log: EvalLog | str | Path) -> list[dict]:
    """The EPISODES rows of a run, read back from its inspect log (so a re-scored log gives new rows)."""
    if not isinstance(log, EvalLog):
        log = read_eval_log(str(log))
    episodes = []
    for sample in log.samples or []:
        episode = dict(sample.store.get(EPISODE_KEY) or {"task_id": str(sample.id), "skipped": True})
        score = next(iter((sample.scores or {}).values()), None)
        episode["kind"] = (sample.metadata or {}).get("kind")
        episode["score"] = None if score is None else float(score.value)
        episode.pop("valid_rows", None)
        episodes.append(episode)
    return episodes


def run_agent_bench(tasks: list[AgentTask], db: CardDB, *, model: str, arm: Arm = Arm(), epochs: int = 1,
                    limit: int | None = None, max_cost: float | None = None, log_dir: str | Path = "logs/agent",
                    qrels: Qrels | None = None, max_samples: int | None = None,
                    price: Price | None = None) -> AgentRun:
    """Evaluate one model (``baseline`` for the no-model agent) on the tasks; returns the run's episodes.
    ``price`` is the model's price when the table has none (needed for ``max_cost``)."""
    baseline = model == BASELINE
    budget = Budget() if baseline else run_budget(model, max_cost, price)
    task = agent_task(tasks, db, arm, baseline=baseline, budget=budget, qrels=qrels)
    log = run_inspect(task, model="none" if baseline else model, epochs=epochs, limit=limit, log_dir=str(log_dir),
                      max_samples=max_samples)
    log_path = Path(log.location)
    episodes = episodes_from_log(log)
    episodes_path = log_path.with_name(log_path.stem + ".episodes.jsonl")
    write_episodes(episodes, episodes_path)
    label = f"{BASELINE if baseline else model} · {arm.label()}" + ("" if baseline else f" · {arm.prompt}")
    return AgentRun(label=label, log_path=log_path, episodes_path=episodes_path, episodes=episodes, budget=budget)
