"""The arena: models and bots play whole games of Magic through the phase rules engine, rated by Bradley-Terry."""
