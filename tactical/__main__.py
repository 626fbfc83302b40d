"""`python -m tactical`: the same as the `tactical` command."""

import sys

from tactical.cli import main

sys.exit(main())
