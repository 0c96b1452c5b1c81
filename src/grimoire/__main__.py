"""``python -m grimoire`` runs the command line."""

import sys

from grimoire.cli import main

sys.exit(main())
