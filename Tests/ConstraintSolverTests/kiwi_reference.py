"""Solves the systems of a JSON file with kiwisolver, for KiwiDifferentialTests.

Each system is a list of operations on variables v0...; prints, for each, the
index of the first operation kiwi refused as unsatisfiable (or null) and the
values of the variables at each "check", or that kiwi aborted.
"""
import json
import os
import sys

import kiwisolver as kiwi

# The priorities the test uses, as kiwi strengths far enough apart that
# kiwi's weighted sum orders them as the Swift solver's lexicographic one.
STRENGTHS = {1: 1.0, 500: 3e4, 750: 9e8}
RELATIONS = {"==": lambda e: e == 0, ">=": lambda e: e >= 0, "<=": lambda e: e <= 0}


def strength(operation):
    if operation["priority"] == 1000:
        return "required"
    return STRENGTHS[operation["priority"]] * operation.get("weight", 1)


def solve(system):
    solver = kiwi.Solver()
    variables = [kiwi.Variable(f"v{i}") for i in range(system["variables"])]
    added, checks = [], []
    for index, operation in enumerate(system["operations"]):
        kind = operation["kind"]
        try:
            if kind == "add":
                terms = (term["coefficient"] * variables[term["variable"]] for term in operation["terms"])
                expression = sum(terms, operation["constant"])
                constraint = RELATIONS[operation["relation"]](expression) | strength(operation)
                solver.addConstraint(constraint)
                added.append(constraint)
            elif kind == "remove":
                solver.removeConstraint(added[operation["index"]])
            elif kind == "edit":
                solver.addEditVariable(variables[operation["variable"]], strength(operation))
            elif kind == "unedit":
                solver.removeEditVariable(variables[operation["variable"]])
            elif kind == "suggest":
                solver.suggestValue(variables[operation["variable"]], operation["value"])
            elif kind == "check":
                solver.updateVariables()
                checks.append([variable.value() for variable in variables])
        except kiwi.UnsatisfiableConstraint:
            return {"failed": index, "checks": checks}
    return {"failed": None, "checks": checks}


def isolated(system):
    """kiwi 1.5.1 aborts the process on some removals after suggestions: a child solves."""
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        with os.fdopen(write, "w") as pipe:
            json.dump(solve(system), pipe)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    os.waitpid(child, 0)
    return json.loads(text) if text else {"aborted": True, "checks": []}


with open(sys.argv[1]) as file:
    systems = json.load(file)["systems"]
json.dump([isolated(system) for system in systems], sys.stdout)
