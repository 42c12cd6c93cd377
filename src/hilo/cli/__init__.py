"""The ``hilo`` command line."""
