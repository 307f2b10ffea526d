"""Recursive-descent parser of Playwright locator expressions in TypeScript/JavaScript and Python.

Grammar (one locator expression; ``;`` at the end is allowed)::

    locator   = receiver ("." member)+
    receiver  = NAME ("." NAME)*             page, this.page, self.page, adminPage, frame ...
    member    = NAME "(" [arguments] ")"     a method call (TypeScript and Python)
              | NAME                         a Python property: first, last, visible, content_frame, owner
    arguments = argument ("," argument)* [","]
    argument  = value | NAME "=" value       keyword arguments: Python only
    value     = STRING | REGEX | NUMBER | "-" NUMBER | true | false | True | False | None
              | "{" [NAME|STRING ":" value ("," ...)* [","]] "}"     options object: TypeScript only
              | "new" "RegExp" "(" STRING ["," STRING] ")"           TypeScript
              | "re" "." "compile" "(" STRING ["," flags] ")"       Python; flags re.I | re.M | re.S ...
              | locator                                              a nested locator (has, and, or ...)

The language is read from the text itself (``getByRole`` vs ``get_by_role``, ``{ name: ... }`` vs
``name=...``, ``true`` vs ``True``, ``/re/i`` vs ``re.compile``); a locator that mixes them is an
error that shows both places. Calls are checked against :mod:`verdex.locator.api` (methods, their
receivers, arguments and option types) and against the option rules Playwright enforces when the
locator runs (``checked`` only for roles that have it ...), so a locator Playwright would reject
is reported with the same reason.
"""

from __future__ import annotations

from verdex.errors import LocatorError
from verdex.locator.api import ACTIONS, METHODS, Method, Param, snake_case
from verdex.locator.ast import (
    AndStep,
    AttributeStep,
    ChainStep,
    FrameStep,
    HasStep,
    HasTextStep,
    LabelStep,
    Locator,
    NthStep,
    OrStep,
    RoleStep,
    Span,
    Step,
    TestIdStep,
    TextMatch,
    TextStep,
    VisibleStep,
)
from verdex.locator.language import LANGUAGE_NAMES, language_of
from verdex.locator.selector import parse_selector
from verdex.locator.source import Source
from verdex.locator.tokens import Token, tokenize
from verdex.locator.values import KIND_NAMES, Chain, Value, ValueParser

__all__ = ["parse_locator"]

_PY_BY_NAME = {m.python: m for m in METHODS.values()}
_ACTION_NAMES = ACTIONS | {snake_case(name) for name in ACTIONS}

# Playwright's roleSelectorEngine.ts: options that only some roles support (validateAttributes).
_CHECKED_ROLES = ("checkbox", "menuitemcheckbox", "option", "radio", "switch", "menuitemradio", "treeitem")
_PRESSED_ROLES = ("button",)
_SELECTED_ROLES = ("gridcell", "option", "row", "tab", "rowheader", "columnheader", "treeitem")
_EXPANDED_ROLES = (
    "application",
    "button",
    "checkbox",
    "combobox",
    "gridcell",
    "link",
    "listbox",
    "menuitem",
    "row",
    "rowheader",
    "tab",
    "treeitem",
    "columnheader",
    "menuitemcheckbox",
    "menuitemradio",
    "switch",
)
_LEVEL_ROLES = ("heading", "listitem", "row", "treeitem")
_ROLE_LIMITS = {
    "checked": _CHECKED_ROLES,
    "pressed": _PRESSED_ROLES,
    "selected": _SELECTED_ROLES,
    "expanded": _EXPANDED_ROLES,
    "level": _LEVEL_ROLES,
}


def parse_locator(text: str) -> Locator:
    """Parse one Playwright locator expression (TypeScript/JavaScript or Python).

    Returns:
        The :class:`~verdex.locator.ast.Locator`: its steps from the page and its language.

    Raises:
        LocatorError: the text is not a locator expression, uses a method or option verify_locator
            does not evaluate (named), or one Playwright rejects; the message gives the line, the
            column and the line with a caret under the place.
    """
    source = Source(text)
    tokens = tokenize(source)
    language = language_of(source, tokens)
    parser = _Parser(source, tokens, language or "js")
    return parser.parse()


class _Parser(ValueParser):
    #: What a pasted line had around the locator, set aside (``await``, ``.click(...)``, ``expect(...)``).
    aside: list[str]
    #: Nesting of the locator being read: 1 for the whole locator, more inside ``has`` and friends.
    depth: int = 0
    # -- locators ----------------------------------------------------------------------------

    def parse(self) -> Locator:
        self.aside = []
        self.depth = 0
        if self.peek().is_name("await"):
            self.advance()
            self.aside.append("await")
        chain = self.expect_call() if self.peek().is_name("expect") and self.peek(1).is_punct("(") else self.chain()
        if chain.receiver == "frame":
            raise self.error(
                "this is a FrameLocator, not a locator: add what to find inside the frame, "
                "e.g. .getByRole('button', { name: 'Pay' })",
                chain.start,
                chain.end,
            )
        if self.peek().is_punct(";"):
            self.advance()
        if self.peek().kind != "eof":
            token = self.peek()
            raise self.error(f"unexpected {token.text!r} after the locator", token.start, token.end)
        calls = tuple((span, count) for span, count in chain.calls if count)
        return Locator(tuple(chain.steps), (chain.start, chain.end), self.language, tuple(self.aside), calls)

    def expect_call(self) -> Chain:
        """``expect(locator).assertion(...)`` (``.not`` ... between): the locator, the rest left aside."""
        self.advance()
        self.advance()
        chain = self.chain()
        self.expect_punct(")", "')' closing expect(")
        start = self.peek().start
        end = start
        while self.peek().is_punct("."):
            self.advance()
            token = self.peek()
            if token.kind != "name":
                raise self.expected("an assertion after '.'")
            self.advance()
            end = self.skip_call() if self.peek().is_punct("(") else token.end
        if end == start:
            raise self.expected("an assertion after expect(...), e.g. .toBeVisible()")
        self.aside.append(f"expect(...){self.source.text[start:end]}")
        return chain

    def skip_call(self) -> int:
        """Skip a call's parenthesized arguments, nested brackets included (an action's, an assertion's);
        returns the offset just past its closing parenthesis."""
        opening = self.expect_punct("(", "'('")
        depth = 1
        while True:
            token = self.advance()
            if token.kind == "eof":
                raise self.error("this call is not closed", opening.start, opening.end)
            if token.kind == "punct" and token.text in "([{":
                depth += 1
            elif token.kind == "punct" and token.text in ")]}":
                depth -= 1
                if not depth:
                    return token.end

    def chain(self) -> Chain:
        self.depth += 1
        try:
            return self.chain_at_depth()
        finally:
            self.depth -= 1

    def chain_at_depth(self) -> Chain:
        token = self.peek()
        if token.kind != "name":
            raise self.expected("a locator starting from page, e.g. page.getByRole('button')")
        self.check_root(token)
        chain = Chain(start=token.start, end=token.end)
        receiver_name = token.text
        self.advance()
        while self.peek().is_punct("."):
            self.advance()
            name_token = self.peek()
            if name_token.kind != "name":
                raise self.expected("a method name after '.'")
            self.advance()
            calls = self.peek().is_punct("(")
            method = self.method_of(name_token.text)
            if method is None and not chain.steps and not calls:
                receiver_name = name_token.text  # this.page, self.page ...
                chain.end = name_token.end
                continue
            if not chain.steps:
                self.check_receiver(receiver_name, token.start, name_token.start)
            if method is None and self.depth == 1 and chain.steps and name_token.text in _ACTION_NAMES:
                # A line pasted from a test: the locator is what comes before the action.
                end = self.skip_call() if calls else name_token.end
                self.aside.append("." + self.source.text[name_token.start : end])
                if self.peek().is_punct("."):
                    token = self.peek()
                    raise self.error(f"unexpected {token.text!r} after .{name_token.text}()", token.start, token.end)
                break
            if method is None:
                raise self.unknown_member(name_token, calls)
            self.apply(chain, method, name_token, calls)
        if not chain.steps:
            raise self.error(
                "expected a locator: call a locator method on the page, e.g. page.getByRole('button')",
                token.start,
                chain.end,
            )
        return chain

    def check_root(self, token: Token) -> None:
        following = self.peek(1)
        if token.text == "expect" and following.is_punct("(") and self.depth > 1:
            raise self.error("expect(...) cannot be inside a locator", token.start, token.end)
        if following.is_punct("(") and self.method_of(token.text) is not None:
            raise self.error(
                f"{token.text}() needs a receiver: start the locator from page, e.g. page.{token.text}(...)",
                token.start,
                token.end,
            )

    def check_receiver(self, name: str, start: int, end: int) -> None:
        lowered = name.lower()
        if lowered.endswith("page") or lowered.endswith("frame"):
            return
        raise self.error(
            f"verify_locator cannot know what {name!r} holds: start the locator from page "
            "(inline the parent locator, e.g. page.getByTestId('card').getByRole('button'))",
            start,
            end,
        )

    def method_of(self, name: str) -> Method | None:
        if self.language == "python":
            return _PY_BY_NAME.get(name)
        return METHODS.get(name)

    def unknown_member(self, token: Token, calls: bool) -> LocatorError:
        name = token.text
        if name in _ACTION_NAMES:
            return self.error(
                f"{name}() acts on or reads the element; it is not part of a locator. "
                f"Pass only the locator (drop .{name}(...))",
                token.start,
                token.end,
            )
        other = _PY_BY_NAME.get(name) if self.language == "js" else METHODS.get(name)
        if other is not None:
            spelled = other.python if self.language == "python" else other.name
            return self.error(
                f"{name} is the {LANGUAGE_NAMES['python' if self.language == 'js' else 'js']} spelling; "
                f"this locator is {LANGUAGE_NAMES[self.language]}: write {spelled}",
                token.start,
                token.end,
            )
        supported = ", ".join(sorted((m.python if self.language == "python" else m.name) for m in METHODS.values()))
        what = "method" if calls else "property"
        return self.error(
            f"{name} is not a Playwright locator {what} that verify_locator evaluates; supported: {supported}",
            token.start,
            token.end,
        )

    # -- applying a method -------------------------------------------------------------------

    def apply(self, chain: Chain, method: Method, name: Token, calls: bool) -> None:
        spelled = method.python if self.language == "python" else method.name
        if chain.receiver not in method.receivers:
            kind = {"page": "the page", "locator": "a Locator", "frame": "a FrameLocator"}[chain.receiver]
            raise self.error(f"{spelled} does not exist on {kind}", name.start, name.end)
        if self.language == "python" and method.python_property and calls:
            raise self.error(
                f"in Python, {spelled} is a property: write .{spelled} (no parentheses)", name.start, name.end
            )
        if not calls:
            if not (self.language == "python" and method.python_property):
                raise self.error(f"{spelled} is a method: call it, .{spelled}()", name.start, name.end)
            positional: list[Value] = []
            options: dict[str, tuple[Value, Span]] = {}
            end = name.end
        else:
            positional, options, end = self.arguments(method, spelled)
        span = (name.start, end)
        chain.end = end
        before = len(chain.steps)
        self.build(chain, method, spelled, positional, options, span)
        added = len(chain.steps) - before
        if method.name == "within":
            chain.calls = [((chain.start, end), len(chain.steps))]
        elif chain.calls and (added == 0 or (method.name in ("first", "last", "nth") and chain.receiver == "frame")):
            # No step of its own (describe), or a position put before the previous call's frame step:
            # one group with the call before.
            (start, _), count = chain.calls[-1]
            chain.calls[-1] = ((start, end), count + added)
        else:
            chain.calls.append((span, added))

    def build(
        self,
        chain: Chain,
        method: Method,
        spelled: str,
        args: list[Value],
        options: dict[str, tuple[Value, Span]],
        span: Span,
    ) -> None:
        name = method.name
        steps = chain.steps
        if name == "getByRole":
            steps.append(self.role_step(args[0], options, span))
        elif name in ("getByText", "getByLabel"):
            text = self.text_match(args[0])
            exact = self.bool_option(options, "exact")
            steps.append((TextStep if name == "getByText" else LabelStep)(span, text=text, exact=exact))
        elif name in ("getByPlaceholder", "getByAltText", "getByTitle"):
            attribute = {"getByPlaceholder": "placeholder", "getByAltText": "alt", "getByTitle": "title"}[name]
            steps.append(
                AttributeStep(
                    span,
                    attribute=attribute,  # type: ignore[arg-type]
                    text=self.text_match(args[0]),
                    exact=self.bool_option(options, "exact"),
                )
            )
        elif name == "getByTestId":
            steps.append(TestIdStep(span, test_id=self.text_match(args[0])))
        elif name == "locator":
            target = args[0]
            if target.kind == "string":
                assert target.decoded is not None
                steps.extend(parse_selector(self.source, target.decoded, target.span))
            else:
                steps.append(ChainStep(span, locator=self.nested(target, spelled)))
            steps.extend(self.filter_steps(options, span))
        elif name == "filter":
            steps.extend(self.filter_steps(options, span))
        elif name == "visible":
            steps.append(VisibleStep(span, visible=True))
        elif name in ("and", "or"):
            other = self.nested(args[0], spelled)
            steps.append((AndStep if name == "and" else OrStep)(span, locator=other))
        elif name == "within":
            outer = self.nested(args[0], spelled)
            inner = Locator(tuple(steps), (chain.start, span[0]), self.language)
            self.check_no_frame(inner, span, spelled)
            chain.steps = [*outer.steps, ChainStep(span, locator=inner)]
        elif name in ("first", "last", "nth"):
            index = 0 if name == "first" else -1 if name == "last" else self.index(args[0])
            step = NthStep(span, index=index)
            if chain.receiver == "frame":
                steps.insert(len(steps) - 1, step)  # before entering the frame: which iframe
                return
            steps.append(step)
        elif name == "describe":
            pass  # a description for reports and traces; matches the same elements
        elif name == "frameLocator":
            target = args[0]
            assert target.decoded is not None
            steps.extend(parse_selector(self.source, target.decoded, target.span))
            steps.append(FrameStep(span))
            chain.receiver = "frame"
            return
        elif name == "contentFrame":
            steps.append(FrameStep(span))
            chain.receiver = "frame"
            return
        elif name == "owner":
            steps.pop()  # the FrameStep: back to the iframe element
        chain.receiver = "locator"

    def role_step(self, role_value: Value, options: dict[str, tuple[Value, Span]], span: Span) -> RoleStep:
        role = str(role_value.data).lower()
        if not role:
            raise self.error("the role must not be empty", role_value.span[0], role_value.span[1])
        if not all(ch.isalnum() or ch in "-_" or ord(ch) >= 0x80 for ch in role):
            raise self.error(
                f"{role_value.data!r} is not a role name (roles are words like 'button', 'heading')",
                role_value.span[0],
                role_value.span[1],
            )
        for option, roles in _ROLE_LIMITS.items():
            if option in options and role not in roles:
                shown = self.option_name(option)
                listed = ", ".join(f'"{r}"' for r in sorted(roles))
                value_span = options[option][1]
                raise self.error(
                    f'Playwright rejects this: "{shown}" is only supported for roles: {listed}',
                    value_span[0],
                    value_span[1],
                )
        name = options.get("name")
        level = options.get("level")
        return RoleStep(
            span,
            role=role,
            name=self.text_match(name[0]) if name else None,
            exact=self.bool_option(options, "exact") if "exact" in options else None,
            checked=self.optional_bool(options, "checked"),
            disabled=self.optional_bool(options, "disabled"),
            expanded=self.optional_bool(options, "expanded"),
            include_hidden=self.optional_bool(options, "includeHidden"),
            level=self.index(level[0]) if level else None,
            pressed=self.optional_bool(options, "pressed"),
            selected=self.optional_bool(options, "selected"),
        )

    def filter_steps(self, options: dict[str, tuple[Value, Span]], span: Span) -> list[Step]:
        """Playwright appends filter parts in this order, whatever the order of the options."""
        steps: list[Step] = []
        for key, negate in (("hasText", False), ("hasNotText", True)):
            if key in options:
                steps.append(HasTextStep(span, text=self.text_match(options[key][0]), negate=negate))
        for key, negate in (("has", False), ("hasNot", True)):
            if key in options:
                steps.append(HasStep(span, locator=self.nested(options[key][0], self.option_name(key)), negate=negate))
        if "visible" in options:
            steps.append(VisibleStep(span, visible=bool(options["visible"][0].data)))
        return steps

    def nested(self, value: Value, what: str) -> Locator:
        chain: Chain = value.data
        locator = Locator(tuple(chain.steps), (chain.start, chain.end), self.language)
        if chain.receiver == "frame":
            raise self.error(f"{what} takes a Locator, not a FrameLocator", chain.start, chain.end)
        self.check_no_frame(locator, value.span, what)
        return locator

    def check_no_frame(self, locator: Locator, span: Span, what: str) -> None:
        def walk(steps: tuple[Step, ...]) -> bool:
            for step in steps:
                if isinstance(step, FrameStep):
                    return True
                if any(walk(inner.steps) for inner in step.nested()):
                    return True
            return False

        if walk(locator.steps):
            raise self.error(
                f"Playwright rejects this: frame locators are not allowed inside composite locators ({what})",
                span[0],
                span[1],
            )

    # -- values ------------------------------------------------------------------------------

    def option_name(self, name: str) -> str:
        return snake_case(name) if self.language == "python" else name

    def text_match(self, value: Value) -> TextMatch:
        if value.kind == "regex":
            return TextMatch(str(value.data), regex=True, flags=value.flags)
        return TextMatch(str(value.data))

    def bool_option(self, options: dict[str, tuple[Value, Span]], key: str) -> bool:
        return bool(self.optional_bool(options, key))

    def optional_bool(self, options: dict[str, tuple[Value, Span]], key: str) -> bool | None:
        entry = options.get(key)
        return None if entry is None else bool(entry[0].data)

    def index(self, value: Value) -> int:
        number = value.data
        if not float(number).is_integer():
            raise self.error("expected a whole number", value.span[0], value.span[1])
        return int(number)

    def arguments(self, method: Method, spelled: str) -> tuple[list[Value], dict[str, tuple[Value, Span]], int]:
        """Parse ``( ... )`` and bind it to ``method``'s parameters and options.

        Returns ``(positional values, options by TypeScript name -> (value, span), end offset)``.
        """
        open_paren = self.expect_punct("(", "(")
        raw: list[tuple[str | None, Value, Span]] = []
        while not self.peek().is_punct(")"):
            token = self.peek()
            if token.kind == "name" and self.peek(1).is_punct("="):
                self.advance()
                self.advance()
                value = self.value()
                raw.append((token.text, value, (token.start, value.span[1])))
            else:
                if raw and raw[-1][0] is not None:
                    raise self.error("a positional argument cannot follow a keyword argument", token.start, token.end)
                value = self.value()
                raw.append((None, value, value.span))
            if self.peek().is_punct(","):
                self.advance()
            elif not self.peek().is_punct(")"):
                raise self.expected(f"',' or ')' to close {spelled}(")
        close = self.advance()
        end = close.end
        positional: list[Value] = []
        options: dict[str, tuple[Value, Span]] = {}
        slots = list(method.positional)
        for keyword, value, span in raw:
            if keyword is None:
                if slots:
                    self.check_kind(value, slots.pop(0), spelled)
                    positional.append(value)
                elif self.language != "python" and value.kind == "object" and method.options:
                    options.update(self.object_options(method, spelled, value))
                elif value.kind == "object" and method.options and self.language == "python":
                    raise self.error("options are keyword arguments in Python: name=value", span[0], span[1])
                else:
                    raise self.error(f"{spelled}() takes {self.describe_params(method)}", span[0], span[1])
            else:
                param = self.keyword_param(method, keyword, span, spelled)
                if param in method.positional:
                    index = method.positional.index(param)
                    if index < len(positional):
                        raise self.error(f"{keyword} is given twice", span[0], span[1])
                    if index != len(positional):
                        raise self.error(f"{spelled}() takes {self.describe_params(method)}", span[0], span[1])
                    self.check_kind(value, param, spelled)
                    positional.append(value)
                    slots.pop(0)
                else:
                    if param.name in options:
                        raise self.error(f"{keyword} is given twice", span[0], span[1])
                    self.check_kind(value, param, spelled)
                    options[param.name] = (value, span)
        if len(positional) < method.required:
            missing = method.positional[len(positional)]
            raise self.error(f"{spelled}() needs its {self.option_name(missing.name)} argument", open_paren.start, end)
        return positional, options, end

    def keyword_param(self, method: Method, keyword: str, span: Span, spelled: str) -> Param:
        for param in (*method.positional, *method.options):
            if param.python == keyword:
                return param
        if keyword in (snake_case(o) for o in method.unsupported_options):
            raise self.error(f"the {keyword} option is not supported by verify_locator", span[0], span[1])
        raise self.error(
            f"{spelled}() has no argument {keyword!r}; it takes {self.describe_params(method)}", span[0], span[1]
        )

    def object_options(self, method: Method, spelled: str, value: Value) -> dict[str, tuple[Value, Span]]:
        options: dict[str, tuple[Value, Span]] = {}
        by_name = {p.name: p for p in method.options}
        for key, (inner, key_span) in value.data.items():
            param = by_name.get(key)
            if param is None:
                if key in method.unsupported_options:
                    raise self.error(f"the {key} option is not supported by verify_locator", key_span[0], key_span[1])
                raise self.error(
                    f"{spelled}() has no option {key!r}; it takes {self.describe_params(method)}",
                    key_span[0],
                    key_span[1],
                )
            if inner.kind == "none":
                continue  # { exact: undefined } is no option
            self.check_kind(inner, param, spelled)
            options[key] = (inner, (key_span[0], inner.span[1]))
        return options

    def check_kind(self, value: Value, param: Param, spelled: str) -> None:
        if value.kind in param.kinds:
            return
        wanted = " or ".join(KIND_NAMES[kind] for kind in param.kinds)
        raise self.error(
            f"{self.option_name(param.name)} of {spelled}() must be {wanted}, not {KIND_NAMES[value.kind]}",
            value.span[0],
            value.span[1],
        )

    def describe_params(self, method: Method) -> str:
        parts = [self.option_name(p.name) for p in method.positional]
        if method.options:
            names = ", ".join(self.option_name(p.name) for p in method.options)
            parts.append(f"options ({names})" if self.language != "python" else f"keyword arguments ({names})")
        return ", ".join(parts) or "no arguments"
