"""Our scripted and replay models and the one-shot ``complete_fn``, all offline."""

from __future__ import annotations

import asyncio
import json

import pytest

from grimoire.llm import complete_fn, get_model
from grimoire.llm.models import ScriptError, load_script


def write(path, lines):
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_scripted_model_plays_turns_with_tool_calls_text_and_usage(tmp_path):
    path = write(tmp_path / "s.jsonl", [
        {"tool": "search", "arguments": {"query": "draw"}, "usage": {"input_tokens": 7, "output_tokens": 3}},
        "just text"])
    model = get_model(f"scripted/{path}")
    output = asyncio.run(model.generate("find card draw"))
    call = output.message.tool_calls[0]
    assert (call.function, call.arguments) == ("search", {"query": "draw"})
    assert output.usage.input_tokens == 7 and output.usage.output_tokens == 3
    assert str(model) == f"scripted/{path}"


def test_a_script_past_its_end_says_nothing_and_estimates_tokens(tmp_path):
    path = write(tmp_path / "s.jsonl", ["only one turn"])
    from inspect_ai.model import ChatMessageAssistant, ChatMessageUser

    history = [ChatMessageUser(content="x" * 400), ChatMessageAssistant(content="only one turn")]
    output = asyncio.run(get_model(f"scripted/{path}").generate(history))
    assert output.completion == "" and not output.message.tool_calls
    assert output.usage.input_tokens >= 100  # about 4 characters a token


def test_bad_scripts_say_where(tmp_path):
    (tmp_path / "bad.jsonl").write_text('{"tool": "search"}\nnot json\n')
    with pytest.raises(ScriptError, match="bad.jsonl:2"):
        load_script(tmp_path / "bad.jsonl")
    write(tmp_path / "odd.jsonl", [{"weird": 1}])
    with pytest.raises(ScriptError, match="needs"):
        load_script(tmp_path / "odd.jsonl")


def test_complete_fn_replies_from_a_scripted_file_in_order(tmp_path):
    path = write(tmp_path / "replies.jsonl", ["first", {"text": "second"}])
    complete = complete_fn(f"scripted/{path}")
    assert complete("a") == "first" and complete("b") == "second"
    with pytest.raises(ScriptError, match="no replies left"):
        complete("c")


def test_complete_fn_works_with_an_inspect_provider():
    assert complete_fn("mockllm/model")  # constructing it calls nothing
    from inspect_ai.model import ModelOutput, ModelUsage

    output = ModelOutput.from_content("mockllm/model", "2")
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    complete = complete_fn("mockllm/model", custom_outputs=[output])
    assert complete("grade this") == "2"


def test_turns_with_when_answer_the_requests_that_mention_it(tmp_path):
    from inspect_ai.model import ChatMessageAssistant, ChatMessageUser

    path = write(tmp_path / "s.jsonl", [
        {"when": "strategy note", "text": "Hold up counters."},
        {"tool": "cardDetails", "arguments": {"name": "Lightning Bolt"}},
        {"text": "Answer: 1"}])
    model = get_model(f"scripted/{path}")
    note = asyncio.run(model.generate([ChatMessageUser(content="Write your strategy note for turn 3.")]))
    assert note.completion == "Hold up counters."
    first = asyncio.run(model.generate([ChatMessageUser(content="Choose an option.")]))
    assert first.message.tool_calls[0].function == "cardDetails"
    second = asyncio.run(model.generate([ChatMessageUser(content="Choose an option."),
                                         ChatMessageAssistant(content="", tool_calls=first.message.tool_calls)]))
    assert second.completion == "Answer: 1"
    late_note = asyncio.run(model.generate([ChatMessageUser(content="Write a strategy note."),
                                            ChatMessageAssistant(content="x")]))
    assert late_note.completion == ""  # the note script has one turn: a second call is past its end


ANTHROPIC_NO_KEY = ("ERROR: Unable to initialise Anthropic client\n\n"
                    "No [bold][blue]ANTHROPIC_API_KEY[/blue][/bold] defined in the environment.")
OPENAI_MISSING = ("[bold]ERROR[/bold]: OpenAI API requires optional dependencies. Install with:\n\n"
                  "[bold]pip install openai[/bold]")


@pytest.mark.parametrize(("inspect_message", "names"), [
    (ANTHROPIC_NO_KEY, ["ANTHROPIC_API_KEY"]),
    (OPENAI_MISSING, ["pip install openai", "pip install -e '.[providers]'"]),
])
def test_a_model_without_its_key_or_package_is_one_plain_line(monkeypatch, inspect_message, names):
    from inspect_ai._util.error import PrerequisiteError

    from grimoire.llm import ModelUnavailable, check_model

    def refuse(name, **model_args):
        raise PrerequisiteError(inspect_message)

    monkeypatch.setattr("grimoire.llm.models.inspect_get_model", refuse)
    with pytest.raises(ModelUnavailable) as refused:
        check_model("some/model")
    message = str(refused.value)
    assert isinstance(refused.value, ValueError)
    assert "\n" not in message and "[bold" not in message and "[blue" not in message and "ERROR" not in message
    for name in names:
        assert name in message


def test_the_real_anthropic_provider_without_a_key_names_the_variable(monkeypatch):
    from grimoire.llm import ModelUnavailable, check_model

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ModelUnavailable, match="ANTHROPIC_API_KEY|pip install anthropic") as refused:
        check_model("anthropic/claude-sonnet-4-5")
    assert "[" not in str(refused.value)
