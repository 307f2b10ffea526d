"""The in-page bridge: the bundled script (bridge.js) and the client that installs and calls it."""
