"""The revisions of the store's layout, one module each, applied in order."""
