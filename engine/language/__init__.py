"""The expression language: Python syntax, a whitelist and no `eval` (parser), the cheap
checks on the raw text before it is parsed (prescan), and how a value without a name of its own
is shown (names). Imports the core only.
"""
