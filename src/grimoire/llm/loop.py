"""The agent loop both benchmark harnesses run: generate, execute tool calls, stop on submit, budget or silence.

Kept in the provider layer so every harness counts tokens and cost, nudges a silent model and honours a budget
the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageUser, execute_tools
from inspect_ai.model import get_model as active_model
from inspect_ai.solver import TaskState
from inspect_ai.tool import Tool, ToolDef

from grimoire.llm.cost import Budget, billed_model, cost_of, estimated_usage, reply_text


async def run_tool_loop(state: TaskState, tools: list[Tool], *, budget: Budget, max_turns: int, nudge: str,
                        done: Callable[[], bool]) -> tuple[str, dict[str, Any]]:
    """Run the active model on ``state`` until ``done()``, ``max_turns`` model calls, the budget, an error or a
    second reply without a tool call (the first gets ``nudge``). Returns the model's name and its usage:
    input/output tokens (cache reads and writes counted as input), cost (None once any call has no price),
    ``skipped`` (the budget was gone before the first call), ``budget_stopped`` and ``estimated_calls`` (calls
    whose provider reported no token usage, counted and priced by :func:`estimated_usage`)."""
    model = active_model()
    name = str(model)
    usage: dict[str, Any] = {"input_tokens": 0, "output_tokens": 0, "cost": 0.0, "skipped": False,
                             "budget_stopped": False, "estimated_calls": 0}
    nudged = False
    for turn in range(max_turns):
        if budget.exhausted:
            usage["skipped" if turn == 0 else "budget_stopped"] = True
            break
        output = await model.generate(state.messages, tools)
        call_usage = output.usage
        if call_usage is None:  # still billed: priced from its text, erring high
            call_usage = estimated_usage(_request_text(state.messages, tools), reply_text(output))
            usage["estimated_calls"] += 1
        call_cost = cost_of(billed_model(name, output.model), call_usage, price=budget.price)
        budget.charge(call_cost)
        usage["input_tokens"] += (call_usage.input_tokens + (call_usage.input_tokens_cache_read or 0)
                                  + (call_usage.input_tokens_cache_write or 0))
        usage["output_tokens"] += call_usage.output_tokens
        usage["cost"] = None if usage["cost"] is None or call_cost is None else usage["cost"] + call_cost
        state.output = output
        state.messages.append(output.message)
        if not output.message.tool_calls:
            if nudged or output.stop_reason != "stop" or not output.message.text:
                break  # a second silence, an error or an empty reply ends the episode
            nudged = True
            state.messages.append(ChatMessageUser(content=nudge))
            continue
        result = await execute_tools(state.messages, tools)
        state.messages.extend(result.messages)
        if done():
            break
    return name, usage


def _request_text(messages: list[ChatMessage], tools: list[Tool]) -> str:
    """A request as billed: every message's text and each tool's definition, which is sent with every call."""
    definitions = (ToolDef(tool) for tool in tools)
    return "".join(m.text for m in messages) + "".join(d.name + d.description + d.parameters.model_dump_json()
                                                       for d in definitions)
