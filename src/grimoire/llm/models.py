"""Models: any inspect provider by name, plus ``scripted/<path>`` (turns from a JSONL script) and
``replay/<path>`` (the assistant turns of a recorded run), so everything runs offline and reproducibly.

``get_model("anthropic/claude-sonnet-4-5")`` returns an inspect ``Model``; ``complete_fn(name)`` returns a plain
``prompt -> reply`` function for one-shot prompts (the relevance grader uses it).

A script is JSONL, one assistant turn a line::

    {"tool": "search", "arguments": {"query": "draw a card"}}
    {"tool": "submit", "arguments": {"cards": ["Divination"]}}
    {"text": "I give up."}
    "a bare string is a text turn"

A turn may also hold ``"tool_calls": [{"tool": ..., "arguments": ...}, ...]`` (several calls at once),
``"usage": {"input_tokens": ..., "output_tokens": ...}`` (else tokens are estimated at 4 characters a token) and
``"task_id"`` (the turn belongs to that sample only; turns without one are shared by every sample). Each sample
plays its turns from the start: the n-th model call of a sample gets its n-th turn; past the end the model says
nothing, which ends the episode.

A turn may also hold ``"when": "<text>"``, which lets one script answer several kinds of request: once any turn
has a ``when``, a call plays only the turns whose ``when`` occurs in its last user message, or, if none does, the
turns without a ``when`` (and still the n-th of those for its n-th call)::

    {"when": "strategy note", "text": "Hold up counters."}
    {"tool": "cardDetails", "arguments": {"name": "Lightning Bolt"}}
    {"text": "Answer: 1"}
"""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    GenerateConfig,
    Model,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    modelapi,
)
from inspect_ai.model import get_model as inspect_get_model
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo

CHARS_PER_TOKEN = 4
Turn = dict[str, Any]


class ScriptError(ValueError):
    """A script or transcript that cannot be read as assistant turns."""


class ModelUnavailable(ValueError):
    """A model that cannot run here: its provider's package is not installed or its key is not set. The message is
    one plain line that says what to do (``pip install ...``, or the environment variable to set)."""


_MARKUP = re.compile(r"\[/?(?:bold|dim|italic|underline|b|i|u|blue|red|green|yellow|magenta|cyan)(?: \w+)*\]")


def _providers_extra() -> set[str]:
    """The packages of Grimoire's ``providers`` extra (``pip install -e '.[providers]'``), as installed metadata
    lists them; empty where Grimoire is not installed as a package."""
    from importlib.metadata import PackageNotFoundError, requires

    try:
        required = requires("grimoire-mtg") or []
    except PackageNotFoundError:
        return set()
    return {re.split(r"[\s<>=!~;\[]", line, maxsplit=1)[0].lower() for line in required
            if re.search(r"extra\s*==\s*[\"']providers[\"']", line)}


def unavailable_message(error: Exception) -> str:
    """One plain line from inspect's ``PrerequisiteError`` (console markup and its ``ERROR:`` banner removed), with
    Grimoire's ``providers`` extra named when the missing package is one of its."""
    text = _MARKUP.sub("", str(error)).replace("ERROR:", "")
    lines = [line.strip().rstrip(":.") for line in text.splitlines() if line.strip()]
    message = ": ".join(lines) if len(lines) > 1 and lines[-1].startswith("pip install") else ". ".join(lines)
    package = re.search(r"pip install ([\w.\-]+)", message)
    if package and package.group(1).lower() in _providers_extra():
        message += " (or every provider Grimoire supports, from its folder: pip install -e '.[providers]')"
    return message


def get_model(name: str | Model, **model_args: Any) -> Model:
    """An inspect ``Model``: ``anthropic/...``, ``openai/...``, ``openrouter/...``, ``ollama/...``, ``vllm/...``,
    ``mockllm/model``, or ours: ``scripted/<path>`` and ``replay/<path>``. Keys come from the environment; a
    provider whose package or key is missing raises :class:`ModelUnavailable`."""
    from inspect_ai._util.error import PrerequisiteError  # inspect's error for a missing package or key

    try:
        return inspect_get_model(name, **model_args)
    except PrerequisiteError as error:
        raise ModelUnavailable(unavailable_message(error)) from None


_LOADS_WHEN_BUILT = ("hf/", "sglang/", "llama-cpp-python/", "transformer_lens/", "nnterp/")  # weights or a server


def check_model(name: str) -> None:
    """Raise ``ValueError`` (:class:`ModelUnavailable` for a missing package or key, :class:`ScriptError` for a
    script that cannot be read, inspect's own for an unknown provider) if model ``name`` cannot run here. Builds
    the model's client, which sends nothing, so a run can refuse before it loads any data; a local provider that
    would load its weights or start a server when built is left to the run."""
    if not name.startswith(_LOADS_WHEN_BUILT):
        get_model(name, memoize=False)


# -- scripts -------------------------------------------------------------------------------------------------


def _as_turn(item: Any, where: str) -> Turn:
    if isinstance(item, str):
        return {"text": item}
    if not isinstance(item, dict) or not ({"tool", "tool_calls", "text"} & item.keys()):
        raise ScriptError(f"{where}: a turn needs 'tool', 'tool_calls' or 'text', got {item!r}")
    return item


def load_script(path: str | Path) -> list[Turn]:
    """The turns of a JSONL script (see the module docstring)."""
    path = Path(path)
    if not path.exists():
        raise ScriptError(f"no script at {path}")
    turns = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip():
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ScriptError(f"{path}:{number}: not JSON ({exc.msg})") from None
            turns.append(_as_turn(item, f"{path}:{number}"))
    return turns


def turns_from_log(path: str | Path) -> list[Turn]:
    """The assistant turns of a recorded inspect log (``.eval`` or ``.json``), each tagged with its sample's
    ``task_id`` and ``epoch``, with the recorded token usage (none in a sample no model wrote, such as the
    baseline's) and the recorded ``model`` (so a replay is billed at the price the run really paid); a ``.jsonl``
    file is read as a script."""
    path = Path(path)
    if path.suffix == ".jsonl":
        return load_script(path)
    from inspect_ai.log import read_eval_log

    log = read_eval_log(str(path))
    turns: list[Turn] = []
    for sample in log.samples or []:
        usages = [event.output.usage for event in sample.events
                  if getattr(event, "event", None) == "model" and getattr(event, "output", None) is not None]
        assistant = [m for m in sample.messages if m.role == "assistant"]
        for index, message in enumerate(assistant):
            turn: Turn = {"task_id": str(sample.id), "epoch": sample.epoch, "text": message.text or "",
                          "model": log.eval.model}
            turn["tool_calls"] = [{"tool": call.function, "arguments": call.arguments}
                                  for call in message.tool_calls or []]
            if index < len(usages) and usages[index] is not None:
                turn["usage"] = usages[index].model_dump(exclude_none=True)
            elif not usages:  # no model call behind any turn (the no-model baseline wrote them): they cost nothing
                turn["usage"] = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
            turns.append(turn)
    if not turns:
        raise ScriptError(f"{path} holds no assistant turns")
    return turns


def _current_sample() -> tuple[str | None, int]:
    """The id and epoch of the sample being run (none outside an evaluation)."""
    from inspect_ai.solver._task_state import sample_state  # not exported; the only way a model sees its sample

    state = sample_state()
    return (None, 1) if state is None else (str(state.sample_id), state.epoch)


def _turns_for(turns: list[Turn], sample_id: str | None, epoch: int) -> list[Turn]:
    own = [t for t in turns if t.get("task_id") is not None and str(t["task_id"]) == sample_id]
    if own:
        this_epoch = [t for t in own if t.get("epoch", epoch) == epoch]
        first_epoch = min(t.get("epoch", 1) for t in own)
        return this_epoch or [t for t in own if t.get("epoch", 1) == first_epoch]
    return [t for t in turns if t.get("task_id") is None]


def _turns_when(turns: list[Turn], input: list[ChatMessage]) -> list[Turn]:
    """The turns for this request: those whose ``when`` occurs in the last user message, else those without."""
    if not any("when" in turn for turn in turns):
        return turns
    last_user = next((message.text for message in reversed(input) if message.role == "user"), "")
    matching = [turn for turn in turns if "when" in turn and str(turn["when"]) in last_user]
    return matching or [turn for turn in turns if "when" not in turn]


def _estimate_tokens(text: str) -> int:
    return max(1, len(text) // CHARS_PER_TOKEN) if text else 0


def _output_for(turn: Turn | None, model_name: str, input: list[ChatMessage], tools: list[ToolInfo]) -> ModelOutput:
    turn = turn or {"text": ""}
    calls = turn.get("tool_calls") or ([{"tool": turn["tool"], "arguments": turn.get("arguments", {})}]
                                       if "tool" in turn else [])
    tool_calls = [ToolCall(id=f"call_{uuid.uuid4().hex[:12]}", function=c["tool"], arguments=c.get("arguments", {}))
                  for c in calls]
    text = turn.get("text", "")
    played = str(turn.get("model") or model_name)
    message = ChatMessageAssistant(content=text, tool_calls=tool_calls or None, model=played, source="generate")
    output = ModelOutput(model=played, choices=[ChatCompletionChoice(
        message=message, stop_reason="tool_calls" if tool_calls else "stop")])
    if "usage" in turn:  # ``null`` plays a provider that reports no usage
        output.usage = None if turn["usage"] is None else ModelUsage(**turn["usage"])
    else:  # an estimate, so cost and token figures are never blank (inspect's own count would fetch a tokenizer)
        prompt = "".join(m.text for m in input) + "".join(t.model_dump_json() for t in tools)
        written = text + "".join(json.dumps(c.get("arguments", {})) for c in calls)
        input_tokens, output_tokens = _estimate_tokens(prompt), _estimate_tokens(written)
        output.usage = ModelUsage(input_tokens=input_tokens, output_tokens=output_tokens,
                                  total_tokens=input_tokens + output_tokens)
    return output


class _TurnModel(ModelAPI):
    """Plays assistant turns: the n-th call of a sample gets that sample's n-th turn."""

    turns: list[Turn]

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice,
                       config: GenerateConfig) -> ModelOutput:
        sample_id, epoch = _current_sample()
        turns = _turns_when(_turns_for(self.turns, sample_id, epoch), input)
        index = sum(1 for message in input if message.role == "assistant")
        return _output_for(turns[index] if index < len(turns) else None, self.model_name, input, tools)

    def max_connections(self) -> int:
        return 32


@modelapi(name="scripted")
class ScriptedModel(_TurnModel):
    """``scripted/<path>``: the turns of a JSONL script."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig | None = None, **model_args: Any) -> None:
        super().__init__(model_name, base_url, None, [], config or GenerateConfig())
        self.turns = load_script(model_name)


@modelapi(name="replay")
class ReplayModel(_TurnModel):
    """``replay/<path>``: the assistant turns of a recorded run (an inspect ``.eval``/``.json`` log or a script),
    with the recorded token usage."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig | None = None, **model_args: Any) -> None:
        super().__init__(model_name, base_url, None, [], config or GenerateConfig())
        self.turns = turns_from_log(model_name)


# -- one-shot prompts ----------------------------------------------------------------------------------------


def complete_fn(name: str, **model_args: Any) -> Callable[[str], str]:
    """A ``prompt -> reply`` function for one-shot prompts. ``scripted/<path>`` replies with the file's lines in
    order (JSONL of strings, or of ``{"text": ...}``); any other name is an inspect model."""
    if name.startswith("scripted/"):
        replies = iter([turn.get("text", "") for turn in load_script(name.split("/", 1)[1])])

        def scripted_reply(prompt: str) -> str:
            try:
                return next(replies)
            except StopIteration:
                raise ScriptError(f"{name} has no replies left") from None

        return scripted_reply
    model = get_model(name, **model_args)
    loop = asyncio.new_event_loop()  # one loop for every call: provider clients are bound to the loop they start on

    def reply(prompt: str) -> str:
        return loop.run_until_complete(model.generate(prompt)).completion

    return reply
