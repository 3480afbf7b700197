"""Exercises a teacher writes: one Markdown file each (docs/exercises.md)."""
