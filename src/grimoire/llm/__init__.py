"""The one provider layer: models (inspect providers plus our scripted and replay models), cost accounting and
key redaction. Everything that talks to a language model goes through here.
"""

from grimoire.llm.cost import Budget, Price, cost_of, load_prices
from grimoire.llm.keys import redact
from grimoire.llm.models import complete_fn, get_model

__all__ = ["Budget", "Price", "complete_fn", "cost_of", "get_model", "load_prices", "redact"]
