"""A language model as an arena player: each decision is one fresh request of the same shape (system prompt, the
decision prompt, at most ``max_tools`` tool calls), its reply read as an option number; a note ends each turn.

The model comes from the provider layer (:func:`grimoire.llm.models.get_model`), so ``scripted/<path>`` and
``replay/<path>`` models play through exactly the prompt and tool path a real one does.
"""

from __future__ import annotations

import asyncio
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ModelOutput,
    ModelUsage,
)

from grimoire.bench.arena.decks import ArenaDeck
from grimoire.bench.arena.game import Decision, Game
from grimoire.bench.arena.players import Census, Choice, Usage
from grimoire.bench.arena.prompt import (
    MAX_TOOLS,
    WITHHELD,
    clean_note,
    correction_prompt,
    decision_prompt,
    grammar_slips,
    note_prompt,
    parse_choice,
    system_prompt,
    turn_log,
)
from grimoire.bench.arena.tools import TOOL_INFOS, ToolContext, run_tool
from grimoire.cards.rules import Rulebook, load_rulebook
from grimoire.cards.store import CardDB
from grimoire.llm.cost import Price, cost_of, estimated_usage, reply_text
from grimoire.llm.keys import redact
from grimoire.llm.models import get_model

MAX_INVALID = 2
TRACE_TEXT_LIMIT = 1000  # characters of a reply or tool result kept in the trace (the replay viewer shows them)
TOOL_LIMIT_REPLY = "Not run: you have used all {limit} tool calls for this decision. Answer now."


class ModelCallError(RuntimeError):
    """The provider failed (other than a timeout); the game ends with this as its recorded error."""


class LLMPlayer:
    """Plays a seat with a language model. ``usage.input_tokens`` counts every prompt token, cache reads and
    writes included (as :mod:`grimoire.llm.loop` does); ``cache_read_tokens``/``cache_write_tokens`` are parts of
    it. ``notes`` holds the end-of-turn strategy notes ("turn N: ..."), ``scratchpad`` what saveNote kept, and
    ``trace`` one entry per decision asked and note written: the step (actions applied so far), the tool calls
    with their answers, the reply, and the tokens and cost it took (for the replay viewer)."""

    kind = "llm"

    def __init__(self, model_name: str, *, name: str | None = None, db: CardDB | None = None,
                 rulebook: Rulebook | None = None, max_tools: int = MAX_TOOLS, max_invalid: int = MAX_INVALID,
                 config: GenerateConfig | None = None, price: Price | None = None, **model_args: Any):
        self.model_name = model_name
        self.price = price  # one the user passed; else the price table's
        self.name = name or model_name
        self.max_tools = max_tools
        self.max_invalid = max_invalid
        config = config or GenerateConfig()
        # Cache the repeated prefix (tools, system prompt) where the provider supports it; same text either way.
        self.config = config if config.cache_prompt is not None else config.model_copy(update={"cache_prompt": True})
        self.usage = Usage()
        self.notes: list[str] = []
        self.scratchpad: list[str] = []
        self.trace: list[dict[str, Any]] = []
        self._calls: list[dict[str, Any]] = []
        self._reply = ""
        self.seat = 0
        self._model_args = model_args
        self._db = db
        self._rulebook = rulebook
        self._census = Census()
        self._deck: ArenaDeck | None = None
        self._system = ""
        self._notes_by_turn: dict[int, str] = {}
        self._model: Model | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- the Player protocol --------------------------------------------------------------------------------

    def start(self, game: Game, seat: int, deck: ArenaDeck, opponent_deck: ArenaDeck, census: Census) -> None:
        self.seat = seat
        self._census = census
        self._deck = deck
        self._system = system_prompt(deck, opponent_deck.title, self.max_tools)
        self._check(self._system, "system")
        self.usage = Usage()
        self.notes, self.scratchpad, self.trace, self._notes_by_turn = [], [], [], {}
        if self._db is None:
            import grimoire

            self._db = grimoire.open()
        if self._rulebook is None:
            self._rulebook = load_rulebook()
        if self._loop is None:
            # One loop for the player's life: provider clients are bound to the loop they start on. Its own Model
            # (memoize=False), so two players of the same model share nothing.
            self._loop = asyncio.new_event_loop()
            self._model = get_model(self.model_name, memoize=False, **self._model_args)

    def decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        before = self._start_trace()
        choice = self._decide(game, decision, rejected)
        self._end_trace(before, step=len(game.history), turn=decision.turn, choice=choice.number,
                        fallback=choice.fallback_reason,
                        refused=[[number, why[:TRACE_TEXT_LIMIT]] for number, why in sorted(rejected.items())])
        return choice

    def _decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        view = game.view(self.seat)
        prompt = decision_prompt(view, turn_log(game, self.seat), self._notes_by_turn, decision, rejected,
                                 len(self.scratchpad))
        self._check(prompt, decision.category)
        messages: list[ChatMessage] = [ChatMessageSystem(content=self._system), ChatMessageUser(content=prompt)]
        context = ToolContext(game, self.seat, decision, self._deck, self._db, self._rulebook, self.scratchpad)
        n_options = len(decision.options)
        tools_used = invalid = 0
        while True:
            tools_left = self.max_tools - tools_used
            output = self._generate(messages, "auto" if tools_left > 0 else "none")
            if output is None:
                self._census.record("timeout", self.seat, f"{self.name} timed out", category=decision.category)
                return self._fallback(decision, rejected, "the model timed out")
            messages.append(output.message)
            calls = output.message.tool_calls or []
            if calls and tools_left > 0:
                tools_used += self._run_tools(context, calls, messages, tools_left)
                continue
            reply = self._reply = output.message.text
            number = parse_choice(reply, n_options)
            if number is not None and number not in rejected:
                return Choice(number)
            if calls:
                self._answer_calls(calls, messages)
            problem = self._problem(reply, number, rejected, calls)
            invalid += 1
            self._census.record("invalid_reply", self.seat, f"{problem} Reply: {reply[:200]!r}",
                                category=decision.category)
            if invalid >= self.max_invalid:
                return self._fallback(decision, rejected, f"{invalid} unusable replies; last: {problem}")
            messages.append(ChatMessageUser(content=correction_prompt(n_options, problem)))

    def end_turn(self, game: Game, turn: int) -> None:
        prompt = note_prompt(game.view(self.seat), turn_log(game, self.seat), self._notes_by_turn, turn)
        self._check(prompt, "note")
        before = self._start_trace()
        output = self._generate([ChatMessageSystem(content=self._system), ChatMessageUser(content=prompt)], "none")
        self._end_trace(before, step=len(game.history), turn=turn, note=True)
        if output is None:
            self._census.record("timeout", self.seat, f"{self.name} timed out writing its note", category="note")
            return
        note = clean_note(output.message.text)
        if not note:
            self._census.record("invalid_reply", self.seat, "empty strategy note", category="note")
            return
        self._notes_by_turn[turn] = note
        self.notes.append(f"turn {turn}: {note}")

    def close(self) -> None:
        if self._loop is None:
            return
        if self._model is not None:
            self._loop.run_until_complete(self._model.api.aclose())
        self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        self._loop.close()
        self._loop = self._model = None

    # -- the trace ------------------------------------------------------------------------------------------

    def _start_trace(self) -> Usage:
        self._calls, self._reply = [], ""
        return Usage(**self.usage.to_dict())

    def _end_trace(self, before: Usage, **entry: Any) -> None:
        """One trace entry: what this decision (or note) cost, its tool calls and its last reply."""
        now = self.usage
        cost = None if now.cost_usd is None or before.cost_usd is None else now.cost_usd - before.cost_usd
        self.trace.append({**entry, "calls": self._calls, "reply": self._reply[:TRACE_TEXT_LIMIT],
                           "model_calls": now.calls - before.calls,
                           "input_tokens": now.input_tokens - before.input_tokens,
                           "output_tokens": now.output_tokens - before.output_tokens,
                           "cache_read_tokens": now.cache_read_tokens - before.cache_read_tokens,
                           "cost_usd": cost})

    def _check(self, prompt: str, category: str) -> None:
        """Every text this player is sent (system prompt, decisions, note requests) is checked for raw engine
        structures and grammar slips; each found one is a census event."""
        self._census.check_text(self.seat, prompt, category)
        for slip in dict.fromkeys(grammar_slips(prompt)):
            line = next((line for line in prompt.splitlines() if slip in line), "")
            self._census.record("grammar_slip", self.seat, f"{slip!r} in: {line[:300]}", category=category)

    # -- one decision ---------------------------------------------------------------------------------------

    def _generate(self, messages: list[ChatMessage], tool_choice: str) -> ModelOutput | None:
        """One model call, counted; None on a timeout. The tools are always offered (so the cached prefix stays
        the same); ``tool_choice="none"`` once the decision's calls are spent."""
        if self._loop is None or self._model is None:
            raise RuntimeError("LLMPlayer.start() must be called before it plays")
        request = self._model.generate(messages, tools=TOOL_INFOS, tool_choice=tool_choice, config=self.config)
        try:
            output = self._loop.run_until_complete(request)
        except TimeoutError:  # the provider may still bill the call: it is priced like one that reported no usage
            self._account(None, messages)
            return None
        except Exception as error:  # the provider's message, never a key, goes into the game record
            raise ModelCallError(redact(f"{self.name}: {type(error).__name__}: {error}")) from None
        self._account(output, messages)
        return output

    def _account(self, output: ModelOutput | None, messages: list[ChatMessage]) -> None:
        """Count one call's tokens and cost; a call without usage is priced by a conservative estimate."""
        usage = output.usage if output is not None else None
        self.usage.calls += 1
        if usage is None:
            usage = self._estimated_usage(messages, output)
            self.usage.estimated_calls += 1
        cost = cost_of(self.model_name, usage, price=self.price)
        self.usage.cost_usd = None if self.usage.cost_usd is None or cost is None else self.usage.cost_usd + cost
        read, write = usage.input_tokens_cache_read or 0, usage.input_tokens_cache_write or 0
        self.usage.input_tokens += usage.input_tokens + read + write
        self.usage.output_tokens += usage.output_tokens
        self.usage.cache_read_tokens += read
        self.usage.cache_write_tokens += write

    def _estimated_usage(self, messages: list[ChatMessage], output: ModelOutput | None) -> ModelUsage:
        """What a call that reported no usage is billed as (:func:`estimated_usage`): its request, with the tools
        that are sent every time, and its reply, or the ``max_tokens`` limit when none came back."""
        sent = "".join(m.text for m in messages) + "".join(tool.model_dump_json() for tool in TOOL_INFOS)
        return estimated_usage(sent, None if output is None else reply_text(output), self.config.max_tokens)

    def _run_tools(self, context: ToolContext, calls: list[Any], messages: list[ChatMessage], tools_left: int) -> int:
        """Answer every call of one reply: the first ``tools_left`` run, the rest are refused. Returns how many ran."""
        for index, call in enumerate(calls):
            if index < tools_left:
                result = run_tool(context, call.function, call.arguments)
                self.usage.tool_calls += 1
                text = result.text
                if result.error:
                    self._census.record("tool_error", self.seat, f"{call.function}({call.arguments}): {text}",
                                        category=context.decision.category)
            else:
                text = TOOL_LIMIT_REPLY.format(limit=self.max_tools)
                self._census.record("tool_error", self.seat, f"{call.function}: over the tool limit",
                                    category=context.decision.category)
            self._calls.append({"function": call.function, "arguments": call.arguments,
                                "result": text[:TRACE_TEXT_LIMIT]})
            messages.append(ChatMessageTool(content=text, tool_call_id=call.id, function=call.function))
        return min(len(calls), tools_left)

    def _answer_calls(self, calls: list[Any], messages: list[ChatMessage]) -> None:
        """Calls made after the limit get a refusal each, so the conversation stays well formed."""
        for call in calls:
            messages.append(ChatMessageTool(content=TOOL_LIMIT_REPLY.format(limit=self.max_tools),
                                            tool_call_id=call.id, function=call.function))

    @staticmethod
    def _problem(reply: str, number: int | None, rejected: dict[int, str], calls: list[Any]) -> str:
        if number is not None:
            why = rejected[number]
            return f"Option {number} is {why}; choose another." if why.startswith(WITHHELD) else \
                f"Option {number} was refused by the engine ({why}); choose another."
        if calls:
            return "You called a tool after using all your tool calls."
        if not reply.strip():
            return "Your reply was empty."
        return "Your reply had no answer line naming an option in range (a number inside your reasoning is not read " \
               "as one)."

    def _fallback(self, decision: Decision, rejected: dict[int, str], why: str) -> Choice:
        option = next((o for o in decision.options if o.number not in rejected), decision.options[0])
        return Choice(option.number, fallback_reason=f"{self.name}: {why}; took option {option.number} "
                                                     f"({option.label})")
