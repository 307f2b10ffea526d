"""Conformance of the bridge's roles and accessible names: the WPT corpus and Chromium's own tree."""
