"""The expression language: Python syntax, a whitelist and no `eval` (parser for the statements,
expressions for the values they build), the cheap checks on the raw text before it is parsed
(prescan), and how a value without a name of its own is shown (names). Imports the core only.
"""
