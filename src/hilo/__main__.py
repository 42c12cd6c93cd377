"""``python -m hilo``: the ``hilo`` command."""

from hilo.cli.main import run

if __name__ == "__main__":
    run()
