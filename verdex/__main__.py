"""``python -m verdex``: the same as the ``verdex`` command."""

from verdex.cli import main

main()
