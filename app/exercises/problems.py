"""What is wrong with an exercise, said where: its file and line, as a teacher's editor and a
CI log read them (`exercises/01-value.md:12: message`)."""

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int  # 1-based, in the exercise's file
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class InvalidExercise(ValueError):
    """One or more problems, every one that was found (not only the first)."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


class Problems:
    """The problems of one file, collected while it is read."""

    def __init__(self, path: Path):
        self.path = path
        self.found: list[Problem] = []

    def add(self, line: int, message: str) -> None:
        self.found.append(Problem(self.path, line, message))

    def raise_any(self) -> None:
        if self.found:
            raise InvalidExercise(self.found)
