"""Round-trip latency of the MCP server's ``search_cards``, as an agent sees it.

Starts ``python -m grimoire serve mcp`` over stdio with the MCP SDK's client, times the start (the server warms
before it answers ``initialize``) and the first call after it (target: <= 1 s), then times ~30 varied searches
(plain words, syntax, structured filters, several queries, paging) and prints p50/p90. Target: p50 <= 30 ms.
Run: ``python benchmarks/mcp_latency.py [--repeats N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

CALLS: list[dict] = [
    {"queries": ["draw a card whenever a creature dies"], "color_identity": "bg"},
    {"queries": ["counter target spell"], "types": ["instant"], "mana_value_max": 2},
    {"queries": ["destroy all creatures"], "format": "commander"},
    {"queries": ["t:instant id<=r mv<=1 o:\"damage to any target\""]},
    {"queries": ["role:ramp t:creature id:g mv<=2"]},
    {"queries": ["cheap protection for my commander id<=gw"], "limit": 20},
    {"queries": ["counter target spell", "destroy all creatures"], "color_identity": "wu"},
    {"queries": ["search your library for a land card and put it onto the battlefield"], "color_identity": "g"},
    {"queries": ["create a treasure token"], "roles": ["ramp"]},
    {"queries": ["exile target creature"], "mana_value_max": 2, "color_identity": "w"},
    {"queries": ["flying lifelink angel"], "types": ["creature"]},
    {"queries": ["return target creature card from your graveyard to your hand"]},
    {"queries": ["sacrifice a creature, draw a card", "whenever you sacrifice a permanent"], "color_identity": "b"},
    {"queries": ["t:legendary t:creature is:commander id:esper"]},
    {"queries": ["each opponent loses life whenever a creature enters"], "color_identity": "wb"},
    {"queries": ["untap target permanent"], "page": 2},
    {"queries": ["tutor for an artifact"], "format": "commander"},
    {"queries": ["graveyard hate exile all cards from graveyards"]},
    {"queries": ["copy target instant or sorcery spell"], "color_identity": "ur"},
    {"queries": ["take an extra turn"]},
    {"queries": ["o:proliferate"], "limit": 20},
    {"queries": ["creatures you control get +1/+1"], "roles": ["anthem"]},
    {"queries": ["mill three cards"], "color_identity": "u", "mana_value_max": 3},
    {"queries": ["discard a card, draw two cards"]},
    {"queries": ["kw:flying pow>=4 t:dragon"]},
    {"queries": ["you gain 3 life"], "exclude": ["Sol Ring", "Swords to Plowshares", "Lightning Bolt"]},
    {"queries": ["hexproof indestructible until end of turn"], "roles": ["protection"]},
    {"queries": ["mana rock that taps for two colorless"], "types": ["artifact"]},
    {"queries": ["deal damage to each creature", "boardwipe"], "mana_value_min": 3},
    {"queries": ["add one mana of any color"], "types": ["creature"], "mana_value_max": 1},
]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def measure(repeats: int) -> list[float]:
    # The SDK passes only a few environment variables to the server; hand on GRIMOIRE_HOME and PYTHONPATH (a
    # source tree that should win over the installed package), if set.
    env = {name: os.environ[name] for name in ("GRIMOIRE_HOME", "PYTHONPATH") if os.environ.get(name)} or None
    params = StdioServerParameters(command=sys.executable, args=["-m", "grimoire", "serve", "mcp"], env=env)
    launched = time.perf_counter()
    async with Client(params, read_timeout_seconds=120) as client:
        print(f"process start to initialize answered (the server warms first): "
              f"{1000 * (time.perf_counter() - launched):.0f} ms")
        start = time.perf_counter()
        await client.call_tool("search_cards", {"queries": ["white removal instant"]})
        print(f"first search_cards call after initialize (target <= 1000 ms): "
              f"{1000 * (time.perf_counter() - start):.0f} ms")
        timings = []
        for _ in range(repeats):
            for arguments in CALLS:
                start = time.perf_counter()
                result = await client.call_tool("search_cards", arguments)
                timings.append(1000 * (time.perf_counter() - start))
                if result.is_error:
                    raise SystemExit(f"search_cards({arguments}) failed: {result.content[0].text}")
        return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="times to run the query set (default 3)")
    args = parser.parse_args()
    timings = anyio.run(measure, args.repeats)
    p50, p90 = percentile(timings, 0.5), percentile(timings, 0.9)
    print(f"search_cards round trips over stdio: {len(timings)} calls ({len(CALLS)} queries x {args.repeats})")
    print(f"p50 {p50:.1f} ms   p90 {p90:.1f} ms   mean {statistics.fmean(timings):.1f} ms   max {max(timings):.1f} ms")
    print(f"target p50 <= 30 ms: {'met' if p50 <= 30 else 'MISSED'}")


if __name__ == "__main__":
    main()
