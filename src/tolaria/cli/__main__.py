import sys

from tolaria.cli import main

sys.exit(main())
