from wordarena.cli import main
import sys
sys.exit(main())
