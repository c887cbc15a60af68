"""Runs a Pulumi program written as a user's ``__main__.py`` through Pulumi's Python Automation API.

    driver.py <program.py> <up|preview|preview-json|refresh|destroy|export> [--policy-pack DIR]

The module proxy serves no Python language host on our machines, so the program runs as an
Automation API inline program: this process serves the language runtime to the CLI (which
connects to it with ``--client``), and the program's text is executed unchanged, as
``__main__``, inside that runtime. The stack is ``plugin-python`` of project
``shield-plugin-python`` in the local backend ``$PULUMI_BACKEND_URL``, encrypted with
``$PULUMI_CONFIG_PASSPHRASE``; the plugin reads the key from the stack's secret config
``bunnynet-shield:apiKey`` (set from ``$SHIELD_API_KEY``) and the address from
``$BUNNYNET_API_URL``, as it does for any program.

The last line printed is JSON: the change summary, and the command's standard output (the
preview's text with ``--diff``, or its JSON with ``preview-json``, or the stack's deployment
with ``export``).
"""

import json
import os
import sys

import pulumi.automation as auto

PROJECT = "shield-plugin-python"
STACK = "plugin-python"


def inline(path):
    """The program in ``path`` as an inline program: its text run as the module ``__main__``."""
    with open(path, encoding="utf-8") as source:
        code = compile(source.read(), path, "exec")

    def program():
        exec(code, {"__name__": "__main__", "__file__": path})

    return program


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    path, command = argv[1], argv[2]
    packs = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--policy-pack"]
    stack = auto.create_or_select_stack(
        stack_name=STACK, project_name=PROJECT, program=inline(path)
    )
    stack.set_config(
        "bunnynet-shield:apiKey", auto.ConfigValue(value=os.environ["SHIELD_API_KEY"], secret=True)
    )
    progress = {"on_output": lambda line: print(line, file=sys.stderr)}
    if command == "up":
        result = stack.up(**progress)
        print(json.dumps({"summary": result.summary.resource_changes or {}}))
    elif command in ("preview", "preview-json"):
        as_json = command == "preview-json"
        result = stack.preview(
            diff=not as_json,
            json=as_json,
            policy_packs=packs or None,
            on_output=None if as_json else progress["on_output"],
        )
        print(json.dumps({"summary": result.change_summary, "stdout": result.stdout}))
    elif command == "refresh":
        result = stack.refresh(**progress)
        print(json.dumps({"summary": result.summary.resource_changes or {}}))
    elif command == "destroy":
        result = stack.destroy(**progress)
        print(json.dumps({"summary": result.summary.resource_changes or {}}))
    elif command == "export":
        print(json.dumps({"deployment": stack.export_stack().deployment}))
    else:
        sys.exit(f"unknown command {command!r}: use up, preview, preview-json, refresh, destroy or export")


if __name__ == "__main__":
    main(sys.argv)
