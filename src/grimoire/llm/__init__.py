"""The one provider layer: models (inspect providers plus our scripted and replay models), cost accounting and
key redaction. Everything that talks to a language model goes through here.
"""

from grimoire.llm.cost import Budget, Price, cost_of, load_prices
from grimoire.llm.keys import redact
from grimoire.llm.models import ModelUnavailable, check_model, complete_fn, get_model

__all__ = ["Budget", "ModelUnavailable", "Price", "check_model", "complete_fn", "cost_of", "get_model", "load_prices",
           "redact"]
