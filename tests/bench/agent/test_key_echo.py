"""No key in any log: a fake Anthropic-compatible provider on 127.0.0.1 echoes the API key back in its replies; the
run's .eval log, inspect's trace file and our EPISODES file must not hold it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from grimoire.bench.agent.dataset import load_tasks
from grimoire.bench.agent.harness import Arm, run_agent_bench
from tests.http_server import LocalServer, QuietHandler

KEY = "grimoire-test-key-0123456789abcdef"  # not key-shaped: only the environment value can mask it
TASK = {"id": "burn", "prompt": "a cheap red instant that deals damage", "kind": "attr", "filters": "{}",
        "relevant_names": ["Lightning Bolt"]}


class EchoingAnthropic(LocalServer):
    """The Messages API as Anthropic documents it (https://docs.anthropic.com/en/api/messages and
    .../messages-streaming): POST /v1/messages with an x-api-key header answers a message object, or server-sent
    events when the request asks to stream. Every reply quotes the caller's key, as a misbehaving provider might."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        server = self

        class Handler(QuietHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                # the key arrives as x-api-key, or as a bearer token (the SDK's choice)
                key = self.headers.get("x-api-key") or self.headers.get("Authorization", "").removeprefix("Bearer ")
                server.keys.append(key)
                text = f"Your key is {key}. I will not search."
                usage = {"input_tokens": 120, "output_tokens": 12}
                message = {"id": "msg_01", "type": "message", "role": "assistant", "model": request["model"],
                           "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                           "stop_sequence": None, "usage": usage}
                if request.get("stream"):
                    self._events(message, text, usage)
                else:
                    self._send("application/json", json.dumps(message).encode())

            def _events(self, message: dict, text: str, usage: dict) -> None:
                start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
                events = [("message_start", {"type": "message_start", "message": start}),
                          ("content_block_start", {"type": "content_block_start", "index": 0,
                                                   "content_block": {"type": "text", "text": ""}}),
                          ("content_block_delta", {"type": "content_block_delta", "index": 0,
                                                   "delta": {"type": "text_delta", "text": text}}),
                          ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                          ("message_delta", {"type": "message_delta",
                                             "usage": {"output_tokens": usage["output_tokens"]},
                                             "delta": {"stop_reason": "end_turn", "stop_sequence": None}}),
                          ("message_stop", {"type": "message_stop"})]
                body = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events)
                self._send("text/event-stream", body.encode())

            def _send(self, content_type: str, body: bytes) -> None:
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("request-id", "req_01")
                self.end_headers()
                self.wfile.write(body)

        super().__init__(Handler)


def _trace_file() -> Path:
    from inspect_ai._util.logger import _logHandler  # inspect's one handler owns the trace file

    return Path(_logHandler["handler"].trace_logger.baseFilename)


def test_an_echoed_key_reaches_no_log(small_db, tmp_path, monkeypatch):
    tasks_file = tmp_path / "tasks.jsonl"
    tasks_file.write_text(json.dumps(TASK) + "\n")
    tasks = load_tasks(tasks_file, small_db).tasks
    with EchoingAnthropic() as provider:
        monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", provider.url)
        monkeypatch.setenv("INSPECT_LOG_LEVEL", "trace")
        run = run_agent_bench(tasks, small_db, model="anthropic/claude-sonnet-4-5", arm=Arm(search_mode="bm25"),
                              log_dir=tmp_path / "logs")
    assert provider.keys and set(provider.keys) == {KEY}  # the provider was really called, with the key
    with zipfile.ZipFile(run.log_path) as log:
        text = "".join(log.read(name).decode("utf-8", "replace") for name in log.namelist())
    assert "Your key is [REDACTED]" in text and KEY not in text
    assert KEY not in run.episodes_path.read_text()
    trace = _trace_file()
    assert trace.exists() and KEY not in trace.read_text(encoding="utf-8", errors="replace")
