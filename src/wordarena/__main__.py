import sys

from wordarena.cli import main

sys.exit(main())
