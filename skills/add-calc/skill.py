"""add-calc's code (seed 004): the playground calls run(args) with arguments checked against
the parameters in SKILL.md. Try it with Run code under the editor, or:
skill-playground exec --skills skills --skill add-calc --args '{"numbers": [3, 5, 8]}'
"""
from .tool import add


def run(args: dict):
    numbers = args["numbers"]
    total = add(numbers)
    expression = " + ".join(format_number(n) for n in numbers)
    return {
        "numbers": numbers,
        "result": total,
        "user_message": f"{expression} = {format_number(total)}",
    }


def format_number(value):
    return str(int(value)) if float(value).is_integer() else str(value)
