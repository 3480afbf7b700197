"""Recording and the graph record: what a program did to its graphs while it ran (recorder,
observe, creators, collector, and groups for its own modules), the engine's own traced backward
pass (tracing), the record the page and the server read (graph_record, closure_lines), its DOT
and layout choice (dot, layout_choice), and the forward pass again from new leaves (replay).
Imports the core and the language.
"""
