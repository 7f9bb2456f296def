"""Pure execution (seed 004: tool.py does the work, skill.py only wires arguments to it)."""


def add(numbers):
    total = 0
    for number in numbers:
        total += number
    return total
